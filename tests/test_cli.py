"""The ``spadeslib`` command, in-process (``main([...])``) and through the real console script.

The console script is used when it is installed (``pip install -e .``); otherwise the
same entry point runs as ``python -m spadeslib``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import spadeslib
from spadeslib.cli.main import COMMANDS, main
from spadeslib.loader import bundled_variants
from spadeslib.loader.bundled import bundled_house_rules
from spadeslib.variant.schema import json_schema

GOLDEN = Path(__file__).parent / "golden"
SRC = Path(spadeslib.__file__).resolve().parents[1]
LOCATED = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<path>[\w.\[\]]+): .+$")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


# --- files to validate ------------------------------------------------------------------------

GOOD = """\
name: our-table
description: Friday nights at the club.
extends: standard
house_rules: [no-blind-nil, target-300]
scoring:
  bags:
    limit: 5
    penalty: 50
"""

BAD = {
    "unknown-key.yaml": ("game_end:\n  targte: 300\n", 2, "game_end.targte", "target"),
    "bad-type.yaml": ("game_end:\n  target: lots\n", 2, "game_end.target", None),
    "duplicate-key.yaml": ("game_end:\n  target: 300\n  target: 400\n", 3, "game_end.target", None),
    "contradiction.yaml": (
        "bidding:\n  form:\n    kind: round_the_table\n    min_bid: 9\n    max_bid: 5\n",
        None,
        "bidding.form",
        None,
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_validate_reports_each_problem_with_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    text, line, path, suggestion = BAD[name]
    file = write(tmp_path, name, text)
    status, out, err = run(capsys, "validate", file)
    assert status == 1
    lines = out.splitlines()
    assert lines, err
    for printed in lines:
        assert printed.startswith(f"{file}:"), printed
    assert any(path in printed for printed in lines), out
    if line is not None:
        located = [LOCATED.match(printed) for printed in lines]
        assert any(m and m["line"] == str(line) and m["path"].startswith(path) for m in located), (
            out
        )
    if suggestion is not None:
        assert "did you mean" in out.lower() and suggestion in out


def test_validate_lists_problems_in_reading_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A file typed in a hurry: five mistakes, found in another order than they are read.
    file = write(
        tmp_path,
        "hurried.yaml",
        "extends: standard\n"
        "scoring:\n"
        "  bags:\n"
        "    limt: 5\n"
        "    penalty: fifty\n"
        "game_end:\n"
        "  target: 300 points\n"
        "bidding:\n"
        "  nill:\n"
        "    enabled: false\n"
        "deck:\n",
    )
    status, out, _ = run(capsys, "validate", file)
    assert status == 1
    located = [LOCATED.match(line) for line in out.splitlines()]
    assert all(located), out
    places = [(int(m["line"]), int(m["col"])) for m in located if m]
    assert places == sorted(places), out
    assert [m["path"] for m in located if m] == [
        "scoring.bags.limt",
        "scoring.bags.penalty",
        "game_end.target",
        "bidding.nill",
        "deck",
    ]
    assert "did you mean 'limit'?" in out and "did you mean 'nil'?" in out
    status, out, _ = run(capsys, "validate", "--json", file)
    lines = [problem["line"] for problem in json.loads(out)[0]["problems"]]
    assert lines == sorted(lines) == [4, 5, 7, 9, 11]


def test_validate_good_file_and_bundled_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, "ours.yaml", GOOD)
    status, out, _ = run(capsys, "validate", file, "nyc")
    assert status == 0
    assert out.splitlines() == [f"{file}: valid", "nyc: valid"]


def test_validate_many_files_reports_every_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = [write(tmp_path, name, text) for name, (text, *_) in sorted(BAD.items())]
    good = write(tmp_path, "ours.yaml", GOOD)
    status, out, _ = run(capsys, "validate", good, *files)
    assert status == 1
    assert f"{good}: valid" in out.splitlines()
    for file in files:
        assert f"{file}:" in out


def test_validate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "ours.yaml", GOOD)
    bad = write(tmp_path, "bad.yaml", BAD["unknown-key.yaml"][0])
    status, out, _ = run(capsys, "validate", "--json", good, bad)
    assert status == 1
    report = json.loads(out)
    assert [entry["file"] for entry in report] == [str(good), str(bad)]
    assert [entry["valid"] for entry in report] == [True, False]
    assert report[0]["problems"] == []
    problem = report[1]["problems"][0]
    assert set(problem) == {"source", "line", "column", "path", "code", "message"}
    assert problem["path"] == "game_end.targte"
    assert problem["line"] == 2


def test_validate_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.yaml"
    status, out, err = run(capsys, "validate", missing)
    assert status == 1
    assert str(missing) in out + err
    status, out, err = run(capsys, "validate", "--json", missing)
    assert status == 1
    assert json.loads(out)[0]["valid"] is False


def test_validate_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", tmp_path)
    assert status == 1
    assert str(tmp_path) in out + err


# --- usage errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["validate"],
        ["explain"],
        ["diff", "nyc"],
        ["frobnicate"],
        ["--frob"],
        ["explain", "nyc", "--format", "html"],
        ["list", "extra"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert "usage: spadeslib" in err
    assert out == ""


@pytest.mark.parametrize("command", [[], *([name] for name in COMMANDS)])
def test_help_everywhere_with_examples(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    status, out, _ = run(capsys, *command, "--help")
    assert status == 0
    assert out.startswith("usage: spadeslib")
    assert "examples:\n  spadeslib " in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--version")
    assert status == 0
    core = "native core" if spadeslib.backend() == "native" else "pure Python: the native core"
    assert out.startswith(f"spadeslib {spadeslib.__version__} ({core}"), out


# --- explain, diff, schema, list -------------------------------------------------------------


@pytest.mark.parametrize("name", ["standard", "barmore", "nyc"])
def test_explain_prints_the_golden_card(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = run(capsys, "explain", name)
    assert status == 0
    assert out == (GOLDEN / f"{name}.md").read_text(encoding="utf-8")
    status, out, _ = run(capsys, "explain", name, "--format", "text")
    assert status == 0
    assert out == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


def test_explain_picks_text_for_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    status, out, _ = run(capsys, "explain", "nyc")
    assert status == 0
    assert out.startswith("Rules card: nyc\n===")


def test_explain_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, "ours.yaml", GOOD)
    status, out, _ = run(capsys, "explain", file)
    assert status == 0
    assert out.startswith("# Rules card: our-table\n\nFriday nights at the club.\n")
    assert "**House rule:** The first side to reach 300 points wins." in out
    assert "When a side's count reaches 5 it loses 50 points" in out
    assert "- **House rule:** No Blind Nil." in out


def test_explain_an_invalid_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.yaml", BAD["unknown-key.yaml"][0])
    status, out, err = run(capsys, "explain", bad)
    assert status == 1
    assert out == ""
    assert f"{bad}:2:" in err and "game_end.targte" in err


@pytest.mark.parametrize("what", ["no-such-variant", "missing/file.yaml"])
def test_explain_something_that_is_not_there(capsys: pytest.CaptureFixture[str], what: str) -> None:
    status, out, err = run(capsys, "explain", what)
    assert status == 1
    assert out == ""
    assert what in err
    assert len(err.splitlines()) <= 2


def test_diff(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", "standard", "nyc")
    assert status == 0
    assert "Jokers: none -> big joker, little joker\n" in out
    assert (
        "Bidding: round the table from the dealer's left, bids 0 to every trick -> "
        "partnership, team bids 4 to 10\n" in out
    )
    file = write(tmp_path, "ours.yaml", GOOD)
    status, out, _ = run(capsys, "diff", "standard", file)
    assert status == 0
    assert out.splitlines() == [
        "Blind Nil: on -> off",
        "Bags, limit: 10 -> 5",
        "Bags, penalty: 100 -> 50",
        "Target score: 500 -> 300",
    ]
    status, out, _ = run(capsys, "diff", "nyc", "nyc")
    assert (status, out) == (0, "No differences: nyc and nyc have the same rules.\n")


def test_schema(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "schema")
    assert status == 0
    schema = json.loads(out)
    assert schema == json_schema(variants=bundled_variants(), house_rules=bundled_house_rules())
    assert schema["properties"]["extends"]["examples"] == bundled_variants()


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list")
    assert status == 0
    named = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ")}
    for name in bundled_variants() + bundled_house_rules():
        assert name in named, name
        assert len(named[name].split(maxsplit=1)) == 2, f"{name} has no description"
    assert "New York City rules" in named["nyc"]
    status, out, _ = run(capsys, "list", "--json")
    listing = json.loads(out)
    assert [v["name"] for v in listing["variants"]] == bundled_variants()
    assert [r["name"] for r in listing["house_rules"]] == bundled_house_rules()
    assert all(entry["description"] for entry in listing["variants"] + listing["house_rules"])


# --- the real console script -----------------------------------------------------------------


def command() -> list[str]:
    script = shutil.which("spadeslib")
    return [script] if script else [sys.executable, "-m", "spadeslib"]


def shell(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])]),
    )
    done = subprocess.run(
        [*command(), *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert "Traceback" not in done.stderr
    return done


def test_console_script_exit_codes(tmp_path: Path) -> None:
    good = write(tmp_path, "ours.yaml", GOOD)
    bad = write(tmp_path, "bad.yaml", BAD["unknown-key.yaml"][0])
    assert shell("validate", good).returncode == 0
    done = shell("validate", good, bad)
    assert done.returncode == 1
    assert f"{bad}:2:" in done.stdout
    assert shell("validate").returncode == 2
    assert shell("--version").stdout.startswith(f"spadeslib {spadeslib.__version__} (")


def test_console_script_usage_errors_exit_2(tmp_path: Path) -> None:
    good = write(tmp_path, "ours.yaml", GOOD)
    for args in (["validate", "--frob", good], ["frobnicate"], [], ["explain", "nyc", "-f"]):
        done = shell(*args)
        assert done.returncode == 2, args
        assert done.stdout == ""
        assert done.stderr.startswith("usage: spadeslib"), done.stderr


def test_console_script_json(tmp_path: Path) -> None:
    good = write(tmp_path, "ours.yaml", GOOD)
    bad = write(tmp_path, "bad.yaml", BAD["unknown-key.yaml"][0])
    missing = tmp_path / "missing.yaml"
    done = shell("validate", "--json", good, bad, "nyc", missing)
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert [(entry["file"], entry["valid"]) for entry in report] == [
        (str(good), True),
        (str(bad), False),
        ("nyc", True),
        (str(missing), False),
    ]
    for entry in report:
        assert set(entry) == {"file", "valid", "problems"}
        for problem in entry["problems"]:
            assert set(problem) == {"source", "line", "column", "path", "code", "message"}
    (problem,) = report[1]["problems"]
    assert problem == {
        "source": str(bad),
        "line": 2,
        "column": 3,
        "path": "game_end.targte",
        "code": "unknown_key",
        "message": "unknown key 'targte'; did you mean 'target'?",
    }
    assert report[3]["problems"][0]["source"] == str(missing)
    done = shell("validate", "--json", good)
    assert done.returncode == 0
    assert json.loads(done.stdout) == [{"file": str(good), "valid": True, "problems": []}]


def test_console_script_explain_and_pipe() -> None:
    done = shell("explain", "nyc")
    assert done.returncode == 0
    assert done.stdout == (GOLDEN / "nyc.md").read_text(encoding="utf-8")


def test_python_dash_m() -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    for module in ("spadeslib", "spadeslib.cli.main"):
        done = subprocess.run(
            [sys.executable, "-m", module, "diff", "standard", "barmore"],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert "First lead: dealer's left -> dealer" in done.stdout
