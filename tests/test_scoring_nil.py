"""Nil and Blind Nil: spec A6 and the B9 options, one case per rule.

Side 0 is seats 0 and 2, side 1 seats 1 and 3. Every case gives side 0's contract and the
tricks of all four seats, and checks side 0's components.
"""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib.scoring import Contract, SideScore, Standing, score_deal
from spadeslib.variant import Variant

Data = dict[str, Any]


def side0(data: Data, contract: Contract, tricks: list[int]) -> SideScore:
    variant = Variant.model_validate(data)
    sides = len(variant.table.sides())
    contracts = [contract, *[Contract(bid=1) for _ in range(sides - 1)]]
    return score_deal(variant, contracts, tricks, [Standing()] * sides).sides[0]


def nil(**fields: Any) -> Data:
    return {"bidding": {"nil": fields}}


NIL0 = frozenset({0})
BOTH = frozenset({0, 2})


def nil_at(*seats: int, bid: int = 0) -> Contract:
    return Contract(bid=bid, nil_seats=frozenset(seats))


def blind_nil_at(*seats: int, bid: int = 0) -> Contract:
    return Contract(bid=bid, blind_nil_seats=frozenset(seats))


# (variant, side 0's contract, tricks per seat) ->
# (contract points, overtrick points, nil points, bags added, set)
CASES = [
    # A6
    pytest.param(
        {},
        nil_at(0, bid=4),
        [0, 5, 4, 4],
        (40, 0, 100, 0, False),
        id="A6 Nil made: +100 beside the partner's bid",
    ),
    pytest.param(
        {},
        nil_at(0, bid=4),
        [2, 3, 4, 4],
        (40, 2, -100, 2, False),
        id="A6 Nil failed: -100; its tricks are bags, 1 point each",
    ),
    pytest.param(
        {},
        nil_at(0, bid=5),
        [2, 3, 4, 4],
        (-50, 2, -100, 2, True),
        id="A6 failed Nil's tricks do not make the partner's bid, still bags",
    ),
    pytest.param(
        {},
        nil_at(0, bid=4),
        [1, 2, 6, 4],
        (40, 3, -100, 3, False),
        id="A6 failed Nil's tricks and the partner's overtricks are all bags",
    ),
    pytest.param(
        {},
        blind_nil_at(0, bid=4),
        [0, 5, 4, 4],
        (40, 0, 200, 0, False),
        id="A6 Blind Nil made: +200",
    ),
    pytest.param(
        {},
        blind_nil_at(0, bid=4),
        [1, 4, 4, 4],
        (40, 1, -200, 1, False),
        id="A6 Blind Nil failed: -200",
    ),
    pytest.param(
        {},
        nil_at(0, 2),
        [0, 13, 0, 0],
        (0, 0, 200, 0, False),
        id="A6 both partners Nil, both made: each +100",
    ),
    pytest.param(
        {},
        nil_at(0, 2),
        [0, 10, 3, 0],
        (0, 3, 0, 3, False),
        id="A6 both partners Nil, one failed: +100 -100, tricks are bags",
    ),
    pytest.param(
        {},
        nil_at(0, 2),
        [2, 9, 2, 0],
        (0, 4, -200, 4, False),
        id="A6 both partners Nil, both failed",
    ),
    pytest.param(
        {},
        Contract(nil_seats=NIL0, blind_nil_seats=frozenset({2})),
        [0, 13, 0, 0],
        (0, 0, 300, 0, False),
        id="A6 Nil and Blind Nil on one side, each on its own",
    ),
    # B9 values
    pytest.param(
        nil(make=50, fail=50),
        nil_at(0, bid=4),
        [0, 5, 4, 4],
        (40, 0, 50, 0, False),
        id="B9 Nil worth 50",
    ),
    pytest.param(
        nil(make=100, fail=50),
        nil_at(0, bid=4),
        [1, 4, 4, 4],
        (40, 1, -50, 1, False),
        id="B9 Nil make and fail values differ",
    ),
    pytest.param(
        {"bidding": {"blind_nil": {"make": 100, "fail": 100}}},
        blind_nil_at(0, bid=4),
        [0, 5, 4, 4],
        (40, 0, 100, 0, False),
        id="B9 Blind Nil worth 100",
    ),
    # B9: the four rules for a failed Nil's tricks
    pytest.param(
        nil(failed_tricks="bags"),
        nil_at(0, bid=5),
        [2, 3, 4, 4],
        (-50, 2, -100, 2, True),
        id="B9 rule 1 bags: whether or not the bid is made",
    ),
    pytest.param(
        nil(failed_tricks="count_for_partner"),
        nil_at(0, bid=5),
        [2, 4, 3, 4],
        (50, 0, -100, 0, False),
        id="B9 rule 2: they count towards the partner's bid",
    ),
    pytest.param(
        nil(failed_tricks="count_for_partner"),
        nil_at(0, bid=5),
        [2, 3, 4, 4],
        (50, 1, -100, 1, False),
        id="B9 rule 2: beyond the bid they are overtricks",
    ),
    pytest.param(
        nil(failed_tricks="count_for_partner"),
        nil_at(0, bid=5),
        [1, 5, 3, 4],
        (-50, 0, -100, 0, True),
        id="B9 rule 2: still set when short",
    ),
    pytest.param(
        nil(failed_tricks="count_for_partner"),
        nil_at(0, 2),
        [2, 9, 2, 0],
        (0, 4, -200, 4, False),
        id="B9 rule 2 with both partners Nil: no bid to count for, bags",
    ),
    pytest.param(
        nil(failed_tricks="bags_no_points"),
        nil_at(0, bid=4),
        [2, 3, 4, 4],
        (40, 0, -100, 2, False),
        id="B9 rule 3: bags that score nothing",
    ),
    pytest.param(
        nil(failed_tricks="ignored"),
        nil_at(0, bid=4),
        [2, 3, 4, 4],
        (40, 0, -100, 0, False),
        id="B9 rule 4: ignored",
    ),
    pytest.param(
        nil(failed_tricks="ignored"),
        nil_at(0, bid=4),
        [2, 3, 5, 3],
        (40, 1, -100, 1, False),
        id="B9 rule 4: the partner's overtricks still count",
    ),
    # B9: a Nil scores only if the side's contract is made
    pytest.param(
        nil(needs_side_contract=True),
        nil_at(0, bid=4),
        [0, 5, 4, 4],
        (40, 0, 100, 0, False),
        id="B9 needs contract: made contract, Nil scores",
    ),
    pytest.param(
        nil(needs_side_contract=True),
        nil_at(0, bid=5),
        [0, 5, 4, 4],
        (-50, 0, 0, 0, True),
        id="B9 needs contract: set contract, made Nil scores 0",
    ),
    pytest.param(
        nil(needs_side_contract=True),
        nil_at(0, bid=5),
        [2, 3, 4, 4],
        (-50, 2, 0, 2, True),
        id="B9 needs contract: set contract, failed Nil loses nothing, tricks bags",
    ),
    pytest.param(
        nil(needs_side_contract=True),
        nil_at(0, 2),
        [0, 13, 0, 0],
        (0, 0, 200, 0, False),
        id="B9 needs contract: both partners Nil, no contract to fail, Nils score",
    ),
    pytest.param(
        nil(needs_side_contract=True),
        blind_nil_at(0, bid=5),
        [0, 5, 4, 4],
        (-50, 0, 0, 0, True),
        id="B9 needs contract applies to Blind Nil too",
    ),
]


@pytest.mark.parametrize(("data", "contract", "tricks", "expected"), CASES)
def test_nil(
    data: Data, contract: Contract, tricks: list[int], expected: tuple[int, int, int, int, bool]
) -> None:
    side = side0(data, contract, tricks)
    got = (
        side.contract_points,
        side.overtrick_points,
        side.nil_points,
        side.bags_added,
        side.was_set,
    )
    assert got == expected, side.lines
    assert side.total == sum(expected[:3]) - side.bag_penalty


SOLO: Data = {"table": {"partnerships": "none"}, "bidding": {"blind_nil": {"enabled": False}}}


@pytest.mark.parametrize(
    ("data", "tricks", "expected"),
    [
        pytest.param(SOLO, [0, 5, 4, 4], (100, 0, 0), id="B14 solo Nil made"),
        pytest.param(SOLO, [3, 5, 4, 1], (-100, 3, 3), id="B14 solo Nil failed: tricks bags"),
        pytest.param(
            {**SOLO, "bidding": {**SOLO["bidding"], "nil": {"needs_side_contract": True}}},
            [0, 5, 4, 4],
            (100, 0, 0),
            id="B14 solo Nil with needs_side_contract: no other contract, scores",
        ),
    ],
)
def test_solo_nil(data: Data, tricks: list[int], expected: tuple[int, int, int]) -> None:
    variant = Variant.model_validate(data)
    assert variant.table.sides() == ((0,), (1,), (2,), (3,))
    contracts = [nil_at(0), Contract(bid=1), Contract(bid=1), Contract(bid=1)]
    side = score_deal(variant, contracts, tricks, [Standing()] * 4).sides[0]
    assert (side.nil_points, side.overtrick_points, side.bags_added) == expected, side.lines
    assert not side.was_set


def test_nil_lines_read_like_the_rules() -> None:
    side = side0({}, nil_at(0, bid=5), [2, 3, 4, 4])
    assert side.lines == (
        "bid 5, took 4: set, 1 short: -50",
        "Nil (seat 0), took 2: failed, -100",
        "2 tricks of a failed Nil: bags for the side, 2 x 1 = +2",
        "bags 0 + 2 = 2",
    )
    both = side0({}, nil_at(0, 2), [1, 9, 3, 0])
    assert both.lines == (
        "Nil (seat 0), took 1: failed, -100",
        "Nil (seat 2), took 3: failed, -100",
        "4 tricks of 2 failed Nils: bags for the side, 4 x 1 = +4",
        "bags 0 + 4 = 4",
    )
    unscored = side0(nil(needs_side_contract=True), nil_at(0, bid=5), [0, 5, 4, 4])
    assert unscored.lines[1] == (
        "Nil (seat 0), took 0: made, scores nothing because the side's contract was set"
    )
