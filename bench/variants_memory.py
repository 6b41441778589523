"""Memory against the number of distinct variants played: is every cache bounded?

    python bench/variants_memory.py [--variants 10000] [--every 1000]

A server makes a table from each user's house-rules file, so one process may meet
thousands of distinct variants; what it keeps of each (compiled rules, action ids, the
native kernel's tables, memos) must stay bounded (issue 27: it grew 130 MB per 1,000).
This plays one deal (``Game.rollout``) of each of ``--variants`` distinct variants, each a
bundled variant with one or two bundled house rules on top (the compositions that do not
validate are skipped) and its own ``game_end.target`` (four targets a composition), so no
two are equal. Every ``--every`` variants it prints the resident set size now and at its
peak, and how many compiled rules are alive and kept by the compiler's cache; at the end
the peak.

Linux only (the current RSS is read from ``/proc/self/statm``). Run it with
``SPADESLIB_PURE_PYTHON=1`` for the pure-Python path. Numbers only: nothing here asserts
(the bound is tested in ``tests/test_cache_bounds.py``; see docs/performance.md).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import random
import resource
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spadeslib.compiler.cache import RULES
from spadeslib.compiler.rules import Rules
from spadeslib.engine import Game
from spadeslib.errors import VariantError
from spadeslib.loader import bundled_house_rules, bundled_variants
from spadeslib.variant import Variant, parse_variant


def current_mb() -> float:
    """The resident set size now, in MB."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mb() -> float:
    """The largest resident set size so far, in MB (``ru_maxrss`` is in KB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


TARGETS = 4
"""Variants made of each composition, each with its own target (parsing a composition
costs more than playing a deal of it, and says nothing of memory)."""


def distinct_variants(seed: int = 0) -> Iterator[Variant]:
    """Valid compositions of the bundled variants and house rules, in a shuffled order,
    each with :data:`TARGETS` targets of its own (2,000 and up): no two alike."""
    bases = sorted(bundled_variants())
    rules = sorted(bundled_house_rules())
    combos: list[tuple[str, tuple[str, ...]]] = [(base, (one,)) for base in bases for one in rules]
    combos += [(base, pair) for base in bases for pair in itertools.combinations(rules, 2)]
    random.Random(seed).shuffle(combos)
    targets = itertools.count(2000)
    for base, house in combos:
        try:
            composed = parse_variant(f"extends: {base}\nhouse_rules: [{', '.join(house)}]\n")
        except VariantError:
            continue
        for _ in range(TARGETS):
            end = composed.game_end.model_copy(update={"target": next(targets)})
            yield composed.model_copy(update={"game_end": end})


def alive_rules() -> int:
    """The compiled rules still alive (after a collection)."""
    gc.collect()
    return sum(1 for thing in gc.get_objects() if type(thing) is Rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", type=int, default=10_000, help="distinct variants to play")
    parser.add_argument("--every", type=int, default=1_000, help="report every this many")
    parser.add_argument("--seed", type=int, default=0, help="the order of the compositions")
    args = parser.parse_args()
    path = "pure Python" if os.environ.get("SPADESLIB_PURE_PYTHON") else "native"
    print(f"{args.variants} distinct variants, one deal each ({path}); kept: {RULES.size}")
    print(f"{'variants':>8} {'RSS MB':>7} {'peak MB':>8} {'rules alive':>12} {'kept':>5} {'s':>6}")
    start = time.perf_counter()
    print(f"{0:>8} {current_mb():>7.0f} {peak_mb():>8.0f} {alive_rules():>12} {len(RULES):>5} 0")
    made = 0
    for variant in distinct_variants(args.seed):
        Game(variant, seed=made).rollout(made)
        made += 1
        if made % args.every == 0 or made == args.variants:
            seconds = time.perf_counter() - start
            print(
                f"{made:>8} {current_mb():>7.0f} {peak_mb():>8.0f} {alive_rules():>12} "
                f"{len(RULES):>5} {seconds:>6.0f}",
                flush=True,
            )
        if made == args.variants:
            break
    print(f"peak RSS {peak_mb():.0f} MB after {made} distinct variants")


if __name__ == "__main__":
    main()
