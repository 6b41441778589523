"""Sandbagging: spec A5's worked example and the B13 options."""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib.scoring import Contract, SideScore, Standing, score_deal
from spadeslib.variant import Variant

Data = dict[str, Any]


def side0(data: Data, bid: int, took: int, before: Standing) -> SideScore:
    """Side 0 (seat 0 takes the tricks) bids `bid`; side 1 takes the rest on a bid of 0."""
    variant = Variant.model_validate(data)
    hand = variant.deal.hand_size
    deal = score_deal(
        variant,
        [Contract(bid=bid), Contract(bid=0)],
        [took, hand - took, 0, 0],
        [before, Standing()],
    )
    return deal.sides[0]


def bags(**fields: Any) -> Data:
    return {"scoring": {"bags": fields}}


# (variant, bid, tricks, standing before) -> (points, penalty, standing after)
CASES = [
    # A5, the worked example: 337 points and 7 bags carried, bid 5
    pytest.param(
        {},
        5,
        7,
        Standing(337, 7),
        (52, 0, Standing(389, 9)),
        id="A5 337 with 7 bags, bid 5, won 7: +52, 389, 9 bags",
    ),
    pytest.param(
        {},
        5,
        8,
        Standing(337, 7),
        (-47, 100, Standing(290, 0)),
        id="A5 337 with 7 bags, bid 5, won 8: +53 -100, 290, 0 bags",
    ),
    pytest.param(
        {},
        5,
        9,
        Standing(337, 7),
        (-46, 100, Standing(291, 1)),
        id="A5 337 with 7 bags, bid 5, won 9: +54 -100, 291, 1 bag",
    ),
    # A5: the rest carry over into the next cycle of ten
    pytest.param(
        {},
        1,
        13,
        Standing(0, 9),
        (-178, 200, Standing(-178, 1)),
        id="A5 12 bags onto 9: two penalties in one deal, 1 carried",
    ),
    pytest.param(
        {}, 5, 4, Standing(100, 9), (-50, 0, Standing(50, 9, 1)), id="A5 a set side adds no bags"
    ),
    # B13: limit, penalty, remainder or reset
    pytest.param(
        bags(limit=5, penalty=50),
        3,
        5,
        Standing(0, 4),
        (-18, 50, Standing(-18, 1)),
        id="B13 5 bags cost 50",
    ),
    pytest.param(
        bags(limit=5, penalty=50),
        1,
        13,
        Standing(0, 4),
        (-128, 150, Standing(-128, 1)),
        id="B13 5-bag limit: three penalties at once",
    ),
    pytest.param(
        bags(after_penalty="reset"),
        5,
        9,
        Standing(337, 7),
        (-46, 100, Standing(291, 0)),
        id="B13 reset: the count goes back to 0",
    ),
    pytest.param(
        bags(after_penalty="reset"),
        1,
        13,
        Standing(0, 9),
        (-78, 100, Standing(-78, 0)),
        id="B13 reset: one penalty however many bags",
    ),
    pytest.param(
        bags(limit=7), 5, 8, Standing(0, 4), (-47, 100, Standing(-47, 0)), id="B13 limit 7"
    ),
    pytest.param(
        bags(penalty=0),
        5,
        8,
        Standing(0, 7),
        (53, 0, Standing(53, 0)),
        id="B13 penalty 0: bags still reset the count",
    ),
    pytest.param(
        bags(enabled=False),
        5,
        12,
        Standing(0, 0),
        (57, 0, Standing(57, 0)),
        id="B13 bags off: overtricks score, nothing is counted",
    ),
]


@pytest.mark.parametrize(("data", "bid", "took", "before", "expected"), CASES)
def test_bags(
    data: Data, bid: int, took: int, before: Standing, expected: tuple[int, int, Standing]
) -> None:
    side = side0(data, bid, took, before)
    assert (side.total, side.bag_penalty, side.after) == expected, side.lines


def test_the_337_example_explained() -> None:
    side = side0({}, 5, 9, Standing(337, 7))
    assert side.lines == (
        "bid 5, took 9: made, 10 x 5 = +50",
        "4 overtricks x 1 = +4",
        "bags 7 + 4 = 11: 10 bags reached, -100, 1 carried",
    )
    twice = side0({}, 1, 13, Standing(0, 9))
    assert twice.lines[-1] == "bags 9 + 12 = 21: 2 x 10 bags reached, -200, 1 carried"


def test_bags_added_count_before_the_penalty() -> None:
    side = side0({}, 5, 8, Standing(337, 7))
    assert (side.bags_added, side.after.bags) == (3, 0)


@pytest.mark.parametrize(
    ("score", "bags_carried"),
    [
        pytest.param(-13, 7, id="negative score: last digit 3, bags 7"),
        pytest.param(-100, 0, id="negative score ending in 0"),
    ],
)
def test_bags_are_not_the_last_digit(score: int, bags_carried: int) -> None:
    """Part D: bags are their own count. A side at -13 with 7 bags (reached by -20 and
    then 7 overtricks) keeps its 7 bags, not the 3 of the score's last digit."""
    side = side0({}, 1, 1, Standing(score, bags_carried))
    assert side.after == Standing(score + 10, bags_carried)
