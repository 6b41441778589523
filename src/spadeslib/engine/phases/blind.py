"""Blind decisions: Blind Nil and a side's blind bid, made before looking (A3, B1, B2, B9, B10).

A seat that might still bid blind has not seen its cards: its observation shows no hand.
When such a seat gets its first turn (to bid, or earlier to pass or discard), the game
interrupts that phase (:func:`spadeslib.engine.flow.give_turn`) for this decision:
``blind nil``, ``blind N`` (the side's contract, where blind bids are played) or ``look``.
Whatever it decides, it then sees its cards and the interrupted phase goes on.

Who may decide: in a round-the-table auction every player for themselves (a blind bid of
tricks only while no partner has bid or looked); in a partnership auction the side's first
seat in bidding order decides for the side, and only it may bid Blind Nil. A seat with no
blind option left (not eligible, the partner looked, the deal bids itself) sees its cards
at once.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from spadeslib.compiler import bids as B
from spadeslib.engine import flow
from spadeslib.engine.state import Phase, State

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["RULES", "initial_seen", "options", "refresh_seen", "refusal"]


@functools.lru_cache(maxsize=256)
def _blind_rules(rules: Rules) -> bool:
    """Whether the variant has any blind bid at all (most deals of most variants: no)."""
    bidding = rules.variant.bidding
    return bidding.blind_nil.enabled or bidding.blind.enabled


def _partnership(state: State) -> bool:
    return state.rules.variant.bidding.form.kind == "partnership"


def _bidding_happens(state: State) -> bool:
    v = state.rules.variant
    if v.bidding.first_deal_bids_itself and state.first_deal:
        return False
    return v.deal.method.kind != "draw_and_discard"


def context(state: State, seat: int) -> B.BlindContext:
    """The :class:`~spadeslib.compiler.bids.BlindContext` of ``seat`` now."""
    rules = state.rules
    side = rules.side_of[seat]
    scores = state.scores
    others = [score for index, score in enumerate(scores) if index != side]
    behind = (max(others) - scores[side]) if others else 0
    members = rules.sides[side]
    partner = rules.partner_of[seat]
    last = nil_last = False
    total = 0
    # in the auction (at the seat's turn, or in the blind decision interrupting it) a blind
    # bid or a Blind Nil may close the round with a forbidden total
    in_auction = Phase.BID in (state.phase, state.resume)
    if rules.variant.bidding.total_may_not_equal_tricks and in_auction:
        from spadeslib.engine.phases.bidding import closes_round, others_total

        last = closes_round(state, seat)
        nil_last = not _partnership(state) and closes_round(state, seat, team=False)
        total = others_total(state, seat)
    bids = state.bids
    return B.BlindContext(
        behind=behind,
        first_deal=state.first_deal,
        side_blind_nils=sum(1 for m in members if bids[m] == B.BLIND_NIL),
        partner_bid=bids[partner] if partner is not None else B.NO_BID,
        partners_unseen=all(not state.seen >> m & 1 for m in members if m != seat),
        side_bid=bool(state.side_blind >> side & 1) or any(bids[m] != B.NO_BID for m in members),
        last=last,
        nil_last=nil_last,
        others_total=total,
    )


def options(state: State, seat: int) -> list[int]:
    """The blind action ids open to ``seat`` now (``look`` included), or ``[]`` when it has
    none and should simply see its cards."""
    if not _bidding_happens(state) or state.bids[seat] != B.NO_BID:
        return []
    rules = state.rules
    side = rules.side_of[seat]
    if state.side_blind >> side & 1:
        return []
    if _partnership(state) and seat not in flow.captains(rules, state.dealer):
        return []
    ctx = context(state, seat)
    space = state.space
    out: list[int] = []
    if B.blind_nil_problem(rules, ctx) is None:
        out.append(space.BLIND_NIL)
    out.extend(space.BLIND + bid for bid in B.blind_bids(rules, ctx))
    if out:
        out.append(space.LOOK)
        out.sort()
    return out


def _possible(state: State, seat: int) -> bool:
    if options(state, seat):
        return True
    if _partnership(state):  # a partner waits, unseen, for the captain's team decision
        rules = state.rules
        side = rules.side_of[seat]
        for captain in flow.captains(rules, state.dealer):
            if rules.side_of[captain] == side and captain != seat:
                if state.seen >> captain & 1:
                    return False
                return any(
                    state.space.BLIND <= a < state.space.BLIND + 32 for a in options(state, captain)
                )
    return False


def refresh_seen(state: State) -> None:
    """Let every seat that can no longer bid blind see its cards."""
    everyone = (1 << state.players) - 1
    if state.seen == everyone:
        return
    if not _blind_rules(state.rules):
        state.seen = everyone
        return
    for seat in _refresh_order(state.rules, state.dealer):
        if not state.seen >> seat & 1 and not _possible(state, seat):
            state.seen |= 1 << seat


@functools.lru_cache(maxsize=1024)
def _refresh_order(rules: Rules, dealer: int) -> tuple[int, ...]:
    """Captains first: a partner's answer depends on its captain's."""
    first = flow.captains(rules, dealer)
    return first + tuple(seat for seat in range(rules.players) if seat not in first)


def _anyone_eligible(state: State) -> bool:
    """Whether some side may bid blind at all this deal, judged on the scores alone (the
    usual answer, no, lets everyone see their cards without building any context)."""
    return _eligible_on(state.rules, tuple(state.scores), state.first_deal)


@functools.lru_cache(maxsize=4096)
def _eligible_on(rules: Rules, scores: tuple[int, ...], first_deal: bool) -> bool:
    """:func:`_anyone_eligible` as a pure function of what it depends on (cached: a deal
    of a new game, 0-0, asks the same question every time)."""
    v = rules.variant
    if (v.bidding.first_deal_bids_itself and first_deal) or (
        v.deal.method.kind == "draw_and_discard"
    ):  # no bidding this deal (see _bidding_happens)
        return False
    bidding = v.bidding
    top = max(scores)
    for side, score in enumerate(scores):
        others = [s for index, s in enumerate(scores) if index != side]
        behind = (max(others) if others else top) - score
        if bidding.blind_nil.enabled and B.eligible(
            bidding.blind_nil.eligibility, behind, bidding.blind_nil.make
        ):
            return True
        if bidding.blind.enabled and B.eligible(
            bidding.blind.eligibility,
            behind,
            bidding.blind.min_bid * v.scoring.trick_value * bidding.blind.make_multiplier,
        ):
            return True
    return False


def initial_seen(state: State) -> int:
    """The seats that see their cards as soon as they are dealt."""
    state.resume = Phase.OVER
    if not _anyone_eligible(state):
        state.seen = (1 << state.players) - 1
        return state.seen
    state.seen = 0
    refresh_seen(state)
    return state.seen


def legal(state: State) -> list[int]:
    return options(state, state.actor)


def _with_scores(state: State, seat: int, found: tuple[str, str]) -> tuple[str, str]:
    """An eligibility refusal says what the scores are."""
    reason, rule = found
    if rule.endswith(".eligibility"):
        rules = state.rules
        scores = ", ".join(
            f"side {index} ({'+'.join(map(str, rules.sides[index]))}) {score}"
            for index, score in enumerate(state.scores)
        )
        reason = f"{reason} (seat {seat} is in side {rules.side_of[seat]}; scores: {scores})"
    return reason, rule


def refusal(state: State, seat: int, action_id: int) -> tuple[str, str] | None:
    """Why ``seat`` may not make the blind action ``action_id`` now (``blind nil`` or
    ``blind N``), whatever phase it is in; ``None`` for another action. The rule that
    forbids it comes first (eligibility, with the scores; the partner's minimum; the
    total), then the timing (the seat or its partner has looked)."""
    space = state.space
    rules = state.rules
    ctx = context(state, seat)
    if action_id == space.BLIND_NIL:
        found = B.blind_nil_problem(rules, ctx)
        what = "Blind Nil"
    elif space.BLIND < action_id <= space.BLIND + rules.hand_size:
        found = B.blind_bid_problem(rules, ctx, action_id - space.BLIND)
        what = "a blind bid"
    else:
        return None
    if found is not None:
        return _with_scores(state, seat, found)
    rule = "bidding.blind_nil" if action_id == space.BLIND_NIL else "bidding.blind"
    if _partnership(state) and seat not in flow.captains(rules, state.dealer):
        return (f"in a partnership auction only the side's first bidder decides {what}", rule)
    if state.bids[seat] != B.NO_BID:
        return (f"seat {seat} has already bid", rule)
    if state.seen >> seat & 1:
        return (f"seat {seat} has looked at its cards; {what} is made before looking", rule)
    if action_id in options(state, seat):
        return None
    return (f"{what} is not open here", rule)


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    seat = state.actor
    open_ = options(state, seat)
    if action_id in open_:
        return None
    found = refusal(state, seat, action_id)
    if found is not None:
        return found
    return (f"seat {seat} has not looked at its cards: bid blind or 'look' first", "bidding.blind")


def apply(state: State, action_id: int) -> None:
    seat = state.actor
    space = state.space
    rules = state.rules
    state.seen |= 1 << seat
    if action_id == space.BLIND_NIL:
        state.bids[seat] = B.BLIND_NIL
        state.nil_seats |= 1 << seat
    elif action_id != space.LOOK:
        bid = action_id - space.BLIND
        side = rules.side_of[seat]
        state.side_blind |= 1 << side
        state.contracts[side] = bid
        for member in rules.sides[side]:
            state.seen |= 1 << member
        come_out = rules.variant.bidding.blind.come_out_to
        if come_out is not None and bid < come_out:
            state.come_out_side = side
    resume = state.resume
    state.phase = resume
    state.resume = Phase.OVER
    refresh_seen(state)
    flow.PHASES[resume].resume(state)


RULES = flow.PhaseRules(enter=lambda state: False, legal=legal, problem=problem, apply=apply)
