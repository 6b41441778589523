"""The vector environment (issue 31) beside OpenSpiel's spades loop.

    python bench/vector.py [--seconds 5] [--envs 1024] [--seed 1] [--variant standard]

Agent steps per second: a step is one action of the agent in one row, with the row's
observation tensor and legal-action mask written (``spadeslib.vector.SpadesVectorEnv``
over ``--variant``, ``standard`` by default, one deal an episode, ``num_envs`` rows a
call). The agent picks a random legal action in every row from the mask (numpy, a bank
of noise made beforehand: the choice costs about what ``rng.randrange`` costs OpenSpiel's
loop per step). The
reference is OpenSpiel's ``spades`` through its Python API reading the acting seat's
observation tensor and legal-actions mask at every step (bench/adapters.py's "observed"
loop, the deal's chance steps timed but not counted).

Lines: self-play (the agent acts for every seat); against Random, Easy and Standard
opponents played inside ``step``, and Standard bidding from 10 simulated deals instead of
100 (``"standard:10"``). Only the agent's steps are counted: the bots' are work the
environment does for it. The Standard lines run whole deals per slice (a deal's first
step bids for every bot, by StandardBot's simulations, in Python) and are slow: give them
time. The lines run in turn in slices (bench/play_random.py ``interleaved``), so all
see the same load; compare the ratios. Memory per environment: what a row holds after
``reset`` (tracemalloc: its game, its share of the arrays), at ``--envs`` rows.
Needs the ``bench`` and ``gymnasium`` extras. Timings only.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np
from adapters import openspiel_episodes
from calibration import Runner
from play_random import interleaved


def vector_steps(
    envs: int, seed: int, opponents: Any, *, deals_per_call: int = 0, variant: str = "standard"
) -> Runner:
    """Steps of a ``SpadesVectorEnv``; with ``deals_per_call``, at least that many deals'
    worth of steps (14 for one seat of standard) per call, whatever the slice."""
    from spadeslib.vector import SpadesVectorEnv

    env = SpadesVectorEnv(variant, envs, seed=seed, opponents=opponents)
    _, info = env.reset()
    rng = np.random.default_rng(seed)
    noise = rng.random((16, envs, env.num_actions), dtype=np.float32)
    kept_info, kept_turn = info, 0  # between calls; locals in the loop

    def run(seconds: float) -> tuple[int, float]:
        nonlocal kept_info, kept_turn
        count = 0
        least = 14 * deals_per_call
        info, turn = kept_info, kept_turn
        start = time.perf_counter()
        while (time.perf_counter() - start < seconds) or count < least * envs:
            actions = (noise[turn % 16] * info["action_mask"]).argmax(axis=1)
            _, _, _, _, info = env.step(actions)
            turn += 1
            count += envs
        kept_info, kept_turn = info, turn
        return count, time.perf_counter() - start

    return run


def memory_per_env(envs: int, seed: int, opponents: Any, variant: str) -> float:
    """Bytes a row holds after ``reset`` (tracemalloc), averaged over ``envs`` rows."""
    from spadeslib.vector import SpadesVectorEnv

    SpadesVectorEnv(variant, 2, seed=seed, opponents=opponents).reset()  # tables made once
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    env = SpadesVectorEnv(variant, envs, seed=seed, opponents=opponents)
    env.reset()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / envs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-standard", action="store_true", help="leave out the slow line")
    parser.add_argument("--variant", default="standard", help="the rows' (OpenSpiel's: standard)")
    args = parser.parse_args(argv)
    seed, envs, variant = args.seed, args.envs, args.variant
    lines: list[tuple[str, Runner]] = [
        ("OpenSpiel's spades, observed", openspiel_episodes("spades", {}, seed, True)),
        (f"vector {envs}, self-play", vector_steps(envs, seed, None, variant=variant)),
        (f"vector {envs}, vs Random", vector_steps(envs, seed, "random", variant=variant)),
        (f"vector {envs}, vs Easy", vector_steps(envs, seed, "easy", variant=variant)),
    ]
    if not args.no_standard:
        for level in ("standard", "standard:10"):
            standard = vector_steps(envs, seed, level, deals_per_call=1, variant=variant)
            lines.append((f"vector {envs}, vs {level.capitalize()}", standard))
    rates = interleaved([runner for _, runner in lines], args.seconds, slice_=1.0)
    reference = rates[0]
    for (label, _), rate in zip(lines, rates, strict=True):
        ratio = "reference" if rate is reference else f"{rate / reference:.2f}x OpenSpiel"
        print(f"{label:>34}: {rate:12,.0f} agent steps/s ({ratio})")
    for opponents in (None, "standard"):
        size = memory_per_env(envs, seed, opponents, variant)
        print(f"memory per env (opponents={opponents!r}): {size / 1024:,.1f} KiB")


if __name__ == "__main__":
    main()
