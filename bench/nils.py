"""Nils and contracts read with the double-dummy solver: lost in the bidding, or in the play?

    python bench/nils.py [--variant standard] [--a expert] [--b pro] [--deals 200] [--seed 1]
                         [--save FILE] [--seconds 3]

Each deal is played twice, as ``bench/duplicate.py`` plays it: bot A (a level of
``spadeslib simulate --bots``) in the even seats and B in the odd, then the other way
round, from the same seed. For every Nil bid, the solver's Nil question
(:func:`spadeslib.analysis.nil_can_be_set`, every hand seen) is asked at the first lead
and again after each card that can change its answer: a card of the Nil's side can only
make a safe Nil settable, an opponent's only let a settable one off. So each Nil reads:

- *safe at the first lead* (no defence could set it) or *settable* (best defence sets it:
  a risk taken in the bidding);
- the cards of its own side that made it settable (a risk taken in the play), and the
  cards of the opponents that let it off.

The contracts of the sides without a Nil are read the same way, once: at the first lead,
could the side take its contract against best defence (its double-dummy tricks,
:func:`spadeslib.analysis.double_dummy`, at least its contract)?

Prints, per bot, the Nils bid and made and the contracts made, split by how they stood at
the first lead, and the contracts of a Nil's partner (made on its own tricks). A question
the solver cannot answer in ``--seconds`` (some Nils of a full deal) counts as unknown.
``--save`` writes one JSON line per deal and seating (bids, tricks, the Nils' readings), to
read further; ``--read FILE`` prints the figures of such a file without playing. Needs the
native core. Figures only: nothing here asserts a rate.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spadeslib import backend
from spadeslib.analysis import double_dummy, nil_can_be_set
from spadeslib.engine import Game
from spadeslib.errors import SearchTimeout
from spadeslib.simulation.lineup import make_bot, parse_lineup
from spadeslib.variant import load_variant


def _settable(game: Game, seat: int, seconds: float) -> bool | None:
    try:
        return nil_can_be_set(game, seat, seconds=seconds)
    except SearchTimeout:
        return None


def play_deal(variant: Any, seed: int, levels: list[str], seconds: float) -> dict[str, Any]:
    """One deal with ``levels[seat]`` in each seat, its Nils read as the module says."""
    game = Game(variant, seed=seed)
    rules = variant.compile()
    lineup = parse_lineup(levels, variant)
    bots = [make_bot(lineup.seats[seat], seed * 16 + seat) for seat in range(rules.players)]
    standing: dict[int, bool | None] = {}
    reach: dict[int, int] = {}
    first: dict[int, bool | None] | None = None
    changes: list[dict[str, Any]] = []
    played = 0
    while game.deal_number == 0 and not game.is_over:
        seat = game.current_player
        assert seat is not None
        if game.phase == "play" and first is None:
            bids = game.observation(seat).bids
            standing = {s: _settable(game, s, seconds) for s, b in enumerate(bids) if b == "nil"}
            first = dict(standing)
            try:
                leader = max(double_dummy(game, seconds=seconds).values())
                reach = {
                    rules.side_of[seat]: leader,
                    1 - rules.side_of[seat]: rules.hand_size - leader,
                }
            except SearchTimeout:
                reach = {}
        bot = bots[seat]
        assert bot is not None, "bench/nils.py plays bots only"
        action = bot.act(game.observation(seat), rules)
        game.apply(action)
        if first is None:
            continue
        played += 1
        if game.deal_number > 0:
            break
        for nil, was in list(standing.items()):
            if game.tricks_won[nil]:
                changes.append({"nil": nil, "took_a_trick": played, "card": str(action)})
                del standing[nil]
                continue
            own = rules.side_of[seat] == rules.side_of[nil]
            if was is None or (was is False and own) or (was is True and not own):
                now = _settable(game, nil, seconds)
                if now is not None and now != was:
                    changes.append(
                        {
                            "nil": nil,
                            "settable": now,
                            "card": str(action),
                            "seat": seat,
                            "at": played,
                        }
                    )
                standing[nil] = now
    result = game.deal_history[0]
    return {
        "seed": seed,
        "levels": levels,
        "bids": [str(bid) for bid in result.bids],
        "tricks": list(result.tricks),
        "contracts": list(result.contracts),
        "reach": [reach.get(side) for side in (0, 1)] if reach else None,
        "first_lead": {str(seat): value for seat, value in (first or {}).items()},
        "changes": changes,
    }


def tally(rows: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    """Per level: Nils bid and made, by how they stood at the first lead."""
    out: dict[str, Counter[str]] = {}
    for row in rows:
        for text, value in row["first_lead"].items():
            seat = int(text)
            level = row["levels"][seat]
            made = row["tricks"][seat] == 0
            counts = out.setdefault(level, Counter())
            kind = {True: "settable", False: "safe", None: "unknown"}[value]
            counts["bid"] += 1
            counts["made"] += made
            counts[kind] += 1
            counts[f"{kind} made"] += made
            own = any(
                c["nil"] == seat and c.get("settable") is True and c["seat"] % 2 == seat % 2
                for c in row["changes"]
            )
            counts["made settable by its side"] += own
        for side in (0, 1):
            seats = (side, side + 2)
            counts = out.setdefault(row["levels"][side], Counter())
            bidders = [seat for seat in seats if row["bids"][seat] != "nil"]
            if len(bidders) == 1:  # a Nil and its partner's contract, on the partner's tricks
                counts["covering"] += 1
                counts["covering made"] += row["tricks"][bidders[0]] >= row["contracts"][side]
            if len(bidders) < 2 or not row["reach"]:
                continue
            made = sum(row["tricks"][seat] for seat in seats) >= row["contracts"][side]
            kind = "reachable" if row["reach"][side] >= row["contracts"][side] else "beyond"
            counts["contracts"] += 1
            counts["contracts made"] += made
            counts[kind] += 1
            counts[f"{kind} made"] += made
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="pro")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--read", type=Path, help="print the figures of a --save file only")
    args = parser.parse_args()
    if args.read:
        rows = [json.loads(line) for line in args.read.read_text().splitlines() if line]
        show(rows)
        return
    variant = load_variant(args.variant)
    if backend() != "native":
        raise SystemExit("the native core is not built: the solver's questions need it")
    if variant.table.players != 4 or len(variant.compile().sides) != 2:
        raise SystemExit("bench/nils.py seats two bots in turn: two partnerships of two")
    rows = []
    for seed in range(args.seed, args.seed + args.deals):
        for levels in ([args.a, args.b] * 2, [args.b, args.a] * 2):
            row = play_deal(variant, seed, levels, args.seconds)
            rows.append(row)
            if args.save:
                with args.save.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    show(rows)


def show(rows: list[dict[str, Any]]) -> None:
    """The figures of ``rows`` (:func:`play_deal`'s), per bot."""
    for level, counts in sorted(tally(rows).items()):
        bid = counts["bid"]
        print(f"{level}: {counts['made']} of {bid} Nils made")
        for kind in ("safe", "settable", "unknown"):
            print(f"  {kind} at the first lead: {counts[f'{kind} made']} of {counts[kind]} made")
        print(f"  made settable by a card of its own side: {counts['made settable by its side']}")
        made, contracts = counts["contracts made"], counts["contracts"]
        print(f"  contracts (sides without a Nil): {made} of {contracts} made")
        for kind in ("reachable", "beyond"):
            print(
                f"    {kind} against best defence at the first lead: "
                f"{counts[f'{kind} made']} of {counts[kind]} made"
            )
        covering = f"{counts['covering made']} of {counts['covering']} made"
        print(f"  contracts of a Nil's partner (on its own tricks): {covering}")


if __name__ == "__main__":
    main()
