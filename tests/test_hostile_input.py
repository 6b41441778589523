"""Hostile and broken input to the loader, the format and the records (issue 15, items 1
to 8): each gets a :class:`~spadeslib.errors.SpadesError` saying what is wrong, after a
bounded amount of work, never a raw error from PyYAML, the operating system, pydantic or
the interpreter.

The tests are grouped by the issue's items; the name of each says which.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from spadeslib.cli.main import main
from spadeslib.errors import Problem, VariantError
from spadeslib.loader import compose, parse_variant, validate


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
