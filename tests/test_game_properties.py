"""Invariants of any game under any variant, with random legal actions (issue 3's list):
every deal uses every card exactly once; tricks per deal equal the hand size; scores
change only at the end of a deal; bags are never negative; a record replays to the same
state; a clone is independent; an illegal action leaves the state byte-identical;
observations hold no other player's hidden cards; every trick goes to the card the plain
reading of the rules picks."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game_helpers import (
    check_deal_uses_every_card_once,
    check_observation,
    check_trick_winners,
    dump,
    plausible_id,
)
from spadeslib.engine import Game
from spadeslib.errors import IllegalActionError
from spadeslib.loader import bundled_variants
from spadeslib.testing import games, variants
from spadeslib.variant import Variant, load_variant

BUNDLED = sorted(bundled_variants())


def run(game: Game, rng: random.Random, steps: int) -> None:
    scores = game.scores
    deals = game.deal_number
    count = len(game._s.deals)
    check_deal_uses_every_card_once(game)
    for step in range(steps):
        if game.is_over:
            break
        assert all(bags >= 0 for bags in game.bags)
        if step % 7 == 0:
            seat = game.current_player
            assert seat is not None
            check_observation(game, seat)
            check_observation(game, (seat + 1) % game.variant.table.players)
        if step % 11 == 0:  # an illegal action changes nothing
            before = dump(game)
            legal = set(game.legal_action_ids())
            wrong = next(i for i in range(game._s.space.dense_size + 1) if i not in legal)
            try:
                game.apply_id(wrong)
            except IllegalActionError:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"illegal id {wrong} was applied")
            assert dump(game) == before
        if step % 13 == 0:  # a clone is independent
            before = dump(game)
            twin = game.clone()
            twin.apply_id(plausible_id(twin, random.Random(step)))
            assert dump(game) == before
        game.apply_id(plausible_id(game, rng))
        check_trick_winners(game)
        if len(game._s.deals) != count:
            count = len(game._s.deals)
            if not game.is_over:
                check_deal_uses_every_card_once(game)
        if game.deal_number != deals:
            deals = game.deal_number
            last = game.deal_history[-1]
            assert sum(last.tricks) == game.variant.deal.hand_size
            scores = game.scores
        else:
            assert game.scores == scores
    replayed = Game.replay(game.record())
    assert dump(replayed) == dump(game)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(BUNDLED), seed=st.integers(0, 2**64 - 1))
def test_bundled_variants_keep_every_invariant(name: str, seed: int) -> None:
    run(Game(load_variant(name), seed=seed), random.Random(seed), 250)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(variant=variants(), seed=st.integers(0, 2**32))
def test_generated_variants_keep_every_invariant(variant: Variant, seed: int) -> None:
    run(Game(variant, seed=seed), random.Random(seed), 150)


@given(seed=st.integers(0, 2**64 - 1))
def test_same_seed_same_game(seed: int) -> None:
    first = Game("standard", seed=seed)
    second = Game("standard", seed=seed)
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(60):
        first.apply_id(plausible_id(first, rng_a))
        second.apply_id(plausible_id(second, rng_b))
    assert first.record() == second.record()


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(game=games("standard", max_actions=120))
def test_games_strategy_gives_replayable_games(game: Game) -> None:
    assert dump(Game.replay(game.record())) == dump(game)
