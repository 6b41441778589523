"""Helpers for the engine tests: a plausible random player and invariant checks."""

from __future__ import annotations

import json
import random

from spadeslib.engine import Action, Game
from spadeslib.testing import plausible_action_id


def plausible_id(game: Game, rng: random.Random) -> int:
    """A random legal action, bids near a fair share (see ``plausible_action_id``)."""
    return plausible_action_id(game, rng)


def play_game(game: Game, rng: random.Random, *, limit: int = 200_000) -> Game:
    """Play ``game`` to its end with :func:`plausible_id`."""
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply_id(plausible_id(game, rng))
    raise AssertionError(f"game not over after {limit} actions: {game!r}")


def dump(game: Game) -> str:
    """The canonical bytes of the full state."""
    return json.dumps(game.state_dict(), sort_keys=True)


def apply_all(game: Game, *actions: str) -> Game:
    for action in actions:
        game.apply(action)
    return game


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def action(text: str) -> Action:
    return Action.parse(text)
