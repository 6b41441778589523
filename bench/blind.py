"""What the Expert's blind decisions are worth: each against Standard's rule, from the same
position, with the rest of the game played the same way.

    python bench/blind.py nyc --positions 200 --seed 1
    python bench/blind.py standard --positions 200 --seed 1

Positions come from seeded games between Pro bots: the first blind decision of each game
(Blind Nil, a side's blind bid or ``look``). Where the Expert (at ``--budget``) and
Standard's rule of thumb choose differently, the game is played on twice from there, once
with each choice, by Pro bots with the same seeds in every seat, over the same deals (the
seeded shuffle deals the same cards whatever is bid). Prints, for the deciding side, each
with a 95% confidence interval: the points of that deal less the opponents', and the share
of games won, with the Expert's choice and with Standard's, and the difference; and the
CPU time of the Expert's decisions.

Rare decisions are few a run: a blind decision arises only when a side is behind (by 100
in both bundled variants), and the two bots differ on a part of them.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spadeslib.bots import ExpertBot, ProBot, StandardBot
from spadeslib.engine import Game
from spadeslib.variant import load_variant


def _interval(values: Sequence[float]) -> str:
    n = len(values)
    if n < 2:
        return "n/a"
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * spread / math.sqrt(n)
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] (n={n})"


def _play_on(game: Game, seed: int, deals: int) -> Game:
    """Pro bots in every seat (seeded per seat) to the end of the game, or ``deals`` more
    deals."""
    bots = [ProBot(seed=seed * 10 + seat) for seat in range(game.variant.table.players)]
    stop = game.deal_number + deals
    while not game.is_over and game.deal_number < stop:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--positions", type=int, default=200, help="games to find them in")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=400, help="the Expert's budget")
    parser.add_argument("--deals", type=int, default=60, help="most deals a game is played on")
    args = parser.parse_args()
    variant = load_variant(args.variant)
    rules = variant.compile()
    points: list[float] = []
    won_expert: list[float] = []
    won_standard: list[float] = []
    wins_difference: list[float] = []
    decided: dict[str, int] = {}
    spent: list[float] = []
    seen = 0
    for index in range(args.positions):
        seed = args.seed * 1_000_003 + index
        game = Game(variant, seed=seed)
        _play_on_until_blind(game, seed, args.deals)
        if game.is_over or game.phase != "blind":
            continue
        seen += 1
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        started = time.process_time()
        expert = ExpertBot(seed=seed, budget=args.budget).act(observation)
        spent.append(time.process_time() - started)
        standard = StandardBot(seed=seed).act(observation)
        key = f"{standard} -> {expert}"
        decided[key] = decided.get(key, 0) + 1
        if str(expert) == str(standard):
            continue
        side = rules.side_of[seat]
        outcomes = []
        for choice in (expert, standard):
            branch = game.clone()
            before = branch.scores
            branch.apply(choice)
            deal = branch.deal_number
            _play_on(branch, seed, 1)
            after = branch.deal_history[deal].scores if branch.deal_number > deal else before
            gain = [a - b for a, b in zip(after, before, strict=True)]
            others = [g for s, g in enumerate(gain) if s != side]
            margin = gain[side] - sum(others) / max(len(others), 1)
            _play_on(branch, seed, args.deals)
            winner = branch.winner
            outcomes.append((margin, 1.0 if winner == side else 0.0))
        (m_e, w_e), (m_s, w_s) = outcomes
        points.append(m_e - m_s)
        won_expert.append(w_e)
        won_standard.append(w_s)
        wins_difference.append(w_e - w_s)
    print(f"{args.variant}: {seen} blind decisions in {args.positions} games (Pro bots)")
    for key, count in sorted(decided.items(), key=lambda item: -item[1]):
        print(f"  Standard {key.split(' -> ')[0]!r}, Expert {key.split(' -> ')[1]!r}: {count}")
    if spent:
        spent.sort()
        median = statistics.median(spent) * 1e3
        high = spent[min(len(spent) - 1, int(0.95 * len(spent)))] * 1e3
        print(f"  the Expert's decision: median {median:.0f} ms CPU, 95th percentile {high:.0f} ms")
    print(f"where they differ ({len(points)}), the deciding side, Expert's choice less Standard's:")
    print(f"  the deal's points less the opponents': {_interval(points)}")
    print(f"  games won with the Expert's choice:    {_interval(won_expert)}")
    print(f"  games won with Standard's choice:      {_interval(won_standard)}")
    print(f"  difference in games won:               {_interval(wins_difference)}")


def _play_on_until_blind(game: Game, seed: int, deals: int) -> None:
    """Pro bots until the game's first blind decision (or its end)."""
    bots = [ProBot(seed=seed * 10 + seat) for seat in range(game.variant.table.players)]
    while not game.is_over and game.deal_number < deals and game.phase != "blind":
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))


if __name__ == "__main__":
    main()
