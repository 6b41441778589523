"""Passing to partner before the bidding (docs/format.md, `passing`).

Both partners pass "at the same time": the engine asks each seat in bidding order, but
keeps every pass aside until all have passed, so no seat's observation shows what it will
receive before it has chosen what to give.
"""

from __future__ import annotations

from spadeslib.engine.core import flow
from spadeslib.engine.core.phases.choose import choices, chosen, continue_step
from spadeslib.engine.core.state import State

__all__ = ["RULES"]


def enter(state: State) -> bool:
    count = state.rules.variant.passing.cards
    order = state.rules.bidding_orders[state.dealer]
    state.steps = tuple(("pass", seat, count) for seat in order)
    state.step = 0
    flow.give_turn(state, order[0])
    return True


def legal(state: State) -> list[int]:
    _, seat, _ = state.steps[state.step]
    return choices(state, "pass", _hand(state, seat))


def _hand(state: State, seat: int) -> int:
    """The cards ``seat`` may still pass (some may be set aside already)."""
    return state.hands[seat] & ~state.passed[seat]


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    _, seat, _ = state.steps[state.step]
    found = chosen(state, "pass", action_id, _hand(state, seat), rule="passing.cards")
    return found if isinstance(found, tuple) else None


def apply(state: State, action_id: int) -> None:
    _, seat, _ = state.steps[state.step]
    found = chosen(state, "pass", action_id, _hand(state, seat), rule="passing.cards")
    assert isinstance(found, int)
    state.passed[seat] |= found
    if continue_step(state):
        return
    if state.step + 1 == len(state.steps):
        _hand_over(state)
    flow.advance(state)


def _hand_over(state: State) -> None:
    """Every pass is made: each hand takes its partner's cards (they pass at once)."""
    rules = state.rules
    hands = state.hands
    passed = state.passed
    for seat, hand in enumerate(hands):
        partner = rules.partner_of[seat]
        assert partner is not None
        received = passed[partner]
        hands[seat] = (hand & ~passed[seat]) | received
        state.seen_cards[seat] |= received


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
