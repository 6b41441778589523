"""Blind bids of a number of tricks, made by a side before either partner looks
(docs/format.md, `bidding.blind`)."""

from __future__ import annotations

from pydantic import Field

from spadeslib.variant._base import Flag, Model
from spadeslib.variant.eligibility import Always, Eligibility

__all__ = ["BlindBids"]


class BlindBids(Model):
    """A side's blind bid: a team bid declared before looking, worth more if made."""

    enabled: Flag = False
    """Whether a side may bid blind."""

    min_bid: int = Field(strict=True, default=6, ge=1, le=27)
    """Lowest blind bid (Barmore 7, NYC 6)."""

    max_bid: int | None = Field(strict=True, default=None, ge=1, le=27)
    """Highest blind bid; empty means every trick."""

    eligibility: Eligibility = Always()
    """Which sides may bid blind (NYC: behind by at least 100)."""

    make_multiplier: int = Field(strict=True, default=2, ge=1, le=10)
    """The bid's normal value is multiplied by this when made (2: double)."""

    fail_multiplier: int = Field(strict=True, default=1, ge=1, le=10)
    """The normal penalty is multiplied by this when failed (NYC 1, Barmore 2)."""

    overtricks_score: Flag = True
    """Whether overtricks of a made blind bid score their points."""

    overtricks_bags: Flag = True
    """Whether overtricks of a blind bid count as bags."""

    no_overtrick_limit: Flag = True
    """Blind bids are exempt from `scoring.overtrick_limit` (NYC)."""

    come_out_to: int | None = Field(strict=True, default=None, ge=1, le=27)
    """NYC: after agreeing a blind bid and looking, the side may "come out" and bid this
    instead (10), which then scores singly. Empty: no coming out."""

    def bid_range(self, hand: int) -> tuple[int, int]:
        """The lowest and highest blind bid with ``hand`` tricks."""
        return self.min_bid, hand if self.max_bid is None else self.max_bid

    def value(self, bid: int, trick_value: int) -> int:
        """What a made blind ``bid`` is worth, before overtricks (the value eligibility
        `behind_by_value` compares with)."""
        return bid * trick_value * self.make_multiplier
