"""The raise round (docs/format.md, `bidding.raise_round`): after the first round each
side in turn, starting with the side that bid first, may raise its contract once
(``raise N``) or ``stand``.

The side's captain (its first seat in bidding order) decides. A side that bid blind keeps
its bid, and a side whose every member bid Nil has no contract to raise.
"""

from __future__ import annotations

from spadeslib.compiler import bidding as B
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.engine.core import flow
from spadeslib.engine.core.state import State

__all__ = ["RULES"]


def _raises_possible(state: State, seat: int) -> bool:
    rules = state.rules
    side = rules.side_of[seat]
    if state.side_blind >> side & 1:
        return False
    members = rules.sides[side]
    return not all(state.bids[m] in (NIL, BLIND_NIL) for m in members)


def enter(state: State) -> bool:
    if state.rules.first_deal_bids_itself and state.first_deal:
        return False
    order = state.rules.captains[state.dealer]
    state.steps = tuple(("raise", seat, 0) for seat in order if _raises_possible(state, seat))
    state.step = 0
    if not state.steps:
        return False
    flow.give_turn(state, state.steps[0][1])
    return True


def _context(state: State) -> B.RaiseContext:
    rules = state.rules
    side = rules.side_of[state.actor]
    contract = state.contracts[side]
    first: int = NO_BID
    for seat in rules.bidding_orders[state.dealer]:  # the side's first bidder
        if rules.side_of[seat] == side:
            first = state.bids[seat]
            break
    return B.RaiseContext(
        contract=contract, others_total=sum(state.contracts) - contract, first_bid=first
    )


def legal(state: State) -> list[int]:
    space = state.space
    return [space.STAND] + [space.RAISE + n for n in B.raises(state.rules, _context(state))]


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    space = state.space
    if action_id == space.STAND:
        return None
    if space.RAISE <= action_id <= space.RAISE + state.rules.hand_size:
        return B.raise_problem(state.rules, _context(state), action_id - space.RAISE)
    return (f"seat {state.actor} may 'raise N' or 'stand'", "bidding.raise_round")


def apply(state: State, action_id: int) -> None:
    space = state.space
    side = state.rules.side_of[state.actor]
    if action_id != space.STAND:
        state.contracts[side] = action_id - space.RAISE
        state.raised |= 1 << side
    flow.advance(state)


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
