"""The tables the seeded deal reads: where each position of the shuffled order goes.

The deal itself is :mod:`spadeslib.engine.core.dealing`'s (the French cut's cards first, then
one card at a time clockwise from the dealer's left, the rest left over); what it reads
there depends only on the variant and the dealer, so it is worked out here once per
variant for every dealer.
"""

from __future__ import annotations

__all__ = ["Positions", "first_copies", "positions"]

Positions = tuple[tuple[int, ...], range, tuple[bytes, ...], tuple[int, ...]]
"""For one dealer: the label of each position of the shuffled order (the seat the deal
gives it to, or ``players + k`` for the ``k``-th of the other cards: the cut's first,
then those after the deal), the labels of the other cards in order, for each seat a
translation of the labels to ``1`` for that seat's and ``0`` for any other, and a ``2``
(the base) for each seat."""


def positions(players: int, size: int, cut: int, per_hand: int) -> tuple[Positions, ...]:
    """The :data:`Positions` of each dealer, for a deck of ``size`` cards, ``cut`` cards
    turned up by the French cut and ``per_hand`` cards dealt to each hand."""
    end = cut + per_hand * players
    picks = tuple(b"0" * seat + b"1" + b"0" * (255 - seat) for seat in range(players))
    left = range(players, players + cut + size - end)
    twos = (2,) * players
    out = []
    for dealer in range(players):
        labels = list(range(players, players + cut))
        labels += [(dealer + 1 + step) % players for step in range(end - cut)]
        labels += range(players + cut, players + cut + size - end)
        out.append((tuple(labels), left, picks, twos))
    return tuple(out)


def first_copies(copies: tuple[tuple[int, ...], ...]) -> int | None:
    """The mask of every face's first copy, when each face is two neighbouring bits (the
    layout puts a face's copies side by side); ``None`` otherwise. ``copies``: each bit's
    copies (``Rules.copies``)."""
    first = 0
    for bits in copies:
        if len(bits) != 2 or bits[1] != bits[0] + 1:
            return None
        first |= 1 << bits[0]
    return first
