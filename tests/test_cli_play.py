"""Issue 14: ``spadeslib play``, end to end: scripted standard input, and a pseudo-terminal."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import spadeslib
from spadeslib.cli.main import main
from spadeslib.cli.table_view import sorted_hand
from terminal_helpers import run_on_terminal as _terminal

SRC = Path(spadeslib.__file__).resolve().parents[1]

# standard, seed 1: seat 1 deals, so seat 2 bids first and leads to the first trick (the
# README's example: it holds 8C TC KC 3D 8D TD KD AD 2H 5H JH TS QS).
BASE = ["play", "standard", "--seed", "1", "--seat", "2", "--bots", "easy"]


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: list[str],
    *args: str | Path,
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    status = main([str(arg) for arg in args or BASE])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_a_refused_move_says_why_and_loses_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["3", "QS", "AS", "zz", "99", "KD", "quit", "quit"]
    status, out, _ = play(capsys, monkeypatch, lines)
    assert status == 0
    assert "Your bid> 3" in out
    assert "Not allowed: spades may not be led to the first trick. Nothing changed" in out
    assert "Not allowed: seat 2 does not hold AS. Nothing changed; try again." in out
    assert "I did not understand 'zz'" in out
    assert "There is no move 99: the moves are numbered 1 to " in out
    # after all that, KD is still a legal lead and is played
    after = out.split("Your play> KD", 1)[1]
    assert after.splitlines()[1].startswith("Seat 3: play ")
    assert out.rstrip().endswith("You left the table.")


def test_a_card_action_with_no_card_says_which_word_is_no_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 'play ZZ' got the answer for 'zz': "type a card (KD), ...", though a card was typed
    status, out, _ = play(capsys, monkeypatch, ["3", "play ZZ", "quit", "quit"])
    assert status == 0
    assert "I did not understand 'play ZZ': not a card: 'ZZ' (write rank then suit" in out


def test_enter_with_several_legal_moves_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # An empty line with several moves open only printed the prompt again, unexplained
    status, out, _ = play(capsys, monkeypatch, ["", "3", "", "quit", "quit"])
    assert status == 0
    said = "Enter plays a move only when it is the only legal one: type one."
    assert out.count(said) == 2  # in the bidding and in the play
    assert "Your bid> 3" in out  # and nothing moved before it


def test_the_two_handed_draw_shows_the_top_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The draw asked 'keep' or 'reject' without ever showing the card to keep or reject
    game = spadeslib.Game("two-handed", seed=3)
    seat = game.current_player
    assert seat is not None
    top = game.observation(seat).top_card
    args = ["play", "two-handed", "--seed", "3", "--seat", str(seat), "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, ["quit", "quit"], *args)
    assert status == 0
    assert f"Top of the stock: {top} (keep it, or reject it and take the next one)" in out


def test_the_two_handed_draw_shows_the_cards_discarded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # After 'keep' the next card goes to the discards: the drawer sees it, and the table
    # never said which it was
    game = spadeslib.Game("two-handed", seed=3)
    seat = game.current_player
    assert seat is not None
    game.apply("keep")
    [discarded] = game.observation(seat).discarded
    args = ["play", "two-handed", "--seed", "3", "--seat", str(seat), "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, ["keep", "quit", "quit"], *args)
    assert status == 0
    assert f"Your discards: {discarded}\n" in out.split("Your draw> keep", 1)[1]


def test_the_other_seats_passes_and_discards_are_face_down(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The table printed 'Seat 3: pass 4C' and 'Partner (seat 2): discard 8C': cards
    # passed or discarded face down, shown to the person before the bidding
    rules = tmp_path / "passing.yaml"
    rules.write_text(
        "extends: standard\nhouse_rules: [passing-three, kitty-to-dealer]\n", encoding="utf-8"
    )
    args: list[str | Path] = ["play", rules, "--seed", "3", "--seat", "0", "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, ["1"] * 8 + ["quit", "quit"], *args)
    assert status == 0
    others = [line for line in out.splitlines() if re.match(r"(Seat \d|Partner \(seat)", line)]
    assert "Seat 3: pass a card face down" in others
    assert "Partner (seat 2): discard a card face down" in others
    assert not [line for line in others if re.search(r": (pass|give|discard) \w\w$", line)]


def test_a_card_passed_leaves_the_hand_shown(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # After 'pass 5C' the hand shown still held the 5C until every seat had passed
    rules = tmp_path / "passing.yaml"
    rules.write_text("extends: standard\nhouse_rules: [passing-three]\n", encoding="utf-8")
    held = spadeslib.Game(spadeslib.load_variant(rules), seed=3).observation(0).hand
    assert held
    card = str(held[0])
    args: list[str | Path] = ["play", rules, "--seed", "3", "--seat", "0", "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, [card, "quit", "quit"], *args)
    assert status == 0
    after = out.split(f"Your passing> {card}", 1)[1]
    hand = next(line for line in after.splitlines() if line.startswith("Your hand: "))
    assert card not in hand.split()
    assert f"You pass: {card}" in after


def test_the_hand_is_sorted_by_the_variants_ranking(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["play", "nyc", "--seed", "3", "--seat", "0", "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, ["quit"], *args)
    assert status == 0
    shown = next(line for line in out.splitlines() if line.startswith("Your hand: "))
    groups = [group.split() for group in shown.removeprefix("Your hand: ").split(" | ")]
    game = spadeslib.Game("nyc", seed=3)
    rules = game.variant.compile()
    held = sorted_hand(game.observation(0).hand or (), rules)
    assert [card for group in groups for card in group] == [str(card) for card in held]
    trumps = [spadeslib.Card.parse(name) for name in groups[0]]
    assert all(rules.effective_suit(card) == "S" for card in trumps)
    strengths = [rules.strength_of(card) for card in trumps]
    assert strengths == sorted(strengths, reverse=True)


def test_a_whole_deal_is_scored_line_by_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(capsys, monkeypatch, ["1"] * 14)
    assert status == 0
    summary = out.split("Deal 1 is over.\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert summary[0].startswith("Your side (bids: partner (seat 0) 3, you 1; tricks ")
    assert any(re.match(r"    bid \d+ .*took \d+", line) for line in summary)
    assert "won the trick." in out
    assert out.rstrip().endswith("or start with --save FILE.")  # the end of the input


def test_explain_score_help_and_hint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(capsys, monkeypatch, ["explain", "score", "help", "hint", "quit"])
    assert status == 0
    assert "Rules card: standard" in out
    assert "your side: 0 points, 0 bags" in out
    assert "Type a card (KD, kd, 10h" in out
    assert "The Standard bot would: " in out


def test_score_without_a_target_or_partners(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # It said 'target None', 'seats 1: ...' and 'set 0 deal(s) in a row'
    rules = tmp_path / "ten-deals.yaml"
    rules.write_text(
        "extends: cutthroat\nhouse_rules: [max-deals-10]\ngame_end: {target: null}\n",
        encoding="utf-8",
    )
    args: list[str | Path] = ["play", rules, "--seed", "1", "--seat", "0", "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, ["score", "quit"], *args)
    assert status == 0
    said = out.split("> score\n", 1)[1].splitlines()[:4]
    assert said == [
        "you: 0 points, 0 bags, set 0 deals in a row",
        "seat 1: 0 points, 0 bags, set 0 deals in a row",
        "seat 2: 0 points, 0 bags, set 0 deals in a row",
        "0 deals played; no target, at most 10 deals",
    ]


def test_save_and_resume_goes_on_exactly_as_without_stopping(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    moves = ["3", "KD"] + ["1"] * 8
    whole, first, rest = tmp_path / "whole.json", tmp_path / "first.json", tmp_path / "rest.json"
    play(capsys, monkeypatch, [*moves, f"save {whole}", "quit"])
    status, out, _ = play(capsys, monkeypatch, [*moves[:2], f"save {first}", "quit"])
    assert status == 0 and f"spadeslib play --resume {first}" in out
    record = spadeslib.Game.from_json(first.read_text(encoding="utf-8"))
    assert record.current_player == 2  # saved at our next turn, the bots having played
    resumed = ("play", "--resume", first, "--seat", "2", "--bots", "easy", "--save", rest)
    status, out, _ = play(capsys, monkeypatch, moves[2:], *resumed)
    assert status == 0 and f"Saved to {rest}" in out
    assert json.loads(rest.read_text())["actions"] == json.loads(whole.read_text())["actions"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "-"], "reads your moves from standard input"),
        (["play"], "give a VARIANT to play, or --resume FILE"),
        (["play", "standard", "--seat", "4"], "the seats are 0 to 3"),
        (["play", "standard", "--resume", "x.json"], "give neither"),
        # an ArgumentError from Game, exit status 1, not naming --seed:
        (["play", "standard", "--seed", "-3"], "argument --seed: expected a whole number"),
        (["play", "standard", "--seed", str(2**64)], "from 0 to 2**64-1, got '1844"),
        (["play", "standard", "--seed", "x"], "from 0 to 2**64-1, got 'x'"),
    ],
)
def test_play_usage_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str], words: str
) -> None:
    status, _, err = play(capsys, monkeypatch, [], *args)
    assert status == 2 and words in err


def test_resume_a_missing_or_bad_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    status, _, err = play(capsys, monkeypatch, [], "play", "--resume", tmp_path / "none.json")
    assert status == 1 and "cannot read" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    status, _, err = play(capsys, monkeypatch, [], "play", "--resume", bad)
    assert status == 1 and "not JSON" in err
    assert f"{bad}: not JSON" in err  # the file is named, as analyze names it
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"\xd0\xd0 not text")  # was an internal error (UnicodeDecodeError)
    status, _, err = play(capsys, monkeypatch, [], "play", "--resume", binary)
    assert status == 1 and f"spadeslib: error: {binary} is not UTF-8 text" in err


# --- through the real command: a pipe and a pseudo-terminal ------------------------------------


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(SRC)
    env.update(extra)
    return env


def test_a_plain_pipe(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spadeslib", *BASE],
        input="3\nKD\n",
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "\x1b[" not in done.stdout
    assert "End of input: the game stops here" in done.stdout


def test_a_terminal_gets_colour_and_a_clean_exit() -> None:
    lines = ["3", "QS", "KD", "quit", "quit"]
    status, out = _terminal(BASE, lines, _env(TERM="xterm-256color"))
    assert status == 0, out
    assert "Traceback" not in out
    assert "\x1b[31m" in out or "\x1b[91m" in out  # red hearts and diamonds
    assert "Not allowed: spades may not be led to the first trick" in out
    assert "You left the table." in out


def test_a_terminal_with_no_color() -> None:
    lines = ["3", "quit", "quit"]
    status, out = _terminal(BASE, lines, _env(TERM="xterm-256color", NO_COLOR="1"))
    assert status == 0, out
    assert not re.search(r"\x1b\[[0-9;]*3[0-9]m", out)  # no colour at all
    assert "Your hand: " in out and "You left the table." in out


def test_a_terminal_at_the_end_of_input() -> None:
    status, out = _terminal(BASE, ["3", "\x04"], _env(TERM="xterm-256color"))
    assert status == 0, out
    assert "End of input" in out and "Traceback" not in out


def test_the_end_of_input_with_save_says_saved_once(tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    status, out = _terminal(
        [*BASE, "--save", str(kept)], ["3", "\x04"], _env(TERM="xterm-256color")
    )
    assert status == 0, out
    assert out.lower().count("saved to") == 1 and "Saved to " in out
    assert kept.exists()


def test_enter_plays_the_only_legal_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # nyc, seed 1: the first deal bids itself; seat 0's first card must follow with QH
    args = ["play", "nyc", "--seed", "1", "--seat", "0", "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, [""], *args)
    assert status == 0
    assert "Your play (Enter: play QH)> \n" in out
    assert "Seat 1: play " in out.split("(Enter: play QH)", 1)[1]
    # where several moves are legal, an empty line plays nothing
    assert out.split("(Enter: play QH)", 1)[1].count("Your play> ") == 1


def test_quit_with_moves_not_saved_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    status, out, _ = play(capsys, monkeypatch, ["3", "quit"])
    assert status == 0
    assert "The game is not saved: type save FILE to keep it" in out
    assert "You left the table." not in out
    status, out, _ = play(capsys, monkeypatch, ["3", "quit", "quit"])
    assert out.rstrip().endswith("You left the table.")
    # nothing to lose: before any move, or just after a save
    status, out, _ = play(capsys, monkeypatch, ["quit"])
    assert out.rstrip().endswith("You left the table.") and "not saved" not in out
    status, out, _ = play(capsys, monkeypatch, ["3", f"save {tmp_path / 'g.json'}", "quit"])
    assert out.rstrip().endswith("You left the table.") and "not saved" not in out


def test_undo_takes_back_your_move_and_the_bots_after_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    undone, straight = tmp_path / "undone.json", tmp_path / "straight.json"
    lines = ["undo", "3", "KD", "undo", "undo", "4", "KD", f"save {undone}"]
    status, out, _ = play(capsys, monkeypatch, lines)
    assert status == 0
    assert "There is no move of yours to take back in this game." in out
    assert "Took back your play KD and the 3 moves after it." in out
    assert "Took back your bid 3 and the 3 moves after it." in out
    play(capsys, monkeypatch, ["4", "KD", f"save {straight}"])
    assert json.loads(undone.read_text())["actions"] == json.loads(straight.read_text())["actions"]


def test_an_unknown_bot_level_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = play(capsys, monkeypatch, [], "play", "standard", "--bots", "wizard")
    assert status == 2 and "--bots wizard: unknown bot level 'wizard'" in err


def test_refusals_at_nyc_name_the_rule_of_the_moment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # nyc, seed 1: the first deal bids itself (13 cards of ours), then seat 0 bids for its side
    lines = ["1"] * 13 + ["15", "nil", "4", "bid 4", "quit", "quit"]
    args = ["play", "nyc", "--seed", "1", "--seat", "0", "--bots", "easy"]
    status, out, _ = play(capsys, monkeypatch, lines, *args)
    assert status == 0
    assert (
        "Not allowed: there is no team bid of 15, a deal has 13 tricks: the team bids open "
        "now are 4 to 10. Nothing changed; try again." in out
    )
    assert (
        "Not allowed: Nil is not played here: seat 0 is to make its side's team bid (4 to 10)"
        in out
    )
    assert (
        "Not allowed: the bidding is over: this is the play, and seat 0 is to play a card." in out
    )


def test_a_hint_on_a_card_shows_each_cards_worth_to_the_expert(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(capsys, monkeypatch, ["3", "hint", "quit"])
    assert status == 0
    line = next(line for line in out.splitlines() if "The Expert would play" in line)
    chosen = line.split("The Expert would play ", 1)[1].split(".", 1)[0]
    worths = line.split("in points: ", 1)[1].split(", ")
    cards = [worth.split()[0] for worth in worths]
    values = [float(worth.split()[1]) for worth in worths]
    assert cards[0] == chosen
    assert values == sorted(values, reverse=True)
    assert len(cards) > 1


def test_review_shows_the_last_deal_card_by_card_as_analyze_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    lines = ["review", *["1"] * 14, "review", f"save {saved}", "quit"]
    status, out, _ = play(capsys, monkeypatch, lines)
    assert status == 0
    assert "No deal is finished yet: review looks back at the last one." in out
    shown = out.split("Deal 1 with every hand seen", 1)[1].split("\n", 1)[1].splitlines()
    assert main(["analyze", str(saved), "--deal", "1"]) == 0
    analyzed = capsys.readouterr().out.splitlines()
    assert shown[:5] == analyzed[1:6]  # the double-dummy line, then a line per seat
