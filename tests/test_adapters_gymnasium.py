"""The Gymnasium adapter (issue 13): Gymnasium's env checker passes, the bots play the
other seats, an illegal action is a penalty (or an error when asked), rewards are the
agent's returns, and bad input is a spadeslib error."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from spadeslib.adapters.gymnasium import SpadesEnv
from spadeslib.bots import EasyBot, ExpertBot, ProBot, StandardBot
from spadeslib.engine.views.tensors import observation_layout
from spadeslib.errors import ArgumentError, IllegalActionError, SpadesError
from spadeslib.loader import bundled_variants
from spadeslib.variant import load_variant

BUNDLED = sorted(bundled_variants())


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # the checker warns of the unbounded Box (scores have no bound) and of no env spec
    warnings.filterwarnings("ignore", module="gymnasium")


def test_the_default_environment_passes_the_env_checker() -> None:
    env = SpadesEnv()
    assert env.game.variant.name == "standard"
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_variant_passes_the_env_checker(name: str) -> None:
    check_env(SpadesEnv(name, opponents="easy", deals=1), skip_render_check=True)


def _first_legal(info: dict[str, Any]) -> int:
    return int(np.flatnonzero(info["action_mask"])[0])


def test_the_bots_play_up_to_the_agents_turn() -> None:
    env = SpadesEnv("nyc", seat=2, opponents="easy", deals=1, reward="points")
    observation, info = env.reset(seed=4)
    total = 0.0
    while True:
        game = env.game
        assert game.current_player == 2
        assert np.array_equal(observation, game.observation_tensor(2))
        assert list(np.flatnonzero(info["action_mask"])) == game.legal_action_ids()
        observation, reward, terminated, truncated, info = env.step(_first_legal(info))
        total += float(reward)
        if terminated or truncated:
            break
    game = env.game
    assert game.deal_number == 1 and truncated and not terminated
    side = load_variant("nyc").compile().side_of[2]
    assert total == game.deal_history[0].score.sides[side].total
    assert not info["action_mask"].any()
    assert observation.shape == observation_layout(game.variant.compile()).shape


def test_the_same_seed_gives_the_same_game_and_bots() -> None:
    records = []
    for _ in range(2):
        env = SpadesEnv("standard", opponents="easy", deals=1)
        _, info = env.reset(seed=7)
        for _ in range(5):
            env.step(_first_legal(info))
        records.append(env.game.record())
    assert records[0] == records[1]


def test_an_illegal_action_is_a_penalty_and_changes_nothing() -> None:
    env = SpadesEnv("standard", opponents="easy")
    observation, info = env.reset(seed=1)
    before = env.game.record()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[-1])
    again, reward, terminated, truncated, info = env.step(illegal)
    assert reward == -1.0 and info["illegal_action"] and not (terminated or truncated)
    assert np.array_equal(again, observation) and env.game.record() == before
    strict = SpadesEnv("standard", opponents="easy", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    with pytest.raises(IllegalActionError):
        strict.step("bid 4")


def test_bots_can_be_given_per_seat() -> None:
    env = SpadesEnv("standard", seat=1, opponents={0: EasyBot(0), 2: EasyBot(2), 3: EasyBot(3)})
    env.reset(seed=3)
    assert env.game.current_player == 1


@pytest.mark.parametrize(
    ("level", "kind", "simulations"),
    [("standard:5", StandardBot, 5), ("pro", ProBot, 100), ("expert:20", ExpertBot, 20)],
)
def test_opponents_take_every_level_the_command_line_takes(
    level: str, kind: type, simulations: int
) -> None:
    env = SpadesEnv("standard", opponents=level, deals=1)
    env.reset(seed=1)
    for seat in (1, 2, 3):
        bot = env._bots[seat]
        assert type(bot) is kind and isinstance(bot, StandardBot)
        assert bot.simulations == simulations


@pytest.mark.parametrize(
    ("level", "message"),
    [
        ("easy:4", "only expert, expert-dd, pro, standard take a number of simulations"),
        ("standard:0", "a whole number of at least 1"),
        ("random", "'random' has no bot"),
    ],
)
def test_a_level_that_cannot_be_played_says_why(level: str, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        SpadesEnv(opponents=level)


def test_bad_input_is_a_spadeslib_error() -> None:
    with pytest.raises(SpadesError, match="nonesuch"):
        SpadesEnv("nonesuch")
    with pytest.raises(ArgumentError, match="no seat 4"):
        SpadesEnv(seat=4)
    with pytest.raises(ArgumentError, match="'grandmaster'"):
        SpadesEnv(opponents="grandmaster")
    with pytest.raises(ArgumentError, match=r"seat\(s\) \[2, 3\]"):
        SpadesEnv(opponents={1: EasyBot(1)})
    with pytest.raises(ArgumentError, match="'wrong'"):
        SpadesEnv(illegal="wrong")
    env = SpadesEnv("standard", opponents="easy", deals=1)
    _, info = env.reset(seed=2)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(_first_legal(info))
        done = terminated or truncated
    with pytest.raises(ArgumentError, match="reset"):
        env.step(0)
