"""Scoring contracts, bags and the Boston (docs/format.md, `scoring`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from spadeslib.variant._base import Flag, Loss, Model, Points

__all__ = [
    "Bags",
    "BostonBonus",
    "BostonPoints",
    "BostonRecord",
    "BostonWinsGame",
    "NoBoston",
    "Scoring",
]


class Bags(Model):
    """Sandbagging: overtricks accumulate and cost points in tens (or another limit)."""

    enabled: Flag = True
    """Whether bags are counted at all."""

    limit: int = Field(strict=True, default=10, ge=1, le=100)
    """Accumulated bags that trigger the penalty."""

    penalty: Loss = 100
    """Points lost each time the limit is reached."""

    after_penalty: Literal["keep_remainder", "reset"] = "keep_remainder"
    """After a penalty, `limit` bags are taken off and the rest carry over (standard), or
    the count goes back to zero."""


class NoBoston(Model):
    """Taking every trick earns nothing special."""

    kind: Literal["none"] = "none"


class BostonRecord(Model):
    """Taking every trick is recorded ("bragging rights") but scores nothing extra (NYC)."""

    kind: Literal["record"] = "record"


class BostonPoints(Model):
    """Taking every trick scores a bonus on top of the contract."""

    kind: Literal["points"] = "points"
    points: Points = 300
    """The bonus, on top of what the contract scores."""


class BostonWinsGame(Model):
    """Taking every trick wins the game at once."""

    kind: Literal["win_game"] = "win_game"


BostonBonus = Annotated[
    NoBoston | BostonRecord | BostonPoints | BostonWinsGame, Field(discriminator="kind")
]


class Scoring(Model):
    """Points for contracts."""

    trick_value: Points = 10
    """Points per trick bid when the contract is made (and lost per trick bid when set)."""

    overtrick_value: Points = 1
    """Points per trick over the contract (0 or negative at some tables)."""

    set: Literal["minus_bid", "zero", "minus_short"] = "minus_bid"
    """A side that fails its contract loses `trick_value` x bid (standard), scores 0, or loses
    `trick_value` per trick short."""

    overtrick_limit: int | None = Field(strict=True, default=None, ge=0, le=27)
    """NYC: a side that takes more than this many overtricks is set. Empty: no limit."""

    bags: Bags = Bags()
    """Sandbagging."""

    boston: BostonBonus = NoBoston()
    """What taking every trick earns, whatever the side bid."""
