"""``Game.rollout``: the engine's own random playout plays exactly the game the public loop
``ids[int(rng.random() * len(ids))]`` plays with the same generator, under any variant and
from any position, and stops where it says."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game_helpers import dump
from spadeslib.engine import Game
from spadeslib.errors import ArgumentError
from spadeslib.loader import bundled_variants
from spadeslib.testing import games, variants
from spadeslib.variant import Variant, parse_variant

BUNDLED = sorted(bundled_variants())


def public_loop(game: Game, rng: random.Random, deals: int) -> int:
    """What ``game.rollout(rng, deals=deals)`` promises to do, through the public API."""
    stop = game.deal_number + deals
    played = 0
    while game.deal_number < stop and not game.is_over:
        ids = game.legal_action_ids()
        game.apply_id(ids[int(rng.random() * len(ids))])
        played += 1
    return played


def assert_same_as_public_loop(game: Game, seed: int, deals: int) -> None:
    twin = game.clone()
    expected = public_loop(twin, random.Random(seed), deals)
    assert game.rollout(random.Random(seed), deals=deals) == expected
    assert dump(game) == dump(twin)
    assert game.deal_history == twin.deal_history
    assert game.record() == twin.record()


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_rollouts_play_the_public_loops_game(name: str) -> None:
    for seed in range(3):
        assert_same_as_public_loop(Game(name, seed=seed), seed, deals=2)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(variant=variants(), seed=st.integers(0, 2**32), deals=st.integers(1, 3))
def test_generated_variants_roll_out_as_the_public_loop(
    variant: Variant, seed: int, deals: int
) -> None:
    assert_same_as_public_loop(Game(variant, seed=seed), seed, deals)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(game=games(max_actions=80), seed=st.integers(0, 2**32))
def test_a_rollout_from_any_position_plays_the_public_loops_game(game: Game, seed: int) -> None:
    assert_same_as_public_loop(game, seed, deals=1)


def test_a_rollout_ends_at_the_end_of_the_deal_and_leaves_the_game_playable() -> None:
    game = Game("standard", seed=4)
    played = game.rollout(9)
    assert game.deal_number == 1 and len(game.deal_history) == 1
    assert played == 4 + 52  # four bids, every card
    assert sum(game.deal_history[0].tricks) == 13
    assert game.phase in ("blind", "bidding") and game.legal_action_ids()  # dealt on demand
    assert game.rollout(9, deals=3) > 0 and game.deal_number == 4


def test_the_same_seed_rolls_out_the_same_game() -> None:
    first, second = Game("nyc", seed=11), Game("nyc", seed=11)
    first.rollout(5, deals=4)
    second.rollout(random.Random(5), deals=4)
    assert first.record() == second.record()


def test_a_rollout_stops_when_the_game_ends() -> None:
    short = parse_variant("extends: standard\ngame_end: {target: 100, losing_score: -100}")
    game = Game(short, seed=1)
    game.rollout(0, deals=1000)
    assert game.is_over and game.deal_number < 1000
    before = dump(game)
    assert game.rollout(0) == 0
    assert dump(game) == before


@pytest.mark.parametrize("deals", [0, -1, 1.5, "2", True, None])
def test_a_rollout_needs_a_whole_number_of_deals(deals: object) -> None:
    game = Game("standard", seed=1)
    before = dump(game)
    with pytest.raises(ArgumentError, match="deals must be an int of at least 1"):
        game.rollout(0, deals=deals)  # type: ignore[arg-type]
    assert dump(game) == before
