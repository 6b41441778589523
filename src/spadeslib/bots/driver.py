"""Playing a whole game with bots: :func:`play_game`.

>>> from spadeslib.engine import Game
>>> from spadeslib.bots import EasyBot, play_game
>>> game = Game("standard", seed=3)
>>> result = play_game(game, [EasyBot(seed) for seed in range(4)])
>>> game.is_over and result is game.result
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spadeslib.bots.protocol import Bot
from spadeslib.engine import Game
from spadeslib.errors import ArgumentError

__all__ = ["play_game"]


def play_game(
    game: Game,
    bots: Sequence[Bot] | Mapping[int, Bot],
    *,
    max_actions: int | None = None,
) -> Any:
    """Play ``game`` to its end, each seat's decisions made by ``bots[seat]`` from that
    seat's observation, and return ``game.result`` (a
    :class:`spadeslib.scoring.GameResult`).

    ``max_actions`` bounds the actions applied by this call: past it a ``RuntimeError``
    says how far the game got (a guard for variants whose scores can sink for ever).
    """
    rules = game.variant.compile()
    players = rules.players
    for needed in range(players):
        if needed not in bots if isinstance(bots, Mapping) else needed >= len(bots):
            raise ArgumentError(
                f"no bot for seat {needed}: play_game needs one per seat (0-{players - 1})"
            )
    applied = 0
    while not game.is_over:
        if max_actions is not None and applied >= max_actions:
            raise RuntimeError(
                f"game not over after {applied} actions: {game.describe()}, "
                f"deal {game.deal_number + 1}, scores {list(game.scores)}"
            )
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), rules))
        applied += 1
    return game.result
