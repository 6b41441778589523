"""How long a bot takes to decide: the median and the 95th percentile, per kind of decision.

    python bench/decisions.py [--variant standard] [--bot expert] [--positions 300] [--seed 1]

The positions come from seeded games played by Pro bots (every decision with more than one
legal action, of every seat, over whole deals); the bot under test (a level of
``spadeslib simulate --bots``, e.g. ``expert`` or ``expert:800``) then decides each of a
spread of them once, on one core. Prints milliseconds of CPU time (``time.process_time``:
on a shared machine the wall clock counts the other jobs too) for the cards played and
the bids.

Timings only: nothing here asserts a speed (see docs/performance.md for the numbers).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spadeslib.bots import ProBot
from spadeslib.engine import Game, Observation
from spadeslib.simulation.lineup import make_bot, parse_lineup
from spadeslib.variant import load_variant


def observations(name: str, count: int, seed: int) -> list[Observation]:
    """Observations of seats with a choice to make, from games played by Pro bots."""
    variant = load_variant(name)
    found: list[Observation] = []
    game_seed = seed
    while len(found) < count:
        game = Game(variant, seed=game_seed)
        bots = [ProBot(game_seed * 8 + seat, simulations=20) for seat in range(4)]
        game_seed += 1
        while not game.is_over and game.deal_number < 2:
            seat = game.current_player
            assert seat is not None
            observation = game.observation(seat)
            if len(observation.legal_actions) > 1:
                found.append(observation)
            game.apply(bots[seat].act(observation))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variant = load_variant(args.variant)
    seat = parse_lineup(args.bot, variant).seats[0]
    every = observations(args.variant, args.positions * 3, args.seed)
    chosen = random.Random(args.seed).sample(every, min(args.positions, len(every)))
    times: dict[str, list[float]] = {}
    for index, observation in enumerate(chosen):
        bot = make_bot(seat, args.seed + index)
        assert bot is not None
        started = time.process_time()
        bot.act(observation)
        times.setdefault(observation.phase, []).append(time.process_time() - started)
    print(f"{args.variant}, {seat}: {len(chosen)} decisions")
    for phase, spent in sorted(times.items()):
        ordered = sorted(spent)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(
            f"  {phase:8} {len(spent):4}  median {statistics.median(spent) * 1e3:7.1f} ms"
            f"  p95 {p95 * 1e3:7.1f} ms  max {ordered[-1] * 1e3:7.1f} ms"
        )


if __name__ == "__main__":
    main()
