"""Composition: ``extends``, ``house_rules`` fragments and the file's own keys, merged
predictably, with every value still pointing at the file and line that set it."""

from __future__ import annotations

from pathlib import Path

import pytest

from spadeslib.cli.main import main
from spadeslib.errors import Problem, VariantError
from spadeslib.loader import bundled
from spadeslib.loader.compose import compose_file, compose_text
from spadeslib.loader.document import Document, Mark
from spadeslib.variant import validate


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def at(data: object, *keys: str) -> object:
    """The value at ``keys`` in a document's nested mappings."""
    for key in keys:
        assert isinstance(data, dict), keys
        data = data[key]
    return data


def problems_composing(path: Path) -> list[Problem]:
    with pytest.raises(VariantError) as caught:
        compose_file(path)
    return list(caught.value.problems)


def only_problem(path: Path) -> Problem:
    [problem] = problems_composing(path)
    return problem


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A base, two fragments and a file using them, in nested directories."""
    write(
        tmp_path,
        "bases/base.yaml",
        """\
name: base
description: the base
deal:
  hand_size: 13
  leftover: {kind: kitty, to: two_of_clubs}
deck:
  remove: [2C, 2H]
scoring:
  bags: {limit: 10, penalty: 100}
""",
    )
    write(tmp_path, "rules/small-bags.yaml", "scoring:\n  bags: {limit: 5}\n")
    write(tmp_path, "rules/cheap-bags.yaml", "scoring:\n  bags: {penalty: 50}\n")
    write(
        tmp_path,
        "club/mine.yaml",
        """\
extends: ../bases/base.yaml
house_rules: [../rules/small-bags.yaml, ../rules/cheap-bags.yaml]
deck:
  remove: [2D]
""",
    )
    return tmp_path


# ---------------------------------------------------------------------------------------
# Merging.


def test_base_then_fragments_in_order_then_the_file(tree: Path) -> None:
    document = compose_file(tree / "club/mine.yaml")
    assert document.data == {
        "name": "base",
        "description": "the base",
        "deal": {"hand_size": 13, "leftover": {"kind": "kitty", "to": "two_of_clubs"}},
        "deck": {"remove": ["2D"]},  # lists replace
        "scoring": {"bags": {"limit": 5, "penalty": 50}},  # mappings merge deeply
    }


def test_each_value_keeps_the_mark_of_the_file_that_set_it(tree: Path) -> None:
    document = compose_file(tree / "club/mine.yaml")
    base, mine = str(tree / "club/../bases/base.yaml"), str(tree / "club/mine.yaml")
    small = str(tree / "club/../rules/small-bags.yaml")
    cheap = str(tree / "club/../rules/cheap-bags.yaml")
    assert document.source == mine
    assert document.values[("deal", "hand_size")] == Mark(base, 4, 14)
    assert document.values[("scoring", "bags", "limit")] == Mark(small, 2, 17)
    assert document.values[("scoring", "bags", "penalty")] == Mark(cheap, 2, 19)
    assert document.values[("deck", "remove", 0)] == Mark(mine, 4, 12)
    assert ("deck", "remove", 1) not in document.values  # the base's list is gone
    assert document.keys[("deck",)] == Mark(mine, 3, 1)  # the last file to write it


def test_composition_keys_are_not_in_the_result(tree: Path) -> None:
    document = compose_file(tree / "club/mine.yaml")
    assert "extends" not in document.data and "house_rules" not in document.data
    assert ("extends",) not in document.keys and ("house_rules", 0) not in document.values


def test_a_mapping_of_another_kind_replaces_instead_of_merging(tree: Path) -> None:
    path = write(
        tree, "club/widow.yaml", "extends: ../bases/base.yaml\ndeal:\n  leftover: {kind: widow}\n"
    )
    assert compose_file(path).data["deal"] == {"hand_size": 13, "leftover": {"kind": "widow"}}


def test_a_mapping_without_kind_merges_into_the_kind_below(tree: Path) -> None:
    path = write(
        tree, "club/dealer.yaml", "extends: ../bases/base.yaml\ndeal:\n  leftover: {to: dealer}\n"
    )
    assert compose_file(path).data["deal"] == {
        "hand_size": 13,
        "leftover": {"kind": "kitty", "to": "dealer"},
    }


def test_the_file_overrides_its_fragments_silently(tree: Path) -> None:
    path = write(
        tree,
        "club/over.yaml",
        "house_rules: [../rules/small-bags.yaml]\nscoring: {bags: {limit: 7}}\n",
    )
    assert compose_file(path).data == {"scoring": {"bags": {"limit": 7}}}


def test_name_comes_from_the_file_or_its_base_never_from_a_fragment(tree: Path) -> None:
    write(tree, "rules/named.yaml", "name: fragment\ndescription: about me\npassing: {cards: 2}\n")
    inherits = write(
        tree, "club/a.yaml", "extends: ../bases/base.yaml\nhouse_rules: [../rules/named.yaml]\n"
    )
    assert compose_file(inherits).data["name"] == "base"
    assert compose_file(inherits).data["description"] == "the base"
    names_itself = write(tree, "club/b.yaml", "name: b\nhouse_rules: [../rules/named.yaml]\n")
    assert compose_file(names_itself).data == {"name": "b", "passing": {"cards": 2}}


def test_extends_chains_compose_recursively(tree: Path) -> None:
    write(tree, "club/middle.yaml", "extends: ../bases/base.yaml\ndeal: {hand_size: 12}\n")
    top = write(tree, "top.yaml", "extends: club/middle.yaml\nname: top\n")
    data = compose_file(top).data
    assert data["name"] == "top"
    assert data["deal"] == {"hand_size": 12, "leftover": {"kind": "kitty", "to": "two_of_clubs"}}


def test_text_resolves_relative_paths_against_the_working_directory(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree / "bases")
    assert compose_text("extends: ./base.yaml\n").data["name"] == "base"
    assert compose_text("extends: base.yaml\n", base_dir=tree / "bases").data["name"] == "base"


def test_the_same_value_from_two_fragments_is_no_conflict(tree: Path) -> None:
    write(tree, "rules/small-bags-again.yaml", "scoring: {bags: {limit: 5}}\n")
    path = write(
        tree,
        "club/twice.yaml",
        "house_rules: [../rules/small-bags.yaml, ../rules/small-bags-again.yaml]\n",
    )
    assert compose_file(path).data == {"scoring": {"bags": {"limit": 5}}}


def test_bundled_names_compose() -> None:
    document = compose_text("extends: standard\nhouse_rules: [no-nil]\n")
    assert document.data["name"] == "standard"
    assert at(document.data, "bidding", "nil", "enabled") is False
    no_nil = bundled.bundled_house_rule_path("no-nil")
    assert no_nil is not None
    assert document.values[("bidding", "nil", "enabled")].source == str(no_nil)


# ---------------------------------------------------------------------------------------
# Errors.


def test_two_fragments_setting_one_key_differently_is_an_error(tree: Path) -> None:
    write(tree, "rules/tiny-bags.yaml", "# bags\nscoring:\n  bags:\n    limit: 3\n")
    path = write(
        tree,
        "club/clash.yaml",
        "house_rules:\n  - ../rules/small-bags.yaml\n  - ../rules/tiny-bags.yaml\n",
    )
    problem = only_problem(path)
    small, tiny = tree / "club/../rules/small-bags.yaml", tree / "club/../rules/tiny-bags.yaml"
    assert problem.code == "fragment_conflict"
    assert (problem.source, problem.line, problem.column) == (str(path), 3, 5)
    assert problem.path == "scoring.bags.limit"
    assert problem.message == (
        f"house rules '../rules/small-bags.yaml' ({small}:2:17) and "
        f"'../rules/tiny-bags.yaml' ({tiny}:4:12) set scoring.bags.limit to different "
        "values: 5 and 3; list only one of them"
    )


def test_a_fragment_setting_a_parent_another_fills_in_is_a_conflict(tree: Path) -> None:
    write(tree, "rules/no-bags-at-all.yaml", "scoring: {bags: null}\n")
    path = write(
        tree,
        "club/clash.yaml",
        "house_rules: [../rules/small-bags.yaml, ../rules/no-bags-at-all.yaml]\n",
    )
    problem = only_problem(path)
    assert problem.path == "scoring.bags"
    assert "values: {'limit': 5} and None" in problem.message


def test_true_and_one_are_different_values(tree: Path) -> None:
    write(tree, "rules/a.yaml", "x: {y: true}\n")
    write(tree, "rules/b.yaml", "x: {y: 1}\n")
    path = write(tree, "club/clash.yaml", "house_rules: [../rules/a.yaml, ../rules/b.yaml]\n")
    assert only_problem(path).message.endswith("values: True and 1; list only one of them")


def test_bundled_trump_fragments_conflict() -> None:
    with pytest.raises(VariantError) as caught:
        compose_text("house_rules: [jokers-big-little, nyc-trumps]\n")
    [problem] = caught.value.problems
    assert problem.code == "fragment_conflict"
    assert problem.path == "deck.elevated"
    assert problem.message.startswith("house rules 'jokers-big-little' (")
    assert (problem.source, problem.line, problem.column) == ("<string>", 1, 34)


def test_an_extends_cycle_is_an_error_naming_the_chain(tmp_path: Path) -> None:
    a = write(tmp_path, "a.yaml", "extends: ./b.yaml\n")
    write(tmp_path, "b.yaml", "name: b\nextends: ./a.yaml\n")
    problem = only_problem(a)
    b = tmp_path / "b.yaml"
    assert problem.code == "extends_cycle"
    assert (problem.source, problem.line, problem.column) == (str(b), 2, 10)
    assert problem.message == f"extends cycle: {a} -> {b} -> {tmp_path / 'a.yaml'}"


def test_a_file_extending_itself_is_a_cycle(tmp_path: Path) -> None:
    path = write(tmp_path, "me.yaml", "extends: me.yaml\n")
    assert only_problem(path).code == "extends_cycle"


def test_a_missing_file_is_an_error_where_it_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.yaml", "name: x\nhouse_rules:\n  - ./nope.yaml\n")
    problem = only_problem(path)
    assert problem.code == "file_not_found"
    assert (problem.source, problem.line, problem.column) == (str(path), 3, 5)
    assert problem.path == "house_rules[0]"
    assert problem.message == f"file not found: '{tmp_path / 'nope.yaml'}'"


def test_a_directory_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "dir.yaml").mkdir()
    path = write(tmp_path, "mine.yaml", "extends: ./dir.yaml\n")
    problem = only_problem(path)
    assert problem.code == "is_a_directory"
    assert problem.message == f"'{tmp_path / 'dir.yaml'}' is a directory, not a variant file"
    assert (problem.line, problem.column) == (1, 10)


def test_loading_a_missing_file_or_a_directory_is_an_error(tmp_path: Path) -> None:
    missing = only_problem(tmp_path / "none.yaml")
    assert (missing.code, missing.line) == ("file_not_found", None)
    assert only_problem(tmp_path).code == "is_a_directory"


def test_an_unknown_bundled_variant_gets_did_you_mean() -> None:
    with pytest.raises(VariantError) as caught:
        compose_text("extends: standart\n")
    [problem] = caught.value.problems
    assert problem.code == "unknown_variant"
    assert problem.message == "unknown bundled variant 'standart'; did you mean 'standard'?"
    assert (problem.line, problem.column, problem.path) == (1, 10, "extends")


def test_an_unknown_name_far_from_any_lists_the_bundled_names() -> None:
    with pytest.raises(VariantError) as caught:
        compose_text("extends: zzz\n")
    message = caught.value.problems[0].message
    assert message.startswith("unknown bundled variant 'zzz'; the bundled variants are: ")
    assert "nyc" in message and "standard" in message


def test_an_unknown_house_rule_with_no_close_name_points_to_the_list() -> None:
    with pytest.raises(VariantError) as caught:
        compose_text("house_rules: [zzz]\n")
    [problem] = caught.value.problems
    assert (problem.code, problem.path) == ("unknown_house_rule", "house_rules[0]")
    assert problem.message == (
        "unknown bundled house rule 'zzz'; 'spadeslib list' shows every bundled house rule "
        "and what it does"
    )


def test_an_unknown_house_rule_gets_did_you_mean_and_the_others_still_report() -> None:
    with pytest.raises(VariantError) as caught:
        compose_text("house_rules: [no-nill, nyc]\n")
    first, second = caught.value.problems
    assert first.code == second.code == "unknown_house_rule"
    assert first.message.startswith("unknown bundled house rule 'no-nill'; did you mean 'no-nil'")
    assert second.message.endswith("('nyc' is a full variant: use 'extends: nyc')")


def test_a_house_rule_named_in_extends_gets_a_hint() -> None:
    with pytest.raises(VariantError) as caught:
        compose_text("extends: no-nil\n")
    assert caught.value.problems[0].message.endswith(
        "('no-nil' is a house rule: list it under house_rules)"
    )


def test_fragments_may_not_compose_further(tree: Path) -> None:
    write(tree, "rules/sneaky.yaml", "extends: standard\nhouse_rules: [no-nil]\n")
    path = write(tree, "club/mine.yaml", "house_rules: [../rules/sneaky.yaml]\n")
    problems = problems_composing(path)
    assert [p.code for p in problems] == ["fragment_reference"] * 2
    assert [(p.line, p.path) for p in problems] == [(1, "extends"), (2, "house_rules")]
    assert problems[0].message == (
        "a house-rules fragment cannot use 'extends'; list the fragments in a full variant instead"
    )
    assert problems[0].source == str(tree / "club/../rules/sneaky.yaml")


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        (
            "extends: 5\n",
            "extends",
            "extends must name a bundled variant or a file, like "
            "'standard' or './base.yaml', not 5",
        ),
        (
            "extends: ''\n",
            "extends",
            "extends must name a bundled variant or a file, like "
            "'standard' or './base.yaml', not ''",
        ),
        (
            "house_rules: no-nil\n",
            "house_rules",
            "house_rules must be a list of house rule "
            "names or files, like [no-nil, ./mine.yaml], not 'no-nil'",
        ),
        (
            "house_rules: [no-nil, {a: 1}]\n",
            "house_rules[1]",
            "a house rule is a bundled name or a file, not {'a': 1}",
        ),
    ],
)
def test_references_must_be_names_or_paths(text: str, path: str, message: str) -> None:
    with pytest.raises(VariantError) as caught:
        compose_text(text)
    [problem] = caught.value.problems
    assert (problem.code, problem.path, problem.message) == ("bad_reference", path, message)


def test_problems_inside_a_referenced_file_point_into_that_file(tmp_path: Path) -> None:
    broken = write(tmp_path, "broken.yaml", "a: 1\na: 2\n")
    path = write(tmp_path, "mine.yaml", "extends: ./broken.yaml\n")
    problem = only_problem(path)
    assert (problem.source, problem.line, problem.code) == (str(broken), 2, "duplicate_key")


# ---------------------------------------------------------------------------------------
# Bundled files.


def test_bundled_names_are_the_files() -> None:
    directory = bundled.bundled_dir()
    assert directory is not None
    assert bundled.bundled_variants() == sorted(p.stem for p in directory.glob("*.yaml"))
    assert {"standard", "nyc", "barmore"} <= set(bundled.bundled_variants())
    assert "no-nil" in bundled.bundled_house_rules()
    assert bundled.bundled_variant_path("nyc") == directory / "nyc.yaml"
    assert bundled.bundled_house_rule_path("no-nil") == directory / "house-rules/no-nil.yaml"


@pytest.mark.parametrize("name", ["nope", "../variants/nyc", "house-rules/no-nil", "", "nyc.yaml"])
def test_only_listed_names_are_bundled_variants(name: str) -> None:
    assert bundled.bundled_variant_path(name) is None


def test_every_bundled_variant_composes() -> None:
    for name in bundled.bundled_variants():
        path = bundled.bundled_variant_path(name)
        assert path is not None
        document: Document = compose_file(path)
        assert document.data.get("name") == name


# --- every problem in one run -------------------------------------------------------------
# A problem found while reading or composing (a duplicate key, an unknown house rule, a
# missing base) does not hide the rest of the file: what could be read is validated too.


def placed(problems: list[Problem]) -> list[tuple[int | None, str, str]]:
    return [(p.line, p.path, p.code) for p in problems]


def test_an_unknown_house_rule_does_not_hide_the_files_other_mistakes() -> None:
    problems = validate(
        "house_rules: [jokers]\nscoring:\n  bags: {penalty: -100}\ngame_end: {target: lots}\n"
    )
    assert placed(problems) == [
        (1, "house_rules[0]", "unknown_house_rule"),
        (3, "scoring.bags.penalty", "invalid"),
        (4, "game_end.target", "wrong_type"),
    ]


def test_a_duplicate_key_does_not_hide_the_files_other_mistakes() -> None:
    problems = validate("scoring:\n  bags:\n    limit: 5\n    limit: 6\ngame_end: {target: lots}\n")
    assert placed(problems) == [
        (4, "scoring.bags.limit", "duplicate_key"),
        (5, "game_end.target", "wrong_type"),
    ]


def test_with_the_base_missing_local_mistakes_report_but_no_contradiction() -> None:
    # Three players in pairs contradict each other, but only because the base that
    # would have set up a three-handed table is misspelt: only the typos are reported.
    assert any(p.code == "contradiction" for p in validate("table:\n  players: 3\n"))
    problems = validate("extends: cuthroat\ntable:\n  players: 3\n  playres: 3\n")
    assert placed(problems) == [
        (1, "extends", "unknown_variant"),
        (4, "table.playres", "unknown_key"),
    ]


def test_a_bad_key_does_not_hide_its_siblings_mistakes() -> None:
    problems = validate("scoring:\n  1: x\n  bags: {limit: yes}\n  trick_valu: 3\n")
    assert placed(problems) == [
        (2, "scoring", "key_not_text"),
        (3, "scoring.bags.limit", "wrong_type"),
        (4, "scoring.trick_valu", "unknown_key"),
    ]


def test_the_kept_value_of_a_duplicate_key_is_checked_too() -> None:
    problems = validate("scoring:\n  bags:\n    limit: yes\n    limit: 6\n")
    assert [(p.line, p.code) for p in problems] == [(3, "wrong_type"), (4, "duplicate_key")]


def test_a_duplicate_key_hides_no_contradiction() -> None:
    codes = [p.code for p in validate("name: a\nname: b\ntable: {players: 3}\n")]
    assert "duplicate_key" in codes and "contradiction" in codes


def test_with_a_house_rule_missing_no_kind_is_asked_for() -> None:
    # partnership-bidding would have set bidding.form's kind
    problems = validate("house_rules: [partnership-bidin]\nbidding: {form: {max_team_bid: 10}}\n")
    assert [p.code for p in problems] == ["unknown_house_rule"]


def test_a_fragment_that_composes_further_is_still_checked(tmp_path: Path) -> None:
    write(tmp_path, "frag.yaml", "extends: standard\nbidding:\n  ten_for_200: {fail: -3}\n")
    main = write(tmp_path, "main.yaml", "house_rules: [./frag.yaml]\n")
    problems = validate(main)
    assert [(Path(p.source).name, p.line, p.code) for p in problems] == [
        ("frag.yaml", 1, "fragment_reference"),
        ("frag.yaml", 3, "invalid"),
    ]


def test_a_value_under_a_refused_tag_is_not_validated_as_well() -> None:
    [problem] = validate("name: !!python/object/apply:os.system ['echo hi']\n")
    assert (problem.path, problem.code) == ("name", "unsupported_tag")


def test_loading_raises_a_plain_variant_error_with_every_problem() -> None:
    import pickle

    from spadeslib.variant import parse_variant

    with pytest.raises(VariantError) as caught:
        parse_variant("house_rules: [jokers]\ngame_end: {target: lots}\n")
    assert type(caught.value) is VariantError
    assert [p.code for p in caught.value.problems] == ["unknown_house_rule", "wrong_type"]
    again = pickle.loads(pickle.dumps(caught.value))
    assert again.problems == caught.value.problems


# ---------------------------------------------------------------------------------------
# Issue 15, item 13: a fragment meant for a variant says so with applies_to, and is checked
# on it when composed on its own.


def test_item13_a_fragment_on_its_own_stands_on_what_it_applies_to(tmp_path: Path) -> None:
    path = write(tmp_path, "keep-2c.yaml", "applies_to: nyc\ndeck:\n  remove: [2D, 2H]\n")
    document = compose_file(path)
    assert document.data["deck"] == {
        "packs": 1,
        "jokers": ["BJ", "LJ"],
        "remove": ["2D", "2H"],
        "elevated": ["BJ", "LJ", "2D", "2S"],
    }
    assert document.data["name"] == "nyc"  # the fragment names nothing
    assert "applies_to" not in document.data
    assert document.values[("deck", "remove", 0)] == Mark(str(path), 3, 12)


def test_item13_the_bundled_fragment_of_the_issue_validates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = bundled.bundled_house_rule_path("nyc-keep-2c")
    assert path is not None
    assert validate(path) == []
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: valid\n"
    without = path.read_text(encoding="utf-8").replace("applies_to: nyc\n", "")
    assert {p.code for p in validate(without)} == {"contradiction"}  # as the issue saw it


def test_item13_applies_to_may_name_a_house_rule_or_a_file(tmp_path: Path) -> None:
    document = compose_text(
        "applies_to: kitty-to-dealer\ndeal: {leftover: {discard: after_bidding}}\n"
    )
    assert at(document.data, "deal", "leftover", "to") == "dealer"
    write(tmp_path, "base.yaml", "game_end: {target: 300}\n")
    path = write(tmp_path, "tweak.yaml", "applies_to: ./base.yaml\nscoring: {bags: {limit: 5}}\n")
    assert compose_file(path).data == {
        "game_end": {"target": 300},
        "scoring": {"bags": {"limit": 5}},
    }


def test_item13_applies_to_is_ignored_where_the_fragment_is_listed(tmp_path: Path) -> None:
    write(tmp_path, "keep-2c.yaml", "applies_to: nyc\ndeck:\n  remove: [2D, 2H]\n")
    path = write(tmp_path, "club.yaml", "extends: standard\nhouse_rules: [./keep-2c.yaml]\n")
    document = compose_file(path)
    assert at(document.data, "deck", "remove") == ["2D", "2H"]
    assert at(document.data, "deck", "jokers") == []  # standard's, not nyc's
    assert document.data["name"] == "standard"


@pytest.mark.parametrize(
    ("text", "code", "path", "message"),
    [
        (
            "extends: standard\napplies_to: nyc\n",
            "bad_reference",
            "applies_to",
            "a file either extends a variant (a full variant) or says what it applies_to "
            "(a house-rules fragment), not both; remove one of them",
        ),
        (
            "applies_to: nyc\nhouse_rules: [no-nil]\n",
            "fragment_reference",
            "house_rules",
            "a house-rules fragment cannot use 'house_rules'; list the fragments in a full "
            "variant instead",
        ),
        (
            "applies_to: [nyc]\n",
            "bad_reference",
            "applies_to",
            "applies_to must name a bundled variant or a file, like 'standard' or "
            "'./base.yaml', not ['nyc']",
        ),
        ("applies_to: nyx\n", "unknown_variant", "applies_to", "unknown bundled variant 'nyx'"),
    ],
)
def test_item13_applies_to_mistakes(text: str, code: str, path: str, message: str) -> None:
    with pytest.raises(VariantError) as caught:
        compose_text(text)
    [problem] = caught.value.problems
    assert (problem.code, problem.path) == (code, path)
    assert problem.message.startswith(message)


def test_item13_a_cycle_through_applies_to_is_a_cycle(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "applies_to: ./b.yaml\n")
    path = write(tmp_path, "b.yaml", "applies_to: ./a.yaml\n")
    problem = only_problem(path)
    assert problem.code == "extends_cycle"
    assert problem.message.startswith("applies_to cycle: ")
