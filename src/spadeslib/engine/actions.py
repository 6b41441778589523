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
``pass AS KH 2C``      pass these cards to partner (listed in any order; the text     passing
                       puts them in suit order S H D C, high to low)
``give AS KH``         give these cards to partner (Nil / Blind Nil exchange)       exchange
``discard 4H 5D``      discard these cards (kitty, Mitchell's rule)                 discard
``split 1/1``          Mitchell: left-over cards for the deciding player / partner  discard
``cut AS KH 2C 3D``    French cut: the turned-up cards for seats 0, 1, 2, 3          cut
``keep`` / ``reject``  two-handed draw: keep the top card, or reject it              draw
``double nil``         an alias a variant may choose (``bidding.nil.double_nil_means``):  blind,
                       ``blind nil``, or both partners Nil (``bid nil/nil`` in a        bidding
                       partnership auction; round the table, the second partner's
                       ``nil`` after the first bid Nil)
=====================  ===========================================================  ==========

``double nil`` has no id of its own: a game resolves it to the action it stands for, which
is what the game records (see :meth:`ActionSpace.id_of`).

Every action also has an int id, stable for a variant (OpenSpiel style), given by the
variant's :class:`ActionSpace`. Plays come first: the id of ``play X`` is the bit of ``X``
in the compiled deck (the lower bit of the two copies with two packs), so a mask of legal
plays *is* a set of ids. The single-word actions and every bid follow in a dense block;
the multi-card actions (``pass``, ``give``, ``discard``, ``cut``) have sparse ids built
from the cards' bits, so any hand's choices have ids without a table of all combinations.
``ActionSpace.dense_size`` is the end of the dense part.

>>> Action.parse("pass  as kh 10c")
Action.parse('pass AS KH TC')
>>> str(Action.parse("BID nil/4")), Action.parse("blind 7").number
('bid nil/4', 7)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from spadeslib.cards import Card
from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.errors import ActionParseError, CardNotInDeckError, CardParseError, RecordError

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.state import State

__all__ = ["Action", "ActionParseError", "ActionSpace", "action_space"]


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
    "cut": (2, 6),
}


_SETS: Final = ("pass", "give", "discard")


def _card_order(card: Card) -> tuple[int, int]:
    """Jokers, then spades, hearts, diamonds, clubs; high to low inside a suit."""
    code = card.code
    return (-1, -code) if code >= 52 else (code // 13, -(code % 13))


def _part(text: str) -> int:
    if text == "nil":
        return NIL
    if text.isdigit():
        return int(text)
    raise ValueError(text)


def _part_text(part: int) -> str:
    return "nil" if part == NIL else "blind nil" if part == BLIND_NIL else str(part)


class Action:
    """One decision: ``kind`` plus a ``number``, two ``parts`` or some ``cards``.

    Compare actions by value (``Action.parse("bid 4") == Action.parse("BID 4")``). ``id`` is
    the action's int id in the variant it came from (``None`` for a parsed action until a
    game resolves it). The class docstring of :mod:`spadeslib.engine.actions` lists the
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
            raise ActionParseError(f"no action kind {kind!r} (one of {', '.join(KINDS)})")
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
            raise ActionParseError(f"an action is written as text like 'bid 4', not {text!r}")
        return _parse(" ".join(text.lower().split()))

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
    if not low <= len(cards) <= high:
        raise ActionParseError(f"{kind!r} takes {low} to {high} cards, not {len(cards)}")
    return kind + " " + " ".join(str(card) for card in cards)


@functools.lru_cache(maxsize=4096)
def _parse(norm: str) -> Action:
    if norm in _SIMPLE_OF_TEXT:
        return Action(_SIMPLE_OF_TEXT[norm])
    head, _, rest = norm.partition(" ")
    try:
        if head in ("bid", "split") and "/" in rest:
            left, _, right = rest.partition("/")
            first, second = _part(left.strip()), _part(right.strip())
            if head == "split":
                return Action("split", parts=(first, second))
            number = max(first, 0) + max(second, 0)
            return Action("bid", number, parts=(first, second))
        if head in NUMBERED:
            return Action(head, int(rest) if rest.isdigit() else -1)
        if head in CARDS:
            return Action(head, cards=[Card.parse(name) for name in rest.split()])
    except (ValueError, CardParseError) as error:
        raise ActionParseError(f"not an action: {norm!r} ({error})") from None
    raise ActionParseError(
        f"not an action: {norm!r} (like 'play AS', 'bid 4', 'nil', 'blind nil', 'look', "
        "'pass AS KH 2C'; see spadeslib.engine.actions)"
    )


# -- ids -------------------------------------------------------------------------------------

_BID = len(SIMPLE)
_BLOCK = 32
_OFFSETS: Final = {"bid": _BID, "blind": _BID + _BLOCK, "raise": _BID + 2 * _BLOCK}
_NIL_PARTNER = _BID + 3 * _BLOCK  # bid nil/N
_PARTNER_NIL = _BID + 4 * _BLOCK  # bid N/nil
_BOTH_NIL = _BID + 5 * _BLOCK  # bid nil/nil
_SPLIT = _BOTH_NIL + 1
_DENSE = _SPLIT + 9
_CUT_BITS = 7


class ActionSpace:
    """The actions of one compiled variant and their ids (see the module docstring).

    Built once per :class:`~spadeslib.compiler.Rules` (:func:`action_space`); the play
    actions and every dense action are built up front, so a game hands out shared objects.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = rules.size
        self.size = n
        self.dense_size = n + _DENSE
        """Ids below this are plays, single-word actions and bids."""
        canon: list[int] = []
        for bit in range(n):
            first = rules.card_bits(rules.deck[bit])[0]
            canon.append(first)
        self.canonical_bits = tuple(canon)
        """Each bit's canonical bit: the first copy of its face."""
        face_mask = [0] * n
        for bit in range(n):
            face_mask[canon[bit]] |= 1 << bit
        self.face_mask = tuple(face_mask[canon[bit]] for bit in range(n))
        """Each bit's face: the mask of its copies."""
        self.two_packs = rules.packs == 2
        self.canonical_mask = sum(1 << bit for bit in set(canon))
        self._cut = n + _DENSE
        self._pass = self._cut + (1 << (_CUT_BITS * 6))
        self._give = self._pass + (1 << n)
        self._discard = self._give + (1 << n)
        self.end = self._discard + (1 << n)
        """One more than the largest id."""
        dense: list[Action | None] = [None] * (n + _DENSE)
        for bit in set(canon):
            dense[bit] = Action("play", cards=(rules.deck[bit],), id=bit)
        for index, kind in enumerate(SIMPLE):
            dense[n + index] = Action(kind, id=n + index)
        top = rules.hand_size
        for kind, offset in _OFFSETS.items():
            for number in range(0 if kind != "blind" else 1, top + 1):
                dense[n + offset + number] = Action(kind, number, id=n + offset + number)
        for number in range(0, top + 1):
            dense[n + _NIL_PARTNER + number] = Action(
                "bid", number, parts=(NIL, number), id=n + _NIL_PARTNER + number
            )
            dense[n + _PARTNER_NIL + number] = Action(
                "bid", number, parts=(number, NIL), id=n + _PARTNER_NIL + number
            )
        dense[n + _BOTH_NIL] = Action("bid", 0, parts=(NIL, NIL), id=n + _BOTH_NIL)
        for first in range(3):
            for second in range(3):
                index = n + _SPLIT + 3 * first + second
                dense[index] = Action("split", parts=(first, second), id=index)
        self._dense = tuple(dense)
        self.plays = tuple(dense[:n])
        """The ``play`` action of each canonical bit (``None`` for a second copy)."""
        (
            self.NIL,
            self.BLIND_NIL,
            self.LOOK,
            self.COME_OUT,
            self.STAND,
            self.MISDEAL,
            self.KEEP,
            self.REJECT,
        ) = range(n, n + len(SIMPLE))
        self.BID = n + _OFFSETS["bid"]
        """``bid N`` is ``BID + N``; ``blind N`` is ``BLIND + N``; ``raise N`` ``RAISE + N``."""
        self.BLIND = n + _OFFSETS["blind"]
        self.RAISE = n + _OFFSETS["raise"]
        self.blind_ids = range(self.BLIND + 1, self.BLIND + top + 1)
        """The ids of ``blind N``, N from 1 to the tricks (``in`` is one comparison)."""
        self.NIL_PARTNER = n + _NIL_PARTNER
        self.PARTNER_NIL = n + _PARTNER_NIL
        self.BOTH_NIL = n + _BOTH_NIL
        self.SPLIT = n + _SPLIT
        self._sparse: dict[int, Action] = {}
        self.breaking = tuple(
            sum(1 << bit for bit in range(n) if rules.breaks_spades(bit, led)) for led in range(4)
        )
        """For each effective suit led, the cards whose play breaks spades (a mask)."""

    # ids of multi-card actions -------------------------------------------------------------

    def canonical(self, mask: int) -> int:
        """The canonical form of a set of cards: for each face, its first copies."""
        if not self.two_packs:
            return mask
        out = 0
        while mask:
            low = mask & -mask
            bit = low.bit_length() - 1
            face = self.face_mask[bit]
            count = (mask & face).bit_count()
            mask &= ~face
            first = face & -face
            out |= first if count == 1 else face
        return out

    def cards_id(self, kind: str, mask: int) -> int:
        """The id of ``pass``/``give``/``discard`` of the cards of ``mask``."""
        base = {"pass": self._pass, "give": self._give, "discard": self._discard}[kind]
        return base + self.canonical(mask)

    def cut_id(self, bits: Iterable[int]) -> int:
        """The id of a French cut giving the card at ``bits[seat]`` to each seat."""
        out = 0
        for index, bit in enumerate(bits):
            out |= (self.canonical_bit(bit) + 1) << (_CUT_BITS * index)
        return self._cut + out

    def canonical_bit(self, bit: int) -> int:
        return self.canonical_bits[bit]

    def kind_of(self, action_id: int) -> str:
        """The kind of the action with this id (raises on an id of no action)."""
        return self.action(action_id).kind

    def action(self, action_id: int) -> Action:
        """The action with id ``action_id``."""
        if 0 <= action_id < self.dense_size:
            found = self._dense[action_id]
            if found is not None:
                return found
        elif self._cut <= action_id < self.end:
            found = self._sparse.get(action_id)
            if found is None:
                try:
                    found = self._build_sparse(action_id)
                except ActionParseError:  # cards packed in the id, but too few or too many
                    raise RecordError(f"no action has id {action_id!r}") from None
                if len(self._sparse) < 100_000:
                    self._sparse[action_id] = found
            return found
        raise RecordError(f"no action has id {action_id!r} in variant {self.rules.variant.name!r}")

    def _build_sparse(self, action_id: int) -> Action:
        deck = self.rules.deck
        if action_id < self._pass:
            packed = action_id - self._cut
            cards = []
            while packed:
                bit = (packed & ((1 << _CUT_BITS) - 1)) - 1
                if not 0 <= bit < self.size:
                    raise RecordError(f"no action has id {action_id!r}")
                cards.append(deck[bit])
                packed >>= _CUT_BITS
            return Action("cut", cards=cards, id=action_id)
        for kind, base in (("discard", self._discard), ("give", self._give), ("pass", self._pass)):
            if action_id >= base:
                mask = action_id - base
                if not mask or self.canonical(mask) != mask:
                    raise RecordError(f"no action has id {action_id!r}")
                return Action(kind, cards=self.rules.cards_of(mask), id=action_id)
        raise RecordError(f"no action has id {action_id!r}")  # pragma: no cover

    def id_of(self, action: Action, state: State | None = None) -> int:
        """The id of ``action`` in this variant; raise if the variant has no such action
        (a card not in the deck, a bid above the hand size).

        An alias (``double nil``) becomes the id of the action it stands for in this
        variant; where that depends on the game (round the table, both partners Nil is the
        second partner's ``nil``), ``state`` is the game's state."""
        if action.id is not None and self._is_ours(action):
            return action.id
        kind = action.kind
        n = self.size
        if kind == "double_nil":
            return self._double_nil(action, state)
        if kind == "play":
            return self.canonical_bits[self._bits(action.cards[:1])[0]]
        if kind in _WORDS:
            return n + SIMPLE.index(kind)
        top = self.rules.hand_size
        if kind == "split":
            assert action.parts is not None
            first, second = action.parts
            if not (0 <= first <= 2 and 0 <= second <= 2):
                raise _no_such(action, self, "a split gives 0, 1 or 2 cards to each partner")
            return self.SPLIT + 3 * first + second
        if kind == "bid" and action.parts is not None:
            first, second = action.parts
            if first == NIL and second == NIL:
                return self.BOTH_NIL
            if first == NIL and 0 <= second <= top:
                return self.NIL_PARTNER + second
            if second == NIL and 0 <= first <= top:
                return self.PARTNER_NIL + first
            raise _no_such(action, self, "a team bid with Nil names Nil and a number")
        if kind in _OFFSETS:
            number = action.number if action.number is not None else -1
            if not 0 <= number <= top or (kind == "blind" and number == 0):
                raise _no_such(action, self, f"bids go from 0 to the {top} tricks")
            return n + _OFFSETS[kind] + number
        bits = self._bits(action.cards)
        if kind == "cut":
            return self.cut_id(bits)
        mask = 0
        for bit in bits:
            mask |= 1 << bit
        return self.cards_id(kind, mask)

    def _double_nil(self, action: Action, state: State | None) -> int:
        """What ``double nil`` means here (``bidding.nil.double_nil_means``, spec Part D)."""
        variant = self.rules.variant
        means = variant.bidding.nil.double_nil_means
        if means is None:
            raise _no_such(
                action,
                self,
                "'double nil' means Blind Nil at some tables and both partners Nil at "
                "others, and this variant gives it neither meaning "
                "(bidding.nil.double_nil_means); write 'blind nil' for Blind Nil, or 'nil' "
                "from each partner ('bid nil/nil' in a partnership auction)",
            )
        if means == "blind_nil":
            return self.BLIND_NIL
        if variant.bidding.form.kind == "partnership":
            return self.BOTH_NIL
        if state is not None and 0 <= state.actor < len(state.bids):
            seat = state.actor
            side = self.rules.side_of[seat]
            if any(state.bids[m] in (NIL, BLIND_NIL) for m in self.rules.sides[side] if m != seat):
                return self.NIL
        raise _no_such(
            action,
            self,
            "'double nil' means both partners Nil here; round the table each partner bids "
            "for themselves, so it is the second partner's 'nil' once the first has bid Nil. "
            "To bid Nil now, write 'nil'",
        )

    def _is_ours(self, action: Action) -> bool:
        assert action.id is not None
        try:
            return self.action(action.id) == action
        except RecordError:
            return False

    def _bits(self, cards: tuple[Card, ...]) -> list[int]:
        bits: list[int] = []
        taken = 0
        for card in cards:
            try:
                copies = self.rules.card_bits(card)
            except CardNotInDeckError as error:
                raise _no_such_card(str(error)) from None
            for bit in copies:
                if not taken >> bit & 1:
                    taken |= 1 << bit
                    bits.append(bit)
                    break
            else:
                raise _no_such_card(f"{card} is named more times than the deck holds it")
        return bits


class _NoSuchAction(ActionParseError):
    pass


def _no_such(action: Action, space: ActionSpace, why: str) -> ActionParseError:
    return _NoSuchAction(
        f"{str(action)!r} is not an action of variant {space.rules.variant.name!r}: {why}"
    )


def _no_such_card(why: str) -> ActionParseError:
    return _NoSuchAction(why)


@functools.lru_cache(maxsize=256)
def action_space(rules: Rules) -> ActionSpace:
    """The :class:`ActionSpace` of ``rules`` (built once per compiled variant)."""
    return ActionSpace(rules)
