"""The deck of one variant laid out as bit positions, grouped by effective suit.

Bits ``0 .. n-1`` hold the cards of the whole deck (two packs give two bits per face).
From the lowest bit up: clubs, diamonds, hearts, then the trumps; inside each group the
cards rise in strength, and the copies of one face sit next to each other. So:

- an effective suit is one contiguous mask, and following suit is an AND;
- the strongest card of a suit in a mask is at ``(mask & suit_mask).bit_length() - 1``;
- any trump is above every other card, so the highest bit of a trick's eligible cards
  is its winner (up to identical cards, which share one strength).

The trumps are every spade not moved elsewhere, then the ``deck.elevated`` cards above the
ace in the order listed (the first listed is the highest). Jokers are always elevated.

>>> from spadeslib.variant import Variant
>>> nyc = Variant.model_validate({"deck": {"jokers": ["BJ", "LJ"], "remove": ["2C", "2H"],
...                                        "elevated": ["BJ", "LJ", "2D", "2S"]}})
>>> layout = build_layout(nyc.deck)
>>> " ".join(str(card) for card in layout.deck[-5:])
'AS 2S 2D LJ BJ'
>>> layout.suit_of[-3], layout.strengths[-1]
(0, 15)
"""

from __future__ import annotations

from dataclasses import dataclass

from spadeslib.cards import RANKS, SUITS, Card
from spadeslib.variant.deck import Deck

__all__ = ["SPADES", "SUIT_LETTERS", "Layout", "build_layout", "suit_order", "why_absent"]

SUIT_LETTERS = SUITS
"""Effective suit letters by index: 0 = ``S`` (trumps), 1 = ``H``, 2 = ``D``, 3 = ``C``."""

SPADES = 0
"""The effective suit index of the trumps."""

_BOTTOM_UP = (3, 2, 1, 0)
"""Suit groups from the lowest bit up: clubs, diamonds, hearts, trumps on top."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Per-bit tables of one deck. See the module docstring for the order of the bits."""

    deck: tuple[Card, ...]
    """The card at each bit."""
    suit_of: tuple[int, ...]
    """The effective suit index (0-3) of each bit."""
    strengths: tuple[int, ...]
    """Each bit's strength inside its effective suit: 0 for the lowest face, rising by one
    per face; the copies of one face (two packs) share one strength."""
    suit_masks: tuple[int, int, int, int]
    """The mask of each effective suit, by index."""
    bits_of: dict[Card, tuple[int, ...]]
    """Every card in the deck to its bits (one per pack)."""

    @property
    def full_mask(self) -> int:
        return (1 << len(self.deck)) - 1


def suit_order(
    deck: Deck,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """The distinct faces of each effective suit (by index), lowest first."""
    removed = {Card.parse(name) for name in deck.remove}
    elevated = [Card.parse(name) for name in deck.elevated]
    moved = set(elevated)
    suits: list[list[Card]] = [[] for _ in SUITS]
    for suit_index, letter in enumerate(SUITS):
        for rank in RANKS:
            card = Card.parse(rank + letter)
            if card not in removed and card not in moved:
                suits[suit_index].append(card)
    suits[SPADES].extend(reversed(elevated))
    spades, hearts, diamonds, clubs = (tuple(cards) for cards in suits)
    return spades, hearts, diamonds, clubs


def build_layout(deck: Deck) -> Layout:
    """Lay out ``deck`` (a validated :class:`~spadeslib.variant.Deck`) as bits."""
    faces_by_suit = suit_order(deck)
    cards: list[Card] = []
    suit_of: list[int] = []
    strengths: list[int] = []
    masks = [0, 0, 0, 0]
    bits_of: dict[Card, list[int]] = {}
    for suit in _BOTTOM_UP:
        for strength, card in enumerate(faces_by_suit[suit]):
            for _ in range(deck.packs):
                bit = len(cards)
                cards.append(card)
                suit_of.append(suit)
                strengths.append(strength)
                masks[suit] |= 1 << bit
                bits_of.setdefault(card, []).append(bit)
    return Layout(
        deck=tuple(cards),
        suit_of=tuple(suit_of),
        strengths=tuple(strengths),
        suit_masks=(masks[0], masks[1], masks[2], masks[3]),
        bits_of={card: tuple(bits) for card, bits in bits_of.items()},
    )


def why_absent(deck: Deck, card: Card) -> str:
    """A sentence saying why ``card`` is not in ``deck``, for error messages."""
    name = str(card)
    if name in deck.remove:
        return f"{name} is removed in this variant (deck.remove: {list(deck.remove)})"
    if card.is_joker:
        listed = list(deck.jokers)
        have = f"deck.jokers lists only {listed}" if listed else "it has no jokers"
        return f"{name} is not in this deck: {have}"
    return f"{name} is not in this deck"  # pragma: no cover - every other face is present
