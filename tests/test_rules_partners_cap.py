"""``bidding.partners_may_not_exceed_tricks`` (OpenSpiel's rule, common online): round the
table, a side's bids together stay within the tricks. Worked examples through the game,
and the invariant over generated variants and random auctions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game_helpers import apply_all, texts
from spadeslib.engine import Game
from spadeslib.errors import IllegalActionError
from spadeslib.testing import variants
from spadeslib.variant import Variant, parse_variant

MIXED = [
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]
CAP = "  partners_may_not_exceed_tricks: true\n"


def capped(extra: str = "") -> Game:
    variant = parse_variant("extends: standard\nbidding:\n" + CAP + extra)
    return Game(variant, seed=1, dealer=0, deal=MIXED)  # seat 1 bids first; 1+3, 2+0


def refusal(game: Game, action: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    return error.value


def test_the_partner_may_bid_at_most_the_tricks_left() -> None:
    game = apply_all(capped(), "bid 9", "bid 4")
    assert texts(game) == ["nil", "bid 1", "bid 2", "bid 3", "bid 4"]
    error = refusal(game, "bid 5")
    assert error.rule == "bidding.partners_may_not_exceed_tricks"
    assert (
        "the side's bids may not exceed the 13 tricks: the partners have bid 9, so this bid "
        "may be at most 4"
    ) in str(error)
    apply_all(game, "bid 4")
    assert texts(game) == ["nil"] + [f"bid {n}" for n in range(1, 10)]  # 13 less seat 2's 4


def test_nil_counts_nothing() -> None:
    game = apply_all(capped(), "nil", "bid 2")
    assert texts(game) == ["nil"] + [f"bid {n}" for n in range(1, 14)]


def test_off_by_default_a_side_may_bid_more_than_the_tricks() -> None:
    game = apply_all(Game("standard", seed=1, dealer=0, deal=MIXED), "bid 9", "bid 4")
    assert texts(game)[-1] == "bid 13"  # A3: each bid is 0 to 13; the contract is set


def test_room_is_left_for_a_partner_who_cannot_bid_0() -> None:
    game = capped("  nil: {enabled: false}\n  blind_nil: {enabled: false}\n")
    assert texts(game) == [f"bid {n}" for n in range(1, 13)]
    error = refusal(game, "bid 13")
    assert (
        "the partners have bid 0 and 1 partner still to bid needs at least 1, so this bid "
        "may be at most 12"
    ) in str(error)
    apply_all(game, "bid 12", "bid 5")
    assert texts(game) == ["bid 1"]


def test_with_the_total_rule_both_hold() -> None:
    game = apply_all(capped("  total_may_not_equal_tricks: true\n"), "bid 9", "bid 1", "bid 2")
    # seat 0 closes the round: at most 12 (partner bid 1), and not 1 (9 + 1 + 2 + 1 = 13)
    assert texts(game) == ["nil"] + [f"bid {n}" for n in range(2, 13)]
    assert refusal(game, "bid 1").rule == "bidding.total_may_not_equal_tricks"


def test_trios_leave_room_for_each_partner_still_to_bid() -> None:
    variant = parse_variant(
        "table: {players: 6, partnerships: trios}\ndeck: {packs: 2, remove: [2C]}\n"
        "deal: {hand_size: 17}\nbidding:\n" + CAP + "  form: {kind: round_the_table, min_bid: 2}\n"
        "  nil: {enabled: false}\n  blind_nil: {enabled: false}\n"
    )
    game = Game(variant, seed=3, dealer=0)  # sides (0, 2, 4) and (1, 3, 5); seat 1 first
    assert texts(game)[-1] == "bid 13"  # 17 tricks, two partners to come need 2 each
    apply_all(game, "bid 13", "bid 2")
    assert texts(game) == ["bid 2"]  # seat 3: 17 - 13, less 2 for seat 5
    apply_all(game, "bid 2", "bid 2")
    assert texts(game) == ["bid 2"]  # seat 5: what is left


# -- the invariant ----------------------------------------------------------------------


def with_cap(variant: Variant) -> Variant:
    data: dict[str, Any] = variant.to_dict()
    data["bidding"]["partners_may_not_exceed_tricks"] = True
    return Variant.model_validate(data)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variants(partnerships="pairs") | variants(partnerships="trios"), st.randoms())
def test_no_side_ever_bids_more_than_the_tricks(variant: Variant, rng: Any) -> None:
    assume(variant.bidding.form.kind == "round_the_table")
    game = Game(with_cap(variant), seed=rng.randrange(2**32))
    rules = game.variant.compile()
    for _ in range(300):
        if game.is_over:
            break
        ids = game.legal_action_ids()
        game.apply_id(ids[rng.randrange(len(ids))])
        bids = game.observation(0).bids
        for side in rules.sides:
            assert sum(int(bids[seat]) for seat in side if bids[seat].isdigit()) <= rules.hand_size
