"""The card's section on misdeals: which hands may throw the cards in, and when."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from spadeslib.explain.facts import extra_spades
from spadeslib.explain.words import Statement, cap, cards, listing, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["misdeal_section"]

_MISDEAL_HANDS: Final[Mapping[str, Callable[[Any], str]]] = {
    "no_spades": lambda c: "no spades",
    "at_most_spades": lambda c: f"at most {c.count} spade" + ("" if c.count == 1 else "s"),
    "long_suit": lambda c: f"{c.length} or more cards of one suit",
    "no_face_cards": lambda c: "no king, queen or jack",
}


def misdeal_section(v: Variant) -> Iterator[Statement]:
    misdeal = v.misdeal
    if not misdeal.conditions:
        yield say("There are no misdeals: every deal is played.", "misdeal.conditions")
        return
    hands = listing((_MISDEAL_HANDS[c.kind](c) for c in misdeal.conditions), "or")
    when = " before their partner has bid" if misdeal.before_partner_bids else ""
    text = (
        f"A player whose hand has {hands} may call a misdeal during their turn to "
        f"bid{when}; the cards are thrown in and the same dealer deals again."
    )
    if extra_spades(v) and any("spade" in _MISDEAL_HANDS[c.kind](c) for c in misdeal.conditions):
        text += f" {cap(cards(extra_spades(v)))} count as spades here too."
    yield say(text, "misdeal.conditions", "misdeal.before_partner_bids")
