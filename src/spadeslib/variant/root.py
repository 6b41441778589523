"""The whole variant: every phase of the game, from the table to the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import model_validator
from pydantic_core import PydanticCustomError

from spadeslib.variant._base import Model
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
    """A complete, validated set of rules. Every default is the standard game (spec Part A),
    so an empty file is standard Spades and a house-rules file states only differences.

    Build one with :func:`spadeslib.load_variant` or :func:`spadeslib.parse_variant`;
    constructing it directly from Python values works too and validates the same way.
    """

    name: str = "custom"
    """A short name for the variant, like `nyc`."""

    description: str = ""
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

    def compile(self) -> Rules:
        """The fast form of these rules: rank tables, legal-move and scoring functions.

        Cached: compiling the same variant twice returns the same object. (The import is
        local because the compiler is the step above this one in the pipeline.)
        """
        from spadeslib.compiler.rules import compile_rules

        return compile_rules(self)

    def to_dict(self) -> dict[str, Any]:
        """The full canonical definition as plain data (every key, defaults included)."""
        return self.model_dump(mode="json")

    def to_yaml(self) -> str:
        """The full canonical definition as YAML; loading it gives back an equal variant."""
        import yaml

        return yaml.safe_dump(self.to_dict(), sort_keys=False, allow_unicode=True)
