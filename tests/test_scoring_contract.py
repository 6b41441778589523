"""A side's trick contract: spec A5, B1, B8, B10 and B13, one case per rule or option.

Every case is scored for side 0 (seats 0 and 2; seat 0 takes the tricks) against side 1
(seat 1 takes the rest, on a contract of 0 that nothing depends on).
"""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib.scoring import Contract, SideScore, Standing, score_deal
from spadeslib.variant import Variant

Data = dict[str, Any]


def side0(
    data: Data,
    contract: Contract,
    took: int,
    *,
    first_deal: bool = False,
    before: Standing | None = None,
) -> SideScore:
    """Side 0's score when seat 0 takes `took` tricks and seat 1 the rest."""
    variant = Variant.model_validate(data)
    hand = variant.deal.hand_size
    other = (
        Contract() if first_deal and variant.bidding.first_deal_bids_itself else (Contract(bid=0))
    )
    deal = score_deal(
        variant,
        [contract, other],
        [took, hand - took, 0, 0],
        [before or Standing(), Standing()],
        first_deal=first_deal,
    )
    return deal.sides[0]


def merge(*parts: Data) -> Data:
    """The sections of several variant fragments, merged key by key."""
    out: Data = {}
    for part in parts:
        for key, value in part.items():
            if isinstance(value, dict) and isinstance(out.get(key), dict):
                out[key] = merge(out[key], value)
            else:
                out[key] = value
    return out


def scoring(**fields: Any) -> Data:
    return {"scoring": fields}


BLIND: Data = {
    "bidding": {"form": {"kind": "partnership"}, "blind": {"enabled": True, "min_bid": 6}}
}
"""A side may bid blind: double if made, single if failed (the B10 defaults)."""

BARMORE: Data = {
    "bidding": {
        "form": {"kind": "partnership", "min_team_bid": 4},
        "nil": {"enabled": False},
        "blind_nil": {"enabled": False},
        "blind": {
            "enabled": True,
            "min_bid": 7,
            "eligibility": {"kind": "always"},
            "make_multiplier": 2,
            "fail_multiplier": 2,
        },
    }
}
"""The scoring parts of spec B1."""


def blind(**fields: Any) -> Data:
    return {
        "bidding": {
            "form": {"kind": "partnership"},
            "blind": {"enabled": True, "min_bid": 6, **fields},
        }
    }


def ten(**fields: Any) -> Data:
    return {"bidding": {"ten_for_200": {"enabled": True, **fields}}}


def moon(**fields: Any) -> Data:
    return {"bidding": {"moon": {"enabled": True, **fields}}}


# (variant, contract, tricks taken) -> (contract points, overtrick points, bags added, set)
CASES = [
    # A5: made, overtricks, set
    pytest.param({}, Contract(bid=5), 5, (50, 0, 0, False), id="A5 made exactly: 10 x bid"),
    pytest.param(
        {}, Contract(bid=5), 7, (50, 2, 2, False), id="A5 overtricks score 1 each and are bags"
    ),
    pytest.param({}, Contract(bid=5), 4, (-50, 0, 0, True), id="A5 set: minus 10 x bid"),
    pytest.param({}, Contract(bid=13), 13, (130, 0, 0, False), id="A5 bid 13 without Moon: 130"),
    pytest.param(
        {},
        Contract(bid=5, seat_bids=((0, 3), (2, 2))),
        5,
        (50, 0, 0, False),
        id="A3 a partnership's contract is the sum of its bids",
    ),
    pytest.param(
        {"bidding": {"nil": {"enabled": False, "zero_bid": "zero_tricks"}}},
        Contract(bid=0),
        2,
        (0, 2, 2, False),
        id="B9 zero is not Nil: a contract of 0, tricks are overtricks",
    ),
    # B13: points per trick and per overtrick
    pytest.param(
        scoring(trick_value=5), Contract(bid=5), 6, (25, 1, 1, False), id="B13 trick value 5"
    ),
    pytest.param(
        scoring(overtrick_value=0),
        Contract(bid=5),
        7,
        (50, 0, 2, False),
        id="B13 overtricks worth 0 are still bags",
    ),
    pytest.param(
        scoring(overtrick_value=-10),
        Contract(bid=5),
        7,
        (50, -20, 2, False),
        id="B13 overtricks worth -10 (cutthroat)",
    ),
    pytest.param(
        scoring(bags={"enabled": False}),
        Contract(bid=5),
        7,
        (50, 2, 0, False),
        id="B13 bags off: overtricks score, no bags",
    ),
    # B13: set modes
    pytest.param(scoring(set="zero"), Contract(bid=5), 3, (0, 0, 0, True), id="B13 set scores 0"),
    pytest.param(
        scoring(set="minus_short"),
        Contract(bid=5),
        3,
        (-20, 0, 0, True),
        id="B13 set loses 10 per trick short",
    ),
    pytest.param(
        scoring(set="minus_bid"),
        Contract(bid=5),
        0,
        (-50, 0, 0, True),
        id="B13 set loses 10 x bid however short",
    ),
    # B2, B13: overtrick limit
    pytest.param(
        scoring(overtrick_limit=2),
        Contract(bid=5),
        7,
        (50, 2, 2, False),
        id="overtrick limit 2: two overtricks are allowed",
    ),
    pytest.param(
        scoring(overtrick_limit=2),
        Contract(bid=5),
        8,
        (-50, 0, 3, True),
        id="overtrick limit 2: three overtricks set the side, still bags",
    ),
    pytest.param(
        scoring(overtrick_limit=0),
        Contract(bid=5),
        6,
        (-50, 0, 1, True),
        id="overtrick limit 0: any overtrick sets the side",
    ),
    pytest.param(
        scoring(overtrick_limit=2, set="minus_short"),
        Contract(bid=5),
        9,
        (-20, 0, 4, True),
        id="overtrick limit with minus_short: 10 per trick over the limit",
    ),
    # B1: Barmore's blind seven and up
    pytest.param(
        BARMORE, Contract(bid=7, blind=True), 7, (140, 0, 0, False), id="B1 blind 7 made: +140"
    ),
    pytest.param(
        BARMORE,
        Contract(bid=7, blind=True),
        9,
        (140, 2, 2, False),
        id="B1 blind 7 overtricks count 1 each as usual",
    ),
    pytest.param(
        BARMORE, Contract(bid=7, blind=True), 6, (-140, 0, 0, True), id="B1 blind 7 failed: -140"
    ),
    pytest.param(
        BARMORE, Contract(bid=8, blind=True), 8, (160, 0, 0, False), id="B1 blind 8 = 160"
    ),
    pytest.param(
        BARMORE, Contract(bid=9, blind=True), 10, (180, 1, 1, False), id="B1 blind 9 = 180"
    ),
    pytest.param(
        BARMORE, Contract(bid=8, blind=True), 2, (-160, 0, 0, True), id="B1 blind 8 failed: -160"
    ),
    pytest.param(
        BARMORE,
        Contract(bid=7),
        8,
        (70, 1, 1, False),
        id="B1 a bid that is not blind scores singly",
    ),
    # B10: blind bids in general
    pytest.param(
        BLIND,
        Contract(bid=6, blind=True),
        6,
        (120, 0, 0, False),
        id="B10 blind made: make_multiplier 2 x normal value",
    ),
    pytest.param(
        BLIND,
        Contract(bid=6, blind=True),
        5,
        (-60, 0, 0, True),
        id="B10 blind failed: fail_multiplier 1 x normal penalty",
    ),
    pytest.param(
        blind(make_multiplier=3, fail_multiplier=2),
        Contract(bid=6, blind=True),
        6,
        (180, 0, 0, False),
        id="B10 blind make multiplier 3",
    ),
    pytest.param(
        blind(make_multiplier=3, fail_multiplier=2),
        Contract(bid=6, blind=True),
        4,
        (-120, 0, 0, True),
        id="B10 blind fail multiplier 2",
    ),
    pytest.param(
        blind(overtricks_score=False),
        Contract(bid=6, blind=True),
        8,
        (120, 0, 2, False),
        id="B10 blind overtricks do not score, still bags",
    ),
    pytest.param(
        blind(overtricks_bags=False),
        Contract(bid=6, blind=True),
        8,
        (120, 2, 0, False),
        id="B10 blind overtricks score, are not bags",
    ),
    pytest.param(
        merge(blind(no_overtrick_limit=False), scoring(overtrick_limit=1)),
        Contract(bid=6, blind=True),
        8,
        (-60, 0, 2, True),
        id="B10 blind bid held to the overtrick limit",
    ),
    pytest.param(
        merge(blind(no_overtrick_limit=True), scoring(overtrick_limit=1)),
        Contract(bid=6, blind=True),
        8,
        (120, 2, 2, False),
        id="B10 blind bid exempt from the overtrick limit",
    ),
    pytest.param(
        merge(blind(fail_multiplier=2), scoring(set="minus_short")),
        Contract(bid=7, blind=True),
        5,
        (-40, 0, 0, True),
        id="B10 blind failed with minus_short: multiplier x per trick short",
    ),
    pytest.param(
        merge(blind(fail_multiplier=2), scoring(set="zero")),
        Contract(bid=7, blind=True),
        5,
        (0, 0, 0, True),
        id="B10 blind failed with set zero: 0",
    ),
    # B10: ten for two hundred
    pytest.param(ten(), Contract(bid=10), 10, (200, 0, 0, False), id="B10 ten made: +200"),
    pytest.param(
        ten(),
        Contract(bid=10),
        12,
        (200, 0, 0, False),
        id="B10 ten overtricks score nothing and are no bags by default",
    ),
    pytest.param(
        ten(overtricks_score=True),
        Contract(bid=10),
        12,
        (200, 2, 0, False),
        id="B10 ten overtricks_score",
    ),
    pytest.param(
        ten(overtricks_bags=True),
        Contract(bid=10),
        12,
        (200, 0, 2, False),
        id="B10 ten overtricks_bags",
    ),
    pytest.param(ten(), Contract(bid=10), 9, (-200, 0, 0, True), id="B10 ten failed: -200"),
    pytest.param(ten(fail=100), Contract(bid=10), 9, (-100, 0, 0, True), id="B10 ten failed: -100"),
    pytest.param(
        ten(fail="normal"),
        Contract(bid=10),
        9,
        (-100, 0, 0, True),
        id="B10 ten failed: the normal penalty 10 x bid",
    ),
    pytest.param(
        merge(ten(fail="normal"), scoring(set="minus_short")),
        Contract(bid=10),
        8,
        (-20, 0, 0, True),
        id="B10 ten failed: the normal penalty, per trick short",
    ),
    pytest.param(
        ten(), Contract(bid=11), 11, (110, 0, 0, False), id="B10 ten exactly_10 does not cover 11"
    ),
    pytest.param(
        ten(bids="10_or_more"),
        Contract(bid=11),
        12,
        (200, 0, 0, False),
        id="B10 ten 10_or_more covers 11",
    ),
    pytest.param(
        ten(bids="10_or_more"),
        Contract(bid=12),
        11,
        (-200, 0, 0, True),
        id="B10 ten 10_or_more: bid 12 failed",
    ),
    pytest.param(
        ten(make=300, fail=150),
        Contract(bid=10),
        10,
        (300, 0, 0, False),
        id="B10 ten with other values",
    ),
    pytest.param(
        merge(ten(), BLIND),
        Contract(bid=10, blind=True),
        10,
        (400, 0, 0, False),
        id="B10 blind ten: double 200",
    ),
    pytest.param(
        merge(ten(), BLIND),
        Contract(bid=10, blind=True),
        9,
        (-200, 0, 0, True),
        id="B10 blind ten failed: single 200",
    ),
    # B10: Moon
    pytest.param(moon(), Contract(bid=13), 13, (200, 0, 0, False), id="B10 Moon made: +200"),
    pytest.param(moon(), Contract(bid=13), 12, (-200, 0, 0, True), id="B10 Moon failed: -200"),
    pytest.param(
        moon(make={"kind": "points", "points": 500}, fail={"kind": "points", "points": 500}),
        Contract(bid=13),
        13,
        (500, 0, 0, False),
        id="B10 Moon made: +500",
    ),
    pytest.param(
        moon(make={"kind": "points", "points": 500}, fail={"kind": "points", "points": 500}),
        Contract(bid=13),
        11,
        (-500, 0, 0, True),
        id="B10 Moon failed: -500",
    ),
    pytest.param(
        moon(fail={"kind": "normal"}),
        Contract(bid=13),
        11,
        (-130, 0, 0, True),
        id="B10 Moon failed: the normal penalty",
    ),
    pytest.param(
        moon(make={"kind": "normal"}),
        Contract(bid=13),
        13,
        (130, 0, 0, False),
        id="B10 Moon made: the normal value",
    ),
    pytest.param(
        merge(ten(bids="10_or_more"), moon()),
        Contract(bid=13),
        13,
        (200, 0, 0, False),
        id="B10 Moon wins over ten for 200 on a bid of 13",
    ),
    pytest.param(
        merge(moon(), BLIND),
        Contract(bid=13, blind=True),
        13,
        (400, 0, 0, False),
        id="B10 Blind Boston without blind_make: multiplier x Moon value",
    ),
    pytest.param(
        merge(BLIND, moon(blind_make={"kind": "points", "points": 500})),
        Contract(bid=13, blind=True),
        13,
        (500, 0, 0, False),
        id="B10 Blind Boston worth 500",
    ),
    pytest.param(
        merge(moon(), BLIND),
        Contract(bid=13, blind=True),
        12,
        (-200, 0, 0, True),
        id="B10 Blind Boston failed: fail_multiplier x Moon penalty",
    ),
]


@pytest.mark.parametrize(("data", "contract", "took", "expected"), CASES)
def test_contract(
    data: Data, contract: Contract, took: int, expected: tuple[int, int, int, bool]
) -> None:
    side = side0(data, contract, took)
    got = (side.contract_points, side.overtrick_points, side.bags_added, side.was_set)
    assert got == expected, side.lines
    assert side.total == sum(expected[:2]) - side.bag_penalty


def test_came_out_scores_singly() -> None:
    data = blind(come_out_to=10)
    made = side0(merge(data, ten()), Contract(bid=10, came_out=True), 10)
    assert (made.contract_points, made.was_set) == (200, False)
    failed = side0(merge(data, ten()), Contract(bid=10, came_out=True), 9)
    assert (failed.contract_points, failed.was_set) == (-200, True)
    plain = side0(data, Contract(bid=10, came_out=True), 11)
    assert (plain.contract_points, plain.overtrick_points) == (100, 1)


# -- the Moon and ten for 200 that win the game (B2, B10) -----------------------------


def test_moon_that_wins_the_game() -> None:
    variant = Variant.model_validate(moon(make={"kind": "win_game"}))
    deal = score_deal(
        variant, [Contract(bid=13), Contract(bid=0)], [13, 0, 0, 0], [Standing(), Standing()]
    )
    assert deal.sides[0].contract_points == 130
    assert [(e.side, e.reason) for e in deal.events] == [(0, "moon")]


def test_blind_boston_that_wins_the_game() -> None:
    data = merge(BLIND, moon(blind_make={"kind": "win_game"}))
    variant = Variant.model_validate(data)
    deal = score_deal(
        variant,
        [Contract(bid=13, blind=True), Contract(bid=0)],
        [13, 0, 0, 0],
        [Standing(), Standing()],
    )
    assert [(e.side, e.reason) for e in deal.events] == [(0, "moon")]
    plain = score_deal(
        variant, [Contract(bid=13), Contract(bid=0)], [13, 0, 0, 0], [Standing(), Standing()]
    )
    assert plain.events == ()
    assert plain.sides[0].contract_points == 200


@pytest.mark.parametrize(
    ("data", "took", "events"),
    [
        pytest.param(
            ten(all_tricks_wins_game=True),
            13,
            [(0, "ten_for_200_all_tricks")],
            id="ten that takes every trick wins the game",
        ),
        pytest.param(ten(all_tricks_wins_game=True), 12, [], id="ten that takes 12 does not"),
        pytest.param(ten(), 13, [], id="without all_tricks_wins_game it does not"),
        pytest.param(
            merge(ten(all_tricks_wins_game=True), scoring(overtrick_limit=2)),
            13,
            [(0, "ten_for_200_all_tricks")],
            id="the overtrick limit does not set a ten that takes every trick",
        ),
    ],
)
def test_ten_that_takes_every_trick(data: Data, took: int, events: list[Any]) -> None:
    variant = Variant.model_validate(data)
    deal = score_deal(
        variant,
        [Contract(bid=10), Contract(bid=0)],
        [took, 13 - took, 0, 0],
        [Standing(), Standing()],
    )
    assert [(e.side, e.reason) for e in deal.events] == events
    assert deal.sides[0].contract_points == 200


# -- B8: the hand that bids itself ----------------------------------------------------

BIDS_ITSELF: Data = {"bidding": {"first_deal_bids_itself": True}}


@pytest.mark.parametrize(
    ("data", "first_deal", "contract", "took", "expected"),
    [
        pytest.param(
            BIDS_ITSELF,
            True,
            Contract(),
            7,
            (70, 0, 0, False),
            id="B8 first deal: 10 per trick, no bags",
        ),
        pytest.param(
            BIDS_ITSELF,
            True,
            Contract(),
            0,
            (0, 0, 0, False),
            id="B8 first deal: no tricks, never set",
        ),
        pytest.param(
            merge(BIDS_ITSELF, scoring(trick_value=5)),
            True,
            Contract(),
            7,
            (35, 0, 0, False),
            id="B8 first deal: trick_value per trick",
        ),
        pytest.param(
            BIDS_ITSELF,
            False,
            Contract(bid=5),
            7,
            (50, 2, 2, False),
            id="B8 later deals are bid and scored as usual",
        ),
        pytest.param(
            {}, True, Contract(bid=5), 7, (50, 2, 2, False), id="B8 off: first_deal changes nothing"
        ),
    ],
)
def test_first_deal(
    data: Data,
    first_deal: bool,
    contract: Contract,
    took: int,
    expected: tuple[int, int, int, bool],
) -> None:
    side = side0(data, contract, took, first_deal=first_deal, before=Standing(0, 9, 1))
    got = (side.contract_points, side.overtrick_points, side.bags_added, side.was_set)
    assert got == expected, side.lines
    assert side.after.sets_in_a_row == 0


def test_first_deal_explains_itself() -> None:
    side = side0(BIDS_ITSELF, Contract(), 7, first_deal=True)
    assert side.lines == ("the first deal bids itself: 7 tricks x 10 = +70",)


# -- runs of sets ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("took", "before", "after"),
    [
        pytest.param(4, 0, 1, id="a set starts a run"),
        pytest.param(4, 2, 3, id="a set lengthens the run"),
        pytest.param(5, 2, 0, id="a made contract ends the run"),
    ],
)
def test_sets_in_a_row(took: int, before: int, after: int) -> None:
    side = side0({}, Contract(bid=5), took, before=Standing(0, 0, before))
    assert side.after.sets_in_a_row == after


def test_lines_explain_a_set_by_overtricks() -> None:
    side = side0(scoring(overtrick_limit=2, bags={"enabled": False}), Contract(bid=4), 7)
    assert side.lines == ("bid 4, took 7: set, 3 overtricks where at most 2 are allowed: -40",)
