"""Helpers for the engine tests: a plausible random player and invariant checks."""

from __future__ import annotations

import json
import random

from spadeslib.engine import Action, Game

_QUIET = ("look", "stand")


def plausible_id(game: Game, rng: random.Random) -> int:
    """A random legal action, with bids drawn near a fair share of the tricks.

    Uniformly random bids make most contracts fail, and then a game to 500 never ends;
    bidding about a fair share keeps random games finite. Every choice is still legal.
    """
    ids = game.legal_action_ids()
    if game.phase not in ("bidding", "raise", "blind"):
        return ids[rng.randrange(len(ids))]
    rules = game.variant.compile()
    actions = [game.legal_actions()[i] for i in range(len(ids))]
    quiet = [i for i, a in zip(ids, actions, strict=True) if str(a) in _QUIET]
    if quiet and rng.random() < 0.9:
        return rng.choice(quiet)
    side = len(rules.sides[0])
    team = game.variant.bidding.form.kind == "partnership" or game.phase == "raise"
    share = rules.hand_size * (side if team else 1) // rules.players
    band = [i for i, a in zip(ids, actions, strict=True)
            if a.kind in ("bid", "raise") and a.number is not None
            and max(1, share - 2) <= a.number <= share]
    if band and rng.random() < 0.95:
        return rng.choice(band)
    return ids[rng.randrange(len(ids))]


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
