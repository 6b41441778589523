"""The adapters for learning agents (issue 13), side by side with OpenSpiel's own spades.

    python bench/adapters.py [--seconds 5] [--seed 1]

Player steps per second: a step is one player's action (a bid or a card), chosen at
random among the legal ones; an episode is one deal of ``standard`` (``env(deals=1)``,
the OpenSpiel game ``spadeslib`` with ``deals=1``), against OpenSpiel's ``spades``, one
deal too, through its Python API. Each line does the same work per step as the
OpenSpiel line it is compared with:

- **observed**: the acting seat's observation tensor and legal-action mask are read at
  every step, then an action applied. PettingZoo's AEC loop always observes (``last()``
  gives the observation and mask, ``step()`` applies); the OpenSpiel loops call
  ``observation_tensor(p)`` and ``legal_actions_mask(p)``, then ``legal_actions()`` for
  the choice and ``apply_action()``.
- **bare**: ``legal_actions()`` and ``apply_action()`` only, what a search's simulation
  does.

The deal is timed but not counted: OpenSpiel's games deal through 52 chance steps
(``chance_outcomes()`` and ``apply_action()`` each, ``is_chance_node()`` first), the
PettingZoo environment inside ``reset()``.

Three yardsticks run the same loops over games that do nothing but have standard's
shape (56 player steps, a mask of 66, an observation of 717): a PettingZoo environment in
PettingZoo's own ``OrderEnforcingWrapper`` and in the one ``env()`` uses, and a Python
OpenSpiel game: what any environment costs through each interface, the floor under the
adapters. The lines run in turn in one-second slices, so all see the same load: compare
the ratios (see docs/performance.md). Needs the ``agents`` extra (``pip install
'.[agents]'``). Timings only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from calibration import Runner
from play_random import interleaved


def steps(episode: Callable[[], int]) -> Runner:
    """A runner of whole episodes, counting their player steps."""

    def run(seconds: float) -> tuple[int, float]:
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            count += episode()
        return count, time.perf_counter() - start

    return run


def pettingzoo_episodes(seed: int) -> Runner:
    """PettingZoo's AEC loop over ``env("standard", deals=1)``: ``last()`` (the acting
    agent's observation and mask), a random legal action from the mask, ``step()``."""
    from spadeslib.adapters.pettingzoo import env

    return _aec_loop(env(variant="standard", deals=1), seed)


def _aec_loop(environment: Any, seed: int) -> Runner:
    rng = random.Random(seed)
    seeds = iter(range(seed, 2**63))

    def episode() -> int:
        environment.reset(seed=next(seeds))
        count = 0
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                action = None
            else:
                legal = observation["action_mask"].nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
                count += 1
            environment.step(action)
        return count

    return steps(episode)


def openspiel_episodes(name: str, params: dict[str, object], seed: int, observed: bool) -> Runner:
    """OpenSpiel's loop: the chance steps of the deal, then at each player step (with
    ``observed``) the observation tensor and mask, then a random legal action."""
    import pyspiel

    if name == "spadeslib":
        from spadeslib.adapters.openspiel import register

        register()
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)

    def episode() -> int:
        state = game.new_initial_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if observed:
                player = state.current_player()
                state.observation_tensor(player)
                state.legal_actions_mask(player)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            count += 1
        return count

    return steps(episode)


# -- yardsticks: the interfaces' own cost, over games that do nothing ------------------------

_DECISIONS, _CARDS, _ACTIONS, _OBSERVATION = 56, 52, 66, 717  # standard's shape


def _nothing_aec() -> Any:
    """A PettingZoo AEC environment of standard's shape (four agents, 56 steps a deal, a
    mask of 66, an observation of 717) that does nothing: what any environment costs
    through PettingZoo's loop."""
    import numpy as np
    from pettingzoo import AECEnv

    class Nothing(AECEnv):  # type: ignore[misc]
        metadata: dict[str, Any] = {"render_modes": [], "name": "nothing_v0"}  # noqa: RUF012

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"seat_{seat}" for seat in range(4)]
            self._mask = np.zeros(_ACTIONS, np.int8)
            self._mask[[3, 17, 30, 41]] = 1

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.agents = list(self.possible_agents)
            self.steps = 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self.agent_selection = self.agents[0]

        def observe(self, agent: str) -> dict[str, Any]:
            return {
                "observation": np.zeros(_OBSERVATION, np.float32),
                "action_mask": self._mask.copy(),
            }

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.steps += 1
            if self.steps == _DECISIONS:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[self.steps % 4]

    return Nothing()


def _nothing_game() -> Any:
    """A Python OpenSpiel game of standard's shape (52 chance steps, then 56 player steps)
    that does nothing but keep whose turn it is: what any Python game costs through
    pyspiel (its C++ calls back into the state twice an ``apply_action``)."""
    import pyspiel

    name = "spadeslib_bench_nothing"
    kind = pyspiel.GameType(
        short_name=name,
        long_name=name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=4,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    legal = [3, 17, 30, 41]

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.steps = 0
            self.player = -1
            self.left = list(range(_CARDS))

        def current_player(self) -> int:
            return self.player

        def is_terminal(self) -> bool:
            return self.player == -4

        def is_chance_node(self) -> bool:
            return self.player == -1

        def chance_outcomes(self) -> list[tuple[int, float]]:
            chance = 1.0 / len(self.left)
            return [(card, chance) for card in self.left]

        def legal_actions(self, player: int | None = None) -> list[int]:
            return list(self.left) if self.player == -1 else list(legal)

        def _legal_actions(self, player: int) -> list[int]:
            return list(legal)

        def _apply_action(self, action: int) -> None:
            self.steps += 1
            if self.player == -1:
                self.left.remove(action)
            done = self.steps - _CARDS
            self.player = -1 if done < 0 else -4 if done == _DECISIONS else done % 4

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def returns(self) -> list[float]:
            return [0.0] * 4

        def __str__(self) -> str:
            return str(self.steps)

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            info = pyspiel.GameInfo(
                num_distinct_actions=_ACTIONS,
                max_chance_outcomes=_CARDS,
                num_players=4,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=_CARDS + _DECISIONS,
            )
            super().__init__(kind, info, params or {})

        def new_initial_state(self) -> State:
            return State(self)

    if name not in pyspiel.registered_names():
        pyspiel.register_game(kind, Game)
    return name


def pettingzoo_nothing(seed: int, *, own_wrapper: bool) -> Runner:
    """The do-nothing AEC environment through the same loop as :func:`pettingzoo_episodes`,
    in PettingZoo's ``OrderEnforcingWrapper`` or in the one ``env()`` uses."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from spadeslib.adapters import pettingzoo

    wrapper = pettingzoo._OrderEnforcing if own_wrapper else OrderEnforcingWrapper
    return _aec_loop(wrapper(_nothing_aec()), seed)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    seed = args.seed
    standard: dict[str, object] = {"variant": "standard"}
    # (label, runner, the OpenSpiel line it is compared with: observed, bare, or none)
    lines = [
        ("observed: OpenSpiel's spades", openspiel_episodes("spades", {}, seed, True), ""),
        ("observed: PettingZoo AEC, standard", pettingzoo_episodes(seed), "observed"),
        (
            "observed: OpenSpiel API, spadeslib",
            openspiel_episodes("spadeslib", standard, seed, True),
            "observed",
        ),
        ("bare: OpenSpiel's spades", openspiel_episodes("spades", {}, seed, False), ""),
        (
            "bare: OpenSpiel API, spadeslib",
            openspiel_episodes("spadeslib", standard, seed, False),
            "bare",
        ),
        (
            "yardstick: nothing, PettingZoo's wrapper",
            pettingzoo_nothing(seed, own_wrapper=False),
            "observed",
        ),
        (
            "yardstick: nothing, env()'s wrapper",
            pettingzoo_nothing(seed, own_wrapper=True),
            "observed",
        ),
        (
            "yardstick: nothing, a Python pyspiel game",
            openspiel_episodes(_nothing_game(), {}, seed, False),
            "bare",
        ),
    ]
    rates = interleaved([runner for _, runner, _ in lines], args.seconds, slice_=1.0)
    reference = {
        label.split(":")[0]: rate
        for (label, _, against), rate in zip(lines, rates, strict=True)
        if not against
    }
    for (label, _, against), rate in zip(lines, rates, strict=True):
        ratio = f"{rate / reference[against]:.2f}x {against} OpenSpiel" if against else "reference"
        print(f"{label:>42}: {rate:10,.0f} player steps/s ({ratio})")


if __name__ == "__main__":
    main()
