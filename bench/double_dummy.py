"""The double-dummy solver's speed (issue 30): every legal card solved, at a trick's start.

    python bench/double_dummy.py [--cards 8] [--positions 30] [--seed 1] [--variant standard]

Each position is a deal of the variant played at random (seeded) to a trick's start with
``--cards`` cards in each hand (13: the first lead of a full deal); the time is one call
of ``spadeslib.analysis.card_values`` for the side to lead, every legal card's exact
value, the native solver (``src/native/solver.c``). Prints the median, the quartiles and
the slowest. Not run beside DDS here: no DDS binding is installed in this environment;
the issue's figure for DDS on full deals is about 14 ms median. Timings only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import spadeslib
from spadeslib.analysis import card_values, position_of
from spadeslib.analysis.solve import side_seats


def _position(variant: str, seed: int, cards: int) -> spadeslib.analysis.Position | None:
    game = spadeslib.Game(variant, seed=seed)
    rng = random.Random(seed)
    while True:
        if game.phase == "play":
            position = position_of(game)
            held = position.hands[position.actor].bit_count()
            if not position.trick and held == cards:
                return position
            if held < cards:
                return None
        if game.deal_history:
            return None
        actions = list(game.legal_actions())
        game.apply(actions[int(rng.random() * len(actions))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=8)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    if spadeslib.backend() != "native":
        raise SystemExit("the native core is not built: this measures the native solver")
    times: list[float] = []
    seed = args.seed
    while len(times) < args.positions:
        position = _position(args.variant, seed, args.cards)
        seed += 1
        if position is None:
            continue
        side = side_seats(position, position.actor)
        start = time.perf_counter()
        card_values(position, side, side, native=True)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    quartiles = statistics.quantiles(times, n=4)
    print(
        f"{args.variant}, {args.cards} cards a hand, {len(times)} positions, every card "
        f"solved: median {statistics.median(times):.2f} ms, quartiles {quartiles[0]:.2f} to "
        f"{quartiles[2]:.2f} ms, slowest {times[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
