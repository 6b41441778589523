"""Whole games: seeded full games to a winner, records and replays, the scoring hook fed
with the right contracts, and the phases around the auction (passing, exchange, kitty,
widow, Mitchell, the two-handed draw, the French cut)."""

from __future__ import annotations

import json
import random

import pytest

from game_helpers import apply_all, dump, plausible_id, play_game
from spadeslib.engine import Game
from spadeslib.errors import IllegalActionError, RecordError
from spadeslib.scoring import Contract, Standing, score_deal
from spadeslib.variant import parse_variant

MIXED = [
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]


def finish_deal(game: Game, rng: random.Random) -> Game:
    number = game.deal_number
    while game.deal_number == number and not game.is_over:
        game.apply_id(plausible_id(game, rng))
    return game


@pytest.mark.parametrize("name", ["standard", "barmore", "nyc"])
@pytest.mark.parametrize("seed", [1, 2])
def test_full_games_reach_a_winner_and_reproduce(name: str, seed: int) -> None:
    game = play_game(Game(name, seed=seed), random.Random(seed))
    assert game.is_over and game.result is not None
    again = play_game(Game(name, seed=seed), random.Random(seed))
    assert again.record() == game.record()
    replayed = Game.replay(json.loads(game.to_json()))
    assert dump(replayed) == dump(game)
    assert Game.from_json(game.to_json()).scores == game.scores


def test_record_carries_the_full_variant() -> None:
    game = Game("nyc", seed=3)
    record = game.record()
    assert record["variant"] == game.variant.to_dict()
    assert record["deals"][0]["dealer"] == game.dealer


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda r: r.pop("variant"), "variant"),
        (lambda r: r.update(format="x"), "format"),
        (lambda r: r["deals"][0]["hands"].__setitem__(0, "AS AS"), "deals[0].hands[0]"),
        (lambda r: r["actions"].append("bid 99"), "actions[4]"),
        (lambda r: r["actions"].__setitem__(2, 3), "actions[2]: expected an action"),
        (lambda r: r.update(actions="bid 3"), "actions: expected a list"),
        (lambda r: r["variant"]["deal"].update(hand_size="x"), "variant.deal.hand_size"),
        (lambda r: r.update(seed=-1), "seed"),
    ],
)
def test_bad_records_say_where(mutate: object, where: str) -> None:
    game = apply_all(
        Game("standard", seed=1, dealer=0, deal=MIXED), "bid 3", "bid 3", "bid 3", "bid 3"
    )
    record = json.loads(game.to_json())
    mutate(record)  # type: ignore[operator]
    with pytest.raises(RecordError) as error:
        Game.replay(record)
    assert where in str(error.value)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda v: v["scoring"]["bags"].update(penalty=-100),
            "variant.scoring.bags.penalty: points lost are written as a positive number and "
            "subtracted: write 100, not -100 (1 problem in the record's variant)",
        ),
        (
            lambda v: v["scoring"]["bags"].update(limti=3),
            "variant.scoring.bags.limti: unknown key 'limti'; did you mean 'limit'? "
            "(1 problem in the record's variant)",
        ),
    ],
)
def test_a_records_variant_is_checked_as_a_variant_file_is(mutate: object, message: str) -> None:
    record = Game("standard", seed=1).record()
    mutate(record["variant"])  # type: ignore[operator]
    with pytest.raises(RecordError) as error:
        Game.replay(record)
    assert str(error.value) == message


def _standings(game: Game) -> tuple[Standing, ...]:
    return tuple(
        Standing(s, b, n)
        for s, b, n in zip(game.scores, game.bags, game.sets_in_a_row, strict=True)
    )


def test_engine_feeds_scoring_nil_and_contracts() -> None:
    """Dealer 0: seats 1, 2, 3, 0 bid 3, nil, 4, 2 -> side 0 (0+2) bid 2 with 2's Nil."""
    game = apply_all(
        Game("standard", seed=9, dealer=0, deal=MIXED), "bid 3", "nil", "bid 4", "bid 2"
    )
    finish_deal(game, random.Random(1))
    deal = game.deal_history[0]
    expected = score_deal(
        game.variant,
        [
            Contract(bid=2, nil_seats=frozenset({2}), seat_bids=((0, 2),)),
            Contract(bid=7, seat_bids=((1, 3), (3, 4))),
        ],
        deal.tricks,
        (Standing(), Standing()),
    )
    assert deal.score == expected
    assert deal.scores == tuple(side.after.score for side in expected.sides)
    if deal.tricks[2]:
        assert any("Nil" in line or "nil" in line for line in expected.sides[0].lines)


def test_blind_nil_scores_two_hundred_when_made() -> None:
    variant = parse_variant("extends: standard\nhouse_rules: [blind-nil-any-time]\n")
    for seed in range(400):
        game = Game(variant, seed=seed, dealer=0)
        game.apply("blind nil")  # seat 1
        rng = random.Random(seed)
        while game.phase != "exchange":
            game.apply("look" if game.phase == "blind" else "bid 4")
        finish_deal(game, rng)
        deal = game.deal_history[0]
        side = deal.score.sides[1]
        assert side.nil_points == (200 if deal.tricks[1] == 0 else -200)
        if deal.tricks[1] == 0:
            return
    pytest.fail("no made Blind Nil in 400 deals")


def test_b8_nyc_first_hand_scores_ten_a_trick() -> None:
    game = finish_deal(Game("nyc", seed=5), random.Random(5))
    deal = game.deal_history[0]
    assert deal.contracts == (None, None)
    for side, seats in enumerate(game.variant.table.sides()):
        assert deal.scores[side] == 10 * sum(deal.tricks[s] for s in seats)


def test_b2_back_to_back_set_ends_the_game() -> None:
    for seed in range(60):
        game = play_game(Game("nyc", seed=seed), random.Random(seed))
        assert game.result is not None  # (played to its end)
        if game.result.reason == "consecutive_sets":
            last, previous = game.deal_history[-1], game.deal_history[-2]
            losers = [
                side
                for side in range(2)
                if last.score.sides[side].was_set and previous.score.sides[side].was_set
            ]
            assert losers
            if len(losers) == 1:
                assert game.winner != losers[0]
            return
    pytest.fail("no game ended by two sets in a row")


def test_deal_history_tricks_add_up() -> None:
    game = play_game(Game("standard", seed=8), random.Random(8))
    for deal in game.deal_history:
        assert sum(deal.tricks) == 13
        assert sorted(str(c) for hand in deal.hands for c in hand) == sorted(
            str(c) for c in game.variant.compile().deck
        )


def test_the_next_deal_is_the_same_whenever_it_is_dealt() -> None:
    """The next deal is dealt when the game is next looked at or played, not when the
    last one is scored; when that happens changes nothing, for the game or a clone."""
    rng = random.Random(5)
    game = finish_deal(Game("standard", seed=5), rng)
    looked = game.clone()
    assert looked.current_player is not None  # deals now
    played = game.clone()
    played.apply_id(played.legal_action_ids()[0])
    looked.apply_id(looked.legal_action_ids()[0])
    assert dump(played) == dump(looked)
    assert dump(game) == dump(game.clone())
    assert game.record()["deals"] == looked.record()["deals"]
    assert len(game.record()["deals"]) == 2
    replayed = Game.replay(game.record())
    assert dump(replayed) == dump(game)


def test_b4_passing_is_simultaneous() -> None:
    variant = parse_variant("extends: standard\nhouse_rules: [passing-three]\n")
    game = Game(variant, seed=1, dealer=0, deal=MIXED)
    assert game.phase == "passing" and game.current_player == 1
    game.apply("pass AH KS QH")
    assert game.observation(3).received == ()  # seat 3 has not passed yet
    game.apply("pass QS JH TD")  # seat 2
    game.apply("pass JS TH 9D")  # seat 3
    assert game.observation(3).received == ()
    game.apply("pass AS KH QD")  # seat 0
    assert game.phase == "bidding"
    assert {str(c) for c in game.observation(3).received} == {"AH", "KS", "QH"}
    assert {"AH", "KS", "QH"} <= {str(c) for c in game.hand(3)}
    assert not {"JS", "TH", "9D"} & {str(c) for c in game.hand(3)}


def test_a_record_naming_whole_card_choices_replays() -> None:
    """Records written when a pass, a discard or a cut was one action ("pass AS KH 2C")
    replay: the whole choice is its cards, one action each, and the game is the same."""
    variant = parse_variant(
        "extends: standard\nhouse_rules: [passing-three, french-cut, kitty-to-dealer]\n"
    )
    game = Game(variant, seed=3)
    rng = random.Random(3)
    while game.deal_number < 2:
        game.apply_id(plausible_id(game, rng))
    record = game.record()
    grouped: list[str] = []
    for text in record["actions"]:
        kind, _, card = text.partition(" ")
        last = grouped[-1].split() if grouped else []
        if kind in ("pass", "discard", "cut") and last and last[0] == kind and len(last) < 4:
            grouped[-1] += " " + card
        else:
            grouped.append(text)
    assert len(grouped) < len(record["actions"])
    assert any(text.count(" ") == 3 for text in grouped)
    replayed = Game.replay({**record, "actions": grouped})
    # the same game; only the order of a pass's cards in the log is the text's (S H D C)
    mine, theirs = game.state_dict(), replayed.state_dict()
    assert sorted(mine.pop("actions")) == sorted(theirs.pop("actions"))
    assert mine == theirs


def test_b3_kitty_to_dealer() -> None:
    variant = parse_variant("extends: standard\nhouse_rules: [kitty-to-dealer]\n")
    game = Game(variant, seed=2, dealer=3)
    assert game.phase == "discard" and game.current_player == 3
    assert len(game.hand(3)) == 15
    game.apply(str(game.legal_actions()[0]))  # one card at a time: the same seat again
    assert len(game.hand(3)) == 14 and game.current_player == 3
    game.apply(str(game.legal_actions()[0]))
    assert len(game.hand(3)) == 13 and len(game.observation(3).discarded) == 2
    assert game.phase == "bidding"


def test_b3_a_whole_discard_in_one_action_is_all_or_nothing() -> None:
    variant = parse_variant("extends: standard\nhouse_rules: [kitty-to-dealer]\n")
    game = Game(variant, seed=2, dealer=3)
    low, second, third = (str(c) for c in game.hand(3)[:3])
    before = dump(game)
    with pytest.raises(IllegalActionError, match="had 2 card"):
        game.apply(f"discard {low} {second} {third}")
    assert dump(game) == before
    with pytest.raises(IllegalActionError, match="does not hold"):
        game.apply(f"discard {low} {game.hand(0)[0]!s}")
    assert dump(game) == before
    game.apply(f"discard {low} {second}")
    assert game.phase == "bidding" and len(game.hand(3)) == 13


def test_b3_widow_revealed_after_play() -> None:
    game = Game("widow-spades", seed=2, dealer=0)
    widow = set(map(str, game.variant.compile().deck)) - {
        str(c) for seat in range(4) for c in game.hand(seat)
    }
    assert len(widow) == 2
    finish_deal(game, random.Random(2))
    assert {str(c) for c in game.deal_history[0].widow} == widow


def test_b3_mitchell_split_and_discard() -> None:
    game = Game("mitchell-spades", seed=4, dealer=0)
    rng = random.Random(4)
    apply_all(game, "bid 4", "bid 3", "bid 3", "bid 3")  # side 1 (1+3) bids 7, side 0 6
    assert game.phase == "discard" and game.current_player == 1
    assert [str(a) for a in game.legal_actions()] == ["split 0/2", "split 1/1", "split 2/0"]
    game.apply("split 1/1")
    assert game.current_player == 1 and len(game.hand(1)) == 14
    game.apply_id(plausible_id(game, rng))
    assert game.current_player == 3
    game.apply_id(plausible_id(game, rng))
    assert game.phase == "play" and all(len(game.hand(s)) == 13 for s in range(4))


def test_b14_two_handed_draw() -> None:
    game = Game("two-handed", seed=3, dealer=0)
    assert game.phase == "draw" and game.current_player == 1
    assert game.observation(1).top_card is not None
    assert game.observation(0).top_card is None
    for _ in range(26):
        game.apply("keep" if _ % 2 else "reject")
    assert game.phase == "bidding"
    assert len(game.hand(0)) == len(game.hand(1)) == 13
    assert len(game.observation(0).discarded) == 13


def test_b2_french_cut() -> None:
    variant = parse_variant("extends: nyc\nhouse_rules: [french-cut]\n")
    game = Game(variant, seed=3, dealer=0)
    assert game.phase == "cut" and game.current_player == 3  # the dealer's right
    cut = game.observation(0).cut
    assert len(cut) == 4 and all(game.observation(s).hand is not None for s in range(4))
    game.apply("cut " + " ".join(str(c) for c in cut))
    for seat in range(4):
        assert cut[seat] in game.hand(seat) and len(game.hand(seat)) == 13


def test_a2_the_deal_passes_clockwise() -> None:
    game = Game("standard", seed=6, dealer=2)
    finish_deal(game, random.Random(6))
    assert game.deal_history[0].dealer == 2 and game.dealer == 3
    finish_deal(game, random.Random(7))
    assert game.dealer == 0
    assert [d["dealer"] for d in game.record()["deals"]] == [2, 3, 0]


def test_kitty_taker_waiting_for_its_captain_looks() -> None:
    """Barmore with a kitty to the dealer, discarded before the bidding: the dealer's
    captain has not chosen blind or not yet, but the dealer must see the cards to discard;
    it looks, and its side can no longer bid blind."""
    variant = parse_variant(
        "extends: barmore\ndeck: {remove: [2H], elevated: [BJ, LJ, 2S]}\n"
        "deal: {leftover: {kind: kitty, to: dealer}}\n"
    )
    game = Game(variant, seed=1, dealer=0)
    assert game.phase == "discard" and game.current_player == 0
    assert game.observation(0).hand is not None and game.legal_action_ids()
    game.apply(str(game.legal_actions()[0]))
    assert game.current_player == 1 and game.phase == "blind"  # the other side still may
    game.apply("look")
    game.apply("bid 4")
    assert game.current_player == 2 and game.phase == "bidding"  # no blind for seat 2


def test_a_game_over_is_described_with_its_deals_counted() -> None:
    # The repr and every refused action's state said 'the game is over after 10 deal(s)'
    game = Game(parse_variant("extends: standard\nhouse_rules: [max-deals-10]\n"), seed=1)
    game.rollout(random.Random(1), deals=20)
    assert game.is_over
    assert "the game is over after 10 deals;" in repr(game)
    with pytest.raises(IllegalActionError) as refused:
        game.apply("bid 3")
    assert refused.value.state == "the game is over after 10 deals"
