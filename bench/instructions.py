"""Instructions per hand under cachegrind: a second witness beside the timings, for
comparing two checkouts on a machine too noisy for wall-clock ratios.

    python bench/instructions.py [--base DIR --base-python PY] [--hands 200] [WORK ...]

Each WORK plays hands of ``standard`` with uniformly random legal actions from a seeded
:class:`random.Random`, so the instructions are the same from run to run
(``PYTHONHASHSEED=0``):

- ``loop``: the public loop, ``legal_action_ids()`` and ``apply_id()`` (native);
- ``pure``: the same loop in pure Python (``_backend.pure_python()``);
- ``rollouts``: ``Game.rollout()``;
- ``text``: ``legal_actions()`` and ``apply()`` of an action's text;
- ``observe``: the public loop reading the seat to act's ``observation()`` first (what
  the Python bots read);
- ``tensors``: the public loop writing the seat to act's ``observation_tensor()`` first
  (what a learning agent reads; numpy);
- ``vector``: ``SpadesVectorEnv`` self-play, 64 rows, random legal actions (a "hand" is
  one step of the 64 rows here; needs the ``gymnasium`` extra);
- ``vector-random``: the same against Random opponents played inside ``step`` (a deal
  is 14 steps of a row, not 56: the end of a deal weighs four times as much);
- ``openspiel``: the OpenSpiel adapter (``pyspiel.load_game("spadeslib")``), chance
  actions included (needs the ``agents`` extra).

A count is the instructions of ``--hands`` hands minus those of one, each after the same
warm-up (imports, compiling the variant, the first deals' caches), divided by
``--hands - 1``. ``--base`` names another checkout (its ``src`` is put first on the path)
with the Python of its own environment, for a before-and-after in one run. Needs
valgrind. Timings only: nothing here asserts a count.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

WORKS = (
    "loop",
    "pure",
    "rollouts",
    "text",
    "observe",
    "tensors",
    "vector",
    "vector-random",
    "openspiel",
)


def _play(work: str, hands: int) -> None:
    import spadeslib
    from spadeslib import _backend

    def loop() -> None:
        rng = random.Random(1)
        for seed in range(hands):
            game = spadeslib.Game("standard", seed=seed)
            while game.deal_number == 0:
                ids = game.legal_action_ids()
                game.apply_id(ids[int(rng.random() * len(ids))])

    def looking(look: str) -> None:
        rng = random.Random(1)
        for seed in range(hands):
            game = spadeslib.Game("standard", seed=seed)
            read = getattr(game, look)
            while game.deal_number == 0:
                read(game.current_player)
                ids = game.legal_action_ids()
                game.apply_id(ids[int(rng.random() * len(ids))])

    def vector(opponents: str | None = None) -> None:
        import numpy as np

        from spadeslib.vector import SpadesVectorEnv

        env = SpadesVectorEnv("standard", 64, seed=1, opponents=opponents)
        _, info = env.reset()
        rng = random.Random(1)
        for _ in range(hands):
            legal = [np.flatnonzero(row) for row in info["action_mask"]]
            actions = np.array([ids[int(rng.random() * len(ids))] for ids in legal])
            info = env.step(actions)[4]

    def text() -> None:
        rng = random.Random(1)
        for seed in range(hands):
            game = spadeslib.Game("standard", seed=seed)
            while game.deal_number == 0:
                actions = game.legal_actions()
                game.apply(str(actions[int(rng.random() * len(actions))]))

    def openspiel() -> None:
        import pyspiel

        from spadeslib.adapters.openspiel import register

        register()
        game = pyspiel.load_game("spadeslib", {"deals": 1})
        rng = random.Random(1)
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])

    if work == "loop":
        loop()
    elif work == "pure":
        with _backend.pure_python():
            loop()
    elif work == "rollouts":
        for seed in range(hands):
            spadeslib.Game("standard", seed=seed).rollout(seed)
    elif work == "text":
        text()
    elif work == "observe":
        looking("observation")
    elif work == "tensors":
        looking("observation_tensor")
    elif work == "vector":
        vector()
    elif work == "vector-random":
        vector("random")
    else:
        openspiel()


def _count(python: str, src: Path, work: str, hands: int) -> int:
    """The instructions cachegrind counts for the whole process."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        python,
        str(Path(__file__).resolve()),
        "--run",
        work,
        str(hands),
    ]
    environment = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(src)}
    environment["OPENBLAS_NUM_THREADS"] = "1"  # numpy (under pyspiel): no spinning threads
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count from cachegrind:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("works", nargs="*", metavar="WORK", help=f"any of {', '.join(WORKS)}")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--base", type=Path, help="another checkout to count beside this one")
    parser.add_argument("--base-python", default=sys.executable)
    parser.add_argument("--run", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:  # the child: warm up, then play
        work, hands = args.run[0], int(args.run[1])
        _play(work, 2)
        _play(work, hands)
        return
    works = args.works or list(WORKS)
    if set(works) - set(WORKS):
        parser.error(f"a WORK is one of {', '.join(WORKS)}")
    if args.hands < 2:
        parser.error("--hands must be at least 2")
    here = Path(__file__).resolve().parent.parent / "src"
    trees = [("this", sys.executable, here)]
    if args.base:
        trees.insert(0, ("base", args.base_python, args.base.resolve() / "src"))
    for work in works:
        counts = []
        for name, python, src in trees:
            many = _count(python, src, work, args.hands)
            one = _count(python, src, work, 1)
            counts.append((many - one) / (args.hands - 1))
            print(f"{work:>9} {name:>4}: {counts[-1]:12,.0f} instructions a hand")
        if len(counts) == 2:
            print(f"{work:>9}  this/base: {counts[1] / counts[0]:.3f}")


if __name__ == "__main__":
    main()
