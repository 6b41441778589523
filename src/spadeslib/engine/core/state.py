"""The full state of a game: ints, masks, small lists and tuples, cheap to copy.

:class:`State` is the engine's private, mutable state; :class:`spadeslib.Game` wraps it and
the phases (:mod:`spadeslib.engine.core.phases`) change it. Everything in it is an int, a list
of ints, or an immutable value shared between copies, so :meth:`State.clone` copies one
slotted object and a handful of short lists (no deep copy, no pickling).

Every field is described once, in :data:`~spadeslib.engine.core.fields.FIELDS` (its
scope, its default, who holds it during the play); ``__init__``, the deal reset,
:meth:`State.clone`, the properties below and
:func:`~spadeslib.engine.core.record.state_dict` are all derived from that table, so a
new field is one line there.

Cards are bits of the compiled deck (:mod:`spadeslib.compiler.layout`); a hand is a mask.
Seats and sides are ints. Bids use the codes of :mod:`spadeslib.compiler.bids`
(``NIL``, ``BLIND_NIL``, ``NO_BID``).

**One truth during the play.** While the deal's play exists (``state.play``: the
compiled rules' :class:`~spadeslib.compiler.play.Play`, or the native core's), it alone
holds what it changes: the cards, the trick, the tricks and the seat to act (the fields
marked ``owner="play"``), and, for a native deal played from its first bid, the auction
too (``owner="auction"``). The state reads those through the play's typed interface
(:class:`~spadeslib.compiler.play.DealPlay`): each is a property that asks the play while
there is one and the state's own slot otherwise, so nothing is copied while cards are
played and no two copies can disagree. A property refuses to be set while the play owns
it. When the play ends (:meth:`State.end_play`) its final position becomes the state's,
once, and the play is dropped.

The action log is a persistent linked list, ``(previous, action id)`` pairs, so appending
and cloning cost the same however long the game is. A node may hold a tuple of ids, oldest
first, instead of one: the play's actions, which it keeps itself (:attr:`log` shows them
as one node while it plays; :meth:`State.end_play` adds that node for good).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from spadeslib._backend import PyStateCore, StateCore
from spadeslib.compiler.phases import PHASE_NAMES, Phase
from spadeslib.engine.core.fields import FIELDS, Field, Fresh, Scope, slot

if TYPE_CHECKING:
    from spadeslib.compiler.action_ids import ActionSpace
    from spadeslib.compiler.play import AuctionPlay, DealPlay
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.core.results import DealResult, Dealt

__all__ = ["CHECKPOINTS_KEPT", "PHASE_NAMES", "Phase", "State"]

CHECKPOINTS_KEPT = 8
"""How many deals back an undo replays from a snapshot (about 2 KB each); further back,
it replays the game from its start."""

_CORE = frozenset(PyStateCore.__slots__)


class State(StateCore):  # type: ignore[misc]
    """Everything about a game at one moment. See the module docstring.

    Built on :data:`spadeslib._backend.StateCore`, which holds ``play`` and
    ``deals_played``: the two fields a game's native loop reads from C."""

    __slots__ = tuple(slot(field) for field in FIELDS if field.name not in _CORE)

    rules: Rules
    space: ActionSpace
    seed: int
    players: int
    one_pack: bool
    native: bool
    table: Mapping[Phase, Any]
    """Each phase's rules (:class:`spadeslib.engine.core.flow.PhaseRules`), handed in by the
    game so that the flow of a deal needs no import of the phases it runs."""
    phase: Phase
    actor: int
    resume: Phase
    steps: tuple[tuple[str, int, int], ...]
    step: int
    dealer: int
    deal_count: int
    deals_played: int
    first_deal: bool
    dealt: Dealt
    hands: list[int]
    seen: int
    leftover: int
    cut: tuple[int, ...]
    cut_given: tuple[int, ...]
    """The French cut's cards handed out so far, to seats 0, 1, ... in order."""
    stock: tuple[int, ...]
    stock_pos: int
    passed: list[int]
    gave: list[int]
    discarded: list[int]
    seen_cards: list[int]
    decisions: list[tuple[int, int]]
    """Every action of the deal before the play, in order, with the seat that took it:
    ``(seat, action id)`` (the information state's auction; determinized deals)."""
    bids: list[int]
    contracts: list[int]
    side_blind: int
    came_out: int
    come_out_side: int
    raised: int
    nil_seats: int
    sides_bid: int
    first_hands: tuple[int, ...]
    leader: int
    trick: list[int]
    trick_number: int
    broken: bool
    tricks: list[int]
    must_lead: int
    trick_log: list[tuple[int, tuple[int, ...]]]
    play: DealPlay | None
    """The deal's play (:class:`spadeslib.compiler.play.Play`, or the native core's) during
    the play phase, and during a native auction."""
    legal_ids: tuple[int, ...] | None
    scores: list[int]
    bags: list[int]
    sets: list[int]
    history: tuple[DealResult, ...]
    deal_points: tuple[int, ...]
    deals: tuple[tuple[int, Dealt], ...]
    log: tuple[Any, int | tuple[int, ...]] | None
    checkpoints: tuple[tuple[Any, tuple[Any, ...]], ...]
    """Snapshots of the game before its last :data:`CHECKPOINTS_KEPT` deals were dealt,
    oldest first, each with the log node it was taken at (see :meth:`checkpoint`)."""
    pending_deals: tuple[Dealt, ...]
    result: Any
    events: tuple[Any, ...]
    # the slots under the fields the play may hold (end_play writes them directly)
    _phase: Phase
    _actor: int
    _steps: tuple[tuple[str, int, int], ...]
    _step: int
    _hands: list[int]
    _decisions: list[tuple[int, int]]
    _bids: list[int]
    _contracts: list[int]
    _nil_seats: int
    _sides_bid: int
    _first_hands: tuple[int, ...]
    _leader: int
    _trick: list[int]
    _trick_number: int
    _broken: bool
    _tricks: list[int]
    _must_lead: int
    _trick_log: list[tuple[int, tuple[int, ...]]]
    _log: tuple[Any, int | tuple[int, ...]] | None

    def __init__(
        self,
        rules: Rules,
        space: ActionSpace,
        table: Mapping[Phase, Any],
        seed: int,
        dealer: int,
        *,
        native: bool = False,
    ) -> None:
        self.native = native
        self.play = None  # (a deal's field, read by the properties before the first deal)
        self.rules = rules
        self.space = space
        self.table = table
        self.seed = seed
        self.players = rules.players
        self.one_pack = rules.packs == 1
        _reset_game(self, rules.players, len(rules.sides))
        self.dealer = dealer
        # The deal's fields are set when the first deal starts (flow.start_deal calls
        # reset_deal): a state is always dealt before anything reads it.

    def reset_deal(self) -> None:
        """Set every ``deal`` and ``cache`` field to its default: the start of a deal (a
        play left unfinished, as a misdeal leaves one, gives its actions to the log)."""
        self._log = self.log
        _reset_deal(self, self.players, len(self.rules.sides))

    def clone(self) -> State:
        """An independent copy (lists copied, tuples and the rules shared)."""
        raise NotImplementedError  # replaced below by code generated from FIELDS

    def actions(self) -> list[int]:
        """The ids of every action applied so far, oldest first."""
        chunks: list[Any] = []
        node = self.log
        while node is not None:
            chunks.append(node[1])
            node = node[0]
        out: list[int] = []
        for chunk in reversed(chunks):
            if type(chunk) is int:
                out.append(chunk)
            else:
                out.extend(chunk)
        return out

    def checkpoint(self) -> None:
        """Keep a snapshot of the game now, between deals (phase ``DEAL``), for
        :func:`~spadeslib.engine.core.positions.undo`: an undo replays the actions since the
        last snapshot before it, at most about a deal's, not the whole game's.

        Between deals every ``deal`` and ``cache`` field is about to be reset, so the
        ``game`` fields are the whole position: the snapshot is those values (a copy of
        the three short lists), about a microsecond once a deal, where a snapshot an
        action (python-chess's) would tax the hot path. A snapshot holds no snapshots,
        so the oldest is freed when it leaves the window."""
        kept = self.checkpoints[1 - CHECKPOINTS_KEPT :] if self.checkpoints else ()
        self.checkpoints = (*kept, (self.log, _save_game(self)))

    def restored(self, saved: tuple[Any, ...]) -> State:
        """A new state of this game between deals, from a snapshot of
        :meth:`checkpoint` (its ``checkpoints`` left empty for the caller to set)."""
        raise NotImplementedError  # replaced below by code generated from FIELDS

    def side_of(self, seat: int) -> int:
        return self.rules.side_of[seat]

    def end_play(self) -> DealPlay:
        """The play is over: its final position (and a native play's auction) becomes the
        state's own, its actions join the log as one node, and it is dropped. Returned, for
        the deal's score."""
        play = self.play
        if play is None:  # pragma: no cover - only the end of a play calls this
            raise AssertionError("no play to end")
        if play.with_auction:
            # what the bidding phase's end and the play phase's start would have left
            # (engine/core/phases/bidding.py, play.py)
            auction = cast("AuctionPlay", play)
            self._decisions = self._decisions + auction.auction_decisions
            self._bids = auction.bids
            self._contracts = auction.contracts
            self._nil_seats = auction.nil_seats
            self._sides_bid = auction.sides_bid
            self._phase = Phase.PLAY
            self._steps = ()
            self._step = 0
            self._first_hands = tuple(self._hands)  # the hands the auction was dealt
        _take_play(self, play)  # every owner="play" field, the log's node included
        self.play = None
        return play


def _generate(name: str, lines: list[str], doc: str, **names: Any) -> Any:
    """A function from straight-line code written from :data:`FIELDS`, the way
    :mod:`dataclasses` writes ``__init__``: a loop of ``setattr`` costs four times as
    much, and a new game, a new deal and every simulated position pay for it."""
    namespace: dict[str, Any] = {"State": State, "_new": object.__new__, **names}
    for field in FIELDS:
        default = field.default
        namespace[f"_{field.name}"] = default.value if isinstance(default, Fresh) else default
    exec("\n".join(lines), namespace)
    function = namespace[name]
    function.__doc__ = doc
    return function


def _reset_lines(name: str, scopes: tuple[Scope, ...]) -> list[str]:
    lines = [f"def {name}(state, players, sides):"]
    for field in FIELDS:
        if field.scope in scopes:
            value = f"_{field.name}"
            if isinstance(field.default, Fresh):
                value = field.default.source(value)
            lines.append(f"    state.{slot(field)} = {value}")
    return lines


def _clone_lines() -> list[str]:
    lines = ["def clone(self):", "    new = _new(State)"]
    for field in FIELDS:
        name = slot(field)
        if field.clone:
            value = f"None if self.{name} is None else self.{name}.clone()"
        else:
            value = f"self.{name}" + ("[:]" if isinstance(field.default, Fresh) else "")
        lines.append(f"    new.{name} = {value}")
    return [*lines, "    return new"]


def _take_lines() -> list[str]:
    lines = ["def take_play(state, play):"]
    for field in FIELDS:
        if field.owner == "play":
            value = "state.log" if field.name == "log" else f"play.{field.name}"
            lines.append(f"    state.{slot(field)} = {value}")
    return lines


def _saved_fields() -> tuple[Field, ...]:
    return tuple(f for f in FIELDS if f.scope == "game" and f.name != "checkpoints")


def _save_lines() -> list[str]:
    values = []
    for field in _saved_fields():
        copy = "[:]" if isinstance(field.default, Fresh) else ""
        values.append(f"state.{slot(field)}{copy}")
    return ["def save_game(state):", f"    return ({', '.join(values)},)"]


def _restore_lines() -> list[str]:
    lines = ["def restored(self, saved):", "    new = _new(State)"]
    for field in FIELDS:
        if field.scope == "fixed":
            lines.append(f"    new.{slot(field)} = self.{slot(field)}")
    for index, field in enumerate(_saved_fields()):
        copy = "[:]" if isinstance(field.default, Fresh) else ""
        lines.append(f"    new.{slot(field)} = saved[{index}]{copy}")
    lines += [
        "    new.checkpoints = ()",
        "    reset_deal(new, new.players, len(new.rules.sides))",
        "    return new",
    ]
    return lines


_reset_game: Callable[[State, int, int], None] = _generate(
    "reset_game", _reset_lines("reset_game", ("game",)), "Every game field to its default."
)
_reset_deal: Callable[[State, int, int], None] = _generate(
    "reset_deal", _reset_lines("reset_deal", ("deal", "cache")), "Every deal field to its default."
)
State.clone = _generate("clone", _clone_lines(), State.clone.__doc__ or "")  # type: ignore[method-assign]
_take_play: Callable[[State, Any], None] = _generate(
    "take_play", _take_lines(), "Every field the play holds, from the play, into its slot."
)
_save_game: Callable[[State], tuple[Any, ...]] = _generate(
    "save_game", _save_lines(), "The game fields' values (lists copied): a snapshot."
)
State.restored = _generate(  # type: ignore[method-assign]
    "restored", _restore_lines(), State.restored.__doc__ or "", reset_deal=_reset_deal
)


# -- the fields the deal's play may hold ---------------------------------------------------

_AUCTION_VIEWS: dict[str, str] = {
    "phase": "_BID if play.bidding else _PLAY",
    "step": "play.step if play.bidding else 0",
    "steps": "self._steps if play.bidding else ()",
    "decisions": "self._decisions + play.auction_decisions",
    "first_hands": "self._first_hands if play.bidding else tuple(self._hands)",
}
"""What an ``owner="auction"`` field is while a native play runs the auction, where it is
not the play's attribute of the same name: the phase, the bidding's turns, the decisions
(the state's before the auction, then the auction's bids) and the hands the play started
from, as the Python bidding and play phases would have them."""


def _property_lines(field: Field) -> list[str]:
    name = field.name
    own = slot(field)
    if name == "log":  # the play's actions, as the one node end_play will add
        return [
            "def get_log(self):",
            "    play = self.play",
            "    if play is not None:",
            "        played = play.played",
            "        if played:",
            "            return (self._log, played)",
            "    return self._log",
            "def set_log(self, value):",
            "    if self.play is not None:",
            "        raise AttributeError('the log grows by the play while it lasts')",
            "    self._log = value",
        ]
    if field.owner == "play":
        held = "play is not None"
        value = f"play.{name}"
    else:
        held = "play is not None and play.with_auction"
        value = _AUCTION_VIEWS.get(name, f"play.{name}")
    return [
        f"def get_{name}(self):",
        "    play = self.play",
        f"    if {held}:",
        f"        return {value}",
        f"    return self.{own}",
        f"def set_{name}(self, value):",
        "    play = self.play",
        f"    if {held}:",
        f'        raise AttributeError("{name} is the play\'s while it lasts (State.end_play)")',
        f"    self.{own} = value",
    ]


def _install_properties() -> None:
    """Each field the play may hold becomes a property over its slot (generated, as the
    rest is: a getter is read on every look at the state)."""
    for field in FIELDS:
        if field.owner == "state":
            continue
        lines = _property_lines(field)
        namespace: dict[str, Any] = {"_BID": Phase.BID, "_PLAY": Phase.PLAY}
        exec("\n".join(lines), namespace)
        doc = f"The state's {field.name} (the play's while it holds it)."
        getter, setter = namespace[f"get_{field.name}"], namespace[f"set_{field.name}"]
        setattr(State, field.name, property(getter, setter, doc=doc))


_install_properties()
