"""The card as data: its sections in order, each statement marked when it is a house rule.

A statement names the variant keys it is about, and is marked as a house rule exactly when
one of those keys differs from the standard game (``Variant()``), so the marks
cannot drift from the data.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from spadeslib.explain.bidding import bidding_section
from spadeslib.explain.deal import deal_section
from spadeslib.explain.deck import deck_section
from spadeslib.explain.diff import changed_paths
from spadeslib.explain.game_end import game_end_section
from spadeslib.explain.misdeal import misdeal_section
from spadeslib.explain.passing import passing_section
from spadeslib.explain.play import play_section
from spadeslib.explain.players import players_section
from spadeslib.explain.scoring import scoring_section
from spadeslib.explain.words import Section, Statement

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["SECTIONS", "RulesCard", "statements"]

RulesCard = list[tuple[str, list[tuple[Statement, bool]]]]
"""Each section's title and its statements, each with whether it is a house rule."""

SECTIONS: Final[tuple[tuple[str, Section], ...]] = (
    ("Players", players_section),
    ("Cards and ranking", deck_section),
    ("Dealing", deal_section),
    ("Misdeals", misdeal_section),
    ("Passing cards", passing_section),
    ("Bidding", bidding_section),
    ("Play", play_section),
    ("Scoring", scoring_section),
    ("End of the game", game_end_section),
)
"""The card's sections, in the order a player meets the rules: (title, statements)."""


@functools.cache
def _standard_texts() -> frozenset[str]:
    from spadeslib.variant import Variant

    standard = Variant()
    return frozenset(s.text for _, section in SECTIONS for s in section(standard))


def statements(variant: Variant) -> RulesCard:
    """The card as data: each section's title and its statements, each with whether it
    differs from the standard game.

    A statement differs when a key it is about differs from the standard game's and its
    words are not the standard card's words: "in every suit the cards rank A K Q ... 2" is
    plain even in a deck with jokers added, where ``deck.elevated`` differs.
    """
    from spadeslib.variant import Variant

    changed = changed_paths(Variant(), variant)

    def differs(statement: Statement) -> bool:
        return statement.text not in _standard_texts() and any(
            path == key or path.startswith(key + ".") for key in statement.about for path in changed
        )

    return [
        (title, [(statement, differs(statement)) for statement in section(variant)])
        for title, section in SECTIONS
    ]
