"""Misdeals: the hands that let their holder call for a new deal (docs/format.md, `misdeal`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from spadeslib.variant._base import Flag, Model

__all__ = [
    "AtMostSpades",
    "LongSuit",
    "Misdeal",
    "MisdealCondition",
    "NoFaceCards",
    "NoSpades",
]


class NoSpades(Model):
    """The hand holds no spade (counting jokers and elevated cards)."""

    kind: Literal["no_spades"] = "no_spades"


class AtMostSpades(Model):
    """The hand holds at most `count` spades."""

    kind: Literal["at_most_spades"] = "at_most_spades"
    count: int = Field(strict=True, default=1, ge=0, le=13)
    """The most spades (jokers and elevated cards included) the hand may hold."""


class LongSuit(Model):
    """The hand holds `length` or more cards of one suit."""

    kind: Literal["long_suit"] = "long_suit"
    length: int = Field(strict=True, default=7, ge=2, le=27)
    """The least number of cards of one suit that makes a misdeal."""


class NoFaceCards(Model):
    """The hand holds no king, queen or jack."""

    kind: Literal["no_face_cards"] = "no_face_cards"


MisdealCondition = Annotated[
    NoSpades | AtMostSpades | LongSuit | NoFaceCards, Field(discriminator="kind")
]


class Misdeal(Model):
    """Hands that let their holder call a misdeal during their turn to bid; the same dealer
    then deals again."""

    conditions: tuple[MisdealCondition, ...] = Field(default=(), max_length=10)
    """Any one of these lets a player call a misdeal (at most 10). Empty: no misdeals."""

    before_partner_bids: Flag = True
    """Only before the caller's partner has bid (disclosed anything about their hand)."""
