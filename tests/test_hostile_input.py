"""Hostile and broken input to the loader, the format and the records (issue 15, items 1
to 8): each gets a :class:`~spadeslib.errors.SpadesError` saying what is wrong, after a
bounded amount of work, never a raw error from PyYAML, the operating system, pydantic or
the interpreter.

The tests are grouped by the issue's items; the name of each says which.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game_helpers import plausible_id
from spadeslib.cli.main import main
from spadeslib.engine import Game
from spadeslib.errors import IllegalActionError, Problem, RecordError, VariantError
from spadeslib.loader import compose
from spadeslib.loader.compose import MAX_EXTENDS, MAX_HOUSE_RULES
from spadeslib.variant import Variant, load_variant, parse_variant, validate
from spadeslib.variant._base import MAX_DESCRIPTION, MAX_NAME


def problems_of(call: Callable[[], object]) -> list[Problem]:
    with pytest.raises(VariantError) as caught:
        call()
    return list(caught.value.problems)


def only(problems: list[Problem], code: str) -> Problem:
    [problem] = [problem for problem in problems if problem.code == code]
    return problem


class Reads:
    """Counts the files the composer reads: the work of composing is bounded by the number
    of files, each read once (the limits of one file's parsing are tested in
    tests/test_yaml_source.py)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[Path] = []
        read = compose.read_file

        def counting(path: Path) -> bytes:
            self.paths.append(path)
            return read(path)

        monkeypatch.setattr(compose, "read_file", counting)


def no_nil_list(count: int) -> str:
    return "house_rules: [" + ", ".join(["no-nil"] * count) + "]\n"


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = {"a": value}
    return value


# ---------------------------------------------------------------------------------------
# Item 1: a value under a YAML tag it does not fit (PyYAML raised KeyError, IndexError).


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!bool x", "cannot read 'x' as true or false: it is tagged !!bool"),
        ("a: !!int ''", "cannot read '' as a whole number: it is tagged !!int"),
        ("a: !!int '-'", "cannot read '-' as a whole number: it is tagged !!int"),
        ("a: !!int _", "cannot read '_' as a whole number: it is tagged !!int"),
        ("a: !!int 0x", "cannot read '0x' as a whole number: it is tagged !!int"),
        ("a: !!float ''", "cannot read '' as a number: it is tagged !!float"),
        ("a: !!float x", "cannot read 'x' as a number: it is tagged !!float"),
    ],
)
def test_item1_a_tagged_value_of_another_type_is_a_problem(text: str, message: str) -> None:
    for problems in (problems_of(lambda: parse_variant(text)), validate(text)):
        problem = only(problems, "bad_scalar")
        assert (problem.line, problem.column, problem.path) == (1, 4, "a")
        assert problem.message == message


def test_item1_the_cli_prints_a_tagged_value_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("bidding:\n  raise_round: !!bool perhaps\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == (
        f"{path}:2:16: bidding.raise_round: cannot read 'perhaps' as true or false: "
        "it is tagged !!bool\n"
    )
    assert "internal error" not in err
    assert main(["validate", "--json", str(path)]) == 1
    [report] = json.loads(capsys.readouterr().out)
    assert [problem["code"] for problem in report["problems"]] == ["bad_scalar"]


# ---------------------------------------------------------------------------------------
# Item 2: the work of composition is bounded, and each fragment is read once.


def test_item2_the_limit_of_house_rules_is_a_problem_at_the_first_entry_too_many(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = Reads(monkeypatch)
    problems = problems_of(lambda: parse_variant(no_nil_list(9_000)))
    problem = only(problems, "too_many_house_rules")
    assert problem.path == f"house_rules[{MAX_HOUSE_RULES}]"
    assert problem.message == (
        f"more than {MAX_HOUSE_RULES} house rules in one variant (the lists of the files it "
        f"extends included); the limit is {MAX_HOUSE_RULES}"
    )
    assert len(reads.paths) == 1  # no-nil, once


def test_item2_house_rules_up_to_the_limit_are_fine() -> None:
    once = parse_variant("house_rules: [no-nil]\n")
    assert parse_variant(no_nil_list(MAX_HOUSE_RULES)) == once


def test_item2_each_file_is_read_once_however_often_it_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ours.yaml").write_text("game_end: {target: 300}\n", encoding="utf-8")
    (tmp_path / "base.yaml").write_text(
        "extends: standard\nhouse_rules: [./ours.yaml, no-nil, ./ours.yaml]\n", encoding="utf-8"
    )
    club = tmp_path / "club.yaml"
    club.write_text(
        "extends: ./base.yaml\nhouse_rules: [no-nil, ./ours.yaml, no-nil]\n", encoding="utf-8"
    )
    reads = Reads(monkeypatch)
    variant = load_variant(club)
    assert variant.game_end.target == 300 and not variant.bidding.nil.enabled
    names = [path.name for path in reads.paths]
    assert sorted(names) == sorted(set(names))
    assert len(names) == 5  # club, base, standard, ours, no-nil


def test_item2_the_limit_counts_the_lists_of_every_file_extended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for step in range(3):
        extends = f"extends: ./file{step + 1}.yaml\n" if step < 2 else ""
        (tmp_path / f"file{step}.yaml").write_text(extends + no_nil_list(9_000), encoding="utf-8")
    reads = Reads(monkeypatch)
    problems = validate(tmp_path / "file0.yaml")
    assert [problem.code for problem in problems] == ["too_many_house_rules"]
    assert problems[0].source == str(tmp_path / "file2.yaml")  # the deepest, read first
    assert len(reads.paths) == 4  # the three files and no-nil


def test_item2_the_limits_are_in_the_docs() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs"
    for page in ("format.md", "errors.md"):
        text = (docs / page).read_text(encoding="utf-8")
        assert f"at most {MAX_EXTENDS} files" in text, page
        assert f"at most {MAX_HOUSE_RULES} house rules" in text, page


# ---------------------------------------------------------------------------------------
# Item 3: a record whose last deal is missing (zip() raised ValueError).


def test_item3_a_record_cut_after_a_deal_is_a_record_error() -> None:
    game = Game("standard", seed=5)
    rng = random.Random(1)
    first = game.deal_number
    while game.deal_number == first:
        game.apply_id(plausible_id(game, rng))
    record = game.record()
    assert len(record["deals"]) == 2
    record["deals"] = record["deals"][:1]
    with pytest.raises(RecordError) as caught:
        Game.replay(record)
    assert str(caught.value) == (
        "deals: the record has 1 deal, but its actions reach deal 2; a record lists every "
        "deal dealt (was it cut short?)"
    )


# ---------------------------------------------------------------------------------------
# Item 4: deep input says what is too deep (it raised RecursionError).


def test_item4_json_nested_a_thousand_deep_is_a_record_error() -> None:
    with pytest.raises(RecordError) as caught:
        Game.from_json("[" * 1000 + "]" * 1000)
    assert "nests too deeply" in str(caught.value)


def test_item4_a_records_variant_nested_a_thousand_deep_is_a_record_error() -> None:
    record = Game("standard", seed=1).record()
    record["variant"]["scoring"]["trick_value"] = nested(1000)
    with pytest.raises(RecordError) as caught:
        Game.replay(record)
    assert str(caught.value).startswith(
        "variant.scoring.trick_value.a.a: the value nests deeper than 64 levels"
    )


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"scoring": {"trick_value": nested(1000)}}, "scoring.trick_value"),
        ({"deck": {"remove": [nested(1000)]}}, "deck.remove[0]"),
        (nested(1000), "a"),
    ],
)
def test_item4_variant_data_nested_a_thousand_deep_is_a_variant_error(data: Any, path: str) -> None:
    [problem] = problems_of(lambda: Variant.model_validate(data))
    assert problem.path == path
    assert len(problem.message) < 200


def test_item4_a_long_chain_of_extends_says_it_is_too_deep(tmp_path: Path) -> None:
    for step in range(493):
        (tmp_path / f"f{step}.yaml").write_text(f"extends: ./f{step + 1}.yaml\n")
    (tmp_path / "f493.yaml").write_text("name: bottom\n")
    problem = only(validate(tmp_path / "f0.yaml"), "extends_too_deep")
    assert problem.source == str(tmp_path / f"f{MAX_EXTENDS}.yaml")
    assert problem.message == (
        f"extends goes more than {MAX_EXTENDS} files deep ({tmp_path / 'f0.yaml'} -> ... -> "
        f"{tmp_path / f'f{MAX_EXTENDS}.yaml'} -> ./f{MAX_EXTENDS + 1}.yaml); the limit is "
        f"{MAX_EXTENDS}"
    )


def test_item4_a_chain_of_extends_up_to_the_limit_is_fine(tmp_path: Path) -> None:
    for step in range(MAX_EXTENDS):
        (tmp_path / f"f{step}.yaml").write_text(f"extends: ./f{step + 1}.yaml\n")
    (tmp_path / f"f{MAX_EXTENDS}.yaml").write_text("name: bottom\n")
    assert load_variant(tmp_path / "f0.yaml").name == "bottom"


# ---------------------------------------------------------------------------------------
# Items 5 and 6: names no file can have (OSError: File name too long; ValueError: embedded
# null byte).

LONG = "a" * 300


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: parse_variant("extends: " + "a" * 256), "unknown_variant"),
        (lambda: parse_variant(f"house_rules: [{'a' * 256}]"), "unknown_house_rule"),
        (lambda: load_variant("f" * 300), "unknown_variant"),
        (lambda: parse_variant(f"extends: ./{LONG}.yaml"), "unreadable"),
        (lambda: parse_variant(f"house_rules: [./{LONG}.yaml]"), "unreadable"),
        (lambda: load_variant(Path(f"{LONG}.yaml")), "unreadable"),
    ],
    ids=["extends", "house-rule", "load-name", "extends-path", "house-rule-path", "load-path"],
)
def test_item5_a_name_too_long_for_the_file_system_is_a_problem(
    call: Callable[[], object], code: str
) -> None:
    assert only(problems_of(call), code).message


def test_item5_validate_of_a_name_too_long_is_a_problem() -> None:
    assert [problem.code for problem in validate("f" * 300)] == ["unknown_variant"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: parse_variant('extends: "./a\\0b.yaml"'),
        lambda: parse_variant('house_rules: ["./a\\0b.yaml"]'),
        lambda: load_variant(Path("a\0b.yaml")),
        lambda: load_variant("a\0b"),
    ],
    ids=["extends", "house-rule", "load-path", "load-name"],
)
def test_item6_a_null_character_in_a_file_name_is_a_problem(call: Callable[[], object]) -> None:
    [problem] = problems_of(call)
    assert problem.code in {"bad_reference", "unknown_variant"}
    assert "\\x00" in problem.message


# ---------------------------------------------------------------------------------------
# Item 7: pydantic's ValidationError never reaches a user.


@pytest.mark.parametrize(
    "build",
    [
        Variant.model_validate,
        lambda data: Variant(**data),
        lambda data: Variant.model_validate_json(json.dumps(data)),
    ],
    ids=["model_validate", "constructor", "model_validate_json"],
)
def test_item7_bad_values_in_python_are_a_variant_error(
    build: Callable[[dict[str, Any]], Variant],
) -> None:
    with pytest.raises(VariantError) as caught:
        build({"game_end": {"target": "x"}, "deal": {"hand_size": 14}})
    [problem] = caught.value.problems
    assert (problem.source, problem.line, problem.path, problem.code) == (
        "<data>",
        None,
        "game_end.target",
        "wrong_type",
    )
    assert problem.message == "expected a whole number from -10000 to 10000, got 'x'"
    with pytest.raises(VariantError) as caught:
        build({"deal": {"hand_size": 14}})
    assert [problem.code for problem in caught.value.problems] == ["contradiction"]


def test_item7_good_values_still_make_a_variant() -> None:
    short = Variant.model_validate({"name": "short", "game_end": {"target": 300}})
    assert short == Variant(name="short", game_end={"target": 300})
    assert short.compile().variant == short
    # Validation stays in pydantic's core: Variant.__init__ only rewords errors of
    # Variant(...), and pydantic does not call it from model_validate.
    assert Variant.__pydantic_custom_init__ is False


# ---------------------------------------------------------------------------------------
# Item 8: every accepted variant round-trips through to_yaml() and loading.


@given(st.text(max_size=MAX_NAME), st.text(max_size=MAX_DESCRIPTION))
def test_item8_any_accepted_name_and_description_round_trip(name: str, description: str) -> None:
    variant = Variant(name=name, description=description)
    assert parse_variant(variant.to_yaml()) == variant


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        (
            {"name": "x" * 999_000},
            "name",
            f"expected text of at most {MAX_NAME} characters, got 999000: 'xxxx",
        ),
        (
            {"description": "x" * (MAX_DESCRIPTION + 1)},
            "description",
            f"expected text of at most {MAX_DESCRIPTION:,} characters, got {MAX_DESCRIPTION + 1}",
        ),
        (
            {"misdeal": {"conditions": [{"kind": "no_spades"}] * 11}},
            "misdeal.conditions",
            "expected at most 10 items, got 11",
        ),
    ],
)
def test_item8_text_and_lists_are_bounded(data: dict[str, Any], path: str, message: str) -> None:
    [problem] = problems_of(lambda: Variant.model_validate(data))
    assert (problem.path, problem.code) == (path, "wrong_length")
    assert problem.message.startswith(message)


def test_item8_the_largest_variant_fits_the_loaders_limits() -> None:
    largest = Variant.model_validate(
        {
            "name": "\U0010fffe" * MAX_NAME,
            "description": "\x01" * MAX_DESCRIPTION,  # written as "\x01": four characters
            "misdeal": {"conditions": [{"kind": "no_spades"}] * 10},
            "bidding": {"forced": {"kind": "allowed", "bids": list(range(14))}},
        }
    )
    assert parse_variant(largest.to_yaml()) == largest


def test_item8_a_nel_character_round_trips() -> None:
    # PyYAML writes U+0085 raw in a single-quoted scalar, where it reads back as a space.
    variant = Variant(description="one\x85two")
    assert parse_variant(variant.to_yaml()).description == "one\x85two"


# ---------------------------------------------------------------------------------------
# Issue 27: a home directory that does not exist, and values nested 100,000 deep or
# megabytes long anywhere in a record or a variant (they raised RuntimeError and
# RecursionError, and a long value cost seconds in "did you mean").

NO_USER = "~spadeslib-no-such-user-27"


@pytest.mark.parametrize(
    ("text", "path", "column"),
    [
        (f"extends: {NO_USER}/x.yaml\n", "extends", 10),
        (f"extends: standard\nhouse_rules: [{NO_USER}/mine.yaml]\n", "house_rules[0]", 15),
        (f"applies_to: {NO_USER}/x.yaml\n", "applies_to", 13),
    ],
)
def test_issue27_a_home_of_no_user_is_a_located_problem(text: str, path: str, column: int) -> None:
    [problem] = problems_of(lambda: parse_variant(text, "club.yaml"))
    assert (problem.source, problem.line, problem.column) == ("club.yaml", text.count("\n"), column)
    assert (problem.path, problem.code) == (path, "bad_reference")
    assert f"there is no user '{NO_USER[1:]}' on this machine" in problem.message
    assert "write the path without '~'" in problem.message


def deep(kind: str, depth: int = 100_000) -> object:
    """A list or a mapping nested ``depth`` levels, built without recursion."""
    value: object = "x"
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


RECORD_PLACES = [
    ("format",),
    ("version",),
    ("seed",),
    ("deals", 0, "dealer"),
    ("deals", 0, "hands"),
    ("deals", 0, "rest"),
    ("variant", "name"),
    ("variant", "table", "players"),  # a choice among numbers: its "did you mean" recursed
    ("variant", "table", "partnerships"),
    ("variant", "game_end", "tie"),
    ("variant", "scoring", "bags", "after_penalty"),
    ("variant", "play", "spade_lead", "kind"),
    ("variant", "deck", "remove"),
]


def _set(data: Any, path: tuple[str | int, ...], value: object) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


class _OverBudget(BaseException):
    """Raised inside the traced call (a BaseException, so no ``except Exception`` of the
    library's swallows it)."""


def bounded(call: Callable[[], Any], lines: int = 400_000) -> Any:
    """``call()``, failing if it runs more than ``lines`` lines of Python.

    A hostile value must not make the work grow with its size: a 20 MB value once cost
    seconds in "did you mean", which walks a word character by character in Python, and
    a deep one recursed. A count of lines, unlike a clock, is the same on every machine
    and under any load. These calls run under 5,000 lines, or about 171,000 where the
    value is a list of 100,000 items, each looked at once; with "did you mean" let loose
    on a 20 MB value they pass the budget within a second."""
    count = 0

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
            if count > lines:
                raise _OverBudget(f"more than {lines:,} lines of Python")
        return trace

    before = sys.gettrace()
    sys.settrace(trace)
    try:
        return call()
    finally:
        sys.settrace(before)


def replay_error(record: dict[str, Any]) -> str:
    def replay() -> str:
        with pytest.raises(RecordError) as caught:
            Game.replay(record)
        return str(caught.value)

    message: str = bounded(replay)
    return message


@pytest.mark.parametrize("kind", ["list", "dict"])
@pytest.mark.parametrize("path", RECORD_PLACES, ids=lambda path: ".".join(map(str, path)))
def test_issue27_a_record_nested_100000_deep_is_a_record_error(
    path: tuple[str | int, ...], kind: str
) -> None:
    record = Game("standard", seed=1).record()
    _set(record, path, deep(kind))
    message = replay_error(record)
    assert len(message) < 400
    head = path[0]
    assert isinstance(head, str)  # (every place starts at a key of the record)
    assert message.startswith(head if head != "deals" else "deals[0]")


@pytest.mark.parametrize("path", RECORD_PLACES, ids=lambda path: ".".join(map(str, path)))
def test_issue27_a_huge_string_in_a_record_is_quoted_short_and_fast(
    path: tuple[str | int, ...],
) -> None:
    record = Game("standard", seed=1).record()
    _set(record, path, "Z" * 20_000_000)
    assert len(replay_error(record)) < 400


def test_issue27_a_huge_key_in_a_records_variant_is_quoted_short() -> None:
    record = Game("standard", seed=1).record()
    record["variant"]["scoring"]["Q" * 5_000_000] = 1
    record["Q" * 5_000_000] = 1
    assert len(replay_error(record)) < 400
    del record["Q" * 5_000_000]
    assert len(replay_error(record)) < 400


def test_issue27_a_record_with_keys_of_any_type_is_a_record_error() -> None:
    record: dict[Any, Any] = Game("standard", seed=1).record()
    record[1] = 1
    key: object = "x"
    for _ in range(50):
        key = (key,)
    record[key] = 2
    assert "unknown key(s)" in replay_error(record)


@pytest.mark.parametrize("kind", ["list", "dict"])
@pytest.mark.parametrize(
    "path",
    [("table", "players"), ("game_end", "tie"), ("name",), ("bidding", "form", "max_bid")],
    ids=".".join,
)
def test_issue27_variant_data_nested_100000_deep_is_a_variant_error(
    path: tuple[str, ...], kind: str
) -> None:
    data: dict[str, Any] = {}
    place = data
    for part in path[:-1]:
        place = place.setdefault(part, {})
    place[path[-1]] = deep(kind)
    problems = problems_of(lambda: Variant.model_validate(data))
    assert all(len(str(problem)) < 300 for problem in problems)


@pytest.mark.parametrize(
    "text",
    [
        "play: {spade_lead: {kind: %s}}\n",
        "game_end: {tie: %s}\n",
        "%s: 1\n",
        "bidding: {form: {max_bid: '%s'}}\n",
        "scoring: {bags: {limit: '%s'}}\n",
    ],
)
def test_issue27_a_value_of_900000_characters_in_yaml_is_quoted_short(text: str) -> None:
    value = "1" * 900_000 if "'" in text else "w" * 900_000
    problems = bounded(lambda: problems_of(lambda: parse_variant(text % value)))
    assert problems and all(len(str(problem)) < 400 for problem in problems)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "play ZZ",
            "illegal action 'play ZZ': not an action: 'play ZZ' (not a card: 'ZZ' (write rank "
            "then suit, like 'AS', '10H', 'TD', '2C', or 'BJ'/'LJ' for the big and little joker))",
        ),
        ("BID x/Nil", "not an action: 'BID x/Nil' ('x' is neither a number nor 'nil')"),
        ("Frobnicate  7", "not an action: 'Frobnicate  7' (like 'play AS', 'bid 4', "),
        ("play AS KH", "not an action: 'play AS KH' ('play' takes 1 card, not 2)"),
    ],
)
def test_issue27_a_refused_action_is_quoted_as_it_was_written(text: str, message: str) -> None:
    game = Game("standard", seed=1)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(text)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "illegal action None: an action is written as text like 'bid 4', not None"),
        (3, "illegal action 3: an action is written as text like 'bid 4', not 3"),
    ],
)
def test_a_value_that_is_no_text_is_quoted_as_a_value(value: object, message: str) -> None:
    # None was quoted as the text 'None', as if someone had typed the word
    game = Game("standard", seed=1)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(value)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_issue27_a_huge_action_is_refused_short_and_fast() -> None:
    game = Game("standard", seed=1)
    for text in ("play " + "Z" * 10_000_000, "bid " + "9" * 10_000_000, "Z" * 10_000_000):
        with pytest.raises(IllegalActionError) as caught:
            bounded(partial(game.apply, text))
        assert len(str(caught.value)) < 400
    with pytest.raises(IllegalActionError) as caught:
        game.apply(deep("list"))  # type: ignore[arg-type]
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("variant", "deck", "jokers"), [None] * 100_000),
        (("variant", "misdeal", "conditions"), [None] * 100_000),
        (("variant", "name"), 10**5000),
        (("variant", "deck", "remove", 0), 10**5000),
    ],
    ids=["100000 items", "100000 conditions", "an int of 5000 digits", "a card of 5000 digits"],
)
def test_issue27_a_record_with_many_items_or_a_huge_int_is_a_record_error_fast(
    path: tuple[str | int, ...], value: object
) -> None:
    record = Game("standard", seed=1).record()
    record["variant"]["deck"]["remove"] = ["2C"]
    _set(record, path, value)
    assert len(replay_error(record)) < 400


def test_issue27_variant_data_with_100000_bad_items_lists_the_first_hundred() -> None:
    problems = bounded(
        lambda: problems_of(lambda: Variant.model_validate({"deck": {"jokers": [None] * 100_000}}))
    )
    assert len(problems) == 101
    assert problems[-1].message == "and 99,900 more problems, not listed (the first 100 are)"
