"""The order of things in a deal: which phase comes next, whose turn it is, deal starts.

Each phase is a :class:`PhaseRules` (its own module in :mod:`spadeslib.engine.core.phases`);
the game hands the table of them to its state (``State.table``), so this module needs no
import of the phases it runs, and nothing here tests a phase with an if-chain. A deal runs
the phases of ``Rules.phases`` in order; a phase whose ``enter`` finds nothing to do (no
Nil to exchange cards for, the deal that bids itself) is skipped.

Blind decisions are not a step of the sequence: they interrupt it. :func:`give_turn`
hands a seat its turn; if that seat has not looked at its cards yet (it may still bid
blind), the ``BLIND`` phase's ``enter`` may interrupt the phase for that seat's decision,
and the game comes back to the interrupted phase once the seat has bid blind or looked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple

from spadeslib.engine.core.dealing import shuffle_deal
from spadeslib.engine.core.state import Phase, State

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["PhaseRules", "advance", "deal_if_due", "give_turn", "next_phase", "start_deal"]

Problem = tuple[str, str] | None

_BLIND: Final = Phase.BLIND
_DEAL: Final = Phase.DEAL


def _nothing(state: State) -> None:
    return None


class PhaseRules(NamedTuple):
    """What a phase does: set itself up, list and check actions, apply one."""

    enter: Callable[[State], bool]
    """Set the phase up at its start; ``False`` if it has nothing to do this deal. (The
    blind decision's ``enter`` is asked when a seat that has not looked gets its turn:
    ``True`` if it interrupts the phase for a decision.)"""
    legal: Callable[[State], list[int]]
    """The legal action ids, sorted."""
    problem: Callable[[State, int], Problem]
    """``(reason, rule)`` if the action id is illegal now, else ``None``. Never mutates."""
    apply: Callable[[State, int], None]
    """Apply a legal action id."""
    resume: Callable[[State], None] = _nothing
    """Continue after a blind decision interrupted this phase."""
    start: Callable[[State], None] = _nothing
    """Set up what the phase needs when a deal starts, before its first phase (the blind
    decision: which seats see their cards at once)."""


def next_phase(state: State) -> None:
    """Leave the current phase (or the start of a deal) for the next one this deal has
    something to do in."""
    table = state.table
    for phase in state.rules.after[state.phase]:
        state.phase = phase
        state.steps = ()
        state.step = 0
        if table[phase].enter(state):
            return
    raise AssertionError("the play phase always has something to do")  # pragma: no cover


def advance(state: State) -> None:
    """The current step of the phase is done: give the next step's seat its turn, or
    leave the phase when it has no step left."""
    state.step += 1
    if state.step < len(state.steps):
        give_turn(state, state.steps[state.step][1])
    else:
        next_phase(state)


def give_turn(state: State, seat: int) -> None:
    """Make ``seat`` the player to act, through a blind decision first if it has not
    looked at its cards (see the module docstring)."""
    state.actor = seat
    if not state.seen >> seat & 1:
        state.table[_BLIND].enter(state)


def deal_if_due(state: State) -> State:
    """Bring the state up to date before anything looks at it: deal the next deal if the
    last one is scored and it is not dealt yet (phase ``DEAL``). The game's entry points
    all call this first."""
    if state.play is None and state.phase == _DEAL:
        state.checkpoint()
        start_deal(state)
    return state


def start_deal(state: State) -> None:
    """Deal (the next given deal, or the seeded shuffle) and enter the deal's first phase."""
    rules = state.rules
    if state.pending_deals:
        dealt = state.pending_deals[0]
        state.pending_deals = state.pending_deals[1:]
    else:
        dealt = shuffle_deal(rules, state.seed, state.deal_count, state.dealer, native=state.native)
    state.reset_deal()
    state.deals = (*state.deals, (state.dealer, dealt))
    state.deal_count += 1
    state.dealt = dealt
    hands = list(dealt[0])
    rest = dealt[1]
    if rest:
        cut = rules.cut_cards
        state.cut = rest[:cut]
        leftover = 0
        for bit in rest[cut:]:
            leftover |= 1 << bit
        if rules.draws:
            state.stock = rest
            leftover = 0
        elif leftover and rules.variant.deal.leftover.kind == "kitty":
            taker = kitty_taker(rules, state.dealer, hands, leftover)
            hands[taker] |= leftover
        state.leftover = leftover
    state.hands = hands
    state.actor = -1
    state.table[_BLIND].start(state)
    state.phase = _DEAL
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
