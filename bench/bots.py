"""The bots' decisions on the native core against the pure-Python path, side by side.

    python bench/bots.py [--seconds 5] [--variant standard] [--simulations 100] [--seed 1]

Times two decisions that the bots spend their time on, each on the same positions with the
native core and inside ``_backend.pure_python()`` (the reference), in alternating slices
so that both see the same load: a Standard bid (``simulations`` simulated deals, each
played out with the Standard rule) at a seat's first turn to bid; and a Pro card (every
legal card tried over ``simulations`` deals to the end of the trick) at positions spread
over the play. Prints milliseconds per decision and the ratio.

Timings only: nothing here asserts a speed (see docs/performance.md for the numbers).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from calibration import Runner, timed
from play_random import interleaved

from spadeslib import _backend
from spadeslib.bots import ProBot, StandardBot
from spadeslib.engine import Game, Observation
from spadeslib.variant import load_variant


def positions(name: str, phase: str, count: int, seed: int) -> list[tuple[Game, int]]:
    """``count`` positions of seeded games where a seat is to act in ``phase``: its first
    turn to bid, or a turn to play after a random number of random cards."""
    variant = load_variant(name)
    rng = random.Random(seed)
    out: list[tuple[Game, int]] = []
    game_seed = seed
    while len(out) < count:
        game = Game(variant, seed=game_seed)
        game_seed += 1
        wait = rng.randrange(40) if phase == "play" else 0
        while not game.is_over and game.deal_number == 0:
            if game.phase == phase:
                if wait == 0:
                    seat = game.current_player
                    assert seat is not None
                    out.append((game.clone(), seat))
                    break
                wait -= 1
            ids = game.legal_action_ids()
            game.apply_id(ids[rng.randrange(len(ids))])
    return out


def decisions(
    bot: Callable[[], StandardBot], places: list[tuple[Game, int]], *, pure: bool
) -> Runner:
    """A runner making the decision at each of ``places`` in turn."""
    seen: list[tuple[Observation, object]] = [
        (game.observation(seat), game.variant.compile()) for game, seat in places
    ]
    player = bot()
    at = [0]

    def decide() -> None:
        observation, rules = seen[at[0] % len(seen)]
        at[0] += 1
        if pure:
            with _backend.pure_python():
                player.act(observation, rules)  # type: ignore[arg-type]
        else:
            player.act(observation, rules)  # type: ignore[arg-type]

    return timed(decide)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if _backend.native() is None:
        sys.exit("the native core is not built here: nothing to compare")
    n = args.simulations
    print(f"{args.variant}, {n} simulations per decision, {args.seconds:g} s per path")
    for label, phase, make in (
        ("Standard bid", "bidding", lambda: StandardBot(seed=args.seed, simulations=n)),
        ("Pro card", "play", lambda: ProBot(seed=args.seed, simulations=n)),
    ):
        places = positions(args.variant, phase, 40, args.seed)
        native, pure = interleaved(
            [decisions(make, places, pure=False), decisions(make, places, pure=True)],
            args.seconds,
            slice_=1.0,
        )
        print(
            f"{label:>13}: native {1000 / native:8.2f} ms, pure Python {1000 / pure:8.2f} ms"
            f" ({native / pure:.1f}x)"
        )


if __name__ == "__main__":
    main()
