"""A partnership's team bid: one contract per side, with one partner's Nil inside it
(docs/format.md, `bidding.form` kind partnership).

Hard rules: the team range, Nil and its partner's minimum, both partners Nil. Soft rule:
the total may not equal the tricks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from spadeslib.compiler.bidding.constraints import Choice, Problem, choose, total_problem
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID, TeamBid
from spadeslib.compiler.cache import rules_cache

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["TeamContext", "team_bid_problem", "team_bids"]


class TeamContext(NamedTuple):
    """A partnership's turn to agree its team bid."""

    captain_blind_nil: bool = False
    """The captain (the side's first seat in bidding order) has bid Blind Nil; the team
    now bids the partner's contract."""
    last: bool = False
    """This bid closes the first round."""
    others_total: int = 0
    """Tricks bid by the other sides."""


def _candidates(rules: Rules, captain_blind_nil: bool) -> list[TeamBid]:
    numbers = range(0, rules.hand_size + 1)
    if captain_blind_nil:
        return [TeamBid(n, BLIND_NIL, n) for n in numbers]
    out = [TeamBid(n, NO_BID, NO_BID) for n in numbers]
    if rules.partner_of[0] is not None:
        for n in numbers:
            out += (TeamBid(n, NIL, n), TeamBid(n, n, NIL))
        out.append(TeamBid(0, NIL, NIL))
    return out


@rules_cache(1024)
def _analysis(rules: Rules, ctx: TeamContext) -> Choice[TeamBid]:
    nil = rules.variant.bidding.nil
    form = rules.variant.bidding.form
    hand = rules.hand_size
    # a team bids only in a partnership auction; asked round the table, any number
    low, high = form.bid_range(hand) if form.kind == "partnership" else (0, hand)
    partner_low = nil.partner_min_bid if nil.partner_min_bid is not None else low
    nil_low = max(partner_low, 1)
    too_high = (f"the highest team bid is {high}", "bidding.form.max_team_bid")
    partner_rule = (
        "bidding.nil.partner_min_bid" if nil.partner_min_bid else "bidding.form.min_team_bid"
    )

    def shape(bid: TeamBid) -> Problem | None:
        n, mine, other = bid
        if mine == BLIND_NIL:
            if n < partner_low:
                return (f"the partner of a Blind Nil must bid at least {partner_low}", partner_rule)
            return too_high if n > high else None
        if mine == NO_BID:
            if n < low:
                return (f"the lowest team bid is {low}", "bidding.form.min_team_bid")
            return too_high if n > high else None
        if not nil.enabled:
            return ("Nil is not played here", "bidding.nil.enabled")
        if mine == NIL and other == NIL:
            if not nil.both_partners:
                return ("both partners may not bid Nil", "bidding.nil.both_partners")
            if nil.partner_min_bid is not None or low > 0:
                return (f"the partner of a Nil must bid at least {nil_low}", partner_rule)
            return None
        if n < nil_low:
            return (
                f"the partner of a Nil must bid at least {nil_low}",
                "bidding.nil.partner_min_bid",
            )
        return too_high if n > high else None

    legal, why = choose(
        _candidates(rules, ctx.captain_blind_nil),
        [shape],
        [lambda bid: total_problem(rules, ctx.last, ctx.others_total, bid.contract)],
    )
    ordered = sorted(legal, key=lambda bid: (bid.contract, bid.captain != NO_BID, -bid.captain))
    return Choice(tuple(ordered), why)


def team_bids(rules: Rules, ctx: TeamContext) -> tuple[TeamBid, ...]:
    """The legal team bids of a partnership, by contract."""
    return _analysis(rules, ctx).legal


def team_bid_problem(rules: Rules, ctx: TeamContext, bid: TeamBid) -> Problem | None:
    """Why the team bid ``bid`` is illegal here, or ``None``."""
    return _analysis(rules, ctx).problem(bid, ("not a team bid of this variant", "bidding.form"))
