"""The order of things in a deal: which phases a variant has, whose turn it is, deal starts
and deal ends.

Each phase is a :class:`PhaseRules` (its own module in :mod:`spadeslib.engine.phases`),
registered in :data:`PHASES` when that package is imported; nothing here tests a phase
with an if-chain. A deal runs the phases of :func:`deal_phases` in order; a phase whose
``enter`` finds nothing to do (no Nil to exchange cards for, the deal that bids itself)
is skipped.

Blind decisions are not a step of the sequence: they interrupt it. :func:`give_turn`
hands a seat its turn; if that seat has not looked at its cards yet (it may still bid
blind), the game first goes to the ``BLIND`` phase for that seat, and comes back to the
interrupted phase once the seat has bid blind or looked.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from spadeslib.compiler.bids import NO_BID
from spadeslib.engine.dealing import shuffle_deal
from spadeslib.engine.state import Phase, State

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "PHASES",
    "PhaseRules",
    "deal_if_due",
    "deal_phases",
    "give_turn",
    "next_phase",
    "start_deal",
]

Problem = tuple[str, str] | None


def _nothing(state: State) -> None:
    return None


class PhaseRules(NamedTuple):
    """What a phase does: set itself up, list and check actions, apply one."""

    enter: Callable[[State], bool]
    """Set the phase up at its start; ``False`` if it has nothing to do this deal."""
    legal: Callable[[State], list[int]]
    """The legal action ids, sorted."""
    problem: Callable[[State, int], Problem]
    """``(reason, rule)`` if the action id is illegal now, else ``None``. Never mutates."""
    apply: Callable[[State, int], None]
    """Apply a legal action id."""
    resume: Callable[[State], None] = _nothing
    """Continue after a blind decision interrupted this phase."""


PHASES: dict[int, PhaseRules] = {}
"""Phase number to its rules; filled by :mod:`spadeslib.engine.phases` at import."""


@functools.lru_cache(maxsize=256)
def deal_phases(rules: Rules) -> tuple[int, ...]:
    """The phases a deal of this variant goes through, in order."""
    v = rules.variant
    out: list[int] = []
    if v.deal.french_cut:
        out.append(Phase.CUT)
    if v.deal.method.kind == "draw_and_discard":
        out.append(Phase.DRAW)
    leftover = v.deal.leftover
    if leftover.kind == "kitty" and leftover.discard == "before_bidding":
        out.append(Phase.KITTY)
    if v.passing.cards:
        out.append(Phase.PASS)
    out.append(Phase.BID)
    if v.bidding.raise_round:
        out.append(Phase.RAISE)
    if leftover.kind == "mitchell":
        out.append(Phase.MITCHELL)
    if leftover.kind == "kitty" and leftover.discard == "after_bidding":
        out.append(Phase.KITTY_AFTER)
    if v.bidding.nil.exchange or v.bidding.blind_nil.exchange:
        out.append(Phase.EXCHANGE)
    out.append(Phase.PLAY)
    return tuple(out)


def next_phase(state: State) -> None:
    """Leave the current phase for the next one this deal has something to do in."""
    for phase in deal_phases(state.rules):
        if phase > state.phase:
            state.phase = phase
            state.steps = ()
            state.step = 0
            if PHASES[phase].enter(state):
                return
    raise AssertionError("the play phase always has something to do")  # pragma: no cover


def give_turn(state: State, seat: int) -> None:
    """Make ``seat`` the player to act, through a blind decision first if it has not
    looked at its cards. A seat with no blind decision of its own (a partner waiting for
    its captain's team decision) that must act first, say to discard a kitty, looks, and
    so its side can no longer bid blind."""
    state.actor = seat
    if not state.seen >> seat & 1:
        from spadeslib.engine.phases.blind import options, refresh_seen

        if options(state, seat):
            state.resume = state.phase
            state.phase = Phase.BLIND
        else:  # waiting on its captain, but its turn needs its cards: it looks
            state.seen |= 1 << seat
            refresh_seen(state)


def deal_if_due(state: State) -> State:
    """Deal the next deal if the last one is scored and it is not dealt yet (phase
    ``DEAL``); the game's entry points call this before they look at the state."""
    if state.phase == Phase.DEAL:
        start_deal(state)
    return state


def start_deal(state: State) -> None:
    """Deal (the next given deal, or the seeded shuffle) and enter the deal's first phase."""
    rules = state.rules
    players = state.players
    if state.pending_deals:
        dealt = state.pending_deals[0]
        state.pending_deals = state.pending_deals[1:]
    else:
        dealt = shuffle_deal(rules, state.seed, state.deal_count, state.dealer)
    state.deals = (*state.deals, (state.dealer, dealt))
    state.deal_count += 1
    state.dealt = dealt
    hands = list(dealt[0])
    rest = dealt[1]
    state.stock_pos = 0
    if rest:
        cut = rules.cut_cards
        state.cut = rest[:cut]
        leftover = 0
        for bit in rest[cut:]:
            leftover |= 1 << bit
        state.stock = ()
        if rules.draws:
            state.stock = rest
            leftover = 0
        elif leftover and rules.variant.deal.leftover.kind == "kitty":
            taker = kitty_taker(rules, state.dealer, hands, leftover)
            hands[taker] |= leftover
    else:  # every card dealt: no cut, no stock, nothing left over
        state.cut = state.stock = ()
        leftover = 0
    state.leftover = leftover
    state.hands = hands
    state.seen_cards = [0] * players
    state.passed = [0] * players
    state.gave = [0] * players
    state.discarded = [0] * players
    state.bids = [NO_BID] * players
    state.contracts = [0] * len(rules.sides)
    state.side_blind = 0
    state.came_out = 0
    state.come_out_side = -1
    state.raised = 0
    state.nil_seats = 0
    state.sides_bid = 0
    state.first_hands = ()
    state.trick = []
    state.trick_number = 0
    state.broken = False
    state.tricks = [0] * players
    state.must_lead = 0
    state.follow = 0
    state.breaks = 0
    state.legal = -1
    state.legal_ids = None
    state.trick_log = []
    state.actor = -1
    from spadeslib.engine.phases.blind import initial_seen

    state.seen = initial_seen(state)
    state.phase = -1
    next_phase(state)


def kitty_taker(rules: Rules, dealer: int, hands: list[int], kitty: int) -> int:
    """Who takes a kitty: the dealer, or the holder of the 2 of clubs (the dealer when the
    2 of clubs is in the kitty itself)."""
    leftover = rules.variant.deal.leftover
    if getattr(leftover, "to", "dealer") == "two_of_clubs":
        from spadeslib.cards import Card

        two = rules.mask_of([Card.parse("2C")])
        for seat, hand in enumerate(hands):
            if hand & two:
                return seat
    return dealer


@functools.lru_cache(maxsize=1024)
def bidding_order(rules: Rules, dealer: int) -> tuple[int, ...]:
    """Every seat in bidding order: from the dealer's left (or the dealer, when
    ``bidding.form.first`` is ``dealer``), clockwise."""
    first = getattr(rules.variant.bidding.form, "first", "dealer_left")
    start = dealer if first == "dealer" else dealer + 1
    players = rules.players
    return tuple((start + step) % players for step in range(players))


@functools.lru_cache(maxsize=1024)
def captains(rules: Rules, dealer: int) -> tuple[int, ...]:
    """The first seat of each side in bidding order: who decides for a team."""
    out: list[int] = []
    sides: set[int] = set()
    for seat in bidding_order(rules, dealer):
        side = rules.side_of[seat]
        if side not in sides:
            sides.add(side)
            out.append(seat)
    return tuple(out)
