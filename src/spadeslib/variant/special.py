"""Ten for two hundred and the Moon (all-tricks) bid
(docs/format.md, `bidding.ten_for_200`, `bidding.moon`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from spadeslib.variant._base import Amount, Flag, Loss, Model, Points

__all__ = ["Moon", "MoonOutcome", "NormalValue", "ScorePoints", "TenForTwoHundred", "WinGame"]


class ScorePoints(Model):
    """A fixed number of points."""

    kind: Literal["points"] = "points"
    points: Amount
    """The number of points: added when made, subtracted when failed."""


class WinGame(Model):
    """The side wins the game at once."""

    kind: Literal["win_game"] = "win_game"


class NormalValue(Model):
    """Scored like any other contract of that size."""

    kind: Literal["normal"] = "normal"


MoonOutcome = Annotated[ScorePoints | WinGame | NormalValue, Field(discriminator="kind")]


class TenForTwoHundred(Model):
    """A side bidding ten scores a flat value instead of 10 x bid."""

    enabled: Flag = False
    """Whether the rule is on."""

    bids: Literal["exactly_10", "10_or_more"] = "exactly_10"
    """Which contracts it covers."""

    make: Points = 200
    """Points for making it."""

    fail: Loss | Literal["normal"] = 200
    """Points lost for failing it, or `normal` for the usual set penalty."""

    overtricks_score: Flag = False
    """Whether overtricks add their points."""

    overtricks_bags: Flag = False
    """Whether overtricks count as bags."""

    all_tricks_wins_game: Flag = False
    """NYC: a side that bid ten and took every trick wins the game at once."""


class Moon(Model):
    """Bidding every trick."""

    enabled: Flag = False
    """Whether a side may bid every trick."""

    make: MoonOutcome = ScorePoints(points=200)
    """Value when made: points (200 or 500 are common) or winning the game."""

    fail: MoonOutcome = ScorePoints(points=200)
    """Value when failed: points lost, or `normal` for the usual penalty."""

    blind_make: MoonOutcome | None = None
    """Value of a Blind Boston (a blind bid of every trick) when made; empty: as a blind
    bid's usual multiplier gives."""
