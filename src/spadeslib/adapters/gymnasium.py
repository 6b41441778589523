"""A single-agent Gymnasium environment: one seat of any variant against spadeslib's bots.

>>> from spadeslib.adapters.gymnasium import SpadesEnv
>>> env = SpadesEnv("standard", opponents="easy", deals=1)
>>> observation, info = env.reset(seed=1)
>>> done = False
>>> while not done:  # the first legal action, every time
...     action = int(info["action_mask"].argmax())
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> truncated
True

The agent plays ``seat`` (default 0); every other seat is a bot of the level
``opponents`` names (``"easy"``, ``"standard"``, ``"pro"``, ``"expert"``, ``"expert-dd"``:
:mod:`spadeslib.bots`; ``"standard:20"`` bids from 20 simulated deals instead of 100, as
``spadeslib simulate --bots`` writes it), or one given per seat as a mapping
``{seat: bot}``. The observation is the seat's
observation tensor (or, with ``tensor="information_state"``, its information-state
tensor; float32, :mod:`spadeslib.engine.views.tensors`); the action space is
``Discrete(num_distinct_actions)``, the legal actions ``info["action_mask"]`` (int8).
The bots play at once, so every observation is the agent's turn or the end.

An **illegal action** (``illegal="penalty"``, the default) changes nothing and earns
``illegal_reward`` (-1.0), with ``info["illegal_action"]`` true: an agent that samples
the whole space (as ``check_env`` does) learns from it instead of crashing.
``illegal="raise"`` raises :class:`~spadeslib.errors.IllegalActionError` instead.

An episode is one whole game by default; ``deals=k`` ends it after ``k`` deals
(truncated, unless the game ended). Rewards are the agent's, as in
:mod:`spadeslib.adapters._episode` (``reward="game"`` or ``"points"``), summed over the
bots' actions after its own. ``reset(seed=s)`` fixes the game's deals and the bots'
seeds.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from spadeslib.adapters._episode import RENDER_MODES, Episode, check_tensor
from spadeslib.bots import Bot
from spadeslib.engine.views.tensors import information_state_layout, legal_mask, observation_layout
from spadeslib.errors import ArgumentError, IllegalActionError
from spadeslib.simulation.lineup import Seat, make_bot, parse_seat
from spadeslib.variant import Variant

__all__ = ["SpadesEnv"]


class SpadesEnv(gymnasium.Env[Any, Any]):
    """One seat against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012

    def __init__(
        self,
        variant: Variant | str | os.PathLike[str] = "standard",
        *,
        seat: int = 0,
        opponents: str | Mapping[int, Bot] = "standard",
        deals: int | None = None,
        reward: str = "game",
        tensor: str = "observation",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self._episode = Episode(variant, deals=deals, reward=reward, render_mode=render_mode)
        rules = self._rules = self._episode.variant.compile()
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ArgumentError(f"no seat {seat!r}: seats are 0 to {rules.players - 1}")
        self.seat = seat
        self._level: Seat | None = None
        if isinstance(opponents, str):
            self._level = _level(opponents)
        else:
            missing = [s for s in range(rules.players) if s != seat and s not in opponents]
            if missing:
                raise ArgumentError(f"no bot for seat(s) {missing}: one per seat but {seat}")
        self._opponents = opponents
        self._bots: dict[int, Bot] = {}
        self._information_state = check_tensor(tensor) == "information_state"
        if illegal not in ("penalty", "raise"):
            raise ArgumentError(f"illegal must be 'penalty' or 'raise', not {illegal!r}")
        self._illegal = illegal
        self._illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        layout = (information_state_layout if self._information_state else observation_layout)(
            rules
        )
        # scores and bags can go below zero or past the target: unbounded
        self.observation_space = spaces.Box(-np.inf, np.inf, layout.shape, np.float32)
        self.action_space = spaces.Discrete(rules.actions.num_distinct_actions)

    @property
    def game(self) -> Any:
        """The :class:`~spadeslib.engine.Game` being played (the full state: not for
        agents)."""
        return self._episode.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self._episode.start(int(draw(2**63)))
        opponents, level = self._opponents, self._level
        if isinstance(opponents, str):
            assert level is not None
            self._bots = {}
            for s in range(self._rules.players):
                if s != self.seat:
                    bot = make_bot(level, int(draw(2**63)))
                    assert bot is not None  # (only 'random' has none: _level refused it)
                    self._bots[s] = bot
        else:
            self._bots = {s: bot for s, bot in opponents.items() if s != self.seat}
        self._play_bots()
        return self._observation(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        episode = self._episode
        if episode.done:
            raise ArgumentError("the episode is over: call reset() first")
        try:
            earned = episode.step(action)
        except IllegalActionError:
            if self._illegal == "raise":
                raise
            info = self._info(illegal=True)
            return self._observation(), self._illegal_reward, False, False, info
        total = 0.0 if earned is None else earned[self.seat]
        total += self._play_bots()
        if self.render_mode == "human":
            self.render()
        return (
            self._observation(),
            total,
            episode.terminated,
            episode.truncated,
            self._info(illegal=False),
        )

    def _play_bots(self) -> float:
        """The bots' actions up to the agent's turn or the end; the agent's rewards."""
        episode = self._episode
        game = episode.game
        total = 0.0
        while not episode.done:
            seat = game.current_player
            if seat == self.seat or seat is None:
                break
            action = self._bots[seat].act(game.observation(seat), self._rules)
            earned = episode.step(action)
            if earned is not None:
                total += earned[self.seat]
        return total

    def _observation(self) -> Any:
        game = self._episode.game
        if self._information_state:
            return game.information_state_tensor(self.seat)
        return game.observation_tensor(self.seat)

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        game = self._episode.game
        legal = () if self._episode.done else game.legal_action_ids()
        return {
            "action_mask": legal_mask(legal, game.num_distinct_actions),
            "illegal_action": illegal,
        }

    def render(self) -> str | None:
        return self._episode.render(self.render_mode)


def _level(text: str) -> Seat:
    """The opponents' level from its text, or an error that says what to write."""
    try:
        level = parse_seat(text)
    except ArgumentError as error:
        raise ArgumentError(f"opponents: {error}, or a mapping of seat to bot") from None
    if level.level == "random":  # the lineups' random seats are the engine's draws, no bot
        raise ArgumentError("opponents: 'random' has no bot; give a level such as 'easy'")
    return level
