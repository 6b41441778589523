"""The base every variant model shares, and the small value types they reuse."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, Strict

from spadeslib.cards import canonical_card_name

__all__ = ["Amount", "CardName", "Description", "Flag", "Loss", "Model", "Name", "Points", "Seat"]


class Model(BaseModel):
    """Frozen, strict about unknown keys, documented by attribute docstrings.

    ``extra="forbid"`` is what turns a typo in a house-rules file into an error with a
    "did you mean" instead of a silently ignored rule. Field docstrings become the format
    reference (``docs/format.md``) and the JSON Schema descriptions.
    """

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        validate_default=False,
    )


CardName = Annotated[
    str,
    AfterValidator(canonical_card_name),
    Field(description="A card: rank then suit, like AS, TD or 10D, 2C; BJ/LJ for the jokers."),
]
"""A card written as text, stored in its canonical spelling (``10s`` becomes ``TS``)."""

MAX_NAME = 100
"""Most characters in a variant's name: a short name like `nyc` or `friday-club`."""

MAX_DESCRIPTION = 2_000
"""Most characters in a description. Bounded so that every variant written out with
``to_yaml()`` fits the loader's size limit and loads back (the bundled ones use 90)."""

Name = Annotated[str, Field(max_length=MAX_NAME)]
"""A variant's name: text of at most :data:`MAX_NAME` characters."""

Description = Annotated[str, Field(max_length=MAX_DESCRIPTION)]
"""A variant's description: text of at most :data:`MAX_DESCRIPTION` characters."""

Flag = Annotated[bool, Strict()]
"""A yes/no setting: ``true`` or ``false`` only. YAML already reads ``yes``/``no``/``on``/
``off`` as booleans; what is left to refuse is text such as ``"no"`` (quoted) or a number,
which pydantic's lax mode would quietly turn into a boolean (``"no"`` into ``False``)."""

Points = Annotated[int, Field(strict=True, ge=-10_000, le=10_000)]
"""A score value, which may be negative (an overtrick worth -1 at some tables)."""


def _written_positive(what: str) -> Callable[[object], object]:
    def check(points: object) -> object:
        if isinstance(points, int) and not isinstance(points, bool) and points < 0:
            raise ValueError(f"{what}: write {-points}, not {points}")
        return points

    return check


Loss = Annotated[
    int,
    Field(strict=True, ge=0, le=10_000),
    BeforeValidator(
        _written_positive("points lost are written as a positive number and subtracted")
    ),
]
"""Points lost (a penalty, a failed Nil): ``fail: 100`` means minus 100. A minus sign
would turn the penalty into a reward without a word, the mistake a house-rules file is
most likely to make here, so it is refused with the number to write instead (before the
range check, whose message would not say why)."""

Amount = Annotated[
    int,
    Field(strict=True, ge=0, le=10_000),
    BeforeValidator(
        _written_positive(
            "points are written as a positive number, added when made and subtracted when failed"
        )
    ),
]
"""A number of points whose sign is the rule's (a Moon's value, made or failed)."""

Seat = Annotated[int, Field(strict=True, ge=0, le=5)]
