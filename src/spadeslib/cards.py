"""Cards and their text form.

A :class:`Card` is the identity of a card face (``AS``, ``TD``, ``BJ``), independent of any
variant: where it ranks, and which suit it follows, is the compiled rules' business
(:mod:`spadeslib.compiler`). Cards are flyweights, one object per face, so comparing and
hashing them is cheap and ``Card.parse("AS") is Card.parse("as")``.

>>> Card.parse("10s")
Card.parse('TS')
>>> str(Card.parse("BJ"))
'BJ'
>>> Card.parse("QH").rank, Card.parse("QH").suit
('Q', 'H')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from spadeslib.errors import CardParseError, quoted

__all__ = [
    "CARD_CODES",
    "RANKS",
    "SUITS",
    "Card",
    "CardParseError",
    "format_cards",
    "parse_cards",
]

SUITS: Final = "SHDC"
"""Suit letters. Spades first: index 0 is the trump suit in every variant."""

RANKS: Final = "23456789TJQKA"
"""Rank letters, lowest to highest (the natural order; variants may elevate some cards)."""

JOKERS: Final = ("LJ", "BJ")
"""Little and big joker, in their codes' order (52 and 53)."""

_SUIT_SYMBOLS: Final = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class Card:
    """One card face. Codes 0-51 are ``suit * 13 + rank``; 52 is ``LJ`` and 53 is ``BJ``."""

    __slots__ = ("code",)
    code: int
    _all: ClassVar[tuple[Card, ...]]

    def __new__(cls, code: int) -> Card:
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 54:
            raise CardParseError(f"no card has code {quoted(code)} (expected 0 to 53)")
        try:
            return cls._all[code]
        except AttributeError:  # building the flyweights at import
            card = object.__new__(cls)
            object.__setattr__(card, "code", code)
            return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.code,))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `AS`, `as`, `10S`, `TS`, `A♠`, `BJ` or `LJ`; raise on anything else."""
        if not isinstance(text, str):
            raise CardParseError(f"a card is written as text like 'AS', not {quoted(text)}")
        norm = text.strip().upper()
        for symbol, letter in _SUIT_SYMBOLS.items():
            norm = norm.replace(symbol, letter)
        code = _CODE_OF.get(norm)
        if code is None:
            raise CardParseError(
                f"not a card: {quoted(text)} (write rank then suit, like 'AS', '10H', 'TD', '2C', "
                "or 'BJ'/'LJ' for the big and little joker)"
            )
        return cls._all[code]

    @property
    def is_joker(self) -> bool:
        return self.code >= 52

    @property
    def suit(self) -> str:
        """The printed suit letter (``S H D C``), or ``J`` for a joker."""
        return "J" if self.code >= 52 else SUITS[self.code // 13]

    @property
    def rank(self) -> str:
        """The printed rank letter; ``B`` or ``L`` for the big or little joker."""
        if self.code >= 52:
            return JOKERS[self.code - 52][0]
        return RANKS[self.code % 13]

    def __str__(self) -> str:
        return _NAMES[self.code]

    def __repr__(self) -> str:
        return f"Card.parse({_NAMES[self.code]!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.code == self.code

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code


def _name(code: int) -> str:
    if code >= 52:
        return JOKERS[code - 52]
    return RANKS[code % 13] + SUITS[code // 13]


_NAMES: Final = tuple(_name(code) for code in range(54))
_CODE_OF: Final = {name: code for code, name in enumerate(_NAMES)} | {
    "10" + suit: SUITS.index(suit) * 13 + RANKS.index("T") for suit in SUITS
}
Card._all = tuple(Card(code) for code in range(54))

CARD_CODES: Final = _CODE_OF
"""Every accepted card name (upper case) to its code."""


def canonical_card_name(text: str) -> str:
    """The canonical spelling of a card name (``10s`` -> ``TS``), raising on a bad one."""
    return str(Card.parse(text))


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from ``"AS KH 2C"`` (spaces or commas) or from a list of names or cards."""
    items: Iterable[str | Card] = text.replace(",", " ").split() if isinstance(text, str) else text
    return [item if isinstance(item, Card) else Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards` for text: names separated by single spaces."""
    return " ".join(str(card) for card in cards)
