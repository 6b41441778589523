"""Batched playouts (``spadeslib.playouts``) beside OpenSpiel's spades and the pure Python.

    python bench/playouts.py [--seconds 5] [--batch 20000] [--seed 1]

Deals per second, each deal the whole of it: the seeded shuffle and deal, the auction's
first round with random legal bids, the play, the scoring. Lines: ``standard`` with
random cards and with the Standard play rule for every seat; ``nyc`` from its second deal
(``first_deal=False``: its first deal bids itself, which is not the deal a simulation
asks about); ``cutthroat`` (three players, no partners) and ``six-handed``; and the same
``standard`` random deals by the pure-Python reference (``_backend.pure_python()``), in
smaller batches. OpenSpiel's lean loop (``bench/play_random.py``) runs beside them when
``open_spiel`` is installed. Every line runs in turn, in slices, so all see the same
load, and the ratios to OpenSpiel are what to compare (see docs/performance.md).

Timings only: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from calibration import Runner
from play_random import interleaved, openspiel_hands

import spadeslib
from spadeslib import _backend


def batches(variant: str, size: int, seed: int, *, pure: bool = False, **options: object) -> Runner:
    """A runner playing batches of ``size`` seeded deals (a new seed per batch)."""
    loaded = spadeslib.load_variant(variant)
    seeds = iter(range(seed, 2**63))

    def run(seconds: float) -> tuple[int, float]:
        deals = 0
        start = time.perf_counter()
        while True:
            if pure:
                with _backend.pure_python():
                    spadeslib.playouts(loaded, size, seed=next(seeds), **options)  # type: ignore[arg-type]
            else:
                spadeslib.playouts(loaded, size, seed=next(seeds), **options)  # type: ignore[arg-type]
            deals += size
            if time.perf_counter() - start > seconds:
                return deals, time.perf_counter() - start

    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--batch", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if spadeslib.backend() != "native":
        print("note: the native core is not built here; every line is the pure Python")
    size, seed = args.batch, args.seed
    lines = {
        "standard, random": batches("standard", size, seed),
        "standard, Standard rule": batches("standard", size, seed, policy="standard-cards"),
        "nyc (second deal), random": batches("nyc", size, seed, first_deal=False),
        "cutthroat, random": batches("cutthroat", size, seed),
        "six-handed, random": batches("six-handed", size, seed),
        "standard, random, pure Python": batches("standard", 200, seed, pure=True),
    }
    spiel = openspiel_hands(seed)
    runners = [*lines.values(), *([spiel] if spiel else [])]
    rates = interleaved(runners, args.seconds, slice_=1.0)
    reference = rates[-1] if spiel else None
    for (label, _), rate in zip(lines.items(), rates, strict=False):
        ratio = f"  ({rate / reference:6.1f}x OpenSpiel)" if reference else ""
        print(f"{label:>30}: {rate:12,.0f} deals/s{ratio}")
    if reference:
        print(f"{'OpenSpiel spades, lean loop':>30}: {reference:12,.0f} hands/s")
    else:
        print("OpenSpiel: not installed (pip install open-spiel)")


if __name__ == "__main__":
    main()
