"""What a finished deal leaves behind, and the shape of a deal as dealt.

These are the immutable values :attr:`spadeslib.Game.deal_history` returns and a game
record is rebuilt from; the engine's mutable :class:`~spadeslib.engine.state.State` only
points at them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spadeslib.cards import Card

__all__ = ["DealResult", "Dealt"]

Dealt = tuple[tuple[int, ...], tuple[int, ...]]
"""A deal as the shuffle made it: ``(hand masks by seat, the other cards' bits in order)``.
The other cards are, in this order, the French cut's turned-up cards, then the left-over
cards (kitty, widow, Mitchell's); for the two-handed draw the hands are empty and they are
the whole stock, top first."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """One scored deal: who dealt, what each seat bid, the contracts, the tricks, the score.

    ``bids`` are per seat in text (``"4"``, ``"nil"``, ``"blind nil"``, ``"-"`` for a seat
    that made no bid of its own, as in a partnership bid or the deal that bids itself);
    ``contracts`` per side (``None`` for the deal that bids itself); ``score`` is the
    :class:`spadeslib.scoring.DealScore` (each side's points, bags, explanation).
    """

    number: int
    """0 for the first deal of the game."""
    dealer: int
    bids: tuple[str, ...]
    contracts: tuple[int | None, ...]
    blind: tuple[bool, ...]
    """Per side: the contract was bid blind."""
    tricks: tuple[int, ...]
    """Tricks won per seat."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand at the first lead."""
    widow: tuple[Card, ...]
    """Cards set aside unseen, revealed after the play."""
    scores: tuple[int, ...]
    """Each side's score after the deal."""
    bags: tuple[int, ...]
    """Each side's bags after the deal."""
    score: Any = field(compare=False)
    """The scoring engine's full answer for the deal."""
