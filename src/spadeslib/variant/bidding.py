"""The form of the auction (spec A3, B6, B7, B8, B11) and the special bids it allows.

The special bids themselves (Nil, Blind Nil, blind bids, ten for two hundred, Moon) are in
their own modules; this one gathers them under `bidding:` because each is a bid first and
a scoring rule second.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from spadeslib.variant._base import Flag, Model
from spadeslib.variant.blind import BlindBids
from spadeslib.variant.nil import BlindNil, Nil
from spadeslib.variant.special import Moon, TenForTwoHundred

__all__ = [
    "AllowedBids",
    "Bidding",
    "BiddingForm",
    "FixedBid",
    "Forced",
    "Mirror",
    "Partnership",
    "RoundTheTable",
    "Suicide",
    "Whiz",
]


class RoundTheTable(Model):
    """Every player bids once, clockwise (A3, B7)."""

    kind: Literal["round_the_table"] = "round_the_table"
    first: Literal["dealer_left", "dealer"] = "dealer_left"
    """Who bids first."""
    min_bid: int = Field(strict=True, default=0, ge=0, le=27)
    """Lowest bid a player may make (0 is Nil, or zero tricks; see `bidding.nil`)."""
    max_bid: int | None = Field(strict=True, default=None, ge=0, le=27)
    """Highest bid a player may make; empty means the hand size."""
    no_bid_of_one: Flag = False
    """When the first partner of a side bids x, the side's contract must be x or at least
    x + 2: the second partner may not add exactly 1 (B7)."""


class Partnership(Model):
    """Each side agrees one team bid; the side on the dealer's left bids first and the
    dealer's side last (B6). A team bid may include one partner's Nil where Nil is on."""

    kind: Literal["partnership"] = "partnership"
    min_team_bid: int = Field(strict=True, default=4, ge=0, le=27)
    """Lowest team bid (4 is common)."""
    max_team_bid: int | None = Field(strict=True, default=None, ge=0, le=27)
    """Highest team bid; empty means every trick."""


BiddingForm = Annotated[RoundTheTable | Partnership, Field(discriminator="kind")]


class Mirror(Model):
    """Every player bids exactly the number of spades they hold; none means Nil (B11)."""

    kind: Literal["mirror"] = "mirror"


class Whiz(Model):
    """Every player bids Nil or exactly the number of spades they hold (B11)."""

    kind: Literal["whiz"] = "whiz"


class Suicide(Model):
    """In each partnership exactly one partner bids Nil and the other at least
    `partner_min` (B11). The first partner to bid chooses which."""

    kind: Literal["suicide"] = "suicide"
    partner_min: int = Field(strict=True, default=4, ge=1, le=27)
    """The least the partner of the Nil bidder must bid."""


class FixedBid(Model):
    """Everyone bids `bid`."""

    kind: Literal["fixed"] = "fixed"
    bid: int = Field(strict=True, ge=0, le=27)
    """The bid every player must make (0 is Nil)."""


class AllowedBids(Model):
    """Only these bids are allowed, like `[0, 4]` for "4 or Nil" (0 means Nil)."""

    kind: Literal["allowed"] = "allowed"
    bids: tuple[Annotated[int, Field(strict=True, ge=0, le=27)], ...] = Field(min_length=1)
    """The bids a player may choose from (0 is Nil)."""


Forced = Annotated[Mirror | Whiz | Suicide | FixedBid | AllowedBids, Field(discriminator="kind")]


class Bidding(Model):
    """How contracts are made."""

    form: BiddingForm = RoundTheTable()
    """Round the table (each player bids) or partnership (each side bids once)."""

    raise_round: Flag = False
    """After the first round each side in turn, starting with the side that bid first, may
    increase its contract once (B6, B7)."""

    total_may_not_equal_tricks: Flag = False
    """The bids of all sides may not add up to exactly the number of tricks (B6, B7, B14)."""

    first_deal_bids_itself: Flag = False
    """The first deal of a game has no bidding; each side scores `scoring.trick_value` per
    trick won (B8)."""

    forced: Forced | None = None
    """A forced-bid format (Mirror, Whiz, Suicide, a fixed bid or a set of allowed bids)."""

    nil: Nil = Nil()
    """The Nil bid."""

    blind_nil: BlindNil = BlindNil()
    """The Blind Nil bid."""

    blind: BlindBids = BlindBids()
    """Blind bids of a number of tricks, made by a side before looking (B1, B2, B10)."""

    ten_for_200: TenForTwoHundred = TenForTwoHundred()
    """A bid of ten worth a flat value (B2, B10)."""

    moon: Moon = Moon()
    """Bidding all the tricks ("Moon", "Boston" bid, B10)."""
