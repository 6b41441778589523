"""Properties of scoring over generated variants, contracts, tricks and standings.

Inputs are built by construction (a contract only uses what the variant has; tricks are
dealt out one by one to seats), so a failing example shrinks to a small deal of the
standard game.
"""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

from hypothesis import given, settings
from hypothesis import strategies as st

from spadeslib.scoring import (
    Contract,
    InstantLoss,
    Standing,
    game_result,
    score_deal,
)
from spadeslib.scoring.bags import add_bags
from spadeslib.scoring.deal import score_deal_unchecked
from spadeslib.scoring.game_end import game_result_unchecked
from spadeslib.scoring.numbers import deal_numbers
from spadeslib.testing import variants
from spadeslib.variant import Variant


class Deal(NamedTuple):
    variant: Variant
    contracts: list[Contract]
    tricks: list[int]
    standings: list[Standing]
    first_deal: bool


def _contract(draw: st.DrawFn, variant: Variant, seats: tuple[int, ...]) -> Contract:
    bidding, hand = variant.bidding, variant.deal.hand_size
    kinds = ["bid"]
    if bidding.nil.enabled:
        kinds.append("nil")
    if bidding.blind_nil.enabled:
        kinds.append("blind nil")
    chosen = {seat: draw(st.sampled_from(kinds)) for seat in seats}
    nil = frozenset(seat for seat, kind in chosen.items() if kind == "nil")
    blind_nil = frozenset(seat for seat, kind in chosen.items() if kind == "blind nil")
    if len(nil) + len(blind_nil) == len(seats):
        return Contract(nil_seats=nil, blind_nil_seats=blind_nil)
    bid = draw(st.integers(0, hand))
    blind = bidding.blind.enabled and draw(st.booleans())
    come_out_to = bidding.blind.come_out_to
    came_out = (
        bidding.blind.enabled and come_out_to is not None and not blind and draw(st.booleans())
    )
    if came_out:
        assert come_out_to is not None
        bid = come_out_to
    return Contract(
        bid=bid, nil_seats=nil, blind_nil_seats=blind_nil, blind=blind, came_out=came_out
    )


def _standing(draw: st.DrawFn, variant: Variant) -> Standing:
    bags = variant.scoring.bags
    carried = draw(st.integers(0, bags.limit - 1)) if bags.enabled else 0
    return Standing(draw(st.integers(-1000, 1000)), carried, draw(st.integers(0, 3)))


@st.composite
def deals(
    draw: st.DrawFn,
    variant_strategy: st.SearchStrategy[Variant] | None = None,
    *,
    first_deal: bool | None = None,
) -> Deal:
    """A variant and one deal's inputs that fit it (the game's first deal or not, when
    `first_deal` says)."""
    variant = draw(variant_strategy if variant_strategy is not None else variants())
    sides = variant.table.sides()
    hand, players = variant.deal.hand_size, variant.table.players
    if first_deal is None:
        first_deal = draw(st.booleans())
    if first_deal and variant.bidding.first_deal_bids_itself:
        contracts = [Contract() for _ in sides]
    else:
        contracts = [_contract(draw, variant, seats) for seats in sides]
    played = draw(st.integers(0, hand)) if draw(st.booleans()) else hand
    winners = draw(st.lists(st.integers(0, players - 1), min_size=played, max_size=played))
    tricks = [winners.count(seat) for seat in range(players)]
    standings = [_standing(draw, variant) for _ in sides]
    return Deal(variant, contracts, tricks, standings, first_deal)


def _score(deal: Deal) -> Any:
    return score_deal(
        deal.variant, deal.contracts, deal.tricks, deal.standings, first_deal=deal.first_deal
    )


@settings(deadline=None)
@given(deals())
def test_bags_never_negative_and_below_the_limit(deal: Deal) -> None:
    bags = deal.variant.scoring.bags
    for before, side in zip(deal.standings, _score(deal).sides, strict=True):
        assert side.bags_added >= 0
        assert side.bag_penalty >= 0
        assert side.after.bags >= 0
        if bags.enabled:
            assert side.after.bags < bags.limit
            assert side.bag_penalty % bags.penalty == 0 if bags.penalty else True
        else:
            assert (side.bags_added, side.bag_penalty, side.after.bags) == (0, 0, before.bags)


@settings(deadline=None)
@given(deals())
def test_total_is_the_sum_of_its_components(deal: Deal) -> None:
    for before, side in zip(deal.standings, _score(deal).sides, strict=True):
        parts = (
            side.contract_points
            + side.overtrick_points
            + side.nil_points
            + side.bonus_points
            - side.bag_penalty
        )
        assert side.total == parts
        assert side.after.score == before.score + side.total
        assert side.before == before
        assert side.lines or side.total == 0


@settings(deadline=None)
@given(deals())
def test_score_deal_is_pure_and_deterministic(deal: Deal) -> None:
    kept = copy.deepcopy(deal)
    first = _score(deal)
    assert deal == kept  # the inputs are unchanged
    assert _score(deal) == first
    again = score_deal(
        deal.variant.model_copy(deep=True),
        tuple(deal.contracts),
        tuple(deal.tricks),
        tuple(deal.standings),
        first_deal=deal.first_deal,
    )
    assert again == first  # any sequence type, equal values: equal answers


@settings(deadline=None)
@given(deals())
def test_runs_of_sets_and_their_events(deal: Deal) -> None:
    result = _score(deal)
    limit = deal.variant.game_end.consecutive_sets_lose
    for before, side in zip(deal.standings, result.sides, strict=True):
        expected = before.sets_in_a_row + 1 if side.was_set else 0
        assert side.after.sets_in_a_row == expected
        lost = InstantLoss(side.side, "consecutive_sets") in result.events
        assert lost == (limit is not None and expected >= limit)
        if deal.first_deal and deal.variant.bidding.first_deal_bids_itself:
            assert not side.was_set


@settings(deadline=None)
@given(deals())
def test_the_deal_that_bids_itself_pays_per_trick(deal: Deal) -> None:
    if not (deal.first_deal and deal.variant.bidding.first_deal_bids_itself):
        return
    result = _score(deal)
    value = deal.variant.scoring.trick_value
    for side in result.sides:
        assert side.contract_points == value * side.tricks
        assert side.bags_added == 0


@settings(deadline=None)
@given(deals())
def test_game_result_names_real_sides(deal: Deal) -> None:
    result = _score(deal)
    end = game_result(deal.variant, result.standings, 1, result.events)
    if end is None:
        return
    assert end.winners
    assert set(end.winners) <= set(range(len(result.sides)))
    if deal.variant.game_end.tie == "play_on":
        assert not end.is_draw


# -- the last digit of the score (spec A5) --------------------------------------------

STANDARD_LIKE = st.sampled_from(
    [
        Variant(),
        Variant.model_validate({"scoring": {"set": "zero"}}),
        Variant.model_validate({"scoring": {"set": "minus_short"}}),
        Variant.model_validate({"bidding": {"nil": {"failed_tricks": "count_for_partner"}}}),
        Variant.model_validate({"bidding": {"nil": {"failed_tricks": "ignored"}}}),
        Variant.model_validate(
            {
                "bidding": {
                    "form": {"kind": "partnership"},
                    "blind": {"enabled": True, "min_bid": 7, "fail_multiplier": 2},
                }
            }
        ),
    ]
)
"""Variants where every value is a multiple of 10 except overtricks, worth 1 each and
counted as one bag each, and 10 bags cost a multiple of 10 keeping the remainder."""


@settings(deadline=None)
@given(st.data(), STANDARD_LIKE, st.integers(1, 8))
def test_last_digit_of_a_positive_score_is_the_bags(
    data: st.DataObject, variant: Variant, count: int
) -> None:
    """A5: with the standard numbers, starting from 0 points and 0 bags, ``score - bags``
    stays a multiple of 10 after every deal: every value is a multiple of 10 except
    overtricks, and each overtrick adds one point and one bag; a penalty takes 10 bags and
    100 points. So ``score % 10 == bags`` (bags stay below 10), and when the score is not
    negative its last decimal digit is the bag count. For a negative score it is not
    (-13 with 7 bags): bags are their own count (Part D)."""
    standings = [Standing(), Standing()]
    for number in range(count):
        deal = data.draw(deals(st.just(variant), first_deal=number == 0))
        scored = score_deal(variant, deal.contracts, deal.tricks, standings, first_deal=number == 0)
        standings = list(scored.standings)
        for standing in standings:
            assert standing.score % 10 == standing.bags
            if standing.score >= 0:
                assert str(standing.score)[-1] == str(standing.bags)


@settings(deadline=None)
@given(deals(), st.integers(1, 40))
def test_the_engines_unchecked_entries_agree_with_the_public_ones(
    deal: Deal, deals_played: int
) -> None:
    """The engine scores through ``score_deal_unchecked`` and ``game_result_unchecked``
    (no input checks); for valid inputs they give exactly what the public functions
    give."""
    variant = deal.variant
    checked = _score(deal)
    unchecked = score_deal_unchecked(
        variant.compile(),
        tuple(deal.contracts),
        tuple(deal.tricks),
        tuple(deal.standings),
        bids_itself=deal.first_deal and variant.bidding.first_deal_bids_itself,
    )
    assert unchecked == checked
    assert [side.lines for side in unchecked.sides] == [side.lines for side in checked.sides]
    # the numbers the engine keeps at the end of a deal, from the memo, twice (a miss, a hit)
    for _ in range(2):
        assert deal_numbers(
            variant.compile(),
            tuple(deal.contracts),
            tuple(deal.tricks),
            tuple(deal.standings),
            bids_itself=deal.first_deal and variant.bidding.first_deal_bids_itself,
        ) == (unchecked.standings, unchecked.events)
    assert game_result_unchecked(
        variant.compile(), unchecked.standings, deals_played, unchecked.events
    ) == game_result(variant, checked.standings, deals_played, checked.events)


@given(deals(), st.data())
def test_the_seats_that_bid_no_nil_count_by_their_sum(deal: Deal, data: st.DataObject) -> None:
    """A side's score reads the tricks of its seats that bid no Nil only through their
    sum: the memo of ``scoring.numbers`` and the native score table (``side_score`` in
    ``src/native/auction.c``) key on that sum, so a rule that read one such seat's tricks
    alone would make both answer wrongly. Moving tricks between such seats of a side
    changes no line of the score."""
    moved = list(deal.tricks)
    for seats, contract in zip(deal.variant.table.sides(), deal.contracts, strict=True):
        counted = [s for s in seats if s not in contract.nil_seats | contract.blind_nil_seats]
        if len(counted) < 2:
            continue
        total = sum(moved[seat] for seat in counted)
        first = data.draw(st.integers(0, total))
        moved[counted[0]], moved[counted[1]] = first, total - first
        for seat in counted[2:]:
            moved[seat] = 0
    again = deal._replace(tricks=moved)
    assert [side.lines for side in _score(again).sides] == [
        side.lines for side in _score(deal).sides
    ]


@settings(deadline=None)
@given(deals(), st.integers(0, 40))
def test_the_run_of_sets_before_a_deal_changes_only_the_run_after_it(deal: Deal, run: int) -> None:
    """The native score table (``side_score`` in ``src/native/auction.c``) asks for a side's
    deal with no run of sets and makes the run after it itself: no line of a side's score
    may read the run before (a back-to-back rule ends the game through its events, which
    the runs after decide)."""
    again = deal._replace(standings=[Standing(s.score, s.bags, run) for s in deal.standings])
    for mine, theirs in zip(_score(again).sides, _score(deal).sides, strict=True):
        assert mine.lines == theirs.lines
        assert mine.after.sets_in_a_row == (run + 1 if theirs.was_set else 0)


@settings(deadline=None)
@given(deals())
def test_the_bags_before_a_deal_change_only_its_bag_penalty_and_carry(deal: Deal) -> None:
    """The native score table keeps a side's deal as scored from no bags (its points
    before the bag penalty and the bags it added) and adds the bags before it as
    ``add_bags`` does: the bags before may change nothing else."""
    empty = deal._replace(standings=[Standing(s.score, 0, s.sets_in_a_row) for s in deal.standings])
    settings = deal.variant.compile().scoring
    for mine, fresh, before in zip(
        _score(deal).sides, _score(empty).sides, deal.standings, strict=True
    ):
        bags = add_bags(settings, before.bags, fresh.bags_added)
        assert mine.bags_added == fresh.bags_added
        assert mine.total == fresh.total + fresh.bag_penalty - bags.penalty
        assert mine.after.bags == bags.carried
        assert mine.was_set == fresh.was_set
