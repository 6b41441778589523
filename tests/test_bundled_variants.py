"""The bundled variants and house rules: each loads, and each says what the spec says.

The files are found on disk, so a new variant or fragment is tested as soon as it is
added. The expected values are read off spec Parts A, B and D line by line; a failing
case names the variant and the dotted key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from spadeslib import Variant, VariantError
from spadeslib.loader import bundled_house_rules, bundled_variants
from spadeslib.variant import load_variant, parse_variant, validate

VARIANTS = Path(__file__).resolve().parents[1] / "variants"
VARIANT_FILES = sorted(VARIANTS.glob("*.yaml"))
HOUSE_RULE_FILES = sorted((VARIANTS / "house-rules").glob("*.yaml"))

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"
"""The natural spades from the ace down to the 3 (the 2 is often elevated or removed)."""


def load(name: str, *house_rules: str) -> Variant:
    """A bundled variant, with bundled house rules applied on top if any are given."""
    if not house_rules:
        return load_variant(name)
    text = f"extends: {name}\nhouse_rules: [{', '.join(house_rules)}]\n"
    return parse_variant(text, source=f"<{name} + {', '.join(house_rules)}>")


def value_at(variant: Variant, dotted: str) -> Any:
    """The value at ``dotted`` (like ``bidding.form.min_team_bid``) in plain data."""
    value: Any = variant.to_dict()
    for key in dotted.split("."):
        value = value[key]
    return value


# ---------------------------------------------------------------------------------------
# Every file loads.


def test_the_files_on_disk_are_the_bundled_names() -> None:
    assert sorted(path.stem for path in VARIANT_FILES) == bundled_variants()
    assert {"standard", "barmore", "nyc"} <= set(bundled_variants())
    assert sorted(path.stem for path in HOUSE_RULE_FILES) == bundled_house_rules()
    assert len(HOUSE_RULE_FILES) >= 60


@pytest.mark.parametrize("path", VARIANT_FILES, ids=lambda path: path.stem)
def test_every_bundled_variant_loads_by_name_and_by_path(path: Path) -> None:
    by_name = load_variant(path.stem)
    assert by_name == load_variant(str(path))
    assert by_name.name == path.stem
    assert by_name.description
    assert validate(path.stem) == []


def applied_on(name: str) -> tuple[str, ...]:
    """What a bundled fragment is meant for, by its ``applies_to``: a variant, then the
    house rules before it (``kitty-discard-after-bidding`` refines ``kitty-to-dealer``)."""
    data = yaml.safe_load((VARIANTS / "house-rules" / f"{name}.yaml").read_text("utf-8"))
    target = data.get("applies_to", "standard")
    if target in bundled_variants():
        return (target,)
    return (*applied_on(target), target)


@pytest.mark.parametrize("path", HOUSE_RULE_FILES, ids=lambda path: path.stem)
def test_every_house_rule_is_valid_on_its_own(path: Path) -> None:
    # Issue 15, item 13: a fragment is checked on what it applies_to (nyc-keep-2c on nyc).
    assert validate(str(path)) == []


def test_a_fragment_for_another_variant_says_so() -> None:
    assert applied_on("nyc-keep-2c") == ("nyc",)
    assert applied_on("kitty-discard-after-bidding") == ("standard", "kitty-to-dealer")
    assert applied_on("no-nil") == ("standard",)


@pytest.mark.parametrize("path", HOUSE_RULE_FILES, ids=lambda path: path.stem)
def test_every_house_rule_applies_and_changes_something(path: Path) -> None:
    base, *before = applied_on(path.stem)
    without = load(base, *before)
    with_rule = load(base, *before, path.stem)
    assert with_rule != without, f"{path.stem} changes nothing on {base}"
    assert with_rule.name == without.name  # fragments never rename a variant


def test_trump_fragments_are_alternatives_not_additions() -> None:
    # Each trump fragment states the whole deck, so two in one list conflict.
    with pytest.raises(VariantError) as caught:
        load("standard", "jokers-big-little", "nyc-trumps")
    assert "deck." in str(caught.value)


# ---------------------------------------------------------------------------------------
# Each full variant says what the spec says.

STANDARD = {
    # A1
    "table.players": 4,
    "table.partnerships": "pairs",
    "deck.packs": 1,
    "deck.jokers": [],
    "deck.remove": [],
    "deck.elevated": [],
    # A2
    "deal.hand_size": 13,
    "deal.first_dealer": "random",
    "deal.method.kind": "round_robin",
    "deal.leftover.kind": "none",
    # A3
    "bidding.form.kind": "round_the_table",
    "bidding.form.first": "dealer_left",
    "bidding.form.min_bid": 0,
    "bidding.form.max_bid": None,
    "bidding.raise_round": False,
    "bidding.forced": None,
    "bidding.nil.enabled": True,
    "bidding.blind_nil.enabled": True,
    "bidding.blind_nil.eligibility": {"kind": "behind", "points": 100},
    "bidding.blind_nil.exchange": 2,
    "bidding.blind.enabled": False,
    # A4
    "play.first_lead": "dealer_left",
    "play.first_trick": "no_spade_lead",
    "play.spade_lead.kind": "when_broken",
    "play.breaking": "any_spade",
    "play.void": "free",
    # A5
    "scoring.trick_value": 10,
    "scoring.overtrick_value": 1,
    "scoring.set": "minus_bid",
    "scoring.overtrick_limit": None,
    "scoring.bags.enabled": True,
    "scoring.bags.limit": 10,
    "scoring.bags.penalty": 100,
    "scoring.bags.after_penalty": "keep_remainder",
    "scoring.boston.kind": "none",
    # A6, Part D
    "bidding.nil.make": 100,
    "bidding.nil.fail": 100,
    "bidding.nil.failed_tricks": "bags",
    "bidding.nil.both_partners": True,
    "bidding.blind_nil.make": 200,
    "bidding.blind_nil.fail": 200,
    # A7, Part D
    "game_end.target": 500,
    "game_end.tie": "play_on",
    "game_end.consecutive_sets_lose": None,
}

JOKER_DEUCE_DECK = {
    "deck.jokers": ["BJ", "LJ"],
    "deck.remove": ["2C", "2H"],
    "deck.elevated": ["BJ", "LJ", "2D", "2S"],
}

NO_BLIND_NIL = {"bidding.nil.enabled": True, "bidding.blind_nil.enabled": False}

EXPECTED: dict[str, dict[str, Any]] = {
    "standard": STANDARD,
    "barmore": {
        "deck.jokers": ["BJ", "LJ"],
        "deck.remove": ["2C", "2H"],
        "deck.elevated": ["BJ", "LJ", "2S"],
        "bidding.form": {"kind": "partnership", "min_team_bid": 4, "max_team_bid": None},
        "play.first_lead": "dealer",
        "play.first_trick": "any",
        "play.spade_lead.kind": "any_time",
        "bidding.nil.enabled": False,
        "bidding.blind_nil.enabled": False,
        "bidding.blind.enabled": True,
        "bidding.blind.min_bid": 7,
        "bidding.blind.max_bid": None,
        "bidding.blind.eligibility.kind": "always",
        "bidding.blind.make_multiplier": 2,  # blind 7 = +140
        "bidding.blind.fail_multiplier": 2,  # ... and -140
        "bidding.blind.overtricks_score": True,  # overtricks 1 each as usual
        "bidding.blind.overtricks_bags": True,
        "scoring.overtrick_value": 1,
        "scoring.bags.enabled": True,
        "game_end.target": 500,
    },
    "nyc": {
        **JOKER_DEUCE_DECK,
        "deal.french_cut": False,  # optional: the french-cut house rule
        "bidding.form": {"kind": "partnership", "min_team_bid": 4, "max_team_bid": 10},
        "bidding.nil.enabled": False,
        "bidding.blind_nil.enabled": False,
        "bidding.blind.enabled": True,
        "bidding.blind.min_bid": 6,
        "bidding.blind.max_bid": 10,
        "bidding.blind.eligibility": {"kind": "behind", "points": 100},
        "bidding.blind.make_multiplier": 2,
        "bidding.blind.fail_multiplier": 1,
        "bidding.blind.no_overtrick_limit": True,
        "bidding.blind.come_out_to": 10,
        "bidding.ten_for_200.enabled": True,
        "bidding.ten_for_200.bids": "exactly_10",
        "bidding.ten_for_200.make": 200,
        "bidding.ten_for_200.fail": 200,
        "bidding.ten_for_200.all_tricks_wins_game": True,
        "bidding.first_deal_bids_itself": True,
        "play.first_lead": "dealer_left",
        "play.spade_lead": {"kind": "after_tricks", "tricks": 3},
        "play.breaking": "on_other_suit",
        "scoring.trick_value": 10,
        "scoring.overtrick_value": 0,
        "scoring.overtrick_limit": 2,
        "scoring.set": "minus_bid",
        "scoring.bags.enabled": False,
        "scoring.boston.kind": "record",
        "game_end.consecutive_sets_lose": 2,
        "game_end.target": 500,
        "game_end.tie": "play_on",
    },
    "jjdd": {
        **JOKER_DEUCE_DECK,
        "bidding.form.kind": "round_the_table",
        "bidding.nil.enabled": True,
        "bidding.blind_nil.enabled": True,
        "play.spade_lead.kind": "when_broken",
        "scoring.bags.limit": 10,
    },
    "suicide": {**NO_BLIND_NIL, "bidding.forced": {"kind": "suicide", "partner_min": 4}},
    "mirror": {**NO_BLIND_NIL, "bidding.forced": {"kind": "mirror"}},
    "whiz": {**NO_BLIND_NIL, "bidding.forced": {"kind": "whiz"}},
    "cutthroat": {
        **NO_BLIND_NIL,
        "table.players": 3,
        "table.partnerships": "none",
        "deal.hand_size": 17,
        "deal.leftover.kind": "widow",
        "play.first_lead": "lowest_club",
        "bidding.form.max_bid": None,  # 0 to 17
    },
    "two-handed": {
        **NO_BLIND_NIL,
        "table.players": 2,
        "table.partnerships": "none",
        "deal.method.kind": "draw_and_discard",
        "deal.hand_size": 13,
        "play.first_lead": "dealer_left",  # the non-dealer
        "game_end.target": 300,
        "scoring.bags.limit": 5,
        "scoring.bags.penalty": 50,
    },
    "solo": {
        "table.players": 4,
        "table.partnerships": "none",
        "bidding.nil.make": 50,
        "bidding.nil.fail": 50,
        "bidding.blind_nil.enabled": False,
    },
    "six-handed": {
        "table.players": 6,
        "table.partnerships": "pairs",
        "deck.packs": 2,
        "deck.remove": ["2C"],
        "deck.identical_cards": "later_wins",
        "deal.hand_size": 17,
    },
    "widow-spades": {
        "deck.jokers": ["BJ", "LJ"],
        "deck.elevated": ["BJ", "LJ"],
        "deck.remove": [],
        "deal.leftover.kind": "widow",
    },
    "mitchell-spades": {
        "deck.jokers": ["BJ", "LJ"],
        "deck.elevated": ["BJ", "LJ"],
        "deal.leftover.kind": "mitchell",
    },
}

CASES = [
    pytest.param(name, key, value, id=f"{name}:{key}")
    for name, values in EXPECTED.items()
    for key, value in values.items()
]


@pytest.mark.parametrize(("name", "key", "expected"), CASES)
def test_bundled_variant_matches_the_spec(name: str, key: str, expected: Any) -> None:
    assert value_at(load(name), key) == expected


def test_every_bundled_variant_has_spec_values() -> None:
    assert set(EXPECTED) == set(bundled_variants())


def test_standard_is_the_default_game() -> None:
    # Part A is the format's default: the file only spells it out for readers.
    standard = load("standard").model_dump(exclude={"name", "description"})
    assert standard == Variant().model_dump(exclude={"name", "description"})


@pytest.mark.parametrize("name", sorted(EXPECTED), ids=str)
def test_presets_differ_from_standard_only_where_checked(name: str) -> None:
    # Every key a preset sets away from standard is one the spec table above checks,
    # so nothing slips into a bundled variant unreviewed.
    standard, variant = load("standard").to_dict(), load(name).to_dict()
    checked = EXPECTED[name]

    def differences(a: Any, b: Any, path: str) -> list[str]:
        if isinstance(a, dict) and isinstance(b, dict) and a.get("kind") == b.get("kind"):
            return [d for key in b for d in differences(a.get(key), b[key], f"{path}.{key}")]
        return [] if a == b else [path[1:]]

    for key in differences(standard, variant, ""):
        if key in ("name", "description"):
            continue
        assert any(
            key == c or key.startswith(c + ".") or c.startswith(key + ".") for c in checked
        ), f"{name} sets {key}, which EXPECTED[{name!r}] does not check"


# ---------------------------------------------------------------------------------------
# The compiled deck and trump order of every bundled variant.

DECKS: dict[tuple[str, ...], tuple[int, str, dict[str, str]]] = {
    ("standard",): (52, SPADES + " 2S", {"2S": "S", "2D": "D"}),
    ("nyc",): (52, "BJ LJ 2D 2S " + SPADES, {"2D": "S", "BJ": "S", "LJ": "S", "3D": "D"}),
    ("barmore",): (52, "BJ LJ 2S " + SPADES, {"2S": "S", "2D": "D", "BJ": "S"}),
    ("jjdd",): (52, "BJ LJ 2D 2S " + SPADES, {"2D": "S"}),
    ("suicide",): (52, SPADES + " 2S", {}),
    ("mirror",): (52, SPADES + " 2S", {}),
    ("whiz",): (52, SPADES + " 2S", {}),
    ("cutthroat",): (52, SPADES + " 2S", {"2C": "C"}),
    ("two-handed",): (52, SPADES + " 2S", {}),
    ("solo",): (52, SPADES + " 2S", {}),
    ("six-handed",): (102, SPADES + " 2S", {"3C": "C"}),
    ("widow-spades",): (54, "BJ LJ " + SPADES + " 2S", {"LJ": "S"}),
    ("mitchell-spades",): (54, "BJ LJ " + SPADES + " 2S", {"BJ": "S"}),
    # Sub-variants and card house rules.
    ("nyc", "black-joker-high"): (52, "LJ BJ 2D 2S " + SPADES, {"2D": "S"}),
    ("nyc", "nyc-keep-2c"): (52, "BJ LJ 2S " + SPADES, {"2C": "C"}),
    ("cutthroat", "cutthroat-remove-2c"): (51, SPADES + " 2S", {"3C": "C"}),
    ("six-handed", "six-handed-jokers"): (108, "BJ LJ " + SPADES + " 2S", {}),
    ("standard", "elevated-deuces"): (52, "2D 2S " + SPADES, {"2D": "S", "3D": "D"}),
    ("standard", "jokers-big-little"): (52, "BJ LJ " + SPADES + " 2S", {"2D": "D"}),
    ("standard", "barmore-trumps"): (52, "BJ LJ 2S " + SPADES, {"2D": "D"}),
    ("standard", "nyc-trumps"): (52, "BJ LJ 2D 2S " + SPADES, {"2D": "S"}),
}


@pytest.mark.parametrize(
    ("names", "size", "trumps", "suits"),
    [pytest.param(names, *case, id="+".join(names)) for names, case in DECKS.items()],
)
def test_deck_and_trump_order(
    names: tuple[str, ...], size: int, trumps: str, suits: dict[str, str]
) -> None:
    rules = load(*names).compile()
    assert len(rules.deck) == size
    assert " ".join(str(card) for card in rules.trump_order()) == trumps
    for card, suit in suits.items():
        assert rules.effective_suit(card) == suit, card
    order = rules.trump_order()
    assert [rules.strength(card) for card in order] == sorted(
        (rules.strength(card) for card in order), reverse=True
    )


def test_every_bundled_variant_has_a_deck_case() -> None:
    assert {names[0] for names in DECKS if len(names) == 1} == set(bundled_variants())


@pytest.mark.parametrize("path", HOUSE_RULE_FILES, ids=lambda path: path.stem)
def test_every_house_rule_compiles(path: Path) -> None:
    base, *before = applied_on(path.stem)
    variant = load(base, *before, path.stem)
    rules = variant.compile()
    assert len(rules.deck) == variant.deck.size()
    assert len(rules.deck) >= variant.table.players * variant.deal.hand_size
