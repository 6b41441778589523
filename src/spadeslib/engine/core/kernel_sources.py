"""The engine's answers that the native core asks for and keeps: which bids are legal in
an auction's situation (as the bidding phase lists them) and what a side scores
(:mod:`spadeslib.scoring.numbers`). The C decides neither: it reads the situation off the
deal, asks once per situation, and keeps the answer in the kernel's tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.compiler.action_ids import action_space
from spadeslib.compiler.bidding.ids import seat_ids, team_ids
from spadeslib.scoring.deal import score_side_unchecked
from spadeslib.scoring.numbers import WIN_REASONS
from spadeslib.scoring.types import new_contract, new_standing

if TYPE_CHECKING:
    from spadeslib._native import Kernel
    from spadeslib.compiler.rules import Rules

__all__ = ["attach_sources", "auction_inputs"]

_NO_STANDING = new_standing(0, 0, 0)


def auction_inputs(
    rules: Rules, kernel: Kernel
) -> tuple[tuple[int, int, int, int, int, int], tuple[bool, bool, bool]]:
    """What a native auction reads besides the deal, with the kernel's sources attached:
    the action ids of its bids (``ids_t`` in ``src/native/native.h``) and which facts
    of a seat the legal bids depend on (``Rules.relevant``)."""
    attach_sources(rules, kernel)
    space = action_space(rules)
    relevant = rules.relevant
    ids = (
        space.NIL,
        space.BID,
        space.NIL_PARTNER,
        space.PARTNER_NIL,
        space.BOTH_NIL,
        rules.hand_size,
    )
    return ids, (relevant.seat_partners, relevant.seat_trumps, relevant.seat_total)


def attach_sources(rules: Rules, kernel: Kernel) -> None:
    """Give ``kernel`` (of ``rules``) the engine's answers, once: the legal bids of an
    auction's situation, as the bidding phase lists them, and a side's score."""
    if kernel.has_sources:
        return
    space = action_space(rules)

    def bids(
        kind: int, partners: tuple[int, ...], trumps: int, last: int, total: int
    ) -> tuple[int, ...]:
        if kind:
            return team_ids(space, False, bool(last), total)
        return seat_ids(space, partners, trumps, bool(last), total)

    def scores(  # noqa: PLR0917 - the native core calls it by position
        side: int,
        bid: int,
        places: int,
        blind_places: int,
        bids_itself: int,
        tricks: tuple[int, ...],
    ) -> tuple[int, int, int, int]:
        """A side's deal from no standing: its points before the bag penalty, the bags it
        added, whether it was set, and its instant wins (bits of ``WIN_REASONS``); the
        native core adds the standing (src/native/auction.c side_score)."""
        seats = rules.sides[side]
        nils = frozenset(seat for index, seat in enumerate(seats) if places >> index & 1)
        blind_nils = frozenset(s for index, s in enumerate(seats) if blind_places >> index & 1)
        contract = new_contract(
            bid=bid,
            nil_seats=nils,
            blind_nil_seats=blind_nils,
            blind=False,
            came_out=False,
            seat_bids=(),
        )
        by_seat = [0] * rules.players
        for seat, count in zip(seats, tricks, strict=True):
            by_seat[seat] = count
        scored, wins = score_side_unchecked(
            rules, side, contract, tuple(by_seat), _NO_STANDING, bids_itself=bool(bids_itself)
        )
        points = scored.total + scored.bag_penalty
        bits = sum(1 << WIN_REASONS.index(w) for w in wins)
        return (points, scored.bags_added, int(scored.was_set), bits)

    settings = rules.scoring
    bags = (
        int(settings.bags_enabled),
        settings.bags_limit if settings.bags_enabled else 1,
        settings.bags_penalty,
        int(settings.bags_after_penalty == "reset"),
    )
    kernel.set_sources(bids, scores, bags)
