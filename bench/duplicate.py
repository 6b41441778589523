"""Duplicate matches between two bot configurations, on any variant.

Every deal (or game) is played once per side, the configuration under test (A) sitting in
that side's seats and the other (B) in the rest, from the same seed: the same cards reach
the same seats each time, so the luck of the cards cancels and what is left is the play.
A deal's figure is A's side's points less the average of the other sides' points, averaged
over the seatings; a game's is whether A's side won it.

    python bench/duplicate.py standard --a expert --b pro --deals 2000 --workers 2
    python bench/duplicate.py nyc --a expert --b pro --games 200 --json

Prints, each with a 95% confidence interval: the points a deal, the tricks a deal, the
contracts made, the contracts set, Nil bids and Nils made, bags a deal (and, with
``--games``, the share of games won), for A's sides and for B's. Levels and budgets as in
``spadeslib simulate --bots`` (``expert:500``, ``pro:50``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from typing import Any

import spadeslib
from spadeslib.simulation import simulate

Rows = Sequence[dict[str, Any]]


def _interval(values: Sequence[float]) -> dict[str, float]:
    """The mean of ``values`` and its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n if n else math.nan
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
    half = 1.96 * spread / math.sqrt(n) if n > 1 else math.nan
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": n}


def _seatings(sides: Sequence[Sequence[int]], players: int, a: str, b: str) -> list[list[str]]:
    """One lineup per side: A in that side's seats, B everywhere else."""
    out = []
    for members in sides:
        lineup = [b] * players
        for seat in members:
            lineup[seat] = a
        out.append(lineup)
    return out


def _is_nil(bid: object) -> bool:
    return bid in ("nil", "blind nil")


def _side_facts(row: dict[str, Any], side: int, members: Sequence[int]) -> dict[str, float]:
    """What one side did in one deal."""
    made = row.get(f"made_{side}")
    nils = [seat for seat in members if _is_nil(row[f"bid_{seat}"])]
    return {
        "points": row[f"points_{side}"],
        "tricks": sum(row[f"tricks_{seat}"] for seat in members),
        "made": 1.0 if made else 0.0,
        "contract": 0.0 if made is None else 1.0,
        "set_short": 1.0 if row.get(f"set_short_{side}") else 0.0,
        "set_over": 1.0 if row.get(f"set_over_{side}") else 0.0,
        "nil_bids": len(nils),
        "nils_made": sum(1 for seat in nils if row[f"tricks_{seat}"] == 0),
        "bags": row[f"bags_{side}"],
    }


def match(
    variant: str, a: str, b: str, *, deals: int | None, games: int | None, seed: int, workers: int
) -> dict[str, Any]:
    """Play the duplicate match and return its figures (see the module docstring)."""
    model = spadeslib.load_variant(variant)
    sides = model.table.sides()
    players = model.table.players
    per_deal: dict[int, list[float]] = {}
    facts: dict[str, dict[str, list[float]]] = {"A": {}, "B": {}}
    wins: list[float] = []
    seconds = 0.0
    for index, lineup in enumerate(_seatings(sides, players, a, b)):
        started = time.perf_counter()
        result = simulate(model, deals=deals, games=games, bots=lineup, seed=seed, workers=workers)
        seconds += time.perf_counter() - started
        print(
            f"seating {index + 1}/{len(sides)}: {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
        )
        for row in result.deals:
            key = row["deal"] if games is None else row["game"] * 100_000 + row["number"]
            mine = _side_facts(row, index, sides[index])
            others = [
                _side_facts(row, side, members)
                for side, members in enumerate(sides)
                if side != index
            ]
            theirs = sum(other["points"] for other in others) / len(others)
            per_deal.setdefault(key, []).append(mine["points"] - theirs)
            for name, value in mine.items():
                facts["A"].setdefault(name, []).append(value)
            for other in others:
                for name, value in other.items():
                    facts["B"].setdefault(name, []).append(value)
        for row in result.games or ():
            wins.append(1.0 if row["winner"] == index else 0.0)
    paired = [sum(v) / len(v) for v in per_deal.values() if len(v) == len(sides)]
    out: dict[str, Any] = {
        "variant": model.name,
        "a": a,
        "b": b,
        "seed": seed,
        "unit": "deals" if games is None else "games",
        "seconds": round(seconds, 1),
        "points_a_minus_b": _interval(paired),
    }
    if games is not None:
        out["games_won_by_a"] = _interval(wins)
    for who in ("A", "B"):
        got = facts[who]
        contracts = sum(got["contract"])
        nil_bids = sum(got["nil_bids"])
        out[who] = {
            "points": _interval(got["points"]),
            "tricks": _interval(got["tricks"]),
            "bags": _interval(got["bags"]),
            "made": _interval([m for m, c in zip(got["made"], got["contract"], strict=True) if c]),
            "set_short": _interval(
                [m for m, c in zip(got["set_short"], got["contract"], strict=True) if c]
            ),
            "set_over": _interval(
                [m for m, c in zip(got["set_over"], got["contract"], strict=True) if c]
            ),
            "contracts": contracts,
            "nil_bids_per_deal": _interval(got["nil_bids"]),
            "nils_made": sum(got["nils_made"]) / nil_bids if nil_bids else math.nan,
        }
    return out


def _show(figure: dict[str, float]) -> str:
    return f"{figure['mean']:+8.2f}  [{figure['low']:+.2f}, {figure['high']:+.2f}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--a", default="expert", help="the configuration under test")
    parser.add_argument("--b", default="pro", help="its opponent")
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--deals", type=int)
    count.add_argument("--games", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    deals = args.deals if args.deals or args.games else 200
    found = match(
        args.variant,
        args.a,
        args.b,
        deals=deals if not args.games else None,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
    )
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    print(
        f"{found['variant']}: {args.a} (A) against {args.b} (B), duplicate, "
        f"{found['points_a_minus_b']['n']} {found['unit']}-seatings paired, seed {args.seed}, "
        f"{found['seconds']} s"
    )
    print(f"  A's points a deal less B's   {_show(found['points_a_minus_b'])}")
    if "games_won_by_a" in found:
        print(f"  games won by A               {_show(found['games_won_by_a'])}")
    for who in ("A", "B"):
        got = found[who]
        print(f"  {who}: points {_show(got['points'])}  tricks {_show(got['tricks'])}")
        print(f"     contracts made {_show(got['made'])}  bags {_show(got['bags'])}")
        short, over = _show(got["set_short"]), _show(got["set_over"])
        print(f"     set short {short}  set by overtricks {over}")
        nils = _show(got["nil_bids_per_deal"])
        print(f"     Nil bids a deal {nils}  Nils made {got['nils_made']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
