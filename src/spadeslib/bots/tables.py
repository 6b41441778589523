"""Per-variant tables the bots index on their hot path, built once per compiled variant
and kept with it (:meth:`Rules.derived <spadeslib.compiler.Rules.derived>`: the compiler
keeps them without knowing the bots).

A bot compares cards of different suits by ``Rules.order`` (every trump above every plain
card, then by strength within the card's own suit); the tables here are what only the
bots need beyond the compiled rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadeslib.compiler import Rules
from spadeslib.engine.search.determinize import Determinizer
from spadeslib.engine.search.knowledge import Knowledge

__all__ = ["KEEPER_WEIGHT", "Tables", "tables_of"]

_TRUMPS = 0

KEEPER_WEIGHT = 8
"""The odds that a card the bots keep in the two-handed draw is in the other player's
hand rather than among its discards, against 1 for another card. A player drawing as the
bots do keeps about three in four of the cards it would keep, and discards about one in
four (the card under one it kept is discarded unseen), so about 3.2 : 0.35, some 9 : 1."""


@dataclass(frozen=True, slots=True)
class Tables:
    """What the bots need beyond :class:`~spadeslib.compiler.Rules`."""

    from_top: tuple[int, ...]
    """Each bit's number of stronger faces in its effective suit (0 for the top card)."""
    suit_size: tuple[int, ...]
    """The number of faces in each effective suit."""
    keeper: tuple[bool, ...]
    """Each bit is a card the bots keep in the two-handed draw: a trump, or one of the top
    four faces of its suit."""
    weights: tuple[int, ...] | None
    """In a two-handed draw variant, how much likelier a card the bots would keep is to be
    in the other player's hand than a card they would not (see :func:`determinizer`);
    ``None`` in other variants."""
    suit_points: tuple[tuple[int, int, dict[int, float]], ...]
    """Per effective suit, ``(suit, its mask, the point count of each holding in it)``,
    the counts filled as holdings are counted (:func:`spadeslib.bots.guesses.quick_bid`:
    the simulations count every simulated hand)."""


def tables_of(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules``, built on first use and kept with them."""
    return rules.derived(_build)


def _build(rules: Rules) -> Tables:
    size = rules.size
    faces: list[set[int]] = [set(), set(), set(), set()]
    for bit in range(size):
        faces[rules.suit_of[bit]].add(rules.strengths[bit])
    from_top = tuple(
        sum(1 for s in faces[rules.suit_of[bit]] if s > rules.strengths[bit]) for bit in range(size)
    )
    keeper = tuple(rules.suit_of[bit] == _TRUMPS or from_top[bit] < 4 for bit in range(size))
    weights = None
    if rules.variant.deal.method.kind == "draw_and_discard":
        weights = tuple(KEEPER_WEIGHT if keep else 1 for keep in keeper)
    return Tables(
        from_top=from_top,
        suit_size=tuple(len(f) for f in faces),
        keeper=keeper,
        weights=weights,
        suit_points=tuple((suit, mask, {}) for suit, mask in enumerate(rules.suit_masks)),
    )


def determinizer(knowledge: Knowledge, tables: Tables) -> Determinizer:
    """The bots' placements of the unseen cards: uniform
    (:class:`~spadeslib.engine.search.determinize.Determinizer`), but in the two-handed draw,
    where the other player did not take its cards at random but kept the cards worth
    keeping: a card the bots would keep goes to a hand with :data:`KEEPER_WEIGHT` times
    the chance of another card (the bots assume the other player draws as they do).
    Without this the bots overbid badly: their simulated opponent held a random half of
    the unseen cards, much weaker than the real one."""
    weights = tables.weights
    if weights is None:
        return Determinizer(knowledge)
    return Determinizer(knowledge, weight=lambda seat, bit: weights[bit])
