"""The card's section on passing cards to a partner before the bidding."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from spadeslib.explain.words import Statement, counted, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["passing_section"]


def passing_section(v: Variant) -> Iterator[Statement]:
    n = v.passing.cards
    if not n:
        yield say("No cards are passed.", "passing.cards")
        return
    yield say(
        f"Before the bidding, each player passes {counted(n, 'card')} face down to their "
        "partner. "
        "Partners pass at the same time, so neither sees what they will receive before "
        "choosing.",
        "passing.cards",
    )
