"""Where the first round of the auction stands: who still has a decision in it, whether a
bid closes it, and what the others have bid. The bidding phase and the blind decision
that interrupts it both ask.
"""

from __future__ import annotations

from spadeslib.compiler.bids import NO_BID
from spadeslib.engine.core.state import State

__all__ = ["closes_round", "needs_bid", "others_total"]


def needs_bid(state: State, seat: int) -> bool:
    """Whether ``seat`` still has a decision in the first round."""
    rules = state.rules
    side = rules.side_of[seat]
    if state.come_out_side == side:
        return True
    if state.side_blind >> side & 1:
        return False
    if rules.partnership:
        return not state.sides_bid >> side & 1
    return state.bids[seat] == NO_BID


def closes_round(state: State, seat: int, *, team: bool = True) -> bool:
    """Whether a bid by ``seat`` now is the last of the first round (``team``: a bid that
    covers its partners, as a blind or partnership bid does)."""
    rules = state.rules
    side = rules.side_of[seat]
    for _, other, _ in state.steps[state.step + 1 :]:
        if team and rules.side_of[other] == side:
            continue
        if needs_bid(state, other):
            return False
    return True


def others_total(state: State, seat: int) -> int:
    """Tricks bid so far by everyone but ``seat``."""
    return sum(state.contracts)
