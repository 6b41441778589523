"""The computer players (spec Part C): legal, seeded, blind to hidden cards, and the
Standard rule of play and of bidding on hands made for the purpose."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

import spadeslib
from spadeslib.bots import Bot, EasyBot, ExpertBot, ProBot, StandardBot, play_game
from spadeslib.bots.base import BaseBot
from spadeslib.cards import Card
from spadeslib.compiler import Rules
from spadeslib.engine import Action, Game, Observation
from spadeslib.errors import ArgumentError
from spadeslib.policies.standard import LOSE, NIL, SET, WIN, Table, made, mode_of, standard_card
from spadeslib.variant import Variant, load_variant, parse_variant

SIMS = 2
"""Simulations per decision in these tests: enough to run every code path, and fast."""


def _bots(kind: str, players: int, seed: int = 0) -> list[BaseBot]:
    if kind == "easy":
        return [EasyBot(seed + seat) for seat in range(players)]
    if kind == "standard":
        return [StandardBot(seed + seat, simulations=SIMS) for seat in range(players)]
    if kind == "expert":
        return [ExpertBot(seed + seat, budget=SIMS) for seat in range(players)]
    return [ProBot(seed + seat, simulations=SIMS) for seat in range(players)]


def _drive(game: Game, bots: list[BaseBot], *, deals: int) -> set[str]:
    """Play ``deals`` deals (or to the end), checking every action is legal; the kinds of
    action taken."""
    rules = game.variant.compile()
    kinds: set[str] = set()
    while not game.is_over and game.deal_number < deals:
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        action = bots[seat].act(observation, rules)
        assert action in observation.legal_actions, (game.variant.name, str(action))
        assert action in game.legal_actions()
        kinds.add(action.kind)
        game.apply(action)
    return kinds


HOUSE_MIXES = {
    "passing-exchange-misdeal-raise": (
        "standard",
        ["passing-three", "nil-exchange-two", "misdeal-no-spades", "raise-round"],
    ),
    "kitty-blind-highest-bidder": (
        "standard",
        ["kitty-to-dealer", "blind-nil-any-time", "highest-bidder-leads"],
    ),
    "kitty-after-bidding-blind-bids": (
        "standard",
        ["kitty-to-dealer", "kitty-discard-after-bidding", "blind-bids"],
    ),
    "nyc-french-cut": ("nyc", ["french-cut"]),
}


def _variant(name: str) -> Variant:
    if name in HOUSE_MIXES:
        base, rules = HOUSE_MIXES[name]
        return parse_variant(f"name: {name}\nextends: {base}\nhouse_rules: [{', '.join(rules)}]\n")
    return load_variant(name)


VARIANTS = sorted(spadeslib.bundled_variants()) + sorted(HOUSE_MIXES)


@pytest.mark.parametrize("kind", ["easy", "standard", "pro", "expert"])
@pytest.mark.parametrize("name", VARIANTS)
def test_bots_only_choose_legal_actions(name: str, kind: str) -> None:
    variant = _variant(name)
    game = Game(variant, seed=5)
    _drive(game, _bots(kind, variant.compile().players), deals=2)


def test_the_house_mixes_reach_their_decisions() -> None:
    """The mixed variants above do ask for passes, exchanges, discards, cuts and raises."""
    seen: set[str] = set()
    for name in HOUSE_MIXES:
        variant = _variant(name)
        for seed in range(3):
            game = Game(variant, seed=seed)
            seen |= _drive(game, _bots("standard", variant.compile().players, seed), deals=2)
    assert {"pass", "give", "discard", "cut", "stand", "look", "play", "bid"} <= seen


def test_the_cutter_gives_its_side_the_best_turned_up_cards() -> None:
    """The French cut goes out one card at a time; the Standard cutter's side still ends
    with the two best cards (Part C's rule of thumb)."""
    variant = parse_variant("extends: nyc\nhouse_rules: [french-cut]\n")
    rules = variant.compile()
    cuts = 0
    for seed in range(6):
        game = Game(variant, seed=seed)
        if game.phase != "cut":
            continue
        cutter = game.current_player
        assert cutter is not None
        bot = StandardBot(seed, simulations=SIMS)
        while game.phase == "cut":
            game.apply(bot.act(game.observation(cutter), rules))
        given = game.observation(0).cut_given
        worth = [rules.order[rules.card_bits(card)[0]] for card in given]
        ours = [worth[s] for s in range(4) if rules.side_of[s] == rules.side_of[cutter]]
        assert sorted(ours) == sorted(worth)[2:]
        cuts += 1
    assert cuts


def test_easy_bots_play_whole_games_legally() -> None:
    for name in ("standard", "mitchell-spades", "nyc", "barmore"):
        game = Game(name, seed=2)
        _drive(game, _bots("easy", game.variant.compile().players), deals=10_000)
        assert game.is_over


def test_easy_bids_one_to_four() -> None:
    game = Game("standard", seed=9)
    rules = game.variant.compile()
    bot = EasyBot(1)
    for _ in range(4):
        seat = game.current_player
        assert seat is not None
        action = bot.act(game.observation(seat), rules)
        assert action.kind == "bid" and action.number in (1, 2, 3, 4)
        game.apply(action)


def test_a_desperate_side_bids_blind_nil_and_exchanges() -> None:
    """Standard looks at its cards unless its side is far behind and nearly beaten; made
    desperate (the scores in its observation changed), it bids Blind Nil, and the exchange
    that follows is played legally."""
    variant = _variant("kitty-blind-highest-bidder")
    game = Game(variant, seed=3)
    rules = variant.compile()
    bot = StandardBot(0, simulations=SIMS)
    seat = game.current_player
    assert seat is not None and game.phase == "blind"
    observation = game.observation(seat)
    assert bot.act(observation, rules).kind == "look"
    side = rules.side_of[seat]
    scores = tuple(100 if index == side else 450 for index in range(len(rules.sides)))
    desperate = dataclasses.replace(observation, scores=scores)
    action = bot.act(desperate, rules)
    assert action.kind == "blind_nil"
    game.apply(action)
    kinds = _drive(game, _bots("standard", rules.players), deals=1)
    assert "give" in kinds


# -- seeds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["standard", "pro", "expert"])
def test_the_same_seed_gives_the_same_decisions(kind: str) -> None:
    def record() -> list[str]:
        game = Game("standard", seed=21)
        _drive(game, _bots(kind, 4, seed=7), deals=2)
        return game.record()["actions"]  # type: ignore[no-any-return]

    first = record()
    assert first == record()
    assert len(first) > 100


def test_play_game_is_reproducible_and_returns_the_result() -> None:
    def played() -> tuple[Game, object]:
        game = Game("jjdd", seed=4)
        return game, play_game(game, [StandardBot(seat, simulations=SIMS) for seat in range(4)])

    game, result = played()
    again, _ = played()
    assert game.is_over and result is game.result and game.winner is not None
    assert game.record() == again.record()


def test_play_game_needs_a_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="no player for seat 3"):
        play_game(Game("standard", seed=1), [EasyBot(0)] * 3)
    with pytest.raises(RuntimeError, match="not over after 10 actions"):
        play_game(
            Game("standard", seed=1), {seat: EasyBot(seat) for seat in range(4)}, max_actions=10
        )


def test_bots_follow_the_protocol_and_refuse_to_act_out_of_turn() -> None:
    game = Game("standard", seed=1, dealer=3)
    for bot in (EasyBot(0), StandardBot(0), ProBot(0), ExpertBot(0)):
        assert isinstance(bot, Bot)
        with pytest.raises(ValueError, match="seat 2 has no decision"):
            bot.act(game.observation(2), game.variant.compile())


# -- no peeking ----------------------------------------------------------------------------

DECK = [Card.parse(f"{rank}{suit}") for suit in "SHDC" for rank in "23456789TJQKA"]


def _deals_alike_for(seat: int, fixed: dict[int, list[str]], seed: int) -> list[list[str]]:
    """A deal in which ``seat``'s hand is ``fixed[seat]`` and every other seat holds its
    ``fixed`` cards; the rest is shuffled with ``seed``."""
    rest = [str(card) for card in DECK if all(str(card) not in f for f in fixed.values())]
    random.Random(seed).shuffle(rest)
    hands = []
    for other in range(4):
        cards = list(fixed.get(other, []))
        take = 13 - len(cards)
        cards += rest[:take]
        rest = rest[take:]
        hands.append(cards)
    assert hands[seat] == fixed[seat]
    return hands


SOUTH = ["AC", "QC", "7C", "4C", "KD", "9D", "3D", "AH", "JH", "8H", "2H", "QS", "6S"]


MAKERS: dict[str, Callable[[], Bot]] = {
    "easy": lambda: EasyBot(3),
    "standard": lambda: StandardBot(3, 8),
    "pro": lambda: ProBot(3, 8),
    "expert": lambda: ExpertBot(3, 8),
}


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_a_bot_decides_the_same_whatever_the_hidden_cards(kind: str) -> None:
    """Seat 2's hand is the same in both deals, the other hands differ: seat 2 sees the
    same observation and decides the same, to bid and to play."""
    make = MAKERS[kind]
    fixed = {0: ["2C"], 1: ["3C"], 2: SOUTH}
    games = [Game("standard", dealer=3, deal=_deals_alike_for(2, fixed, seed)) for seed in (1, 2)]
    assert games[0].hand(0) != games[1].hand(0)
    rules = games[0].variant.compile()
    for game in games:
        game.apply("bid 3")
        game.apply("bid 3")
    observations = [game.observation(2) for game in games]
    assert observations[0] == observations[1]
    assert make().act(observations[0], rules) == make().act(observations[1], rules)
    for game in games:
        game.apply("bid 3")
        game.apply("bid 3")
        game.apply("play 2C")
        game.apply("play 3C")
    observations = [game.observation(2) for game in games]
    assert observations[0] == observations[1]
    assert make().act(observations[0], rules) == make().act(observations[1], rules)


def test_standard_wins_the_first_trick_with_its_highest_winning_card() -> None:
    fixed = {0: ["2C"], 1: ["3C"], 2: SOUTH}
    game = Game("standard", dealer=3, deal=_deals_alike_for(2, fixed, 1))
    for text in ("bid 3", "bid 3", "bid 3", "bid 3", "play 2C", "play 3C"):
        game.apply(text)
    action = StandardBot(0, simulations=SIMS).act(game.observation(2), game.variant.compile())
    assert action == Action.parse("play AC")


# -- the Standard rule of play, on hand-made tricks -----------------------------------------

RULES: Rules = load_variant("standard").compile()


def _bits(text: str) -> list[int]:
    return [RULES.card_bits(card)[0] for card in text.split()]


def _play(
    hand: str,
    trick: str,
    *,
    mode: int,
    seat: int = 1,
    leader: int = 0,
    nils: int = 0,
    contracts: tuple[int | None, ...] = (4, 4),
) -> str:
    table = Table(RULES, contracts, nils)
    bit = standard_card(
        RULES,
        table,
        mode=mode,
        seat=seat,
        legal=RULES.mask_of(hand),
        trick=_bits(trick),
        leader=leader,
        live=RULES.full_mask & ~RULES.mask_of(hand) & ~RULES.mask_of(trick),
    )
    return str(RULES.deck[bit])


@pytest.mark.parametrize(
    ("hand", "trick", "mode", "played"),
    [
        # short of its bid: win with the highest card that wins ...
        ("AH KH TH 2H", "9H", WIN, "AH"),
        ("2S 5S 3C", "9H", WIN, "5S"),
        # ... and when it cannot win, its lowest card
        ("KH 5H 2H", "AH", WIN, "2H"),
        ("KH 5H 2H", "9H 2S", WIN, "2H"),
        ("7C 3D", "9H", WIN, "3D"),
        # bid reached: lose with its lowest card ...
        ("AH KH 5H 2H", "9H", LOSE, "2H"),
        ("2S 3C 9C", "9H", LOSE, "3C"),
        # ... and when every card wins, win with the highest
        ("AH KH", "2H", LOSE, "AH"),
        # Nil: the highest card that loses, never a winner when a loser is left
        ("AH TH 8H 2H", "9H", NIL, "8H"),
        ("AS KD", "9H", NIL, "KD"),
        # an opponent's Nil is winning: the highest card under it, the highest if none is
        ("AH TH 8H 2H", "9H", SET, "8H"),
        ("2S 3C 9C", "9H", SET, "9C"),
        ("AH KH", "9H", SET, "AH"),
    ],
)
def test_the_standard_rule_of_play(hand: str, trick: str, mode: int, played: str) -> None:
    assert _play(hand, trick, mode=mode) == played


def test_standard_does_not_go_over_a_winning_partner_but_covers_a_nil() -> None:
    # seat 0 leads AH, seat 1 plays 2H: seat 2, seat 0's partner, is to play
    assert _play("KH 3H", "AH 2H", mode=WIN, seat=2) == "3H"
    # seat 0 bid Nil and is winning with 9H: its partner takes the trick
    assert _play("KH 3H", "9H 2H", mode=WIN, seat=2, nils=1 << 0) == "KH"


@pytest.mark.parametrize(
    ("variant", "contracts", "nils", "seat", "tricks", "trick", "leader", "mode"),
    [
        # short of its contract: win
        ("standard", (3, 4), 1 << 3, 0, [1, 0, 1, 0], "", 0, WIN),
        # contract made, the other side's still open (0 of 4, 10 tricks left): press for the set
        ("standard", (3, 4), 1 << 3, 0, [2, 0, 1, 0], "", 0, WIN),
        # ... and once the other side has made its contract, or can no longer: lose
        ("standard", (3, 4), 0, 0, [5, 4, 1, 0], "", 0, LOSE),
        ("standard", (3, 10), 0, 0, [4, 0, 1, 0], "", 0, LOSE),
        # NYC: where overtricks can set the side, it does not press
        ("nyc", (3, 4), 0, 0, [1, 0, 1, 0], "", 0, WIN),
        ("nyc", (3, 4), 0, 0, [2, 0, 1, 0], "", 0, LOSE),
        # a Nil bidder plays its Nil
        ("standard", (3, 4), 1 << 3, 3, [2, 0, 1, 0], "", 3, NIL),
        # seat 1 covers seat 3's Nil while seat 3 has still to play (side 0 is out of reach) ...
        ("standard", (9, 4), 1 << 3, 1, [0, 5, 0, 0], "2H", 0, WIN),
        # ... but not once seat 3 has played a card that is not winning
        ("standard", (9, 4), 1 << 3, 1, [0, 5, 0, 0], "3H 9H", 3, LOSE),
        # an opponent's Nil is alive and winning the trick: leave it the trick ...
        ("standard", (3, 4), 1 << 3, 0, [0, 0, 0, 0], "9H", 3, SET),
        ("standard", (3, 4), 1 << 3, 2, [0, 0, 0, 0], "9H 2H 3H", 3, SET),
        # ... not once the Nil has taken a trick, nor when its partner is winning
        ("standard", (3, 4), 1 << 3, 0, [0, 1, 0, 1], "9H", 3, WIN),
        ("standard", (3, 4), 1 << 3, 2, [0, 0, 0, 0], "9H TH 3H", 3, WIN),
        # no contract (the deal that bids itself) means always playing to win
        ("standard", (None, None), 0, 0, [9, 0, 4, 0], "", 0, WIN),
    ],
)
def test_the_mode_follows_the_contracts_and_the_nils(
    *,
    variant: str,
    contracts: tuple[int | None, ...],
    nils: int,
    seat: int,
    tricks: list[int],
    trick: str,
    leader: int,
    mode: int,
) -> None:
    # compiled here, not kept by the module: nyc's rules outliving its loaded variant would
    # make a later Game("nyc") carry an equal variant, not the one load_variant returns
    rules = load_variant(variant).compile()
    table = Table(rules, contracts, nils)
    side = rules.side_of[seat]
    bits = [rules.card_bits(card)[0] for card in trick.split()]
    chosen = mode_of(
        rules, table, seat, tricks, made(table, side, tricks), trick=bits, leader=leader
    )
    assert chosen == mode


# -- Standard bidding, on an obviously strong and an obviously weak hand --------------------


def _first_bid(hand: str) -> Action:
    fixed = {0: hand.split()}
    game = Game("standard", dealer=3, deal=_deals_alike_for(0, fixed, 3))
    observation: Observation = game.observation(0)
    return StandardBot(0, simulations=12).act(observation, game.variant.compile())


def test_standard_bids_high_on_a_strong_hand() -> None:
    action = _first_bid("AS KS QS JS TS 9S 8S AH KH AD KD AC KC")
    assert action.kind == "bid" and action.number is not None and action.number >= 10


def test_standard_bids_nil_or_almost_nothing_on_a_weak_hand() -> None:
    action = _first_bid("2S 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 5C")
    assert action.kind == "nil" or (action.number is not None and action.number <= 1)


def test_standard_bids_a_middling_hand_near_its_tricks() -> None:
    action = _first_bid("AS 7S 3S AH QH 8H 4H KD 9D 5D JC 6C 2C")
    assert action.kind == "bid" and action.number is not None and 2 <= action.number <= 5


def test_a_bot_reads_the_rules_from_the_observation() -> None:
    game = Game("standard", seed=1)
    seat = game.current_player
    assert seat is not None
    observation = game.observation(seat)
    assert observation.rules is game.variant.compile()
    bot = StandardBot(0, simulations=SIMS)
    assert bot.act(observation) == StandardBot(0, simulations=SIMS).act(
        observation, game.variant.compile()
    )
    read_back = Observation.from_dict(observation.to_dict())
    assert read_back == observation and read_back.rules is None
    with pytest.raises(ValueError, match="pass them"):
        bot.act(read_back)


def test_a_variant_given_for_the_rules_is_refused_saying_to_compile_it() -> None:
    # bot.act(observation, game.variant) raised AttributeError: 'Variant' object has no
    # attribute 'players', from deep inside the bot
    game = Game("standard", seed=1)
    seat = game.current_player
    assert seat is not None
    read_back = Observation.from_dict(game.observation(seat).to_dict())
    for bot in (EasyBot(0), StandardBot(0, simulations=SIMS)):
        with pytest.raises(ArgumentError, match=r"variant\.compile\(\)\), not a Variant"):
            bot.act(read_back, game.variant)  # type: ignore[arg-type]


def test_play_game_lets_the_caller_play_a_seat() -> None:
    """Seat 0 is played by a function (a person, an agent): it answers in text, and an
    illegal answer leaves the game as it was, so play_game can go on after it."""
    asked: list[int] = []

    def lowest_card(observation: Observation) -> str:
        asked.append(observation.seat)
        return str(observation.legal_actions[0])

    game = Game("standard", seed=5)
    result = play_game(game, [lowest_card, EasyBot(1), EasyBot(2), EasyBot(3)])
    assert result is game.result and game.is_over
    assert asked and set(asked) == {0}

    stubborn = Game("standard", seed=5, dealer=3)
    with pytest.raises(spadeslib.IllegalActionError):
        play_game(stubborn, [lambda observation: "bid 99", *[EasyBot(s) for s in (1, 2, 3)]])
    assert stubborn.current_player == 0 and stubborn.record()["actions"] == []
    with pytest.raises(ValueError, match="neither a bot"):
        play_game(stubborn, [EasyBot(0), EasyBot(1), 7, EasyBot(3)])  # type: ignore[list-item]


@pytest.mark.parametrize(
    "make", [lambda: ProBot(3, 8), lambda: ExpertBot(3, 8)], ids=["pro", "expert"]
)
def test_a_bot_decides_from_an_observation_read_back_from_data_after_a_deal(
    make: Callable[[], Bot],
) -> None:
    """An agent at a table server gets observations as data (docs/protocol.md): the bots
    weigh a deal by the sides' runs of sets, which data carries (the rebuilt deal history
    has no explained score, and reading the run from it crashed after the first deal)."""
    variant = parse_variant("extends: standard\nhouse_rules: [back-to-back-set]\n")
    game = Game(variant, seed=4)
    game.rollout(random.Random(4))
    while game.current_player is None or not game.legal_action_ids():
        game.rollout(random.Random(5))
    seat = game.current_player
    observation = game.observation(seat)
    rebuilt = Observation.from_dict(observation.to_dict())
    assert rebuilt.sets_in_a_row == game.sets_in_a_row
    rules = game.variant.compile()
    assert make().act(rebuilt, rules) == make().act(observation, rules)
