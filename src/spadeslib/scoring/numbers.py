"""A deal's score in numbers only: what a game needs at the end of every deal.

The engine must know each side's standing after a deal, and whether the deal ends the
game, before the next deal starts; the explained :class:`~spadeslib.scoring.DealScore`
(every line of every side) is only read when someone looks at the deal's history, which
simulations never do. What a side scores depends only on its own contract, its seats'
tricks, its bags and its run of sets (never on its score: points are added to it), so the
numbers are kept in a memo on the compiled rules, filled by the same scoring functions
that explain a deal (:func:`~spadeslib.scoring.deal.score_side_unchecked`): a deal that
repeats a situation costs a dictionary look-up per side. A property test holds these
numbers to the full :func:`~spadeslib.scoring.deal.score_deal_unchecked`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib.scoring.deal import score_side_unchecked
from spadeslib.scoring.types import (
    Contract,
    GameEvent,
    InstantLoss,
    InstantWin,
    Standing,
    WinReason,
    new_standing,
)

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["WIN_REASONS", "SideNumbers", "deal_numbers", "events_of", "side_numbers"]

WIN_REASONS: tuple[WinReason, ...] = ("moon", "ten_for_200_all_tricks", "boston")
"""The reasons a side wins at once, in the order of their bits where a side's wins are
one int (the native core's tables)."""

SideNumbers = tuple[int, int, int, tuple[WinReason, ...]]
"""A side's deal: its points, its bags and its sets in a row after it, and the reasons it
wins the game at once (if any)."""

_MOST = 1 << 16
"""Situations kept per variant; a long run past that stops adding (each entry is small,
but a program may compile many variants)."""


def side_numbers(
    rules: Rules,
    side: int,
    contract: Contract,
    tricks: tuple[int, ...],
    *,
    bags: int,
    sets: int,
    bids_itself: bool,
) -> SideNumbers:
    """What ``side`` scores in a deal (see the module docstring); ``tricks`` by seat."""
    nils, blind_nils = contract.nil_seats, contract.blind_nil_seats
    # the tricks of the seats that bid no Nil count only by their sum (``_score_side``), so
    # they are one part of the key: 4 and 3 tricks are the situation 7 and 0 are
    took = 0
    apart: list[int] = []
    for seat in rules.sides[side]:
        if seat in nils or seat in blind_nils:
            apart.append(tricks[seat])
        else:
            took += tricks[seat]
    key = (
        side,
        contract.bid,
        nils,
        blind_nils,
        contract.blind,
        contract.came_out,
        bids_itself,
        took,
        tuple(apart),
        bags,
        sets,
    )
    memo: dict[tuple[object, ...], SideNumbers] = rules.score_memo
    found = memo.get(key)
    if found is None:
        scored, wins = score_side_unchecked(
            rules, side, contract, tricks, new_standing(0, bags, sets), bids_itself=bids_itself
        )
        after = scored.after
        found = (scored.total, after.bags, after.sets_in_a_row, wins)
        if len(memo) < _MOST:
            memo[key] = found
    return found


def deal_numbers(
    rules: Rules,
    contracts: Sequence[Contract],
    tricks: tuple[int, ...],
    standings: Sequence[Standing],
    *,
    bids_itself: bool,
) -> tuple[tuple[Standing, ...], tuple[GameEvent, ...]]:
    """Each side's standing after the deal, and the events that end the game: the numbers
    of :func:`~spadeslib.scoring.deal.score_deal_unchecked`, without its explanations."""
    after: list[Standing] = []
    events: list[GameEvent] = []
    for side, before in enumerate(standings):
        points, bags, sets, wins = side_numbers(
            rules,
            side,
            contracts[side],
            tricks,
            bags=before.bags,
            sets=before.sets_in_a_row,
            bids_itself=bids_itself,
        )
        standing = new_standing(before.score + points, bags, sets)
        after.append(standing)
        events_of(rules, side, standing, wins, events)
    return tuple(after), tuple(events)


def events_of(
    rules: Rules,
    side: int,
    after: Standing,
    wins: tuple[WinReason, ...],
    events: list[GameEvent],
) -> None:
    """Add the events that end the game from ``side``'s deal to ``events``: its instant
    wins, then its instant losses, as :func:`spadeslib.scoring.deal.score_deal_unchecked`
    orders them."""
    settings = rules.scoring
    if wins or settings.ends_on_standing:
        events.extend(InstantWin(side, reason) for reason in wins)
        limit, losing = settings.consecutive_sets_lose, settings.losing_score
        if limit is not None and after.sets_in_a_row >= limit:
            events.append(InstantLoss(side, "consecutive_sets"))
        if losing is not None and after.score <= losing:
            events.append(InstantLoss(side, "losing_score"))
