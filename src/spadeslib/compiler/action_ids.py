"""Every action's int id in one variant (OpenSpiel style): a fixed, dense :class:`ActionSpace`.

The ids run from 0 to ``num_distinct_actions - 1`` in blocks, in this order (a block the
variant cannot use is left out, so ``standard`` has no ``pass`` ids):

==============  =========================  ================================================
block           ids                        action
==============  =========================  ================================================
plays           ``0 .. size-1``            ``play X``: the bit of ``X`` in the compiled deck
                                           (with two packs the first copy of its face; the
                                           second copies' ids are never legal)
words           ``NIL .. REJECT``          ``nil``, ``blind nil``, ``look``, ``come out``,
                                           ``stand``, ``misdeal``, ``keep``, ``reject``
bids            ``BID + n``                ``bid n``, n from 0 to the tricks
blind bids      ``BLIND + n``              ``blind n``, n from 1
raises          ``RAISE + n``              ``raise n``, n from 1
team Nil bids   ``NIL_PARTNER + n``,       ``bid nil/n``, ``bid n/nil`` (n from 0),
                ``PARTNER_NIL + n``,       ``bid nil/nil``
                ``BOTH_NIL``
splits          ``split_id(mine, other)``  ``split 0/1``, ``1/0``, ``0/2``, ``1/1``, ``2/0``
                                           (Mitchell's rule only)
card choices    ``PASS + f``, ``GIVE + f``, one card passed, given, discarded or handed out
                ``DISCARD + f``,           in the French cut; ``f`` is the card's face
                ``CUT + f``                (``face_of[bit]``: the bit itself with one pack)
==============  =========================  ================================================

A choice of several cards (a pass of three, a kitty's discard) is one action per card, as
OpenSpiel's Hearts passes cards, so no id depends on a combination of cards and the space
stays small. The text ``pass AS KH 2C`` still names the whole choice: :meth:`ids_of` gives
its cards' ids in order (``Game.apply`` takes it, and old records replay).

The compiled rules build their action space once (``Rules.actions``); the ids are what
the native core and the tensors' masks use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple, Protocol

from spadeslib.compiler.action_text import _WORDS, SIMPLE, Action
from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.compiler.phases import Phase
from spadeslib.errors import ActionParseError, CardNotInDeckError, RecordError

if TYPE_CHECKING:
    from spadeslib.cards import Card
    from spadeslib.compiler.rules import Rules

__all__ = ["CARD_CHOICES", "ActionSpace", "Block", "Seated", "action_space"]


class Seated(Protocol):
    """What an alias (``double nil``) needs to know of a game: whose turn it is and the
    bids made."""

    actor: int
    bids: list[int]


class Block(NamedTuple):
    """One block of ids: ``kind``'s actions from ``start`` (inclusive) to ``stop``."""

    kind: str
    start: int
    stop: int
    meaning: str


SPLITS: Final = ((0, 1), (1, 0), (0, 2), (1, 1), (2, 0))
"""Mitchell's splits in id order: the cards for the deciding player and for its partner
(each count's choices in order of the deciding player's share)."""

CARD_CHOICES: Final = {
    "pass": (Phase.PASS,),
    "give": (Phase.EXCHANGE,),
    "discard": (Phase.KITTY, Phase.KITTY_AFTER, Phase.MITCHELL),
    "cut": (Phase.CUT,),
}
"""The one-card-per-action kinds, and the phases whose presence gives a variant each."""


class ActionSpace:
    """The actions of one compiled variant and their ids (see the module docstring).

    Built once per :class:`~spadeslib.compiler.Rules` (:func:`action_space`); every action
    is built up front, so a game hands out shared objects.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = rules.size
        self.size = n
        """The deck's size: the plays' ids are ``0 .. size - 1``."""
        self.canonical_bits = rules.canonical
        """Each bit's canonical bit: the first copy of its face."""
        self.face_mask = rules.face_mask
        """Each bit's face: the mask of its copies."""
        self.two_packs = rules.packs == 2
        faces = sorted(set(rules.canonical))
        self.face_bits: tuple[int, ...] = tuple(faces)
        """Each face's canonical bit, by face index."""
        index = {bit: face for face, bit in enumerate(faces)}
        self.face_of: tuple[int, ...] = tuple(index[rules.canonical[bit]] for bit in range(n))
        """Each bit's face index (the bit itself with one pack)."""
        self.canonical_mask = sum(1 << bit for bit in faces)
        top = rules.hand_size
        blocks: list[Block] = []
        table: list[Action | None] = []

        def block(
            kind: str, meaning: str, count: int, make: Callable[[int, int], Action | None]
        ) -> int:
            """Add ``count`` ids of ``kind``; ``make(k, id)`` builds the ``k``-th action."""
            start = len(table)
            table.extend(make(k, start + k) for k in range(count))
            blocks.append(Block(kind, start, len(table), meaning))
            return start

        deck = rules.deck
        block(
            "play",
            "play a card: the id is the card's bit in the compiled deck",
            n,
            lambda bit, i: Action("play", cards=(deck[bit],), id=i) if bit in index else None,
        )
        first = block(
            "word", "the single-word actions", len(SIMPLE), lambda k, i: Action(SIMPLE[k], id=i)
        )
        (
            self.NIL,
            self.BLIND_NIL,
            self.LOOK,
            self.COME_OUT,
            self.STAND,
            self.MISDEAL,
            self.KEEP,
            self.REJECT,
        ) = range(first, first + len(SIMPLE))
        self.BID = block(
            "bid", "bid n tricks, n from 0", top + 1, lambda k, i: Action("bid", k, id=i)
        )
        """``bid N`` is ``BID + N``; ``blind N`` is ``BLIND + N``; ``raise N`` ``RAISE + N``."""
        self.BLIND = (
            block("blind", "bid n blind, n from 1", top, lambda k, i: Action("blind", k + 1, id=i))
            - 1
        )
        self.RAISE = (
            block("raise", "raise to n, n from 1", top, lambda k, i: Action("raise", k + 1, id=i))
            - 1
        )
        self.NIL_PARTNER = block(
            "bid nil/n",
            "team bid: the deciding player Nil, the partner n",
            top + 1,
            lambda k, i: Action("bid", k, parts=(NIL, k), id=i),
        )
        self.PARTNER_NIL = block(
            "bid n/nil",
            "team bid: the deciding player n, the partner Nil",
            top + 1,
            lambda k, i: Action("bid", k, parts=(k, NIL), id=i),
        )
        self.BOTH_NIL = block(
            "bid nil/nil",
            "team bid: both partners Nil",
            1,
            lambda k, i: Action("bid", 0, parts=(NIL, NIL), id=i),
        )
        self.SPLIT = -1
        """The first split's id (-1 where the variant has no Mitchell's rule)."""
        if Phase.MITCHELL in rules.phases:
            self.SPLIT = block(
                "split",
                "Mitchell's split of the left-over cards",
                len(SPLITS),
                lambda k, i: Action("split", parts=SPLITS[k], id=i),
            )
        self.auction_ids = frozenset(range(self.NIL, len(table))) - {self.KEEP, self.REJECT}
        """The public decisions of a deal before its cards are played: the words but the
        two-handed draw's (a player's keep or reject is its own), the bids, the splits."""
        self.blind_ids = range(self.BLIND + 1, self.BLIND + top + 1)
        """The ids of ``blind N``, N from 1 to the tricks (``in`` is one comparison)."""
        present = set(rules.phases)
        self.card_bases: dict[str, int] = {}
        """The first id of each one-card-per-action kind the variant has (``pass``, ...)."""

        def chooser(kind: str) -> Callable[[int, int], Action | None]:
            return lambda k, i: Action(kind, cards=(deck[faces[k]],), id=i)

        for kind, phases in CARD_CHOICES.items():
            if present & set(phases):
                self.card_bases[kind] = block(
                    kind,
                    f"{kind} one card: the id is the base plus the card's face",
                    len(faces),
                    chooser(kind),
                )
        self.PASS = self.card_bases.get("pass", -1)
        """The base of each card choice's block (-1 where the variant has none)."""
        self.GIVE = self.card_bases.get("give", -1)
        self.DISCARD = self.card_bases.get("discard", -1)
        self.CUT = self.card_bases.get("cut", -1)
        self.num_distinct_actions = len(table)
        """One more than the largest id: the length of a legal-action mask."""
        self.dense_size = self.num_distinct_actions
        """The old name of :attr:`num_distinct_actions`."""
        self.blocks: tuple[Block, ...] = tuple(blocks)
        """The blocks of ids, in order (see the module docstring)."""
        self._table = tuple(table)
        self.plays = tuple(table[:n])
        """The ``play`` action of each canonical bit (``None`` for a second copy)."""

    # -- ids ---------------------------------------------------------------------------------

    def card_id(self, kind: str, bit: int) -> int:
        """The id of the ``kind`` action (``pass``, ``give``, ``discard``, ``cut``) of the
        card at ``bit``."""
        return self.card_bases[kind] + self.face_of[bit]

    def split_id(self, mine: int, other: int) -> int:
        """The id of ``split mine/other``."""
        return self.SPLIT + SPLITS.index((mine, other))

    def canonical_bit(self, bit: int) -> int:
        return self.canonical_bits[bit]

    def kind_of(self, action_id: int) -> str:
        """The kind of the action with this id (raises on an id of no action)."""
        return self.action(action_id).kind

    def action(self, action_id: int) -> Action:
        """The action with id ``action_id``."""
        if type(action_id) is int and 0 <= action_id < self.num_distinct_actions:
            found = self._table[action_id]
            if found is not None:
                return found
        raise RecordError(f"no action has id {action_id!r} in variant {self.rules.variant.name!r}")

    def ids_of(self, action: Action, state: Seated | None = None) -> tuple[int, ...]:
        """The ids ``action`` stands for: its own id, or for a choice of several cards
        (``pass AS KH 2C``, ``cut AS KH 2C 3D``) the id of each card's action, in order."""
        if len(action.cards) > 1:
            base = self._card_base(action)
            return tuple(base + self.face_of[bit] for bit in self._bits(action.cards))
        return (self.id_of(action, state),)

    def id_of(self, action: Action, state: Seated | None = None) -> int:
        """The id of ``action`` in this variant; raise if the variant has no such action
        (a card not in the deck, a bid above the hand size, a pass where nobody passes,
        several cards: see :meth:`ids_of`).

        An alias (``double nil``) becomes the id of the action it stands for in this
        variant; where that depends on the game (round the table, both partners Nil is the
        second partner's ``nil``), ``state`` is the game's state."""
        if action.id is not None and self._is_ours(action):
            return action.id
        kind = action.kind
        if kind == "double_nil":
            return self._double_nil(action, state)
        if kind == "play":
            return self.canonical_bits[self._bits(action.cards[:1])[0]]
        if kind in _WORDS:
            return self.NIL + SIMPLE.index(kind)
        top = self.rules.hand_size
        if kind == "split":
            assert action.parts is not None
            if self.SPLIT < 0:
                raise _no_such(action, self, "it has no Mitchell's rule")
            if action.parts not in SPLITS:
                raise _no_such(
                    action, self, "a split gives 2 or 1 card(s): 2/0, 1/1, 0/2, 1/0 or 0/1"
                )
            return self.split_id(*action.parts)
        if kind == "bid" and action.parts is not None:
            first, second = action.parts
            if first == NIL and second == NIL:
                return self.BOTH_NIL
            if first == NIL and 0 <= second <= top:
                return self.NIL_PARTNER + second
            if second == NIL and 0 <= first <= top:
                return self.PARTNER_NIL + first
            raise _no_such(action, self, "a team bid with Nil names Nil and a number")
        if kind in ("bid", "blind", "raise"):
            number = action.number if action.number is not None else -1
            low = 0 if kind == "bid" else 1
            if not low <= number <= top:
                raise _no_such(action, self, f"{kind} numbers go from {low} to the {top} tricks")
            return {"bid": self.BID, "blind": self.BLIND, "raise": self.RAISE}[kind] + number
        base = self._card_base(action)
        if len(action.cards) != 1:
            raise _no_such(
                action,
                self,
                f"each card is its own action ('{kind} {action.cards[0]}'); "
                "Game.apply takes the whole choice",
            )
        return base + self.face_of[self._bits(action.cards)[0]]

    def _card_base(self, action: Action) -> int:
        base = self.card_bases.get(action.kind)
        if base is None:
            phase = {"pass": "passing", "give": "Nil exchange", "cut": "French cut"}
            raise _no_such(
                action, self, f"it has no {phase.get(action.kind, 'discard of left-over cards')}"
            )
        return base

    def _double_nil(self, action: Action, state: Seated | None) -> int:
        """What ``double nil`` means here (``bidding.nil.double_nil_means``)."""
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
