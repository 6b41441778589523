"""The Expert that solves its samples (``solve_from``): its worths are those of the solved
endings, it keeps a Nil where solving says so, it falls back to its playouts where a
solved ending cannot be scored (no native core, more than two sides, a Nil already set),
and it is reproducible and checked at the door."""

from __future__ import annotations

from functools import partial

import pytest

from spadeslib import _backend
from spadeslib.analysis import card_values, position_of
from spadeslib.analysis.position import Position
from spadeslib.bots import ExpertBot, StandardBot
from spadeslib.bots.evidence import claims, evidence
from spadeslib.bots.expert import SOLVE_FROM
from spadeslib.bots.solving import WORTH_FROM, outcomes, solved
from spadeslib.bots.tables import determinizer, tables_of
from spadeslib.bots.worth import Worth, seat_bids
from spadeslib.engine import Game, Observation
from spadeslib.engine.core.shuffle import SplitMix64
from spadeslib.engine.search.knowledge import read
from spadeslib.errors import ArgumentError
from spadeslib.simulation.lineup import parse_lineup

NATIVE = _backend.native() is not None

# Seat 0 deals last (dealer 3). After MOVES seat 0 is last to play to trick 11 with 9C 3D
# 7S: seat 1 led JH, seat 2 ruffed with 2S, seat 3 followed 9H; only 7S overruffs.
DEAL = [
    "4C 6C 9C 2D 3D 5D 9D KD 2H 4H 3S 7S 9S",
    "3C AC 4D 7D TD 3H 7H 8H JH 4S 5S QS KS",
    "TC JC QC 8D JD QD AD 6H TH 2S 8S TS JS",
    "2C 5C 7C 8C KC 6D 5H 9H QH KH AH 6S AS",
]
TRICKS = [  # each trick's cards in play order
    "KD 4D QD 6D",
    "9D TD 8D 2C",
    "AC QC 5C 4C",
    "7D JD AS 2D",
    "AH 2H 3H TH",
    "KH 4H 7H 6H",
    "KC 6C 3C JC",
    "QH 9S 8H AD",
    "5D KS TC 5H",
    "QS JS 6S 3S",
    "JH 2S 9H",
]
MOVES = [card for trick in TRICKS for card in trick.split()]


def _ending(bids: tuple[str, ...], moves: int = len(MOVES)) -> tuple[Game, Observation]:
    """The game of DEAL after ``bids`` and the first ``moves`` of MOVES, and seat 0's view
    of it (seat 0 to play)."""
    game = Game("standard", dealer=3, deal=[hand.split() for hand in DEAL])
    for bid in bids:
        game.apply(bid)
    for card in MOVES[:moves]:
        game.apply(f"play {card}")
    assert game.current_player_id() == 0
    return game, game.observation(0)


def _scores(bot: ExpertBot, game: Game, observation: Observation) -> dict[str, float]:
    rules = game.variant.compile()
    return bot.card_scores(observation, rules, list(game.legal_actions()))


def _oracle(
    bot: ExpertBot, game: Game, observation: Observation, *, levels: bool
) -> dict[str, float]:
    """The bot's card scores worked out again: the same samples (its stream copied), each
    solved through spadeslib.analysis (whose solver tests/test_double_dummy.py and
    tests/test_double_dummy_levels.py hold to the plain minimax) for the side's tricks, or
    for their ``levels`` (each number of the side's tricks ranked by its worth), and
    scored by Worth. The seat to play is 0 or 1, its side's first seat."""
    rules = game.variant.compile()
    stream = SplitMix64(0)
    stream.state = bot.stream.state
    knowledge = read(observation, rules)
    tables = tables_of(rules)
    deals = determinizer(knowledge, tables).samples(stream, bot.budget)
    weights = evidence(rules, tables, knowledge, claims(observation, rules), deals)
    worth = Worth(observation, rules)
    contracts = worth.contracts(
        seat_bids(observation), [c or 0 for c in observation.contracts], observation.blind
    )
    seat = knowledge.seat
    ours = 0b0101 << seat
    left = knowledge.hand.bit_count()
    ends = [list(knowledge.tricks) for _ in range(left + 1)]
    for taken, end in enumerate(ends):
        end[seat] += taken
        end[1 - seat] += left - taken
    worths = [worth(contracts, end) for end in ends]
    ranked = sorted(set(worths))
    expected: dict[str, float] = {}
    for deal, weight in zip(deals, weights, strict=True):
        position = Position(
            rules,
            tuple(deal),
            knowledge.leader,
            knowledge.trick,
            knowledge.broken,
            knowledge.trick_number,
            0,
        )
        if levels:
            ranks = [ranked.index(value) for value in worths]
            values = {
                bit: ranked[level]
                for bit, level in card_values(position, ours, ours, levels=ranks).items()
            }
        else:
            values = {
                bit: worths[tricks] for bit, tricks in card_values(position, ours, ours).items()
            }
        for bit, value in values.items():
            expected[str(rules.deck[bit])] = (
                expected.get(str(rules.deck[bit]), 0.0) + weight * value
            )
    total = sum(weights)
    return {card: value / total for card, value in expected.items()}


@pytest.mark.skipif(not NATIVE, reason="solving needs the native core")
def test_a_card_s_worth_is_the_weighted_worth_of_its_solved_endings() -> None:
    """Seat 0 leads trick 9 with 5 cards; its side bid 3 and has 2 tricks. Past its bid a
    trick costs only a bag, so the solver is asked the count."""
    game, observation = _ending(("bid 2", "bid 4", "bid 1", "bid 4"), moves=32)
    bot = ExpertBot(9, budget=12, solve_from=5)
    expected = _oracle(bot, game, observation, levels=False)
    scores = _scores(bot, game, observation)
    assert scores == pytest.approx({card: expected[card] for card in scores})
    # the playouts value this ending otherwise: the test tells solving from playing
    played = _scores(ExpertBot(9, budget=12), game, observation)
    assert played.keys() == scores.keys()
    assert played != pytest.approx(scores, abs=0.5)


def _nyc_ending(cards: int = 5) -> tuple[Game, Observation]:
    """A game of NYC between Standard bots, at a turn of seat 0 or 1 with ``cards`` cards
    in hand where more tricks are worth less to its side: a third overtrick would set it
    (in the second deal: the first bids itself, ten a trick)."""
    for seed in range(100):
        game = Game("nyc", seed=seed)
        rules = game.variant.compile()
        bots = [StandardBot(seat, simulations=4) for seat in range(rules.players)]
        while game.phase != "over" and len(game.deal_history) < 2:
            seat = game.current_player_id()
            if (
                game.deal_history
                and game.phase == "play"
                and seat < 2
                and len(game.hand(seat)) == cards
            ):
                observation = game.observation(seat)
                knowledge = read(observation, rules)
                worth = Worth(observation, rules)
                contracts = worth.contracts(
                    seat_bids(observation),
                    [c or 0 for c in observation.contracts],
                    observation.blind,
                )
                if outcomes(rules, knowledge, partial(worth, contracts)):
                    return game, observation
            game.apply(bots[seat].act(game.observation(seat), rules))
    raise AssertionError("no such ending in the first 100 seeds")


@pytest.mark.skipif(not NATIVE, reason="solving needs the native core")
def test_where_overtricks_set_a_side_a_card_s_worth_is_its_best_outcome_s() -> None:
    """NYC: the solver is asked for the worth (levels), so a card is worth the best
    outcome its side can be sure of, not the one of the most tricks."""
    game, observation = _nyc_ending()
    bot = ExpertBot(4, budget=12, solve_from=5)
    expected = _oracle(bot, game, observation, levels=True)
    scores = _scores(bot, game, observation)
    assert scores == pytest.approx({card: expected[card] for card in scores})
    # the count's answer differs: the test tells the two questions apart
    assert expected != pytest.approx(_oracle(bot, game, observation, levels=False), abs=0.5)


@pytest.mark.skipif(not NATIVE, reason="solving needs the native core")
@pytest.mark.parametrize("cards", [WORTH_FROM, WORTH_FROM + 1])
def test_an_ending_played_for_its_worth_is_solved_from_worth_from_cards(cards: int) -> None:
    """The worth's search costs several times the count's: above WORTH_FROM cards such an
    ending is played out, whatever ``solve_from`` says."""
    game, observation = _nyc_ending(cards)
    solving = _scores(ExpertBot(4, budget=12, solve_from=13), game, observation)
    playing = _scores(ExpertBot(4, budget=12), game, observation)
    if cards > WORTH_FROM:
        assert solving == playing
    else:
        assert solving != pytest.approx(playing, abs=0.5)


@pytest.mark.skipif(not NATIVE, reason="solving needs the native core")
def test_it_overruffs_to_keep_its_partner_s_nil() -> None:
    """Seat 2's Nil is live and its 2S wins the trick unless seat 0 overruffs with 7S:
    in every sample the Nil question says the other cards set it."""
    game, observation = _ending(("bid 3", "bid 4", "nil", "bid 4"))
    rules = game.variant.compile()
    assert game.tricks_won[2] == 0
    bot = ExpertBot(3, budget=16, solve_from=3)
    assert str(bot.play(observation, rules, list(game.legal_actions()))) == "play 7S"
    scores = _scores(ExpertBot(3, budget=16, solve_from=3), game, observation)
    assert scores["7S"] > max(scores["9C"], scores["3D"]) + 100


@pytest.mark.skipif(not NATIVE, reason="solving needs the native core")
def test_a_nil_that_can_be_set_is_charged_one_trick() -> None:
    """Seat 2's Nil is live with 5 cards a hand left, and the other side can make it take
    two or three tricks: the ending charges it one (the Nil is set; the side setting it
    goes on to its own contract), seat 0 the contract's answer cut to the 4 tricks left,
    the other side the rest."""
    game, observation = _ending(("bid 3", "bid 4", "nil", "bid 4"), moves=32)
    rules = game.variant.compile()
    position = position_of(game)
    forced = card_values(position, 1 << 2, 0b1010)
    assert game.tricks_won[2] == 0
    assert min(forced.values()) >= 2  # the count's answer differs: the test tells them apart
    contract = card_values(position, 1 << 0, 0b0101)
    knowledge = read(observation, rules)
    candidates = sorted(forced)
    ends = solved(rules, knowledge, position.hands, candidates)
    now = list(game.tricks_won)
    for bit, end in zip(candidates, ends, strict=True):
        ours = min(contract[bit], 4)
        assert end == [now[0] + ours, now[1] + 4 - ours, 1, now[3]], bit


def test_the_same_seed_solves_the_same() -> None:
    game, observation = _ending(("bid 3", "bid 4", "nil", "bid 4"))
    first = _scores(ExpertBot(5, budget=10, solve_from=3), game, observation)
    assert _scores(ExpertBot(5, budget=10, solve_from=3), game, observation) == first


def test_without_the_native_core_it_plays_its_samples_out() -> None:
    game, observation = _ending(("bid 3", "bid 4", "nil", "bid 4"))
    with _backend.pure_python():
        solving = _scores(ExpertBot(6, budget=8, solve_from=13), game, observation)
        playing = _scores(ExpertBot(6, budget=8), game, observation)
    assert solving == playing


def test_a_nil_already_set_is_played_out() -> None:
    """Seat 1 bid Nil and has taken four tricks: no question scores its further tricks
    (bags that do not help its partner), so the samples are played out."""
    game, observation = _ending(("bid 3", "nil", "bid 4", "bid 4"))
    assert game.tricks_won[1] > 0
    solving = _scores(ExpertBot(7, budget=10, solve_from=13), game, observation)
    assert solving == _scores(ExpertBot(7, budget=10), game, observation)


def test_more_than_two_sides_are_played_out() -> None:
    game = Game("cutthroat", seed=3)
    rules = game.variant.compile()
    bots = [StandardBot(seat, simulations=4) for seat in range(rules.players)]
    while game.phase != "play" or len(game.hand(game.current_player_id())) > 3:
        seat = game.current_player_id()
        game.apply(bots[seat].act(game.observation(seat), rules))
    observation = game.observation(game.current_player_id())
    solving = _scores(ExpertBot(8, budget=10, solve_from=13), game, observation)
    assert solving == _scores(ExpertBot(8, budget=10), game, observation)


@pytest.mark.parametrize("bad", [-1, True, 2.5, "6", None])
def test_solve_from_is_a_number_of_cards(bad: object) -> None:
    with pytest.raises(ArgumentError, match=r"solve_from must be a number of cards.*not "):
        ExpertBot(1, solve_from=bad)  # type: ignore[arg-type]


def test_repr_shows_solve_from_and_can_be_pasted_back() -> None:
    bot = ExpertBot(1, budget=50, solve_from=6)
    assert repr(bot) == "ExpertBot(seed=1, budget=50, solve_from=6)"
    assert repr(ExpertBot(1, budget=50)) == "ExpertBot(seed=1, budget=50)"


def test_the_expert_dd_level_solves_from_its_default() -> None:
    game = Game("standard", seed=1)
    bots = parse_lineup("expert-dd:50", game.variant).bots(1)
    assert all(isinstance(bot, ExpertBot) for bot in bots)
    assert {(bot.budget, bot.solve_from) for bot in bots if isinstance(bot, ExpertBot)} == {
        (50, SOLVE_FROM)
    }
