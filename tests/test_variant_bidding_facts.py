"""The bidding facts the spec models answer (bid ranges, whether 0 is a bid, the least a
seat adds, how far a side can reach), as worked examples and against the compiled rules
that use them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from spadeslib.compiler.bidding import SeatContext, seat_bids
from spadeslib.compiler.bids import NIL, tricks_of
from spadeslib.testing import variants
from spadeslib.variant import Variant
from spadeslib.variant.bidding import AllowedBids, FixedBid, Mirror, Suicide, Whiz


def bidding(**data: Any) -> Variant:
    return Variant.model_validate({"bidding": data})


NIL_OFF = {"nil": {"enabled": False}, "blind_nil": {"enabled": False}}
ZERO_TRICKS = {
    "nil": {"enabled": False, "zero_bid": "zero_tricks"},
    "blind_nil": {"enabled": False},
}


@pytest.mark.parametrize(
    ("data", "seat_range", "zero", "least"),
    [
        ({}, (0, 13), True, 0),
        ({"form": {"kind": "round_the_table", "min_bid": 2, "max_bid": 7}}, (2, 7), True, 0),
        (NIL_OFF, (0, 13), False, 1),
        ({**NIL_OFF, "form": {"kind": "round_the_table", "min_bid": 3}}, (3, 13), False, 3),
        (ZERO_TRICKS, (0, 13), True, 0),
        ({**ZERO_TRICKS, "form": {"kind": "round_the_table", "min_bid": 1}}, (1, 13), False, 1),
        ({"forced": {"kind": "fixed", "bid": 3}}, (0, 13), True, 3),
        ({"forced": {"kind": "allowed", "bids": [4, 0]}}, (0, 13), True, 0),
        ({**NIL_OFF, "forced": {"kind": "allowed", "bids": [5, 4]}}, (0, 13), False, 4),
        ({"forced": {"kind": "mirror"}, "blind_nil": {"enabled": False}}, (0, 13), True, 0),
    ],
)
def test_a_seats_bids(
    data: dict[str, Any], seat_range: tuple[int, int], zero: bool, least: int
) -> None:
    b = bidding(**data).bidding
    assert b.form.bid_range(13) == seat_range
    assert b.zero_is_a_bid is zero
    assert b.least_seat_bid == least


def test_an_allowed_0_counts_only_where_0_is_a_bid() -> None:
    allowed = AllowedBids(bids=(0, 5, 4))
    assert (allowed.least_bid(True), allowed.least_bid(False)) == (0, 4)


def test_team_and_blind_ranges() -> None:
    b = bidding(form={"kind": "partnership", "max_team_bid": 10}, blind={"enabled": True}).bidding
    assert b.form.bid_range(13) == (4, 10)
    assert b.form.contract_top(13) == 10
    assert b.blind.bid_range(13) == (6, 13)
    assert b.blind.value(7, 10) == 140  # a made blind 7 is worth twice 70
    assert Variant().bidding.form.contract_top(13) == 13


@pytest.mark.parametrize(
    ("data", "reach"),
    [
        ({}, 13),
        ({"form": {"kind": "round_the_table", "max_bid": 3}}, 6),
        ({"form": {"kind": "round_the_table", "max_bid": 3}, "raise_round": True}, 13),
        ({"form": {"kind": "partnership", "max_team_bid": 9}}, 9),
        ({"forced": {"kind": "fixed", "bid": 3}}, 6),
        ({"forced": {"kind": "allowed", "bids": [0, 4]}}, 8),
        ({"forced": {"kind": "whiz"}, "blind_nil": {"enabled": False}}, 13),
        (
            {
                "form": {"kind": "round_the_table", "max_bid": 3},
                "blind": {"enabled": True, "max_bid": 8, "come_out_to": 10},
            },
            10,
        ),
    ],
)
def test_how_far_a_side_of_two_reaches(data: dict[str, Any], reach: int) -> None:
    assert bidding(**data).bidding.side_reach(13, 2) == reach


def test_the_forced_formats_traits() -> None:
    traits = {
        cls.__name__: (cls.reads_trumps, cls.no_choice, cls.needs_nil, cls.allows_blind_nil)
        for cls in (Mirror, Whiz, Suicide, FixedBid, AllowedBids)
    }
    assert traits == {
        "Mirror": (True, True, True, False),
        "Whiz": (True, False, True, False),
        "Suicide": (False, False, True, False),
        "FixedBid": (False, True, False, False),
        "AllowedBids": (False, False, False, True),
    }


@given(variants())
def test_the_facts_are_what_the_compiled_auction_allows(variant: Variant) -> None:
    """A seat's first bid of a deal, with no partner bid and not closing the round, is
    limited by the hard rules alone: its least and (without a forced format) its highest
    number are the spec's facts, and a bid of 0 exists exactly where they say."""
    b = variant.bidding
    if b.form.kind != "round_the_table":
        return
    rules = variant.compile()
    legal = seat_bids(rules, SeatContext())
    assert min(tricks_of(bid) for bid in legal) == b.least_seat_bid
    if b.forced is None:
        assert (NIL in legal or 0 in legal) == b.zero_is_a_bid
        top = b.form.bid_range(rules.hand_size)[1]
        if b.partners_may_not_exceed_tricks:  # room is left for each partner's least bid
            partners = len(rules.sides[rules.side_of[0]]) - 1
            top = min(top, rules.hand_size - partners * b.least_seat_bid)
        assert max(tricks_of(bid) for bid in legal) == top
