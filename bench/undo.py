"""What an undo costs against how long the game is (issue 29: an undo replayed the whole
game, so its cost grew with the game's length).

Plays seeded games of standard (target 5000, so they go on) to several lengths and
times ``Game.undo`` followed by re-applying the action, alternating the lengths in
slices of the same run so that a noisy machine shifts them all alike.

    python bench/undo.py [--seconds 6]
"""

from __future__ import annotations

import argparse
import random
import time

import spadeslib
from spadeslib.testing import plausible_action_id

LENGTHS = (20, 200, 700)


def _game(actions: int) -> spadeslib.Game:
    variant = spadeslib.parse_variant("extends: standard\ngame_end: {target: 5000}\n")
    game = spadeslib.Game(variant, seed=7)
    rng = random.Random(7)
    for _ in range(actions):
        game.apply_id(plausible_action_id(game, rng))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0)
    args = parser.parse_args()
    games = {length: _game(length) for length in LENGTHS}
    spent = dict.fromkeys(LENGTHS, 0.0)
    count = dict.fromkeys(LENGTHS, 0)
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end:
        for length, game in games.items():
            start = time.perf_counter()
            for _ in range(20):
                action = game.undo()
                game.apply(action)
            spent[length] += time.perf_counter() - start
            count[length] += 20
    print(f"spadeslib {spadeslib.backend()} backend; undo + apply again, microseconds")
    base = spent[LENGTHS[0]] / count[LENGTHS[0]]
    for length in LENGTHS:
        each = spent[length] / count[length]
        print(f"after {length:4d} actions: {each * 1e6:8.0f} us  ({each / base:.2f}x)")


if __name__ == "__main__":
    main()
