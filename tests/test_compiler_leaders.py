"""Who leads to the first trick (spec A4, B1, B12, B14)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference_rules as ref
from spadeslib.compiler import RulesArgumentError
from spadeslib.testing import deals, variants
from spadeslib.variant import Variant

THREE: dict[str, Any] = {
    "table": {"players": 3, "partnerships": "none"},
    "deck": {"remove": ["2C"]},
    "deal": {"hand_size": 17},
    "bidding": {"blind_nil": {"enabled": False}},
}


@pytest.mark.parametrize(
    ("first_lead", "dealer", "leader"),
    [("dealer_left", 0, 1), ("dealer_left", 3, 0), ("dealer", 2, 2)],
)
def test_first_leader_by_seat(first_lead: str, dealer: int, leader: int) -> None:
    rules = Variant.model_validate({"play": {"first_lead": first_lead}}).compile()
    assert rules.first_leader(dealer, ()) == leader
    assert rules.first_lead_mask([rules.full_mask, 0, 0, 0]) == 0


def test_lowest_club_holder_leads() -> None:
    rules = Variant.model_validate({**THREE, "play": {"first_lead": "lowest_club"}}).compile()
    seat_hands = [rules.mask_of("4C AS"), rules.mask_of("KD"), rules.mask_of("3C 2D")]
    assert rules.first_leader(0, seat_hands) == 2
    assert rules.first_lead_card(seat_hands) == (2, rules.card_bits("3C")[0])


def test_lowest_club_counts_effective_suits() -> None:
    # 2C elevated is a trump, so the lowest club is 3C
    rules = Variant.model_validate(
        {
            **THREE,
            "deck": {"remove": ["2H"], "elevated": ["2C"]},
            "play": {"first_lead": "lowest_club"},
        }
    ).compile()
    seat_hands = [rules.mask_of("2C"), rules.mask_of("KC"), rules.mask_of("3C")]
    assert rules.first_leader(1, seat_hands) == 2


def test_nobody_holds_a_club_then_dealer_left_leads() -> None:
    rules = Variant.model_validate({**THREE, "play": {"first_lead": "lowest_club"}}).compile()
    seat_hands = [rules.mask_of("AS"), rules.mask_of("KD"), rules.mask_of("2D")]
    assert rules.first_lead_card(seat_hands) is None
    assert rules.first_lead_mask(seat_hands) == 0
    assert rules.first_leader(2, seat_hands) == 0


@pytest.mark.parametrize(
    ("dealer", "bids", "leader"),
    [
        (0, [3, 4, 2, 4], 1),  # tie: the first from the dealer's left
        (1, [3, 4, 2, 4], 3),
        (3, [5, 4, 2, 5], 0),
        (2, [0, 0, 0, 0], 3),
    ],
)
def test_highest_bidder_leads(dealer: int, bids: list[int], leader: int) -> None:
    rules = Variant.model_validate({"play": {"first_lead": "highest_bidder"}}).compile()
    assert rules.first_leader(dealer, (), bids) == leader
    assert ref.first_leader(rules.variant, dealer, [], bids) == leader


def test_highest_bidder_needs_bids() -> None:
    rules = Variant.model_validate({"play": {"first_lead": "highest_bidder"}}).compile()
    with pytest.raises(RulesArgumentError, match="needs one bid per seat"):
        rules.first_leader(0, ())


@given(variants(), st.data())
def test_first_leader_matches_reference(variant: Variant, data: st.DataObject) -> None:
    rules = variant.compile()
    dealt = data.draw(deals(rules))
    dealer = data.draw(st.integers(0, rules.players - 1))
    bids = data.draw(
        st.lists(st.integers(0, rules.hand_size), min_size=rules.players, max_size=rules.players)
    )
    masks = [rules.mask_of(hand) for hand in dealt.hands]
    seat = rules.first_leader(dealer, masks, bids)
    expected = ref.first_leader(variant, dealer, list(dealt.hands), bids)
    found = ref.lowest_club(variant, list(dealt.hands))
    if variant.play.first_lead == "lowest_club" and found is not None:
        # with two packs two seats may hold the lowest club; either may be the leader
        assert found[1] in dealt.hands[seat]
        must = rules.first_lead_mask(masks)
        assert set(rules.cards_of(must)) == {found[1]}
        assert masks[seat] & must
    else:
        assert seat == expected
