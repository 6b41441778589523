"""The Expert: the worth of a deal's ending by the scoring, equivalent cards, the bids as
evidence, and its choices in positions where the Standard rule goes wrong."""

from __future__ import annotations

import dataclasses
import random

import pytest

from spadeslib import Variant, parse_variant
from spadeslib.bots import ExpertBot, StandardBot
from spadeslib.bots.evidence import claims, evidence
from spadeslib.bots.expert import distinct_cards
from spadeslib.bots.tables import tables_of
from spadeslib.bots.worth import GAME_WORTH, Worth, seat_bids
from spadeslib.cards import Card
from spadeslib.compiler.bids import NIL
from spadeslib.engine import Game, Observation
from spadeslib.engine.search.knowledge import read
from spadeslib.errors import ArgumentError

# Seat 1 holds no club and two trumps, the ace and the three; seat 0 leads the clubs.
RUFF = [
    "AC KC QC JC TC 9C AD KD QD AH KH QH JH",
    "AS 3S 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H",
    "8C 7C 6C KS QS JS TS 9S 7D 8D 9D TD JD",
    "5C 4C 3C 2C 8S 7S 6S 5S 4S 2S 8H 9H TH",
]


def _game(bids: list[str], *, deal: list[str] = RUFF, variant: str | Variant = "standard") -> Game:
    game = Game(variant, dealer=3, deal=[hand.split() for hand in deal])
    for bid in bids:
        game.apply(bid)
    return game


def _observation(game: Game, **changes: object) -> Observation:
    seat = game.current_player
    assert seat is not None
    return dataclasses.replace(game.observation(seat), **changes)  # type: ignore[arg-type]


# -- the worth of an ending ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "scores", "bags", "worth"),
    [
        # bid 4 + 3 = 7 against 3 + 3 = 6; both made exactly: 70 - 60
        ((4, 3, 3, 3), (0, 0), (0, 0), 10.0),
        # side 0 takes one more, side 1 is set: 71 and a bag (10 a bag) against -60
        ((5, 2, 3, 3), (0, 0), (0, 0), 71 - 10 + 60),
        # the same with 9 bags before: the tenth costs its 100 now, and no bag is carried
        ((5, 2, 3, 3), (0, 0), (9, 0), 71 - 100 + 60),
        # ... where taking no overtrick keeps the 9 bags: 9 x 10 to pay later
        ((4, 3, 3, 3), (0, 0), (9, 0), 70 - 90 - 60),
        # side 0 reaches 500: the game
        ((4, 3, 3, 3), (440, 0), (0, 0), 510 - 60 + GAME_WORTH),
    ],
)
def test_an_ending_is_worth_the_side_s_equity_less_the_others(
    tricks: tuple[int, ...], scores: tuple[int, int], bags: tuple[int, int], worth: float
) -> None:
    game = _game(["bid 4", "bid 3", "bid 3", "bid 3"])
    observation = _observation(game, scores=scores, bags=bags)
    rules = game.variant.compile()
    value = Worth(observation, rules)
    contracts = value.contracts(seat_bids(observation), [7, 6], (False, False))
    assert value(contracts, tricks) == pytest.approx(worth)


def test_a_failed_nil_costs_its_side() -> None:
    game = _game(["nil", "bid 3", "bid 4", "bid 3"])
    observation = _observation(game)
    rules = game.variant.compile()
    value = Worth(observation, rules)
    contracts = value.contracts(seat_bids(observation), [4, 6], (False, False))
    # 40 + 100 for the Nil, against 63 and 3 bags
    assert value(contracts, (0, 3, 4, 6)) == pytest.approx(140 - (63 - 30))
    # 40 - 100 for the Nil + 1 for its trick, a bag, against 62 and 2 bags
    assert value(contracts, (1, 3, 4, 5)) == pytest.approx(-59 - 10 - (62 - 20))


# -- equivalent cards ------------------------------------------------------------------------


def test_cards_with_no_other_hand_s_card_between_them_are_one_choice() -> None:
    rules = Game("standard").variant.compile()
    mask = rules.mask_of(["AS", "KS", "9S", "7S", "2H"])
    # QS, JS, TS and 8S are elsewhere: only AS and KS, touching, are one choice
    live = rules.mask_of(["QS", "JS", "TS", "8S", "3S"])
    assert len(distinct_cards(rules, mask, live)) == 4
    # with QS..TS played, AS and KS and 9S take the same tricks; 8S still splits 9S and 7S
    live = rules.mask_of(["8S", "3S"])
    chosen = distinct_cards(rules, mask, live)
    assert [rules.deck[bit].code for bit in chosen] == [
        rules.deck[rules.card_bits(card)[0]].code for card in ("2H", "7S", "9S")
    ]


# -- the bids as evidence -------------------------------------------------------------------


def test_a_sample_that_explains_the_bids_weighs_more() -> None:
    game = _game(["bid 6"])
    rules = game.variant.compile()
    observation = game.observation(1)
    knowledge = read(observation, rules)
    tables = tables_of(rules)
    strong = rules.mask_of(["AS", "KS", "QS", "JS", "AH", "AD", "AC"])
    weak = rules.mask_of(["2S", "3H", "4H", "5D", "6D", "7C", "8C"])
    made = claims(observation, rules)
    assert made == [((0,), 6)]
    weights = evidence(rules, tables, knowledge, made, [[strong, 0, 0, 0], [weak, 0, 0, 0]])
    assert weights[0] > 10 * weights[1]
    assert evidence(rules, tables, knowledge, [], [[weak, 0, 0, 0]]) == [1.0]
    nil = evidence(rules, tables, knowledge, [((0,), 0)], [[strong, 0, 0, 0], [weak, 0, 0, 0]])
    assert nil[1] > nil[0]
    # a seat's own bid claims nothing to itself
    assert claims(game.observation(0), rules) == []


def test_a_team_bid_claims_the_partnership_s_hands() -> None:
    game = Game("nyc", seed=3)  # the first deal bids itself: the second has team bids
    rules = game.variant.compile()
    while game.deal_number == 0 or game.phase != "play":
        seat = game.current_player
        assert seat is not None
        game.apply(game.legal_actions()[0])
    observation = game.observation(0)
    made = claims(observation, rules)
    other = 1 - rules.side_of[0]
    assert made == [(rules.sides[other], observation.contracts[other])]


# -- choices ---------------------------------------------------------------------------------


def test_expert_ruffs_low_where_standard_ruffs_with_its_ace() -> None:
    game = _game(["bid 4", "bid 3", "bid 3", "bid 3", "play AC"])
    rules = game.variant.compile()
    observation = game.observation(1)
    assert str(StandardBot(1).act(observation, rules)) == "play AS"
    assert str(ExpertBot(1, budget=100).act(observation, rules)) != "play AS"


def test_a_nil_bidder_ducks_under_the_card_led() -> None:
    game = _game(
        ["bid 4", "nil", "bid 3", "bid 3", "play AH"], deal=[RUFF[0], RUFF[3], RUFF[2], RUFF[1]]
    )
    rules = game.variant.compile()
    action = ExpertBot(2, budget=50).act(game.observation(1), rules)
    assert str(action.cards[0]) in ("8H", "9H", "TH")


def test_expert_covers_its_partner_s_nil() -> None:
    """Its partner's Nil leads the 9 of hearts, second hand plays under it: the Expert
    goes over the 9, so that the Nil does not win the trick."""
    deal = [
        "9H 4H 2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 2S",
        "2H 5H 6H KH 6C 7C 8C 9C 8D 9D 3S 4S 5S",
        "TH 3H AH QH TC JC QC TD JD QD 6S 7S 8S",
        "7H 8H JH KC AC KD AD 9S TS JS QS KS AS",
    ]
    game = _game(["nil", "bid 3", "bid 4", "bid 3", "play 9H", "play 5H"], deal=deal)
    rules = game.variant.compile()
    action = ExpertBot(4, budget=100).act(game.observation(2), rules)
    assert str(action) in ("play TH", "play QH", "play AH")


def test_expert_lets_an_enemy_nil_take_the_trick() -> None:
    """Seat 3 bid Nil and plays last; every heart left is above the 4, so the Expert
    plays the 4 and the Nil must take the trick if it holds a heart. The Standard rule,
    short of its contract, wins with the ace instead."""
    deal = [
        "2H KH 2C 3C 4C 5C 2D 3D 4D 5D AS KS QS",
        "3H QH 6C 7C 8C 9C 6D 7D 8D 9D JS TS 9S",
        "4H AH JH TC JC QC TD JD QD 8S 7S 6S 5S",
        "5H 6H 7H 8H 9H TH KC AC KD AD 4S 3S 2S",
    ]
    game = _game(["bid 4", "bid 3", "bid 4", "nil", "play 2H", "play 3H"], deal=deal)
    rules = game.variant.compile()
    observation = game.observation(2)
    assert str(StandardBot(4).act(observation, rules)) == "play AH"
    assert str(ExpertBot(4, budget=100).act(observation, rules)) == "play 4H"


def test_the_same_seed_and_budget_decide_the_same() -> None:
    game = _game(["bid 4", "bid 3", "bid 3", "bid 3", "play AC"])
    rules = game.variant.compile()
    observation = game.observation(1)
    choices = {str(ExpertBot(5, budget=40).act(observation, rules)) for _ in range(3)}
    assert len(choices) == 1


def test_a_time_limit_still_decides() -> None:
    game = _game(["bid 4"])
    rules = game.variant.compile()
    action = ExpertBot(1, budget=64, time_limit=1e-9).act(game.observation(1), rules)
    assert action in game.legal_actions()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"budget": 0}, "budget must be at least 1"),
        ({"time_limit": 0}, "time_limit must be a positive number"),
        ({"time_limit": -1.0}, "time_limit must be a positive number"),
    ],
)
def test_bad_settings_are_refused(arguments: dict[str, object], words: str) -> None:
    with pytest.raises(ArgumentError, match=words):
        ExpertBot(1, **arguments)  # type: ignore[arg-type]


def test_expert_bids_by_the_score_of_the_deal() -> None:
    """A strong hand bids high; the same hand, its side at 480 of 500 with the opponents
    far behind, bids no more than it needs to be sure of the game."""
    game = _game([], deal=[RUFF[2], RUFF[0], RUFF[1], RUFF[3]])
    rules = game.variant.compile()
    bot = ExpertBot(3, budget=100)
    usual = bot.act(game.observation(0), rules)
    assert usual.kind == "bid" and (usual.number or 0) >= 3
    ahead = _observation(game, scores=(480, 0))
    near = ExpertBot(3, budget=100).act(ahead, rules)
    assert near.kind == "bid" and (near.number or 0) <= (usual.number or 0)


# -- blind decisions ---------------------------------------------------------------------


def _blind_position(variant: str, seed: int) -> Game:
    """A seeded game of random actions, stopped at its first blind decision."""
    game = Game(variant, seed=seed)
    rng = random.Random(seed)
    while game.phase != "blind":
        assert not game.is_over
        ids = game.legal_action_ids()
        game.apply_id(ids[rng.randrange(len(ids))])
    return game


def test_expert_bids_blind_in_nyc_where_it_pays() -> None:
    """NYC's blind 6 doubles if made and is not set for overtricks: for a side 160 behind
    it is worth more than the bid an average hand makes after looking (bench/blind.py:
    +58 points a deal where the Expert and Standard's rule differ). Standard's rule
    looks unless the game is nearly lost."""
    game = _blind_position("nyc", 0)
    observation = game.observation(game.current_player or 0)
    assert observation.hand is None  # the decision is made without seeing the cards
    assert StandardBot(1).act(observation).kind == "look"
    assert ExpertBot(1, budget=200).act(observation).kind == "blind"


def test_expert_looks_rather_than_risk_a_blind_nil_early() -> None:
    """A Blind Nil fails more often than not: 100 behind early in the game, the Expert
    looks; 100 behind near the end, where the 200 of a Blind Nil made would win the game,
    it takes the chance."""
    game = _blind_position("standard", 0)
    seat = game.current_player
    assert seat is not None
    side = game.variant.compile().side_of[seat]
    legal = {action.kind for action in game.legal_actions()}
    assert legal == {"look", "blind_nil"}

    def scores(mine: int, theirs: int) -> tuple[int, int]:
        return (mine, theirs) if side == 0 else (theirs, mine)

    early = _observation(game, scores=scores(-100, 0))
    assert ExpertBot(1, budget=200).act(early).kind == "look"
    late = _observation(game, scores=scores(320, 420))
    assert ExpertBot(1, budget=200).act(late).kind == "blind_nil"


def test_a_captain_with_a_hand_of_low_cards_names_its_own_nil_in_the_team_bid() -> None:
    """Partnership bidding with Nil: the captain's team bid may name its own Nil (or its
    partner's); the Expert weighs those team bids with the rest."""
    low = [
        "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H",
        "AS KS QS JS TS 9S AC KC QC AD KD AH KH",
        "8S 7S 6S 5S 4S 3S 2S JC TC 9C 8C QD JD",
        "7C 6C TD 9D 8D 7D 6D QH JH TH 9H 8H 7H",
    ]
    variant = parse_variant("extends: standard\nhouse_rules: [partnership-bidding]\n")
    game = _game([], deal=low, variant=variant)
    observation = game.observation(0)
    assert any(action.parts for action in observation.legal_actions)
    choice = ExpertBot(1, budget=200).act(observation)
    assert choice.parts is not None and choice.parts[0] == NIL, choice


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        ("BJ LJ 2D 2S AS KS QS JS TS AH KH AC KC", "come_out"),  # ten tricks on its own
        ("3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H 6H 7H", "stand"),  # the blind 6 is hard enough
    ],
)
def test_expert_comes_out_of_a_blind_six_with_a_hand_worth_ten(hand: str, answer: str) -> None:
    """NYC: having bid blind 6, the side may "come out" to a plain 10 once it has looked
    (200 if made, against 120 for the blind 6): worth it only with the tricks for it."""
    game = _blind_position("nyc", 0)
    game.apply("blind 6")
    assert {action.kind for action in game.legal_actions()} == {"come_out", "stand"}
    cards = tuple(Card.parse(card) for card in hand.split())
    observation = _observation(game, hand=cards)
    assert ExpertBot(1, budget=200).act(observation).kind == answer


def test_expert_raises_a_contract_its_side_s_hands_beat_easily() -> None:
    """The raise round: a side that bid 2 holding seat 0's clubs, diamonds and hearts
    raises (the contract's points rise with it); one that bid all it can take stands."""
    variant = parse_variant("extends: standard\nhouse_rules: [raise-round]\n")
    low = _game(["bid 1", "bid 3", "bid 1", "bid 3"], variant=variant)
    assert low.phase == "raise" and low.current_player == 0
    choice = ExpertBot(1, budget=200).act(low.observation(0))
    assert choice.kind == "raise" and (choice.number or 0) >= 5, choice
    high = _game(["bid 6", "bid 3", "bid 2", "bid 1"], variant=variant)
    assert high.phase == "raise" and high.current_player == 0
    assert ExpertBot(1, budget=200).act(high.observation(0)).kind == "stand"


def test_card_scores_are_the_numbers_the_expert_plays_by() -> None:
    """``ExpertBot.card_scores``: each card weighed, and the highest is the card played
    (the same seed draws the same samples)."""
    from spadeslib import Game
    from spadeslib.bots import ExpertBot

    game = Game("standard", seed=4)
    while game.phase != "play":
        game.apply(next(iter(game.legal_actions())))
    game.apply(next(iter(game.legal_actions())))  # the lead: the next seat follows
    seat = game.current_player_id()
    observation = game.observation(seat)
    rules = game.variant.compile()
    scores = ExpertBot(9, budget=40).card_scores(observation, rules, observation.legal_actions)
    played = ExpertBot(9, budget=40).play(observation, rules, observation.legal_actions)
    assert str(played.cards[0]) == max(scores, key=lambda card: scores[card])
    assert set(scores) <= {str(action.cards[0]) for action in observation.legal_actions}
