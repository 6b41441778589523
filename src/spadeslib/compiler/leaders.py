"""Who leads to the first trick, and which card they must lead (docs/format.md, `play`).

``play.first_lead`` picks one of :data:`FIRST_LEADERS`, bound to the compiled rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from spadeslib.errors import RulesArgumentError

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["FIRST_LEADERS", "FirstLeader", "first_lead_card", "first_lead_mask", "first_leader"]

FirstLeader = Callable[["Rules", int, Sequence[int], "Sequence[int] | None"], int]
"""``(rules, dealer, hands, bids) -> seat``."""

_CLUBS = 3


def first_lead_card(rules: Rules, hands: Sequence[int]) -> tuple[int, int] | None:
    """``(seat, bit)`` of the lowest club (effective suit) held by anyone, or ``None`` when
    nobody holds a club. With two packs the lower bit of the two copies counts as lower.

    This is the card the first leader must lead under ``play.first_lead: lowest_club``.
    """
    clubs = rules.suit_masks[_CLUBS]
    found: tuple[int, int] | None = None
    for seat, hand in enumerate(hands):
        held = hand & clubs
        if held:
            bit = (held & -held).bit_length() - 1
            if found is None or bit < found[1]:
                found = (seat, bit)
    return found


def first_lead_mask(rules: Rules, hands: Sequence[int]) -> int:
    """The ``must_lead`` mask for the first trick under ``play.first_lead: lowest_club``:
    every copy of the lowest club's face (the leader may hold both); 0 if nobody holds a
    club, and 0 under any other ``play.first_lead``."""
    if rules.first_lead != "lowest_club":
        return 0
    found = first_lead_card(rules, hands)
    if found is None:
        return 0
    mask = 0
    for bit in rules.card_bits(rules.deck[found[1]]):
        mask |= 1 << bit
    return mask


def _dealer_left(
    rules: Rules, dealer: int, hands: Sequence[int], bids: Sequence[int] | None
) -> int:
    return (dealer + 1) % rules.players


def _dealer(rules: Rules, dealer: int, hands: Sequence[int], bids: Sequence[int] | None) -> int:
    return dealer


def _lowest_club(
    rules: Rules, dealer: int, hands: Sequence[int], bids: Sequence[int] | None
) -> int:
    found = first_lead_card(rules, hands)
    if found is None:  # every club is out of play (a widow, a kitty discard)
        return (dealer + 1) % rules.players
    return found[0]


def _highest_bidder(
    rules: Rules, dealer: int, hands: Sequence[int], bids: Sequence[int] | None
) -> int:
    if bids is None or len(bids) != rules.players:
        raise RulesArgumentError(
            f"play.first_lead is 'highest_bidder': first_leader needs one bid per seat "
            f"({rules.players}), got {bids!r}"
        )
    best_seat, best = dealer, -1
    for step in range(1, rules.players + 1):
        seat = (dealer + step) % rules.players
        if bids[seat] > best:
            best_seat, best = seat, bids[seat]
    return best_seat


FIRST_LEADERS: dict[str, FirstLeader] = {
    "dealer_left": _dealer_left,
    "dealer": _dealer,
    "lowest_club": _lowest_club,
    "highest_bidder": _highest_bidder,
}
"""``play.first_lead`` to the rule that picks the seat."""


def first_leader(
    rules: Rules, dealer: int, hands: Sequence[int] = (), bids: Sequence[int] | None = None
) -> int:
    """The seat that leads to the first trick (``play.first_lead``).

    ``hands`` (masks by seat) is needed for ``lowest_club``, which falls back to the
    dealer's left when nobody holds a club; ``bids`` (by seat, 0 for Nil) for
    ``highest_bidder``, where the first highest bid from the dealer's left leads.
    """
    return rules._first_leader(rules, dealer, hands, bids)
