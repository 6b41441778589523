"""The card's section on misdeals: which hands may throw the cards in, and when."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from spadeslib.explain.facts import extra_spades
from spadeslib.explain.words import Statement, cards_that, counted, listing, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["misdeal_section"]

_HANDS: Final[Mapping[str, Callable[[Any], str]]] = {
    "no_spades": lambda c: "no spades",
    "at_most_spades": lambda c: f"at most {counted(c.count, 'spade')}",
    "long_suit": lambda c: f"{c.length} or more cards of one suit",
    "no_face_cards": lambda c: "no king, queen or jack",
}
"""The hands a misdeal may be called with."""

_SPADE_COUNTS: Final = frozenset({"no_spades", "at_most_spades"})
"""Conditions that count spades, so elevated cards count in them."""


def misdeal_section(v: Variant) -> Iterator[Statement]:
    misdeal = v.misdeal
    if not misdeal.conditions:
        yield say("There are no misdeals: every deal is played.", "misdeal.conditions")
        return
    hands = listing((_HANDS[c.kind](c) for c in misdeal.conditions), "or")
    partners = v.table.partnerships != "none"  # alone, no partner bids before anyone
    when = " before their partner has bid" if misdeal.before_partner_bids and partners else ""
    text = (
        f"A player whose hand has {hands} may call a misdeal during their turn to "
        f"bid{when}; the cards are thrown in and the same dealer deals again."
    )
    if extra_spades(v) and any(c.kind in _SPADE_COUNTS for c in misdeal.conditions):
        text += f" {cards_that(extra_spades(v), 'counts', 'count')} as spades here too."
    yield say(text, "misdeal.conditions", "misdeal.before_partner_bids")
