"""The adapters for learning agents (issue 13), side by side with OpenSpiel's own spades.

    python bench/adapters.py [--seconds 5] [--seed 1]

Environment steps per second, one step an action, random legal actions, one deal an
episode: ``standard`` through the PettingZoo AEC environment (``env(deals=1)``; a step
reads the observation and mask and applies an action), through the OpenSpiel game
``spadeslib`` (``deals=1``, chance actions for the deal included, as OpenSpiel plays its
own), and OpenSpiel's ``spades`` through its Python API with the same loop. The lines run
in turn in slices, so all see the same load: compare the ratios (see docs/performance.md).
Needs the ``agents`` extra (``pip install '.[agents]'``). Timings only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from calibration import Runner
from play_random import interleaved


def steps(episode: object) -> Runner:
    """A runner of whole episodes, counting their steps."""

    def run(seconds: float) -> tuple[int, float]:
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            count += episode()  # type: ignore[operator]
        return count, time.perf_counter() - start

    return run


def pettingzoo_episodes(seed: int) -> Runner:
    from spadeslib.adapters.pettingzoo import env

    environment = env(variant="standard", deals=1)
    rng = random.Random(seed)
    seeds = iter(range(seed, 2**63))

    def episode() -> int:
        environment.reset(seed=next(seeds))
        count = 0
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                action = None
            else:
                legal = observation["action_mask"].nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
                count += 1
            environment.step(action)
        return count

    return steps(episode)


def openspiel_episodes(name: str, params: dict[str, object], seed: int) -> Runner:
    import pyspiel

    if name == "spadeslib":
        from spadeslib.adapters.openspiel import register

        register()
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)

    def episode() -> int:
        state = game.new_initial_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            count += 1
        return count

    return steps(episode)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    lines = {
        "PettingZoo AEC, spadeslib standard": pettingzoo_episodes(args.seed),
        "OpenSpiel API, spadeslib standard": openspiel_episodes(
            "spadeslib", {"variant": "standard"}, args.seed
        ),
        "OpenSpiel API, OpenSpiel's spades": openspiel_episodes("spades", {}, args.seed),
    }
    rates = interleaved(list(lines.values()), args.seconds, slice_=1.0)
    reference = rates[-1]
    for label, rate in zip(lines, rates, strict=True):
        print(f"{label:>36}: {rate:10,.0f} steps/s ({rate / reference:.2f}x OpenSpiel's spades)")


if __name__ == "__main__":
    main()
