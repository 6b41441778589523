"""Making a deal: the seeded shuffle or given hands turned into the masks a deal starts from.

A deal is first an order of the deck's bits (the shuffle). The round-robin deal gives the
French cut's turned-up cards first when the variant has the cut, then deals one card at a
time clockwise from the dealer's left until every hand is full; what remains is left over.
The two-handed draw keeps the whole order as the stock. :func:`read_deal` accepts hands
given by a caller (``Game(deal=...)``, a record) and checks them against the variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib.cards import Card, parse_cards
from spadeslib.engine.results import Dealt
from spadeslib.engine.shuffle import SplitMix64, shuffled, stream_seed
from spadeslib.errors import RecordError

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "DealInput",
    "canonical_copies",
    "cut_count",
    "dealt_hand_size",
    "read_deal",
    "shuffle_deal",
]

DealInput = Sequence[str | Sequence[Card | str]] | dict[str, object]
"""Hands as lists of cards or strings like ``"AS KH 2C"`` (one per seat), optionally in a
dict ``{"hands": [...], "rest": "..."}`` naming the other cards' order too."""


def cut_count(rules: Rules) -> int:
    """Cards the French cut turns up (one per player), 0 without the cut."""
    return rules.players if rules.variant.deal.french_cut else 0


def dealt_hand_size(rules: Rules) -> int:
    """Cards each hand receives from the round-robin deal itself."""
    if rules.variant.deal.method.kind == "draw_and_discard":
        return 0
    return rules.hand_size - (1 if rules.variant.deal.french_cut else 0)


def deal_from_order(rules: Rules, dealer: int, order: Sequence[int]) -> Dealt:
    """The deal made from the deck's bits in ``order`` (see the module docstring)."""
    players = rules.players
    per_hand = dealt_hand_size(rules)
    if per_hand == 0:
        return ((0,) * players, tuple(order))
    cut = cut_count(rules)
    end = cut + per_hand * players
    hands = [0] * players
    bit = _BIT.__getitem__
    for step in range(players):  # card k of the deal goes to the (k mod players)-th seat
        dealt = order[cut + step : end : players]
        hands[(dealer + 1 + step) % players] = sum(map(bit, dealt))
    rest = tuple(order[:cut]) + tuple(order[end:])
    return (tuple(hands), rest)


_BIT = tuple(1 << bit for bit in range(128))


def shuffle_deal(rules: Rules, seed: int, index: int, dealer: int) -> Dealt:
    """Deal number ``index`` (counting misdeals) of a game seeded ``seed``."""
    order = shuffled(rules.size, SplitMix64(stream_seed(seed, index)))
    return canonical_copies(rules, deal_from_order(rules, dealer, order))


def canonical_copies(rules: Rules, dealt: Dealt) -> Dealt:
    """With two packs, give each face's lower bit to the first holder in seat order (then
    the other cards in order), as reading the deal back from card names does.

    Which copy of a face a seat holds is invisible in text, but a rule may look at it
    (the first lead by the holder of the lowest club breaks a tie by the copy); fixing the
    copies this way makes a record, which names cards, replay to the very same state.
    """
    if rules.packs == 1:
        return dealt
    taken = 0
    hands: list[int] = []
    for hand in dealt[0]:
        mask = 0
        for bit in range(rules.size):
            if hand >> bit & 1:
                for copy in rules.card_bits(rules.deck[bit]):
                    if not (taken | mask) >> copy & 1:
                        mask |= 1 << copy
                        break
        taken |= mask
        hands.append(mask)
    rest: list[int] = []
    for bit in dealt[1]:
        for copy in rules.card_bits(rules.deck[bit]):
            if not taken >> copy & 1:
                taken |= 1 << copy
                rest.append(copy)
                break
    return (tuple(hands), tuple(rest))


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
        raise RecordError(f"{where}: expected a list of {rules.players} hands, got {given!r}")
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
    from spadeslib.compiler.errors import CardNotInDeckError
    from spadeslib.errors import SpadesError

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
