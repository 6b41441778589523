"""Bad inputs to the scoring functions raise ScoringError, saying what and why."""

from __future__ import annotations

import re
from typing import Any

import pytest

from spadeslib.errors import SpadesError
from spadeslib.scoring import (
    Contract,
    InstantWin,
    ScoringError,
    Standing,
    game_result,
    score_deal,
)
from spadeslib.variant import Variant

STANDARD = Variant()
NO_NIL = Variant.model_validate(
    {"bidding": {"nil": {"enabled": False}, "blind_nil": {"enabled": False}}}
)
BLIND = Variant.model_validate(
    {"bidding": {"form": {"kind": "partnership"}, "blind": {"enabled": True, "come_out_to": 10}}}
)
BIDS_ITSELF = Variant.model_validate({"bidding": {"first_deal_bids_itself": True}})
TWO = [Standing(), Standing()]
BIDS = [Contract(bid=4), Contract(bid=4)]
TRICKS = [4, 3, 3, 3]


@pytest.mark.parametrize(
    ("variant", "contracts", "tricks", "standings", "message"),
    [
        pytest.param({}, BIDS, TRICKS, TWO, "expected a spadeslib Variant", id="not a variant"),
        pytest.param(
            STANDARD,
            BIDS[:1],
            TRICKS,
            TWO,
            "expected 2 items, one per side",
            id="too few contracts",
        ),
        pytest.param(
            STANDARD, BIDS, TRICKS[:3], TWO, "expected 4 items, one per seat", id="too few tricks"
        ),
        pytest.param(
            STANDARD,
            BIDS,
            TRICKS,
            TWO * 2,
            "expected 2 items, one per side",
            id="too many standings",
        ),
        pytest.param(STANDARD, BIDS, "4333", TWO, "expected a sequence", id="tricks as text"),
        pytest.param(STANDARD, BIDS, [5, 5, 5, -2], TWO, "seat 3 took -2", id="negative tricks"),
        pytest.param(STANDARD, BIDS, [4, 3, 3, 3.0], TWO, "seat 3 took 3.0", id="tricks not ints"),
        pytest.param(
            STANDARD, BIDS, [4, 3, 3, True], TWO, "seat 3 took True", id="tricks as booleans"
        ),
        pytest.param(
            STANDARD,
            BIDS,
            [4, 4, 3, 3],
            TWO,
            "14 tricks in all",
            id="more tricks than the hand holds",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4), (1, 3)],
            TRICKS,
            TWO,
            "is not a Contract",
            id="not a Contract",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=14), Contract(bid=4)],
            TRICKS,
            TWO,
            "bid=14 must be an int from 0 to the 13",
            id="bid above the hand",
        ),
        pytest.param(
            STANDARD, [Contract(bid=-1), Contract(bid=4)], TRICKS, TWO, "bid=-1", id="negative bid"
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4, nil_seats=frozenset({1})), Contract(bid=4)],
            TRICKS,
            TWO,
            "[1], which are not seats of this side",
            id="Nil seat of another side",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4, nil_seats={0}), Contract(bid=4)],  # type: ignore[arg-type]
            TRICKS,
            TWO,
            None,
            id="a plain set of Nil seats is accepted",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4, nil_seats=[0]), Contract(bid=4)],  # type: ignore[arg-type]
            TRICKS,
            TWO,
            "must be a frozenset",
            id="Nil seats as a list",
        ),
        pytest.param(
            STANDARD,
            [Contract(nil_seats=frozenset({0}), blind_nil_seats=frozenset({0})), Contract(bid=4)],
            TRICKS,
            TWO,
            "in both nil_seats and blind_nil_seats",
            id="Nil and Blind Nil at once",
        ),
        pytest.param(
            NO_NIL,
            [Contract(bid=4, nil_seats=frozenset({0})), Contract(bid=4)],
            TRICKS,
            TWO,
            "Nil is off in this variant",
            id="Nil where Nil is off",
        ),
        pytest.param(
            NO_NIL,
            [Contract(bid=4, blind_nil_seats=frozenset({0})), Contract(bid=4)],
            TRICKS,
            TWO,
            "Blind Nil is off",
            id="Blind Nil where it is off",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=3, nil_seats=frozenset({0, 2})), Contract(bid=4)],
            TRICKS,
            TWO,
            "the side has no trick contract",
            id="both partners Nil with a bid",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4, blind=True), Contract(bid=4)],
            TRICKS,
            TWO,
            "blind bids are off",
            id="blind bid where blind bids are off",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=10, came_out=True), Contract(bid=4)],
            TRICKS,
            TWO,
            "no coming out",
            id="came out where there is no coming out",
        ),
        pytest.param(
            BLIND,
            [Contract(bid=10, came_out=True, blind=True), Contract(bid=4)],
            TRICKS,
            TWO,
            "no longer bids blind",
            id="came out and still blind",
        ),
        pytest.param(
            BLIND,
            [Contract(bid=9, came_out=True), Contract(bid=4)],
            TRICKS,
            TWO,
            "coming out is to bid 10",
            id="came out to the wrong bid",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=5, seat_bids=((0, 3), (2, 3))), Contract(bid=4)],
            TRICKS,
            TWO,
            "add up to 6, but bid=5",
            id="seat bids that do not add up",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=5, seat_bids=((0, 3), (1, 2))), Contract(bid=4)],
            TRICKS,
            TWO,
            "non-Nil bidder",
            id="seat bids of another side",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4), Contract(bid=4)],
            TRICKS,
            [Standing(0, -1), Standing()],
            "bags must be an int, 0 or more",
            id="negative bags",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4), Contract(bid=4)],
            TRICKS,
            [Standing(0, 10), Standing()],
            "never carries 10 or more",
            id="bags at the limit",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4), Contract(bid=4)],
            TRICKS,
            [Standing(0, 0, -1), Standing()],
            "sets_in_a_row must be an int",
            id="negative run of sets",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4), Contract(bid=4)],
            TRICKS,
            [Standing(1.5), Standing()],  # type: ignore[arg-type]
            "the score must be an int",
            id="score not an int",
        ),
        pytest.param(
            STANDARD,
            [Contract(bid=4), Contract(bid=4)],
            TRICKS,
            [None, Standing()],
            "expected a Standing",
            id="not a Standing",
        ),
    ],
)
def test_bad_deal(
    variant: Any, contracts: Any, tricks: Any, standings: Any, message: str | None
) -> None:
    if message is None:
        score_deal(variant, contracts, tricks, standings)
        return
    with pytest.raises(ScoringError, match=re.escape(message)) as raised:
        score_deal(variant, contracts, tricks, standings)
    assert isinstance(raised.value, SpadesError)
    assert isinstance(raised.value, ValueError)


def test_the_deal_that_bids_itself_takes_empty_contracts() -> None:
    score_deal(BIDS_ITSELF, [Contract(), Contract()], TRICKS, TWO, first_deal=True)
    with pytest.raises(ScoringError, match="the first deal bids itself"):
        score_deal(BIDS_ITSELF, BIDS, TRICKS, TWO, first_deal=True)


def test_fewer_tricks_than_the_hand_are_scored() -> None:
    """A deal scored before every trick is played (a claim, a test) is allowed."""
    result = score_deal(STANDARD, BIDS, [4, 4, 0, 0], TWO)
    assert [side.total for side in result.sides] == [40, 40]


@pytest.mark.parametrize(
    ("standings", "deals", "events", "message"),
    [
        pytest.param([Standing()], 3, (), "expected 2 items", id="too few standings"),
        pytest.param(TWO, -1, (), "deals_played=-1", id="negative deals"),
        pytest.param(TWO, "3", (), "deals_played='3'", id="deals as text"),
        pytest.param(TWO, 3, ("moon",), "is not an InstantWin", id="event as text"),
        pytest.param(
            TWO,
            3,
            (InstantWin(2, "moon"),),
            "names side 2, but there are 2",
            id="event for a side that does not exist",
        ),
        pytest.param(
            TWO,
            3,
            InstantWin(0, "moon"),
            "expected a sequence",
            id="a single event, not a sequence",
        ),
    ],
)
def test_bad_game_result(standings: Any, deals: Any, events: Any, message: str) -> None:
    with pytest.raises(ScoringError, match=re.escape(message)):
        game_result(STANDARD, standings, deals, events)
