"""A variant's scoring values, flat: what :mod:`spadeslib.scoring` reads at every deal.

Scoring runs at the end of every deal of every game, and the values it needs sit two to
four pydantic attributes deep (``variant.bidding.blind.no_overtrick_limit``): reading them
afresh each deal cost more than the arithmetic. The compiler reads them once into
:class:`Settings` (``Rules.scoring``).

The values are copied as they are: each rule is applied by the scoring module that owns
it (:mod:`spadeslib.scoring.contract`, ``.nil``, ``.bags``, ``.boston``, ``.game_end``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from spadeslib.variant.root import Variant
from spadeslib.variant.scoring import BostonBonus
from spadeslib.variant.special import MoonOutcome

__all__ = ["Settings", "read_settings"]

_NEVER = 1 << 62
"""A bid no contract reaches: where a variant has neither Moon nor ten for 200."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The scoring values of one variant, named after their place in the variant."""

    hand_size: int
    # scoring
    trick_value: int
    overtrick_value: int
    set_mode: Literal["minus_bid", "zero", "minus_short"]
    overtrick_limit: int | None
    bags_enabled: bool
    bags_limit: int
    bags_penalty: int
    bags_after_penalty: Literal["keep_remainder", "reset"]
    boston: BostonBonus
    # bidding.blind
    blind_no_overtrick_limit: bool
    blind_overtricks_score: bool
    blind_overtricks_bags: bool
    make_multiplier: int
    fail_multiplier: int
    # bidding.ten_for_200 and bidding.moon
    special_from: int
    """The lowest bid that may be a Moon or a ten for 200: every lower bid is a plain
    contract, which spares the common case the two rules' tests."""
    moon_bid: int | None
    """`deal.hand_size` where the Moon is on (`bidding.moon.enabled`), else ``None``."""
    ten_enabled: bool
    ten_or_more: bool
    """`bidding.ten_for_200.bids` is ``10_or_more``."""
    ten_make: int
    ten_fail: int | Literal["normal"]
    ten_overtricks_score: bool
    ten_overtricks_bags: bool
    ten_all_tricks_wins_game: bool
    moon_make: MoonOutcome
    moon_fail: MoonOutcome
    moon_blind_make: MoonOutcome | None
    # bidding.nil and bidding.blind_nil
    nil_make: int
    nil_fail: int
    blind_nil_make: int
    blind_nil_fail: int
    failed_tricks: Literal["bags", "count_for_partner", "bags_no_points", "ignored"]
    needs_side_contract: bool
    # game_end
    target: int | None
    losing_score: int | None
    max_deals: int | None
    consecutive_sets_lose: int | None
    tie: Literal["play_on", "draw"]
    ends_on_standing: bool
    """A standing after a deal can end the game by itself (`consecutive_sets_lose` or
    `losing_score`): only then does each side's standing need looking at for it."""


def read_settings(variant: Variant) -> Settings:
    """The scoring values of ``variant``."""
    scoring, bidding, end = variant.scoring, variant.bidding, variant.game_end
    bags, blind, ten, moon = scoring.bags, bidding.blind, bidding.ten_for_200, bidding.moon
    nil, blind_nil = bidding.nil, bidding.blind_nil
    hand = variant.deal.hand_size
    moon_bid = hand if moon.enabled else None
    special = [bid for bid in (moon_bid, 10 if ten.enabled else None) if bid is not None]
    return Settings(
        hand_size=hand,
        trick_value=scoring.trick_value,
        overtrick_value=scoring.overtrick_value,
        set_mode=scoring.set,
        overtrick_limit=scoring.overtrick_limit,
        bags_enabled=bags.enabled,
        bags_limit=bags.limit,
        bags_penalty=bags.penalty,
        bags_after_penalty=bags.after_penalty,
        boston=scoring.boston,
        blind_no_overtrick_limit=blind.no_overtrick_limit,
        blind_overtricks_score=blind.overtricks_score,
        blind_overtricks_bags=blind.overtricks_bags,
        make_multiplier=blind.make_multiplier,
        fail_multiplier=blind.fail_multiplier,
        special_from=min(special, default=_NEVER),
        moon_bid=moon_bid,
        ten_enabled=ten.enabled,
        ten_or_more=ten.enabled and ten.bids == "10_or_more",
        ten_make=ten.make,
        ten_fail=ten.fail,
        ten_overtricks_score=ten.overtricks_score,
        ten_overtricks_bags=ten.overtricks_bags,
        ten_all_tricks_wins_game=ten.all_tricks_wins_game,
        moon_make=moon.make,
        moon_fail=moon.fail,
        moon_blind_make=moon.blind_make,
        nil_make=nil.make,
        nil_fail=nil.fail,
        blind_nil_make=blind_nil.make,
        blind_nil_fail=blind_nil.fail,
        failed_tricks=nil.failed_tricks,
        needs_side_contract=nil.needs_side_contract,
        target=end.target,
        losing_score=end.losing_score,
        max_deals=end.max_deals,
        consecutive_sets_lose=end.consecutive_sets_lose,
        tie=end.tie,
        ends_on_standing=end.consecutive_sets_lose is not None or end.losing_score is not None,
    )
