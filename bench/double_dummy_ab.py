"""Two builds of the double-dummy solver in turn on the same positions, one process.

    python bench/double_dummy_ab.py BEFORE.so AFTER.so [--cards 13] [--positions 20]
                                    [--seed 1] [--variant standard] [--bridge [--dds]]
                                    [--calls 1] [--cpu] [--worth]

Each ``.so`` is a build of the extension (``spadeslib/_native*.so``; copy one aside before
rebuilding). The positions are ``bench/double_dummy.py``'s (the same seeds); on each, each
build answers the bench's question (every card, exactly; with ``--worth``, that bench's
worth instead of the count) in turn, timed natively (the best of ``--calls`` calls) and
its node count taken, so that the load of a shared machine moves both alike; the first
build goes first on even positions, the second on odd ones (a call right after DDS's, or
after the other build's, runs with colder caches: with one build given twice and the same
order throughout, the second was 0.87 of the first). ``--cpu`` times by the thread's CPU
time rather than the wall clock, DDS too (a loaded machine's waits left out). Prints each
build's nodes (in all, median) and median time, the geometric mean per position of the
second over the first (nodes, time), and any position where the two differ in a card's
value. ``--dds`` (with ``--bridge``) times DDS too (its first call on each position, as
the bench does; it keeps its table between calls on one deal) and checks every value
against it.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import math
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from spadeslib.analysis.solve import side_seats
from spadeslib.compiler.kernel import _build

sys.path.insert(0, str(Path(__file__).parent))  # the bench's positions, from beside this file
import double_dummy as bench


def _load(path: str) -> ModuleType:
    """A build of the extension, loaded under its own name from its own file."""
    name = "spadeslib._native"
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", nargs=2, help="two builds of the extension (.so)")
    parser.add_argument("--calls", type=int, default=1, help="calls a build, the best kept")
    parser.add_argument(
        "--cpu", action="store_true", help="time by the thread's CPU time, not the wall clock"
    )
    args = bench.arguments(parser, cards=13, positions=20)
    variant: object = args.played
    builds = [_load(path) for path in args.builds]
    clock = time.thread_time if args.cpu else time.perf_counter
    kernels: list[Any] = []
    nodes: list[list[int]] = [[], []]
    times: list[list[float]] = [[], []]
    dds_times: list[float] = []
    differ = 0
    seed = args.seed
    while len(nodes[0]) < args.positions:
        position = bench._position(variant, seed, args.cards)
        seed += 1
        if position is None:
            continue
        if not kernels:
            kernels = [_build(build, position.rules) for build in builds]
        side = side_seats(position, position.actor)
        levels = bench.worth(position) if args.worth else None
        question = bench.question(position, side, levels=levels)
        answers: list[dict[int, int]] = [{}, {}]
        order = (0, 1) if len(nodes[0]) % 2 == 0 else (1, 0)
        for i in order:
            build, kernel = builds[i], kernels[i]
            best = math.inf
            for _ in range(args.calls):
                start = clock()
                pairs, searched = build.double_dummy(kernel, *question)
                best = min(best, (clock() - start) * 1000)
            times[i].append(best)
            nodes[i].append(searched)
            answers[i] = dict(pairs)
        if args.dds and args.bridge:
            spent, theirs = bench._dds(position, clock)
            dds_times.append(spent)
            for answer in answers:
                ours = {str(position.rules.deck[bit]): tricks for bit, tricks in answer.items()}
                differ += ours != theirs
        differ += answers[0] != answers[1]
    for i, path in enumerate(args.builds):
        print(
            f"{Path(path).name}: nodes {sum(nodes[i]):,} in all, median "
            f"{statistics.median(nodes[i]):,.0f}; median {statistics.median(times[i]):.2f} ms"
        )
    ratios = [
        (math.log(nodes[1][p] / nodes[0][p]), math.log(times[1][p] / times[0][p]))
        for p in range(len(nodes[0]))
    ]
    print(
        "second over first, geometric mean per position: nodes "
        f"{math.exp(statistics.fmean(r[0] for r in ratios)):.3f}, time "
        f"{math.exp(statistics.fmean(r[1] for r in ratios)):.3f}"
    )
    if dds_times:
        print(f"DDS median {statistics.median(dds_times):.2f} ms")
    print(f"answers that differ: {differ}")


if __name__ == "__main__":
    main()
