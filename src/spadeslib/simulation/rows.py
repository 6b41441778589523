"""The per-deal and per-game rows a simulation records, and their columns.

A row is a flat dict of plain values (ints, bools, text, ``None`` where a value does not
apply), so the rows of many deals become columns that ``numpy`` or ``pandas`` take as
they are, a CSV line each, or JSON. Seats and sides are numbered in the columns' names:
``bid_0``, ``tricks_0``, ...; ``contract_0``, ``points_0``, ... (sides in the order of
``variant.table.sides()``).

Deal rows:

- ``deal``: the index of the sampled deal (``--deals`` only), or ``game`` (``--games``);
  ``number``, the deal's number in its game from 0 (a sampled deal is 1 where the first
  deal bids itself); ``seed``, the game's seed;
- ``key``: a digest of the cards as dealt and the dealer: two variants that dealt deal
  ``i`` the same cards have the same key (this is what makes a comparison duplicate);
- ``dealer``, ``first_dealer``;
- per seat: ``bid_S`` (``"4"``, ``"nil"``, ``"blind nil"``, ``"-"``), ``tricks_S``;
- per side: ``contract_K`` (``None`` when the deal bid itself), ``blind_K``, ``made_K``
  and ``set_short_K``/``set_over_K`` (``None`` without a trick contract), ``points_K``
  (what the deal scored), ``score_K`` (after it), ``bags_K`` (bags the deal brought),
  ``bag_penalty_K`` (points lost to bags, positive), ``took_all_K``.

Game rows (``--games``): ``game``, ``seed``, ``first_dealer``, ``deals``, ``winner`` (a side,
``None`` for a draw or an unfinished game), ``draw``, ``end`` (the rule that ended it:
``target``, ``consecutive_sets``, ``losing_score``, ``moon``, ``boston``, ``max_deals``,
``ten_for_200_all_tricks``, or ``unfinished`` when it reached the simulation's deal limit)
and ``score_K``.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spadeslib.engine import DealResult, Game

__all__ = ["Row", "deal_key", "deal_row", "game_row"]

Row = dict[str, Any]


def deal_key(game: Game) -> str:
    """A digest of the hands as dealt and the dealer, taken before the deal's first action."""
    players = game.variant.table.players
    text = ";".join(" ".join(map(str, game.hand(seat))) for seat in range(players))
    text += f"|{game.dealer}"
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def deal_row(result: DealResult, *, where: Row, key: str, first_dealer: int) -> Row:
    """The row of one finished deal; ``where`` holds the index columns (``deal``, or
    ``game`` and ``number``) and ``seed``."""
    row: Row = dict(where)
    row["key"] = key
    row["dealer"] = result.dealer
    row["first_dealer"] = first_dealer
    for seat, (bid, tricks) in enumerate(zip(result.bids, result.tricks, strict=True)):
        row[f"bid_{seat}"] = bid
        row[f"tricks_{seat}"] = tricks
    for side in result.score.sides:
        k = side.side
        contract = result.contracts[k]
        row[f"contract_{k}"] = contract
        row[f"blind_{k}"] = result.blind[k]
        has_contract = contract is not None and contract > 0
        short = side.tricks < (contract or 0)
        row[f"made_{k}"] = (not side.was_set) if has_contract else None
        row[f"set_short_{k}"] = (side.was_set and short) if has_contract else None
        row[f"set_over_{k}"] = (side.was_set and not short) if has_contract else None
        row[f"points_{k}"] = side.total
        row[f"score_{k}"] = side.after.score
        row[f"bags_{k}"] = side.bags_added
        row[f"bag_penalty_{k}"] = side.bag_penalty
        row[f"took_all_{k}"] = side.took_all_tricks
    return row


def game_row(game: Game, *, index: int, first_dealer: int, finished: bool) -> Row:
    """The row of one game, played to its end or stopped at the deal limit."""
    result = game.result
    row: Row = {
        "game": index,
        "seed": game.seed,
        "first_dealer": first_dealer,
        "deals": game.deal_number,
        "winner": result.winner if finished and result is not None else None,
        "draw": bool(finished and result is not None and result.is_draw),
        "end": result.reason if finished and result is not None else "unfinished",
    }
    for k, score in enumerate(game.scores):
        row[f"score_{k}"] = score
    return row
