"""When a game ends and who wins it (docs/format.md, `game_end`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from spadeslib.variant._base import Model, Points

__all__ = ["GameEnd"]


class GameEnd(Model):
    """The end of the game."""

    target: Points | None = 500
    """The first side to reach this wins; if several reach it in one deal the highest
    score wins. Empty: no target."""

    losing_score: Points | None = None
    """"Mercy": a side at or below this score loses at once. Empty: none."""

    max_deals: int | None = Field(strict=True, default=None, ge=1, le=1000)
    """After this many deals the highest score wins. A tie for the highest score follows
    `tie`: with `play_on` (the default) the game goes on one deal at a time until the tie
    is broken, so even `max_deals: 1` may last more than one deal; with `draw` it ends
    as a draw. Empty: no limit."""

    consecutive_sets_lose: int | None = Field(strict=True, default=None, ge=1, le=10)
    """A side set on this many deals in a row loses (NYC: 2). If several sides reach it in
    the same deal, the higher score wins. Empty: never."""

    tie: Literal["play_on", "draw"] = "play_on"
    """An exact tie for the win: play another deal (standard) or end as a draw."""
