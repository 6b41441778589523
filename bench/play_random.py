"""Random full hands through spadeslib's public API, and OpenSpiel's spades for comparison.

    python bench/play_random.py [--seconds 5] [--variant standard] [--seed 1]

Plays hands (the shuffle and deal, the bids, every trick, the scoring) with uniformly
random legal actions chosen from ``Game.legal_action_ids()`` and applied with
``Game.apply_id()``, each hand the first of a new game, and prints hands per second;
then the same hands by ``Game.rollout()``, which makes the same choices inside the
engine. (Games played on are no yardstick: under random bids a standard game never
reaches 500, and its cost grows with the sides' Blind Nil options.) And ``Game()`` alone,
the part of a hand that is not actions. Then times the public calls one at a time on
positions sampled from those games: microseconds per
``legal_action_ids``, ``legal_actions``, ``apply_id``, ``apply`` (text) and ``clone``.

When ``open_spiel`` is installed (``pip install open-spiel``, the ``bench`` extra) it runs
OpenSpiel's ``spades`` in the same process with the same kind of lean loop: a shuffled
deck applied as the 52 chance actions, then uniformly random legal actions to the end of
the hand. Two yardsticks from ``calibration.py`` run beside them: the public loop over a
game that does nothing (the ceiling for any engine driven one action at a time from
Python) and a naive pure-Python playout (to place the machine against the project's
reference numbers). The new-game-per-hand loops, the yardsticks and OpenSpiel's loop take
turns in half-second slices, so on a shared machine all see the same load and their ratios
mean something.

Timings only: nothing here asserts a speed (see docs/performance.md for the numbers).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from calibration import Runner, empty_loop, naive_playout, timed

from spadeslib.engine import Game


def fresh_hands(name: str, seed: int, *, rollout: bool = False) -> Runner:
    """Hands when every hand is the first of a new game (scores 0-0), as in OpenSpiel's
    spades, whose game is one hand: played through the public loop, or with ``rollout``
    by ``Game.rollout``, which makes the same random choices inside the engine."""
    from spadeslib.variant import load_variant

    variant = load_variant(name)
    rng = random.Random(seed)
    choose = rng.random
    seeds = iter(range(seed, 2**63))

    def play_hand() -> None:
        game = Game(variant, seed=next(seeds))
        if rollout:
            game.rollout(rng)
            return
        # the deal is counted before the game can end, so deal_number alone says the
        # hand is over: one check per action, like OpenSpiel's is_terminal()
        while game.deal_number == 0:
            ids = game.legal_action_ids()
            game.apply_id(ids[int(choose() * len(ids))])

    return timed(play_hand)


def new_games(name: str, seed: int) -> Runner:
    """``Game()`` alone: a new game's state, its shuffle and deal, the auction's start."""
    from spadeslib.variant import load_variant

    variant = load_variant(name)
    seeds = iter(range(seed, 2**63))
    return timed(lambda: Game(variant, seed=next(seeds)))


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
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choose = rng.random
    deck = list(range(52))

    def play_hand() -> None:
        state = game.new_initial_state()
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(choose() * len(actions))])

    return timed(play_hand)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    other = openspiel_hands(args.seed)
    runners = [
        fresh_hands(args.variant, args.seed),
        fresh_hands(args.variant, args.seed, rollout=True),
        new_games(args.variant, args.seed),
        empty_loop(args.seed),
        naive_playout(args.seed),
        *([other] if other else []),
    ]
    fresh, rolled, games, empty, naive, *rest = interleaved(runners, args.seconds)
    print(f"spadeslib {args.variant}: {fresh:,.0f} hands/s (each hand a new game, 0-0)")
    print(f"spadeslib {args.variant}: {rolled:,.0f} hands/s (the same, by Game.rollout)")
    print(f"spadeslib {args.variant}: {games:,.0f} Game()/s (no action played)")
    print(f"calibration: {empty:,.0f} hands/s (the public loop over a game that does nothing)")
    print(f"calibration: {naive:,.0f} hands/s (a naive pure-Python playout of standard spades)")
    if not rest:
        print("OpenSpiel: not installed (pip install open-spiel)")
    else:
        spiel = rest[0]
        print(
            f"OpenSpiel spades: {spiel:,.0f} hands/s (lean loop: shuffled chance actions, "
            f"random legal actions; all six lines run in turn, half a second each)"
        )
        print(
            f"  ratios to OpenSpiel: public loop {fresh / spiel:.2f}, rollout "
            f"{rolled / spiel:.2f}, Game() {games / spiel:.2f}, empty loop "
            f"{empty / spiel:.2f}, naive playout {naive / spiel:.2f}"
        )
    for name, micros in per_call(args.variant, args.seed).items():
        print(f"  {name:>18}: {micros:6.2f} us/call")


if __name__ == "__main__":
    main()
