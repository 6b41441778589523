"""A PettingZoo AEC environment for any variant: one agent per seat (``seat_0`` ...).

>>> from spadeslib.adapters.pettingzoo import env
>>> table = env("standard", deals=1)
>>> table.reset(seed=1)
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     if termination or truncation:
...         table.step(None)
...     else:  # the first legal action
...         table.step(int(observation["action_mask"].argmax()))
>>> table.agents
[]

Each agent observes ``{"observation": ..., "action_mask": ...}``: its seat's observation
tensor (or, with ``tensor="information_state"``, its information-state tensor; float32,
laid out as :mod:`spadeslib.engine.tensors` documents for the variant) and the legal
actions as an int8 mask over the variant's dense action space (all zeros when it is not
the agent's turn). The action space is ``Discrete(num_distinct_actions)``. One seat may
act several times in a row (a pass of three cards is three actions).

An episode is one whole game by default; ``deals=k`` ends it after ``k`` deals
(truncated, unless the game ended). Rewards (``reward=``) are ``"game"``, each seat's
share of the win at the end of the game, or ``"points"``, its side's points at the end
of each deal (:mod:`spadeslib.adapters._episode`). An illegal action raises
:class:`~spadeslib.errors.IllegalActionError` and changes nothing: use the mask.
``reset(seed=s)`` plays the deals of ``Game(variant, seed=s)``.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from spadeslib.adapters._episode import RENDER_MODES, Episode, check_tensor
from spadeslib.engine.tensors import information_state_layout, observation_layout
from spadeslib.variant import Variant

__all__ = ["SpadesAECEnv", "env", "raw_env"]


class SpadesAECEnv(AECEnv):  # type: ignore[misc]
    """The environment :func:`raw_env` makes (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own convention)
        "render_modes": list(RENDER_MODES),
        "name": "spadeslib_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str | os.PathLike[str] = "standard",
        *,
        deals: int | None = None,
        reward: str = "game",
        tensor: str = "observation",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._episode = Episode(variant, deals=deals, reward=reward, render_mode=render_mode)
        self.render_mode = render_mode
        rules = self._episode.variant.compile()
        self._information_state = check_tensor(tensor) == "information_state"
        layout = (information_state_layout if self._information_state else observation_layout)(
            rules
        )
        actions = rules.actions.num_distinct_actions
        self.possible_agents = [f"seat_{seat}" for seat in range(rules.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                # scores and bags can go below zero or past the target: unbounded
                "observation": spaces.Box(-np.inf, np.inf, layout.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(actions))
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Any:
        """The :class:`~spadeslib.engine.Game` being played (the full state: not for
        agents)."""
        return self._episode.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._episode.start(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._episode.game.current_player
        if seat is not None and not self._episode.done:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        game = self._episode.game
        seat = self._seats[agent]
        if self._information_state:
            tensor = game.information_state_tensor(seat)
        else:
            tensor = game.observation_tensor(seat)
        mask = np.zeros(game.num_distinct_actions, np.int8)
        if not self._episode.done and game.current_player == seat:
            mask[game.legal_action_ids()] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        earned = self._episode.step(action)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if earned is not None:
            for other in self.agents:
                self.rewards[other] = earned[self._seats[other]]
        if self._episode.done:
            over = self._episode.terminated
            for other in self.agents:
                self.terminations[other] = over
                self.truncations[other] = not over
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return self._episode.render(self.render_mode)

    def close(self) -> None:
        pass


def raw_env(
    variant: Variant | str | os.PathLike[str] = "standard",
    *,
    deals: int | None = None,
    reward: str = "game",
    tensor: str = "observation",
    render_mode: str | None = None,
) -> SpadesAECEnv:
    """The environment itself, without PettingZoo's checking wrappers."""
    return SpadesAECEnv(variant, deals=deals, reward=reward, tensor=tensor, render_mode=render_mode)


def env(
    variant: Variant | str | os.PathLike[str] = "standard",
    *,
    deals: int | None = None,
    reward: str = "game",
    tensor: str = "observation",
    render_mode: str | None = None,
) -> Any:
    """The environment in PettingZoo's usual wrappers (the order of calls checked); the
    arguments are the module docstring's."""
    made: Any = raw_env(variant, deals=deals, reward=reward, tensor=tensor, render_mode=render_mode)
    return wrappers.OrderEnforcingWrapper(made)
