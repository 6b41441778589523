"""Bidding flow and legality in the engine: spec A3, B1, B2, B5-B8, B11, Blind Nil (A3, B9)
and blind bids (B1, B2, B10). Each case names the rule it pins."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game_helpers import apply_all, dump, texts
from spadeslib.engine import Game
from spadeslib.errors import IllegalActionError
from spadeslib.variant import Variant, parse_variant

DEAL = [  # seat 0 .. 3; seat 1 holds no spade
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]
MIXED = [
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]


def house(*rules: str, extra: str = "") -> Variant:
    text = "extends: standard\nhouse_rules: [" + ", ".join(rules) + "]\n" + extra
    return parse_variant(text)


def test_a3_bids_nil_to_thirteen() -> None:
    game = Game("standard", seed=1, dealer=0, deal=MIXED)
    assert game.phase == "bidding" and game.current_player == 1
    assert texts(game) == ["nil"] + [f"bid {n}" for n in range(1, 14)]


def test_a3_worked_example_contracts() -> None:
    """South (2) deals; West 3, North 1, East 4, South 4: N-S 5, E-W 7."""
    game = Game("standard", seed=1, dealer=2, deal=MIXED)
    apply_all(game, "bid 3", "bid 1", "bid 4", "bid 4")
    assert game.phase == "play"
    assert game.observation(0).contracts == (5, 7)
    assert game.observation(0).bids == ("1", "4", "4", "3")


def test_a3_zero_is_nil_not_a_number() -> None:
    game = Game("standard", seed=1, dealer=0, deal=MIXED)
    with pytest.raises(IllegalActionError) as error:
        game.apply("bid 0")
    assert "nil" in str(error.value)


def test_b7_dealer_bids_first() -> None:
    game = Game(house("dealer-bids-first"), seed=1, dealer=3, deal=MIXED)
    assert game.current_player == 3


def test_b7_no_bid_of_one() -> None:
    game = Game(house("no-bid-of-one"), seed=1, dealer=3, deal=MIXED)
    apply_all(game, "bid 3", "bid 2")  # seat 0 then seat 1
    before = dump(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply("bid 1")  # seat 2, partner of seat 0
    assert error.value.rule == "bidding.form.no_bid_of_one"
    assert dump(game) == before
    assert "bid 2" in game.legal_actions()


def test_b7_zero_is_not_nil() -> None:
    game = Game(house("zero-is-not-nil"), seed=1, dealer=0, deal=MIXED)
    assert "bid 0" in game.legal_actions() and "nil" not in game.legal_actions()


@pytest.mark.parametrize("rule", ["bids-not-thirteen"])
def test_b6_b7_total_may_not_equal_tricks(rule: str) -> None:
    game = Game(house(rule), seed=1, dealer=0, deal=MIXED)
    apply_all(game, "bid 3", "bid 4", "bid 2")
    with pytest.raises(IllegalActionError) as error:
        game.apply("bid 4")
    assert error.value.rule == "bidding.total_may_not_equal_tricks"
    assert "bid 3" in game.legal_actions() and "bid 5" in game.legal_actions()


def test_b7_raise_round() -> None:
    game = Game(house("raise-round"), seed=1, dealer=0, deal=MIXED)
    apply_all(game, "bid 3", "bid 2", "bid 4", "bid 2")
    assert game.phase == "raise" and game.current_player == 1
    assert texts(game)[0] == "stand" and "raise 8" in game.legal_actions()
    assert "raise 7" not in game.legal_actions()  # must be above the contract 7
    apply_all(game, "raise 8", "stand")
    assert game.phase == "play"
    assert game.observation(0).contracts == (4, 8)


def test_b6_partnership_team_bids_and_partner_of_nil() -> None:
    game = Game(house("partnership-bidding"), seed=1, dealer=0, deal=MIXED)
    assert game.current_player == 1
    legal = texts(game)
    assert "bid 3" not in legal and "bid 4" in legal and "bid 13" in legal
    assert "bid nil/4" in legal and "bid nil/3" not in legal
    game.apply("bid nil/5")  # seat 1 Nil, seat 3 five
    assert game.current_player == 2  # the dealer's side: its first seat in order
    game.apply("bid 6")
    obs = game.observation(0)
    assert obs.bids == ("-", "nil", "-", "5") and obs.contracts == (6, 5)


def test_b6_partnership_total_not_thirteen() -> None:
    game = Game(house("partnership-bidding", "bids-not-thirteen"), seed=1, dealer=0, deal=MIXED)
    game.apply("bid 6")
    assert "bid 7" not in game.legal_actions() and "bid 8" in game.legal_actions()


def test_b9_partner_of_nil_minimum() -> None:
    game = Game(house("nil-partner-four"), seed=1, dealer=3, deal=MIXED)
    apply_all(game, "nil", "bid 2")  # seat 0 Nil, seat 1
    with pytest.raises(IllegalActionError) as error:
        game.apply("bid 3")  # seat 2, partner of a Nil
    assert error.value.rule == "bidding.nil.partner_min_bid"


def test_b11_mirror_bids_the_spades() -> None:
    game = Game("mirror", seed=1, dealer=3, deal=DEAL)
    assert texts(game) == ["bid 13"]  # seat 0 holds every spade
    game.apply("bid 13")
    assert texts(game) == ["nil"]


def test_b11_suicide() -> None:
    game = Game("suicide", seed=1, dealer=3, deal=MIXED)
    assert "nil" in game.legal_actions() and "bid 3" not in game.legal_actions()
    apply_all(game, "bid 4", "nil")  # seat 0 four, seat 1 Nil
    assert texts(game) == ["nil"]  # seat 2: partner did not bid Nil


def test_b5_misdeal_no_spades() -> None:
    game = Game(house("misdeal-no-spades"), seed=5, dealer=0, deal=DEAL)
    assert game.current_player == 1 and "misdeal" in game.legal_actions()
    game.apply("misdeal")
    assert game.dealer == 0 and game.deal_number == 0 and game.phase == "bidding"
    assert len(game.record()["deals"]) == 2
    assert game.hand(1) != tuple(game.hand(1)[:0])  # a new hand was dealt


def test_b5_misdeal_needs_the_condition() -> None:
    game = Game(house("misdeal-no-spades"), seed=5, dealer=3, deal=DEAL)
    with pytest.raises(IllegalActionError) as error:
        game.apply("misdeal")  # seat 0 holds every spade
    assert error.value.rule == "misdeal.conditions"


def test_a3_blind_nil_only_when_behind() -> None:
    game = Game("standard", seed=1, dealer=0, deal=MIXED)
    assert "blind nil" not in game.legal_actions()
    assert all(game.observation(seat).hand is not None for seat in range(4))


def test_blind_nil_hides_the_hand_until_decided_then_exchanges() -> None:
    game = Game(house("blind-nil-any-time"), seed=1, dealer=0, deal=MIXED)
    assert game.phase == "blind" and game.current_player == 1
    assert texts(game) == ["blind nil", "look"]
    assert all(game.observation(seat).hand is None for seat in range(4))
    game.apply("blind nil")
    assert game.observation(1).hand is not None
    assert game.phase == "blind" and game.current_player == 2
    game.apply("look")
    apply_all(game, "bid 3")
    game.apply("bid 4")  # seat 3: its side has its one Blind Nil, so it simply looked
    game.apply("look")
    game.apply("bid 2")  # seat 0
    assert game.phase == "exchange" and game.current_player == 1
    game.apply("give AH 2C")
    assert game.current_player == 3
    obs = game.observation(3)
    assert set(map(str, obs.received)) == {"AH", "2C"}
    assert "give AH" in game.legal_actions()  # partner may give back what it got
    assert "give KC" in game.legal_actions()
    game.apply("give JS 3S")
    assert {str(c) for c in game.observation(1).received} == {"JS", "3S"}
    assert game.phase == "play"


def test_b1_barmore_blind_seven_before_looking() -> None:
    game = Game("barmore", seed=1, dealer=0)
    assert game.phase == "blind" and game.current_player == 1
    legal = texts(game)
    assert legal[0] == "look" and "blind 7" in legal and "blind 6" not in legal
    assert game.observation(1).hand is None and game.observation(3).hand is None
    game.apply("blind 7")
    assert game.observation(3).hand is not None
    assert game.phase in ("bidding", "blind") and game.current_player == 2


def test_b2_nyc_blind_and_come_out() -> None:
    data = Variant.model_validate(
        {
            **_nyc(),
            "bidding": {
                **_nyc()["bidding"],
                "first_deal_bids_itself": False,
                "blind": {**_nyc()["bidding"]["blind"], "eligibility": {"kind": "always"}},
            },
        }
    )
    game = Game(data, seed=1, dealer=0)
    assert "blind 6" in game.legal_actions() and "blind 5" not in game.legal_actions()
    game.apply("blind 6")
    assert texts(game) == ["come out", "stand"]
    game.apply("come out")
    game.apply("look")
    game.apply("bid 4")
    assert game.phase == "play"
    assert game.observation(0).contracts == (4, 10)


def test_b8_first_deal_bids_itself() -> None:
    game = Game("nyc", seed=1, dealer=0)
    assert game.phase == "play"


def _nyc() -> dict[str, Any]:
    from spadeslib.variant import load_variant

    data: dict[str, Any] = json.loads(json.dumps(load_variant("nyc").to_dict()))
    return data
