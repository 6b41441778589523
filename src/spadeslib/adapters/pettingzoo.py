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
laid out as :mod:`spadeslib.engine.views.tensors` documents for the variant) and the legal
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
from spadeslib.engine import Game
from spadeslib.engine.views.tensors import information_state_layout, legal_mask, observation_layout
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
        actions = self._actions = rules.actions.num_distinct_actions
        self._tensor = (
            Game.information_state_tensor if self._information_state else Game.observation_tensor
        )
        self._acting: int | None = None
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
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """The agent to act next, and the seat whose mask has legal actions (``None`` once
        the episode is over)."""
        episode = self._episode
        seat = episode.game.current_player
        self._acting = None if episode.done else seat
        if self._acting is not None:
            self.agent_selection = self.possible_agents[self._acting]

    def observe(self, agent: str) -> dict[str, Any]:
        game = self._episode.game
        seat = self._seats[agent]
        mask = legal_mask(game.legal_action_ids() if self._acting == seat else (), self._actions)
        return {"observation": self._tensor(game, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        earned = self._episode.step(action)
        if earned is not None:
            self.rewards = {other: earned[self._seats[other]] for other in self.agents}
            self._rewarded = True
        elif self._rewarded:  # the last step's rewards are over
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        self._select()
        if self._acting is None:
            over = self._episode.terminated
            for other in self.agents:
                self.terminations[other] = over
                self.truncations[other] = not over
        if self._rewarded:  # (adding the zeros of a step without rewards changes nothing)
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


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, the same checks, with what every step reads
    passed straight through: the inherited ``__getattr__`` runs only after a lookup has
    failed, which raises and catches an ``AttributeError`` each time, eight times a step
    (it cost more than the game). The attributes below, and ``last()``, are read from
    the environment directly; anything else goes the inherited way."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        out: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return out


def _forward(name: str, *, checked: bool = True) -> property:
    def get(self: _OrderEnforcing) -> Any:
        if checked and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get, doc=f"The environment's ``{name}``.")


for _name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
    setattr(_OrderEnforcing, _name, _forward(_name))
_OrderEnforcing._cumulative_rewards = _forward("_cumulative_rewards", checked=False)


def env(
    variant: Variant | str | os.PathLike[str] = "standard",
    *,
    deals: int | None = None,
    reward: str = "game",
    tensor: str = "observation",
    render_mode: str | None = None,
) -> Any:
    """The environment in PettingZoo's usual wrapper, the order of calls checked (its
    ``OrderEnforcingWrapper``, reading the environment's attributes directly); the
    arguments are the module docstring's."""
    made: Any = raw_env(variant, deals=deals, reward=reward, tensor=tensor, render_mode=render_mode)
    return _OrderEnforcing(made)
