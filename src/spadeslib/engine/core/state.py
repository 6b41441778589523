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

**One truth during the play.** While the deal's play exists (``state.play``: the compiled
rules' :class:`~spadeslib.compiler.play.Play`, or the native core's), it alone holds what
it changes: the cards, the trick, the tricks and the seat to act (the fields marked
``owner="play"``), and, for a native deal played from its first bid, the auction too
(``owner="auction"``) while it bids. The state is then a :class:`PlayState` (an
:class:`AuctionState` while a native play bids; :meth:`State.start_play` changes its
class: the same slots, so the change is free), whose properties read those fields through
the play's typed interface (:class:`~spadeslib.compiler.play.DealPlay`) and refuse to set
them: nothing is copied while cards are played and no two copies can disagree. When the
play ends (:meth:`State.end_play`) its final position becomes the state's own, once, the
play is dropped, and the state is a plain :class:`State` again, whose fields are plain
slots: outside the play a read costs what it always did.

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
from spadeslib.engine.core.fields import FIELDS, Field, Fresh, Scope

if TYPE_CHECKING:
    from spadeslib.compiler.action_ids import ActionSpace
    from spadeslib.compiler.play import AuctionPlay, DealPlay
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.core.results import DealResult, Dealt

__all__ = ["CHECKPOINTS_KEPT", "PHASE_NAMES", "AuctionState", "Phase", "PlayState", "State"]

CHECKPOINTS_KEPT = 8
"""How many deals back an undo replays from a snapshot (about 2 KB each); further back,
it replays the game from its start."""

_CORE = frozenset(PyStateCore.__slots__)


class State(StateCore):  # type: ignore[misc]
    """Everything about a game at one moment. See the module docstring.

    Built on :data:`spadeslib._backend.StateCore`, which holds ``play`` and
    ``deals_played``: the two fields a game's native loop reads from C."""

    __slots__ = tuple(field.name for field in FIELDS if field.name not in _CORE)

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
        if self.__class__ is not State:  # a PlayState's play left unfinished
            log = self.log
            self.__class__ = State
            self.log = log
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

    def start_play(self, play: DealPlay) -> None:
        """The deal's play starts (the play phase's, or a native auction's): from now on it
        holds the fields it changes, and the state reads them from it (a
        :class:`PlayState`, or an :class:`AuctionState` while a native play bids). Set
        every field it takes from the state first."""
        self.play = play
        self.__class__ = AuctionState if play.with_auction and play.bidding else PlayState

    def end_play(self) -> DealPlay:
        """The play is over: its final position becomes the state's own, its actions join
        the log as one node, and it is dropped. Returned, for the deal's score."""
        play = self.play
        if play is None:  # pragma: no cover - only the end of a play calls this
            raise AssertionError("no play to end")
        if isinstance(self, AuctionState):
            self.settle_auction()
        self.__class__ = State  # the plain slots again: set them
        _take_play(self, play)  # every owner="play" field, the log's node included
        self.play = None
        return play


_SLOTS: dict[str, Any] = {
    f"_slot_{field.name}": State.__dict__[field.name] for field in FIELDS if field.owner != "state"
}
"""The slots under a :class:`PlayState`'s properties (``State``'s member descriptors), for
the generated code that reads or sets the state's own value beneath the play's."""


class PlayState(State):
    """A :class:`State` while its deal's play exists (see the module docstring): the same
    slots, the fields the play holds (``owner="play"``) read from it by properties
    (installed below)."""

    __slots__ = ()


class AuctionState(PlayState):
    """A :class:`PlayState` whose native play runs the auction (``start_auction``): the
    auction's fields (``owner="auction"``) are read from it too while it bids. Once it has
    stopped bidding, the first look at one of them settles the auction into the state
    (:meth:`settle_auction`) and the state is a :class:`PlayState`: the finished auction
    is read from the play once, not at every look during the play."""

    __slots__ = ()

    def settle_auction(self) -> None:
        """The native auction is over and the play goes on: its result becomes the state's
        own, once: what the bidding phase's end and the play phase's start would have left
        (engine/core/phases/bidding.py, play.py)."""
        play = cast("AuctionPlay", self.play)
        dealt = _SLOTS["_slot_hands"].__get__(self)  # as dealt: the play holds the hands now
        self.__class__ = PlayState  # the auction's fields are plain slots again
        self.decisions = self.decisions + play.auction_decisions
        self.bids = play.bids
        self.contracts = play.contracts
        self.nil_seats = play.nil_seats
        self.sides_bid = play.sides_bid
        self.phase = Phase.PLAY
        self.steps = ()
        self.step = 0
        self.first_hands = tuple(dealt)


def _generate(name: str, lines: list[str], doc: str, **names: Any) -> Any:
    """A function from straight-line code written from :data:`FIELDS`, the way
    :mod:`dataclasses` writes ``__init__``: a loop of ``setattr`` costs four times as
    much, and a new game, a new deal and every simulated position pay for it."""
    namespace: dict[str, Any] = {"State": State, "_new": object.__new__, **_SLOTS, **names}
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
            lines.append(f"    state.{field.name} = {value}")
    return lines


def _clone_lines(playing: bool) -> list[str]:
    """A clone's code; ``playing``: of a :class:`PlayState`, whose fields the play holds
    are read from their slots (the play is cloned with them), not through its properties."""
    lines = ["def clone(self):", "    new = _new(self.__class__)"]
    for field in FIELDS:
        name = field.name
        if field.clone:
            value = f"None if self.{name} is None else self.{name}.clone()"
        elif playing and field.owner != "state":
            value = f"_slot_{name}.__get__(self)"
        else:
            value = f"self.{name}"
        if isinstance(field.default, Fresh) and not field.clone:
            value += "[:]"
        if playing and field.owner != "state":
            lines.append(f"    _slot_{name}.__set__(new, {value})")
        else:
            lines.append(f"    new.{name} = {value}")
    return [*lines, "    return new"]


def _take_lines() -> list[str]:
    lines = ["def take_play(state, play):"]
    for field in FIELDS:
        if field.owner == "play" and field.name != "log":
            lines.append(f"    state.{field.name} = play.{field.name}")
    return [
        *lines,
        "    played = play.played",
        "    if played:",
        "        state.log = (state.log, played)",
    ]


def _saved_fields() -> tuple[Field, ...]:
    return tuple(f for f in FIELDS if f.scope == "game" and f.name != "checkpoints")


def _save_lines() -> list[str]:
    values = []
    for field in _saved_fields():
        copy = "[:]" if isinstance(field.default, Fresh) else ""
        values.append(f"state.{field.name}{copy}")
    return ["def save_game(state):", f"    return ({', '.join(values)},)"]


def _restore_lines() -> list[str]:
    lines = ["def restored(self, saved):", "    new = _new(State)"]
    for field in FIELDS:
        if field.scope == "fixed":
            lines.append(f"    new.{field.name} = self.{field.name}")
    for index, field in enumerate(_saved_fields()):
        copy = "[:]" if isinstance(field.default, Fresh) else ""
        lines.append(f"    new.{field.name} = saved[{index}]{copy}")
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
State.clone = _generate("clone", _clone_lines(False), State.clone.__doc__ or "")  # type: ignore[method-assign]
PlayState.clone = _generate("clone", _clone_lines(True), State.clone.__doc__ or "")  # type: ignore[method-assign]
_take_play: Callable[[State, Any], None] = _generate(
    "take_play", _take_lines(), "Every field the play holds, from the play, into its slot."
)
_save_game: Callable[[State], tuple[Any, ...]] = _generate(
    "save_game", _save_lines(), "The game fields' values (lists copied): a snapshot."
)
State.restored = _generate(  # type: ignore[method-assign]
    "restored", _restore_lines(), State.restored.__doc__ or "", reset_deal=_reset_deal
)


# -- a PlayState's properties ---------------------------------------------------------------

_AUCTION_VIEWS: dict[str, str] = {
    "phase": "_BID",
    "step": "play.step",
    "steps": "_slot_steps.__get__(self)",
    "decisions": "_slot_decisions.__get__(self) + play.auction_decisions",
    "first_hands": "_slot_first_hands.__get__(self)",
}
"""What an ``owner="auction"`` field is while a native play bids, where it is not the
play's attribute of the same name: the phase, the bidding's turns, the decisions (the
state's before the auction, then the auction's bids) and the hands the play will start
from (none yet), as the Python bidding phase would have them."""


def _property_lines(field: Field) -> list[str]:
    name = field.name
    refuse = f'    raise AttributeError("{name} is the play\'s while it lasts (State.end_play)")'
    if name == "log":  # the play's actions, as the one node end_play will add
        return [
            "def get_log(self):",
            "    played = self.play.played",
            "    log = _slot_log.__get__(self)",
            "    return (log, played) if played else log",
            "def set_log(self, value):",
            refuse,
        ]
    if field.owner == "play":
        return [
            f"def get_{name}(self):",
            f"    return self.play.{name}",
            f"def set_{name}(self, value):",
            refuse,
        ]
    return [
        f"def get_{name}(self):",
        "    play = self.play",
        "    if play.bidding:",
        f"        return {_AUCTION_VIEWS.get(name, f'play.{name}')}",
        "    self.settle_auction()",
        f"    return self.{name}",
        f"def set_{name}(self, value):",
        "    if self.play.bidding:",
        "    " + refuse,
        "    self.settle_auction()",
        f"    self.{name} = value",
    ]


def _install_properties() -> None:
    """Each field the play may hold becomes a property of :class:`PlayState` (the
    auction's, of :class:`AuctionState`), generated as the rest is: a getter is read on
    every look at the state during the play."""
    for field in FIELDS:
        if field.owner == "state":
            continue
        namespace: dict[str, Any] = {"_BID": Phase.BID, **_SLOTS}
        exec("\n".join(_property_lines(field)), namespace)
        doc = f"The deal's {field.name}, as its play holds it."
        getter, setter = namespace[f"get_{field.name}"], namespace[f"set_{field.name}"]
        owner = PlayState if field.owner == "play" else AuctionState
        setattr(owner, field.name, property(getter, setter, doc=doc))


_install_properties()
