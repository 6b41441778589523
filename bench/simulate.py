"""``spadeslib simulate`` as a user runs it, against its yardsticks, side by side.

    python bench/simulate.py random [--deals 1000000] [--rounds 2] [--seconds 3]
    python bench/simulate.py bots [--deals 200] [--rounds 2]

Each line runs the command itself (``python -m spadeslib simulate ...``, a new process,
start-up and every worker included) and takes its wall-clock time and the CPU time of it
and its workers:

- ``random``: ``simulate standard --deals N`` (random play, every core), in turn with
  OpenSpiel's lean loop (``bench/play_random.py``: one process, one core) for
  ``--seconds`` before and after each run; the ratio is the command's hands per second
  over the lean loop's in the slices around it.
- ``bots``: ``simulate nyc --deals N --bots standard`` on the native core and with
  ``SPADESLIB_PURE_PYTHON=1``, in turn; the ratio is the pure-Python run's time over the
  native one's (per deal: give the pure-Python path fewer deals with ``--pure-deals``).

On a shared machine the load changes from one second to the next: the ratios of one run
are what to compare (see docs/performance.md). Timings only: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from play_random import openspiel_hands


def command(variant: str, deals: int, *extra: str, pure: bool = False) -> tuple[float, float]:
    """Run ``spadeslib simulate VARIANT --deals DEALS`` (output dropped); return its wall
    time and the CPU time of it and its workers, in seconds."""
    env = dict(os.environ)
    env.pop("SPADESLIB_PURE_PYTHON", None)
    if pure:
        env["SPADESLIB_PURE_PYTHON"] = "1"
    args = [sys.executable, "-m", "spadeslib", "simulate", variant, "--deals", str(deals)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*args, *extra], env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def random_lines(args: argparse.Namespace) -> None:
    spiel = openspiel_hands(args.seed)
    if spiel is None:
        print("open_spiel is not installed (pip install open-spiel): no yardstick")
    seed = ("--bots", "random", "--seed", str(args.seed))
    command("standard", 1000, *seed)  # warm the file cache
    for round_ in range(args.rounds):
        spiel_before = spiel(args.seconds) if spiel else (0, 1.0)
        wall, cpu = command("standard", args.deals, *seed)
        spiel_after = spiel(args.seconds) if spiel else (0, 1.0)
        rate = args.deals / wall
        line = f"round {round_ + 1}: simulate standard --deals {args.deals:,}: {wall:.2f} s"
        line += f" ({cpu:.2f} s CPU), {rate:,.0f} hands/s"
        if spiel:
            hands = spiel_before[0] + spiel_after[0]
            lean = hands / (spiel_before[1] + spiel_after[1])
            line += f"; OpenSpiel lean loop {lean:,.0f} hands/s; {rate / lean:.1f}x"
        print(line, flush=True)


def bots_lines(args: argparse.Namespace) -> None:
    extra = ("--bots", "standard", "--seed", str(args.seed))
    pure_deals = args.pure_deals or args.deals
    for round_ in range(args.rounds):
        native = command("nyc", args.deals, *extra)
        pure = command("nyc", pure_deals, *extra, pure=True)
        per = [wall / deals for (wall, _), deals in ((native, args.deals), (pure, pure_deals))]
        cpu = [c / deals for (_, c), deals in ((native, args.deals), (pure, pure_deals))]
        print(
            f"round {round_ + 1}: simulate nyc --bots standard: native {args.deals} deals "
            f"{native[0]:.1f} s ({per[0] * 1000:.1f} ms a deal, {cpu[0] * 1000:.1f} ms CPU); "
            f"pure Python {pure_deals} deals {pure[0]:.1f} s ({per[1] * 1000:.1f} ms a deal, "
            f"{cpu[1] * 1000:.1f} ms CPU); {per[1] / per[0]:.1f}x ({cpu[1] / cpu[0]:.1f}x CPU)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("random", "bots"))
    parser.add_argument("--deals", type=int)
    parser.add_argument("--pure-deals", type=int, help="bots: deals of the pure-Python runs")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "random":
        args.deals = args.deals or 1_000_000
        random_lines(args)
    else:
        args.deals = args.deals or 200
        bots_lines(args)


if __name__ == "__main__":
    main()
