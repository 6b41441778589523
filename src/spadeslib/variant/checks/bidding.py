"""The checks of the auction: ranges that are not empty, every seat a legal bid and a
side's least bids within the tricks, forced formats only where they can be played, and
special bids (the Moon, ten for 200) within a side's reach. Nil and blind bids are
:mod:`.nil`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.errors import counted
from spadeslib.variant.bidding import AllowedBids, FixedBid, Mirror, Suicide
from spadeslib.variant.checks.base import Clash, Found
from spadeslib.variant.checks.nil import check_blind, check_nil

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["check_bidding"]


def _seats_per_side(v: Variant) -> int:
    return len(v.table.sides()[0])


def _no_zero_reason(v: Variant) -> str:
    """Why a bid of 0 is illegal (only meaningful when ``bidding.zero_is_a_bid`` is false)."""
    if v.bidding.nil.zero_bid == "illegal":
        return "Nil is off and bidding.nil.zero_bid is 'illegal'"
    return f"it is below bidding.form.min_bid, {v.bidding.form.lowest_seat_bid}"


def _zero_fix(v: Variant) -> str:
    """What to write so that a bid of 0 becomes legal."""
    if v.bidding.nil.zero_bid == "illegal":
        return "turn Nil on, or set bidding.nil.zero_bid: zero_tricks"
    return "set bidding.form.min_bid: 0"


def check_bidding(v: Variant) -> Found:
    b, hand = v.bidding, v.deal.hand_size
    tricks = counted(hand, "trick")
    form = b.form
    top = form.bid_range(hand)[1]
    if form.kind == "round_the_table":
        if form.min_bid > top:
            yield ("bidding.form.min_bid", f"minimum bid {form.min_bid} is above the maximum {top}")
        if form.max_bid is not None and form.max_bid > hand:
            yield Clash(
                "bidding.form.max_bid",
                f"{form.max_bid} is more than the {tricks}",
                "deal.hand_size",
            )
        if form.no_bid_of_one and v.table.partnerships == "none":
            yield Clash(
                "bidding.form.no_bid_of_one",
                "'no bid of one' is about partners; this table has none",
                "table.partnerships",
            )
    else:
        if form.min_team_bid > top:
            yield (
                "bidding.form.min_team_bid",
                f"minimum team bid {form.min_team_bid} is above the maximum {top}",
            )
        if form.max_team_bid is not None and form.max_team_bid > hand:
            yield Clash(
                "bidding.form.max_team_bid",
                f"{form.max_team_bid} is more than the {tricks}",
                "deal.hand_size",
            )
        if v.table.partnerships == "none":
            yield Clash(
                "bidding.form",
                "partnership bidding needs partnerships; this table has none",
                "table.partnerships",
            )
    if b.raise_round and v.table.partnerships == "none":
        yield ("bidding.raise_round", "the raise round is for sides of partners")
    yield from _partners_cap(v)
    yield from _no_bid(v)
    yield from check_nil(v)
    yield from check_blind(v)
    yield from _forced(v)
    if b.moon.enabled and b.moon.fail.kind == "win_game":
        yield ("bidding.moon.fail", "a failed Moon cannot win the game; use points or normal")
    if b.moon.blind_make is not None and not b.blind.enabled:
        yield ("bidding.moon.blind_make", "a Blind Boston needs blind bids (bidding.blind)")
    reach = b.side_reach(hand, _seats_per_side(v))
    if b.moon.enabled and reach < hand:
        yield Clash(
            "bidding.moon.enabled",
            f"the Moon is a bid of all {tricks}, but no side can contract for more "
            f"than {reach}; allow higher bids or turn the Moon off",
            "deal.hand_size",
        )
    if b.ten_for_200.enabled and reach < 10:
        yield (
            "bidding.ten_for_200.enabled",
            f"ten for 200 is for a bid of 10, but no side can contract for more than "
            f"{reach}; allow higher bids or turn ten for 200 off",
        )


def _partners_cap(v: Variant) -> Found:
    """The rule that partners' bids together stay within the tricks needs partners who
    bid for themselves."""
    if not v.bidding.partners_may_not_exceed_tricks:
        return
    path = "bidding.partners_may_not_exceed_tricks"
    if v.table.partnerships == "none":
        yield Clash(
            path,
            "'partners may not exceed the tricks' is about partners; this table has none",
            "table.partnerships",
        )
    elif v.bidding.form.kind == "partnership":
        yield (
            path,
            "with partnership bidding a side makes one team bid, never more than the tricks; "
            "the rule is for round-the-table bidding (set partners_may_not_exceed_tricks: "
            "false)",
        )


def _no_bid(v: Variant) -> Found:
    """Round-the-table auctions that leave a seat no bid, or a side no contract within the
    tricks (the engine cannot invent a bid, and scoring refuses such a contract)."""
    b, hand = v.bidding, v.deal.hand_size
    form, forced = b.form, b.forced
    tricks = counted(hand, "trick")
    if form.kind != "round_the_table":
        return
    zero = b.zero_is_a_bid
    seats = _seats_per_side(v)
    side = f"a side of {seats}"
    least = b.least_seat_bid
    if forced is None:
        if form.max_bid == 0 and form.min_bid == 0 and not zero:
            yield (
                "bidding.form.max_bid",
                f"a maximum bid of 0 leaves no bid to make: a bid of 0 is illegal "
                f"({_no_zero_reason(v)}); raise max_bid, or turn Nil on, or set "
                "bidding.nil.zero_bid: zero_tricks",
            )
        if seats > 1 and seats * least > hand:
            yield Clash(
                "bidding.form.min_bid",
                f"{side} bidding at least {least} each would contract for {seats * least} "
                f"of the {tricks}; set min_bid to {hand // seats} or less, or allow "
                "a bid of 0 (Nil, or bidding.nil.zero_bid: zero_tricks)",
                "deal.hand_size",
            )
    elif isinstance(forced, FixedBid):
        if forced.bid == 0 and not zero:
            yield (
                "bidding.forced.bid",
                f"everyone must bid 0, but a bid of 0 is illegal ({_no_zero_reason(v)}); "
                f"{_zero_fix(v)}, or fix a bid of 1 or more",
            )
        elif seats > 1 and seats * least > hand:
            yield Clash(
                "bidding.forced.bid",
                f"everyone bids {forced.bid}, so {side} would contract for "
                f"{seats * forced.bid} of the {tricks}; fix a bid of {hand // seats} "
                "or less",
                "deal.hand_size",
            )
        elif b.total_may_not_equal_tricks and v.table.players * forced.bid == hand:
            yield Clash(
                "bidding.total_may_not_equal_tricks",
                f"everyone bids {forced.bid}, so the {v.table.players} bids always total "
                f"{hand}, the number of tricks; set total_may_not_equal_tricks: false",
                "deal.hand_size",
            )
    elif isinstance(forced, AllowedBids):
        if seats > 1 and seats * least > hand:
            yield Clash(
                "bidding.forced.bids",
                f"the least allowed bid is {least}, so {side} would contract for at least "
                f"{seats * least} of the {tricks}; allow a bid of {hand // seats} or "
                "less (or 0, where a bid of 0 is legal)",
                "deal.hand_size",
            )
    elif isinstance(forced, Mirror) and b.total_may_not_equal_tricks:
        yield Clash(
            "bidding.total_may_not_equal_tricks",
            "under Mirror every bid is the trumps held, so no rule can keep the total "
            f"off the {tricks}; set total_may_not_equal_tricks: false",
            "deal.hand_size",
        )


def _forced(v: Variant) -> Found:
    forced, b = v.bidding.forced, v.bidding
    if forced is None:
        return
    name = forced.kind
    if b.form.kind != "round_the_table":
        yield (
            "bidding.forced",
            f"{name} is a form of round-the-table bidding; it cannot "
            "be combined with partnership bidding",
        )
    if b.blind_nil.enabled and forced.needs_nil:
        yield (
            "bidding.blind_nil.enabled",
            f"{name} has no Blind Nil; set bidding.blind_nil.enabled: false",
        )
    if b.blind.enabled:
        yield ("bidding.blind.enabled", f"blind bids cannot be made under {name}")
    if b.raise_round and name != "suicide":
        # The bid is forced (or one of a fixed set), so raising it would break the very
        # rule the format exists for; Suicide forces only who bids Nil, not how much.
        yield (
            "bidding.raise_round",
            f"under {name} the bids are forced, so a raise round cannot change them; "
            "set bidding.raise_round: false",
        )
    if forced.needs_nil and not b.nil.enabled:
        yield ("bidding.nil.enabled", f"{name} needs Nil")
    if name == "suicide" and v.table.partnerships != "pairs":
        yield Clash("bidding.forced", "Suicide is for partnerships of pairs", "table.partnerships")
    if isinstance(forced, Suicide) and forced.partner_min > v.deal.hand_size:
        yield Clash(
            "bidding.forced.partner_min",
            f"{forced.partner_min} is more than the {counted(v.deal.hand_size, 'trick')}",
            "deal.hand_size",
        )
    if isinstance(forced, FixedBid) and forced.bid > v.deal.hand_size:
        yield Clash(
            "bidding.forced.bid",
            f"{forced.bid} is more than the {counted(v.deal.hand_size, 'trick')}",
            "deal.hand_size",
        )
    if isinstance(forced, AllowedBids):
        if len(set(forced.bids)) != len(forced.bids):
            yield ("bidding.forced.bids", f"a bid is listed twice in {list(forced.bids)}")
        for bid in forced.bids:
            if bid > v.deal.hand_size:
                yield Clash(
                    "bidding.forced.bids",
                    f"{bid} is more than the {counted(v.deal.hand_size, 'trick')}",
                    "deal.hand_size",
                )
        if 0 in forced.bids and not b.zero_is_a_bid:
            yield (
                "bidding.forced.bids",
                f"0 is allowed here but a bid of 0 is illegal ({_no_zero_reason(v)})",
            )
