"""Who wins a trick, what a card needs to win it, and what breaks spades
(docs/format.md, `deck`, `play`).

The tables are built once by :func:`winner_tables`; the functions here are bound as methods
of :class:`~spadeslib.compiler.rules.Rules` and only index tuples on the hot path.

How a trick is won: the highest trump if the trick holds any, else the highest card of the
effective suit led. Each led suit has a table giving every bit a key: 0 for a card that
cannot win (another plain suit), otherwise one more than the card's rank in the whole
layout, so every trump outranks every card of the led suit. Identical cards (two packs)
share a key and ``deck.identical_cards`` breaks the tie.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib.compiler.layout import SPADES, Layout

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "beating_mask",
    "beats_tables",
    "breaking_masks",
    "breaks_spades",
    "trick_winner",
    "winner_tables",
]


def winner_tables(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """For each effective suit led, each bit's key in the trick (0: cannot win)."""
    face_rank: list[int] = []
    previous: object = None
    rank = 0
    for card in layout.deck:  # copies of a face are adjacent and share a rank
        if card != previous:
            rank += 1
            previous = card
        face_rank.append(rank)
    return tuple(
        tuple(
            face_rank[bit] if suit in (led, SPADES) else 0
            for bit, suit in enumerate(layout.suit_of)
        )
        for led in range(4)
    )


def beats_tables(layout: Layout, *, later_wins: bool) -> tuple[int, ...]:
    """For each bit ``b``, the cards of its effective suit that beat ``b`` when played after
    it: the stronger faces, and with ``later_wins`` the other copy of ``b``'s face too."""
    beats: list[int] = []
    for bit, suit in enumerate(layout.suit_of):
        strength = layout.strengths[bit]
        mask = 0
        for other, other_suit in enumerate(layout.suit_of):
            if other_suit != suit or other == bit:
                continue
            other_strength = layout.strengths[other]
            if other_strength > strength or (later_wins and other_strength == strength):
                mask |= 1 << other
        beats.append(mask)
    return tuple(beats)


def breaking_masks(layout: Layout, breaking: str) -> tuple[int, int, int, int]:
    """For each effective suit led, the cards whose play breaks spades."""
    trumps = layout.suit_masks[SPADES]
    if breaking == "any_spade":
        return (trumps, trumps, trumps, trumps)
    return (0, trumps, trumps, trumps)  # on_other_suit: trumping another suit's lead


def trick_winner(rules: Rules, trick: Sequence[int]) -> int:
    """The index in ``trick`` (bits in play order) of the card that wins it so far.

    >>> from spadeslib.variant import Variant
    >>> rules = Variant().compile()
    >>> rules.trick_winner([rules.card_bits(c)[0] for c in ("KH", "AH", "2S", "AD")])
    2
    """
    keys = rules.winner_keys[rules.suit_of[trick[0]]]
    best = -1
    winner = 0
    index = 0
    if rules.later_wins:
        for bit in trick:
            key = keys[bit]
            if key >= best:
                best = key
                winner = index
            index += 1
    else:
        for bit in trick:
            key = keys[bit]
            if key > best:
                best = key
                winner = index
            index += 1
    return winner


def beating_mask(rules: Rules, trick: Sequence[int]) -> int:
    """The cards that, played next to ``trick``, would be winning it (all cards when the
    trick is empty). ``hand & legal & rules.beating_mask(trick)`` are the winning plays."""
    if not trick:
        return rules.full_mask
    top = trick[trick_winner(rules, trick)]
    if rules.suit_of[top] == SPADES:
        return rules.beats[top]
    return rules.beats[top] | rules.trump_mask


def breaks_spades(rules: Rules, bit: int, led_suit: int) -> bool:
    """Whether playing ``bit`` to a trick whose led effective suit is ``led_suit`` breaks
    spades (``play.breaking``). Jokers and elevated cards are spades for this."""
    return rules.breaking[led_suit] >> bit & 1 == 1
