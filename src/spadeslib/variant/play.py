"""Leading and following (docs/format.md, `play`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from spadeslib.variant._base import Model

__all__ = ["AfterTricks", "AnyTime", "OnlySpadesLeft", "Play", "SpadeLead", "WhenBroken"]


class WhenBroken(Model):
    """Spades may be led once broken, or by a leader holding nothing else (standard)."""

    kind: Literal["when_broken"] = "when_broken"


class AnyTime(Model):
    """Spades may be led at any time (Barmore)."""

    kind: Literal["any_time"] = "any_time"


class AfterTricks(Model):
    """Spades may not be led in the first `tricks` tricks unless broken; afterwards any card
    may be led (NYC: 3)."""

    kind: Literal["after_tricks"] = "after_tricks"
    tricks: int = Field(strict=True, default=3, ge=1, le=26)
    """How many tricks, from the first, in which spades may not be led unless broken."""


class OnlySpadesLeft(Model):
    """Spades are never "broken": they may be led only by a leader holding nothing else."""

    kind: Literal["only_spades_left"] = "only_spades_left"


SpadeLead = Annotated[
    WhenBroken | AnyTime | AfterTricks | OnlySpadesLeft, Field(discriminator="kind")
]


class Play(Model):
    """How tricks are played."""

    first_lead: Literal["dealer_left", "dealer", "lowest_club", "highest_bidder"] = "dealer_left"
    """Who leads to the first trick: the dealer's left (standard), the dealer (Barmore), the
    holder of the lowest club in play, who must lead it, or the highest bidder (the first
    such from the dealer's left on ties)."""

    first_trick: Literal["no_spade_lead", "no_spades", "any"] = "no_spade_lead"
    """The first trick: no spade may be led (standard); no spade may be played at all, even
    when void, unless holding only spades; or any card."""

    spade_lead: SpadeLead = WhenBroken()
    """When spades may be led."""

    breaking: Literal["any_spade", "on_other_suit"] = "any_spade"
    """What breaks spades: any spade played (standard), or only a spade played on the lead
    of another suit. Jokers and elevated cards are spades for this."""

    void: Literal["free", "must_trump", "must_overtrump", "screamer"] = "free"
    """A player who cannot follow suit: plays anything (standard); must trump if able; must
    beat the highest trump in the trick if able; or may not trump unless holding only
    trumps ("Screamer")."""
