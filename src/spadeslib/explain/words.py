"""The words every section of the rules card (and ``diff``) writes with: a statement, cards,
numbers, lists.

A number is written with its noun through :func:`counted`, so that "1 trick" and
"2 tricks" come from one place; cards that do something agree with their verb through
:func:`cards_that`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from spadeslib.cards import Card

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = [
    "GLUE",
    "RANK_WORDS",
    "SUIT_NAMES",
    "Section",
    "Statement",
    "cap",
    "card_words",
    "cards",
    "cards_that",
    "counted",
    "eligibility",
    "eligible_side",
    "gain",
    "listing",
    "loss",
    "number",
    "ordinal",
    "say",
]


@dataclass(frozen=True, slots=True)
class Statement:
    """One sentence of the card and the variant keys (dotted paths) it states."""

    text: str
    about: tuple[str, ...]


Section = Callable[["Variant"], Iterator[Statement]]
"""A section of the card: the variant's statements, in the order a player meets them."""


def say(text: str, *about: str) -> Statement:
    return Statement(text, about)


GLUE: Final = "\x1f"
"""A space the text renderer never breaks a line at (inside "7 = +140", "A K Q")."""

_NUMBER_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS: Final = {"T": "10"}
_SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_JOKER_WORDS: Final = {"BJ": "big joker", "LJ": "little joker"}


def card_words(name: str | Card) -> str:
    """A card as a player writes it: ``2♦``, ``10♠``, ``big joker``.

    >>> card_words("TS"), card_words("2d"), card_words("BJ")
    ('10♠', '2♦', 'big joker')
    """
    card = name if isinstance(name, Card) else Card.parse(name)
    if card.is_joker:
        return _JOKER_WORDS[str(card)]
    rank = "10" if card.rank == "T" else card.rank
    return rank + _SUIT_SYMBOLS[card.suit]


def number(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def listing(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def cards(names: Iterable[str]) -> str:
    return listing(f"the {card_words(name)}" for name in names)


def cards_that(names: list[str], one: str, many: str) -> str:
    """Cards as the subject of a verb that agrees: ``The 2♦ counts``, ``The big joker and
    the little joker count``."""
    return f"{cap(cards(names))} {one if len(names) == 1 else many}"


def counted(n: int, noun: str, plural: str = "") -> str:
    """A number and its noun, agreeing: ``1 trick``, ``2 tricks``, ``-1 point``, ``0 bags``."""
    return f"{n} {noun if abs(n) == 1 else plural or noun + 's'}"


def gain(n: int) -> str:
    """Points won, signed: ``+100``; a negative value reads as what it is, ``-100``."""
    return f"{n:+d}"


def loss(n: int) -> str:
    """Points lost (never negative: see ``variant._base.Loss``), signed: ``-100``."""
    return f"{-n:+d}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def eligible_side(value: Mapping[str, Any], who: str = "side") -> str:
    """Which side may bid blind, from an eligibility given as data (``{"kind": "behind",
    "points": 100}``): ``a side behind by at least 100 points``; ``who`` is ``player``
    where everyone plays alone (a table without partners has no sides to speak of)."""
    if value["kind"] == "behind":
        return f"a {who} behind by at least {counted(value['points'], 'point')}"
    if value["kind"] == "behind_by_value":
        return f"a {who} behind by at least the value of the bid"
    return f"any {who}"


def eligibility(value: Any, bid: str, who: str = "side") -> str:
    """Who may bid ``bid`` (Blind Nil, a blind bid), from a ``variant.eligibility`` model
    (``who``: see :func:`eligible_side`)."""
    if value.kind == "always":
        return f"any {who} may bid {bid}, whatever the scores"
    return f"only {eligible_side(value.model_dump(), who)} may bid {bid}"
