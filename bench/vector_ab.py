"""Two checkouts of the vector environment in turn: the agent steps a CPU second of each.

    python bench/vector_ab.py BEFORE AFTER [--variant standard] [--opponents none]
                              [--envs 1024] [--rounds 6] [--seconds 4]

``BEFORE`` and ``AFTER`` are checkouts (their ``src`` put first on the path, each with its
native core built in place), run in separate processes one after the other, the order
swapped every round, so that the load of a shared machine falls on both alike. Each
process steps ``--envs`` rows of ``--variant`` as ``bench/vector.py`` does (its
``vector_steps``: random legal actions), a second of warm-up first (deals end, the caches
fill), then for ``--seconds``, and prints the agent steps a CPU second; the script prints
both series and their ratios, after / before, with the median. ``--opponents``: ``none``
(self-play) or a level for every seat but 0. Timings only: nothing here asserts a rate.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

_CHILD = r"""
import sys, time
import spadeslib  # the checkout's (first on the path), before bench/vector.py puts its own there
from vector import vector_steps

variant, opponents, envs, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
run = vector_steps(envs, 1, None if opponents == "none" else opponents, variant=variant)
run(1.0)  # warm-up: deals end, the caches fill
start = time.process_time()
steps, _ = run(seconds)
print(steps / (time.process_time() - start))
"""


def _rate(tree: str, args: argparse.Namespace) -> float:
    path = os.pathsep.join([os.path.join(tree, "src"), os.path.dirname(os.path.abspath(__file__))])
    env = {**os.environ, "PYTHONPATH": path}
    command = [sys.executable, "-c", _CHILD, args.variant, args.opponents, str(args.envs)]
    done = subprocess.run(
        [*command, str(args.seconds)], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"{tree}: {done.stderr.strip()}")
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--opponents", default="none")
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args()
    rates: dict[str, list[float]] = {args.before: [], args.after: []}
    for round_ in range(args.rounds):
        order = (args.before, args.after) if round_ % 2 == 0 else (args.after, args.before)
        for tree in order:
            rates[tree].append(_rate(tree, args))
    ratios = [b / a for a, b in zip(rates[args.before], rates[args.after], strict=True)]
    print("before:", ", ".join(f"{rate:,.0f}" for rate in rates[args.before]), "steps/s")
    print("after: ", ", ".join(f"{rate:,.0f}" for rate in rates[args.after]), "steps/s")
    print("after / before:", ", ".join(f"{ratio:.3f}" for ratio in ratios))
    print(f"median {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
