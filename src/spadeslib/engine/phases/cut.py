"""NYC's French cut (B2): the cutter, on the dealer's right, has turned up one card per
player and decides which player gets which (``cut C0 C1 C2 C3``: the cards for seats 0, 1,
2, 3). The cut cards are public: every observation shows them.

The cutter decides before anyone has looked at a hand, so this turn is not a look at the
cutter's own cards (no blind decision is triggered by it).
"""

from __future__ import annotations

import itertools

from spadeslib.engine import flow
from spadeslib.engine.state import State

__all__ = ["RULES"]


def enter(state: State) -> bool:
    if not state.cut:
        return False
    state.actor = (state.dealer - 1) % state.players
    return True


def legal(state: State) -> list[int]:
    space = state.space
    return sorted({space.cut_id(order) for order in itertools.permutations(state.cut)})


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    if action_id in legal(state):
        return None
    cards = " ".join(str(state.rules.deck[bit]) for bit in state.cut)
    return (
        f"the cutter gives the turned-up cards {cards}, one to each seat in seat order",
        "deal.french_cut",
    )


def apply(state: State, action_id: int) -> None:
    space = state.space
    for order in itertools.permutations(state.cut):
        if space.cut_id(order) == action_id:
            for seat, bit in enumerate(order):
                state.hands[seat] |= 1 << bit
            break
    state.actor = -1
    flow.next_phase(state)


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
