"""Where the deals of a simulation are played: :func:`play_batch`, the one seam.

Everything else in :mod:`spadeslib.simulation` (the lineup, the statistics, the worker
pool, Ray, the command line) only hands :func:`play_batch` a :class:`Batch` and reads the
rows it returns. It plays on the Python engine today: :meth:`Game.rollout
<spadeslib.Game.rollout>` when every seat plays at random, else a loop asking each seat's
bot (:mod:`spadeslib.bots`) for its action.

**Plugging in the native core.** When ``spadeslib.playouts(variant, n, *, seed=None,
policy="random", ...)`` exists (the batched playouts of the native core), a batch whose
every seat plays a policy it offers (random, standard, easy) and that asks for deals is
played by one call of it instead of the loop, and its per-deal arrays become the same
rows (:mod:`spadeslib.simulation.rows` lists the columns). Two rules keep results
comparable across the seam: deal ``i`` of a simulation with seed ``s`` is dealt from the
game seed ``derive_seed(s, "deal", i)`` on both paths, and a column the native path
cannot fill is ``None``, never a guess. A batch the native core cannot take (Pro, a
variant it does not play, whole games) stays on this loop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from spadeslib.simulation.lineup import Lineup, derive_seed
from spadeslib.simulation.rows import Row, deal_key, deal_row, game_row

if TYPE_CHECKING:
    from spadeslib.bots import Bot
    from spadeslib.compiler import Rules
    from spadeslib.engine import Game
    from spadeslib.variant import Variant

__all__ = ["Batch", "BatchRows", "Unit", "game_seed", "play_batch"]

Unit = Literal["deals", "games"]


@dataclass(frozen=True, slots=True)
class Batch:
    """Deals (or games) ``start`` to ``stop - 1`` of a simulation: picklable, so a worker
    process or a Ray task can play it."""

    variant: Variant
    lineup: Lineup
    unit: Unit
    seed: int
    start: int
    stop: int
    max_deals: int = 200
    """In a game, the deals after which it is stopped and counted unfinished (random
    bids can keep both sides away from the target for ever)."""


@dataclass(frozen=True, slots=True)
class BatchRows:
    """What a batch played: one row per deal, and one per game when it played games."""

    deals: list[Row]
    games: list[Row]


def game_seed(seed: int, unit: Unit, index: int) -> int:
    """The seed of deal or game ``index`` of a simulation seeded ``seed``; in a comparison
    both variants use it, so they deal the same cards wherever their decks agree."""
    return derive_seed(seed, unit[:-1], index)


def play_batch(batch: Batch) -> BatchRows:
    """Play ``batch`` and return its rows, in index order. The same batch gives the same
    rows in any process (see the module docstring for the native core's place here)."""
    from spadeslib.engine import Game

    rules = batch.variant.compile()
    deals: list[Row] = []
    games: list[Row] = []
    for index in range(batch.start, batch.stop):
        seed = game_seed(batch.seed, batch.unit, index)
        game = Game(batch.variant, seed=seed)
        bots = batch.lineup.bots(seed)
        rng = random.Random(derive_seed(seed, "random seats"))
        first_dealer = game.dealer
        if batch.unit == "deals":
            if rules.first_deal_bids_itself:  # sample the first deal that is bid
                _play_deal(game, bots, rules, rng)
            if game.is_over:  # a first deal that ended the game: nothing left to sample
                continue
            key = deal_key(game)
            _play_deal(game, bots, rules, rng)
            where = {"deal": index, "number": game.deal_number - 1, "seed": seed}
            deals.append(
                deal_row(game.deal_history[-1], where=where, key=key, first_dealer=first_dealer)
            )
            continue
        while not game.is_over and game.deal_number < batch.max_deals:
            key = deal_key(game)
            _play_deal(game, bots, rules, rng)
            where = {"game": index, "number": game.deal_number - 1, "seed": seed}
            deals.append(
                deal_row(game.deal_history[-1], where=where, key=key, first_dealer=first_dealer)
            )
        games.append(game_row(game, index=index, first_dealer=first_dealer, finished=game.is_over))
    return BatchRows(deals, games)


def _play_deal(game: Game, bots: list[Bot | None], rules: Rules, rng: random.Random) -> None:
    """Play the current deal to its end: the engine's rollout when every seat is random,
    else each seat's bot (a random seat picks uniformly among the legal actions)."""
    if all(bot is None for bot in bots):
        game.rollout(rng)
        return
    number = game.deal_number
    while not game.is_over and game.deal_number == number:
        seat = game.current_player
        assert seat is not None
        bot = bots[seat]
        if bot is None:
            ids = game.legal_action_ids()
            game.apply_id(ids[int(rng.random() * len(ids))])
        else:
            game.apply(bot.act(game.observation(seat), rules))
