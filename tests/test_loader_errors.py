"""Validation errors as a person sees them: file, line, column, dotted key, what was
expected, the bad value and a "did you mean". Most cases use a small stand-in model whose
shape is fixed here, so these tests pin the loader's behaviour while the variant format
grows; a few run against the real :class:`~spadeslib.variant.Variant`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from spadeslib import loader
from spadeslib.errors import Problem, VariantError
from spadeslib.variant import Variant, load_variant, parse_variant, validate
from spadeslib.variant._base import Model

# ---------------------------------------------------------------------------------------
# A stand-in model with every shape the loader must understand.


class Bags(Model):
    enabled: bool = True
    limit: int = Field(default=10, ge=1, le=100)
    penalty: int = 100


class NoLeftover(Model):
    kind: Literal["none"] = "none"


class Kitty(Model):
    kind: Literal["kitty"] = "kitty"
    to: Literal["dealer", "two_of_clubs"] = "dealer"


class Fixed(Model):
    kind: Literal["fixed"] = "fixed"
    bid: int = Field(ge=0, le=13)


class Deal(Model):
    hand_size: int = Field(default=13, ge=1, le=27)
    first_dealer: Literal["random"] | Annotated[int, Field(ge=0, le=5)] = "random"
    leftover: Annotated[NoLeftover | Kitty, Field(discriminator="kind")] = NoLeftover()
    forced: Annotated[Fixed | Kitty, Field(discriminator="kind")] | None = None


class Toy(Model):
    name: str = "custom"
    deal: Deal = Deal()
    bags: Bags = Bags()
    remove: tuple[str, ...] = Field(default=(), max_length=3)

    @model_validator(mode="after")
    def _contradictions(self) -> Toy:
        found = []
        if self.deal.hand_size * 4 > 52:
            found.append(
                ("deal.hand_size", f"4 hands of {self.deal.hand_size} need more than 52 cards")
            )
        if not self.bags.enabled and self.bags.limit != 10:
            found.append(("bags.limit", "set, but bags are off"))
        if found:
            summary = "; ".join(f"at {path}: {message}" for path, message in found)
            raise PydanticCustomError(
                "contradiction", "{summary}", {"summary": summary, "problems": found}
            )
        if self.name == "path-in-ctx":
            raise PydanticCustomError("contradiction", "named in ctx", {"path": "bags.penalty"})
        if self.name == "path-in-message":
            raise ValueError("at deal.first_dealer: the dealer is named in the message")
        return self


def toy_problems(text: str) -> list[Problem]:
    with pytest.raises(VariantError) as caught:
        loader.parse(text, Toy, "toy.yaml")
    return list(caught.value.problems)


def toy_problem(text: str) -> Problem:
    [problem] = toy_problems(text)
    return problem


def where(problem: Problem) -> tuple[str, int | None, int | None, str]:
    return problem.source, problem.line, problem.column, problem.path


# ---------------------------------------------------------------------------------------
# Each kind of validation error.


def test_unknown_key_gets_did_you_mean() -> None:
    problem = toy_problem("bags:\n  limti: 5\n")
    assert where(problem) == ("toy.yaml", 2, 3, "bags.limti")
    assert problem.message == "unknown key 'limti'; did you mean 'limit'?"
    assert problem.code == "unknown_key"


def test_unknown_key_far_from_any_lists_the_allowed_keys() -> None:
    problem = toy_problem("bags: {zzz: 1}\n")
    assert problem.message == (
        "unknown key 'zzz'; the keys allowed here are enabled, limit, penalty"
    )


def test_unknown_key_inside_a_tagged_member_uses_that_members_keys() -> None:
    problem = toy_problem("deal:\n  leftover: {kind: kitty, too: dealer}\n")
    assert where(problem) == ("toy.yaml", 2, 27, "deal.leftover.too")
    assert problem.message == "unknown key 'too'; did you mean 'to'?"


def test_the_tag_of_a_tagged_union_is_not_in_the_path() -> None:
    problem = toy_problem("deal:\n  leftover:\n    kind: kitty\n    to: dealr\n")
    assert where(problem) == ("toy.yaml", 4, 9, "deal.leftover.to")
    assert (
        problem.message == "expected 'dealer' or 'two_of_clubs', got 'dealr'; did you "
        "mean 'dealer'?"
    )
    assert problem.code == "invalid_choice"


def test_an_optional_tagged_union_is_walked_too() -> None:
    problem = toy_problem("deal: {forced: {kind: fixed, bid: 14}}\n")
    assert where(problem)[1:] == (1, 35, "deal.forced.bid")
    assert problem.message == "expected a value from 0 to 13, got 14"


def test_wrong_type_says_what_was_expected_and_quotes_the_value() -> None:
    problem = toy_problem("deal:\n  hand_size: lots\n")
    assert where(problem) == ("toy.yaml", 2, 14, "deal.hand_size")
    assert problem.message == "expected a whole number from 1 to 27, got 'lots'"
    assert problem.code == "wrong_type"


def test_a_mapping_where_a_value_belongs_and_the_reverse() -> None:
    first, second = toy_problems("bags: 5\ndeal: {hand_size: {a: 1}}\n")
    assert first.path == "bags" and second.path == "deal.hand_size"
    assert first.message == "expected a mapping (keys: enabled, limit, penalty), got 5"
    assert second.message == "expected a whole number from 1 to 27, got {'a': 1}"


def test_out_of_range_gives_the_range() -> None:
    problem = toy_problem("bags: {limit: 0}\n")
    assert where(problem) == ("toy.yaml", 1, 15, "bags.limit")
    assert problem.message == "expected a value from 1 to 100, got 0"
    assert problem.code == "out_of_range"


def test_plain_union_alternatives_are_one_problem() -> None:
    problem = toy_problem("deal: {first_dealer: 9}\n")
    assert where(problem)[1:] == (1, 22, "deal.first_dealer")
    assert problem.message == "expected 'random' or a whole number from 0 to 5, got 9"


def test_unknown_kind_gets_did_you_mean_and_the_allowed_kinds() -> None:
    problem = toy_problem("deal:\n  leftover: {kind: kity}\n")
    assert where(problem) == ("toy.yaml", 2, 20, "deal.leftover.kind")
    assert problem.message == "unknown kind 'kity'; did you mean 'kitty'? (allowed: none, kitty)"
    assert problem.code == "unknown_kind"


def test_missing_kind_lists_the_kinds() -> None:
    problem = toy_problem("deal:\n  leftover: {to: dealer}\n")
    assert where(problem) == ("toy.yaml", 2, 13, "deal.leftover")
    assert problem.message == "missing 'kind': say which kind this is, one of none, kitty"
    assert problem.code == "missing_kind"


def test_a_missing_required_key_points_at_its_section() -> None:
    problem = toy_problem("deal:\n  forced:\n    kind: fixed\n")
    assert where(problem) == ("toy.yaml", 2, 3, "deal.forced.bid")
    assert problem.message == "missing required key 'bid' (a whole number from 0 to 13)"
    assert problem.code == "missing_key"


def test_too_many_items() -> None:
    problem = toy_problem("remove: [a, b, c, d]\n")
    assert problem.message == "expected at most 3 items, got 4: ['a', 'b', 'c', 'd']"
    assert problem.code == "wrong_length"


def test_every_problem_is_reported_in_one_pass() -> None:
    problems = toy_problems("bags: {limit: 0, limti: 1}\ndeal: {hand_size: x}\nnme: y\n")
    assert [p.path for p in problems] == ["bags.limit", "bags.limti", "deal.hand_size", "nme"]


def test_problems_come_in_reading_order() -> None:
    """Field errors and contradictions together, by line then column, whatever order
    pydantic and the validators found them in."""
    problems = toy_problems("remove: [a, b, c, d]\nbags: {limit: 0}\ndeal: {hand_size: x}\n")
    assert [(p.line, p.path) for p in problems] == [
        (1, "remove"),
        (2, "bags.limit"),
        (3, "deal.hand_size"),
    ]
    problems = toy_problems("bags:\n  enabled: false\n  limit: 5\ndeal: {hand_size: 14}\n")
    assert [(p.line, p.path) for p in problems] == [(3, "bags.limit"), (4, "deal.hand_size")]


def test_composition_problems_come_in_reading_order() -> None:
    problems = validate("house_rules: [nonil]\nextends: nyx\n")
    assert [(p.line, p.code) for p in problems] == [
        (1, "unknown_house_rule"),
        (2, "unknown_variant"),
    ]


def test_a_long_bad_value_is_shortened() -> None:
    problem = toy_problem(f"deal: {{hand_size: {'x' * 500}}}\n")
    assert problem.message.endswith("...")
    assert len(problem.message) < 120


# ---------------------------------------------------------------------------------------
# Contradictions found by model validators.


def test_contradictions_from_ctx_problems_are_each_placed() -> None:
    first, second = toy_problems("deal:\n  hand_size: 14\nbags:\n  enabled: false\n  limit: 5\n")
    assert where(first) == ("toy.yaml", 2, 14, "deal.hand_size")
    assert first.message == "4 hands of 14 need more than 52 cards"
    assert where(second) == ("toy.yaml", 5, 10, "bags.limit")
    assert first.code == second.code == "contradiction"


def test_a_contradiction_path_from_ctx_path() -> None:
    problem = toy_problem("name: path-in-ctx\nbags: {penalty: 50}\n")
    assert where(problem) == ("toy.yaml", 2, 17, "bags.penalty")
    assert problem.message == "named in ctx"


def test_a_contradiction_path_from_the_message() -> None:
    problem = toy_problem("name: path-in-message\ndeal:\n  hand_size: 12\n")
    assert where(problem) == ("toy.yaml", 2, 1, "deal.first_dealer")  # unwritten: its section
    assert problem.message == "the dealer is named in the message"
    assert problem.code == "invalid"


def test_a_contradiction_about_a_default_is_at_the_document_start() -> None:
    problem = toy_problem("# a comment\nname: path-in-ctx\n")
    assert where(problem) == ("toy.yaml", 2, 1, "bags.penalty")
    assert problem.message == "named in ctx"  # nobody set it: no file to name


def test_an_inherited_contradiction_is_in_the_users_file_naming_the_base(
    tmp_path: Path,
) -> None:
    base = tmp_path / "base.yaml"
    base.write_text("name: base\nbags:\n  enabled: false\n  limit: 5\n")
    mine = tmp_path / "mine.yaml"
    mine.write_text("# my table\nextends: ./base.yaml\ndeal: {hand_size: 12}\n")
    with pytest.raises(VariantError) as caught:
        loader.load(mine, Toy)
    [problem] = caught.value.problems
    assert where(problem) == (str(mine), 2, 1, "bags.limit")
    assert problem.message == f"set, but bags are off (set in {base}:4)"


def test_a_contradiction_prefers_the_loaded_file_over_its_base(tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    base.write_text("deal:\n  hand_size: 13\nbags:\n  limit: 5\n")
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: ./base.yaml\nbags:\n  enabled: false\n")
    with pytest.raises(VariantError) as caught:
        loader.load(mine, Toy)
    [problem] = caught.value.problems
    assert where(problem) == (str(mine), 2, 1, "bags.limit")


def test_a_bad_value_in_a_fragment_points_into_the_fragment(tmp_path: Path) -> None:
    fragment = tmp_path / "rules" / "bad.yaml"
    fragment.parent.mkdir()
    fragment.write_text("# a bad rule\nbags:\n  limit: 500\n")
    with pytest.raises(VariantError) as caught:
        loader.parse("house_rules: [rules/bad.yaml]\n", Toy, base_dir=tmp_path)
    [problem] = caught.value.problems
    assert where(problem) == (str(tmp_path / "rules/bad.yaml"), 3, 10, "bags.limit")


# ---------------------------------------------------------------------------------------
# The real format.


def test_variant_unknown_key() -> None:
    [problem] = validate("scoring:\n  bags:\n    limti: 5\n")
    assert where(problem) == ("<string>", 3, 5, "scoring.bags.limti")
    assert problem.message == "unknown key 'limti'; did you mean 'limit'?"


def test_variant_out_of_range_and_wrong_type() -> None:
    problems = validate("scoring:\n  bags: {limit: 0}\ndeal:\n  hand_size: many\n")
    assert {(p.path, p.line, p.code) for p in problems} == {
        ("scoring.bags.limit", 2, "out_of_range"),
        ("deal.hand_size", 4, "wrong_type"),
    }


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ('bidding:\n  nil:\n    enabled: "no"\n', "'no'"),  # quoted: text, not a boolean
        ("bidding:\n  raise_round: 1\n", "1"),
        ("deal:\n  french_cut: 'true'\n", "'true'"),
    ],
)
def test_a_yes_no_setting_takes_only_true_or_false(text: str, shown: str) -> None:
    [problem] = validate(text)
    assert problem.code == "wrong_type"
    assert problem.message == f"expected true or false, got {shown}"


LOST = "points lost are written as a positive number and subtracted"
SIGNED_BY_THE_RULE = (
    "points are written as a positive number, added when made and subtracted when failed"
)


@pytest.mark.parametrize(
    ("text", "path", "why", "written"),
    [
        ("scoring:\n  bags:\n    penalty: -50\n", "scoring.bags.penalty", LOST, 50),
        ("bidding:\n  nil:\n    fail: -100\n", "bidding.nil.fail", LOST, 100),
        ("bidding:\n  blind_nil:\n    fail: -200\n", "bidding.blind_nil.fail", LOST, 200),
        ("bidding:\n  ten_for_200:\n    fail: -200\n", "bidding.ten_for_200.fail", LOST, 200),
        (
            "bidding:\n  moon:\n    fail: {kind: points, points: -500}\n",
            "bidding.moon.fail.points",
            SIGNED_BY_THE_RULE,
            500,
        ),
        (
            "bidding:\n  moon:\n    make: {kind: points, points: -500}\n",
            "bidding.moon.make.points",
            SIGNED_BY_THE_RULE,
            500,
        ),
    ],
)
def test_points_whose_sign_is_the_rules_are_written_positive(
    text: str, path: str, why: str, written: int
) -> None:
    [problem] = validate(text)
    assert (problem.path, problem.code) == (path, "invalid")
    assert problem.message == f"{why}: write {written}, not {-written}"


def test_a_quoted_choice_of_number_says_to_drop_the_quotes() -> None:
    [problem] = validate("table:\n  players: '4'\n")
    assert problem.message == (
        "expected one of 2, 3, 4, 6, got '4' (write the number without quotes: 4)"
    )


def test_an_allowed_bid_is_a_number_of_tricks() -> None:
    [problem] = validate("bidding:\n  forced: {kind: allowed, bids: [0, -1]}\n")
    assert (problem.path, problem.code) == ("bidding.forced.bids[1]", "out_of_range")


def test_points_lost_may_be_zero() -> None:
    assert validate("scoring:\n  bags:\n    penalty: 0\nbidding:\n  nil:\n    fail: 0\n") == []


def test_yaml_booleans_are_yes_no_settings() -> None:
    assert validate("bidding:\n  nil:\n    enabled: no\n  raise_round: on\n") == []


def test_variant_tagged_union_path() -> None:
    [problem] = validate("deal:\n  leftover: {kind: kitty, to: nobody}\n")
    assert where(problem)[1:] == (2, 31, "deal.leftover.to")
    assert problem.message.startswith("expected 'dealer' or 'two_of_clubs', got 'nobody'")


def test_variant_contradiction_is_placed_in_the_users_file() -> None:
    problems = validate("extends: nyc\ntable:\n  players: 3\n")
    assert problems
    assert all(p.code == "contradiction" for p in problems)
    assert all(p.source == "<string>" for p in problems)
    table = [p for p in problems if p.path.startswith("table.")]
    # at the key the file sets, which decides table.partnerships (issue 27)
    assert table and (table[0].source, table[0].line, table[0].column) == ("<string>", 3, 12)


def test_variant_contradiction_inherited_is_at_the_users_key_that_decides_it() -> None:
    from spadeslib.loader.bundled import bundled_variant_path

    text = "# our table\nextends: nyc\ntable: {partnerships: none}\n"
    problems = validate(text)
    assert [(p.line, p.column, p.path) for p in problems] == [
        (3, 23, "bidding.form"),
        (3, 23, "bidding.blind.enabled"),
    ]
    nyc = bundled_variant_path("nyc")
    form = line_of(nyc, "  form:")  # the key, or the mapping under it
    assert problems[0].message in [
        f"partnership bidding needs partnerships (bidding.form is set in {nyc}:{line}); "
        "this table has none"
        for line in (form, form + 1)
    ]


def test_variant_contradiction_inherited_is_at_the_extends_line_when_no_key_is_mine(
    tmp_path: Path,
) -> None:
    from spadeslib.loader.bundled import bundled_variant_path

    (tmp_path / "base.yaml").write_text("extends: nyc\ntable: {partnerships: none}\n")
    mine = tmp_path / "mine.yaml"
    mine.write_text("# our table\nextends: ./base.yaml\nname: ours\n")
    nyc = bundled_variant_path("nyc")
    problems = validate(mine)
    assert [(p.line, p.column, p.path) for p in problems] == [
        (2, 1, "bidding.form"),
        (2, 1, "bidding.blind.enabled"),
    ]
    form = line_of(nyc, "  form:")  # the key, or the mapping under it
    assert any(problems[0].message.endswith(f"(set in {nyc}:{line})") for line in (form, form + 1))


def test_the_error_text_lists_every_problem() -> None:
    with pytest.raises(VariantError) as caught:
        parse_variant("scoring:\n  bags: {limti: 5}\n", source="club.yaml")
    assert str(caught.value) == (
        "1 problem in variant definition:\n  club.yaml:2:10: "
        "scoring.bags.limti: unknown key 'limti'; did you mean 'limit'?"
    )


# ---------------------------------------------------------------------------------------
# Issue 15, item 10: what a new user tripped on.


def test_item10_a_contradiction_from_a_house_rule_is_at_its_entry() -> None:
    from spadeslib.loader.bundled import bundled_house_rule_path

    problems = validate("# club\nextends: standard\nhouse_rules:\n  - no-nil\n  - nyc-keep-2c\n")
    fragment = bundled_house_rule_path("nyc-keep-2c")
    elevated = [p for p in problems if p.path == "deck.elevated"]
    assert [where(p) for p in elevated] == [("<string>", 5, 5, "deck.elevated")] * 2
    assert elevated[0].message == (
        f"BJ is elevated but not in the deck; add it to deck.jokers (set in "
        f"{fragment}:{line_of(fragment, '  elevated:')})"
    )


def test_item10_a_house_rule_listed_by_a_base_is_placed_at_the_start(tmp_path: Path) -> None:
    (tmp_path / "jokers.yaml").write_text("deck:\n  elevated: [BJ]\n")
    (tmp_path / "base.yaml").write_text("house_rules: [./jokers.yaml]\n")
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: ./base.yaml\n")
    [problem] = validate(mine)
    assert where(problem) == (str(mine), 1, 1, "deck.elevated")
    assert problem.message.endswith(f"(set in {tmp_path / 'jokers.yaml'}:2)")


def test_item10_a_missing_kind_from_a_house_rule_is_at_its_entry() -> None:
    from spadeslib.loader.bundled import bundled_house_rule_path

    [problem] = validate("name: club\nhouse_rules: [dealer-bids-first]\n")
    assert where(problem) == ("<string>", 2, 15, "bidding.form")
    assert problem.message == (
        "missing 'kind': say which kind this is, one of round_the_table, partnership "
        f"(set in {bundled_house_rule_path('dealer-bids-first')}:12)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name: 5", "expected text, got 5; put it in quotes to make it text: name: '5'"),
        ("name: 1.50", "expected text, got 1.5; put it in quotes to make it text: name: '1.50'"),
        (
            "name: yes",
            "expected text, got true (YAML reads true, false, yes, no, on and off as true or "
            "false); put it in quotes to make it text: name: 'yes'",
        ),
        (
            "description: 0x10",
            "expected text, got 16; put it in quotes to make it text: description: '0x10'",
        ),
    ],
)
def test_item10_a_number_where_text_belongs_says_what_to_write(text: str, message: str) -> None:
    [problem] = validate(text + "\n")
    assert (problem.code, problem.message) == ("wrong_type", message)


@pytest.mark.parametrize(
    ("text", "path", "hint"),
    [
        ("target: 300", "target", "did you mean 'game_end.target'?"),
        ("scoring:\n  target: 300", "scoring.target", "did you mean 'game_end.target'?"),
        ("bags: {limit: 3}", "bags", "did you mean 'scoring.bags'?"),
        ("bidding: {bags: {limit: 3}}", "bidding.bags", "did you mean 'scoring.bags'?"),
        ("nil: {enabled: false}", "nil", "did you mean 'bidding.nil'?"),
        ("scoring: {nil: {enabled: false}}", "scoring.nil", "did you mean 'bidding.nil'?"),
        ("scoring: {min_team_bid: 5}", "scoring.min_team_bid", "'bidding.form.min_team_bid'?"),
        # the very key elsewhere is surer than a near name here (was "did you mean 'play'?")
        ("players: 4", "players", "did you mean 'table.players'?"),
        ("play: {players: 4}", "play.players", "did you mean 'table.players'?"),
        # the composition keys are read before the models: misspelt, they are still known
        ("extend: standard", "extend", "did you mean 'extends'?"),
        ("house_rule: [no-nil]", "house_rule", "did you mean 'house_rules'?"),
        ("Extends: nyc", "Extends", "did you mean 'extends'?"),
        ("apply_to: standard", "apply_to", "did you mean 'applies_to'?"),  # a house rule's
    ],
)
def test_item10_a_key_in_the_wrong_section_gets_its_place(text: str, path: str, hint: str) -> None:
    [problem] = validate(text + "\n")
    assert (problem.path, problem.code) == (path, "unknown_key")
    assert problem.message.endswith(hint)


def test_a_composition_key_where_it_is_not_read_says_so() -> None:
    [nested] = validate("table: {extends: nyc}\n")
    assert nested.message == "unknown key 'extends'; extends belongs at the top level of the file"
    with pytest.raises(VariantError) as caught:  # a variant written out whole, as in a record
        Variant.model_validate({"house_rules": ["no-nil"]})
    [whole] = caught.value.problems
    assert whole.message == (
        "unknown key 'house_rules'; the variant here is written out in full, without extends, "
        "applies_to or house_rules"
    )


def test_the_keys_allowed_at_the_top_include_the_composition_keys() -> None:
    [problem] = validate("limti: 3\n")
    assert problem.message.startswith(
        "unknown key 'limti'; the keys allowed here are extends, applies_to, house_rules, name,"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("deck: {remove: 2C}", "expected a list, got '2C'; write remove: [2C]"),
        ("deck: {jokers: BJ}", "expected a list, each 'BJ' or 'LJ', got 'BJ'; write jokers: [BJ]"),
        (  # true is not a joker: no "write jokers: [true]"
            "deck: {jokers: true}",
            "expected a list, each 'BJ' or 'LJ', got true (YAML reads true, false, yes, no, on "
            "and off as true or false)",
        ),
        (  # an item that must be a mapping: no brackets offered around a number
            "misdeal: {conditions: 3}",
            "expected a list, each a mapping with 'kind:' one of no_spades, at_most_spades, "
            "long_suit, no_face_cards, got 3",
        ),
    ],
)
def test_one_item_where_a_list_belongs_says_what_each_item_is(text: str, message: str) -> None:
    [problem] = validate("extends: standard\n" + text + "\n")
    assert (problem.code, problem.message) == ("wrong_type", message)


@pytest.mark.parametrize(
    ("text", "path", "hint"),
    [
        (  # was "did you mean 'max_bid'?": a per-player limit, not the team's
            "bidding: {form: {max_team_bid: 10}}",
            "bidding.form.max_team_bid",
            "it belongs to kind 'partnership': write 'kind: partnership' beside it",
        ),
        (  # was "the keys allowed here are kind"
            "play: {spade_lead: {tricks: 3}}",
            "play.spade_lead.tricks",
            "it belongs to kind 'after_tricks': write 'kind: after_tricks' beside it",
        ),
        (
            "deal: {leftover: {to: dealer}}",
            "deal.leftover.to",
            "it belongs to kind 'kitty': write 'kind: kitty' beside it",
        ),
    ],
)
def test_a_key_of_another_kind_says_which_kind_to_write(text: str, path: str, hint: str) -> None:
    [problem] = validate("extends: standard\n" + text + "\n")
    assert (problem.path, problem.code) == (path, "unknown_key")
    assert problem.message.endswith("; " + hint)


def test_item10_a_key_in_many_sections_lists_the_keys_allowed_instead() -> None:
    [problem] = validate("scoring:\n  make: 3\n")  # the Moon's, ten for 200's, ...
    assert "the keys allowed here are" in problem.message


@pytest.mark.parametrize(
    ("text", "path", "hint"),
    [
        (
            "misdeal:\n  conditions: [no_spades]",
            "misdeal.conditions[0]",
            "; write {kind: no_spades}",
        ),
        (
            "misdeal:\n  conditions: [no_spade]",
            "misdeal.conditions[0]",
            "; did you mean {kind: no_spades}?",
        ),
        ("play: {spade_lead: any_time}", "play.spade_lead", "; write {kind: any_time}"),
        ("deal: {leftover: widow}", "deal.leftover", "; write {kind: widow}"),
    ],
)
def test_item10_a_kind_written_alone_says_to_write_its_mapping(
    text: str, path: str, hint: str
) -> None:
    [problem] = validate(text + "\n")
    assert (problem.path, problem.code) == (path, "wrong_type")
    assert problem.message.endswith(hint)


# ---------------------------------------------------------------------------------------
# The public entry points.


def test_load_variant_by_name_by_str_path_and_by_path(tmp_path: Path) -> None:
    nyc = load_variant("nyc")
    assert isinstance(nyc, Variant) and nyc.name == "nyc"
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: nyc\ndescription: ours\n")
    assert load_variant(mine).description == "ours"
    assert load_variant(str(mine)).name == "nyc"


def test_load_variant_unknown_name_gets_did_you_mean() -> None:
    with pytest.raises(VariantError) as caught:
        load_variant("nyx")
    [problem] = caught.value.problems
    assert (problem.source, problem.line, problem.code) == ("nyx", None, "unknown_variant")
    assert problem.message.startswith("unknown bundled variant 'nyx'; did you mean 'nyc'")


def test_load_variant_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(VariantError) as caught:
        load_variant(tmp_path / "missing.yaml")
    assert caught.value.problems[0].message == f"file not found: '{tmp_path / 'missing.yaml'}'"
    with pytest.raises(VariantError) as caught:
        load_variant(tmp_path)
    assert caught.value.problems[0].code == "is_a_directory"


def test_a_name_that_is_a_local_file_gets_a_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("ours").write_text("name: ours\n")
    with pytest.raises(VariantError) as caught:
        load_variant("ours")
    assert caught.value.problems[0].message == (
        "unknown bundled variant 'ours'; to use the file 'ours' in the working directory, "
        "write './ours'"
    )


def test_parse_variant_accepts_bytes() -> None:
    assert parse_variant(b"extends: standard\nname: mine\n").name == "mine"


@pytest.mark.parametrize(
    ("argument", "code"),
    [
        ("nyc", None),
        ("standard", None),
        ("nyx", "unknown_variant"),
        ("rules/missing.yaml", "file_not_found"),
        ("missing.yml", "file_not_found"),
        ("name: fine\n", None),
        ("{}", "empty_document"),
        ("scoring: {bags: {limti: 1}}", "unknown_key"),
        ("- a list", "not_a_mapping"),
        ("a: [", "yaml_syntax"),
        (b"name: \xff\n", "not_utf8"),
        (b"name: ok\n", None),
        ("extends: ./nowhere.yaml\n", "file_not_found"),
    ],
)
def test_validate_decides_what_it_was_given(argument: str | bytes, code: str | None) -> None:
    problems = validate(argument)
    assert [p.code for p in problems] == ([] if code is None else [code])


def test_validate_reads_existing_files_and_directories(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("scoring: {bags: {limit: 0}}\n")
    for argument in (path, str(path)):
        [problem] = validate(argument)
        assert where(problem) == (str(path), 1, 25, "scoring.bags.limit")
    assert [p.code for p in validate(tmp_path)] == ["is_a_directory"]


# ---------------------------------------------------------------------------------------
# Properties: nothing but VariantError, whatever the input.


@given(st.text())
def test_arbitrary_text_raises_nothing_but_variant_error(text: str) -> None:
    try:
        parse_variant(text)
    except VariantError as error:
        assert error.problems


@given(st.binary())
def test_arbitrary_bytes_raise_nothing_but_variant_error(data: bytes) -> None:
    try:
        parse_variant(data)
    except VariantError as error:
        assert error.problems


@given(st.one_of(st.text(), st.binary(), st.sampled_from(["nyc", "nyx", ".", "a.yaml"])))
def test_validate_never_raises_on_content(argument: str | bytes) -> None:
    problems = validate(argument)
    assert all(isinstance(problem, Problem) and problem.message for problem in problems)


KEYS = [
    "name",
    "deck",
    "deal",
    "bidding",
    "scoring",
    "bags",
    "limit",
    "kind",
    "leftover",
    "kitty",
    "to",
    "form",
    "nil",
    "enabled",
    "hand_size",
    "players",
    "table",
    "play",
    "elevated",
    "jokers",
    "remove",
    "first_dealer",
    "boston",
    "points",
    "x",
]
values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 60),
        st.sampled_from(["kitty", "none", "dealer", "AS", "BJ", "random", "pairs", "points", "x"]),
    ),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.sampled_from(KEYS), children, max_size=4)
    ),
    max_leaves=15,
)


@given(st.dictionaries(st.sampled_from(KEYS), values, max_size=5))
def test_near_miss_variants_get_located_problems(data: dict[str, object]) -> None:
    data.pop("extends", None)
    text = yaml.safe_dump(data)
    for model in (Variant, Toy):
        try:
            loader.parse(text, model)
        except VariantError as error:
            assert error.problems
            for problem in error.problems:
                assert problem.message
                assert problem.source == "<string>"
                assert (problem.line is None) == (problem.column is None)


# ---------------------------------------------------------------------------------------
# The codes.


def test_every_problem_code_is_documented_and_reachable(tmp_path: Path) -> None:
    """Each documented code comes out of some input, and nothing else does."""
    from spadeslib.loader import PROBLEM_CODES
    from spadeslib.loader.compose import MAX_EXTENDS, MAX_HOUSE_RULES
    from spadeslib.loader.yaml_source import MAX_BYTES

    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BYTES + 1))
    (tmp_path / "b.yaml").write_text("house_rules: [./c.yaml]\n")
    (tmp_path / "c.yaml").write_text("extends: standard\n")
    (tmp_path / "loop.yaml").write_text("extends: ./loop.yaml\n")
    for step in range(MAX_EXTENDS + 1):
        (tmp_path / f"chain{step}.yaml").write_text(f"extends: ./chain{step + 1}.yaml\n")
    inputs: list[str | bytes | Path] = [
        tmp_path / "none.yaml",
        tmp_path,
        Path("/dev/null"),
        big,
        b"a: \xff",
        "a: \x07",
        "a: [",
        "a: 1\n---\nb: 2",
        "- x",
        "a: 1\na: 2",
        "1: x",
        "a: {<<: {}}",
        "a: !!set {}",
        "a: *x",
        "a: 1" + "0" * 5000,
        "[" * 100,
        "a: [" + "1, " * 20_000 + "1]",
        "extends: 5",
        "extends: nyx",
        "house_rules: [nonil]",
        tmp_path / "loop.yaml",
        tmp_path / "chain0.yaml",
        "house_rules: [" + ", ".join(["no-nil"] * (MAX_HOUSE_RULES + 1)) + "]",
        "extends: ./" + "a" * 300 + ".yaml",  # a name too long for the file system
        f"house_rules: [{tmp_path / 'b.yaml'}]",
        "house_rules: [no-nil, nyc-trumps, jokers-big-little]",
        "nme: x",
        "bidding: {forced: {kind: fixed}}",
        "deal: {leftover: {kind: kity}}",
        "deal: {leftover: {to: dealer}}",
        "play: {first_lead: nobody}",
        "deal: {hand_size: x}",
        "scoring: {bags: {limit: 0}}",
        "deck: {jokers: [BJ, LJ, BJ]}",
        "deck: {remove: [ZZ]}",
        "table: {players: 3}",
        "# only a comment\n",
    ]
    seen: set[str] = set()
    for argument in inputs:
        codes = {problem.code for problem in validate(argument)}
        assert codes, argument
        seen |= codes
    assert seen <= set(PROBLEM_CODES)
    assert set(PROBLEM_CODES) == seen


# ---------------------------------------------------------------------------------------
# Issue 27: what a new user hit.


def line_of(path: Path | None, start: str) -> int:
    """The number of the first line of ``path`` that starts with ``start``: the bundled
    files are edited, and a test of where a key was set should not count their lines."""
    assert path is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, text in enumerate(lines, 1) if text.startswith(start))


@pytest.mark.parametrize("text", ["", "\n", "# our rules, to do\n", "---\n", "{}\n", "~\n"])
def test_an_empty_file_is_a_problem_that_says_what_to_write(tmp_path: Path, text: str) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(text)
    [problem] = validate(path)
    assert (problem.source, problem.line, problem.code) == (str(path), None, "empty_document")
    assert "write the variant it starts from, like 'extends: standard'" in problem.message


def test_an_empty_house_rule_listed_is_a_problem_in_its_file(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text("# to do\n")
    (tmp_path / "club.yaml").write_text("extends: standard\nhouse_rules: [./mine.yaml]\n")
    [problem] = validate(tmp_path / "club.yaml")
    assert (problem.source, problem.code) == (str(tmp_path / "mine.yaml"), "empty_document")
    assert "naming it changes nothing" in problem.message


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("extends: standard\nscoring:\n\tbags: {limit: 5}\n", 3, 1),
        ("scoring:\n  bags:\n  \tlimit: 5\n", 3, 3),
        # PyYAML says "mapping values are not allowed here", of line 3, column 7
        ("scoring:\n  bags: {}\n    \tlimit: 5\n", 3, 5),
        # PyYAML names the line its scan started on (line 4), and the tab is on line 5
        ("scoring:\n  bags:\n    limit: 5\n\tpenalty: 50\n", 4, 1),
        ("scoring:\n  bags:\n    limit: 5\n    \tpenalty: 50\n", 4, 5),
        ("description: one\n  two\n\tthree\n", 3, 1),
    ],
)
def test_a_tab_in_the_indentation_is_placed_on_its_line_and_column(
    text: str, line: int, column: int
) -> None:
    [problem] = validate(text)
    assert (problem.line, problem.column, problem.code) == (line, column, "yaml_syntax")
    assert problem.message == (
        f"YAML syntax error: line {line} is indented with a tab (column {column}); "
        "indent with spaces: YAML does not allow tabs"
    )


def test_a_tab_inside_a_flow_mapping_is_still_fine() -> None:
    assert validate("table: {players:\t4}\n") == []


@pytest.mark.parametrize("written", ["our-club", "our-club.yaml"])
def test_an_unknown_name_beside_a_file_of_that_name_says_how_to_name_the_file(
    tmp_path: Path, written: str
) -> None:
    (tmp_path / "our-club.yaml").write_text("extends: standard\nname: our club\n")
    (tmp_path / "tuesday.yaml").write_text(f"extends: {written.removesuffix('.yaml')}\n")
    [problem] = validate(tmp_path / "tuesday.yaml")
    assert (problem.line, problem.column, problem.code) == (1, 10, "unknown_variant")
    assert problem.message == (
        "unknown bundled variant 'our-club'; to use the file 'our-club.yaml' beside this "
        "file, write './our-club.yaml'"
    )


def parse_problems(text: str, *, base_dir: Path) -> list[Problem]:
    with pytest.raises(VariantError) as caught:
        parse_variant(text, base_dir=base_dir)
    return list(caught.value.problems)


def test_text_from_stdin_looks_for_the_file_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "our-club.yaml").write_text("extends: standard\n")
    monkeypatch.chdir(tmp_path)
    [problem] = validate("house_rules: [our-club]\n")
    assert problem.message == (
        "unknown bundled house rule 'our-club'; to use the file 'our-club.yaml' in the "
        "working directory, write './our-club.yaml'"
    )
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.chdir(other)
    [problem] = parse_problems("extends: our-club\n", base_dir=tmp_path)
    assert f"to use the file 'our-club.yaml' in '{tmp_path}'" in problem.message
    monkeypatch.chdir(tmp_path.parent)
    [problem] = validate("extends: our-club\n")
    assert "our-club.yaml" not in problem.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "deal: {hand_size: 1}\nbidding: {form: {kind: round_the_table, max_bid: 3}}\n",
            "3 is more than the 1 trick",
        ),
        (
            "deal: {hand_size: 1}\nbidding: {form: {kind: partnership, max_team_bid: 2}}\n",
            "2 is more than the 1 trick",
        ),
        (
            "deal: {hand_size: 2}\nbidding: {form: {kind: round_the_table, max_bid: 3}}\n",
            "3 is more than the 2 tricks",
        ),
    ],
)
def test_one_trick_is_not_1_tricks(text: str, message: str) -> None:
    assert message in [problem.message for problem in validate(text)]


def test_a_clash_across_keys_is_placed_at_the_key_the_users_file_sets(tmp_path: Path) -> None:
    from spadeslib.loader.bundled import bundled_variant_path

    standard = bundled_variant_path("standard")
    path = tmp_path / "c4.yaml"
    path.write_text("extends: standard\ntable:\n  players: 6\n")
    [problem] = validate(path)
    assert where(problem) == (str(path), 3, 12, "deal.hand_size")
    hand_size = line_of(standard, "  hand_size:")
    assert problem.message == (
        f"6 hands of 13 need 78 cards but the deck has 52 (deal.hand_size is set in "
        f"{standard}:{hand_size}); start from the variant for 6 players (extends: "
        "six-handed), or deal 8 cards a hand (deal.hand_size: 8, and say in deal.leftover "
        "what happens to the 4 left over)"
    )


def test_jokers_added_to_standard_are_told_at_the_jokers(tmp_path: Path) -> None:
    from spadeslib.loader.bundled import bundled_variant_path

    standard = bundled_variant_path("standard")
    path = tmp_path / "c5.yaml"
    path.write_text("extends: standard\ndeck:\n  jokers: [BJ, LJ]\n")
    problems = validate(path)
    assert {where(problem)[:3] for problem in problems} == {(str(path), 3, 11)}
    [leftover] = [problem for problem in problems if problem.path == "deal.leftover"]
    set_at = line_of(standard, "  leftover:")
    assert leftover.message == (
        "54 cards make 4 hands of 13 with 2 left over (deal.leftover is set in "
        f"{standard}:{set_at}); say what happens to them (kind: kitty, widow "
        "or mitchell), or remove cards in deck.remove"
    )


def test_a_clash_with_a_key_a_listed_house_rule_sets_is_at_its_entry(tmp_path: Path) -> None:
    (tmp_path / "jokers.yaml").write_text("deck:\n  jokers: [BJ, LJ]\n  elevated: [BJ, LJ]\n")
    path = tmp_path / "club.yaml"
    path.write_text("extends: standard\nhouse_rules:\n  - no-blind-nil\n  - ./jokers.yaml\n")
    [problem] = validate(path)
    assert where(problem) == (str(path), 4, 5, "deal.leftover")
    assert problem.message.endswith(f"(set in {tmp_path / 'jokers.yaml'}:2)")


def test_a_key_the_user_set_itself_is_still_where_its_problem_goes() -> None:
    problems = validate("extends: standard\ntable: {players: 6}\ndeal: {hand_size: 14}\n")
    assert [(p.line, p.column, p.path) for p in problems] == [(3, 19, "deal.hand_size")]
    assert "is set in" not in problems[0].message


def test_the_bundled_variant_named_for_a_number_of_players_has_that_many() -> None:
    from spadeslib.variant.checks import table

    for players, name in table._BUNDLED_FOR.items():
        assert load_variant(name).table.players == players, name
    assert validate(f"extends: {table._BUNDLED_FOR[6]}\n") == []
