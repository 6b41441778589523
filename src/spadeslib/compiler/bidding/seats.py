"""A seat's own bid in a round-the-table auction (docs/format.md, `bidding`).

Hard rules: whether the bid exists (Nil, a bid of 0) and the range, or instead the forced
format's bids. Soft rules, in this order, unless the format leaves no choice: the
partners' bids stay within the tricks, both partners Nil, the partner of a Nil's minimum,
no bid of one, the total may not equal the tricks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from spadeslib.compiler.bidding.constraints import Check, Choice, Problem, choose, total_problem
from spadeslib.compiler.bidding.forced import Turn, forced_check
from spadeslib.compiler.bids import BLIND_NIL, NIL, format_bid, tricks_of
from spadeslib.compiler.cache import rules_cache

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["SeatContext", "room", "seat_bid_problem", "seat_bids"]


class SeatContext(NamedTuple):
    """A player's turn in a round-the-table auction."""

    partner_bids: tuple[int, ...] = ()
    """Bids the player's partners have already made (Nil codes included)."""
    trumps: int = 0
    """Trumps in the hand (Mirror and Whiz bid them)."""
    last: bool = False
    """This bid closes the first round."""
    others_total: int = 0
    """Tricks bid by everyone else so far."""


def _side_so_far(rules: Rules, partner_bids: tuple[int, ...]) -> tuple[int, int, int]:
    """The tricks the partners have bid, how many partners are still to bid, and the least
    each of those adds (``bidding.least_seat_bid``)."""
    to_come = max(len(rules.sides[0]) - 1 - len(partner_bids), 0)
    made = sum(tricks_of(bid) for bid in partner_bids)
    return made, to_come, rules.variant.bidding.least_seat_bid


def room(rules: Rules, partner_bids: tuple[int, ...]) -> int:
    """The most tricks a seat may bid without its side's bids exceeding the tricks, once
    its partners have bid ``partner_bids``: the tricks, less what they bid, less the least
    bid of each partner still to bid."""
    made, to_come, least = _side_so_far(rules, partner_bids)
    return max(rules.hand_size - made - least * to_come, 0)


def _candidates(rules: Rules) -> tuple[int, ...]:
    return (NIL, *range(0, rules.hand_size + 1))


@rules_cache(8192)
def _analysis(rules: Rules, ctx: SeatContext) -> Choice[int]:
    bidding = rules.variant.bidding
    form = bidding.form
    nil = bidding.nil
    hand = rules.hand_size
    # a seat bids for itself only round the table; asked under partnership bidding, any
    # number of tricks
    low, high = form.bid_range(hand) if form.kind == "round_the_table" else (0, hand)
    range_rule = (
        "bidding.form.max_bid"
        if form.kind == "round_the_table" and form.max_bid is not None
        else "bidding.form.min_bid"
    )
    forced = bidding.forced
    zero_tricks = bidding.zero_is_a_bid and not nil.enabled
    partner_nil = any(b in (NIL, BLIND_NIL) for b in ctx.partner_bids)

    def exists(bid: int) -> Problem | None:
        if bid == NIL:
            return None if nil.enabled else ("Nil is not played here", "bidding.nil.enabled")
        if bid == 0 and not zero_tricks:
            if nil.enabled:
                return ("a bid of 0 is Nil: bid 'nil'", "bidding.nil.enabled")
            return ("a bid of 0 is not allowed", "bidding.nil.enabled")
        return None

    def in_range(bid: int) -> Problem | None:
        if bid in (NIL, 0):
            return None
        if bid < low:
            return (f"the lowest bid is {low}", range_rule)
        if bid > high:
            return (f"the highest bid is {high}", range_rule)
        return None

    hard: list[Check[int]] = [exists]
    soft: list[Check[int]] = []
    if forced is None:
        hard.append(in_range)
    else:
        turn = Turn(
            hand=hand,
            trumps=ctx.trumps,
            partners_bid=bool(ctx.partner_bids),
            partner_nil=partner_nil,
            room=room(rules, ctx.partner_bids),
            nil=NIL if nil.enabled else 0,
        )
        hard.append(forced_check(forced, turn))

    if forced is None or not forced.no_choice:
        if bidding.partners_may_not_exceed_tricks:
            made, to_come, least = _side_so_far(rules, ctx.partner_bids)
            most = max(hand - made - least * to_come, 0)
            so_far = f"the partners have bid {made}"
            if to_come and least:
                who = (
                    "1 partner still to bid needs"
                    if to_come == 1
                    else f"{to_come} partners still to bid need"
                )
                so_far += f" and {who} at least {least}{'' if to_come == 1 else ' each'}"
            too_many: Problem = (
                f"the side's bids may not exceed the {hand} tricks: {so_far}, so this bid "
                f"may be at most {most}",
                "bidding.partners_may_not_exceed_tricks",
            )

            def within_tricks(bid: int) -> Problem | None:
                return None if tricks_of(bid) <= most else too_many

            soft.append(within_tricks)
        if not nil.both_partners:
            soft.append(
                lambda bid: (
                    (
                        "the partner has bid Nil and both partners may not",
                        "bidding.nil.both_partners",
                    )
                    if bid == NIL and partner_nil
                    else None
                )
            )
        need = nil.partner_min_bid
        if need is not None:
            numbers = [b for b in ctx.partner_bids if b >= 0]

            def partner_min(bid: int) -> Problem | None:
                if partner_nil and tricks_of(bid) < need:
                    return (
                        f"the partner bid Nil, so this bid must be at least {need}",
                        "bidding.nil.partner_min_bid",
                    )
                if bid == NIL and any(b < need for b in numbers):
                    return (
                        f"a Nil needs the partner to bid at least {need}",
                        "bidding.nil.partner_min_bid",
                    )
                return None

            soft.append(partner_min)
        if form.no_bid_of_one and ctx.partner_bids:
            soft.append(
                lambda bid: (
                    (
                        "the partner has bid, so this bid may not add exactly 1",
                        "bidding.form.no_bid_of_one",
                    )
                    if bid == 1
                    else None
                )
            )
        soft.append(lambda bid: total_problem(rules, ctx.last, ctx.others_total, tricks_of(bid)))
    return choose(_candidates(rules), hard, soft)


def seat_bids(rules: Rules, ctx: SeatContext) -> tuple[int, ...]:
    """The legal bids of a player in a round-the-table auction, Nil first then rising."""
    return _analysis(rules, ctx).legal


def seat_bid_problem(rules: Rules, ctx: SeatContext, bid: int) -> Problem | None:
    """Why ``bid`` is illegal here, or ``None`` if it is legal."""
    unknown = (f"{format_bid(bid)} is not a bid of this variant", "bidding.form")
    return _analysis(rules, ctx).problem(bid, unknown)
