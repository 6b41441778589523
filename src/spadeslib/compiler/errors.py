"""Errors the compiled rules raise on arguments they cannot use."""

from __future__ import annotations

from spadeslib.errors import SpadesError

__all__ = ["CardNotInDeckError", "RulesArgumentError"]


class RulesArgumentError(SpadesError, ValueError):
    """An argument the compiled rules cannot use (like a missing list of bids)."""


class CardNotInDeckError(RulesArgumentError):
    """A card this variant's deck does not hold: removed, a joker not added, or named more
    times than the deck has copies."""
