"""The whole variant: every phase of the game, from the table to the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import yaml
from pydantic import ValidationError, model_validator
from pydantic_core import PydanticCustomError

from spadeslib import _wiring
from spadeslib.errors import VariantError
from spadeslib.variant._base import Description, Model, Name
from spadeslib.variant.bidding import Bidding
from spadeslib.variant.deal import Deal
from spadeslib.variant.deck import Deck
from spadeslib.variant.game_end import GameEnd
from spadeslib.variant.misdeal import Misdeal
from spadeslib.variant.passing import Passing
from spadeslib.variant.play import Play
from spadeslib.variant.scoring import Scoring
from spadeslib.variant.table import Table

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["Variant"]


class Variant(Model):
    """A complete, validated set of rules. Every default is the standard game (the bundled
    ``standard``), so an empty file is standard Spades and a house-rules file states only
    differences.

    Build one with :func:`spadeslib.load_variant` or :func:`spadeslib.parse_variant`;
    constructing it directly from Python values (``Variant(...)``,
    ``Variant.model_validate(...)``) works too and validates the same way: bad values
    raise :class:`~spadeslib.errors.VariantError` with the loader's problems, not
    pydantic's ``ValidationError``.
    """

    name: Name = "custom"
    """A short name for the variant, like `nyc`."""

    description: Description = ""
    """One line saying what table plays these rules."""

    table: Table = Table()
    """Players and partnerships."""

    deck: Deck = Deck()
    """The cards and their ranking."""

    deal: Deal = Deal()
    """Dealing and left-over cards."""

    misdeal: Misdeal = Misdeal()
    """Hands that may be thrown in."""

    passing: Passing = Passing()
    """Passing cards to partner before the bidding."""

    bidding: Bidding = Bidding()
    """The auction and its special bids."""

    play: Play = Play()
    """Leading and following."""

    scoring: Scoring = Scoring()
    """Points for contracts, bags and the Boston."""

    game_end: GameEnd = GameEnd()
    """When the game ends."""

    @model_validator(mode="after")
    def _no_contradictions(self) -> Variant:
        from spadeslib.variant.checks import contradictions

        found = contradictions(self)
        if found:
            summary = "; ".join(f"at {path}: {message}" for path, message in found)
            raise PydanticCustomError(
                "contradiction", "{summary}", {"summary": summary, "problems": found}
            )
        return self

    if not TYPE_CHECKING:  # type checkers keep the keyword arguments pydantic declares

        def __init__(self, /, **data: Any) -> None:
            with _Reworded(data):
                super().__init__(**data)

        # Pydantic calls a model's own __init__ from every validation (model_validate, a
        # field of this type) unless it is marked as pydantic's: this one only rewords
        # the errors of Variant(...), so validation stays in pydantic's core.
        __init__.__pydantic_base_init__ = True

    @classmethod
    def model_validate(cls, obj: Any, **options: Any) -> Self:
        """:meth:`pydantic.BaseModel.model_validate`, raising
        :class:`~spadeslib.errors.VariantError` on bad data."""
        with _Reworded(obj):
            return super().model_validate(obj, **options)

    @classmethod
    def model_validate_json(cls, json_data: str | bytes | bytearray, **options: Any) -> Self:
        """:meth:`pydantic.BaseModel.model_validate_json`, raising
        :class:`~spadeslib.errors.VariantError` on bad data."""
        with _Reworded(None):
            return super().model_validate_json(json_data, **options)

    @classmethod
    def model_validate_strings(cls, obj: Any, **options: Any) -> Self:
        """:meth:`pydantic.BaseModel.model_validate_strings`, raising
        :class:`~spadeslib.errors.VariantError` on bad data."""
        with _Reworded(obj):
            return super().model_validate_strings(obj, **options)

    def compile(self) -> Rules:
        """The fast form of these rules: rank tables, legal-move and scoring functions.

        Compiled once while the compiler keeps the result (the variants used most
        recently, and any in use: :mod:`spadeslib.compiler.cache`): asking again returns
        the same object, and equal variants share it. (The compiler is the step above
        this one in the pipeline: :mod:`spadeslib._wiring` hands the variant to it.)
        """
        return _wiring.compile_variant(self)

    def to_dict(self) -> dict[str, Any]:
        """The full canonical definition as plain data (every key, defaults included)."""
        return self.model_dump(mode="json")

    def to_yaml(self) -> str:
        """The full canonical definition as YAML; loading it gives back an equal variant."""
        return yaml.dump(self.to_dict(), Dumper=_Dumper, sort_keys=False, allow_unicode=True)


class _Reworded:
    """Pydantic's errors for ``data`` as a :class:`~spadeslib.errors.VariantError`, worded
    as the loader words a file's problems (the loader is below the format in the pipeline;
    only this error path imports it). A class rather than a generator: it wraps every
    validation, and costs nothing until one fails."""

    __slots__ = ("data",)

    def __init__(self, data: object) -> None:
        self.data = data

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if isinstance(error, ValidationError):
            from spadeslib.loader.document import Document
            from spadeslib.loader.problems import validation_problems

            values = self.data if isinstance(self.data, dict) else {}
            problems = validation_problems(error, Document("<data>", values), Variant)
            raise VariantError(problems) from None


class _Dumper(yaml.SafeDumper):
    """``yaml.safe_dump``'s dumper, except that text with a NEL character (U+0085) is
    written double quoted: PyYAML writes it raw in a single-quoted scalar, where YAML reads
    it as a line break and loads a space instead."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = '"' if "\x85" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)
