"""``spadeslib analyze``: a game record reviewed card by card (docs/analysis.md), and every
mistake a user can make with it answered with exit status 2 and one clear line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import spadeslib
from spadeslib.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def record(tmp_path: Path) -> Path:
    game = spadeslib.Game("standard", seed=1)
    game.rollout(1, deals=2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return path


def test_a_deal_reviewed_in_words(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    status, out, err = run(capsys, "analyze", record, "--deal", "1", "--from-trick", "11")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "Deal 1"
    assert lines[1].startswith("  double dummy from trick 11: seats ")
    assert len(lines) == 2 + 4  # a line per seat
    for seat, line in enumerate(lines[2:]):
        assert line.startswith(f"  seat {seat}: ")
        assert line.endswith("no trick lost") or " lost: trick " in line


def test_the_review_as_json(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    status, out, _ = run(capsys, "analyze", record, "--json", "--from-trick", "12")
    assert status == 0
    deals = json.loads(out)
    assert [deal["deal"] for deal in deals] == [1, 2]
    for deal in deals:
        assert len(deal["cards"]) == 8  # the last two tricks
        assert deal["double_dummy"] == max(deal["first_lead"].values())
        for card in deal["cards"]:
            assert card["lost"] == card["best"] - card["tricks"] >= 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deal", "4"], "--deal 4: the record has 3 deals (1 to 3)"),
        (["--deal", "0"], "--deal 0"),
        (["--from-trick", "0"], "--from-trick must be 1 or more"),
        (["--deal", "x"], "invalid int value"),
    ],
)
def test_options_out_of_range(
    capsys: pytest.CaptureFixture[str], record: Path, args: list[str], message: str
) -> None:
    status, out, err = run(capsys, "analyze", record, *args)
    assert status == 2
    assert message in err
    assert not out


def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "analyze", tmp_path / "nothing.json")
    assert status == 2
    assert "cannot read" in err and "nothing.json" in err


def test_a_file_that_is_not_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{not json", encoding="utf-8")
    status, _, err = run(capsys, "analyze", path)
    assert status == 2
    assert "is not JSON" in err and "line 1" in err


def test_json_that_is_not_a_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "chess"}', encoding="utf-8")
    status, _, err = run(capsys, "analyze", path)
    assert status == 2
    assert "game.json" in err and "record" in err
    assert len(err.strip().splitlines()) == 1


def test_without_the_native_core_a_review_starts_where_python_can_finish(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    """The reference solver would take hours on a whole deal: without the native core
    the review starts at the last five tricks, and says so."""
    from spadeslib._backend import pure_python

    with pure_python():
        status, out, err = run(capsys, "analyze", record, "--deal", "2", "--json")
    assert status == 0, err
    assert "reviewing from trick 9 (the last five tricks)" in err
    (deal,) = json.loads(out)
    assert {card["trick"] for card in deal["cards"]} == {9, 10, 11, 12, 13}
    with pure_python():  # a start already within reach is kept, without a word
        status, out, err = run(capsys, "analyze", record, "--deal", "2", "--from-trick", "12")
    assert status == 0 and err == ""
    assert "double dummy from trick 12" in out


def test_a_trick_past_the_last_is_out_of_range(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    # It printed "No finished deal to review in this record." and exited 0, though the
    # record has two finished deals: the option was wrong, not the record.
    status, out, err = run(capsys, "analyze", record, "--from-trick", "14")
    assert status == 2
    assert "--from-trick 14: a deal of standard has 13 tricks (1 to 13)" in err
    assert not out


def test_the_deal_still_being_played_is_not_finished(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    # The record stops in its third deal. It printed "No finished deal to review in this
    # record." and exited 0, though deals 1 and 2 are finished and reviewable.
    status, out, err = run(capsys, "analyze", record, "--deal", "3")
    assert status == 2
    assert "--deal 3: deal 3 is not finished" in err and "(finished here: deals 1 to 2)" in err
    assert not out


def test_a_player_without_partner_takes_in_the_singular(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Cutthroat has no partners: it said "seat 1 take 3 tricks"
    game = spadeslib.Game("cutthroat", seed=2)
    game.rollout(1)
    path = tmp_path / "cutthroat.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    status, out, err = run(capsys, "analyze", path, "--from-trick", "14")
    assert status == 0, err
    assert re.search(r"^  double dummy from trick 14: seat \d takes \d+ tricks?;", out, re.M)
