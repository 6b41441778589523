"""Who may make a blind bid or a Blind Nil (docs/format.md, `bidding.blind_nil`,
`bidding.blind`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from spadeslib.variant._base import Model

__all__ = ["Always", "BehindBy", "BehindByValue", "Eligibility"]


class BehindBy(Model):
    """The bidder's side trails the leading other side by at least `points`."""

    kind: Literal["behind"] = "behind"
    points: int = Field(strict=True, default=100, ge=0)
    """How many points behind the side must be."""


class BehindByValue(Model):
    """The bidder's side trails by at least the value of the bid if made."""

    kind: Literal["behind_by_value"] = "behind_by_value"


class Always(Model):
    """Any side, whatever the scores."""

    kind: Literal["always"] = "always"


Eligibility = Annotated[BehindBy | BehindByValue | Always, Field(discriminator="kind")]
