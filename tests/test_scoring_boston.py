"""The Boston bonus for taking every trick, whatever the side bid: spec B2, B10."""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib.scoring import Contract, InstantWin, Standing, score_deal
from spadeslib.variant import Variant

Data = dict[str, Any]


def boston(kind: str, **fields: Any) -> Data:
    return {"scoring": {"boston": {"kind": kind, **fields}}}


@pytest.mark.parametrize(
    ("data", "contract", "tricks", "expected"),
    [
        pytest.param(
            {},
            Contract(bid=5),
            [13, 0, 0, 0],
            (0, 58, ()),
            id="none: all 13 tricks earn nothing extra",
        ),
        pytest.param(
            boston("record"),
            Contract(bid=5),
            [13, 0, 0, 0],
            (0, 58, ()),
            id="record: no points, only the record",
        ),
        pytest.param(
            boston("points"),
            Contract(bid=5),
            [13, 0, 0, 0],
            (300, 358, ()),
            id="points: +300 on top of the contract",
        ),
        pytest.param(
            boston("points", points=200),
            Contract(bid=5),
            [6, 0, 7, 0],
            (200, 258, ()),
            id="points: +200, tricks shared by the partners",
        ),
        pytest.param(
            boston("points"),
            Contract(bid=5),
            [12, 1, 0, 0],
            (0, 57, ()),
            id="points: 12 tricks are no Boston",
        ),
        pytest.param(
            boston("points"),
            Contract(bid=4, nil_seats=frozenset({0})),
            [0, 0, 13, 0],
            (300, 449, ()),
            id="points: a Nil partner's side takes all 13, made Nil",
        ),
        pytest.param(
            {"scoring": {"boston": {"kind": "points"}, "overtrick_limit": 2}},
            Contract(bid=5),
            [13, 0, 0, 0],
            (300, 250, ()),
            id="points: whatever it bid, even when set for overtricks",
        ),
        pytest.param(
            boston("win_game"),
            Contract(bid=5),
            [13, 0, 0, 0],
            (0, 58, (InstantWin(0, "boston"),)),
            id="win_game: wins at once",
        ),
    ],
)
def test_boston(
    data: Data,
    contract: Contract,
    tricks: list[int],
    expected: tuple[int, int, tuple[InstantWin, ...]],
) -> None:
    variant = Variant.model_validate(data)
    result = score_deal(variant, [contract, Contract(bid=1)], tricks, [Standing(), Standing()])
    side = result.sides[0]
    got = (side.bonus_points, side.total, result.events)
    assert got == expected, side.lines
    assert side.took_all_tricks == (sum(tricks[seat] for seat in (0, 2)) == 13)


def test_boston_in_the_deal_that_bids_itself() -> None:
    data = {"bidding": {"first_deal_bids_itself": True}, **boston("points")}
    variant = Variant.model_validate(data)
    result = score_deal(
        variant, [Contract(), Contract()], [0, 7, 0, 6], [Standing(), Standing()], first_deal=True
    )
    assert (result.sides[1].contract_points, result.sides[1].bonus_points) == (130, 300)


def test_boston_on_a_moon_scores_both() -> None:
    data = {"bidding": {"moon": {"enabled": True}}, **boston("points")}
    variant = Variant.model_validate(data)
    side = score_deal(
        variant, [Contract(bid=13), Contract(bid=1)], [13, 0, 0, 0], [Standing(), Standing()]
    ).sides[0]
    assert (side.contract_points, side.bonus_points) == (200, 300)
    assert side.lines == ("bid 13 (Moon), took 13: made, +200", "Boston: took all 13 tricks, +300")
