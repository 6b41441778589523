"""Issue 15, item 9: on the command line an argument is a bundled name or a path, and
``-`` is standard input, for every command that reads a variant."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from spadeslib.cli.main import main

VARIANTS = Path(__file__).resolve().parents[1] / "variants"
NYC = (VARIANTS / "nyc.yaml").read_bytes()
STANDARD = (VARIANTS / "standard.yaml").read_bytes()


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    stdin: bytes = b"",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    status = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def test_validate_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # It used to read "-" as YAML text (a list) and report that.
    assert run(capsys, monkeypatch, "validate", "-", stdin=STANDARD) == (0, "<stdin>: valid\n", "")
    status, out, _ = run(capsys, monkeypatch, "validate", "--json", "-", stdin=STANDARD)
    assert status == 0
    assert json.loads(out) == [{"file": "<stdin>", "valid": True, "problems": []}]


def test_standard_input_problems_are_placed_in_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = b"extends: standard\ngame_end:\n  targte: 300\n"
    status, out, _ = run(capsys, monkeypatch, "validate", "-", stdin=text)
    assert status == 1
    assert out.startswith("<stdin>:3:3: game_end.targte: unknown key 'targte'")


def test_standard_input_resolves_relative_paths_from_the_working_directory(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "base.yaml").write_text("extends: nyc\nname: base\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, monkeypatch, "explain", "-", stdin=b"extends: ./base.yaml\n")
    assert status == 0
    assert out.startswith("# Rules card: base\n")


def test_explain_reads_standard_input_not_a_variant_named_dash(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, monkeypatch, "explain", "-", stdin=NYC)
    assert (status, err) == (0, "")
    assert out.startswith("# Rules card: nyc\n")


def test_diff_reads_standard_input_once_for_both_sides(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, "diff", "standard", "-", stdin=NYC)
    assert status == 0 and "Jokers: none -> big joker, little joker" in out
    status, out, _ = run(capsys, monkeypatch, "diff", "-", "-", stdin=NYC)
    assert (status, out) == (0, "No differences: <stdin> and <stdin> have the same rules.\n")


@pytest.mark.parametrize("argument", ["friday club", "name: x", "{}", "nyc extra"])
def test_an_argument_is_never_yaml_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argument: str
) -> None:
    # `validate 'name: x'` used to print "name: x: valid": the argument read as YAML.
    status, out, _ = run(capsys, monkeypatch, "validate", argument)
    assert status == 1
    assert out.startswith(f"{argument}: unknown bundled variant {argument!r}")
    status, out, err = run(capsys, monkeypatch, "explain", argument)
    assert (status, out) == (1, "")
    assert "unknown bundled variant" in err


def test_a_bare_word_that_is_a_file_is_the_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "ours").write_text("extends: standard\nname: ours\n", encoding="utf-8")
    (tmp_path / "nyc").mkdir()  # a directory named like a bundled variant: still the name
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, monkeypatch, "explain", "ours")
    assert status == 0 and out.startswith("# Rules card: ours\n")
    status, out, _ = run(capsys, monkeypatch, "explain", "nyc")
    assert status == 0 and out.startswith("# Rules card: nyc\n")


def test_bad_bytes_on_standard_input_are_a_problem_not_a_crash(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, "validate", "--json", "-", stdin=b"name: \xff\n")
    assert status == 1
    [entry] = json.loads(out)
    assert entry["problems"][0]["code"] == "not_utf8"
    assert entry["problems"][0]["source"] == "<stdin>"


def test_explain_json_is_the_card_as_data(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from spadeslib.explain import statements
    from spadeslib.variant import load_variant

    status, out, _ = run(capsys, monkeypatch, "explain", "--json", "nyc")
    assert status == 0
    card = json.loads(out)
    assert card["variant"] == "nyc"
    expected = statements(load_variant("nyc"))
    assert [section["title"] for section in card["sections"]] == [t for t, _ in expected]
    flat = [s for section in card["sections"] for s in section["statements"]]
    assert len(flat) == sum(len(section) for _, section in expected)
    assert all(not any(ord(c) < 32 for c in s["text"]) for s in flat)
    house = [s for s in flat if s["house_rule"]]
    assert house and all(s["about"] for s in house)
    assert any("deck.jokers" in s["about"] for s in house)


def test_diff_json_lists_the_changed_keys_with_both_values(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from spadeslib.explain.diff import changed_paths, diff
    from spadeslib.variant import load_variant

    status, out, _ = run(capsys, monkeypatch, "diff", "--json", "standard", "nyc")
    assert status == 0
    report = json.loads(out)
    standard, nyc = load_variant("standard"), load_variant("nyc")
    assert report["lines"] == diff(standard, nyc)
    assert [change["path"] for change in report["changes"]] == changed_paths(standard, nyc)
    jokers = next(change for change in report["changes"] if change["path"] == "deck.jokers")
    assert (jokers["a"], sorted(jokers["b"])) == ([], ["BJ", "LJ"])
    status, out, _ = run(capsys, monkeypatch, "diff", "--json", "nyc", "nyc")
    assert json.loads(out)["changes"] == []
