"""Actions: the small immutable values a player submits, their text form and their int ids.

An :class:`Action` is a kind plus, depending on the kind, a number, a pair of parts or
some cards. Every action has a text form that round-trips (``Action.parse(str(a)) == a``);
this is the grammar (cards are written as in :mod:`spadeslib.cards`, separated by spaces):

=====================  ===========================================================  ==========
text                   meaning                                                      phase
=====================  ===========================================================  ==========
``play AS``            play a card                                                  play
``bid 4``              bid 4 tricks (round the table: the player's bid; partnership:  bidding
                       the team's contract); ``bid 0`` where 0 is "zero tricks"
``nil``                bid Nil                                                      bidding
``bid nil/4``          partnership: the deciding player bids Nil, the partner 4       bidding
``bid 4/nil``          partnership: the deciding player 4, the partner Nil            bidding
``bid nil/nil``        partnership: both partners Nil                               bidding
``blind nil``          bid Blind Nil, before looking at one's cards                 blind
``blind 7``            the side bids 7 blind, before either partner looks           blind
``look``               decline the blind bids and look at one's cards               blind
``come out``           after a blind bid, come out to ``bidding.blind.come_out_to``  bidding
``stand``              keep the bid as it is (raise round; after a blind bid)       bidding
``raise 6``            raise the side's contract to 6                               raise
``misdeal``            call a misdeal (the hand meets a ``misdeal`` condition)        bidding
``pass AS``            pass this card to partner (one action per card; ``pass AS KH  passing
                       2C`` names a whole pass: its cards one after the other, in suit
                       order S H D C, high to low)
``give AS``            give this card to partner (Nil / Blind Nil exchange)          exchange
``discard 4H``         discard this card (kitty, Mitchell's rule)                   discard
``split 1/1``          Mitchell: left-over cards for the deciding player / partner  discard
``cut AS``             French cut: this turned-up card goes to the next seat, in     cut
                       seat order (``cut AS KH 2C 3D``: the cards for seats 0 to 3)
``keep`` / ``reject``  two-handed draw: keep the top card, or reject it              draw
``double nil``         an alias a variant may choose (``bidding.nil.double_nil_means``):  blind,
                       ``blind nil``, or both partners Nil (``bid nil/nil`` in a        bidding
                       partnership auction; round the table, the second partner's
                       ``nil`` after the first bid Nil)
=====================  ===========================================================  ==========

``double nil`` has no id of its own: a game resolves it to the action it stands for, which
is what the game records (see :meth:`ActionSpace.id_of`). An action naming several cards
(``pass AS KH 2C``) has no id of its own either: it stands for one action per card
(:meth:`ActionSpace.ids_of`), and the game records those.

Every action also has an int id in a variant: :mod:`spadeslib.compiler.action_ids`.

>>> Action.parse("pass  as kh 10c")
Action.parse('pass AS KH TC')
>>> str(Action.parse("BID nil/4")), Action.parse("blind 7").number
('bid nil/4', 7)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from spadeslib.cards import Card
from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.errors import ActionParseError, CardParseError, counted, quoted

__all__ = ["Action", "ActionParseError"]


SIMPLE: Final = ("nil", "blind_nil", "look", "come_out", "stand", "misdeal", "keep", "reject")
"""Actions without arguments, in id order."""
NUMBERED: Final = ("bid", "blind", "raise")
"""Actions with one number."""
CARDS: Final = ("play", "pass", "give", "discard", "cut")
"""Actions with cards."""
ALIASES: Final = ("double_nil",)
"""Actions that stand for another one, chosen by the variant; they have no id."""
KINDS: Final = (*SIMPLE, *NUMBERED, *CARDS, "split", *ALIASES)

_WORDS: Final = {
    "nil": "nil",
    "blind_nil": "blind nil",
    "look": "look",
    "come_out": "come out",
    "stand": "stand",
    "misdeal": "misdeal",
    "keep": "keep",
    "reject": "reject",
}
_ALIAS_WORDS: Final = {"double_nil": "double nil"}
_SIMPLE_OF_TEXT: Final = {text: kind for kind, text in (*_WORDS.items(), *_ALIAS_WORDS.items())}
_CARD_COUNT: Final = {
    "play": (1, 1),
    "pass": (1, 108),
    "give": (1, 108),
    "discard": (1, 108),
    "cut": (1, 6),
}


_SETS: Final = ("pass", "give", "discard")


def _card_order(card: Card) -> tuple[int, int]:
    """Jokers, then spades, hearts, diamonds, clubs; high to low inside a suit."""
    code = card.code
    return (-1, -code) if code >= 52 else (code // 13, -(code % 13))


def _part(text: str) -> int:
    if text.lower() == "nil":
        return NIL
    if text.isdecimal():
        return int(text)
    raise ValueError(f"{quoted(text)} is neither a number nor 'nil'")


def _part_text(part: int) -> str:
    return "nil" if part == NIL else "blind nil" if part == BLIND_NIL else str(part)


class Action:
    """One decision: ``kind`` plus a ``number``, two ``parts`` or some ``cards``.

    Compare actions by value (``Action.parse("bid 4") == Action.parse("BID 4")``). ``id`` is
    the action's int id in the variant it came from (``None`` for a parsed action until a
    game resolves it). The class docstring of :mod:`spadeslib.compiler.action_text` lists the
    grammar; ``kind`` is one of ``play bid nil blind_nil blind look come_out stand raise
    misdeal pass give discard split cut keep reject``, or the alias ``double_nil``.
    """

    __slots__ = ("_key", "_text", "cards", "id", "kind", "number", "parts")

    kind: str
    number: int | None
    parts: tuple[int, int] | None
    cards: tuple[Card, ...]
    id: int | None
    _text: str
    _key: str

    def __init__(
        self,
        kind: str,
        number: int | None = None,
        *,
        parts: tuple[int, int] | None = None,
        cards: Iterable[Card] = (),
        id: int | None = None,
    ) -> None:
        if kind not in KINDS:
            raise ActionParseError(f"no action kind {quoted(kind)} (one of {', '.join(KINDS)})")
        sets = object.__setattr__
        cards = tuple(cards)
        if kind in _SETS:  # a set of cards: one text however it was listed
            cards = tuple(sorted(cards, key=_card_order))
        sets(self, "kind", kind)
        sets(self, "number", number)
        sets(self, "parts", parts)
        sets(self, "cards", cards)
        sets(self, "id", id)
        text = _format(kind, number, parts, cards)
        sets(self, "_text", text)
        sets(self, "_key", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Action.parse, (self._text,))

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action from its text form (case and extra spaces do not matter)."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionParseError(f"an action is written as text like 'bid 4', not {quoted(text)}")
        words = " ".join(text.split())
        try:
            return _parse_short(words) if len(words) <= _CACHED else _parse(words)
        except ActionParseError as error:  # quoted as written: case and spaces kept
            raise ActionParseError(f"not an action: {quoted(text)} ({error})") from None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)


def _format(
    kind: str, number: int | None, parts: tuple[int, int] | None, cards: tuple[Card, ...]
) -> str:
    if kind in _WORDS:
        return _WORDS[kind]
    if kind in _ALIAS_WORDS:
        return _ALIAS_WORDS[kind]
    if kind == "bid" and parts is not None:
        return f"bid {_part_text(parts[0])}/{_part_text(parts[1])}"
    if kind in NUMBERED:
        if number is None or number < 0:
            raise ActionParseError(f"{kind!r} needs a number of tricks")
        return f"{kind} {number}"
    if kind == "split":
        if parts is None:
            raise ActionParseError("'split' needs two counts, like 'split 1/1'")
        return f"split {parts[0]}/{parts[1]}"
    low, high = _CARD_COUNT[kind]
    if not cards:  # not "'pass' takes 1 to 108 cards": the bound of two packs, not a table's
        raise ActionParseError(f"{kind!r} needs a card, like '{kind} AS'")
    if not low <= len(cards) <= high:
        takes = counted(low, "card") if low == high else f"{low} to {high} cards"
        raise ActionParseError(f"{kind!r} takes {takes}, not {len(cards)}")
    return kind + " " + " ".join(str(card) for card in cards)


_CACHED = 400
"""Longest text whose action is kept (``pass`` with every card of two packs is about 330
characters): longer text is no action, and is not kept."""


def _parse(words: str) -> Action:
    """The action in ``words`` (split by single spaces, in any case); an
    :class:`ActionParseError` saying why not, which :meth:`Action.parse` wraps with the
    text as it was written."""
    norm = words.lower()
    if norm in _SIMPLE_OF_TEXT:
        return Action(_SIMPLE_OF_TEXT[norm])
    head, _, rest = words.partition(" ")  # the cards and numbers as written, for messages
    head = head.lower()
    try:
        if head in ("bid", "split") and "/" in rest:
            left, _, right = rest.partition("/")
            first, second = _part(left.strip()), _part(right.strip())
            if head == "split":
                return Action("split", parts=(first, second))
            number = max(first, 0) + max(second, 0)
            return Action("bid", number, parts=(first, second))
        if head in NUMBERED:
            return Action(head, int(rest) if rest.isdecimal() else -1)
        if head in CARDS:
            return Action(head, cards=[Card.parse(name) for name in rest.split()])
    except (ValueError, CardParseError) as error:
        raise ActionParseError(str(error)) from None
    raise ActionParseError(
        "like 'play AS', 'bid 4', 'nil', 'blind nil', 'look', 'pass AS KH 2C'; see "
        "spadeslib.compiler.action_text"
    )


_parse_short = functools.lru_cache(maxsize=4096)(_parse)
