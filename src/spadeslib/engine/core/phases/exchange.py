"""The Nil and Blind Nil exchange with partner, after the bidding
(docs/format.md, `bidding.nil`, `bidding.blind_nil`).

For each side (in bidding order) with exactly one Nil or Blind Nil bidder, the bidder
gives ``bidding.blind_nil.exchange`` (or ``bidding.nil.exchange``) cards face down to the
partner first; the partner, who sees what arrived, gives as many back. No exchange when
both partners bid Nil, nor for a count of 0.
"""

from __future__ import annotations

from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.engine.core import flow
from spadeslib.engine.core.phases.choose import choices, chosen, continue_step
from spadeslib.engine.core.state import State

__all__ = ["RULES"]


def enter(state: State) -> bool:
    if NIL not in state.bids and BLIND_NIL not in state.bids:  # the usual deal: no Nil
        return False
    rules = state.rules
    bidding = rules.variant.bidding
    steps: list[tuple[str, int, int]] = []
    for captain in rules.captains[state.dealer]:
        members = rules.sides[rules.side_of[captain]]
        nils = [m for m in members if state.bids[m] in (NIL, BLIND_NIL)]
        if len(nils) != 1 or len(members) != 2:
            continue
        bidder = nils[0]
        partner = rules.partner_of[bidder]
        assert partner is not None
        count = (
            bidding.blind_nil.exchange if state.bids[bidder] == BLIND_NIL else bidding.nil.exchange
        )
        if count:
            steps += [("give", bidder, count), ("give", partner, count)]
    if not steps:
        return False
    state.steps = tuple(steps)
    state.step = 0
    flow.give_turn(state, steps[0][1])
    return True


def _rule(state: State, seat: int) -> str:
    return (
        "bidding.blind_nil.exchange"
        if BLIND_NIL in (state.bids[seat], state.bids[state.rules.partner_of[seat] or 0])
        else "bidding.nil.exchange"
    )


def legal(state: State) -> list[int]:
    _, seat, _ = state.steps[state.step]
    return choices(state, "give", state.hands[seat])


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    _, seat, _ = state.steps[state.step]
    found = chosen(state, "give", action_id, state.hands[seat], rule=_rule(state, seat))
    return found if isinstance(found, tuple) else None


def apply(state: State, action_id: int) -> None:
    _, seat, _ = state.steps[state.step]
    found = chosen(state, "give", action_id, state.hands[seat], rule=_rule(state, seat))
    assert isinstance(found, int)
    partner = state.rules.partner_of[seat]
    assert partner is not None
    state.hands[seat] &= ~found
    state.hands[partner] |= found
    state.gave[seat] |= found
    state.seen_cards[partner] |= found
    if continue_step(state):
        return
    flow.advance(state)


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
