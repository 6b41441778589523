"""NYC's French cut (docs/format.md, `deal`): the cutter, on the dealer's right, has turned
up one card per player and decides which player gets which, one card at a time in seat
order (``cut C``: card ``C`` goes to the next seat, from seat 0; ``cut C0 C1 C2 C3`` names
them all). The
cut cards are public: every observation shows them, and which seats have theirs.

The cutter decides before anyone has looked at a hand, so this turn is not a look at the
cutter's own cards (no blind decision is triggered by it).
"""

from __future__ import annotations

from spadeslib.engine.core import flow
from spadeslib.engine.core.phases.choose import continue_step
from spadeslib.engine.core.state import State

__all__ = ["RULES"]


def enter(state: State) -> bool:
    if not state.cut:
        return False
    cutter = (state.dealer - 1) % state.players
    state.steps = (("cut", cutter, state.players),)
    state.step = 0
    state.actor = cutter
    return True


def _left(state: State) -> int:
    """The turned-up cards not handed out yet (a mask)."""
    left = 0
    for bit in state.cut:
        left |= 1 << bit
    for bit in state.cut_given:
        left &= ~(1 << bit)
    return left


def legal(state: State) -> list[int]:
    space = state.space
    left = _left(state)
    return sorted({space.card_id("cut", bit) for bit in state.cut if left >> bit & 1})


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    if action_id in legal(state):
        return None
    cards = " ".join(str(state.rules.deck[bit]) for bit in state.cut)
    return (
        f"the cutter gives the turned-up cards {cards}, one to each seat in seat order "
        f"(seat {len(state.cut_given)} is next)",
        "deal.french_cut",
    )


def apply(state: State, action_id: int) -> None:
    space = state.space
    left = _left(state)
    bit = next(b for b in state.cut if left >> b & 1 and space.card_id("cut", b) == action_id)
    state.hands[len(state.cut_given)] |= 1 << bit
    state.cut_given = (*state.cut_given, bit)
    if continue_step(state):
        return
    state.actor = -1
    flow.next_phase(state)


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
