"""Other numbers of players, spec B14: sides of one seat, three pairs and two trios score
like partnerships; only the sides differ."""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib.scoring import Contract, Standing, score_deal
from spadeslib.variant import Variant

Data = dict[str, Any]

NO_BLIND_NIL = {"blind_nil": {"enabled": False}}
TWO_HANDED: Data = {
    "table": {"players": 2, "partnerships": "none"},
    "deal": {"method": {"kind": "draw_and_discard"}},
    "bidding": NO_BLIND_NIL,
    "scoring": {"bags": {"limit": 5, "penalty": 50}},
    "game_end": {"target": 300},
}
CUTTHROAT: Data = {
    "table": {"players": 3, "partnerships": "none"},
    "deal": {"hand_size": 17, "leftover": {"kind": "widow"}},
    "bidding": NO_BLIND_NIL,
}
SOLO: Data = {
    "table": {"partnerships": "none"},
    "bidding": {**NO_BLIND_NIL, "nil": {"make": 50, "fail": 50}},
}
SIX_PAIRS: Data = {
    "table": {"players": 6},
    "deck": {"packs": 2, "remove": ["2C"]},
    "deal": {"hand_size": 17},
}
SIX_TRIOS: Data = {
    **SIX_PAIRS,
    "table": {"players": 6, "partnerships": "trios"},
    "bidding": NO_BLIND_NIL,
}


def nil(*seats: int) -> Contract:
    return Contract(nil_seats=frozenset(seats))


@pytest.mark.parametrize(
    ("data", "contracts", "tricks", "totals", "bags"),
    [
        pytest.param(
            TWO_HANDED,
            [Contract(bid=6), Contract(bid=5)],
            [8, 5],
            [62, 50],
            [2, 0],
            id="two-handed: each player is a side",
        ),
        pytest.param(
            TWO_HANDED,
            [nil(0), Contract(bid=12)],
            [0, 13],
            [100, 121],
            [0, 1],
            id="two-handed: Nil",
        ),
        pytest.param(
            CUTTHROAT,
            [Contract(bid=5), Contract(bid=6), Contract(bid=4)],
            [6, 6, 5],
            [51, 60, 41],
            [1, 0, 1],
            id="cutthroat: three sides, 17 tricks",
        ),
        pytest.param(
            CUTTHROAT,
            [nil(0), Contract(bid=9), Contract(bid=7)],
            [1, 9, 7],
            [-99, 90, 70],
            [1, 0, 0],
            id="cutthroat: a failed Nil's trick is a bag",
        ),
        pytest.param(
            SOLO,
            [Contract(bid=3), nil(1), Contract(bid=4), Contract(bid=5)],
            [3, 0, 4, 6],
            [30, 50, 40, 51],
            [0, 0, 0, 1],
            id="solo: four sides, Nil worth 50",
        ),
        pytest.param(
            SOLO,
            [Contract(bid=3), nil(1), Contract(bid=4), Contract(bid=5)],
            [3, 2, 4, 4],
            [30, -48, 40, -50],
            [0, 2, 0, 0],
            id="solo: failed Nil -50, tricks bags",
        ),
        pytest.param(
            SIX_PAIRS,
            [Contract(bid=5), Contract(bid=6), Contract(bid=4)],
            [3, 3, 2, 2, 3, 4],
            [50, 60, 42],
            [0, 0, 2],
            id="six players, three pairs: seats 0+3, 1+4, 2+5",
        ),
        pytest.param(
            SIX_PAIRS,
            [Contract(bid=5, nil_seats=frozenset({3})), Contract(bid=6), Contract(bid=4)],
            [6, 3, 2, 0, 3, 3],
            [151, 60, 41],
            [1, 0, 1],
            id="six players: Nil in a pair",
        ),
        pytest.param(
            SIX_TRIOS,
            [Contract(bid=8), Contract(bid=9)],
            [3, 3, 3, 3, 3, 2],
            [81, -90],
            [1, 0],
            id="six players, two trios: alternate seats",
        ),
        pytest.param(
            SIX_TRIOS,
            [Contract(bid=6, nil_seats=frozenset({0, 2})), Contract(bid=10)],
            [0, 4, 0, 4, 6, 3],
            [260, 101],
            [0, 1],
            id="six players, two trios: two Nils beside a bid",
        ),
    ],
)
def test_players(
    data: Data, contracts: list[Contract], tricks: list[int], totals: list[int], bags: list[int]
) -> None:
    variant = Variant.model_validate(data)
    sides = variant.table.sides()
    result = score_deal(variant, contracts, tricks, [Standing()] * len(sides))
    assert [side.seats for side in result.sides] == list(sides)
    assert [side.total for side in result.sides] == totals, result.text()
    assert [side.bags_added for side in result.sides] == bags


def test_two_handed_bags() -> None:
    """B14: two-handed is often played with 5 bags costing 50."""
    variant = Variant.model_validate(TWO_HANDED)
    result = score_deal(
        variant, [Contract(bid=4), Contract(bid=6)], [7, 6], [Standing(120, 4), Standing(80, 1)]
    )
    assert result.sides[0].after == Standing(120 + 43 - 50, 2)
    assert result.sides[1].after == Standing(140, 1)


def test_six_player_sides() -> None:
    assert Variant.model_validate(SIX_PAIRS).table.sides() == ((0, 3), (1, 4), (2, 5))
    assert Variant.model_validate(SIX_TRIOS).table.sides() == ((0, 2, 4), (1, 3, 5))


def test_cutthroat_all_seventeen() -> None:
    variant = Variant.model_validate({**CUTTHROAT, "scoring": {"boston": {"kind": "points"}}})
    result = score_deal(
        variant, [Contract(bid=5), Contract(bid=1), Contract(bid=1)], [17, 0, 0], [Standing()] * 3
    )
    assert result.sides[0].took_all_tricks
    assert (result.sides[0].total, result.sides[0].after.bags) == (50 + 12 + 300 - 100, 2)
