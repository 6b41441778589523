"""The card's first section: how many play, and who partners whom."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from spadeslib.explain.words import Statement, cap, listing, number, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["players_section"]


def players_section(v: Variant) -> Iterator[Statement]:
    table = v.table
    about = ("table.players", "table.partnerships")
    sides = table.sides()
    if table.partnerships == "pairs":
        pairs = (" against " if len(sides) == 2 else ", ").join(
            " and ".join(map(str, side)) for side in sides
        )
        text = (
            f"{cap(number(table.players))} players in {number(len(sides))} "
            f"partnerships; partners sit opposite (seats {pairs})."
        )
    elif table.partnerships == "trios":
        teams = " against ".join(listing(map(str, side)) for side in sides)
        text = f"Six players in two teams of three, in alternate seats (seats {teams})."
    else:
        text = f"{cap(number(table.players))} players, each playing for themselves."
    yield say(text + " Deal, bidding and play go clockwise.", *about)
