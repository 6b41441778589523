"""Every cache of compiled rules is bounded (issue 27): a process that plays thousands of
distinct variants, like a server making a table from each user's file, keeps the rules of
at most ``RULES_KEPT`` of them, and everything derived from a variant's rules (its memos,
the native kernel's tables) goes with them.

These test the bounds, not the memory: ``bench/variants_memory.py`` measures that.
"""

from __future__ import annotations

import gc
import os
import weakref
from pathlib import Path

import pytest

import spadeslib.loader
from spadeslib import _backend
from spadeslib.compiler.cache import RULES, RULES_KEPT, memo_sizes
from spadeslib.compiler.rules import Rules
from spadeslib.engine import Game
from spadeslib.variant import Variant, load_variant, parse_variant

BASES = [
    parse_variant("extends: standard\nhouse_rules: [blind-bids, blind-nil-any-time]\n"),
    parse_variant("extends: nyc\n"),
    parse_variant("extends: mirror\n"),
    parse_variant("extends: six-handed\nhouse_rules: [passing-three]\n"),
]


def _with_target(base: Variant, target: int) -> Variant:
    """``base`` with its own target: a variant equal to no other."""
    return base.model_copy(update={"game_end": base.game_end.model_copy(update={"target": target})})


def _kernels() -> int:
    return sum(1 for thing in gc.get_objects() if type(thing).__name__ == "Kernel")


def test_playing_many_distinct_variants_keeps_a_bounded_number_of_rules() -> None:
    count = RULES_KEPT + 44
    kernels_before = _kernels()
    compiled: list[weakref.ref[Rules]] = []
    for index in range(count):
        variant = _with_target(BASES[index % len(BASES)], 1000 + index)
        game = Game(variant, seed=index)
        game.rollout(index)
        compiled.append(weakref.ref(variant.compile()))
        assert len(RULES) <= RULES.size
    del game, variant
    gc.collect()
    alive = [rules for ref in compiled if (rules := ref()) is not None]
    assert len({id(rules) for rules in alive}) == len(alive)
    assert len(alive) <= RULES_KEPT < count  # the oldest are gone
    assert compiled[0]() is None
    for rules in alive:  # each memo kept with the rules within its own bound
        for name, (entries, bound) in memo_sizes(rules).items():
            assert entries <= bound, name
    assert any(memo_sizes(rules) for rules in alive)  # the check sees the memos
    if _backend.native() is not None:  # a kernel goes with its rules
        assert _kernels() - kernels_before <= RULES_KEPT


def test_rules_in_use_stay_alive_and_are_found_again_after_eviction() -> None:
    variant = _with_target(BASES[0], 77)
    game = Game(variant, seed=1)
    rules = variant.compile()
    RULES.clear()
    assert len(RULES) == 0
    assert variant.compile() is rules  # the game holds them: found by the variant object
    assert _with_target(BASES[0], 77).compile() is rules  # and by an equal one
    assert len(RULES) == 1
    del game


def test_the_least_recently_used_rules_go_first() -> None:
    size = RULES.size
    try:
        RULES.resize(2)
        first, second, third = (_with_target(BASES[1], 3000 + k) for k in range(3))
        kept = weakref.ref(first.compile())
        gone = weakref.ref(second.compile())
        first.compile()  # used again: the most recent
        third.compile()
        gc.collect()
        assert kept() is not None
        assert gone() is None
        assert len(RULES) == 2
    finally:
        RULES.resize(size)


def test_load_variant_keeps_a_bounded_number_of_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(spadeslib.loader, "LOADED_KEPT", 5)
    paths = []
    for index in range(12):
        path = tmp_path / f"club{index}.yaml"
        path.write_text(f"extends: standard\ngame_end: {{target: {400 + index}}}\n")
        paths.append(os.fspath(path))
    first = load_variant(paths[0])
    second = load_variant(paths[1])
    for name in paths[1:]:
        load_variant(name)
        assert load_variant(paths[0]) is first  # the most recently used stays
        assert len(spadeslib.loader._LOADED) <= 5
    assert load_variant(paths[1]) is not second  # loaded again: it had gone
