"""Every action's int id in one variant (OpenSpiel style): :class:`ActionSpace`.

Plays come first: the id of ``play X`` is the bit of ``X`` in the compiled deck (the lower
bit of the two copies with two packs), so a mask of legal plays *is* a set of ids. The
single-word actions and every bid follow in a dense block; the multi-card actions
(``pass``, ``give``, ``discard``, ``cut``) have sparse ids built from the cards' bits, so
any hand's choices have ids without a table of all combinations. ``ActionSpace.dense_size``
is the end of the dense part. The compiled rules build their action space once
(``Rules.actions``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Protocol

from spadeslib.compiler.action_text import _WORDS, SIMPLE, Action
from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.errors import ActionParseError, CardNotInDeckError, RecordError

if TYPE_CHECKING:
    from spadeslib.cards import Card
    from spadeslib.compiler.rules import Rules

__all__ = ["ActionSpace", "Seated", "action_space"]


class Seated(Protocol):
    """What an alias (``double nil``) needs to know of a game: whose turn it is and the
    bids made."""

    actor: int
    bids: list[int]


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

    def id_of(self, action: Action, state: Seated | None = None) -> int:
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

    def _double_nil(self, action: Action, state: Seated | None) -> int:
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


def action_space(rules: Rules) -> ActionSpace:
    """The :class:`ActionSpace` of ``rules`` (``Rules.actions``: built once, kept on them)."""
    return rules.actions
