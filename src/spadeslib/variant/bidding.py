"""The form of the auction and the special bids it allows (docs/format.md, `bidding`).

The special bids themselves (Nil, Blind Nil, blind bids, ten for two hundred, Moon) are in
their own modules; this one gathers them under `bidding:` because each is a bid first and
a scoring rule second.

Besides the settings, the models answer the questions about them that the checks, the
compiler and the test strategies all ask (the range of a bid, whether 0 is a bid, the
largest contract a side can reach) as pure methods, so each fact is written once.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

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
    """Every player bids once, clockwise."""

    kind: Literal["round_the_table"] = "round_the_table"
    first: Literal["dealer_left", "dealer"] = "dealer_left"
    """Who bids first."""
    min_bid: int = Field(strict=True, default=0, ge=0, le=27)
    """Lowest bid a player may make (0 is Nil, or zero tricks; see `bidding.nil`)."""
    max_bid: int | None = Field(strict=True, default=None, ge=0, le=27)
    """Highest bid a player may make; empty means the hand size."""
    no_bid_of_one: Flag = False
    """When the first partner of a side bids x, the side's contract must be x or at least
    x + 2: the second partner may not add exactly 1."""

    @property
    def lowest_seat_bid(self) -> int:
        """The lowest number a seat may bid (`min_bid`)."""
        return self.min_bid

    def bid_range(self, hand: int) -> tuple[int, int]:
        """The lowest and highest number a seat may bid with ``hand`` tricks (Nil is not a
        number: `bidding.nil` governs it)."""
        return self.min_bid, hand if self.max_bid is None else self.max_bid

    def contract_top(self, hand: int) -> int:
        """The highest contract a side may hold: its seats' bids together, and a raise, go
        up to the tricks."""
        return hand

    def side_reach(self, hand: int, seats: int) -> int:
        """The largest contract ``seats`` partners reach by their own bids (before the
        tricks cap it)."""
        return seats * self.bid_range(hand)[1]


class Partnership(Model):
    """Each side agrees one team bid; the side on the dealer's left bids first and the
    dealer's side last. A team bid may include one partner's Nil where Nil is on."""

    kind: Literal["partnership"] = "partnership"
    min_team_bid: int = Field(strict=True, default=4, ge=0, le=27)
    """Lowest team bid (4 is common)."""
    max_team_bid: int | None = Field(strict=True, default=None, ge=0, le=27)
    """Highest team bid; empty means every trick."""

    no_bid_of_one: ClassVar[bool] = False
    """A team bids its contract in one go: no partner adds to another's bid."""

    lowest_seat_bid: ClassVar[int] = 0
    """A partner's part of a team bid has no minimum of its own."""

    def bid_range(self, hand: int) -> tuple[int, int]:
        """The lowest and highest team bid with ``hand`` tricks."""
        return self.min_team_bid, hand if self.max_team_bid is None else self.max_team_bid

    def contract_top(self, hand: int) -> int:
        """The highest contract a side may hold, raised or not: the highest team bid."""
        return self.bid_range(hand)[1]

    def side_reach(self, hand: int, seats: int) -> int:
        """The largest contract a side reaches by its team bid."""
        return self.bid_range(hand)[1]


BiddingForm = Annotated[RoundTheTable | Partnership, Field(discriminator="kind")]


class _ForcedFacts:
    """What the checks and the compiler ask of every forced format (class-level facts; each
    format overrides the ones that differ)."""

    reads_trumps: ClassVar[bool] = False
    """The bid is worked out from the trumps in the hand (Mirror, Whiz)."""
    no_choice: ClassVar[bool] = False
    """The player has exactly one bid (Mirror, a fixed bid): the rules that remove
    candidates do not apply, and the bid is held to the tricks the partners left."""
    needs_nil: ClassVar[bool] = False
    """The format is built on Nil (Mirror, Whiz, Suicide): it needs Nil on, and it has no
    room for Blind Nil."""
    allows_blind_nil: ClassVar[bool] = False
    """Blind Nil may be bid beside the format's bids (only a set of allowed bids)."""

    def least_bid(self, zero_is_a_bid: bool) -> int:
        """The fewest tricks one seat's bid adds to its side's contract (``zero_is_a_bid``:
        a bid of 0 is legal here, as Nil or as zero tricks)."""
        return 0

    def side_reach(self, hand: int, seats: int) -> int:
        """The largest contract ``seats`` partners reach by their bids (before the tricks
        cap it): every trick, unless the format bounds each bid."""
        return hand


class Mirror(_ForcedFacts, Model):
    """Every player bids exactly the number of spades they hold; none means Nil."""

    kind: Literal["mirror"] = "mirror"
    reads_trumps: ClassVar[bool] = True
    no_choice: ClassVar[bool] = True
    needs_nil: ClassVar[bool] = True


class Whiz(_ForcedFacts, Model):
    """Every player bids Nil or exactly the number of spades they hold."""

    kind: Literal["whiz"] = "whiz"
    reads_trumps: ClassVar[bool] = True
    needs_nil: ClassVar[bool] = True


class Suicide(_ForcedFacts, Model):
    """In each partnership exactly one partner bids Nil and the other at least
    `partner_min`. The first partner to bid chooses which."""

    kind: Literal["suicide"] = "suicide"
    partner_min: int = Field(strict=True, default=4, ge=1, le=27)
    """The least the partner of the Nil bidder must bid."""

    needs_nil: ClassVar[bool] = True


class FixedBid(_ForcedFacts, Model):
    """Everyone bids `bid`."""

    kind: Literal["fixed"] = "fixed"
    bid: int = Field(strict=True, ge=0, le=27)
    """The bid every player must make (0 is Nil)."""

    no_choice: ClassVar[bool] = True

    def least_bid(self, zero_is_a_bid: bool) -> int:
        """Everyone adds ``bid``."""
        return self.bid

    def side_reach(self, hand: int, seats: int) -> int:
        """Every partner bids ``bid``."""
        return seats * self.bid


class AllowedBids(_ForcedFacts, Model):
    """Only these bids are allowed, like `[0, 4]` for "4 or Nil" (0 means Nil)."""

    kind: Literal["allowed"] = "allowed"
    bids: tuple[Annotated[int, Field(strict=True, ge=0, le=27)], ...] = Field(min_length=1)
    """The bids a player may choose from (0 is Nil)."""

    allows_blind_nil: ClassVar[bool] = True

    def least_bid(self, zero_is_a_bid: bool) -> int:
        """The least allowed bid that is legal (0 only where a bid of 0 is)."""
        usable = [bid for bid in self.bids if bid > 0 or zero_is_a_bid]
        return min(usable, default=0)

    def side_reach(self, hand: int, seats: int) -> int:
        """Every partner bids the highest allowed bid."""
        return seats * max(self.bids)


Forced = Annotated[Mirror | Whiz | Suicide | FixedBid | AllowedBids, Field(discriminator="kind")]


class Bidding(Model):
    """How contracts are made."""

    form: BiddingForm = RoundTheTable()
    """Round the table (each player bids) or partnership (each side bids once)."""

    raise_round: Flag = False
    """After the first round each side in turn, starting with the side that bid first, may
    increase its contract once."""

    total_may_not_equal_tricks: Flag = False
    """The bids of all sides may not add up to exactly the number of tricks."""

    partners_may_not_exceed_tricks: Flag = False
    """Round the table, the bids of a side's partners together may not exceed the number
    of tricks: a player may bid at most the tricks less what the partners have bid
    already (Nil counts 0), leaving room for the least bid of each partner still to bid
    (OpenSpiel's rule, common online)."""

    first_deal_bids_itself: Flag = False
    """The first deal of a game has no bidding; each side scores `scoring.trick_value` per
    trick won."""

    forced: Forced | None = None
    """A forced-bid format (Mirror, Whiz, Suicide, a fixed bid or a set of allowed bids)."""

    nil: Nil = Nil()
    """The Nil bid."""

    blind_nil: BlindNil = BlindNil()
    """The Blind Nil bid."""

    blind: BlindBids = BlindBids()
    """Blind bids of a number of tricks, made by a side before looking."""

    ten_for_200: TenForTwoHundred = TenForTwoHundred()
    """A bid of ten worth a flat value."""

    moon: Moon = Moon()
    """Bidding all the tricks ("Moon", "Boston" bid)."""

    # -- facts the checks, the compiler and the test strategies share ------------------

    @property
    def zero_is_a_bid(self) -> bool:
        """Whether a player may bid 0: as Nil, or as a contract for zero tricks where the
        seat's range starts at 0."""
        return self.nil.zero_is_a_bid(self.form.lowest_seat_bid)

    @property
    def least_seat_bid(self) -> int:
        """The fewest tricks one seat's bid adds to its side's contract round the table: 0
        where a bid of 0 exists, else the lowest number (the forced format's, if any)."""
        zero = self.zero_is_a_bid
        if self.forced is not None:
            return self.forced.least_bid(zero)
        return 0 if zero else max(self.form.lowest_seat_bid, 1)

    def side_reach(self, hand: int, seats: int) -> int:
        """The largest contract a side of ``seats`` can make by any bid with ``hand``
        tricks: a team bid, its seats' bids together, a blind bid, coming out of one, a
        raise (the Moon needs every trick, ten for 200 needs 10)."""
        top = self.form.side_reach(hand, seats)
        if self.form.kind == "round_the_table":
            if self.forced is not None:
                top = self.forced.side_reach(hand, seats)
            elif self.raise_round:  # a raise goes up to the tricks
                top = hand
        if self.blind.enabled:
            top = max(top, self.blind.bid_range(hand)[1], self.blind.come_out_to or 0)
        return min(top, hand)
