"""Safe YAML parsing: plain data, a mark for every key and value, and a clear, located
error (fast) for everything a user or an attacker can feed it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from spadeslib.errors import Problem, VariantError
from spadeslib.loader import yaml_source
from spadeslib.loader.document import Mark, dotted, parse_dotted
from spadeslib.loader.yaml_source import MAX_BYTES, MAX_DEPTH, MAX_NODES, parse_yaml
from spadeslib.variant import validate


def problems_of(text: str | bytes) -> list[Problem]:
    with pytest.raises(VariantError) as caught:
        parse_yaml(text, "rules.yaml")
    return list(caught.value.problems)


def only_problem(text: str | bytes) -> Problem:
    [problem] = problems_of(text)
    return problem


class Events:
    """Counts the parser events the loader reads: hostile input must be refused after a
    bounded amount of work, and counting the work (not timing it) says so on any machine
    under any load."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.read = 0
        parse = yaml.parse

        def counting(*args: Any, **kwargs: Any) -> Iterator[Any]:
            for event in parse(*args, **kwargs):
                self.read += 1
                yield event

        monkeypatch.setattr(yaml, "parse", counting)

    def refused(self, text: str | bytes, *, most: int) -> Problem:
        """The one problem in ``text``, found having read at most ``most`` events."""
        problem = only_problem(text)
        assert self.read <= most, f"read {self.read:,} events of hostile input"
        return problem


@pytest.fixture(params=["libyaml", "pure-python"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Events:
    """Run a test with each event parser PyYAML may have (libyaml, which a PyYAML wheel
    brings, and the pure Python fallback): both must refuse the same input with the same
    problem, after bounded work."""
    if request.param == "libyaml":
        if not getattr(yaml, "__with_libyaml__", False):
            pytest.skip("this PyYAML has no libyaml")
    else:
        monkeypatch.setattr(yaml_source, "_EVENT_LOADER", yaml.SafeLoader)
    return Events(monkeypatch)


# ---------------------------------------------------------------------------------------
# Data and marks.

TEXT = """\
name: mine
deck:
  jokers: [BJ, LJ]
  remove:
    - 2C
    - 2H
scoring: {bags: {limit: 5}}
"""


def test_plain_data_of_the_core_types() -> None:
    text = "a: 1\nb: 1.5\nc: true\nd: null\ne: text\nf: [1, x]\ng: {h: no}\n"
    data = parse_yaml(text).data
    assert data == {
        "a": 1,
        "b": 1.5,
        "c": True,
        "d": None,
        "e": "text",
        "f": [1, "x"],
        "g": {"h": False},
    }


def test_every_key_has_a_mark() -> None:
    document = parse_yaml(TEXT, "rules.yaml")
    assert document.keys[("name",)] == Mark("rules.yaml", 1, 1)
    assert document.keys[("deck", "jokers")] == Mark("rules.yaml", 3, 3)
    assert document.keys[("scoring", "bags", "limit")] == Mark("rules.yaml", 7, 18)


def test_every_value_has_a_mark_list_items_included(parser: float) -> None:
    document = parse_yaml(TEXT, "rules.yaml")
    assert document.values[()] == Mark("rules.yaml", 1, 1)
    assert document.values[("name",)] == Mark("rules.yaml", 1, 7)
    assert document.values[("deck", "jokers", 1)] == Mark("rules.yaml", 3, 16)
    assert document.values[("deck", "remove", 1)] == Mark("rules.yaml", 6, 7)
    assert document.values[("scoring", "bags", "limit")] == Mark("rules.yaml", 7, 25)


def test_an_alias_is_placed_where_it_is_written() -> None:
    document = parse_yaml("a: &x {b: 1}\nc: *x\n")
    assert document.data == {"a": {"b": 1}, "c": {"b": 1}}
    assert document.data["a"] is not document.data["c"]  # no shared, mutable values
    assert document.values[("c",)] == Mark("<string>", 2, 4)
    assert document.values[("c", "b")] == Mark("<string>", 1, 11)  # inside the anchor


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n", "~\n", "null"])
def test_an_empty_document_is_an_empty_mapping(text: str) -> None:
    assert parse_yaml(text).data == {}


def test_bytes_are_utf8_and_a_bom_is_allowed() -> None:
    assert parse_yaml("name: café\n".encode()).data == {"name": "café"}
    assert parse_yaml(b"\xef\xbb\xbfname: x\n").data == {"name": "x"}


def test_dates_and_explicit_str_tags_stay_text() -> None:
    data = parse_yaml("when: 2024-01-01\nbid: !!str 5\nplain: !!int '7'\n").data
    assert data == {"when": "2024-01-01", "bid": "5", "plain": 7}


@pytest.mark.parametrize(
    ("path", "text"),
    [
        (("scoring", "bags", "limit"), "scoring.bags.limit"),
        (("deck", "remove", 1), "deck.remove[1]"),
        ((), ""),
        (("a", 0, 2, "b"), "a[0][2].b"),
    ],
)
def test_dotted_paths_round_trip(path: tuple[str | int, ...], text: str) -> None:
    assert dotted(path) == text
    assert parse_dotted(text) == path


# ---------------------------------------------------------------------------------------
# Mistakes a person makes.


def test_duplicate_keys_are_an_error_naming_both_lines(parser: float) -> None:
    problem = only_problem("scoring:\n  bags: {limit: 5}\n  trick_value: 10\n  bags: {}\n")
    assert (problem.line, problem.column, problem.path) == (4, 3, "scoring.bags")
    assert problem.code == "duplicate_key"
    assert problem.message == (
        "duplicate key 'bags': first at line 2, column 3, again at line 4, column 3"
    )


def test_every_duplicate_is_reported() -> None:
    problems = problems_of("a: 1\na: 2\nb: {c: 1, c: 2}\n")
    assert [(p.line, p.path) for p in problems] == [(2, "a"), (3, "b.c")]


def test_a_syntax_error_is_located(parser: float) -> None:
    problem = only_problem("deck:\n  jokers: [BJ, LJ\nscoring: {}\n")
    assert problem.code == "yaml_syntax"
    assert problem.message.startswith("YAML syntax error: ")
    assert (problem.line, problem.column) == (3, 8)


def test_bad_indentation_is_a_syntax_error() -> None:
    problem = only_problem("deck:\n  jokers: []\n remove: []\n")
    assert problem.code == "yaml_syntax"
    assert problem.line == 3


@pytest.mark.parametrize(
    ("text", "found"),
    [("- a\n- b\n", "a list"), ("just text\n", "'just text'"), ("5\n", "'5'")],
)
def test_the_top_level_must_be_a_mapping(text: str, found: str) -> None:
    problem = only_problem(text)
    assert problem.code == "not_a_mapping"
    assert problem.message == f"a variant document must be a mapping of keys to values, not {found}"
    assert (problem.line, problem.column) == (1, 1)


def test_keys_must_be_text() -> None:
    problems = problems_of("1: one\ntrue: yes\n[a]: list\n")
    assert [p.code for p in problems] == ["key_not_text"] * 3
    assert [p.line for p in problems] == [1, 2, 3]
    assert problems[0].message == "keys must be text, not 1; quote it if you meant the text"
    assert "not True" in problems[1].message
    assert "not a list" in problems[2].message


def test_a_quoted_number_is_a_text_key() -> None:
    assert parse_yaml("'1': one\n").data == {"1": "one"}


def test_merge_keys_are_refused() -> None:
    problem = only_problem("base: &b {x: 1}\nmine:\n  <<: *b\n")
    assert problem.code == "merge_key"
    assert (problem.line, problem.column, problem.path) == (3, 3, "mine")


@pytest.mark.parametrize("tag", ["!!python/object:os.system", "!!binary", "!!set", "!custom"])
def test_only_core_tags_are_accepted(tag: str) -> None:
    problem = only_problem(f"a: {tag} x\n")
    assert problem.code == "unsupported_tag"
    assert (problem.line, problem.column, problem.path) == (1, 4, "a")


def test_a_second_document_is_an_error() -> None:
    problem = only_problem("a: 1\n---\nb: 2\n")
    assert problem.code == "multiple_documents"
    assert problem.line == 2


def test_an_alias_to_nothing_is_an_error() -> None:
    problem = only_problem("a: *missing\n")
    assert problem.code == "undefined_alias"
    assert (problem.line, problem.column) == (1, 4)


def test_a_self_referencing_alias_is_an_error_not_a_loop(parser: Events) -> None:
    problem = parser.refused("a: &loop [1, *loop]\n", most=20)
    assert problem.code == "undefined_alias"


def test_a_number_with_too_many_digits_is_an_error() -> None:
    problem = only_problem("limit: 1" + "0" * 10_000 + "\n")
    assert problem.code == "bad_scalar"
    assert problem.message.startswith("cannot read '1000")
    assert (problem.line, problem.column, problem.path) == (1, 8, "limit")


# ---------------------------------------------------------------------------------------
# Hostile input: a clear error, after bounded work.


def billion_laughs(levels: int = 9) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, levels):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_quickly(parser: Events) -> None:
    problem = parser.refused(billion_laughs(), most=200)  # the expansion is what is bounded
    assert problem.code == "too_many_nodes"
    assert problem.message == (
        f"the document expands to more than {MAX_NODES:,} values (too many aliases)"
    )
    assert problem.line is not None


def test_modest_aliases_are_fine() -> None:
    data = parse_yaml(billion_laughs(levels=3)).data
    assert data["a2"] == [[["lol"] * 9] * 9] * 9


@pytest.mark.parametrize("opener", ["[", "{a: ", "- "])
def test_deep_nesting_is_refused_quickly(opener: str, parser: Events) -> None:
    problem = parser.refused(opener * 200_000, most=3 * MAX_DEPTH)
    assert problem.code == "too_deep"
    assert problem.message == f"the document nests deeper than {MAX_DEPTH} levels"
    assert problem.line == 1


def test_nesting_up_to_the_limit_is_fine() -> None:
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_yaml("a: " + text[1:-1]).data  # depth counts the top-level mapping


def test_deep_nesting_through_aliases_is_refused(parser: Events) -> None:
    inner = "[" * 40 + "1" + "]" * 40
    text = f"a: &x {inner}\nb: {'[' * 30}*x{']' * 30}\n"
    assert parser.refused(text, most=300).code == "too_deep"


def test_a_huge_document_is_refused_without_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    events = Events(monkeypatch)
    problem = events.refused("a: " + "x" * MAX_BYTES, most=0)
    assert problem.code == "too_large"
    assert problem.message == (
        f"the document is {MAX_BYTES + 3:,} characters; the limit is {MAX_BYTES:,}"
    )
    assert problem.line is None
    assert events.refused(b"a" * (MAX_BYTES + 1), most=0).message.endswith(
        f"{MAX_BYTES + 1:,} bytes; the limit is {MAX_BYTES:,}"
    )


def test_too_many_values_is_refused_quickly(parser: Events) -> None:
    problem = parser.refused("a: [" + "1, " * 300_000 + "1]\n", most=MAX_NODES + 10)
    assert problem.code == "too_many_nodes"


def test_a_long_string_within_the_limit_is_fine(parser: Events) -> None:
    assert len(str(parse_yaml("a: " + "x" * (MAX_BYTES - 10)).data["a"])) == MAX_BYTES - 10


def test_bytes_that_are_not_utf8_are_located() -> None:
    problem = only_problem(b"name: ok\ndescription: caf\xe9 rules\n")
    assert problem.code == "not_utf8"
    assert problem.message == "not UTF-8: byte 0xe9 cannot be decoded; save the file as UTF-8"
    assert (problem.line, problem.column) == (2, 17)


def test_utf16_is_not_utf8() -> None:
    assert only_problem("a: 1\n".encode("utf-16")).code == "not_utf8"


def test_control_characters_are_located() -> None:
    problem = only_problem("a: 1\nb: x\x07y\n")
    assert problem.code == "bad_character"
    assert (problem.line, problem.column) == (2, 5)
    assert problem.message == "character '\\x07' is not allowed in YAML text"


def test_a_lone_surrogate_is_refused() -> None:
    assert only_problem("a: \ud800\n").code == "bad_character"


# ---------------------------------------------------------------------------------------
# Properties.


@given(st.text())
def test_any_text_parses_or_raises_variant_error(text: str) -> None:
    try:
        document = parse_yaml(text)
    except VariantError as error:
        assert error.problems
        assert all(problem.message for problem in error.problems)
    else:
        assert isinstance(document.data, dict)


@given(st.binary())
def test_any_bytes_parse_or_raise_variant_error(data: bytes) -> None:
    try:
        parse_yaml(data)
    except VariantError as error:
        assert error.problems


yaml_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.floats(allow_nan=False)
)


def _yaml_containers(children: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    # A named function, not a lambda: Hypothesis inspects the source of a multi-line
    # lambda to check that it recurses, and misreads it.
    return st.lists(children, max_size=4) | st.dictionaries(
        st.text(min_size=1, max_size=6), children, max_size=4
    )


yaml_values = st.recursive(
    yaml_scalars,
    _yaml_containers,
    max_leaves=20,
)


@given(st.dictionaries(st.text(min_size=1, max_size=6), yaml_values, max_size=5))
def test_safe_dump_round_trips_with_a_mark_for_every_value(data: dict[str, object]) -> None:
    document = parse_yaml(yaml.safe_dump(data))
    assert document.data == data

    def paths(value: object, path: tuple[str | int, ...]) -> list[tuple[str | int, ...]]:
        found = [path]
        if isinstance(value, dict):
            for key, item in value.items():
                found += paths(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                found += paths(item, (*path, index))
        return found

    assert set(document.values) == set(paths(data, ()))


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        pytest.param("a: 1\n\tb: 2\n", "indent with spaces: YAML does not allow tabs", id="tab"),
        pytest.param(
            "a:\n\t- 1\n",
            "line 2 is indented with a tab (column 1); indent with spaces",
            id="tab before a dash",
        ),
        pytest.param(
            "game_end:\n  target: 300\n    max_deals: 3\n",
            "a key is indented deeper than the key above it",
            id="indented too deep",
        ),
        pytest.param(
            "bidding:\n  nil: {enabled: false}\n blind_nil: {}\n",
            "this line is indented differently from the keys beside it",
            id="out of line",
        ),
        pytest.param("deck:\n  jokers: [BJ, LJ\n", "a [list] is not closed with ']'", id="open ["),
        pytest.param("deck: {packs: 1\n", "a {mapping} is not closed with '}'", id="open {"),
    ],
)
def test_syntax_errors_say_what_to_write_instead(text: str, hint: str) -> None:
    [problem] = validate(text)
    assert problem.code == "yaml_syntax"
    assert problem.message.startswith("YAML syntax error: ")
    assert hint in problem.message
