"""Contradictions between sections of a variant, caught before anything is compiled.

Each field is checked on its own by its model; this module checks what no single field
can: that the deck divides among the players, that a rule's prerequisites are on, that
ranges are not empty, that every player has a legal bid and the least bids of a side fit
in the tricks, that a special bid (the Moon, ten for 200) is within a side's reach. Every
check returns ``(dotted path, message)`` so the loader can point at the line in the file
that set the offending key.

One module per part of the variant checked: :mod:`.table` (the table, the deck, the deal,
passing and the play), :mod:`.bidding` (the auction), :mod:`.nil` (Nil, Blind Nil and
blind bids), :mod:`.scoring` (the scoring and the end of the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spadeslib.variant.checks.base import Found
from spadeslib.variant.checks.bidding import check_bidding
from spadeslib.variant.checks.scoring import check_game_end, check_scoring
from spadeslib.variant.checks.table import (
    check_deal,
    check_deck,
    check_passing,
    check_play,
    check_table,
    deck_cards,
)

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["contradictions", "deck_cards"]

_CHECKS: tuple[Callable[[Variant], Found], ...] = (
    check_table,
    check_deck,
    check_deal,
    check_passing,
    check_bidding,
    check_play,
    check_scoring,
    check_game_end,
)


def contradictions(variant: Variant) -> list[tuple[str, str]]:
    """Every contradiction in ``variant``, as ``(dotted path, message)`` pairs."""
    return [found for check in _CHECKS for found in check(variant)]
