"""The PettingZoo adapter (issue 13): PettingZoo's own API and seed tests pass for every
bundled variant, the observation is the seat's tensor and mask, rewards are the returns,
and bad input is a spadeslib error."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from spadeslib.adapters.pettingzoo import env, raw_env
from spadeslib.engine.views.tensors import information_state_layout, observation_layout
from spadeslib.errors import ArgumentError, IllegalActionError, SpadesError
from spadeslib.loader import bundled_variants
from spadeslib.variant import load_variant

BUNDLED = sorted(bundled_variants())


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns about every dict observation (its own classic games' form)
    warnings.filterwarnings("ignore", module="pettingzoo")


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_variant_passes_the_api_and_seed_tests(name: str) -> None:
    api_test(env(name), num_cycles=20)
    seed_test(lambda: env(name), num_cycles=20)


def test_a_one_deal_episode_ends_truncated_with_the_deals_points() -> None:
    table = env("standard", deals=1, reward="points")
    api_test(table, num_cycles=100)  # past the end of the deal
    table.reset(seed=5)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    steps = 0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            assert truncation and not termination
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        steps += 1
    game = table.unwrapped.game
    assert game.deal_number == 1 and steps > 13 * 4
    points = game.deal_history[0].score.sides
    side_of = load_variant("standard").compile().side_of
    assert [totals[f"seat_{s}"] for s in range(4)] == [
        float(points[side_of[s]].total) for s in range(4)
    ]


def test_the_observation_is_the_seats_tensor_and_the_mask_its_legal_actions() -> None:
    table = env("nyc")
    table.reset(seed=3)
    game = table.unwrapped.game
    seat = game.current_player
    acting = f"seat_{seat}"
    assert table.agent_selection == acting
    observation = table.observe(acting)
    assert np.array_equal(observation["observation"], game.observation_tensor(seat))
    assert observation["action_mask"].dtype == np.int8
    assert list(np.flatnonzero(observation["action_mask"])) == game.legal_action_ids()
    other = f"seat_{(seat + 1) % 4}"
    assert not table.observe(other)["action_mask"].any()
    rules = load_variant("nyc").compile()
    assert table.observation_space(acting)["observation"].shape == observation_layout(rules).shape
    full = env("nyc", tensor="information_state")
    full.reset(seed=3)
    assert full.observe(acting)["observation"].shape == information_state_layout(rules).shape


def test_the_same_seed_gives_the_same_game() -> None:
    first, second = raw_env("standard"), raw_env("standard")
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.game.record() == second.game.record()


def test_bad_input_is_a_spadeslib_error() -> None:
    with pytest.raises(SpadesError, match="nonesuch"):
        env("nonesuch")
    with pytest.raises(ArgumentError, match="'pictures'"):
        env("standard", render_mode="pictures")
    with pytest.raises(ArgumentError, match="deals"):
        env("standard", deals=0)
    with pytest.raises(ArgumentError, match="'money'"):
        env("standard", reward="money")
    table = env("standard")
    table.reset(seed=1)
    before = table.unwrapped.game.record()
    for action in (10_000, "bid 4", 2.5):
        with pytest.raises(IllegalActionError):
            table.step(action)
    assert table.unwrapped.game.record() == before


def test_render_says_whose_turn_it_is() -> None:
    table = env("standard", render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert text == f"{table.unwrapped.game.describe()}; scores [0, 0]"
    assert raw_env("standard").render() is None


def test_the_wrapper_checks_the_order_of_calls_as_pettingzoo_s_does() -> None:
    """``env()``'s wrapper reads the environment's attributes directly (PettingZoo's own
    goes through a failed lookup each time), with the same checks before ``reset()``."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    table = env("standard")
    assert isinstance(table, OrderEnforcingWrapper)
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(table, name)
    with pytest.raises(AttributeError, match="before reset"):
        table.last()
    with pytest.raises(AttributeError, match="private attribute"):
        table._episode  # noqa: B018
    table.reset(seed=1)
    raw = table.unwrapped
    assert table.agents is raw.agents and table.agent_selection == raw.agent_selection
    assert table._cumulative_rewards is raw._cumulative_rewards
    assert table.last()[1:] == raw.last()[1:]


def test_rewards_come_at_the_end_of_each_deal_and_are_zero_in_between() -> None:
    table = env("standard", deals=2, reward="points")
    table.reset(seed=4)
    game = table.unwrapped.game
    ends = 0
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        before = game.deal_number
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
        if game.deal_number != before:
            ends += 1
            points = game.returns("deal")
            assert table.rewards == {f"seat_{s}": points[s] for s in range(4)}
            assert any(points)
        else:
            assert set(table.rewards.values()) == {0.0}
            assert table._cumulative_rewards[agent] == 0.0  # an agent's reward, once it acts
    assert ends == 2
