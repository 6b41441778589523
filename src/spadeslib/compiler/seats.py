"""Who sits where: sides, partners, and for each dealer the order of the auction, the
seat that decides for each team and the order the blind decisions are settled in
(docs/format.md, `table`, `bidding`).

Everything here depends only on the table and the dealer, so it is worked out once per
variant for every dealer and read from tuples on every deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["Seats", "build_seats"]


@dataclass(frozen=True, slots=True)
class Seats:
    """The seating facts of one variant (fields of :class:`~spadeslib.compiler.Rules`)."""

    sides: tuple[tuple[int, ...], ...]
    """The seats of each side, sides ordered by their lowest seat."""
    side_of: tuple[int, ...]
    """The side index of each seat."""
    partner_of: tuple[int | None, ...]
    """The partner of each seat with partnerships of pairs; ``None`` otherwise."""
    side_masks: tuple[int, ...]
    """The mask of each side's seats."""
    bidding_orders: tuple[tuple[int, ...], ...]
    """For each dealer, every seat in bidding order: from the dealer's left (or the
    dealer, when ``bidding.form.first`` is ``dealer``), clockwise."""
    captains: tuple[tuple[int, ...], ...]
    """For each dealer, the first seat of each side in bidding order: who decides for a
    team, sides in the order they bid."""
    bid_turns: tuple[tuple[tuple[str, int, int], ...], ...]
    """For each dealer, the turns of the auction's first round as the engine's steps
    (``("bid", seat, 0)``): each captain with partnership bidding, else every seat, in
    bidding order."""
    look_orders: tuple[tuple[int, ...], ...]
    """For each dealer, the captains, then every other seat by number: the order in which
    the engine settles who may still bid blind (a partner's answer depends on its
    captain's)."""


def build_seats(variant: Variant) -> Seats:
    """The :class:`Seats` of ``variant``."""
    table = variant.table
    players = table.players
    sides = table.sides()
    side_of = [0] * players
    for index, seats in enumerate(sides):
        for seat in seats:
            side_of[seat] = index
    if table.partnerships == "pairs":
        half = players // 2
        partner_of: tuple[int | None, ...] = tuple(
            (seat + half) % players for seat in range(players)
        )
    else:
        partner_of = (None,) * players
    first = getattr(variant.bidding.form, "first", "dealer_left")
    orders = []
    captains = []
    for dealer in range(players):
        start = dealer if first == "dealer" else dealer + 1
        order = tuple((start + step) % players for step in range(players))
        orders.append(order)
        seen: set[int] = set()
        leads: list[int] = []
        for seat in order:
            if side_of[seat] not in seen:
                seen.add(side_of[seat])
                leads.append(seat)
        captains.append(tuple(leads))
    bidders = captains if variant.bidding.form.kind == "partnership" else orders
    return Seats(
        sides=sides,
        side_of=tuple(side_of),
        partner_of=partner_of,
        side_masks=tuple(sum(1 << seat for seat in seats) for seats in sides),
        bidding_orders=tuple(orders),
        captains=tuple(captains),
        bid_turns=tuple(tuple(("bid", seat, 0) for seat in order) for order in bidders),
        look_orders=tuple(
            first + tuple(seat for seat in range(players) if seat not in first)
            for first in captains
        ),
    )
