"""Making a deal: the seeded shuffle or given hands turned into the masks a deal starts from.

A deal is first an order of the deck's bits (the shuffle). The round-robin deal gives the
French cut's turned-up cards first when the variant has the cut, then deals one card at a
time clockwise from the dealer's left until every hand is full; what remains is left over.
The two-handed draw keeps the whole order as the stock. :func:`read_deal` accepts hands
given by a caller (``Game(deal=...)``, a record) and checks them against the variant.

:func:`deal_from_order` is that definition, card by card; :func:`shuffle_deal`, which
starts every deal, makes the same deal without building the order: the shuffle tells each
card which seat its position goes to (:func:`~spadeslib.engine.core.shuffle.shuffled_labels`),
and each hand is read from those bytes in C.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib.cards import Card, parse_cards
from spadeslib.engine.core.results import Dealt
from spadeslib.engine.core.shuffle import shuffled_labels, shuffled_stream
from spadeslib.errors import CardNotInDeckError, RecordError, SpadesError, quoted

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "DealInput",
    "canonical_copies",
    "cut_count",
    "deal_from_order",
    "dealt_hand_size",
    "read_deal",
    "shuffle_deal",
]

DealInput = Sequence[str | Sequence[Card | str]] | dict[str, object]
"""Hands as lists of cards or strings like ``"AS KH 2C"`` (one per seat), optionally in a
dict ``{"hands": [...], "rest": "..."}`` naming the other cards' order too."""


def cut_count(rules: Rules) -> int:
    """Cards the French cut turns up (one per player), 0 without the cut."""
    return rules.cut_cards


def dealt_hand_size(rules: Rules) -> int:
    """Cards each hand receives from the round-robin deal itself."""
    return rules.dealt_per_hand


def deal_from_order(
    rules: Rules, dealer: int, order: Sequence[int], *, native: bool = True
) -> Dealt:
    """The deal made from the deck's bits in ``order``, each once (see the module
    docstring): natively where the core is built, unless ``native`` is false."""
    kernel = rules.kernel if native else None
    if kernel is not None:
        made: Dealt = kernel.deal_order(order, dealer, rules.cut_cards, rules.dealt_per_hand)
        return made
    players = rules.players
    per_hand = rules.dealt_per_hand
    if per_hand == 0:
        return ((0,) * players, tuple(order))
    cut = rules.cut_cards
    end = cut + per_hand * players
    hands = [0] * players
    bit = _BIT.__getitem__
    for step in range(players):  # card k of the deal goes to the (k mod players)-th seat
        dealt = order[cut + step : end : players]
        hands[(dealer + 1 + step) % players] = sum(map(bit, dealt))
    rest = tuple(order[:cut]) + tuple(order[end:])
    return (tuple(hands), rest)


_BIT = tuple(1 << bit for bit in range(128))


def shuffle_deal(rules: Rules, seed: int, index: int, dealer: int, *, native: bool = True) -> Dealt:
    """Deal number ``index`` (counting misdeals) of a game seeded ``seed`` (natively where
    the core is built, unless ``native`` is false: ``src/native/shuffle.c`` makes the same
    deals)."""
    kernel = rules.kernel if native else None
    if kernel is not None:
        dealt: Dealt = kernel.deal(seed, index, dealer, rules.cut_cards, rules.dealt_per_hand)
        return dealt
    if rules.dealt_per_hand == 0:  # the players draw: the whole order is the stock
        dealt = ((0,) * rules.players, tuple(shuffled_stream(rules.size, seed, index)))
    else:
        labels, left, picks, twos = rules.deal_positions[dealer]
        # the seat (or place among the other cards) each card's position gives it, by card
        found = shuffled_labels(rules.size, seed, index, labels)
        # the highest card first, each seat's hand is the binary number of '1' for its cards
        hands = tuple(map(int, map(found[::-1].translate, picks), twos))
        dealt = (hands, tuple(map(found.index, left)) if left else ())
    return dealt if rules.packs == 1 else canonical_copies(rules, dealt)


def canonical_copies(rules: Rules, dealt: Dealt) -> Dealt:
    """With two packs, give each face's lower bit to the first holder in seat order (then
    the other cards in order), as reading the deal back from card names does.

    Which copy of a face a seat holds is invisible in text, but a rule may look at it
    (the first lead by the holder of the lowest club breaks a tie by the copy); fixing the
    copies this way makes a record, which names cards, replay to the very same state.
    """
    if rules.packs == 1:
        return dealt
    first = rules.first_copies
    if first is None:
        hands = _canonical_hands(rules, dealt[0])
    else:
        hands = _canonical_pairs(first, dealt[0])
    taken = 0
    for hand in hands:
        taken |= hand
    copies = rules.copies
    rest: list[int] = []
    for bit in dealt[1]:
        for copy in copies[bit]:
            if not taken >> copy & 1:
                taken |= 1 << copy
                rest.append(copy)
                break
    return (hands, tuple(rest))


def _canonical_hands(rules: Rules, dealt: tuple[int, ...]) -> tuple[int, ...]:
    """The hands of :func:`canonical_copies`, card by card: each card, lowest bit first,
    takes the first copy of its face that no hand has taken."""
    copies = rules.copies
    taken = 0
    hands: list[int] = []
    for hand in dealt:
        mask = 0
        cards = hand
        while cards:
            low = cards & -cards
            cards ^= low
            for copy in copies[low.bit_length() - 1]:
                if not (taken | mask) >> copy & 1:
                    mask |= 1 << copy
                    break
        taken |= mask
        hands.append(mask)
    return tuple(hands)


def _canonical_pairs(first: int, dealt: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`_canonical_hands` when every face is two neighbouring bits, the lower one in
    ``first``: a few mask operations a hand instead of a loop over its cards. The first
    holder of a face in seat order gets the first copy, a later holder the second, and a
    hand holding both keeps both."""
    second = first << 1
    taken = 0
    hands: list[int] = []
    for hand in dealt:
        low = hand & first
        high = (hand & second) >> 1
        both = low & high
        one = (low | high) & ~both  # faces held once, at their first copy's bit
        free = first & ~taken  # faces whose first copy nobody has yet
        mask = both | both << 1 | one & free | (one & ~free) << 1
        taken |= mask
        hands.append(mask)
    return tuple(hands)


def read_deal(rules: Rules, given: object, where: str = "deal") -> Dealt:
    """Check hands given by a caller and turn them into a :data:`Dealt`.

    Raise :class:`RecordError` saying which hand is wrong and why: a card not in the deck,
    a card twice, a hand of the wrong size. The other cards default to those not in any
    hand, in deck order.
    """
    rest_given: object = None
    if isinstance(given, dict):
        rest_given = given.get("rest")
        given = given.get("hands")
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise RecordError(f"{where}: expected a list of {rules.players} hands, got {quoted(given)}")
    if len(given) != rules.players:
        raise RecordError(f"{where}: expected {rules.players} hands, got {len(given)}")
    per_hand = dealt_hand_size(rules)
    taken = 0
    hands: list[int] = []
    for seat, hand in enumerate(given):
        mask = _mask(rules, hand, f"{where}.hands[{seat}]", taken)
        if mask.bit_count() != per_hand:
            raise RecordError(
                f"{where}.hands[{seat}]: seat {seat} must be dealt {per_hand} "
                f"cards, not {mask.bit_count()}"
            )
        taken |= mask
        hands.append(mask)
    missing = rules.full_mask & ~taken
    if rest_given is None:
        rest = tuple(bit for bit in range(rules.size) if missing >> bit & 1)
    else:
        rest_mask = _mask(rules, rest_given, f"{where}.rest", taken)
        if rest_mask != missing:
            raise RecordError(
                f"{where}.rest: the other cards must be exactly the "
                f"{missing.bit_count()} cards not in any hand"
            )
        rest = tuple(_bits(rules, rest_given, taken))
    return (tuple(hands), rest)


def _bits(rules: Rules, cards: object, taken: int) -> list[int]:
    """The bits of ``cards`` in order, using copies not already ``taken`` (two packs)."""
    items = parse_cards(cards)  # type: ignore[arg-type]
    bits: list[int] = []
    for card in items:
        for bit in rules.card_bits(card):
            if not taken >> bit & 1:
                taken |= 1 << bit
                bits.append(bit)
                break
    return bits


def _mask(rules: Rules, cards: object, where: str, taken: int) -> int:
    try:
        items = parse_cards(cards)  # type: ignore[arg-type]
    except (SpadesError, TypeError, AttributeError) as error:
        raise RecordError(f"{where}: {error}") from None
    mask = 0
    for card in items:
        try:
            bits = rules.card_bits(card)
        except CardNotInDeckError as error:
            raise RecordError(f"{where}: {error}") from None
        for bit in bits:
            if not (mask | taken) >> bit & 1:
                mask |= 1 << bit
                break
        else:
            raise RecordError(f"{where}: {card} is dealt more times than the deck holds it")
    return mask
