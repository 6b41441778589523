"""The double-dummy solver asked for a worth, not a count (``levels``; docs/analysis.md):
where more tricks are not worth more (NYC's overtricks, bags), each card's value is the
best level of the outcome the maximizers can be sure of. The native set search
(src/native/solver_impl.h, ``set_search``) against the plain minimax of
spadeslib/analysis/reference.py over the bundled and generated variants, and the
properties that tie a level back to the count on whichever path plays.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spadeslib
from conftest import examples
from spadeslib.analysis import card_values, reference
from spadeslib.analysis.position import Position
from spadeslib.analysis.solve import side_seats
from spadeslib.errors import ArgumentError
from spadeslib.testing import variants
from test_double_dummy import VARIANTS, ending, endings, needs_native, raw


def _tricks_left(position: Position) -> int:
    return bin(position.hands[position.actor]).count("1")


def _levels(position: Position, rng: random.Random) -> list[int]:
    """A worth for each number of tricks, any shape: rising, falling, with peaks."""
    return [rng.randrange(-3, 4) for _ in range(_tricks_left(position) + 1)]


@needs_native
@pytest.mark.parametrize("name", VARIANTS)
def test_levels_agree_with_the_plain_minimax(name: str) -> None:
    for seed, position in endings(name, 8, 3):
        rng = random.Random(seed)
        side = side_seats(position, position.actor)
        others = ((1 << position.rules.players) - 1) & ~side
        for counted, maximizers in ((side, side), (side, others), (1 << position.actor, others)):
            levels = _levels(position, rng)
            expected = reference.values(position, counted, maximizers, levels=levels)
            for options in (0, 1, 2):  # the table, merged cards: each off in turn
                got = card_values(
                    position, counted, maximizers, native=True, options=options, levels=levels
                )
                assert got == expected, (seed, options, levels)


@needs_native
@pytest.mark.parametrize("name", VARIANTS)
def test_the_set_search_s_shortcuts_agree_with_it_on_longer_endings(name: str) -> None:
    """On endings long enough for the table to be asked often (the plain minimax is too
    slow there), the search with its shortcuts against the search without its table, its
    bounds and winning ranks: the trump bound and the sure tricks ruling outcomes out, a
    question open at one end asked as a count (the other side's count for "at most", its
    table entries told apart from the count's: mixed up, this fails), and winning ranks in
    those counts; for a side, against a side, and a Nil's question."""
    left = 4 if name == "six-handed" else 6  # six hands of 6: slow without the table
    for seed, position in endings(name, 8, left):
        rng = random.Random(seed)
        side = side_seats(position, position.actor)
        others = ((1 << position.rules.players) - 1) & ~side
        for counted, maximizers in ((side, side), (side, others), (1 << position.actor, others)):
            levels = _levels(position, rng)
            expected = card_values(
                position, counted, maximizers, native=True, options=1 | 4 | 16, levels=levels
            )
            for options in (0, 4, 16):
                got = card_values(
                    position, counted, maximizers, native=True, options=options, levels=levels
                )
                assert got == expected, (seed, options, levels)


@needs_native
@settings(max_examples=examples(12), deadline=None)
@given(variants(), st.integers(0, 2**32 - 1), st.randoms(use_true_random=False))
def test_generated_variants_reach_the_levels_the_minimax_does(
    variant: Any, seed: int, rng: random.Random
) -> None:
    position = ending(spadeslib.Game(variant, seed=seed % 1000), seed, 3)
    if position is None:
        return
    side = side_seats(position, position.actor)
    levels = _levels(position, rng)
    assert card_values(position, side, side, native=True, levels=levels) == reference.values(
        position, side, side, levels=levels
    )


@settings(max_examples=examples(15), deadline=None)
@given(st.sampled_from(("standard", "nyc", "two-handed")), st.integers(0, 10_000))
def test_rising_levels_are_the_count_and_falling_ones_the_other_side_s(
    name: str, seed: int
) -> None:
    position = ending(spadeslib.Game(name, seed=seed), seed, 3)
    if position is None:
        return
    side = side_seats(position, position.actor)
    others = ((1 << position.rules.players) - 1) & ~side
    left = _tricks_left(position)
    count = card_values(position, side, side)
    rising = card_values(position, side, side, levels=[7 * t - 2 for t in range(left + 1)])
    assert rising == {bit: 7 * tricks - 2 for bit, tricks in count.items()}
    # wanting fewer of one's own tricks is the other side's wanting more of them
    fewest = card_values(position, side, others)
    falling = card_values(position, side, side, levels=[-t for t in range(left + 1)])
    assert falling == {bit: -tricks for bit, tricks in fewest.items()}


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_a_card_s_level_is_the_best_level_after_it(seed: int, rng: random.Random) -> None:
    position = ending(spadeslib.Game("standard", seed=seed), seed, 3)
    if position is None:
        return
    side = side_seats(position, position.actor)
    levels = _levels(position, rng)
    for bit, level in card_values(position, side, side, levels=levels).items():
        after, winner = position.after(bit)
        taken = int(winner >= 0 and side >> winner & 1)
        rest = levels[taken:]
        if not after.hands[after.actor]:
            assert level == rest[0]
            continue
        values = card_values(after, side, side, levels=rest[: _tricks_left(after) + 1])
        best = max(values.values()) if side >> after.actor & 1 else min(values.values())
        assert level == best


@needs_native
def test_the_boundary_checks_the_levels() -> None:
    position = ending(spadeslib.Game("standard", seed=3), 3, 3)
    assert position is not None
    left = _tricks_left(position)
    side = side_seats(position, position.actor)
    with pytest.raises(ArgumentError, match=f"must have {left + 1} items, not {left}"):
        card_values(position, side, side, native=True, levels=[0] * left)
    with pytest.raises(ArgumentError, match="a level"):
        card_values(position, side, side, native=True, levels=[0] * left + [2**40])
    with pytest.raises(ArgumentError, match="a level"):
        card_values(position, side, side, native=True, levels=[0] * left + ["1"])  # type: ignore[list-item]
    card = next(iter(raw(position, side, side)))
    with pytest.raises(ArgumentError, match="levels and a focus cannot be given together"):
        card_values(position, side, side, native=True, focus=1 << card, levels=[0] * (left + 1))
