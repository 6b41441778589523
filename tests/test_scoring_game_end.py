"""The end of the game: spec A7, B2 and B13, and the order in which the rules apply."""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib.scoring import (
    Contract,
    GameEvent,
    InstantLoss,
    InstantWin,
    Standing,
    game_result,
    score_deal,
)
from spadeslib.variant import Variant

Data = dict[str, Any]

THREE: Data = {
    "table": {"players": 3, "partnerships": "none"},
    "bidding": {"blind_nil": {"enabled": False}},
    "deal": {"hand_size": 17, "leftover": {"kind": "widow"}},
}
"""Cutthroat: three sides of one player."""


def end(**fields: Any) -> Data:
    return {"game_end": fields}


def with_end(base: Data, **fields: Any) -> Data:
    return {**base, "game_end": fields}


def standings(*scores: int | tuple[int, int]) -> list[Standing]:
    """Standings from scores, or (score, sets in a row) pairs."""
    return [Standing(s[0], 0, s[1]) if isinstance(s, tuple) else Standing(s) for s in scores]


CASES = [
    # A7 and Part D: the target
    pytest.param(
        {}, standings(500, 300), 7, (), ((0,), "target"), id="A7 first side to reach 500 wins"
    ),
    pytest.param({}, standings(499, 300), 7, (), None, id="A7 below 500 the game goes on"),
    pytest.param(
        {},
        standings(530, 560),
        7,
        (),
        ((1,), "target"),
        id="A7 both reach 500 in one deal: the higher score wins",
    ),
    pytest.param(
        {},
        standings(520, 520),
        7,
        (),
        None,
        id="Part D a tie at or above the target: play another deal",
    ),
    pytest.param(
        end(tie="draw"),
        standings(520, 520),
        7,
        (),
        ((0, 1), "target"),
        id="B13 tie: draw ends the game as a draw",
    ),
    pytest.param(end(target=200), standings(210, 0), 3, (), ((0,), "target"), id="B13 target 200"),
    pytest.param(end(target=1000), standings(990, 0), 30, (), None, id="B13 target 1000"),
    # B13: mercy
    pytest.param(
        end(losing_score=-200),
        standings(-200, 100),
        4,
        (),
        ((1,), "losing_score"),
        id="B13 mercy: at -200 a side loses at once",
    ),
    pytest.param(
        end(losing_score=-200),
        standings(-190, 100),
        4,
        (),
        None,
        id="B13 mercy: above -200 the game goes on",
    ),
    pytest.param(
        end(losing_score=-200),
        standings(-250, -300),
        4,
        (),
        ((0,), "losing_score"),
        id="B13 mercy: both sides at or below: the higher score wins",
    ),
    pytest.param(
        end(losing_score=-200),
        standings(-250, 510),
        4,
        (),
        ((1,), "losing_score"),
        id="B13 mercy comes before the target",
    ),
    # B13: the number of deals
    pytest.param(
        end(max_deals=10),
        standings(120, 80),
        10,
        (),
        ((0,), "max_deals"),
        id="B13 after max_deals deals the highest score wins",
    ),
    pytest.param(
        end(max_deals=10),
        standings(120, 80),
        9,
        (),
        None,
        id="B13 before max_deals the game goes on",
    ),
    pytest.param(
        end(max_deals=10), standings(120, 120), 10, (), None, id="B13 max_deals tie: play on"
    ),
    pytest.param(
        end(max_deals=10),
        standings(130, 120),
        11,
        (),
        ((0,), "max_deals"),
        id="B13 max_deals tie played on, broken the next deal",
    ),
    pytest.param(
        end(max_deals=10, tie="draw"),
        standings(120, 120),
        10,
        (),
        ((0, 1), "max_deals"),
        id="B13 max_deals tie: draw",
    ),
    pytest.param(
        end(target=None, max_deals=5),
        standings(900, 100),
        4,
        (),
        None,
        id="B13 no target: only the deals count",
    ),
    pytest.param(
        end(target=500, max_deals=10),
        standings(510, 100),
        10,
        (),
        ((0,), "target"),
        id="B13 the target is checked before max_deals",
    ),
    # B2, B13: runs of sets (from the standings, or from events)
    pytest.param(
        end(consecutive_sets_lose=2),
        standings((300, 2), 100),
        5,
        (),
        ((1,), "consecutive_sets"),
        id="B2 set twice running loses, whatever the scores",
    ),
    pytest.param(
        end(consecutive_sets_lose=2),
        standings((300, 1), 100),
        5,
        (),
        None,
        id="B2 one set is not enough",
    ),
    pytest.param(
        end(consecutive_sets_lose=2),
        standings((520, 2), 100),
        5,
        (),
        ((1,), "consecutive_sets"),
        id="B2 the run of sets comes before the target",
    ),
    pytest.param(
        end(consecutive_sets_lose=2),
        standings(300, 100),
        5,
        (InstantLoss(0, "consecutive_sets"),),
        ((1,), "consecutive_sets"),
        id="B2 a loss event counts even if the standings lost the run",
    ),
    pytest.param(
        end(consecutive_sets_lose=3),
        standings((300, 2), 100),
        5,
        (),
        None,
        id="B13 three sets lose: two are not enough",
    ),
    pytest.param(
        end(consecutive_sets_lose=2, losing_score=-200),
        standings((100, 2), -250),
        5,
        (),
        ((0,), "consecutive_sets"),
        id="B2 B13 one side set twice, the other at mercy: the higher wins",
    ),
    # instant wins
    pytest.param(
        {},
        standings(100, 400),
        5,
        (InstantWin(0, "moon"),),
        ((0,), "moon"),
        id="B10 a Moon worth the game wins at once",
    ),
    pytest.param(
        {},
        standings(100, 400),
        5,
        (InstantWin(0, "boston"),),
        ((0,), "boston"),
        id="B10 a Boston worth the game wins at once",
    ),
    pytest.param(
        end(consecutive_sets_lose=2),
        standings((100, 2), 400),
        5,
        (InstantWin(0, "ten_for_200_all_tricks"),),
        ((0,), "ten_for_200_all_tricks"),
        id="B2 an instant win comes before everything else",
    ),
    pytest.param(
        {},
        standings(100, 400),
        5,
        (InstantWin(0, "moon"), InstantWin(1, "boston")),
        ((1,), "boston"),
        id="two instant wins: the higher score wins",
    ),
    # B14: more than two sides
    pytest.param(
        THREE,
        standings(510, 520, 505),
        9,
        (),
        ((1,), "target"),
        id="B14 three sides reach the target: the highest wins",
    ),
    pytest.param(
        THREE, standings(520, 520, 505), 9, (), None, id="B14 three sides, tie at the top: play on"
    ),
    pytest.param(
        with_end(THREE, losing_score=-200),
        standings(-210, 150, 90),
        4,
        (),
        ((1,), "losing_score"),
        id="B14 mercy with three sides: the best of the others wins",
    ),
    pytest.param(
        with_end(THREE, losing_score=-200),
        standings(-210, 150, 150),
        4,
        (),
        None,
        id="B14 mercy with three sides, the others tied: play on",
    ),
    pytest.param(
        with_end(THREE, losing_score=-200, tie="draw"),
        standings(-210, 150, 150),
        4,
        (),
        ((1, 2), "losing_score"),
        id="B14 mercy with three sides, the others tied: draw",
    ),
    pytest.param(
        with_end(THREE, consecutive_sets_lose=2),
        standings((400, 2), (300, 2), 100),
        4,
        (),
        ((2,), "consecutive_sets"),
        id="B14 two of three sides set twice running: the third wins",
    ),
    pytest.param(
        with_end(THREE, consecutive_sets_lose=2),
        standings((400, 2), (300, 2), (100, 3)),
        4,
        (),
        ((0,), "consecutive_sets"),
        id="B14 every side set twice running: the highest wins",
    ),
]


@pytest.mark.parametrize(("data", "standing", "deals", "events", "expected"), CASES)
def test_game_result(
    data: Data,
    standing: list[Standing],
    deals: int,
    events: tuple[GameEvent, ...],
    expected: tuple[tuple[int, ...], str] | None,
) -> None:
    variant = Variant.model_validate(data)
    result = game_result(variant, standing, deals, events)
    assert (None if result is None else (result.winners, result.reason)) == expected


def test_results_explain_themselves() -> None:
    draw = game_result(Variant.model_validate(end(tie="draw")), standings(520, 520), 9)
    assert draw is not None
    assert (draw.is_draw, draw.winner) == (True, None)
    assert draw.text == "side 0 and side 1 draw at 520: reached the target of 500"
    moon = game_result(Variant(), standings(100, 400), 5, [InstantWin(0, "moon")])
    assert moon is not None
    assert (moon.is_draw, moon.winner, moon.text) == (False, 0, "side 0 wins: made the Moon")


def test_score_deal_reports_a_side_at_the_losing_score() -> None:
    """B13 mercy: the deal that takes a side to -200 or below says so in its events."""
    variant = Variant.model_validate(end(losing_score=-200))
    deal = score_deal(
        variant, [Contract(bid=6), Contract(bid=4)], [2, 5, 3, 3], [Standing(-150), Standing(60)]
    )
    assert deal.sides[0].after.score == -210
    assert deal.events == (InstantLoss(0, "losing_score"),)
    result = game_result(variant, deal.standings, 6, deal.events)
    assert result is not None
    assert (result.winner, result.reason) == (1, "losing_score")
    assert result.text == "side 1 wins with 104: side 0 loses (at or below -200)"
