"""The cards in play and how they rank (docs/format.md, `deck`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from spadeslib.variant._base import CardName, Model

__all__ = ["Deck"]


class Deck(Model):
    """The pack: how many, which jokers, which cards are removed or moved into the trumps.

    Spades are always trumps. Every card keeps its natural place (A high, 2 low) in its suit
    unless it is listed in `elevated`, which places it above the ace of spades.
    """

    packs: Literal[1, 2] = 1
    """How many packs are shuffled together (2 for six players)."""

    jokers: tuple[Literal["BJ", "LJ"], ...] = Field(default=(), max_length=2)
    """Jokers added to each pack: `BJ` (big) and/or `LJ` (little). Every joker must also be
    ranked in `elevated`."""

    remove: tuple[CardName, ...] = ()
    """Cards taken out of each pack before the deal, like `[2C, 2H]`."""

    elevated: tuple[CardName, ...] = ()
    """Cards placed above the ace of spades, highest first, like `[BJ, LJ, 2D, 2S]`. They are
    trumps and count as spades for following suit, leading and breaking spades."""

    identical_cards: Literal["later_wins", "earlier_wins"] = "later_wins"
    """With two packs, which of two identical winning cards in one trick wins it."""

    def size(self) -> int:
        """The number of cards in the whole deck."""
        return self.packs * (52 + len(self.jokers) - len(self.remove))
