"""Playing a whole game with bots: :func:`play_game`.

>>> from spadeslib.engine import Game
>>> from spadeslib.bots import EasyBot, play_game
>>> game = Game("standard", seed=3)
>>> result = play_game(game, [EasyBot(seed) for seed in range(4)])
>>> game.is_over and result is game.result
True

A seat may be played by the caller instead of a bot (a person at a terminal, an agent
being trained): give any function of the seat's observation that returns its action (an
:class:`~spadeslib.engine.Action` or its text, ``"play KD"``). An illegal answer raises
the engine's :class:`~spadeslib.errors.IllegalActionError` with the game unchanged, so the
caller may ask again and call :func:`play_game` once more to go on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence

from spadeslib.bots.protocol import Bot
from spadeslib.compiler import Rules
from spadeslib.engine import Action, Game, Observation
from spadeslib.errors import ArgumentError
from spadeslib.scoring import GameResult

__all__ = ["Player", "play_game"]

Player = Bot | Callable[[Observation], Action | str]
"""Who plays a seat: a bot, or a function of the seat's observation (the caller)."""


def _bot_act(bot: Bot, observation: Observation, *, rules: Rules) -> Action:
    return bot.act(observation, rules)


def play_game(
    game: Game,
    bots: Sequence[Player] | Mapping[int, Player],
    *,
    max_actions: int | None = None,
) -> GameResult:
    """Play ``game`` to its end, each seat's decisions made by ``bots[seat]`` (a bot or
    the caller's function, see the module docstring) from that seat's observation, and
    return ``game.result``.

    ``max_actions`` bounds the actions applied by this call: past it a ``RuntimeError``
    says how far the game got (a guard for variants whose scores can sink for ever).
    """
    rules = game.variant.compile()
    count = game.variant.table.players
    for needed in range(count):
        if needed not in bots if isinstance(bots, Mapping) else needed >= len(bots):
            raise ArgumentError(
                f"no player for seat {needed}: play_game needs one per seat (0-{count - 1}), "
                "a bot or a function of the seat's observation"
            )
    deciders: list[Callable[[Observation], Action | str]] = []
    for seat in range(count):
        player = bots[seat]
        if isinstance(player, Bot):
            deciders.append(functools.partial(_bot_act, player, rules=rules))
        elif callable(player):
            deciders.append(player)
        else:
            raise ArgumentError(
                f"seat {seat}'s player {player!r} is neither a bot (with act()) nor a "
                "function of an observation"
            )
    applied = 0
    while not game.is_over:
        if max_actions is not None and applied >= max_actions:
            raise RuntimeError(
                f"game not over after {applied} actions: {game.describe()}, "
                f"deal {game.deal_number + 1}, scores {list(game.scores)}"
            )
        actor = game.current_player
        assert actor is not None
        game.apply(deciders[actor](game.observation(actor)))
        applied += 1
    result = game.result
    assert result is not None  # every game that is over has its result
    return result
