"""Passing cards to partner before the bidding (docs/format.md, `passing`)."""

from __future__ import annotations

from pydantic import Field

from spadeslib.variant._base import Model

__all__ = ["Passing"]


class Passing(Model):
    """Cards passed face down to partner before the bidding, both partners at once."""

    cards: int = Field(strict=True, default=0, ge=0, le=13)
    """How many cards each player passes (0: no passing; 3 is usual)."""
