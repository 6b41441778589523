"""Duplicate matches between two bot configurations, on any variant.

Every deal (or game) is played once per side, the configuration under test (A) sitting in
that side's seats and the other (B) in the rest, from the same seed: the same cards reach
the same seats each time, so the luck of the cards cancels and what is left is the play.
A deal's figure is A's side's points less the average of the other sides' points, averaged
over the seatings; a game's is whether A's side won it.

    python bench/duplicate.py standard --a expert --b pro --deals 2000 --workers 2
    python bench/duplicate.py nyc --a expert --b pro --games 200 --json
    python bench/duplicate.py standard --a expert-dd --b pro --deals 125 --seeds 1-16 --save runs/
    python bench/duplicate.py --pool runs/*.json

A long match runs best as chunks: ``--seeds 1-16`` plays ``--deals`` deals from each seed in
turn (deals of different seeds are different deals), and ``--save DIR`` writes each chunk's
per-deal figures to its own file as soon as it is played, so that a run cut short still
counts and a later run adds to it (a chunk already in DIR is not played again).
``--pool FILE...`` prints the figures of saved chunks pooled, as one match.

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
from pathlib import Path
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


def play_chunk(
    variant: str, a: str, b: str, *, deals: int | None, games: int | None, seed: int, workers: int
) -> dict[str, Any]:
    """Play one chunk of the duplicate match (one seed) and return its per-deal figures:
    ``paired`` (A's points a deal less B's, averaged over the seatings, by deal),
    ``facts`` (what A's and B's sides did, a list a fact), ``wins`` (with ``games``)."""
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
            f"seed {seed}, seating {index + 1}/{len(sides)}: {time.perf_counter() - started:.0f} s",
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
    return {
        "variant": model.name,
        "a": a,
        "b": b,
        "seed": seed,
        "unit": "deals" if games is None else "games",
        "seconds": round(seconds, 1),
        "paired": [sum(v) / len(v) for v in per_deal.values() if len(v) == len(sides)],
        "facts": facts,
        "wins": wins if games is not None else None,
    }


def pooled(chunks: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The match's figures (see the module docstring) from its chunks, pooled."""
    first = chunks[0]
    for chunk in chunks:
        same = (chunk["variant"], chunk["a"], chunk["b"], chunk["unit"])
        if same != (first["variant"], first["a"], first["b"], first["unit"]):
            raise SystemExit(f"chunks of different matches: {same} and seed {first['seed']}'s")
    seeds = [chunk["seed"] for chunk in chunks]
    if len(set(seeds)) < len(seeds):
        raise SystemExit(f"a seed is pooled twice: {sorted(seeds)}")
    facts: dict[str, dict[str, list[float]]] = {"A": {}, "B": {}}
    for chunk in chunks:
        for who in ("A", "B"):
            for name, values in chunk["facts"][who].items():
                facts[who].setdefault(name, []).extend(values)
    out: dict[str, Any] = {
        "variant": first["variant"],
        "a": first["a"],
        "b": first["b"],
        "seeds": seeds,
        "unit": first["unit"],
        "seconds": round(sum(chunk["seconds"] for chunk in chunks), 1),
        "points_a_minus_b": _interval([v for chunk in chunks for v in chunk["paired"]]),
    }
    if first["wins"] is not None:
        out["games_won_by_a"] = _interval([w for chunk in chunks for w in chunk["wins"]])
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
            "nil_bids": nil_bids,
            "nil_bids_per_deal": _interval(got["nil_bids"]),
            "nils_made": sum(got["nils_made"]) / nil_bids if nil_bids else math.nan,
        }
    return out


def _seeds(text: str) -> list[int]:
    """``"1-4,9"`` -> ``[1, 2, 3, 4, 9]``."""
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        try:
            out.extend(range(int(low), int(high or low) + 1))
        except ValueError:
            raise argparse.ArgumentTypeError(f"seeds like 1-16 or 1,3,5, not {text!r}") from None
    return out


def _chunk_path(folder: Path, match: tuple[str, str, str, str, int], seed: int) -> Path:
    variant, a, b, unit, count = match
    name = f"{variant}_{a}_vs_{b}_{count}{unit}_seed{seed}.json".replace(":", "-")
    return folder / name


def _show(figure: dict[str, float]) -> str:
    return f"{figure['mean']:+8.2f}  [{figure['low']:+.2f}, {figure['high']:+.2f}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", nargs="?")
    parser.add_argument("--a", default="expert", help="the configuration under test")
    parser.add_argument("--b", default="pro", help="its opponent")
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--deals", type=int)
    count.add_argument("--games", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeds", type=_seeds, help="chunks, one a seed: 1-16 or 1,3,5")
    parser.add_argument("--save", type=Path, help="a folder for each chunk's figures")
    parser.add_argument("--pool", type=Path, nargs="+", help="saved chunks to pool, not play")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.pool:
        chunks = [json.loads(path.read_text(encoding="utf-8")) for path in args.pool]
    elif args.variant is None:
        parser.error("name a variant to play, or --pool saved chunks")
    else:
        deals = args.deals if args.deals or args.games else 200
        unit, number = ("games", args.games) if args.games else ("deals", deals)
        chunks = []
        for seed in args.seeds or [args.seed]:
            path = None
            if args.save is not None:
                args.save.mkdir(parents=True, exist_ok=True)
                which = (args.variant, args.a, args.b, unit, number)
                path = _chunk_path(args.save, which, seed)
                if path.exists():
                    chunks.append(json.loads(path.read_text(encoding="utf-8")))
                    print(f"seed {seed}: already in {path}", file=sys.stderr)
                    continue
            chunk = play_chunk(
                args.variant,
                args.a,
                args.b,
                deals=deals if not args.games else None,
                games=args.games,
                seed=seed,
                workers=args.workers,
            )
            if path is not None:
                path.write_text(json.dumps(chunk), encoding="utf-8")
            chunks.append(chunk)
    found = pooled(chunks)
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    print(
        f"{found['variant']}: {found['a']} (A) against {found['b']} (B), duplicate, "
        f"{found['points_a_minus_b']['n']} {found['unit']}-seatings paired, "
        f"seeds {_ranges(found['seeds'])}, {found['seconds']} s"
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
        print(f"     Nil bids a deal {nils}  Nils made {got['nils_made']:.3f} of {got['nil_bids']}")
    return 0


def _ranges(seeds: Sequence[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``"1-3, 5"``."""
    out: list[str] = []
    for seed in sorted(seeds):
        if out and out[-1].split("-")[-1] == str(seed - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{seed}"
        else:
            out.append(str(seed))
    return ", ".join(out)


if __name__ == "__main__":
    raise SystemExit(main())
