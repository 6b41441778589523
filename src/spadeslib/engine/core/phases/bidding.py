"""The auction's first round: round the table or by partnership
(docs/format.md, `bidding`).

Round the table, each seat bids once in bidding order (``bidding.form.first``). In a
partnership auction each side agrees one team bid, decided by its first seat in bidding
order (its *captain*), the side on the dealer's left first. Which bids are legal is
:mod:`spadeslib.compiler.bidding`'s business; this module builds the context for it, turns
the answer into action ids and records the bid.

A side that bid blind and may "come out" (NYC) answers ``come out`` or ``stand`` at its
turn. A misdeal is called instead of bidding (:mod:`.misdeal`). The deal that bids itself
(`bidding.first_deal_bids_itself`) skips this phase: no contract, each side scores per trick.
"""

from __future__ import annotations

from typing import Any

from spadeslib import _backend
from spadeslib.compiler import bidding as B
from spadeslib.compiler.bidding.ids import seat_ids, team_bid_of, team_ids
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID, TeamBid
from spadeslib.engine.core import flow
from spadeslib.engine.core.kernel_sources import auction_inputs
from spadeslib.engine.core.phases import blind, misdeal
from spadeslib.engine.core.phases.auction import closes_round, needs_bid, others_total
from spadeslib.engine.core.phases.elsewhere import bids_now, out_of_place
from spadeslib.engine.core.state import Phase, State

__all__ = ["RULES"]

# Every bid lists the legal actions and applies one, so this module reads the variant
# through the flags compiled into ``Rules`` (``partnership``, ``misdeals``, ``relevant``,
# ...) rather than the pydantic model, and caches the legal ids by the parts of the
# situation that can change them (``Rules.relevant``): in most variants every turn to
# bid has the same legal bids, found with one cache lookup.


def enter(state: State) -> bool:
    rules = state.rules
    if rules.first_deal_bids_itself and state.first_deal:
        return False
    state.steps = rules.bid_turns[state.dealer]
    state.step = 0
    _advance(state)
    kernel = rules.kernel
    if kernel is not None and state.native and _natively(state):
        ids, relevant = auction_inputs(rules, kernel)
        native: Any = _backend.native()
        state.start_play(native.start_auction(kernel, state.hands, state.dealer, ids, relevant))
    return True


def _natively(state: State) -> bool:
    """Whether the native core can play this deal from its first bid: only the first round
    (no raise round, no left-over cards to take after it, no Nil exchange, no misdeal) and
    no blind decision (every seat has looked, and none bid Blind Nil or blind before
    looking: the native auction knows no such bid), so that each bid is a seat's or a
    team's bid from the legal ids and the play follows at once.

    The native auction takes every turn of the round from the first, so every turn must
    still be open: the bidding phase is at its first turn and no side has a contract
    already. A side can bid blind before the bidding and still have looked by now (it
    bids blind, then passes cards: every seat has seen its hand), so ``seen`` alone does
    not say that no blind bid was made."""
    return (
        state.phase == Phase.BID
        and state.step == 0
        and not state.side_blind
        and state.come_out_side < 0
        and state.seen == state.rules.everyone
        and state.bids.count(NO_BID) == state.players
        and state.rules.first_round_only
    )


def _advance(state: State) -> None:
    steps = state.steps
    step = state.step
    while step < len(steps):
        seat = steps[step][1]
        if needs_bid(state, seat):
            state.step = step
            flow.give_turn(state, seat)
            return
        step += 1
    state.step = step
    flow.next_phase(state)


def resume(state: State) -> None:
    _advance(state)


def seat_context(state: State, seat: int) -> B.SeatContext:
    rules = state.rules
    side = rules.side_of[seat]
    partners = tuple(
        state.bids[m] for m in rules.sides[side] if m != seat and state.bids[m] != NO_BID
    )
    return B.SeatContext(
        partner_bids=partners,
        trumps=(state.hands[seat] & rules.trump_mask).bit_count(),
        last=closes_round(state, seat, team=False),
        others_total=others_total(state, seat),
    )


def team_context(state: State, seat: int) -> B.TeamContext:
    return B.TeamContext(
        captain_blind_nil=state.bids[seat] == BLIND_NIL,
        last=closes_round(state, seat),
        others_total=others_total(state, seat),
    )


def _team_bid(state: State, action_id: int) -> TeamBid | None:
    plain, after_blind_nil = team_bid_of(state.space)
    table = after_blind_nil if state.bids[state.actor] == BLIND_NIL else plain
    return table.get(action_id)


def _seat_id(state: State, bid: int) -> int:
    return state.space.NIL if bid == NIL else state.space.BID + bid


def legal(state: State) -> list[int]:
    seat = state.actor
    space = state.space
    rules = state.rules
    if state.come_out_side == rules.side_of[seat]:
        out = [space.STAND]
        if _come_out_problem(state) is None:
            out.append(space.COME_OUT)
        return sorted(out)
    relevant = rules.relevant
    last = False
    total = 0
    if relevant.seat_total:  # only then do the round's end and the total matter
        last = closes_round(state, seat, team=rules.partnership)
        total = others_total(state, seat)
    if rules.partnership:
        out = list(team_ids(space, state.bids[seat] == BLIND_NIL, last, total))
    else:
        partners: tuple[int, ...] = ()
        if relevant.seat_partners:
            bids = state.bids
            partners = tuple(
                bids[m] for m in rules.sides[rules.side_of[seat]] if m != seat and bids[m] != NO_BID
            )
        trumps = (state.hands[seat] & rules.trump_mask).bit_count() if relevant.seat_trumps else 0
        out = list(seat_ids(space, partners, trumps, last, total))
    if rules.misdeals and misdeal.problem(state, seat) is None:
        out.append(space.MISDEAL)
        out.sort()
    return out


def _come_out_problem(state: State) -> tuple[str, str] | None:
    side = state.come_out_side
    return B.come_out_problem(
        state.rules,
        state.contracts[side],
        closes_round(state, state.actor),
        sum(state.contracts) - state.contracts[side],
    )


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    seat = state.actor
    space = state.space
    rules = state.rules
    if state.come_out_side == rules.side_of[seat]:
        if action_id == space.STAND:
            return None
        if action_id == space.COME_OUT:
            return _come_out_problem(state)
        return ("the side bid blind: answer 'come out' or 'stand'", "bidding.blind.come_out_to")
    if action_id == space.MISDEAL:
        return misdeal.problem(state, seat)
    if rules.partnership:
        bid = _team_bid(state, action_id)
        if bid is None:
            if action_id == space.NIL:
                return _plain_nil(state)
            return _other_problem(state, seat, action_id)
        return B.team_bid_problem(rules, team_context(state, seat), bid)
    seat_bid: int
    if action_id == space.NIL:
        seat_bid = NIL
    elif space.BID <= action_id <= space.BID + rules.hand_size:
        seat_bid = action_id - space.BID
    elif space.NIL_PARTNER <= action_id <= space.BOTH_NIL:
        return ("team bids with Nil are for partnership bidding; bid for yourself", "bidding.form")
    else:
        return _other_problem(state, seat, action_id)
    return B.seat_bid_problem(rules, seat_context(state, seat), seat_bid)


def _plain_nil(state: State) -> tuple[str, str]:
    """Why a plain ``nil`` is refused in a partnership auction: the variant has no Nil,
    or a Nil is declared inside the side's team bid."""
    now = bids_now(state, legal(state))
    if not state.rules.variant.bidding.nil.enabled:
        return (f"Nil is not played here: seat {state.actor} is to {now}", "bidding.nil.enabled")
    return (
        "a Nil is declared in the side's team bid: 'bid nil/4' (this seat Nil, its partner "
        "4), 'bid 4/nil' (the partner Nil)",
        "bidding.form",
    )


def _other_problem(state: State, seat: int, action_id: int) -> tuple[str, str]:
    """Why an action that is not a bid of this auction is refused: a blind action says
    which rule forbids it (:func:`.blind.refusal`); anything else that this is the
    bidding, and which bids are open."""
    found = blind.refusal(state, seat, action_id)
    if found is not None:
        return found
    rule = "bidding.form" if state.rules.partnership else "bidding"
    return out_of_place(state, action_id, bids_now(state, legal(state)), rule)


def apply(state: State, action_id: int) -> None:
    seat = state.actor
    space = state.space
    rules = state.rules
    side = rules.side_of[seat]
    if state.come_out_side == side:
        if action_id == space.COME_OUT:
            target = rules.variant.bidding.blind.come_out_to
            assert target is not None
            state.contracts[side] = target
            state.came_out |= 1 << side
        state.come_out_side = -1
    elif action_id == space.MISDEAL:
        misdeal.apply(state, seat)
        return
    elif rules.partnership:
        bid = _team_bid(state, action_id)
        assert bid is not None
        contract, mine, other = bid
        partner = rules.partner_of[seat]
        if mine != NO_BID:
            state.bids[seat] = mine
            if partner is not None:
                state.bids[partner] = other
        for member, part in ((seat, mine), (partner, other)):
            if member is not None and part in (NIL, BLIND_NIL):
                state.nil_seats |= 1 << member
        state.contracts[side] = contract
        state.sides_bid |= 1 << side
    elif action_id == space.NIL:
        state.bids[seat] = NIL
        state.nil_seats |= 1 << seat
    else:
        seat_bid = action_id - space.BID
        state.bids[seat] = seat_bid
        state.contracts[side] += seat_bid
    if state.seen != rules.everyone:
        blind.refresh_seen(state)
    state.step += 1
    _advance(state)


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply, resume=resume)
