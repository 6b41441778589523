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
from typing import TYPE_CHECKING, Final

from spadeslib.compiler import bids as B
from spadeslib.engine import flow
from spadeslib.engine.state import Phase, State

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.actions import ActionSpace

__all__ = ["RULES", "options", "refresh_seen", "refusal"]

# Every deal and every bid asks whether some seat may still bid blind (``refresh_seen``),
# so the variant is read through the flags compiled into ``Rules`` (``blind_bids``: none
# of this work at all without a blind option; ``partnership``; ``relevant``), and a seat's
# options are cached by the parts of its situation that can change them.

_BID: Final = Phase.BID
_BLIND: Final = Phase.BLIND
_OVER: Final = Phase.OVER


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
    in_auction = _BID in (state.phase, state.resume)
    if rules.relevant.seat_total and in_auction:
        last, nil_last, total = _auction_end(state, seat)
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


def _auction_end(state: State, seat: int) -> tuple[bool, bool, int]:
    """:attr:`~spadeslib.compiler.bids.BlindContext.last`, ``nil_last`` and
    ``others_total`` in the auction."""
    from spadeslib.engine.phases.bidding import closes_round, others_total

    last = closes_round(state, seat)
    nil_last = not state.rules.partnership and closes_round(state, seat, team=False)
    return last, nil_last, others_total(state, seat)


def options(state: State, seat: int) -> list[int]:
    """The blind action ids open to ``seat`` now (``look`` included), or ``[]`` when it has
    none and should simply see its cards."""
    return list(_options(state, seat))


def _options(state: State, seat: int) -> tuple[int, ...]:
    """:func:`options`, as the cached tuple."""
    rules = state.rules
    if (
        not rules.blind_bids
        or state.bids[seat] != B.NO_BID
        or (rules.first_deal_bids_itself and state.first_deal)
        or rules.draws
    ):  # no blind option in the variant, the seat has bid, or no auction this deal
        return ()
    side = rules.side_of[seat]
    if state.side_blind >> side & 1:
        return ()
    if rules.partnership and seat not in rules.captains[state.dealer]:
        return ()
    # the parts of context(state, seat) that can change the answer (Rules.relevant); the
    # others keep BlindContext's defaults, so equivalent situations share a cache entry
    relevant = rules.relevant
    bids = state.bids
    behind = 0
    if relevant.behind is not None:
        scores = state.scores
        others = [score for index, score in enumerate(scores) if index != side]
        low, high = relevant.behind
        behind = min(max((max(others) - scores[side]) if others else 0, low), high)
    first_deal = state.first_deal if relevant.blind_first_deal else False
    side_blind_nils = 0
    partner_bid = B.NO_BID
    if relevant.blind_nil:
        for member in rules.sides[side]:
            if bids[member] == B.BLIND_NIL:
                side_blind_nils += 1
        partner = rules.partner_of[seat]
        if relevant.blind_partner and partner is not None:
            partner_bid = bids[partner]
    partners_unseen = True
    side_bid = False  # side_blind is 0 here: the side has a contract if a member has bid
    if relevant.blind:
        partners_unseen = not state.seen & rules.side_masks[side] & ~(1 << seat)
        for member in rules.sides[side]:
            if bids[member] != B.NO_BID:
                side_bid = True
                break
    last = nil_last = False
    total = 0
    if relevant.seat_total and _BID in (state.phase, state.resume):
        last, nil_last, total = _auction_end(state, seat)
    key = (behind, first_deal, side_blind_nils, partner_bid, partners_unseen, side_bid)
    return _option_ids(state.space, key, last, nil_last, total)


@functools.lru_cache(maxsize=4096)
def _option_ids(
    space: ActionSpace,
    key: tuple[int, bool, int, int, bool, bool],
    last: bool,
    nil_last: bool,
    others_total: int,
) -> tuple[int, ...]:
    """The blind action ids of a :class:`~spadeslib.compiler.bids.BlindContext` (``key``:
    its first six fields), sorted, ``look`` included; ``()`` when there is none."""
    rules = space.rules
    behind, first_deal, side_blind_nils, partner_bid, partners_unseen, side_bid = key
    ctx = B.BlindContext(
        behind=behind,
        first_deal=first_deal,
        side_blind_nils=side_blind_nils,
        partner_bid=partner_bid,
        partners_unseen=partners_unseen,
        side_bid=side_bid,
        last=last,
        nil_last=nil_last,
        others_total=others_total,
    )
    out: list[int] = []
    if B.blind_nil_problem(rules, ctx) is None:
        out.append(space.BLIND_NIL)
    out.extend(space.BLIND + bid for bid in B.blind_bids(rules, ctx))
    if out:
        out.append(space.LOOK)
        out.sort()
    return tuple(out)


def refresh_seen(state: State) -> None:
    """Let every seat that can no longer bid blind see its cards."""
    rules = state.rules
    everyone = rules.everyone
    if state.seen == everyone:
        return
    if not rules.blind_bids:
        state.seen = everyone
        return
    if rules.partnership:
        _refresh_sides(state)
        return
    for seat in _refresh_order(rules, state.dealer):
        if not state.seen >> seat & 1 and not _options(state, seat):
            state.seen |= 1 << seat


def _refresh_sides(state: State) -> None:
    """:func:`refresh_seen` in a partnership auction: a captain may still bid blind if it
    has a blind option; a partner waits, unseen, while its captain has not looked and may
    still make the side's blind bid (only the captain decides, so the partner's own
    options are always empty).

    Each captain's options are worked out once: they depend on the seen bits of its own
    side alone among what changes here, so they are reused while those bits are the same.
    """
    rules = state.rules
    captains = rules.captains[state.dealer]
    side_of = rules.side_of
    side_masks = rules.side_masks
    known: dict[int, tuple[int, tuple[int, ...]]] = {}

    def captain_options(captain: int) -> tuple[int, ...]:
        mates_seen = state.seen & side_masks[side_of[captain]]
        found = known.get(captain)
        if found is None or found[0] != mates_seen:
            found = known[captain] = (mates_seen, _options(state, captain))
        return found[1]

    blind_bid = state.space.BLIND  # "blind N" is blind_bid + N
    for seat in _refresh_order(rules, state.dealer):
        if state.seen >> seat & 1:
            continue
        if seat in captains:
            possible = bool(captain_options(seat))
        else:
            possible = False
            for captain in captains:
                if side_of[captain] == side_of[seat]:
                    possible = not state.seen >> captain & 1 and any(
                        blind_bid <= a < blind_bid + 32 for a in captain_options(captain)
                    )
                    break
        if not possible:
            state.seen |= 1 << seat


@functools.lru_cache(maxsize=1024)
def _refresh_order(rules: Rules, dealer: int) -> tuple[int, ...]:
    """Captains first: a partner's answer depends on its captain's."""
    first = rules.captains[dealer]
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
    ):  # no blind decision this deal (see _options)
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


def start(state: State) -> None:
    """At the start of a deal: the seats that see their cards as soon as they are dealt."""
    state.resume = _OVER
    if not state.rules.blind_bids or not _anyone_eligible(state):
        state.seen = state.rules.everyone
        return
    state.seen = 0
    refresh_seen(state)


def enter(state: State) -> bool:
    """The player to act has not looked at its cards: interrupt its phase for a blind
    decision if it has one. A seat with no blind decision of its own (a partner waiting
    for its captain's team decision) that must act first, say to discard a kitty, looks,
    and so its side can no longer bid blind."""
    seat = state.actor
    if options(state, seat):
        state.resume = state.phase
        state.phase = _BLIND
        return True
    state.seen |= 1 << seat
    refresh_seen(state)
    return False


def legal(state: State) -> list[int]:
    return list(_options(state, state.actor))


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
    if rules.partnership and seat not in rules.captains[state.dealer]:
        return (f"in a partnership auction only the side's first bidder decides {what}", rule)
    if state.bids[seat] != B.NO_BID:
        return (f"seat {seat} has already bid", rule)
    if state.seen >> seat & 1:
        return (f"seat {seat} has looked at its cards; {what} is made before looking", rule)
    if action_id in _options(state, seat):
        return None
    return (f"{what} is not open here", rule)


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    seat = state.actor
    if action_id in _options(state, seat):
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
    state.resume = _OVER
    refresh_seen(state)
    state.table[resume].resume(state)


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply, start=start)
