"""The full state of a game: ints, masks, small lists and tuples, cheap to copy.

:class:`State` is the engine's private, mutable state; :class:`spadeslib.Game` wraps it and
the phases (:mod:`spadeslib.engine.phases`) change it. Everything in it is an int, a list
of ints, or an immutable tuple shared between copies, so :meth:`State.clone` copies one
slotted object and a handful of short lists (no deep copy, no pickling).

Cards are bits of the compiled deck (:mod:`spadeslib.compiler.layout`); a hand is a mask.
Seats and sides are ints. Bids use the codes of :mod:`spadeslib.compiler.bids`
(``NIL``, ``BLIND_NIL``, ``NO_BID``).

A few slots are caches, left out of ``state_dict``: ``legal`` (the legal plays of the
player to act, -1 until computed), ``legal_ids`` (the legal ids outside the play, kept by
``Game.legal_action_ids`` until the next action), ``follow``, ``breaks`` and
``lead_keys`` (the led suit's mask, the cards that break spades and each card's key to
win, for the trick being played, set by its lead), and ``winning`` (the index in the
trick of the card winning it so far).

The action log is a persistent linked list, ``(previous, action id)`` pairs, so appending
and cloning cost the same however long the game is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spadeslib.compiler.bids import NO_BID

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.actions import ActionSpace
    from spadeslib.engine.results import DealResult, Dealt

__all__ = ["PHASE_NAMES", "Phase", "State"]


class Phase:
    """Phase numbers (``State.phase``). The order is the order within a deal."""

    CUT: Final = 0
    DRAW: Final = 1
    KITTY: Final = 2
    PASS: Final = 3
    BID: Final = 4
    RAISE: Final = 5
    MITCHELL: Final = 6
    KITTY_AFTER: Final = 7
    EXCHANGE: Final = 8
    PLAY: Final = 9
    BLIND: Final = 10
    OVER: Final = 11
    DEAL: Final = 12
    """Between deals: the last one is scored and the next is dealt when the game is next
    looked at or played (:func:`spadeslib.engine.flow.deal_if_due`), so a game dropped
    after its deal, as simulations do, never pays for a shuffle it does not use."""


PHASE_NAMES: Final = (
    "cut",
    "draw",
    "discard",
    "passing",
    "bidding",
    "raise",
    "discard",
    "discard",
    "exchange",
    "play",
    "blind",
    "over",
    "deal",
)
"""The public name of each phase (``Game.phase``)."""

_LISTS: Final = (
    "hands",
    "bids",
    "contracts",
    "tricks",
    "trick",
    "passed",
    "gave",
    "discarded",
    "seen_cards",
    "scores",
    "bags",
    "sets",
    "trick_log",
)


class State:
    """Everything about a game at one moment. See the module docstring."""

    __slots__ = (  # noqa: RUF023 - grouped by what they describe, not sorted
        # fixed for the game
        "rules",
        "space",
        "seed",
        "players",
        "one_pack",
        # where we are
        "phase",
        "actor",
        "resume",
        "steps",
        "step",
        "dealer",
        "deal_count",
        "deals_played",
        "first_deal",
        # the deal
        "dealt",
        "hands",
        "seen",
        "leftover",
        "cut",
        "stock",
        "stock_pos",
        "passed",
        "gave",
        "discarded",
        "seen_cards",
        # the auction
        "bids",
        "contracts",
        "side_blind",
        "came_out",
        "come_out_side",
        "raised",
        "nil_seats",
        "sides_bid",
        # the play
        "first_hands",
        "leader",
        "trick",
        "trick_number",
        "broken",
        "tricks",
        "must_lead",
        "follow",
        "breaks",
        "lead_keys",
        "winning",
        "legal",
        "legal_ids",
        "trick_log",
        # the game
        "scores",
        "bags",
        "sets",
        "history",
        "deals",
        "log",
        "pending_deals",
        "result",
        "events",
    )

    rules: Rules
    space: ActionSpace
    seed: int
    players: int
    one_pack: bool
    phase: int
    actor: int
    resume: int
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
    stock: tuple[int, ...]
    stock_pos: int
    passed: list[int]
    gave: list[int]
    discarded: list[int]
    seen_cards: list[int]
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
    follow: int
    breaks: int
    lead_keys: tuple[int, ...]
    winning: int
    legal: int
    legal_ids: tuple[int, ...] | None
    trick_log: list[tuple[int, tuple[int, ...]]]
    scores: list[int]
    bags: list[int]
    sets: list[int]
    history: tuple[DealResult, ...]
    deals: tuple[tuple[int, Dealt], ...]
    log: tuple[Any, int] | None
    pending_deals: tuple[Dealt, ...]
    result: Any
    events: tuple[Any, ...]

    def __init__(self, rules: Rules, space: ActionSpace, seed: int, dealer: int) -> None:
        players = rules.players
        sides = len(rules.sides)
        self.rules = rules
        self.space = space
        self.seed = seed
        self.players = players
        self.one_pack = rules.packs == 1
        self.phase = Phase.OVER
        self.actor = -1
        self.resume = Phase.OVER
        self.steps = ()
        self.step = 0
        self.dealer = dealer
        self.deal_count = 0
        self.deals_played = 0
        self.first_deal = True
        self.dealt = ((), ())
        self.hands = [0] * players
        self.seen = 0
        self.leftover = 0
        self.cut = ()
        self.stock = ()
        self.stock_pos = 0
        self.passed = [0] * players
        self.gave = [0] * players
        self.discarded = [0] * players
        self.seen_cards = [0] * players
        self.bids = [NO_BID] * players
        self.contracts = [0] * sides
        self.side_blind = 0
        self.came_out = 0
        self.come_out_side = -1
        self.raised = 0
        self.nil_seats = 0
        self.sides_bid = 0
        self.first_hands = ()
        self.leader = 0
        self.trick = []
        self.trick_number = 0
        self.broken = False
        self.tricks = [0] * players
        self.must_lead = 0
        self.follow = 0
        self.breaks = 0
        self.lead_keys = ()
        self.winning = 0
        self.legal = -1
        self.legal_ids = None
        self.trick_log = []
        self.scores = [0] * sides
        self.bags = [0] * sides
        self.sets = [0] * sides
        self.history = ()
        self.deals = ()
        self.log = None
        self.pending_deals = ()
        self.result = None
        self.events = ()

    def clone(self) -> State:
        """An independent copy (lists copied, tuples and the rules shared)."""
        raise NotImplementedError  # replaced below by a generated straight-line copy

    def actions(self) -> list[int]:
        """The ids of every action applied so far, oldest first."""
        out: list[int] = []
        node = self.log
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    def side_of(self, seat: int) -> int:
        return self.rules.side_of[seat]


def _make_clone() -> Any:
    """Build ``State.clone`` as straight-line code: one assignment per slot, ``[:]`` for the
    lists. About four times faster than a loop of ``getattr``/``setattr``."""
    lines = ["def clone(self):", "    new = _new(State)"]
    for name in State.__slots__:
        copy = "[:]" if name in _LISTS else ""
        lines.append(f"    new.{name} = self.{name}{copy}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"State": State, "_new": object.__new__}
    exec("\n".join(lines), namespace)
    clone = namespace["clone"]
    clone.__doc__ = State.clone.__doc__
    return clone


State.clone = _make_clone()  # type: ignore[method-assign]
