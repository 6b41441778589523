"""The rules card: golden files for the named variants, marks, every kind, every variant.

The golden files in tests/golden/ were checked line by line against spec Part B (see the
comments on NYC_FACTS and BARMORE_FACTS). After an intended change of wording, rewrite them
with ``SPADESLIB_UPDATE_GOLDEN=1 pytest tests/test_explain.py`` and review the diff.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from conftest import examples
from spadeslib.cli.main import main
from spadeslib.errors import VariantError
from spadeslib.explain import (
    SECTIONS,
    explain,
    explain_house_rule,
    rules_cards,
    statements,
    trump_order,
)
from spadeslib.explain.deck import trump_order_from_deck
from spadeslib.explain.diff import changed_paths
from spadeslib.loader import bundled_house_rules, bundled_variants
from spadeslib.testing import variants
from spadeslib.variant import Variant, load_variant, parse_variant

GOLDEN = Path(__file__).parent / "golden"
DOCS_VARIANTS = Path(__file__).parents[1] / "docs" / "variants"
UPDATE = bool(os.environ.get("SPADESLIB_UPDATE_GOLDEN"))
MARK = "**House rule:**"


def marked(card: str) -> list[str]:
    return [line for line in card.splitlines() if MARK in line]


def line_with(card: str, text: str) -> str:
    found = [line for line in card.splitlines() if text in line]
    assert len(found) == 1, f"{text!r} is on {len(found)} lines of the card"
    return found[0]


# --- golden files ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["standard", "barmore", "nyc"])
@pytest.mark.parametrize(("fmt", "suffix"), [("markdown", "md"), ("text", "txt")])
def test_golden(name: str, fmt: Any, suffix: str) -> None:
    card = explain(load_variant(name), format=fmt)
    path = GOLDEN / f"{name}.{suffix}"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(card, encoding="utf-8")
    assert card == path.read_text(encoding="utf-8"), (
        f"{path.name} is out of date; if the change is intended, rerun with "
        "SPADESLIB_UPDATE_GOLDEN=1 and review the diff"
    )


def test_docs_rules_cards_are_up_to_date() -> None:
    """docs/variants/ holds the card of every bundled variant (python -m spadeslib.explain)."""
    for filename, text in rules_cards().items():
        path = DOCS_VARIANTS / filename
        if UPDATE:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"docs/variants/{filename} is missing"
        assert path.read_text(encoding="utf-8") == text, f"docs/variants/{filename} is stale"


# Spec B2, one entry per rule: a phrase of the NYC card and whether it is a house rule.
NYC_FACTS = [
    # cards: two jokers, 2C and 2H removed; BJ LJ 2D 2S AS .. 3S; jokers and 2D follow spades
    ("without the 2♣ and the 2♥", True),
    (
        "Trumps, highest first: big joker, little joker, 2♦, 2♠, A♠, K♠, Q♠, J♠, 10♠, 9♠, 8♠, "
        "7♠, 6♠, 5♠, 4♠, 3♠.",
        True,
    ),
    ("The big joker, the little joker and the 2♦ count as spades for following suit", True),
    # bidding: partnership, dealer's opponents first, 4 to 10, no Nil
    ("team bid of 4 to 10 tricks. The dealer's opponents bid first", True),
    ("No Nil: a bid of 0 is not allowed.", True),
    # blind: behind by 100, at least 6, come out to 10 scored singly
    (
        "may bid 6 to 10 tricks blind, before either partner looks at their cards; only a side "
        "behind by at least 100 points may bid blind",
        True,
    ),
    ("come out of the blind bid and bid 10 instead, which then scores singly (+200", True),
    # play: dealer's left leads; no spade lead in the first 3 tricks unless trumped in
    ("The player on the dealer's left leads to the first trick", False),
    (
        "Spades may not be led in the first 3 tricks unless broken (a spade has been played on "
        "the lead of another suit)",
        True,
    ),
    ("from the 4th trick on any card may be led", True),
    # scoring 4-9: 10 x bid, nothing for overtricks, 1-2 overtricks allowed, 3+ is a set
    ("scores 10 points per trick bid, and nothing for overtricks", True),
    ("at most 2 tricks over its contract: with 3 or more overtricks it is set", True),
    ("fewer tricks than its contract is set: it loses 10 points per trick bid", False),
    # 10 = 200 for 10-12 tricks, -200 below; all 13 wins the game
    ("bids exactly 10 scores 200 if it makes it (10, 11 or 12 tricks) and loses 200 if not", True),
    ("A side that bids 10 and wins all 13 tricks wins the game at once.", True),
    # Boston recorded; below 10 it is a set for overtricks
    ("It is recorded (bragging rights) but scores nothing extra", True),
    ("a side that bid less than 10 is set for too many overtricks", True),
    # ... but a blind bid has no overtrick limit, so a blind 6 that takes all 13 is made
    ("unless it bid blind (blind bids have no overtrick limit)", True),
    # blind: double if made, no overtrick limit; single when failed
    ("6 = +120, 7 = +140, 8 = +160, 9 = +180, 10 = +400", True),
    ("the normal penalty, not doubled: 6 = -60, 7 = -70, 8 = -80, 9 = -90, 10 = -200", True),
    ("A side that makes a blind bid may take any number of overtricks", True),
    # first hand bids itself; back-to-back set; 500; ties play on
    (
        "The first deal of a game bids itself: there is no bidding, and each side scores 10 "
        "points per trick it wins.",
        True,
    ),
    (
        "set on two deals in a row loses the game at once, whatever the scores; if more than one "
        "side does so in the same deal, the higher score wins",
        True,
    ),
    ("The first side to reach 500 points wins.", False),
    ("another deal is played until the tie is broken", False),
    ("Bags are not counted", True),
]

# Spec B1.
BARMORE_FACTS = [
    ("without the 2♣ and the 2♥", True),
    (
        "Trumps, highest first: big joker, little joker, 2♠, A♠, K♠, Q♠, J♠, 10♠, 9♠, 8♠, 7♠, "
        "6♠, 5♠, 4♠, 3♠.",
        True,
    ),
    ("The big joker and the little joker count as spades for following suit", True),
    ("Partnership bidding: each side agrees a single team bid of 4 to 13 tricks", True),
    ("The dealer leads to the first trick and may lead any card.", True),
    ("Spades may be led at any time: they need not be broken.", True),
    ("No Nil: a bid of 0 is not allowed.", True),
    ("No Blind Nil.", True),
    (
        "a side may bid 7 or more tricks blind, before either partner looks at their cards; any "
        "side may bid blind, whatever the scores",
        True,
    ),
    ("7 = +140, 8 = +160, 9 = +180", True),
    ("double the normal penalty: 7 = -140, 8 = -160", True),
    ("Overtricks score and count as bags as usual.", True),
    ("plus 1 point for each overtrick", False),
    ("The first side to reach 500 points wins.", False),
]

STANDARD_FACTS = [
    ("A standard 52-card pack.", False),
    ("In every suit the cards rank A K Q J 10 9 8 7 6 5 4 3 2 (ace high).", False),
    ("Trumps, highest first: A♠, K♠, Q♠, J♠, 10♠, 9♠, 8♠, 7♠, 6♠, 5♠, 4♠, 3♠, 2♠.", False),
    (
        "starting with the player on the dealer's left and going clockwise: a number of tricks "
        "from 0 to 13",
        False,
    ),
    ("A bid of 0 is Nil", False),
    ("only a side behind by at least 100 points may bid it", False),
    ("passes 2 cards face down to their partner, who looks at them and passes back 2", False),
    ("may lead any card except a spade (unless holding nothing but spades)", False),
    (
        'Spades may not be led until a spade has been played ("broken"), unless the leader '
        "holds nothing but spades.",
        False,
    ),
    ("scores 10 points per trick bid, plus 1 point for each overtrick", False),
    (
        "When a side's count reaches 10 it loses 100 points; 10 bags come off the count and the "
        "rest carry over.",
        False,
    ),
    ("Nil: +100 if the Nil bidder wins no trick, -100 if they win any", False),
    (
        "Tricks won by a failed Nil bidder do not count towards the partner's bid, but are "
        "overtricks of the side",
        False,
    ),
    ("Blind Nil: +200 if made, -200 if failed.", False),
    # A6: both partners Nil are each scored on their own; the side makes no trick contract
    ("each Nil is then scored on its own, and the side has no trick contract", False),
    (
        "The first side to reach 500 points wins. If more than one side reaches 500 in the same "
        "deal, the higher score wins.",
        False,
    ),
]


@pytest.mark.parametrize(
    ("name", "facts"),
    [
        ("nyc", NYC_FACTS),
        ("barmore", BARMORE_FACTS),
        ("standard", STANDARD_FACTS),
    ],
)
def test_the_card_states_the_spec(name: str, facts: list[tuple[str, bool]]) -> None:
    card = explain(load_variant(name))
    for phrase, house_rule in facts:
        line = line_with(card, phrase)
        assert (MARK in line) == house_rule, line


@pytest.mark.parametrize(
    ("data", "phrase"),
    [
        # Points won may be negative (points lost may not: a variant refuses them), and
        # the card reads them as scored, never "+-100".
        ({"bidding": {"blind_nil": {"make": -100}}}, "Blind Nil: -100 if made, -200 if failed."),
        ({"scoring": {"bags": {"limit": 5, "penalty": 0}}}, "reaches 5 it loses 0 points;"),
        ({"scoring": {"overtrick_value": -1}}, "and loses 1 point for each overtrick."),
    ],
)
def test_signs_are_read_as_scored(data: dict[str, Any], phrase: str) -> None:
    card = explain(Variant.model_validate(data))
    line_with(card, phrase)
    assert "--" not in card and "+-" not in card and "-+" not in card


def test_standard_has_no_house_rules() -> None:
    card = explain(load_variant("standard"))
    assert not marked(card)
    assert "This is the standard game: no rule differs from it." in card


# --- marks ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "phrase"),
    [
        ({"game_end": {"target": 300}}, "The first side to reach 300 points wins."),
        ({"scoring": {"bags": {"limit": 5, "penalty": 50}}}, "reaches 5 it loses 50 points"),
        ({"bidding": {"nil": {"make": 50, "fail": 50}}}, "Nil: +50 if the Nil bidder"),
        ({"passing": {"cards": 3}}, "each player passes 3 cards face down to their partner"),
        (
            {"play": {"void": "must_overtrump"}},
            "must play a trump if they have one, and one that beats the trump winning",
        ),
        ({"game_end": {"losing_score": -200}}, "at or below -200 points loses at once"),
    ],
)
def test_a_difference_is_marked_with_its_numbers(data: dict[str, Any], phrase: str) -> None:
    card = explain(Variant.model_validate(data))
    assert MARK in line_with(card, phrase)
    assert len(marked(card)) == 1
    assert "1 rule differs from the standard game" in card


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(variants())
def test_every_difference_from_standard_is_stated_and_marked(variant: Variant) -> None:
    card = statements(variant)
    marked_about = {
        key for _, items in card for s, is_marked in items if is_marked for key in s.about
    }
    for path in changed_paths(Variant(), variant):
        if _idle(variant, path):
            continue
        assert any(path == key or path.startswith(key + ".") for key in marked_about), (
            f"{path} differs from standard but no marked statement states it"
        )
    standard = {s.text for _, items in statements(Variant()) for s, _ in items}
    for _, items in card:
        for statement, is_marked in items:
            differs = any(
                path == key or path.startswith(key + ".")
                for key in statement.about
                for path in changed_paths(Variant(), variant)
            )
            assert is_marked == (differs and statement.text not in standard)


def _idle(variant: Variant, path: str) -> bool:
    """Keys that change nothing in this variant, so the card rightly leaves them out."""
    idle = {
        "deck.identical_cards": variant.deck.packs == 1,
        "misdeal.before_partner_bids": not variant.misdeal.conditions,
        # a bid of 0 without Nil: only a seat's bid, and only where the range starts at 0
        "bidding.nil.zero_bid": variant.bidding.nil.enabled
        or variant.bidding.form.kind == "partnership"
        or variant.bidding.form.min_bid > 0,
        # Suicide says itself that exactly one partner bids Nil
        "bidding.nil.both_partners": variant.table.partnerships != "pairs"
        or (variant.bidding.forced is not None and variant.bidding.forced.kind == "suicide"),
        "bidding.nil.failed_tricks": variant.table.partnerships != "pairs",
        "bidding.blind.no_overtrick_limit": variant.scoring.overtrick_limit is None,
        "bidding.blind.overtricks_score": variant.scoring.overtrick_value == 0,
        "bidding.blind.overtricks_bags": not variant.scoring.bags.enabled,
        "play.breaking": variant.play.spade_lead.kind in ("any_time", "only_spades_left"),
        # unless spades may be led at any time, the spade-lead rule already keeps them from
        # the first lead, as the standard first trick does
        "play.first_trick": variant.play.first_trick == "any"
        and variant.play.spade_lead.kind != "any_time",
        "bidding.blind_nil.exchange": variant.table.partnerships != "pairs",
    }
    return idle.get(path, False)


@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(variants())
def test_any_variant_has_a_card_in_both_formats(variant: Variant) -> None:
    markdown = explain(variant)
    text = explain(variant, format="text")
    titles = [title for title, _ in SECTIONS]
    assert [line[3:] for line in markdown.splitlines() if line.startswith("## ")] == titles
    assert [line for line in text.splitlines() if line in titles] == titles
    assert all(len(line) <= 79 for line in text.splitlines())
    assert markdown.count(MARK) == text.count("House rule: ")
    assert "\x1f" not in markdown + text


def test_sections_come_in_the_order_a_player_meets_them() -> None:
    assert [title for title, _ in SECTIONS] == [
        "Players",
        "Cards and ranking",
        "Dealing",
        "Misdeals",
        "Passing cards",
        "Bidding",
        "Play",
        "Scoring",
        "End of the game",
    ]


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown format 'html'"):
        explain(Variant(), format="html")  # type: ignore[arg-type]


# --- every kind of every rule has its words ---------------------------------------------------


@pytest.mark.parametrize("name", bundled_variants())
def test_every_bundled_variant_has_a_card(name: str) -> None:
    variant = load_variant(name)
    card = explain(variant, format="text")
    assert card.startswith(f"Rules card: {name}\n")


def loaded(base: str, rules: list[str]) -> Variant | None:
    try:
        return parse_variant(f"extends: {base}\nhouse_rules: [{', '.join(rules)}]\n")
    except VariantError:
        return None  # the house rule refines rules this base does not have


def bases_for(rule: str) -> list[tuple[str, list[str]]]:
    """Where to try a house rule: each bundled variant, standard first; then standard with
    one other house rule (a rule may refine another: kitty-discard-after-bidding)."""
    bases: list[tuple[str, list[str]]] = [
        (name, []) for name in sorted(bundled_variants(), key=lambda n: n != "standard")
    ]
    return bases + [("standard", [other]) for other in bundled_house_rules() if other != rule]


@pytest.mark.parametrize("rule", bundled_house_rules())
def test_every_house_rule_changes_the_card(rule: str) -> None:
    """On the first bundled variant it fits (standard first; else standard with one other
    house rule), a house rule changes the card: no rule of the format is left out of it."""
    for base, others in bases_for(rule):
        variant, before = loaded(base, [*others, rule]), loaded(base, others)
        if variant is not None and before is not None and explain(variant) != explain(before):
            return
    pytest.fail(f"{rule} fits no bundled variant, or changes nothing on its card")


KIND_PHRASES: list[tuple[dict[str, Any], str]] = [
    (
        {
            "deck": {"jokers": ["BJ", "LJ"], "elevated": ["BJ", "LJ"]},
            "deal": {
                "leftover": {"kind": "kitty", "to": "two_of_clubs", "discard": "after_bidding"}
            },
        },
        "The 2 left-over cards go to the player holding the 2♣, who looks at all 15 cards and "
        "discards 2 face down after the bidding.",
    ),
    (
        {
            "deck": {"jokers": ["BJ", "LJ"], "elevated": ["BJ", "LJ"]},
            "deal": {"leftover": {"kind": "widow"}},
        },
        "The left-over 2 cards are set aside unseen until after the play (the widow).",
    ),
    (
        {
            "deck": {"jokers": ["BJ", "LJ"], "elevated": ["BJ", "LJ"]},
            "deal": {"leftover": {"kind": "mitchell"}},
        },
        "taken by the side that bids more tricks",
    ),
    (
        {
            "table": {"players": 2, "partnerships": "none"},
            "deal": {"method": {"kind": "draw_and_discard"}},
            "bidding": {"blind_nil": {"enabled": False}},
        },
        # not "discards the next one unseen": the player looks at the card it discards
        "keeps it, then looks at the next one and discards it",
    ),
    (
        {
            "table": {"players": 3, "partnerships": "none"},
            "deal": {"hand_size": 17, "leftover": {"kind": "widow"}},
            "play": {"first_lead": "lowest_club"},
            "bidding": {"blind_nil": {"enabled": False}},
        },
        "The holder of the lowest club in play (the 2♣ when it is dealt) leads it",
    ),
    (
        {
            "table": {"players": 6, "partnerships": "trios"},
            "deck": {"packs": 2, "remove": ["2C"]},
            "deal": {"hand_size": 17},
            "bidding": {"blind_nil": {"exchange": 0}},
        },
        "Six players in two teams of three, in alternate seats (seats 0, 2 and 4 against 1, 3 "
        "and 5)",
    ),
    (
        {
            "table": {"players": 6},
            "deck": {"packs": 2, "remove": ["2C"]},
            "deal": {"hand_size": 17},
        },
        "Six players in three partnerships; partners sit opposite (seats 0 and 3, 1 and 4, 2 and "
        "5)",
    ),
    (
        {"misdeal": {"conditions": [{"kind": "no_spades"}, {"kind": "long_suit", "length": 7}]}},
        "A player whose hand has no spades or 7 or more cards of one suit may call a misdeal",
    ),
    (
        {"bidding": {"forced": {"kind": "mirror"}, "blind_nil": {"enabled": False}}},
        "Mirror: every player must bid exactly the number of spades they hold",
    ),
    (
        {"bidding": {"forced": {"kind": "allowed", "bids": [0, 4]}}},
        "The only bids allowed are Nil and 4.",
    ),
    (
        {
            "bidding": {
                "forced": {"kind": "suicide", "partner_min": 4},
                "blind_nil": {"enabled": False},
            }
        },
        "exactly one partner must bid Nil and the other at least 4",
    ),
    (
        {
            "bidding": {
                "moon": {"enabled": True, "make": {"kind": "win_game"}, "fail": {"kind": "normal"}}
            }
        },
        "Moon: a side may bid all 13 tricks. If it makes them: the side wins the game at once; "
        "if not: the normal penalty.",
    ),
    (
        {
            "bidding": {
                "nil": {"enabled": False, "zero_bid": "zero_tricks"},
                "blind_nil": {"enabled": False},
            }
        },
        "No Nil: a bid of 0 is a plain contract to win no tricks",
    ),
    (
        {"bidding": {"blind_nil": {"eligibility": {"kind": "behind_by_value"}}}},
        "only a side behind by at least the value of the bid may bid it",
    ),
    (
        {"play": {"spade_lead": {"kind": "only_spades_left"}}},
        "Spades are never broken: a spade may be led only by a player holding nothing but spades.",
    ),
    (
        {"play": {"first_trick": "no_spades"}},
        "No spade may be played to the first trick, even by a player void in the suit led",
    ),
    (
        {"scoring": {"boston": {"kind": "points", "points": 300}}},
        "wins all 13 tricks scores +300 on top of its contract",
    ),
    (
        {"scoring": {"boston": {"kind": "win_game"}}},
        "A side also wins at once by winning all 13 tricks.",
    ),
    ({"scoring": {"set": "minus_short"}}, "it loses 10 points per trick short"),
    ({"scoring": {"set": "zero"}}, "it scores nothing for the deal"),
    ({"scoring": {"bags": {"after_penalty": "reset"}}}, "the count goes back to 0"),
    ({"game_end": {"tie": "draw", "max_deals": 10}}, "A tie for the win: the game ends as a draw."),
    (
        {
            "bidding": {
                "form": {"kind": "round_the_table", "first": "dealer", "no_bid_of_one": True}
            }
        },
        "No bid of one: when the first partner of a side bids x",
    ),
    (
        {"bidding": {"raise_round": True, "total_may_not_equal_tricks": True}},
        "The bids may not add up to exactly 13.",
    ),
    (
        {"bidding": {"nil": {"double_nil_means": "both_partners"}}},
        '"Double Nil" is accepted as another name for both partners bidding Nil.',
    ),
]


@pytest.mark.parametrize(
    ("data", "phrase"), KIND_PHRASES, ids=[phrase[:40] for _, phrase in KIND_PHRASES]
)
def test_every_kind_has_its_words(data: dict[str, Any], phrase: str) -> None:
    card = explain(Variant.model_validate(data))
    assert MARK in line_with(card, phrase)


# --- trumps ---------------------------------------------------------------------------------------


@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(variants())
def test_trump_order_agrees_with_the_compiler(variant: Variant) -> None:
    assert trump_order(variant) == trump_order_from_deck(variant)


# --- numbers agree with their nouns; no two statements contradict each other ------------

_PLURALS = "tricks|deals|cards|points|bags|spades|overtricks|players|rules|Nils"
_SINGULARS = "trick|deal|card|point|bag|spade|overtrick|player|rule"
NONSENSE = [
    # "in the first 1 tricks", "After 1 deals", "passes 1 cards" ("Seat 1 deals" is a verb)
    re.compile(rf"(?<![\w.+-])(?<!Seat )(?:1|one) (?:{_PLURALS})\b"),
    # "2 trick", "three point"
    re.compile(rf"(?<![\w.+-])(?:0|[2-9]|\d{{2,}}|two|three|four|five|six) (?:{_SINGULARS})\b"),
    re.compile(r"\b1 bag come\b"),
    re.compile(r"\b(\d+) to \1 "),  # "from 3 to 3", "1 to 1 tricks"
    re.compile(r"less than -?0\b"),  # no bid is below 0
]

CONTRADICTIONS = [
    # the first lead is free, but spades are never (or not yet) free to lead
    (r"may lead any card\.", r"Spades are never broken|Spades may not be led"),
    # the partner's bid on their tricks alone, yet a failed Nil's tricks count for it
    ("scored on the partner's tricks alone", "failed Nil bidder count towards the partner's"),
    # a seat's range from 0, yet 0 is not a bid
    ("a number of tricks from 0 to", "a bid of 0 is not allowed"),
    # a range above 0, yet 0 is a contract
    (r"(?:a number of tricks from|team bid of) [1-9]", "a bid of 0 is a plain contract"),
    ("Both partners may bid Nil", "exactly one partner must bid Nil"),
]


def assert_says_nothing_wrong(card: str) -> None:
    for pattern in NONSENSE:
        found = pattern.search(card)
        assert found is None, f"the card says {found.group(0)!r}"
    for first, second in CONTRADICTIONS:
        both = re.search(first, card) and re.search(second, card)
        assert not both, f"the card says both {first!r} and {second!r}"


def test_a_team_bid_range_ending_at_one_says_one_trick() -> None:
    """Hypothesis found a partnership variant whose team bids run 0 to 1: its card said
    "0 to 1 tricks"."""
    variant = parse_variant(
        "extends: standard\n"
        "bidding:\n"
        "  form: {kind: partnership, min_team_bid: 0, max_team_bid: 1}\n"
        "  nil: {enabled: false, zero_bid: illegal}\n"
    )
    card = explain(variant)
    assert "a single team bid of 0 to 1 trick." in card
    assert_says_nothing_wrong(card)


@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(variants())
def test_no_card_miscounts_or_contradicts_itself(variant: Variant) -> None:
    assert_says_nothing_wrong(explain(variant))


@pytest.mark.parametrize("rule", [None, *bundled_house_rules()])
def test_no_bundled_card_miscounts_or_contradicts_itself(rule: str | None) -> None:
    """Every bundled variant, and each house rule on the first bundled variant it fits."""
    if rule is None:
        cards = [explain(load_variant(name)) for name in bundled_variants()]
    else:
        tries = (loaded(base, [*others, rule]) for base, others in bases_for(rule))
        cards = [explain(next(variant for variant in tries if variant is not None))]
    for card in cards:
        assert_says_nothing_wrong(card)


HOUSE = {"blind_nil": {"enabled": False}}

WORDING_FIXES: list[tuple[str | dict[str, Any], str, str]] = [
    # (variant: data, or base+house rules; what the card says; what it said before)
    (
        {"play": {"spade_lead": {"kind": "after_tricks", "tricks": 1}}},
        "Spades may not be led in the first trick unless broken",
        "in the first 1 tricks",
    ),
    ({"game_end": {"max_deals": 1}}, "After 1 deal the game ends", "After 1 deals"),
    ({"passing": {"cards": 1}}, "each player passes 1 card face down", "passes 1 cards"),
    ({"bidding": {"nil": {"exchange": 1}}}, "exchanges 1 card with their partner", "1 cards"),
    (
        {"bidding": {"blind_nil": {"exchange": 1}}},
        "passes 1 card face down to their partner, who looks at it and passes back 1",
        "1 cards",
    ),
    ({"scoring": {"trick_value": 1}}, "scores 1 point per trick bid", "1 points"),
    ({"scoring": {"trick_value": 1}}, "it loses 1 point per trick bid", "1 points"),
    (
        {"scoring": {"bags": {"limit": 1}}},
        "reaches 1 it loses 100 points; 1 bag comes off the count",
        "1 bags",
    ),
    ({"game_end": {"target": 1}}, "The first side to reach 1 point wins", "1 points"),
    (
        {"scoring": {"overtrick_limit": 0}},
        "A side may take no trick over its contract: with any overtrick it is set",
        "at most 0 tricks",
    ),
    (
        {"scoring": {"overtrick_limit": 13, "boston": {"kind": "record"}}},
        "scores nothing extra: the deal is scored as usual.",
        "less than 0",
    ),
    (
        {"game_end": {"consecutive_sets_lose": 1}},
        "A side that is set loses the game at once",
        "one deals",
    ),
    (
        {
            "table": {"players": 3, "partnerships": "none"},
            "deal": {"hand_size": 17, "leftover": {"kind": "kitty"}},
            "bidding": HOUSE,
        },
        "The left-over card goes to the dealer, who looks at all 18 cards",
        "1 left-over cards",
    ),
    (
        {"deck": {"elevated": ["2D", "2S"]}, "misdeal": {"conditions": [{"kind": "no_spades"}]}},
        "The 2♦ counts as spades here too.",
        "The 2♦ count as",
    ),
    (
        {"bidding": {"blind": {"enabled": True, "min_bid": 7, "max_bid": 7}}},
        "a side may bid exactly 7 tricks blind",
        "7 to 7",
    ),
    (
        {"bidding": {"form": {"kind": "round_the_table", "min_bid": 4, "max_bid": 4}}},
        "going clockwise: exactly 4 tricks.",
        "from 4 to 4",
    ),
    # the contradictions
    (
        "extends: barmore\nhouse_rules: [spades-never-broken]\n",
        "The dealer leads to the first trick and may lead any card except a spade",
        "may lead any card.",
    ),
    (
        "extends: barmore\nhouse_rules: [spades-after-three-tricks]\n",
        "The dealer leads to the first trick and may lead any card except a spade",
        "may lead any card.",
    ),
    (
        "extends: standard\nhouse_rules: [failed-nil-counts-for-partner]\n",
        "-100 if they win any, on top of the partner's own bid. Tricks won by a failed Nil "
        "bidder count towards the partner's bid.",
        "tricks alone",
    ),
    (
        "extends: cutthroat\nhouse_rules: [no-nil]\n",
        "a number of tricks from 1 to 17",
        "from 0 to 17",
    ),
    (
        {
            "bidding": {
                "form": {"kind": "partnership", "min_team_bid": 0},
                "nil": {"enabled": False},
                **HOUSE,
            }
        },
        "No Nil: a bid of 0 is a plain contract to win no tricks",
        "a bid of 0 is not allowed",
    ),
    (
        "extends: barmore\nhouse_rules: [zero-is-not-nil]\n",
        "No Nil: a bid of 0 is not allowed.",
        "a plain contract",
    ),
    ("extends: suicide\n", "exactly one partner must bid Nil", "Both partners may bid Nil"),
]


@pytest.mark.parametrize(
    ("source", "says", "said"), WORDING_FIXES, ids=[says[:40] for _, says, _ in WORDING_FIXES]
)
def test_numbers_and_contradictions_are_worded_right(
    source: str | dict[str, Any], says: str, said: str
) -> None:
    variant = parse_variant(source) if isinstance(source, str) else Variant.model_validate(source)
    card = explain(variant)
    line_with(card, says)
    assert said not in card
    assert_says_nothing_wrong(card)


@pytest.mark.parametrize(
    ("tie", "then"),
    [
        ("play_on", "another deal is played, and another, until the tie is broken."),
        ("draw", "the game ends as a draw."),
    ],
)
def test_max_deals_says_what_a_tie_does(tie: str, then: str) -> None:
    """Issue 15: `max_deals: 1` plays on after a tied deal unless `tie: draw` is set."""
    card = explain(Variant.model_validate({"game_end": {"max_deals": 1, "tie": tie}}))
    line = line_with(card, "After 1 deal the game ends and the highest score wins")
    assert line.endswith(f"if the highest scores are tied, {then}")
    assert MARK in line


# --- a bundled house rule: what it sets, and the card of a variant with it ---------------


def test_a_house_rule_says_what_it_sets_and_shows_its_card() -> None:
    """Issue 15: `spadeslib explain nil-50` said only that nil-50 is a house rule."""
    page = explain_house_rule("nil-50")
    assert page.startswith("# House rule: nil-50\n\nNil is worth 50 either way.\n\nIt sets:\n\n")
    assert "- Nil, points if made: 50 (`bidding.nil.make`)\n" in page
    assert "- Nil, points lost if failed: 50 (`bidding.nil.fail`)\n" in page
    assert "Below, the rules card of `standard` with `nil-50`." in page
    card = page[page.index("# Rules card: standard with nil-50\n") :]
    assert MARK in line_with(card, "Nil: +50 if the Nil bidder wins no trick, -50 if they win any")
    assert "1 rule differs from the standard game" in card


@pytest.mark.parametrize(
    ("rule", "shown_on", "phrase"),
    [
        # the variant its name names, where it changes the card
        ("nyc-keep-2c", "`nyc` with `nyc-keep-2c`", "big joker, little joker, 2♠, A♠, K♠"),
        ("six-handed-trios", "`six-handed` with `six-handed-trios`", "two teams of three"),
        # valid on standard but idle there (one pack): the first variant it changes
        ("identical-earlier-wins", "`six-handed` with", "the earlier one beats the other"),
        # it refines another house rule, so it is shown with it
        (
            "kitty-discard-after-bidding",
            "`standard` with `kitty-to-dealer` and `kitty-discard-after-bidding`",
            "discards 2 face down after the bidding",
        ),
    ],
)
def test_a_house_rule_is_shown_on_the_variant_it_is_for(
    rule: str, shown_on: str, phrase: str
) -> None:
    page = explain_house_rule(rule)
    assert f"Below, the rules card of {shown_on}" in page
    assert MARK in line_with(page[page.index("# Rules card: ") :], phrase)


@pytest.mark.parametrize("rule", bundled_house_rules())
def test_every_house_rule_has_a_page(rule: str) -> None:
    markdown, text = explain_house_rule(rule), explain_house_rule(rule, format="text")
    sets = markdown[markdown.index("It sets:") : markdown.index("Below, the rules card")]
    assert sets.count("\n- ") >= 1 and "`" in sets
    assert markdown.count("# Rules card: ") == 1 and MARK in markdown
    assert text.startswith(f"House rule: {rule}\n")
    assert all(len(line) <= 79 for line in text.splitlines())
    assert markdown.count(MARK) == text.count("House rule: ") - 1  # the title says it once
    assert_says_nothing_wrong(markdown)


def test_an_unknown_house_rule_is_a_variant_error() -> None:
    with pytest.raises(VariantError, match="unknown bundled house rule 'nil-5'; did you mean"):
        explain_house_rule("nil-5")
    with pytest.raises(ValueError, match="unknown format 'html'"):
        explain_house_rule("nil-50", format="html")  # type: ignore[arg-type]


def test_the_command_explains_a_house_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["explain", "nil-50", "--format", "text"]) == 0
    assert capsys.readouterr().out == explain_house_rule("nil-50", format="text")
    # a file of that name is still a file
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nil-50").write_text("name: ours\ngame_end: {target: 300}\n", encoding="utf-8")
    assert main(["explain", "nil-50"]) == 0
    assert capsys.readouterr().out.startswith("# Rules card: ours\n")


# --- issue 27, item 8: a table without partners is told without partners ----------------------

_PARTNERLESS = [
    name for name in bundled_variants() if load_variant(name).table.partnerships == "none"
]


def _partnerless_tables() -> list[tuple[str, Variant]]:
    """Every bundled variant without partners, alone and with each bundled house rule that
    composes with it, and with Blind Nil (the one bid a partnerless table may add that
    speaks of partners elsewhere)."""
    tables = []
    for name in _PARTNERLESS:
        extra = [None, *bundled_house_rules()]
        for house_rule in extra:
            text = f"extends: {name}\n" + (f"house_rules: [{house_rule}]\n" if house_rule else "")
            try:
                tables.append((f"{name} + {house_rule}", parse_variant(text, "t.yaml")))
            except VariantError:
                continue
        blind_nil = "bidding: {blind_nil: {enabled: true, exchange: 0, not_in_first_deal: true}}"
        tables.append(
            (f"{name} + Blind Nil", parse_variant(f"extends: {name}\n{blind_nil}\n", "t.yaml"))
        )
    return tables


def test_the_partnerless_tables_are_the_bundled_ones() -> None:
    assert set(_PARTNERLESS) == {"cutthroat", "solo", "two-handed"}


def test_no_partnerless_card_speaks_of_partners_or_sides() -> None:
    tables = _partnerless_tables()
    assert len(tables) > 100
    wrong = [
        (where, statement.text)
        for where, variant in tables
        for _, section in statements(variant)
        for statement, _ in section
        if re.search(r"\bpartners?\b|\bsides?\b|\bside's\b", statement.text, re.IGNORECASE)
    ]
    assert wrong == []


def test_a_partnerless_blind_nil_is_for_a_player_behind() -> None:
    text = "extends: solo\nbidding: {blind_nil: {enabled: true, exchange: 0}}\n"
    card = explain(parse_variant(text, "t.yaml"), format="markdown")
    assert "only a player behind by at least 100 points may bid it." in card
    assert "exchanges no cards" not in card and "per side" not in card
