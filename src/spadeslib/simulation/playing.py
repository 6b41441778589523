"""Where the deals of a simulation are played: :func:`play_batch`, the one seam.

Everything else in :mod:`spadeslib.simulation` (the lineup, the statistics, the worker
pool, Ray, the command line) only hands :func:`play_batch` a :class:`Batch` and reads the
table it returns. Two paths play a batch:

- **the batched playouts** (:mod:`spadeslib.simulation.batched`): deals where every seat
  plays at random, of a variant the native core plays, sampled from a game's first deal:
  one call of :func:`spadeslib.playouts` for the whole batch, the table made column by
  column;
- **the games** (:func:`play_games`): everything else, deal by deal through
  :class:`~spadeslib.Game` (:meth:`Game.rollout <spadeslib.Game.rollout>` when every seat
  is random, else each seat's bot from :mod:`spadeslib.bots`), a row per deal.

Both deal the same cards: deal ``i`` of a simulation seeded ``s`` is the first deal of the
game seeded ``stream_seed(deals_seed(s), i)`` (game ``i`` of ``--games`` is seeded
``derive_seed(s, "game", i)``), so a comparison of two lineups or variants is duplicate
whichever paths play them. Their random seats draw from different generators (the
playouts' from the deal's own SplitMix64 stream, the games' from a ``random.Random``
seeded per game), so for one seed the two paths play different cards from the same deals:
two samples of the same distribution (a test holds their figures together). Either path
gives the same table for a batch in any process and on either backend.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from spadeslib.bots.decisions import is_nil
from spadeslib.bots.standard import StandardBot
from spadeslib.engine.core.shuffle import stream_seed
from spadeslib.policies import standard as policies
from spadeslib.simulation import batched
from spadeslib.simulation.lineup import Lineup, derive_seed
from spadeslib.simulation.rows import Row, deal_key, deal_row, game_row
from spadeslib.simulation.table import Table

if TYPE_CHECKING:
    from spadeslib.bots import Bot
    from spadeslib.compiler import Rules
    from spadeslib.engine import Game
    from spadeslib.variant import Variant

__all__ = ["Batch", "BatchRows", "Unit", "game_seed", "play_batch", "play_games"]

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
    """What a batch played: a row per deal, and one per game when it played games."""

    deals: Table
    games: Table


def game_seed(seed: int, unit: Unit, index: int) -> int:
    """The seed of the game of deal or game ``index`` of a simulation seeded ``seed``; in a
    comparison both variants use it, so they deal the same cards wherever their decks
    agree."""
    if unit == "deals":
        return stream_seed(batched.deals_seed(seed), index)
    return derive_seed(seed, "game", index)


def play_batch(batch: Batch) -> BatchRows:
    """Play ``batch`` and return its rows, in index order, on the path that takes it (see
    the module docstring). The same batch gives the same rows in any process."""
    if batched.takes(batch):
        return BatchRows(batched.play(batch), Table({}, {}))
    return play_games(batch)


def play_games(batch: Batch) -> BatchRows:
    """Play ``batch`` deal by deal through :class:`~spadeslib.Game`."""
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
            key = _key(game, rules)
            _play_deal(game, bots, rules, rng)
            where = {"deal": index, "number": game.deal_number - 1, "seed": seed}
            deals.append(
                deal_row(game.deal_history[-1], where=where, key=key, first_dealer=first_dealer)
            )
            continue
        while not game.is_over and game.deal_number < batch.max_deals:
            key = _key(game, rules)
            _play_deal(game, bots, rules, rng)
            where = {"game": index, "number": game.deal_number - 1, "seed": seed}
            deals.append(
                deal_row(game.deal_history[-1], where=where, key=key, first_dealer=first_dealer)
            )
        games.append(game_row(game, index=index, first_dealer=first_dealer, finished=game.is_over))
    return BatchRows(Table.from_rows(deals), Table.from_rows(games))


def _key(game: Game, rules: Rules) -> int:
    """The deal key of the hands as dealt, before the deal's first action."""
    hands = [rules.mask_of(game.hand(seat)) for seat in range(rules.players)]
    return deal_key(rules, hands, game.dealer)


def _play_deal(game: Game, bots: list[Bot | None], rules: Rules, rng: random.Random) -> None:
    """Play the current deal to its end: the engine's rollout when every seat is random,
    else each seat's bot (a random seat picks uniformly among the legal actions; a seat
    with one legal action takes it, as every bot of :mod:`spadeslib.bots` does without
    being asked)."""
    if all(bot is None for bot in bots):
        game.rollout(rng)
        return
    number = game.deal_number
    view: policies.Table | None = None  # the Standard rule's view of the deal, from its first card
    while not game.is_over and game.deal_number == number:
        seat = game.current_player
        assert seat is not None
        bot = bots[seat]
        ids = game.legal_action_ids()
        if bot is None:
            game.apply_id(ids[int(rng.random() * len(ids))])
        elif len(ids) == 1:
            game.apply_id(ids[0])
        elif type(bot) is StandardBot and game.phase == "play":
            # a Standard card is the rule's, which the native core reads off the game
            if view is None:
                observation = game.observation(seat)
                nils = sum(1 << s for s in range(rules.players) if is_nil(observation, s))
                view = policies.Table(rules, observation.contracts, nils)
            card = policies.native_standard_card(game, view)
            if card is None:
                game.apply(bot.act(game.observation(seat), rules))
            else:
                game.apply_id(card)
        else:
            game.apply(bot.act(game.observation(seat), rules))
