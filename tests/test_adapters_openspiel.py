"""The OpenSpiel adapter (issue 13): ``spadeslib`` loads for every bundled variant,
passes OpenSpiel's random-simulation test (with serialisation), deals through chance
nodes, and its tensors and returns are the engine's."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel

from spadeslib.adapters.openspiel import GAME_NAME, SpadesGame, SpadesState, register
from spadeslib.engine import Game
from spadeslib.engine.views.tensors import information_state_layout, observation_layout
from spadeslib.errors import ArgumentError, IllegalActionError, SpadesError
from spadeslib.loader import bundled_variants
from spadeslib.variant import load_variant

BUNDLED = sorted(bundled_variants())

register()


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_variant_passes_the_random_simulation_test(name: str) -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": name})
    pyspiel.random_sim_test(game, num_sims=1, serialize=name != "six-handed", verbose=False)


def _play(game: SpadesGame, seed: int) -> SpadesState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            assert sum(chances) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_hand_is_dealt_by_chance_then_played_to_its_points() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "nyc", "seed": 3})
    rules = load_variant("nyc").compile()
    assert game.num_players() == 4 and game.max_chance_outcomes() == 52
    assert game.num_distinct_actions() == rules.actions.num_distinct_actions
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    for _ in range(52):
        assert state.is_chance_node()
        state.apply_action(state.chance_outcomes()[0][0])  # the deck in order
    dealt = state.game
    assert dealt is not None and not state.is_chance_node()
    # one card at a time from the dealer's left: seat (dealer + 1) has cards 0, 4, 8, ...
    first = (dealt.dealer + 1) % 4
    assert [rules.deck.index(card) for card in dealt.hand(first)] == list(range(0, 52, 4))
    state = _play(game, 1)
    finished = state.game
    assert finished is not None and finished.deal_number == 1
    points = [side.total for side in finished.deal_history[0].score.sides]
    assert state.returns() == [float(points[rules.side_of[s]]) for s in range(4)]
    low, high = game.min_utility(), game.max_utility()
    assert all(low <= value <= high for value in state.returns())


def test_the_win_reward_over_a_whole_game() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "nyc", "deals": 0, "reward": "game"})
    state = _play(game, 2)
    assert state.game is not None and state.game.is_over
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0, 1.0]
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_a_state_clones_and_deserialises_to_the_same_position() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "standard"})
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(52 + 10):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copied = state.clone()
    assert str(copied) == str(state) and copied.history() == state.history()
    copied.apply_action(copied.legal_actions()[0])
    assert copied.history() != state.history()  # independent
    loaded = game.deserialize_state(state.serialize())
    assert loaded.history() == state.history()
    assert loaded.game.record() == state.game.record()
    assert copy.deepcopy(state).game.record() == state.game.record()


def test_the_tensors_are_the_engines() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "standard"})
    rules = load_variant("standard").compile()
    state = game.new_initial_state()
    assert not np.asarray(state.observation_tensor(0)).any()  # a chance node: nobody's
    rng = random.Random(8)
    while state.is_chance_node() or len(state.history()) < 60:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(4):
        observed = np.asarray(state.observation_tensor(seat), np.float32)
        assert observed.shape == observation_layout(rules).shape
        assert np.array_equal(observed, state.game.observation_tensor(seat))
        full = np.asarray(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(full, state.game.information_state_tensor(seat))
        assert full.shape == information_state_layout(rules).shape
    assert state.observation_string(0) != state.observation_string(1)
    assert state.information_state_string(0).startswith("seat 0: ")


def test_two_packs_name_each_copy_of_a_card() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "six-handed"})
    state = game.new_initial_state()
    names = [state.action_to_string(pyspiel.PlayerId.CHANCE, bit) for bit in range(102)]
    assert len(set(names)) == 102


def test_bad_parameters_are_spadeslib_errors() -> None:
    with pytest.raises(SpadesError, match="nonesuch"):
        pyspiel.load_game(GAME_NAME, {"variant": "nonesuch"})
    with pytest.raises(ArgumentError, match="deals"):
        pyspiel.load_game(GAME_NAME, {"deals": -1})
    with pytest.raises(ArgumentError, match="'money'"):
        pyspiel.load_game(GAME_NAME, {"reward": "money"})
    with pytest.raises(IllegalActionError, match="not a card still to deal"):
        game = pyspiel.load_game(GAME_NAME)
        state = game.new_initial_state()
        state.apply_action(0)
        state.apply_action(0)  # that card is dealt already


def test_a_resampled_state_looks_the_same_to_its_seat_and_is_ismcts_s_world() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(GAME_NAME, {"variant": "standard"})
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 70:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.legal_actions() == state.legal_actions()
    others = [s for s in range(4) if s != seat]
    assert any(world.game.hand(s) != state.game.hand(s) for s in others)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(1))
    assert bot.step(state) in state.legal_actions()


def _same_or_same_error(mine: object, theirs: object) -> None:
    """Both calls give the same answer, or both raise pyspiel's error."""
    results = []
    for call in (mine, theirs):
        try:
            results.append(call())  # type: ignore[operator]
        except pyspiel.SpielError:
            results.append("SpielError")
    assert results[0] == results[1]


MISDEALS = "extends: standard\nhouse_rules: [misdeal-one-spade]\n"


@pytest.mark.parametrize("name", ["standard", "two-handed", MISDEALS])
def test_the_methods_answered_in_python_are_pyspiel_s_own(name: str, tmp_path: Path) -> None:
    """The state answers ``is_chance_node``, ``legal_actions``, ``legal_actions_mask`` and
    the tensors from the turn it keeps, where pyspiel's C++ versions call back into the
    state several times; each gives what the C++ version gives (or the same error), at
    chance nodes, at every player's turn, after a misdeal and at the end."""
    if name == MISDEALS:
        path = tmp_path / "misdeals.yaml"
        path.write_text(name)
        name = str(path)
    game = pyspiel.load_game(GAME_NAME, {"variant": name, "deals": 6})
    players = game.num_players()
    base = pyspiel.State
    rng = random.Random(3)
    state = game.new_initial_state()
    steps = misdeals = 0
    while True:
        assert state.is_chance_node() == base.is_chance_node(state)
        assert state.is_player_node() == base.is_player_node(state)
        for player in (None, pyspiel.PlayerId.CHANCE, *range(players)):
            args = () if player is None else (int(player),)
            _same_or_same_error(
                lambda a=args: state.legal_actions(*a), lambda a=args: base.legal_actions(state, *a)
            )
            _same_or_same_error(
                lambda a=args: state.legal_actions_mask(*a),
                lambda a=args: base.legal_actions_mask(state, *a),
            )
        if steps % 7 == 0 or state.is_terminal():
            for player in (None, -1, players, *range(players)):
                args = () if player is None else (player,)
                for method in ("observation_tensor", "information_state_tensor"):
                    _same_or_same_error(
                        lambda a=args, m=method: getattr(state, m)(*a),
                        lambda a=args, m=method: getattr(base, m)(state, *a),
                    )
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            texts = [state.action_to_string(action) for action in legal]
            if "misdeal" in texts and rng.random() < 0.5:  # (a random bid seldom is one)
                state.apply_action(legal[texts.index("misdeal")])
                misdeals += 1
            else:
                state.apply_action(rng.choice(legal))
        steps += 1
    assert steps > 300
    assert misdeals > 0 or not name.endswith("misdeals.yaml")


def _dealt(game: SpadesGame, seed: int) -> SpadesState:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


def _engine(state: SpadesState) -> Game:
    """The Spades game of a state dealt (``state.game`` is ``None`` only while the first
    deal is being dealt)."""
    assert state.game is not None
    return state.game


def test_a_spadesbot_plays_its_bot_s_choice_one_card_a_step(tmp_path: Path) -> None:
    from spadeslib.adapters.openspiel import SpadesBot
    from spadeslib.bots import StandardBot
    from spadeslib.engine import Action

    path = tmp_path / "passing.yaml"
    path.write_text("extends: standard\nhouse_rules: [passing-three]\n")
    game = pyspiel.load_game(GAME_NAME, {"variant": str(path)})
    rules = load_variant(path).compile()
    state = _dealt(game, 1)
    bot, twin = SpadesBot(StandardBot(seed=5)), StandardBot(seed=5)  # twin: asked directly
    for _ in range(60):
        seat = state.current_player()
        engine = _engine(state)
        expected = engine.action_space.id_of(twin.act(engine.observation(seat), rules))
        assert bot.step(state) == expected
        state.apply_action(expected)

    class WholePass:
        """A bot that answers a pass with all three cards at once (Game.apply's form)."""

        def act(self, observation: Any, rules: Any = None) -> Action:
            cards = " ".join(str(card) for card in observation.hand[:3])
            return Action.parse(f"pass {cards}" if observation.phase == "passing" else "")

    state = _dealt(game, 2)
    seat = state.current_player()
    whole = SpadesBot(WholePass())
    choice = WholePass().act(_engine(state).observation(seat))
    for expected in _engine(state).action_space.ids_of(choice):  # one card a step, same seat
        assert state.current_player() == seat
        assert whole.step(state) == expected
        state.apply_action(expected)
    assert len(choice.cards) == 3 and state.current_player() != seat  # its pass is made


def test_a_spadesbot_refuses_what_it_cannot_play() -> None:
    from spadeslib.adapters.openspiel import SpadesBot
    from spadeslib.bots import EasyBot

    with pytest.raises(ArgumentError, match="spadeslib bot"):
        SpadesBot(object())  # type: ignore[arg-type]
    bot = SpadesBot(EasyBot(seed=1))
    game = pyspiel.load_game(GAME_NAME)
    with pytest.raises(ArgumentError, match="at its turn"):
        bot.step(game.new_initial_state())  # a chance node
    with pytest.raises(ArgumentError, match="spadeslib state"):
        bot.step(pyspiel.load_game("tic_tac_toe").new_initial_state())
    state = _dealt(game, 2)
    assert bot.step(state) in state.legal_actions()


# -- moves made from Python, and the C++ history (adapters/_pyspiel.py) ------------------


def _random_move(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        return int(rng.choice(state.chance_outcomes())[0])
    return int(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seed", range(4))
def test_moves_from_python_and_from_cpp_make_one_history(seed: int) -> None:
    """Moves made from Python (``apply_action``) and through pyspiel's C++ path
    (``pyspiel.State.apply_action``), in any mix, give one history: ``history()``,
    ``move_number()``, ``full_history()`` and ``history_str()`` read it whole at every
    step, the C++ history holds it once a C++ call has moved the state, and clones,
    serialised states and pickles carry the moves not in it yet."""
    import pickle

    game = pyspiel.load_game(GAME_NAME, {"variant": "nyc", "deals": 2})
    rng = random.Random(seed)
    state = game.new_initial_state()
    made: list[int] = []
    players: list[int] = []
    while not state.is_terminal():
        action = _random_move(state, rng)
        players.append(state.current_player())
        if rng.random() < 0.2:
            pyspiel.State.apply_action(state, action)  # the C++ path catches up first
            assert pyspiel.State.history(state) == [*made, action]
        else:
            state.apply_action(np.int64(action) if rng.random() < 0.1 else action)
        made.append(action)
        assert state.history() == made and state.move_number() == len(made)
        if rng.random() < 0.05:
            assert [(p.player, p.action) for p in state.full_history()] == list(
                zip(players, made, strict=True)
            )
            assert state.history_str() == ", ".join(map(str, made))
            assert pyspiel.State.history(state) == made  # (caught up by those)
        if rng.random() < 0.05 or (state.is_chance_node() and state.game is not None):
            text = str(state)  # (the second deal being dealt: copied as it is, not dealt)
            for copied in (
                state.clone(),
                game.deserialize_state(state.serialize()),
                pickle.loads(pickle.dumps(state)),
                copy.deepcopy(state),
            ):
                assert copied.history() == made and str(copied) == str(state) == text
                assert copied.returns() == state.returns()
    assert len(made) > 200  # two deals, each dealt by 52 chance nodes
    assert state.returns() == _play_cpp(game, made).returns()


def _play_cpp(game: Any, actions: list[int]) -> Any:
    state = game.new_initial_state()
    for action in actions:
        pyspiel.State.apply_action(state, action)
    return state


def test_cpp_evaluate_bots_takes_a_state_moved_from_python() -> None:
    """(pyspiel's C++ ``MCTSBot`` crashes on any Python game's state, this one's before
    the moves from Python too: its Python ``mcts`` and ``ismcts`` are the bots to use.)"""
    game = pyspiel.load_game(GAME_NAME, {"variant": "standard"})
    rng = random.Random(4)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < 52 + 9:
        state.apply_action(_random_move(state, rng))
    made = state.history()
    bots = [pyspiel.make_uniform_random_bot(seat, seat) for seat in range(4)]
    returns = pyspiel.evaluate_bots(state, bots, 5)  # plays a copy to the end
    assert len(returns) == 4 and state.history()[: len(made)] == made


def test_an_illegal_move_from_python_raises_and_changes_nothing() -> None:
    game = pyspiel.load_game(GAME_NAME, {"variant": "standard"})
    state = _dealt(game, 3)
    before = state.history()
    legal = state.legal_actions()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    for bad, message in [
        (illegal, "^illegal action"),
        (1.5, "int id"),
        (True, "int id"),
        ("3", "int id"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            state.apply_action(bad)  # type: ignore[arg-type]  # (the bad types are the test)
        assert state.history() == before and state.legal_actions() == legal
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)
    with pytest.raises(IllegalActionError, match="the game is over"):
        pyspiel.State.apply_action(state, 0)  # the C++ path: the same error
