"""The full state of a game: ints, masks, small lists and tuples, cheap to copy.

:class:`State` is the engine's private, mutable state; :class:`spadeslib.Game` wraps it and
the phases (:mod:`spadeslib.engine.core.phases`) change it. Everything in it is an int, a list
of ints, or an immutable value shared between copies, so :meth:`State.clone` copies one
slotted object and a handful of short lists (no deep copy, no pickling).

Every field is described once, in :data:`FIELDS`: its name, its scope and its default.
The scope says when it is set: ``fixed`` for the game (the rules, the seed), ``game``
(scores, the log; they carry from deal to deal), ``deal`` (reset to its default when a
deal starts) and ``cache`` (derived from the others to save work on the hot path, reset
with the deal and never serialised). ``__init__``, the deal reset, :meth:`State.clone`
and :func:`~spadeslib.engine.core.record.state_dict` are all derived from that table, so a new
field is one line there.

Cards are bits of the compiled deck (:mod:`spadeslib.compiler.layout`); a hand is a mask.
Seats and sides are ints. Bids use the codes of :mod:`spadeslib.compiler.bids`
(``NIL``, ``BLIND_NIL``, ``NO_BID``).

The action log is a persistent linked list, ``(previous, action id)`` pairs, so appending
and cloning cost the same however long the game is. A node may hold a tuple of ids, oldest
first, instead of one: the native play hands over the actions it took since the last copy
in one node (a node per card was a fifth of the cost of a deal's end).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from spadeslib._backend import PyStateCore, StateCore
from spadeslib.compiler.bids import NO_BID
from spadeslib.compiler.phases import PHASE_NAMES, Phase

if TYPE_CHECKING:
    from spadeslib.compiler.action_ids import ActionSpace
    from spadeslib.compiler.play import DealPlay
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.core.results import DealResult, Dealt

__all__ = ["CHECKPOINTS_KEPT", "FIELDS", "PHASE_NAMES", "Field", "Phase", "State"]

CHECKPOINTS_KEPT = 8
"""How many deals back an undo replays from a snapshot (about 2 KB each); further back,
it replays the game from its start."""

Scope = Literal["fixed", "game", "deal", "cache"]
Codec = Literal["plain", "cards", "bits", "trick_log", "skip"]
"""How :func:`~spadeslib.engine.core.record.state_dict` writes a field: as it is, as card
names (a mask, or a list of masks), as the names of a list of bits, as a trick log, or not
at all (the rules, the caches, what the record writes in its own way)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of :class:`State`."""

    name: str
    scope: Scope
    default: object = None
    """The value a new game (and, for ``deal`` and ``cache`` fields, a new deal) starts
    with: a constant (immutable, so shared), or a :class:`Fresh` list."""
    codec: Codec = "plain"
    clone: bool = False
    """A copy of the state takes a copy of this value (``value.clone()``): the play."""


@dataclass(frozen=True, slots=True)
class Fresh:
    """A default that is a new list for every game or deal: ``[value] * per`` with ``per``
    the number of players (``"seat"``), of sides (``"side"``), or empty (``"none"``)."""

    value: object = 0
    per: Literal["seat", "side", "none"] = "none"

    def __call__(self, players: int, sides: int) -> list[Any]:
        count = {"seat": players, "side": sides, "none": 0}[self.per]
        return [self.value] * count

    def source(self, constant: str) -> str:
        """The expression that makes the list in generated code (``constant`` names the
        value there)."""
        return {"seat": f"[{constant}] * players", "side": f"[{constant}] * sides", "none": "[]"}[
            self.per
        ]


def _per_seat(value: object) -> Fresh:
    return Fresh(value, "seat")


def _per_side(value: object) -> Fresh:
    return Fresh(value, "side")


_empty = Fresh()


FIELDS: tuple[Field, ...] = (
    # fixed for the game
    Field("rules", "fixed", codec="skip"),
    Field("space", "fixed", codec="skip"),
    Field("seed", "fixed"),
    Field("players", "fixed"),
    Field("one_pack", "fixed", codec="skip"),
    Field("table", "fixed", codec="skip"),
    # whether the native core plays this state's deals and auctions where it can: fixed
    # when a Game is made (a game made inside ``_backend.pure_python`` stays in Python; a
    # state made by hand, as the reference playouts and some tests make them, plays in
    # Python)
    Field("native", "fixed", False, codec="skip"),
    # where we are
    Field("phase", "game", Phase.OVER),
    Field("actor", "game", -1),
    Field("resume", "game", Phase.OVER),
    Field("steps", "game", ()),
    Field("step", "game", 0),
    Field("dealer", "game", 0),
    Field("deal_count", "game", 0),
    Field("deals_played", "game", 0),
    Field("first_deal", "game", True),
    # the deal
    Field("dealt", "deal", ((), ()), codec="skip"),
    Field("hands", "deal", _per_seat(0), codec="cards"),
    Field("seen", "deal", 0),
    Field("leftover", "deal", 0, codec="cards"),
    Field("cut", "deal", (), codec="bits"),
    Field("cut_given", "deal", (), codec="bits"),
    Field("stock", "deal", (), codec="bits"),
    Field("stock_pos", "deal", 0),
    Field("passed", "deal", _per_seat(0), codec="cards"),
    Field("gave", "deal", _per_seat(0), codec="cards"),
    Field("discarded", "deal", _per_seat(0), codec="cards"),
    Field("seen_cards", "deal", _per_seat(0), codec="cards"),
    # the auction
    Field("decisions", "deal", _empty),
    Field("bids", "deal", _per_seat(NO_BID)),
    Field("contracts", "deal", _per_side(0)),
    Field("side_blind", "deal", 0),
    Field("came_out", "deal", 0),
    Field("come_out_side", "deal", -1),
    Field("raised", "deal", 0),
    Field("nil_seats", "deal", 0),
    Field("sides_bid", "deal", 0),
    # the play
    Field("first_hands", "deal", (), codec="cards"),
    Field("leader", "deal", 0),
    Field("trick", "deal", _empty, codec="bits"),
    Field("trick_number", "deal", 0),
    Field("broken", "deal", False),
    Field("tricks", "deal", _per_seat(0)),
    Field("must_lead", "deal", 0, codec="cards"),
    Field("trick_log", "deal", _empty, codec="trick_log"),
    # The play phase's cards are played by a Play (spadeslib.compiler.play, or the native
    # one), which is the truth during the play: the fields above are copied from it when
    # anything else looks at the state (State.sync_play).
    Field("play", "deal", None, codec="skip", clone=True),
    # the legal ids outside the play, kept by Game.legal_action_ids until the next action
    Field("legal_ids", "cache", None, codec="skip"),
    # the game
    Field("scores", "game", _per_side(0)),
    Field("bags", "game", _per_side(0)),
    Field("sets", "game", _per_side(0)),
    Field("history", "game", (), codec="skip"),
    # each side's points in the last finished deal: its score's totals, kept as numbers
    # because returns("deal") reads them after every deal and the score is explained lazily
    Field("deal_points", "game", (), codec="skip"),
    Field("deals", "game", (), codec="skip"),
    Field("log", "game", None, codec="skip"),
    # (log node, the game's fields) before the last deals were dealt: where an undo replays
    # from (State.checkpoint)
    Field("checkpoints", "game", (), codec="skip"),
    Field("pending_deals", "game", (), codec="skip"),
    Field("result", "game", None, codec="skip"),
    Field("events", "game", (), codec="skip"),
)
"""Every field of :class:`State`, grouped by what it describes (see the module docstring)."""


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
        """Set every ``deal`` and ``cache`` field to its default: the start of a deal."""
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

    def sync_play(self) -> None:
        """Copy the play's cards, trick and counts into the fields, and the cards played
        since the last copy into the log: the play keeps them on the hot path."""
        play = self.play
        if play is None or not play.pending:
            return
        dealt = self.hands  # as the auction found them: the hands the play starts from
        (
            self.hands,
            self.trick,
            self.leader,
            self.actor,
            self.trick_number,
            self.broken,
            self.tricks,
            self.must_lead,
            _,
            self.trick_log,
            self.log,
            _,
            auction,
        ) = play.export(self.log)
        if auction is not None:  # a deal the native core plays from its first bid
            bidding, self.bids, self.contracts, self.nil_seats, self.sides_bid, step, taken = (
                auction
            )
            if self.phase == Phase.BID:
                self._log_bids(taken, step if bidding else len(self.steps))
            if bidding:
                self.step = step
            elif self.phase == Phase.BID:
                # the auction is over: what the bidding phase's end and the play phase's
                # start would have done (engine/core/phases/bidding.py, play.py)
                self.phase = Phase.PLAY
                self.steps = ()
                self.step = 0
                self.first_hands = tuple(dealt)

    def _log_bids(self, bids: list[int], made: int) -> None:
        """Add the bids the native auction took since the last copy (``bids``, oldest
        first) to :attr:`decisions`, as the bidding phase adds each one it applies. The
        native auction takes one bid per turn of :attr:`steps`, from the first (``made``:
        how many it has taken now; :attr:`step`: how many at the last copy), so the turn
        names the seat."""
        turns = self.steps[self.step : made]
        self.decisions.extend((seat, bid) for (_, seat, _), bid in zip(turns, bids, strict=True))


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
            lines.append(f"    state.{field.name} = {value}")
    return lines


def _clone_lines() -> list[str]:
    lines = ["def clone(self):", "    new = _new(State)"]
    for field in FIELDS:
        name = field.name
        if field.clone:
            value = f"None if self.{name} is None else self.{name}.clone()"
        else:
            value = f"self.{name}" + ("[:]" if isinstance(field.default, Fresh) else "")
        lines.append(f"    new.{name} = {value}")
    return [*lines, "    return new"]


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
State.clone = _generate("clone", _clone_lines(), State.clone.__doc__ or "")  # type: ignore[method-assign]
_save_game: Callable[[State], tuple[Any, ...]] = _generate(
    "save_game", _save_lines(), "The game fields' values (lists copied): a snapshot."
)
State.restored = _generate(  # type: ignore[method-assign]
    "restored", _restore_lines(), State.restored.__doc__ or "", reset_deal=_reset_deal
)
