"""One deal, every side: the contract, the Nils, the bags, the Boston, the events that end
the game (docs/format.md, `scoring`, `game_end`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib.compiler.scoring import Settings
from spadeslib.scoring.bags import add_bags
from spadeslib.scoring.boston import score_boston
from spadeslib.scoring.contract import (
    ContractScore,
    FirstDealScore,
    score_contract,
    score_first_deal,
)
from spadeslib.scoring.inputs import (
    check_contracts,
    check_standings,
    check_tricks,
    check_variant,
)
from spadeslib.scoring.nil import NO_NILS, score_nils, tricks_for_partner
from spadeslib.scoring.types import (
    Contract,
    DealScore,
    GameEvent,
    InstantLoss,
    InstantWin,
    SideScore,
    Standing,
    WinReason,
    new_deal_score,
    new_side_score,
    new_standing,
)
from spadeslib.variant import Variant

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["score_deal", "score_deal_unchecked", "score_side_unchecked"]


def score_deal(
    variant: Variant,
    contracts: Sequence[Contract],
    tricks: Sequence[int],
    standings: Sequence[Standing],
    *,
    first_deal: bool = False,
) -> DealScore:
    """Score one deal for every side. Pure: the inputs are not changed, and the same
    inputs always give the same answer.

    ``contracts`` and ``standings`` hold one item per side, in the order of
    ``variant.table.sides()`` (with `table.partnerships: none` every seat is a side);
    ``tricks`` one int per seat. ``first_deal`` says this is the game's first deal; it
    matters only when `bidding.first_deal_bids_itself`, and then every contract must
    be ``Contract()``.

    For each side, in this order:

    1. the trick contract (:func:`~spadeslib.scoring.contract.score_contract`), on the
       tricks of its non-Nil bidders (plus a failed Nil's under `count_for_partner`); or
       10 a trick in the deal that bids itself;
    2. each Nil and Blind Nil and the failed Nils' tricks
       (:func:`~spadeslib.scoring.nil.score_nils`);
    3. the bags (:func:`~spadeslib.scoring.bags.add_bags`);
    4. the Boston (:func:`~spadeslib.scoring.boston.score_boston`);
    5. the standing after the deal: score, bags, and the run of sets, which grows by one
       when the trick contract was set and otherwise goes back to 0.

    ``events`` lists, side by side, who wins at once (a Moon or Blind Boston worth the
    game, a bid of ten that took every trick with `all_tricks_wins_game`, a Boston worth
    the game) and who loses at once (a run of `game_end.consecutive_sets_lose` sets, a
    score at or below `game_end.losing_score`). :func:`~spadeslib.scoring.game_result`
    turns them into the end of the game.

    Raises :class:`~spadeslib.scoring.ScoringError` when the inputs do not describe a deal
    of this variant.

    >>> from spadeslib.variant import Variant
    >>> from spadeslib.scoring import Contract, Standing, score_deal
    >>> deal = score_deal(Variant(), [Contract(bid=5), Contract(bid=7)],
    ...                   [4, 3, 3, 3], [Standing(337, 7), Standing()])
    >>> deal.sides[0].total, deal.sides[0].after
    (52, Standing(score=389, bags=9, sets_in_a_row=0))
    >>> print(deal.text())
    side 0 (seats 0+2): +52, score 389, bags 9
      bid 5, took 7: made, 10 x 5 = +50
      2 overtricks x 1 = +2
      bags 7 + 2 = 9
    side 1 (seats 1+3): -70, score -70, bags 0
      bid 7, took 6: set, 1 short: -70
    """
    variant = check_variant(variant)
    bids_itself = first_deal and variant.bidding.first_deal_bids_itself
    checked_contracts = check_contracts(variant, contracts, bids_itself=bids_itself)
    checked_tricks = check_tricks(variant, tricks)
    checked_standings = check_standings(variant, standings)
    return score_deal_unchecked(
        variant.compile(),
        checked_contracts,
        checked_tricks,
        checked_standings,
        bids_itself=bids_itself,
    )


def score_deal_unchecked(
    rules: Rules,
    contracts: Sequence[Contract],
    tricks: tuple[int, ...],
    standings: Sequence[Standing],
    *,
    bids_itself: bool,
) -> DealScore:
    """:func:`score_deal` without checking its inputs, for a caller that builds them
    valid by construction: the engine, at the end of every deal of every game, where the
    checks cost more than the scoring. Same answer as :func:`score_deal` for valid inputs
    (a property test compares the two); anything else is undefined, so everyone else calls
    :func:`score_deal`.

    ``rules`` are the variant's compiled rules (its scoring values and sides), ``tricks``
    a tuple, and ``bids_itself`` says the deal bids itself (``first_deal`` and the
    variant's `bidding.first_deal_bids_itself`).
    """
    settings = rules.scoring
    sides = rules.sides
    out: list[SideScore] = []
    events: list[GameEvent] = []
    for index, seats in enumerate(sides):
        side, wins = _score_side(
            settings,
            index,
            seats,
            contract=contracts[index],
            tricks=tricks,
            before=standings[index],
            bids_itself=bids_itself,
        )
        out.append(side)
        if wins or settings.ends_on_standing:
            events.extend(_events(settings, side, wins))
    return new_deal_score(tuple(out), tuple(events))


def score_side_unchecked(
    rules: Rules,
    side: int,
    contract: Contract,
    tricks: tuple[int, ...],
    before: Standing,
    *,
    bids_itself: bool,
) -> tuple[SideScore, tuple[WinReason, ...]]:
    """One side's part of :func:`score_deal_unchecked`, and the reasons it wins the game at
    once: what a side scores depends only on its own contract, its seats' tricks and its
    standing, so :mod:`spadeslib.scoring.numbers` and the native playouts ask this once
    for each situation and keep the answer."""
    return _score_side(
        rules.scoring,
        side,
        rules.sides[side],
        contract=contract,
        tricks=tricks,
        before=before,
        bids_itself=bids_itself,
    )


def _score_side(
    settings: Settings,
    index: int,
    seats: tuple[int, ...],
    *,
    contract: Contract,
    tricks: tuple[int, ...],
    before: Standing,
    bids_itself: bool,
) -> tuple[SideScore, tuple[WinReason, ...]]:
    """One side's score, and the reasons it wins the game at once (if any)."""
    side_tricks = 0
    for seat in seats:
        side_tricks += tricks[seat]
    took_all = side_tricks == settings.hand_size

    has_nils = bool(contract.nil_seats or contract.blind_nil_seats)
    scored: ContractScore | FirstDealScore | None = None
    if bids_itself:
        scored = score_first_deal(settings, side_tricks)
    elif not has_nils:  # every seat bid tricks: all the side's tricks count
        scored = score_contract(settings, contract, side_tricks, took_all=took_all)
    else:
        nil_seats, blind_nil_seats = contract.nil_seats, contract.blind_nil_seats
        counted, has_contract = 0, False  # the tricks of the bidders who did not bid Nil
        for seat in seats:
            if seat not in nil_seats and seat not in blind_nil_seats:
                counted += tricks[seat]
                has_contract = True
        if has_contract:
            counted += tricks_for_partner(settings, contract, tricks, has_contract=True)
            scored = score_contract(settings, contract, counted, took_all=took_all)

    nil = NO_NILS
    if has_nils:
        made = scored.made if scored is not None else None
        nil = score_nils(settings, contract, tricks, side_contract_made=made)

    contract_points = scored.points if scored is not None else 0
    overtrick_points = (scored.overtrick_points if scored is not None else 0) + nil.overtrick_points
    bags = add_bags(settings, before.bags, (scored.bags if scored is not None else 0) + nil.bags)
    boston = score_boston(settings, took_all=took_all)
    total = contract_points + overtrick_points + nil.points + boston.points - bags.penalty
    was_set = scored is not None and not scored.made
    after = new_standing(
        before.score + total, bags.carried, before.sets_in_a_row + 1 if was_set else 0
    )
    wins: tuple[WinReason, ...] = ()
    if scored is not None and scored.wins is not None:
        wins = (scored.wins,)
    if boston.wins_game:
        wins = (*wins, "boston")
    side = new_side_score(
        side=index,
        seats=seats,
        tricks=side_tricks,
        contract_points=contract_points,
        overtrick_points=overtrick_points,
        nil_points=nil.points,
        bonus_points=boston.points,
        bags_added=bags.added,
        bag_penalty=bags.penalty,
        total=total,
        before=before,
        after=after,
        was_set=was_set,
        took_all_tricks=took_all,
        parts=(nil, bags, boston) if scored is None else (scored, nil, bags, boston),
    )
    return side, wins


def _events(settings: Settings, side: SideScore, wins: tuple[WinReason, ...]) -> list[GameEvent]:
    """The game-ending events of one side's deal: its instant wins, then its instant
    losses (`consecutive_sets_lose`, `losing_score`)."""
    events: list[GameEvent] = [InstantWin(side.side, reason) for reason in wins]
    sets_lose, losing_score = settings.consecutive_sets_lose, settings.losing_score
    if sets_lose is not None and side.after.sets_in_a_row >= sets_lose:
        events.append(InstantLoss(side.side, "consecutive_sets"))
    if losing_score is not None and side.after.score <= losing_score:
        events.append(InstantLoss(side.side, "losing_score"))
    return events
