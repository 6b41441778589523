"""The card's section on the deal: who deals, how, the French cut, the left-over cards."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Final

from spadeslib.explain.facts import leftover_count
from spadeslib.explain.words import Statement, counted, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["deal_section"]


def deal_section(v: Variant) -> Iterator[Statement]:
    deal = v.deal
    first = (
        "The first dealer is chosen at random"
        if deal.first_dealer == "random"
        else f"Seat {deal.first_dealer} deals first"
    )
    yield say(f"{first}; after each deal the deal passes clockwise.", "deal.first_dealer")
    about = ("deal.method", "deal.hand_size", "table.players")
    if deal.method.kind == "draw_and_discard":
        yield say(
            "There is no deal as such: the pack is a face-down stock. Taking turns, "
            "non-dealer first, a player looks at the top card and either keeps it, then "
            "looks at the next one and discards it, or discards it and keeps the next one. "
            f"This goes on until each player has {counted(deal.hand_size, 'card')}; the "
            "discards stay face down, and the opponent never sees them.",
            *about,
        )
    else:
        yield say(
            "The dealer shuffles and deals the cards one at a time, clockwise from the "
            f"dealer's left, until each player has {deal.hand_size}.",
            *about,
        )
    if deal.french_cut:
        yield say(
            "French cut: the player on the dealer's right cuts the pack into four "
            "face-down stacks and turns up the top card of each, then decides which of those "
            "four cards goes to which player. The pack is dealt without them, so every "
            f"player has {counted(deal.hand_size, 'card')}, one of them known to everyone.",
            "deal.french_cut",
        )
    yield _LEFTOVER[deal.leftover.kind](v)


_ABOUT_LEFTOVER: Final = ("deal.leftover", "deal.method")


def _no_leftover(v: Variant) -> Statement:
    if v.deal.method.kind == "draw_and_discard":
        return say(
            f"Half the pack ({v.deck.size() // 2} cards) is discarded face down.", *_ABOUT_LEFTOVER
        )
    return say(f"All {v.deck.size()} cards are dealt; none are left over.", *_ABOUT_LEFTOVER)


def _kitty(v: Variant) -> Statement:
    kitty = v.deal.leftover
    assert kitty.kind == "kitty"
    n = leftover_count(v)
    who = "the dealer" if kitty.to == "dealer" else "the player holding the 2♣"
    when = "before" if kitty.discard == "before_bidding" else "after"
    cards = "left-over card goes" if n == 1 else f"{n} left-over cards go"
    return say(
        f"The {cards} to {who}, who looks at all {v.deal.hand_size + n} cards "
        f"and discards {n} face down {when} the bidding.",
        *_ABOUT_LEFTOVER,
    )


def _widow(v: Variant) -> Statement:
    n = leftover_count(v)
    cards = "card is" if n == 1 else f"{n} cards are"
    return say(
        f"The left-over {cards} set aside unseen until after the play (the widow).",
        *_ABOUT_LEFTOVER,
    )


def _mitchell(v: Variant) -> Statement:
    return say(
        "The 2 left-over cards are taken by the side that bids more tricks, which gives one to "
        "each partner or both to one; if both sides bid the same, each side takes one and "
        "chooses which partner has it. Whoever took cards discards face down back to "
        f"{v.deal.hand_size} before the play.",
        *_ABOUT_LEFTOVER,
    )


_LEFTOVER: Final[Mapping[str, Callable[[Variant], Statement]]] = {
    "none": _no_leftover,
    "kitty": _kitty,
    "widow": _widow,
    "mitchell": _mitchell,
}
