"""Observations as data (issue 13): ``to_dict``/``from_dict`` and JSON round-trip for any
game and seat, with the legal actions; a bad dict is a RecordError saying where."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spadeslib.engine.views.observation_data
from spadeslib.engine import Game, Observation
from spadeslib.errors import RecordError
from spadeslib.testing import games


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(game=games(max_actions=200), seat=st.integers(0, 5))
def test_an_observation_round_trips_through_json(game: Game, seat: int) -> None:
    observation = game.observation(seat % game.variant.table.players)
    data = observation.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Observation.from_dict(data) == observation
    assert Observation.from_json(observation.to_json()) == observation
    assert data["legal_actions"] == [str(a) for a in observation.legal_actions]


def test_finished_deals_round_trip_with_their_points() -> None:
    game = Game("standard", seed=3)
    while game.deal_number < 2:
        game.apply_id(game.legal_action_ids()[-1])
    observation = game.observation(0)
    data = observation.to_dict()
    deal = data["history"][0]
    assert deal["points"] == [side.total for side in game.deal_history[0].score.sides]
    assert len(deal["hands"]) == 4 and all(len(hand) == 13 for hand in deal["hands"])
    back = Observation.from_dict(data)
    assert back == observation and back.history[0].score is None
    assert back.history[0].hands == game.deal_history[0].hands


def test_the_module_examples_run() -> None:
    assert doctest.testmod(spadeslib.engine.views.observation_data).failed == 0


def _data() -> dict[str, Any]:
    return Game("standard", seed=7, dealer=0).observation(1).to_dict()


def _with(key: str, value: object) -> dict[str, Any]:
    data = _data()
    data[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "match"),
    [
        pytest.param("{}", "an observation is a JSON object, not str", id="not an object"),
        pytest.param({**_data(), "x": 1}, r"unknown key\(s\) \['x'\]", id="unknown key"),
        pytest.param({k: v for k, v in _data().items() if k != "seat"}, "missing", id="missing"),
        pytest.param(_with("seat", "1"), "observation.seat: expected an int, got '1'", id="seat"),
        pytest.param(_with("hand", ["AS", "ZZ"]), r"observation.hand\[1\]", id="a card"),
        pytest.param(_with("legal_actions", ["jump"]), r"legal_actions\[0\]", id="an action"),
        pytest.param(_with("trick", [[0]]), r"observation.trick\[0\]: expected a pair", id="pair"),
        pytest.param(_with("blind", [1, 0]), r"observation.blind\[0\]: expected true", id="bool"),
        pytest.param(
            _with("history", [{}]), r"observation.history\[0\]: expected the keys", id="deal"
        ),
    ],
)
def test_a_bad_observation_dict_is_a_record_error(data: object, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        Observation.from_dict(data)


def test_bad_json_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        Observation.from_json("{")
