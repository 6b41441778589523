"""A spadeslib bot against OpenSpiel's IS-MCTS, duplicate, through the OpenSpiel adapter.

OpenSpiel's information-set Monte Carlo tree search (``open_spiel.python.algorithms.
ismcts``, random rollouts, ``--simulations`` a move: 500 by default, about 0.4 s a move
here) is the outside search bot a Spades program can be measured against: it plays any
game OpenSpiel has, spadeslib's included (``spadeslib.adapters.openspiel``), from the
seat's information state, and samples the unseen cards with ``resample_from_infostate``.

Each deal is played twice, from the same cards (the same chance outcomes) and the same
dealer: once with the spadeslib bot (``--a``, a level as ``spadeslib simulate --bots``
writes one: ``expert``, ``expert:500``, ``pro``) in the seats of side 0 and IS-MCTS in the
others, once the other way round. A deal's figure is the spadeslib bot's side's points
less IS-MCTS's, averaged over the two seatings; the report gives its mean with a 95%
interval, and the same for the contracts made and the tricks.

    python bench/ismcts.py --deals 400 --workers 2          # needs the openspiel extra
    python bench/ismcts.py --a pro --deals 50 --simulations 100 --json
    python bench/ismcts.py --a expert-dd --deals 400 --save runs/dd.jsonl   # resumable

With ``--save FILE`` each deal's row is added to FILE (JSON lines) as it finishes, deals
already in FILE are not played again, and the report covers every row in it: a long
match can be cut short and taken up again, in as many runs as it needs.

A deal takes about half a minute on one core at 500 simulations (IS-MCTS's moves are
most of it), so 400 deals are about two hours on two workers.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from duplicate import _interval, _show  # bench/duplicate.py: the same figures

import spadeslib
from spadeslib.simulation.lineup import derive_seed, make_bot, parse_lineup

Job = tuple[str, str, int, int, int]
"""(variant, the spadeslib bot's level, IS-MCTS's simulations, the match's seed, the deal)."""


def _players(job: Job, a_side: int) -> Any:
    """The OpenSpiel bots of one seating: the spadeslib bot in side ``a_side``'s seats,
    IS-MCTS in the others, each seeded from the deal and its seat."""
    variant, a, simulations, seed, deal = job
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from spadeslib.adapters.openspiel import SpadesBot, register

    register()
    game = pyspiel.load_game("spadeslib", {"variant": variant, "seed": deal % 1_000_000})
    model = spadeslib.load_variant(variant)
    sides = model.table.sides()
    level = parse_lineup(a, model).seats[0]
    bots: list[Any] = []
    for seat in range(model.table.players):
        bot_seed = derive_seed(seed, "deal", deal, "seat", seat)
        if seat in sides[a_side]:
            made = make_bot(level, bot_seed)
            assert made is not None, "the spadeslib side plays a bot, not random"
            bots.append(SpadesBot(made))
        else:
            stream = np.random.RandomState(bot_seed % 2**32)
            bots.append(
                ismcts.ISMCTSBot(
                    game,
                    mcts.RandomRolloutEvaluator(1, stream),
                    uct_c=2.0,
                    max_simulations=simulations,
                    random_state=stream,
                )
            )
    return game, sides, bots


def play_deal(job: Job) -> dict[str, Any]:
    """Deal ``deal`` played in both seatings: the spadeslib side's points, tricks and
    contract made, against IS-MCTS's, per seating."""
    _, _, _, seed, deal = job
    out: dict[str, Any] = {"deal": deal, "seatings": []}
    for a_side in (0, 1):
        game, sides, bots = _players(job, a_side)
        cards = random.Random(derive_seed(seed, "cards", deal))
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(cards.random() * len(outcomes))][0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
        returns = state.returns()
        result = state.game.deal_history[-1]
        mine, theirs = sides[a_side], sides[1 - a_side]
        out["seatings"].append(
            {
                "points": returns[mine[0]] - returns[theirs[0]],
                "tricks": sum(result.tricks[s] for s in mine),
                "their_tricks": sum(result.tricks[s] for s in theirs),
                "contract": result.contracts[a_side],
                "their_contract": result.contracts[1 - a_side],
                "made": _made(result, a_side, mine),
                "their_made": _made(result, 1 - a_side, theirs),
            }
        )
    return out


def _made(result: Any, side: int, seats: Sequence[int]) -> float | None:
    """1.0 if the side made its contract, 0.0 if it was set, None without one."""
    contract = result.contracts[side]
    if not contract:
        return None
    return 1.0 if sum(result.tricks[s] for s in seats) >= contract else 0.0


def _saved(save: Path | None, key: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows already in ``save`` (one match's: the same ``key``), or none."""
    if save is None or not save.exists():
        return []
    rows = [json.loads(line) for line in save.read_text().splitlines() if line.strip()]
    for row in rows:
        if row.get("key") != key:
            raise SystemExit(f"ismcts.py: {save} holds another match's deals ({row.get('key')})")
    return rows


def match(
    variant: str,
    a: str,
    *,
    deals: int,
    simulations: int,
    seed: int,
    workers: int,
    save: Path | None = None,
) -> dict[str, Any]:
    model = spadeslib.load_variant(variant)
    if len(model.table.sides()) != 2:
        raise SystemExit("ismcts.py: a variant of two sides (a partnership game)")
    try:
        levels = set(parse_lineup(a, model).seats)
    except spadeslib.SpadesError as error:  # an unknown level, say
        raise SystemExit(f"ismcts.py: --a: {error}") from None
    if len(levels) != 1:
        raise SystemExit("ismcts.py: --a is one level (expert, expert:500, pro ...)")
    key = {"variant": model.name, "a": a, "simulations": simulations, "seed": seed}
    rows = _saved(save, key)
    done = {row["deal"] for row in rows}
    jobs = [(variant, a, simulations, seed, deal) for deal in range(deals) if deal not in done]
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for row in pool.map(play_deal, jobs):
            rows.append(row)
            if save is not None:
                with save.open("a") as out:
                    out.write(json.dumps({"key": key, **row}) + "\n")
            if len(rows) % 10 == 0:
                print(
                    f"{len(rows)}/{deals} deals, {time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                )
    per_deal = [sum(s["points"] for s in row["seatings"]) / 2 for row in rows]
    seatings = [s for row in rows for s in row["seatings"]]

    def share(key: str) -> dict[str, float]:
        return _interval([s[key] for s in seatings if s[key] is not None])

    return {
        "variant": model.name,
        "a": a,
        "b": f"ismcts:{simulations} (random rollouts)",
        "seed": seed,
        "deals": len(rows),
        "seconds": round(time.perf_counter() - started, 1),
        "points_a_minus_b": _interval(per_deal),
        "tricks_a": _interval([float(s["tricks"]) for s in seatings]),
        "made_a": share("made"),
        "made_b": share("their_made"),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--a", default="expert", help="the spadeslib bot's level")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--simulations", type=int, default=500, help="IS-MCTS's, a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save", type=Path, help="JSON lines: each deal as it ends; resumable")
    args = parser.parse_args(argv)
    found = match(
        args.variant,
        args.a,
        deals=args.deals,
        simulations=args.simulations,
        seed=args.seed,
        workers=args.workers,
        save=args.save,
    )
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    print(
        f"{found['variant']}: {found['a']} (A) against {found['b']} (B), duplicate, "
        f"{found['deals']} deals, seed {found['seed']}, {found['seconds']} s"
    )
    print(f"  A's points a deal less B's   {_show(found['points_a_minus_b'])}")
    print(f"  A's tricks a deal            {_show(found['tricks_a'])}")
    print(f"  contracts made: A {_show(found['made_a'])}  B {_show(found['made_b'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
