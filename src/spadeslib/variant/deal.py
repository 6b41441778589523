"""Dealing, and what happens to cards left over after the deal (docs/format.md, `deal`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from spadeslib.variant._base import Flag, Model, Seat

__all__ = [
    "Deal",
    "DrawAndDiscard",
    "Kitty",
    "Leftover",
    "Mitchell",
    "NoLeftover",
    "RoundRobin",
    "Widow",
]


class RoundRobin(Model):
    """One card at a time clockwise from the dealer's left (the standard deal)."""

    kind: Literal["round_robin"] = "round_robin"


class DrawAndDiscard(Model):
    """Two-handed deal: the pack is a stock; taking turns, non-dealer first, a player
    looks at the top card and either keeps it, then looks at the next and discards it face
    down, or discards it face down and must keep the next. Repeats until both hold
    `hand_size` cards; neither sees the other's discards."""

    kind: Literal["draw_and_discard"] = "draw_and_discard"


class NoLeftover(Model):
    """The deck divides exactly among the players."""

    kind: Literal["none"] = "none"


class Kitty(Model):
    """Left-over cards go to one player, who discards back down to a full hand."""

    kind: Literal["kitty"] = "kitty"
    to: Literal["dealer", "two_of_clubs"] = "dealer"
    """Who takes them: the dealer, or the holder of the 2 of clubs."""
    discard: Literal["before_bidding", "after_bidding"] = "before_bidding"
    """Whether the discard happens before or after the bidding."""


class Widow(Model):
    """Left-over cards are set aside unseen until after the play (Widow Spades; the 52nd card
    in three-handed Spades)."""

    kind: Literal["widow"] = "widow"


class Mitchell(Model):
    """Michael Mitchell's rule: the side that bids more takes the two left-over cards and
    gives them to one or both partners; on equal bids each side takes one. Whoever took
    cards discards back to a full hand before play."""

    kind: Literal["mitchell"] = "mitchell"


Leftover = Annotated[NoLeftover | Kitty | Widow | Mitchell, Field(discriminator="kind")]
DealMethod = Annotated[RoundRobin | DrawAndDiscard, Field(discriminator="kind")]


class Deal(Model):
    """How the cards reach the players."""

    hand_size: int = Field(strict=True, default=13, ge=1, le=27)
    """Cards each player holds for the play."""

    first_dealer: Literal["random"] | Seat = "random"
    """The first dealer: `random` (the standard) or a seat number. The deal then passes
    clockwise."""

    french_cut: Flag = False
    """NYC's French cut: four cards are turned up and given one to each player, so every
    player has one card that everyone knows."""

    method: DealMethod = RoundRobin()
    """How the cards are dealt."""

    leftover: Leftover = NoLeftover()
    """What happens to cards left over when the deck does not divide evenly."""
