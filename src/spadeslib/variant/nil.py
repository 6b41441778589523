"""Nil and Blind Nil: what they are worth, who may bid them, what they exchange
(docs/format.md, `bidding.nil`, `bidding.blind_nil`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from spadeslib.variant._base import Flag, Loss, Model, Points
from spadeslib.variant.eligibility import BehindBy, Eligibility

__all__ = ["BlindNil", "Nil"]


class Nil(Model):
    """A bid to win no tricks at all, scored on its own beside the partner's bid."""

    enabled: Flag = True
    """Whether a bid of 0 is Nil."""

    zero_bid: Literal["illegal", "zero_tricks"] = "illegal"
    """With Nil off: whether a bid of 0 is illegal or a plain contract for zero tricks with
    no Nil bonus or penalty ("zero is not Nil")."""

    make: Points = 100
    """Points for a Nil that takes no trick."""

    fail: Loss = 100
    """Points lost for a Nil that takes a trick."""

    exchange: int = Field(strict=True, default=0, ge=0, le=4)
    """Cards the Nil bidder exchanges with partner after the bidding (0: none)."""

    partner_min_bid: int | None = Field(strict=True, default=None, ge=1, le=27)
    """The least the Nil bidder's partner must bid (4 is common); empty: no obligation."""

    both_partners: Flag = True
    """Whether both partners may bid Nil (each then scored on its own)."""

    failed_tricks: Literal["bags", "count_for_partner", "bags_no_points", "ignored"] = "bags"
    """Tricks won by a failed Nil bidder. `bags` (standard): they do not help the partner's
    bid but are the side's overtricks, scoring and counting as bags; `count_for_partner`:
    they count towards the partner's bid; `bags_no_points`: bags that score nothing;
    `ignored`: they count for nothing."""

    needs_side_contract: Flag = False
    """A Nil scores (made or failed) only if the side's other contract is made."""

    double_nil_means: Literal["blind_nil", "both_partners"] | None = None
    """"Double Nil" means different things at different tables; a variant may accept it as
    an alias of Blind Nil or of both partners bidding Nil. Empty: not accepted."""

    def zero_is_a_bid(self, lowest: int) -> bool:
        """Whether a player may bid 0 where the lowest number a seat may bid is
        ``lowest``: as Nil, or (Nil off) as a contract for zero tricks."""
        return self.enabled or (self.zero_bid == "zero_tricks" and lowest == 0)


class BlindNil(Model):
    """A Nil declared before looking at one's cards."""

    enabled: Flag = True
    """Whether Blind Nil may be bid."""

    make: Points = 200
    """Points for a Blind Nil that takes no trick."""

    fail: Loss = 200
    """Points lost for a Blind Nil that takes a trick."""

    eligibility: Eligibility = BehindBy()
    """Which sides may bid it (standard: behind by at least 100)."""

    not_in_first_deal: Flag = False
    """Forbidden in the first deal of a game."""

    exchange: int = Field(strict=True, default=2, ge=0, le=4)
    """Cards exchanged with partner after the bidding: the bidder gives first, face down;
    the partner sees them before giving back as many. None when both partners bid Nil."""

    per_side: int = Field(strict=True, default=1, ge=1, le=3)
    """How many Blind Nils one side may bid in a deal."""
