"""Random full hands through spadeslib's public API, and OpenSpiel's spades for comparison.

    python bench/play_random.py [--seconds 5] [--variant standard] [--seed 1]

Plays hands (the shuffle and deal, the bids, every trick, the scoring) with uniformly
random legal actions chosen from ``Game.legal_action_ids()`` and applied with
``Game.apply_id()``, a game after another, and prints hands per second. Then times the
three calls one at a time on positions sampled from those games: microseconds per
``legal_action_ids``, ``legal_actions``, ``apply_id``, ``apply`` (text) and ``clone``.

When ``open_spiel`` is installed (``pip install open-spiel``, the ``bench`` extra) it runs
OpenSpiel's ``spades`` in the same process with the same kind of lean loop: a shuffled
deck applied as the 52 chance actions, then uniformly random legal actions to the end of
the hand. The new-game-per-hand loop and OpenSpiel's take turns in half-second slices,
so on a shared machine both see the same load and their ratio means something.

Timings only: nothing here asserts a speed (see docs/performance.md for the numbers).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spadeslib.engine import Game

Runner = Callable[[float], tuple[int, float]]
"""Plays hands for about the given seconds; returns (hands, seconds taken)."""


def fresh_hands(name: str, seed: int, *, rollout: bool = False) -> Runner:
    """Hands when every hand is the first of a new game (scores 0-0), as in OpenSpiel's
    spades, whose game is one hand: played through the public loop, or with ``rollout``
    by ``Game.rollout``, which makes the same random choices inside the engine."""
    from spadeslib.loader import load_variant

    variant = load_variant(name)
    rng = random.Random(seed)
    choose = rng.random
    played = 0

    def run(seconds: float) -> tuple[int, float]:
        nonlocal played
        hands = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            game = Game(variant, seed=seed + played + hands)
            if rollout:
                game.rollout(rng)
            else:
                # the deal is counted before the game can end, so deal_number alone says
                # the hand is over: one check per action, like OpenSpiel's is_terminal()
                while game.deal_number == 0:
                    ids = game.legal_action_ids()
                    game.apply_id(ids[int(choose() * len(ids))])
            hands += 1
            if hands % 16 == 0 and time.perf_counter() > deadline:
                break
        played += hands
        return hands, time.perf_counter() - start

    return run


def interleaved(runners: list[Runner], seconds: float, slice_: float = 0.5) -> list[float]:
    """Hands per second of each runner, run in turn in slices of ``slice_`` seconds until
    each has had ``seconds``: on a shared machine the load changes from one second to the
    next, and this way every runner sees the same load."""
    hands = [0] * len(runners)
    spent = [0.0] * len(runners)
    while min(spent) < seconds:
        for index, run in enumerate(runners):
            count, elapsed = run(slice_)
            hands[index] += count
            spent[index] += elapsed
    return [count / elapsed for count, elapsed in zip(hands, spent, strict=True)]


def spadeslib_hands(name: str, seconds: float, seed: int) -> tuple[float, int]:
    """Hands per second through ``legal_action_ids``/``apply_id``, games played on."""
    from spadeslib.loader import load_variant

    variant = load_variant(name)
    rng = random.Random(seed)
    choose = rng.random
    game = Game(variant, seed=seed)
    hands = 0
    games = 1
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        deal = game.deal_number
        while game.deal_number == deal:
            ids = game.legal_action_ids()
            game.apply_id(ids[int(choose() * len(ids))])
        hands += 1
        if game.is_over:
            games += 1
            game = Game(variant, seed=seed + games)
        if hands % 64 == 0 and time.perf_counter() > deadline:
            break
    elapsed = time.perf_counter() - start
    return hands / elapsed, games


def positions(variant: str, count: int, seed: int) -> list[Game]:
    """Clones of games at random moments (bidding and play alike)."""
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    out: list[Game] = []
    while len(out) < count:
        if game.is_over:
            game = Game(variant, seed=rng.randrange(2**32))
        if rng.random() < 0.3:
            out.append(game.clone())
        ids = game.legal_action_ids()
        game.apply_id(ids[rng.randrange(len(ids))])
    return out


def per_call(variant: str, seed: int, count: int = 2_000) -> dict[str, float]:
    """Microseconds per call of the public methods, on sampled positions (the collector is
    off while timing: thousands of live games would otherwise be timing the GC)."""
    games = positions(variant, count, seed)
    gc.collect()
    gc.disable()
    try:
        return _time_calls(games, seed, count)
    finally:
        gc.enable()


def _time_calls(games: list[Game], seed: int, count: int) -> dict[str, float]:
    rng = random.Random(seed)
    chosen = []
    for game in games:
        ids = game.legal_action_ids()
        chosen.append(ids[rng.randrange(len(ids))])
    texts = [
        str(game.legal_actions()[game.legal_action_ids().index(i)])
        for game, i in zip(games, chosen, strict=True)
    ]
    out: dict[str, float] = {}
    start = time.perf_counter()
    for game in games:
        game.legal_action_ids()
    out["legal_action_ids"] = (time.perf_counter() - start) / count * 1e6
    start = time.perf_counter()
    for game in games:
        game.legal_actions()
    out["legal_actions"] = (time.perf_counter() - start) / count * 1e6
    start = time.perf_counter()
    copies = [game.clone() for game in games]
    out["clone"] = (time.perf_counter() - start) / count * 1e6
    start = time.perf_counter()
    for game, action_id in zip(copies, chosen, strict=True):
        game.apply_id(action_id)
    out["apply_id"] = (time.perf_counter() - start) / count * 1e6
    copies = [game.clone() for game in games]
    start = time.perf_counter()
    for game, text in zip(copies, texts, strict=True):
        game.apply(text)
    out["apply (text)"] = (time.perf_counter() - start) / count * 1e6
    return out


def openspiel_hands(seed: int) -> Runner | None:
    """OpenSpiel's spades with a lean loop, or ``None`` without open_spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choose = rng.random
    deck = list(range(52))

    def run(seconds: float) -> tuple[int, float]:
        hands = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            rng.shuffle(deck)
            for card in deck:
                state.apply_action(card)
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[int(choose() * len(actions))])
            hands += 1
            if hands % 16 == 0 and time.perf_counter() > deadline:
                break
        return hands, time.perf_counter() - start

    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rate, games = spadeslib_hands(args.variant, args.seconds, args.seed)
    print(
        f"spadeslib {args.variant}: {rate:,.0f} hands/s "
        f"(random legal actions, games played on: {games} game(s))"
    )
    other = openspiel_hands(args.seed)
    runners = [
        fresh_hands(args.variant, args.seed),
        fresh_hands(args.variant, args.seed, rollout=True),
    ]
    rates = interleaved(runners + ([other] if other else []), args.seconds)
    fresh, rolled = rates[0], rates[1]
    print(f"spadeslib {args.variant}: {fresh:,.0f} hands/s (each hand a new game, 0-0)")
    print(f"spadeslib {args.variant}: {rolled:,.0f} hands/s (the same, by Game.rollout)")
    if other is None:
        print("OpenSpiel: not installed (pip install open-spiel)")
    else:
        print(
            f"OpenSpiel spades: {rates[2]:,.0f} hands/s (lean loop: shuffled chance "
            f"actions, random legal actions; run in turn with the two lines above, half a "
            f"second each); spadeslib/OpenSpiel = {fresh / rates[2]:.2f} (public loop), "
            f"{rolled / rates[2]:.2f} (rollout)"
        )
    for name, micros in per_call(args.variant, args.seed).items():
        print(f"  {name:>18}: {micros:6.2f} us/call")


if __name__ == "__main__":
    main()
