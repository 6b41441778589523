"""A seat given to ``Game``'s per-seat views (``observation``, ``hand``): a seat that is
not at the table is an ``ArgumentError`` naming it, the same for every view, never another
seat's cards or a ``TypeError`` from inside the engine."""

from __future__ import annotations

import pytest

from spadeslib.engine import Game
from spadeslib.errors import ArgumentError

# -1 gave seat 3's hand; 4 an IndexError; "0", 1.0 and True a TypeError or seat 1's view
BAD_SEATS = [-1, 4, "0", 1.0, True, None]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_an_observation_of_no_seat_is_refused(seat: object) -> None:
    game = Game("standard", seed=1)
    with pytest.raises(ArgumentError, match=r"no seat .*: seats are 0 to 3"):
        game.observation(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_the_hand_of_no_seat_is_refused(seat: object) -> None:
    game = Game("standard", seed=1)
    with pytest.raises(ArgumentError, match=r"no seat .*: seats are 0 to 3"):
        game.hand(seat)  # type: ignore[arg-type]


def test_every_seat_at_the_table_is_seen() -> None:
    game = Game("standard", seed=1)
    for seat in range(4):
        assert game.observation(seat).seat == seat
        assert len(game.hand(seat)) == 13
