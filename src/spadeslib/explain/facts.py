"""What the sections of the card work out from the variant beyond its keys: the cards in
play, the suits' ranks, who scores, what a contract is worth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.cards import RANKS, Card

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = [
    "extra_spades",
    "failed_value",
    "leftover_count",
    "made_value",
    "max_bid",
    "pack",
    "side_word",
    "suit_ranks",
    "zero_is_a_bid",
]


def pack(variant: Variant) -> list[str]:
    """The names of the cards of one pack that are in play (jokers aside)."""
    removed = set(variant.deck.remove)
    return [str(Card(code)) for code in range(52) if str(Card(code)) not in removed]


def suit_ranks(variant: Variant, suit: str) -> list[str]:
    """The ranks of ``suit`` that stay in it (not removed, not elevated), highest first."""
    cards, elevated = set(pack(variant)), set(variant.deck.elevated)
    return [
        rank for rank in reversed(RANKS) if rank + suit in cards and rank + suit not in elevated
    ]


def max_bid(value: int | None, variant: Variant) -> int:
    """A bid limit; empty means every trick of a hand."""
    return variant.deal.hand_size if value is None else value


def zero_is_a_bid(variant: Variant) -> bool:
    """Without Nil, whether 0 may be bid as a contract for no tricks: a team bid of 0 is one
    whenever the range starts at 0; a seat's bid of 0 only where ``zero_bid`` makes it one
    (as the bidding compiler reads it)."""
    form = variant.bidding.form
    if form.kind == "partnership":
        return form.min_team_bid == 0
    return variant.bidding.nil.zero_bid == "zero_tricks" and form.min_bid == 0


def side_word(variant: Variant) -> str:
    """Who scores: a ``side``, or a ``player`` when everyone plays for themselves."""
    return "player" if variant.table.partnerships == "none" else "side"


def extra_spades(variant: Variant) -> list[str]:
    """Elevated cards that are not spades but count as spades."""
    return [name for name in variant.deck.elevated if not name.endswith("S")]


def leftover_count(variant: Variant) -> int:
    """The cards a round-robin deal leaves over (none in a draw-and-discard deal)."""
    if variant.deal.method.kind == "draw_and_discard":
        return 0
    return variant.deck.size() - variant.table.players * variant.deal.hand_size


def _ten_covers(variant: Variant, bid: int) -> bool:
    ten = variant.bidding.ten_for_200
    return ten.enabled and (bid == 10 if ten.bids == "exactly_10" else bid >= 10)


def made_value(variant: Variant, bid: int) -> int:
    """Points won by a made contract of ``bid``, overtricks aside."""
    if _ten_covers(variant, bid):
        return variant.bidding.ten_for_200.make
    return variant.scoring.trick_value * bid


def failed_value(variant: Variant, bid: int) -> int | None:
    """Points lost by a failed contract of ``bid``; ``None`` when it depends on the tricks."""
    fail = variant.bidding.ten_for_200.fail
    if _ten_covers(variant, bid) and fail != "normal":
        return fail
    set_rule = variant.scoring.set
    if set_rule == "minus_short":
        return None
    return 0 if set_rule == "zero" else variant.scoring.trick_value * bid
