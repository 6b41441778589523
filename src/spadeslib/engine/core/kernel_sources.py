"""The engine's answers that the native core asks for and keeps: which bids are legal in
an auction's situation (as the bidding phase lists them) and what a side scores
(:mod:`spadeslib.scoring.numbers`). The C decides neither: it reads the situation off the
deal, asks once per situation, and keeps the answer in the kernel's tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.compiler.action_ids import action_space
from spadeslib.compiler.bidding.ids import seat_ids, team_ids
from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.scoring.numbers import WIN_REASONS, side_numbers
from spadeslib.scoring.types import new_contract

if TYPE_CHECKING:
    from spadeslib._native import Kernel
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.core.state import State

__all__ = ["attach_sources", "auction_inputs", "table_contracts"]

_BLIND_NILS, _BLIND, _CAME_OUT = 3, 1 << 6, 1 << 7
"""A contract's form, as ``src/native/native.h`` defines it (``FORM_*``): its Nils are bits
0 to 2 by place in the side, its Blind Nils the same from bit 3."""


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
        form: int,
        bids_itself: int,
        tricks: tuple[int, ...],
        bags: int,
        sets: int,
    ) -> tuple[int, int, int, int]:
        seats = rules.sides[side]
        blind_nils = form >> _BLIND_NILS
        contract = new_contract(
            bid=bid,
            nil_seats=frozenset(seat for i, seat in enumerate(seats) if form >> i & 1),
            blind_nil_seats=frozenset(seat for i, seat in enumerate(seats) if blind_nils >> i & 1),
            blind=bool(form & _BLIND),
            came_out=bool(form & _CAME_OUT),
            seat_bids=(),  # (the split of a side's bid is not scored: only its explanation)
        )
        by_seat = [0] * rules.players
        for seat, count in zip(seats, tricks, strict=True):
            by_seat[seat] = count
        points, bags_after, sets_after, wins = side_numbers(
            rules,
            side,
            contract,
            tuple(by_seat),
            bags=bags,
            sets=sets,
            bids_itself=bool(bids_itself),
        )
        return (points, bags_after, sets_after, sum(1 << WIN_REASONS.index(w) for w in wins))

    kernel.set_sources(bids, scores)


def table_contracts(state: State) -> tuple[list[int], list[int]] | None:
    """Each side's contract and its form, as the score table above keys them (``FORM_*``
    in ``src/native/native.h``: its Nils and Blind Nils by place in the side, whether it
    bid blind, whether it came out), for a deal whose auction the engine ran; ``None`` for
    a first deal that bids itself (the engine scores it). The kernel, if any, gets its
    sources here (the score table asks them for a situation it has not seen)."""
    rules = state.rules
    if rules.kernel is not None:
        attach_sources(rules, rules.kernel)
    if rules.first_deal_bids_itself and state.first_deal:
        return None
    bids, blind, came_out = state.bids, state.side_blind, state.came_out
    forms = []
    for side, seats in enumerate(rules.sides):
        form = 0
        for place, seat in enumerate(seats):
            if bids[seat] == NIL:
                form |= 1 << place
            elif bids[seat] == BLIND_NIL:
                form |= 1 << (place + _BLIND_NILS)
        if came_out >> side & 1:
            form |= _CAME_OUT
        elif blind >> side & 1:
            form |= _BLIND
        forms.append(form)
    return list(state.contracts), forms
