"""The checks of the scoring and the end of the game: no setting of a scoring rule that is
off, and a game that ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.variant.checks.base import Found, idle_settings

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["check_game_end", "check_scoring"]


def check_scoring(v: Variant) -> Found:
    s = v.scoring
    if not s.bags.enabled:
        yield from idle_settings(s.bags, "scoring.bags", "sandbagging")
    if not v.bidding.ten_for_200.enabled:
        yield from idle_settings(v.bidding.ten_for_200, "bidding.ten_for_200", "ten for 200")
    if not v.bidding.moon.enabled:
        yield from idle_settings(v.bidding.moon, "bidding.moon", "the Moon bid")


def check_game_end(v: Variant) -> Found:
    end = v.game_end
    if end.target is None and end.max_deals is None:
        yield ("game_end.target", "the game would never end: set a target or max_deals")
    if end.target is not None and end.target <= 0:  # (a minus sign, or 0 for "none")
        yield (
            "game_end.target",
            f"every side starts at 0, which has already reached a target of {end.target}: "
            "write a positive target, like 500, or leave it empty for no target",
        )
    if end.target is not None and end.losing_score is not None and end.losing_score >= end.target:
        yield (
            "game_end.losing_score",
            f"the losing score {end.losing_score} is not below the target {end.target}",
        )
