"""Issue 14: ``spadeslib simulate`` and ``spadeslib compare`` on the command line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

import spadeslib
from spadeslib.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def test_simulate_json_is_the_apis_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys,
        "simulate",
        "standard",
        "--deals",
        "30",
        "--seed",
        "4",
        "--bots",
        "easy/random",
        "--workers",
        "1",
        "--json",
    )
    assert (status, err) == (0, "")
    report = json.loads(out)
    expected = spadeslib.simulate("standard", deals=30, seed=4, bots="easy/random").to_dict()
    assert report["figures"] == expected["figures"]
    assert (report["seed"], report["bots"], report["unit"]) == (
        4,
        "easy,random,easy,random",
        "deals",
    )


def test_simulate_table_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "simulate", "nyc", "--deals", "20", "--seed", "1", "--bots", "easy"
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "nyc, bots easy at every seat"
    assert lines[1].startswith("20 deals, seed 1, 1 process, ")
    assert "\x1b[" not in out  # a pipe gets plain text
    made = next(line for line in lines if line.strip().startswith("contracts made "))
    assert "%" in made and " to " in made
    assert any(line.startswith("Sets:") for line in lines)


def test_one_deal_or_game_is_counted_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    # The run line said '1 deals, seed 1, ...'
    status, out, _ = run(
        capsys, "simulate", "standard", "--deals", "1", "--seed", "1", "--bots", "easy"
    )
    assert status == 0 and out.splitlines()[1].startswith("1 deal, seed 1, 1 process, ")
    status, out, _ = run(
        capsys,
        "simulate",
        "standard",
        "--games",
        "1",
        "--max-deals",
        "1",
        "--seed",
        "1",
        "--bots",
        "easy",
    )
    assert status == 0 and out.splitlines()[1].startswith("1 game (1 deal), seed 1, ")


def test_simulate_without_a_seed_prints_the_one_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "standard", "--deals", "5", "--json", "--workers", "1")
    assert status == 0
    seed = json.loads(out)["seed"]
    again = spadeslib.simulate("standard", deals=5, seed=seed).to_dict()["figures"]
    assert json.loads(out)["figures"] == again


def test_simulate_csv_is_one_row_per_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "simulate", "standard", "--deals", "7", "--seed", "2", "--csv", "--workers", "1"
    )
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [int(row["deal"]) for row in rows] == list(range(7))
    assert {"bid_0", "tricks_3", "contract_1", "made_0", "points_1", "bags_0"} <= set(rows[0])


def test_simulate_games_writes_both_tables_to_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = tmp_path / "results"
    status, out, _ = run(
        capsys, "simulate", "nyc", "--games", "3", "--bots", "easy", "--seed", "5", "--out", out_dir
    )
    assert status == 0 and out.splitlines()[1].startswith("3 games")
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    games = list(csv.DictReader((out_dir / "games.csv").open(encoding="utf-8")))
    deals = list(csv.DictReader((out_dir / "deals.csv").open(encoding="utf-8")))
    assert summary["unit"] == "games" and len(games) == 3
    assert sum(int(game["deals"]) for game in games) == len(deals) == summary["deals_played"]
    assert any(f["key"] == "games.deals" for f in summary["figures"])


def test_simulate_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "nyc.png"
    status, _, _ = run(
        capsys,
        "simulate",
        "nyc",
        "--games",
        "2",
        "--bots",
        "easy",
        "--seed",
        "1",
        "--plot",
        picture,
    )
    assert status == 0
    assert picture.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(("flag", "package"), [("--plot", "matplotlib"), ("--ray", "ray")])
def test_a_missing_extra_says_how_to_install_it_before_playing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flag: str, package: str
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        "importlib.util.find_spec", lambda name, *a: None if name == package else real(name, *a)
    )
    extra = ["x.png"] if flag == "--plot" else []
    status, out, err = run(capsys, "simulate", "standard", "--deals", "1000000", flag, *extra)
    assert (status, out) == (1, "")
    assert "pip install 'spadeslib[" in err


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["--json", "--csv"], 2, "choose one"),
        (["--deals", "0"], 2, "expected at least 1"),
        (["--deals", "5", "--games", "5"], 2, "not allowed with argument"),
        (["--seed", "-3"], 2, "expected 0 or more"),
        (["--bots", "pro,easy"], 2, "one per seat, but standard has 4 seats"),
        (["--bots", "wizard"], 2, "--bots wizard: unknown bot level 'wizard'"),
        (["--workers", "x"], 2, "expected a whole number"),
    ],
)
def test_simulate_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], status: int, words: str
) -> None:
    got, out, err = run(capsys, "simulate", "standard", *args)
    assert got == status and out == ""
    assert words in err


def test_simulate_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("extends: standard\nname: stdin-table\n"))
    status, out, _ = run(
        capsys, "simulate", "-", "--deals", "3", "--seed", "1", "--json", "--workers", "1"
    )
    assert status == 0 and json.loads(out)["variant"] == "stdin-table"


def test_compare_two_lineups(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "compare",
        "standard",
        "--bots",
        "easy",
        "--bots-b",
        "random",
        "--deals",
        "30",
        "--seed",
        "3",
        "--workers",
        "1",
    )
    assert status == 0
    assert out.startswith(
        "A = standard, bots easy at every seat\nB = standard, bots random at every seat\n"
        "30 deals under each, seed 3, 1 process, "
    )
    assert "the same cards under both: every deal (duplicate: paired differences)" in out
    points = next(line for line in out.splitlines() if "points per side and deal" in line)
    assert points.rstrip().endswith("paired")


@pytest.mark.parametrize(
    "args",
    [
        ("standard",),  # no B and no --bots-b: A against itself
        ("standard", "standard", "--bots", "pro"),
        ("standard", "--bots", "pro", "--bots-b", "pro"),
    ],
)
def test_compare_refuses_a_run_where_nothing_differs(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    status, out, err = run(capsys, "compare", *args, "--deals", "5", "--workers", "1")
    assert (status, out) == (2, "")
    assert "A and B are the same variant with the same players" in err
    assert "--bots-b" in err


def test_compare_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "compare",
        "standard",
        "nyc",
        "--deals",
        "10",
        "--seed",
        "3",
        "--json",
        "--bots",
        "easy",
    )
    assert status == 0
    report = json.loads(out)
    assert report["duplicate"] == 0.0
    assert report["a"]["variant"] == "standard" and report["b"]["variant"] == "nyc"
    points = next(d for d in report["differences"] if d["key"] == "points.per_deal")
    assert points["paired"] is False
    assert points["difference"] == pytest.approx(points["a"]["value"] - points["b"]["value"])


def test_compare_csv_marks_each_run(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        *("compare", "standard", "--bots-b", "easy"),
        *("--deals", "4", "--seed", "3", "--csv", "--workers", "1"),
    )
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["run"] for row in rows] == ["A"] * 4 + ["B"] * 4


def test_a_terminal_gets_a_progress_bar_with_the_rate_and_time_left() -> None:
    import os
    import re

    from terminal_helpers import run_on_terminal

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm-256color", PYTHONPATH=str(Path(spadeslib.__file__).parents[1]))
    args = ["simulate", "standard", "--deals", "4000", "--bots", "random", "--workers", "1"]
    args += ["--seed", "1"]
    status, out = run_on_terminal(args, [], env)
    assert status == 0, out
    assert re.search(r"\d+/4000", out) and "/s" in out and "left" in out
    assert "contracts made" in out and "Traceback" not in out


def test_simulate_plays_the_standard_bots_unless_told(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "standard", "--deals", "4", "--seed", "2", "--json")
    assert status == 0
    assert json.loads(out)["bots"] == "standard"
    status, out, _ = run(
        capsys, "simulate", "standard", "--deals", "4", "--seed", "2", "--bots", "random"
    )
    assert status == 0 and out.splitlines()[0] == "standard, bots random at every seat"


def test_every_header_names_each_sides_bots(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "simulate", "nyc", "--deals", "3", "--seed", "1", "--bots", "easy/random"
    )
    assert status == 0
    assert out.splitlines()[0] == (
        "nyc, bots easy for side 0 (seats 0+2), random for side 1 (seats 1+3)"
    )
    status, out, _ = run(
        capsys, "compare", "standard", "--bots", "easy", "--bots-b", "random", "--deals", "3"
    )
    assert status == 0
    assert "B = standard, bots random at every seat" in out.splitlines()


def test_the_header_counts_the_processes_that_played(capsys: pytest.CaptureFixture[str]) -> None:
    # a run this short plays in this process alone, whatever --workers allows
    status, out, _ = run(
        capsys, "simulate", "standard", "--deals", "3", "--bots", "easy", "--workers", "2"
    )
    assert status == 0
    assert ", 1 process, " in out.splitlines()[1]


def test_rules_the_deals_cannot_reach_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--bots", "random", "--seed", "1")
    status, out, _ = run(capsys, "simulate", "standard", "--deals", "40", *args)
    assert status == 0
    assert (
        "Note: Blind Nil never arises here: each deal starts a game at 0 to 0, and only a side "
        "behind by at least 100 points may bid it." in out
    )
    assert "--games N" in out
    status, out, _ = run(capsys, "simulate", "standard", "--games", "1", *args)
    assert status == 0 and "Note:" not in out  # whole games reach it


def test_compare_games_header_counts_the_games_of_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--games", "2", "--bots", "easy", "--bots-b", "random", "--seed", "1")
    status, out, _ = run(capsys, "compare", "nyc", *args, "--max-deals", "5")
    assert status == 0
    assert out.splitlines()[2].startswith("2 games under each, seed 1, ")
