"""Rule-by-rule differences between two variants, in words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from conftest import examples
from spadeslib.explain.diff import _LABELS, card_words, changed_paths, diff, flatten
from spadeslib.testing import variants
from spadeslib.variant import Variant, load_variant

FAST = settings(
    max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow], deadline=None
)


def test_standard_to_nyc() -> None:
    lines = diff(load_variant("standard"), load_variant("nyc"))
    assert "Jokers: none -> big joker, little joker" in lines
    assert "Cards removed: none -> 2♣, 2♥" in lines
    assert "Cards above the A♠, highest first: none -> big joker, little joker, 2♦, 2♠" in lines
    assert (
        "Bidding: round the table from the dealer's left, bids 0 to every trick -> "
        "partnership, team bids 4 to 10"
    ) in lines
    assert "Nil: on -> off" in lines
    assert "First deal bids itself: no -> yes" in lines
    assert "Sets in a row that lose the game: never -> 2" in lines
    assert "Most overtricks before being set: no limit -> 2" in lines
    assert not any(line.startswith("Target score") for line in lines)  # both play to 500
    blind = next(line for line in lines if line.startswith("Blind bids: off -> on"))
    for setting in (
        "lowest: 6",
        "highest: 10",
        "who may bid: a side behind by at least 100 points",
        "may come out to: 10",
    ):
        assert setting in blind


def test_standard_to_barmore_and_back() -> None:
    standard, barmore = load_variant("standard"), load_variant("barmore")
    there, back = diff(standard, barmore), diff(barmore, standard)
    assert "First lead: dealer's left -> dealer" in there
    assert "First lead: dealer -> dealer's left" in back
    assert "Spades may be led: once broken -> at any time" in there
    assert len(there) == len(back)


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"game_end": {"target": 300}}, "Target score: 500 -> 300"),
        ({"game_end": {"losing_score": -200}}, "Losing score (mercy): none -> -200"),
        ({"scoring": {"bags": {"limit": 5, "penalty": 50}}}, "Bags, limit: 10 -> 5"),
        ({"scoring": {"bags": {"enabled": False}}}, "Bags: on -> off"),
        ({"bidding": {"nil": {"make": 50}}}, "Nil, points if made: 100 -> 50"),
        (
            {"bidding": {"blind_nil": {"eligibility": {"kind": "always"}}}},
            "Blind Nil, who may bid it: a side behind by at least 100 points -> any side",
        ),
        (
            {"play": {"spade_lead": {"kind": "after_tricks", "tricks": 3}}},
            "Spades may be led: once broken -> from trick 4 on, or once broken",
        ),
        (
            {"misdeal": {"conditions": [{"kind": "no_spades"}, {"kind": "at_most_spades"}]}},
            "Misdeal may be called with: never -> no spades, at most 1 spade",
        ),
        ({"passing": {"cards": 3}}, "Cards passed to partner: 0 -> 3"),
        (
            {"scoring": {"boston": {"kind": "points", "points": 300}}},
            "All 13 tricks (Boston): none -> 300 points",
        ),
        (
            {"scoring": {"boston": {"kind": "points", "points": 1}}},
            "All 13 tricks (Boston): none -> 1 point",
        ),
        (
            {"bidding": {"moon": {"enabled": True}}},
            "Moon bid (all tricks): off -> on (if made: 200 points; if failed: 200 points; Blind "
            "Boston, if made: as a blind bid)",
        ),
    ],
)
def test_one_change_is_one_line(change: dict[str, Any], line: str) -> None:
    lines = diff(Variant(), Variant.model_validate(change))
    assert line in lines
    if "enabled" not in str(change) and "limit" not in str(change):
        assert len(lines) == 1


def test_the_deck_size_follows_the_deck_lines() -> None:
    widow = Variant.model_validate(
        {
            "deck": {"jokers": ["BJ", "LJ"], "elevated": ["BJ", "LJ"]},
            "deal": {"leftover": {"kind": "widow"}},
        }
    )
    assert diff(Variant(), widow) == [
        "Jokers: none -> big joker, little joker",
        "Cards above the A♠, highest first: none -> big joker, little joker",
        "Cards in the deck: 52 -> 54",
        "Left-over cards: none -> set aside unseen (widow)",
    ]


def test_every_rule_has_a_label() -> None:
    assert set(flatten(Variant())) == set(_LABELS)


def test_card_words() -> None:
    assert [card_words(name) for name in ("AS", "TD", "10h", "2C", "BJ", "LJ")] == [
        "A♠",
        "10♦",
        "10♥",
        "2♣",
        "big joker",
        "little joker",
    ]


@FAST
@given(variants())
def test_a_variant_does_not_differ_from_itself(variant: Variant) -> None:
    assert diff(variant, variant) == []


@FAST
@given(variants(), variants())
def test_every_difference_has_a_line(a: Variant, b: Variant) -> None:
    lines = diff(a, b)
    assert bool(lines) == bool(changed_paths(a, b))
    assert all(" -> " in line and ": " in line for line in lines)
    assert len(lines) == len(set(lines))
