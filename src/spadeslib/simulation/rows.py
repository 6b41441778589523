"""The per-deal and per-game rows a simulation records: their columns, and the deal key.

A row is a flat dict of plain values (ints, bools, text, ``None`` where a value does not
apply); a simulation keeps its rows as columns (:mod:`spadeslib.simulation.table`), which
``numpy`` or ``pandas`` take as they are, a CSV line each, or JSON. Seats and sides are
numbered in the columns' names: ``bid_0``, ``tricks_0``, ...; ``contract_0``,
``points_0``, ... (sides in the order of ``variant.table.sides()``).

Deal rows:

- ``deal``: the index of the sampled deal (``--deals`` only), or ``game`` (``--games``);
  ``number``, the deal's number in its game from 0 (a sampled deal is 1 where the first
  deal bids itself); ``seed``, the game's seed (``Game(variant, seed=seed)`` deals it);
- ``key``: a digest of the cards as dealt and the dealer (16 hex digits): two variants
  that dealt deal ``i`` the same cards have the same key (this is what makes a comparison
  duplicate);
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

import functools
import hashlib
from typing import TYPE_CHECKING, Any, Final, Literal

if TYPE_CHECKING:
    from spadeslib.compiler import Rules
    from spadeslib.engine import DealResult, Game
    from spadeslib.scoring import SideScore

__all__ = [
    "Kind",
    "Row",
    "SideValues",
    "card_constants",
    "deal_key",
    "deal_row",
    "game_row",
    "kind_of",
    "side_values",
]

Row = dict[str, Any]

Kind = Literal["int", "seed", "bool", "bid", "key", "text"]
"""How a column is kept: ints; a seed (64 bits, unsigned); yes/no; a bid (the engine's
bid code, shown as text); the deal key (64 bits, shown as 16 hex digits); text."""

_KINDS: Final[dict[str, Kind]] = {
    "seed": "seed",
    "key": "key",
    "bid": "bid",
    "end": "text",
    "blind": "bool",
    "made": "bool",
    "set_short": "bool",
    "set_over": "bool",
    "took_all": "bool",
    "draw": "bool",
}


def kind_of(name: str) -> Kind:
    """The kind of column ``name`` (``bid_2`` is a bid, ``made_0`` yes/no, ...)."""
    stem, _, number = name.rpartition("_")
    return _KINDS.get(stem if number.isdigit() else name, "int")


def _constant(*parts: object) -> int:
    text = ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def card_constants(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The parts of the deal key: per seat, one 64-bit number for each card bit of the
    deck (from the card's name, so the same card has the same number in every variant and
    both copies of a card in two packs have one), and one per dealer."""
    return _constants(tuple(str(card) for card in rules.deck), rules.players)


@functools.lru_cache(maxsize=64)
def _constants(names: tuple[str, ...], players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cards = tuple(_constant("card", seat, name) for seat in range(players) for name in names)
    return cards, tuple(_constant("dealer", seat) for seat in range(players))


def deal_key(rules: Rules, hands: tuple[int, ...] | list[int], dealer: int) -> int:
    """The deal key of ``hands`` (masks of ``rules``' card bits, by seat) dealt by
    ``dealer``: the sum, modulo 2**64, of each held card's number for its seat and the
    dealer's (:func:`card_constants`); :mod:`spadeslib.simulation.batched` adds the same
    numbers for a whole batch at once."""
    cards, dealers = card_constants(rules)
    size = rules.size
    total = dealers[dealer]
    for seat, hand in enumerate(hands):
        base, rest = seat * size, hand
        while rest:
            low = rest & -rest
            total += cards[base + low.bit_length() - 1]
            rest ^= low
    return total & 0xFFFF_FFFF_FFFF_FFFF


SideValues = tuple[bool | None, bool | None, bool | None, int, int, int, bool]
"""What a side's deal puts in its row: made, set short, set over (``None`` without a trick
contract), the points, the bags brought, the bag penalty, and whether it took every trick."""


def side_values(side: SideScore, contract: int | None) -> SideValues:
    """The row values of one side's scored deal, whose contract was ``contract``."""
    has_contract = contract is not None and contract > 0
    short = side.tricks < (contract or 0)
    return (
        (not side.was_set) if has_contract else None,
        (side.was_set and short) if has_contract else None,
        (side.was_set and not short) if has_contract else None,
        side.total,
        side.bags_added,
        side.bag_penalty,
        side.took_all_tricks,
    )


def deal_row(result: DealResult, *, where: Row, key: int, first_dealer: int) -> Row:
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
        made, short, over, points, bags, penalty, took_all = side_values(side, contract)
        row[f"contract_{k}"] = contract
        row[f"blind_{k}"] = result.blind[k]
        row[f"made_{k}"] = made
        row[f"set_short_{k}"] = short
        row[f"set_over_{k}"] = over
        row[f"points_{k}"] = points
        row[f"score_{k}"] = side.after.score
        row[f"bags_{k}"] = bags
        row[f"bag_penalty_{k}"] = penalty
        row[f"took_all_{k}"] = took_all
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
