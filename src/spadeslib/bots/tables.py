"""Per-variant tables the bots index on their hot path, built once per compiled variant.

A bot compares cards of different suits when it plays "its lowest card" or "its highest
card". The order used everywhere in :mod:`spadeslib.bots` is: every trump above every
plain card; inside those two groups, by strength within the card's own suit (a 9 of
hearts is higher than a 7 of clubs); the bit breaks the remaining ties. ``order[bit]`` is
that rank as one int.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from spadeslib.compiler import Rules

__all__ = ["Tables", "covered", "highest", "lowest", "tables_of"]

_TRUMPS = 0

KEEPER_WEIGHT = 8
"""The odds that a card the bots keep in the two-handed draw is in the other player's
hand rather than among its discards, against 1 for another card. A player drawing as the
bots do keeps about three in four of the cards it would keep, and discards about one in
four (the card under one it kept is discarded unseen), so about 3.2 : 0.35, some 9 : 1."""


@dataclass(frozen=True, slots=True)
class Tables:
    """What the bots need beyond :class:`~spadeslib.compiler.Rules`."""

    order: tuple[int, ...]
    """Each bit's place in the bots' low-to-high order (see the module docstring)."""
    from_top: tuple[int, ...]
    """Each bit's number of stronger faces in its effective suit (0 for the top card)."""
    suit_size: tuple[int, ...]
    """The number of faces in each effective suit."""
    above: tuple[int, ...]
    """Each bit's stronger cards: the mask of the faces of its effective suit above it."""
    keeper: tuple[bool, ...]
    """Each bit is a card the bots keep in the two-handed draw: a trump, or one of the top
    four faces of its suit."""
    weights: tuple[int, ...] | None
    """In a two-handed draw variant, how much likelier a card the bots would keep is to be
    in the other player's hand than a card they would not (see
    :mod:`spadeslib.bots.sampling`); ``None`` in other variants."""


@functools.lru_cache(maxsize=64)
def tables_of(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules`` (cached)."""
    size = rules.size
    order = tuple(
        ((rules.suit_of[bit] == _TRUMPS) << 16) | (rules.strengths[bit] << 8) | bit
        for bit in range(size)
    )
    faces: list[set[int]] = [set(), set(), set(), set()]
    for bit in range(size):
        faces[rules.suit_of[bit]].add(rules.strengths[bit])
    from_top = tuple(
        sum(1 for s in faces[rules.suit_of[bit]] if s > rules.strengths[bit]) for bit in range(size)
    )
    above = tuple(
        sum(
            1 << other
            for other in range(size)
            if rules.suit_of[other] == rules.suit_of[bit]
            and rules.strengths[other] > rules.strengths[bit]
        )
        for bit in range(size)
    )
    keeper = tuple(rules.suit_of[bit] == _TRUMPS or from_top[bit] < 4 for bit in range(size))
    weights = None
    if rules.variant.deal.method.kind == "draw_and_discard":
        weights = tuple(KEEPER_WEIGHT if keep else 1 for keep in keeper)
    return Tables(
        order=order,
        from_top=from_top,
        suit_size=tuple(len(f) for f in faces),
        above=above,
        keeper=keeper,
        weights=weights,
    )


def covered(tables: Tables, mask: int, live: int, *, most: bool) -> int:
    """The card of a non-empty ``mask`` with the most (``most``) or the fewest stronger
    cards of its suit among ``live`` (the cards still in other hands): the safest or the
    most dangerous card for a Nil bidder. Ties go to the lowest card for the safest and
    to the highest for the most dangerous."""
    above = tables.above
    order = tables.order
    best = -1
    best_key = (-1, 0) if most else (1 << 30, 0)
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        mask ^= low
        count = (above[bit] & live).bit_count()
        if most:
            key = (count, -order[bit])
            if key > best_key:
                best_key, best = key, bit
        else:
            key = (count, -order[bit])
            if key < best_key:
                best_key, best = key, bit
    return best


def lowest(tables: Tables, mask: int) -> int:
    """The lowest card of a non-empty ``mask`` (a bit), in the bots' order."""
    order = tables.order
    best = -1
    key = 1 << 30
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        if order[bit] < key:
            key = order[bit]
            best = bit
        mask ^= low
    return best


def highest(tables: Tables, mask: int) -> int:
    """The highest card of a non-empty ``mask`` (a bit), in the bots' order."""
    order = tables.order
    best = -1
    key = -1
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        if order[bit] > key:
            key = order[bit]
            best = bit
        mask ^= low
    return best
