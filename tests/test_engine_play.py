"""Play legality and flow in the engine: spec A4, B1, B2, B12; illegal actions leave the
game byte-identical."""

from __future__ import annotations

import pytest

from game_helpers import apply_all, dump, texts
from spadeslib.engine import Game
from spadeslib.errors import IllegalActionError
from spadeslib.variant import Variant

MIXED = [
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]
SPADES_ONLY = [  # seat 1 holds every spade
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def bid_standard(game: Game) -> Game:
    return apply_all(game, "bid 3", "bid 3", "bid 3", "bid 3")


def test_a4_first_lead_no_spade() -> None:
    game = bid_standard(Game("standard", seed=1, dealer=0, deal=MIXED))
    assert game.current_player == 1
    assert not any(a.cards[0].suit == "S" for a in game.legal_actions())
    before = dump(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply("play KS")
    assert error.value.rule == "play.first_trick"
    assert "seat 1 to play" in error.value.state and "spades not broken" in error.value.state
    assert dump(game) == before


def test_a4_only_spades_may_lead_them() -> None:
    game = bid_standard(Game("standard", seed=1, dealer=0, deal=SPADES_ONLY))
    assert len(game.legal_actions()) == 13


def test_a4_follow_suit_and_trick_winner() -> None:
    game = bid_standard(Game("standard", seed=1, dealer=0, deal=MIXED))
    game.apply("play AH")  # seat 1 leads hearts
    assert set(texts(game)) == {"play JH", "play 7H", "play 3H"}  # seat 2 follows
    before = dump(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply("play QS")
    assert error.value.rule == "play" and "follow suit" in error.value.reason
    assert dump(game) == before
    apply_all(game, "play 3H", "play 2H")  # seat 3 follows
    game.apply("play KH")  # seat 0 follows: the ace wins
    assert game.current_player == 1 and game.tricks_won == (0, 1, 0, 0)


def test_a4_trumping_breaks_spades() -> None:
    game = bid_standard(Game("standard", seed=1, dealer=0, deal=SPADES_ONLY))
    # seat 1 (only spades) leads 2S: legal, and it breaks spades
    game.apply("play 2S")
    assert game.observation(0).spades_broken


def test_a4_spades_not_led_before_broken() -> None:
    game = bid_standard(Game("standard", seed=1, dealer=0, deal=MIXED))
    apply_all(game, "play 2C", "play 5C", "play 4C", "play 7C")  # seat 0 wins with 7C
    assert game.current_player == 0
    with pytest.raises(IllegalActionError) as error:
        game.apply("play AS")
    assert error.value.rule == "play.spade_lead"


def test_b1_barmore_dealer_leads_anything() -> None:
    game = Game("barmore", seed=3, dealer=2)
    while game.phase != "play":
        game.apply("look" if "look" in game.legal_actions() else "bid 4")
    assert game.current_player == 2
    assert len(game.legal_actions()) == 13  # any card, spades included


def test_b2_nyc_no_spade_lead_in_first_three_tricks() -> None:
    game = Game("nyc", seed=11, dealer=0)
    assert game.phase == "play" and game.current_player == 1
    obs = game.observation(1)
    assert obs.hand is not None
    trumps = {str(c) for c in game.variant.compile().trump_order()}
    if any(str(c) not in trumps for c in obs.hand):
        assert not any(str(a.cards[0]) in trumps for a in game.legal_actions())


def test_wrong_phase_action_is_illegal_and_changes_nothing() -> None:
    game = Game("standard", seed=1, dealer=0, deal=MIXED)
    before = dump(game)
    for text in ("play AH", "pass AH KH QH", "raise 4", "give AH 2C", "bid 99", "keep"):
        with pytest.raises(IllegalActionError):
            game.apply(text)
        assert dump(game) == before
    with pytest.raises(IllegalActionError):
        game.apply_id(10**12)
    assert dump(game) == before


def test_game_over_refuses_actions() -> None:
    import random

    from game_helpers import play_game

    game = play_game(Game("nyc", seed=4), random.Random(4))
    assert game.current_player is None and game.current_player_id() == -4
    assert game.legal_action_ids() == []
    with pytest.raises(IllegalActionError) as error:
        game.apply("play AS")
    assert error.value.rule == "game_end"


def test_apply_id_wants_an_int() -> None:
    game = Game("standard", seed=1, dealer=0, deal=MIXED)
    before = dump(game)
    with pytest.raises(IllegalActionError):
        game.apply_id("bid 4")  # type: ignore[arg-type]
    assert dump(game) == before


def test_observation_before_and_after_play() -> None:
    game = bid_standard(Game("standard", seed=1, dealer=0, deal=MIXED))
    game.apply("play AH")
    obs = game.observation(2)
    assert obs.phase == "play" and obs.current_player == 2
    assert obs.trick == ((1, game.variant.compile().deck[0].parse("AH")),)
    assert obs.legal_actions and game.observation(3).legal_actions == ()
    assert obs.hand is not None and len(obs.hand) == 13
    assert obs.hand_sizes == (13, 12, 13, 13)  # seat 1 led


def _house(*rules: str) -> Variant:
    from spadeslib.variant import parse_variant

    return parse_variant("extends: standard\nhouse_rules: [" + ", ".join(rules) + "]\n")


def test_b12_lowest_club_leads_it() -> None:
    game = bid_standard(Game(_house("lowest-club-leads"), seed=1, dealer=0, deal=MIXED))
    assert game.current_player == 1  # seat 1 holds 2C
    assert texts(game) == ["play 2C"]


def test_b12_highest_bidder_leads() -> None:
    game = Game(_house("highest-bidder-leads"), seed=1, dealer=0, deal=MIXED)
    apply_all(game, "bid 2", "bid 5", "bid 3", "bid 5")  # seats 1, 2, 3, 0
    assert game.current_player == 2  # first 5 from the dealer's left


def test_b6_raise_round_in_partnership_bidding() -> None:
    game = Game(_house("partnership-bidding", "raise-round"), seed=1, dealer=0, deal=MIXED)
    apply_all(game, "bid 4", "bid 5")
    assert game.phase == "raise" and game.current_player == 1
    apply_all(game, "stand", "raise 7")
    assert game.phase == "play" and game.observation(1).contracts == (7, 4)
