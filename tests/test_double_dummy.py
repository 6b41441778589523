"""The double-dummy solver (docs/analysis.md): the native search (src/native/solver.c)
against the plain minimax of spadeslib/analysis/reference.py over small endings of the
bundled and of generated variants, each shortcut of the search held to the plain search,
and the properties of a position's values on whichever path plays (a position is worth
its best card; values agree after each card; equivalent cards are worth the same).
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spadeslib
from conftest import examples
from spadeslib import _backend
from spadeslib.analysis import (
    card_values,
    double_dummy,
    nil_can_be_set,
    position_of,
    reference,
    review_record,
)
from spadeslib.analysis.position import Position
from spadeslib.analysis.solve import side_seats
from spadeslib.compiler.kernel import kernel_of
from spadeslib.errors import ArgumentError, SearchTimeout, SpadesError
from spadeslib.testing import variants

native: Any = _backend.native()
needs_native = pytest.mark.skipif(native is None, reason="the native core is not built here")
VARIANTS = (
    "standard",
    "nyc",
    "jjdd",
    "mirror",
    "suicide",
    "cutthroat",
    "six-handed",
    "whiz",
    "two-handed",
)


def ending(game: spadeslib.Game, seed: int, left: int) -> Position | None:
    """``game`` played at random (seeded) to a position of its first deal's play with at
    most ``left`` cards in the hand to play, mid-trick or not; ``None`` if the first deal
    ends before (or never reaches the play)."""
    rng = random.Random(seed)
    for _ in range(400):
        if game.phase == "play":
            position = position_of(game)
            if bin(position.hands[position.actor]).count("1") <= left and rng.random() < 0.6:
                return position
        if game.phase in ("over",) or game.deal_history:
            return None
        actions = list(game.legal_actions())
        game.apply(actions[int(rng.random() * len(actions))])
    return None


def endings(variant: Any, seeds: int, left: int) -> list[tuple[int, Position]]:
    """The endings :func:`ending` reaches from the first ``seeds`` seeds of ``variant`` (a
    name or a variant), each with its seed; at least one, or the test would check nothing."""
    found = []
    for seed in range(seeds):
        position = ending(spadeslib.Game(variant, seed=seed), seed, left)
        if position is not None:
            found.append((seed, position))
    assert found, f"no ending of {left} cards from {seeds} seeds"
    return found


def raw(
    position: Position, counted: int, maximizers: int, options: int = 0, focus: int = 0
) -> dict[int, int]:
    return card_values(position, counted, maximizers, native=True, focus=focus, options=options)


@needs_native
@pytest.mark.parametrize("name", VARIANTS)
def test_the_search_and_each_shortcut_agree_with_the_plain_minimax(name: str) -> None:
    for seed, position in endings(name, 6, 3):
        side = side_seats(position, position.actor)
        expected = reference.values(position, side, side)
        # every shortcut on and off: table, merged cards, sure tricks, winning ranks,
        # small cards skipped
        for options in (o for o in range(64) if not o & 8):
            assert raw(position, side, side, options) == expected, (seed, options)


@needs_native
@pytest.mark.parametrize("name", VARIANTS)
def test_winning_ranks_agree_with_the_whole_position_key_on_longer_endings(name: str) -> None:
    """A table entry that keeps only the ranks that decided it answers as one keyed on the
    whole position, a failed small card stands for the smaller cards of its suit as
    searching each does, and the sure-trick and trump bounds answer as searching does,
    on endings long enough for each to be asked often: for a side that wants its tricks
    and for seats that want fewer than they are counted for (a Nil's question)."""
    left = 4 if name == "six-handed" else 6  # six hands of 6: slow without the table
    for seed, position in endings(name, 8, left):
        for counted in {side_seats(position, position.actor), 1 << position.actor}:
            others = ((1 << position.rules.players) - 1) & ~counted
            for maximizers in (counted, others):
                expected = raw(position, counted, maximizers, 4 | 16 | 32)
                for options in (0, 4, 16, 32):
                    assert raw(position, counted, maximizers, options) == expected, (
                        seed,
                        counted,
                        maximizers,
                        options,
                    )


HOUSE_RULES = (
    ("standard", "must-overtrump"),
    ("standard", "must-trump"),
    ("standard", "screamer"),
    ("standard", "spades-never-broken"),
    ("standard", "elevated-deuces"),
    ("standard", "jokers-big-little"),
    ("six-handed", "identical-earlier-wins"),
)


@needs_native
@pytest.mark.parametrize(("base", "rule"), HOUSE_RULES)
def test_the_void_and_trump_rules_solve_as_the_minimax_does(base: str, rule: str) -> None:
    variant = spadeslib.parse_variant(f"extends: {base}\nhouse_rules: [{rule}]\n")
    for seed, position in endings(variant, 4, 3):
        side = side_seats(position, position.actor)
        assert raw(position, side, side) == reference.values(position, side, side), seed
        longer = ending(spadeslib.Game(variant, seed=seed), seed, 6)
        if longer is not None:  # winning ranks and small cards against neither
            side = side_seats(longer, longer.actor)
            assert raw(longer, side, side) == raw(longer, side, side, 16 | 32), seed


@needs_native
@settings(max_examples=examples(12), deadline=None)
@given(variants(), st.integers(0, 2**32 - 1))
def test_generated_variants_solve_as_the_minimax_does(variant: Any, seed: int) -> None:
    position = ending(spadeslib.Game(variant, seed=seed % 1000), seed, 2)
    if position is None:
        return
    side = side_seats(position, position.actor)
    assert raw(position, side, side) == reference.values(position, side, side)
    seat = position.actor
    others = ((1 << position.rules.players) - 1) & ~side  # the Nil question's search
    assert raw(position, 1 << seat, others) == reference.values(position, 1 << seat, others)
    longer = ending(spadeslib.Game(variant, seed=seed % 1000), seed, 5)
    if longer is not None:  # winning ranks and small cards against neither
        side = side_seats(longer, longer.actor)
        assert raw(longer, side, side) == raw(longer, side, side, 16 | 32)


def value_of(position: Position, counted: int) -> int:
    values = card_values(position, counted, counted)
    return max(values.values()) if counted >> position.actor & 1 else min(values.values())


@settings(max_examples=examples(15), deadline=None)
@given(st.sampled_from(("standard", "nyc", "two-handed")), st.integers(0, 10_000))
def test_each_card_is_worth_its_trick_and_the_best_play_after_it(name: str, seed: int) -> None:
    position = ending(spadeslib.Game(name, seed=seed), seed, 3)
    if position is None:
        return
    side = side_seats(position, position.actor)
    for bit, tricks in card_values(position, side, side).items():
        after, winner = position.after(bit)
        won = int(winner >= 0 and side >> winner & 1)
        rest = value_of(after, side) if after.hands[after.actor] else 0
        assert tricks == won + rest


def _equivalent_swap(position: Position) -> tuple[Position, int, int] | None:
    """A card in the hand to play and a card played in an earlier trick, of one suit with
    no card in play between them: the position with the one in place of the other."""
    rules = position.rules
    live = 0
    for hand in position.hands:
        live |= hand
    for bit in position.trick:
        live |= 1 << bit
    gone = rules.full_mask & ~live
    hand = position.hands[position.actor]
    for card in range(rules.size):
        if not hand >> card & 1:
            continue
        for old in range(rules.size):
            if not gone >> old & 1 or rules.suit_of[old] != rules.suit_of[card]:
                continue
            low, high = min(card, old), max(card, old)
            between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
            if live & between & ~(1 << card):
                continue
            hands = list(position.hands)
            hands[position.actor] = hand & ~(1 << card) | 1 << old
            swapped = Position(
                rules,
                tuple(hands),
                position.leader,
                position.trick,
                position.broken,
                position.trick_number,
                position.must_lead,
            )
            return swapped, card, old
    return None


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10_000))
def test_an_equivalent_card_changes_nothing(seed: int) -> None:
    position = ending(spadeslib.Game("standard", seed=seed), seed, 3)
    if position is None:
        return
    found = _equivalent_swap(position)
    if found is None:
        return
    swapped, card, old = found
    side = side_seats(position, position.actor)
    before = card_values(position, side, side)
    after = card_values(swapped, side, side)
    assert {old if bit == card else bit: v for bit, v in before.items()} == after


def test_double_dummy_names_every_legal_card() -> None:
    game = spadeslib.Game("standard", seed=5)
    position = ending(game, 5, 3)
    assert position is not None
    values = double_dummy(game)
    assert sorted(values) == sorted(str(action.cards[0]) for action in game.legal_actions())
    assert all(0 <= tricks <= 3 for tricks in values.values())


def test_the_nil_question_agrees_with_the_plain_minimax() -> None:
    for seed, _ in endings("standard", 4, 3):
        game = spadeslib.Game("standard", seed=seed)
        position = ending(game, seed, 3)
        assert position is not None
        for seat in range(4):
            others = 0b1111 & ~side_seats(position, seat)
            values = reference.values(position, 1 << seat, others)
            wants = others >> position.actor & 1
            best = max(values.values()) if wants else min(values.values())
            assert nil_can_be_set(game, seat) == (best > 0)


def test_only_a_game_in_its_play_phase_is_solved() -> None:
    game = spadeslib.Game("standard", seed=1)
    with pytest.raises(ArgumentError, match="play phase") as error:
        double_dummy(game)
    assert isinstance(error.value, SpadesError)
    with pytest.raises(ArgumentError, match="play phase"):
        nil_can_be_set(game, 0)


def test_a_seat_out_of_range_is_refused() -> None:
    game = spadeslib.Game("standard", seed=2)
    assert ending(game, 2, 2) is not None
    with pytest.raises(ArgumentError, match="no seat 4"):
        nil_can_be_set(game, 4)


@needs_native
def test_the_native_boundary_checks_every_argument() -> None:
    game = spadeslib.Game("standard", seed=3)
    position = ending(game, 3, 3)
    assert position is not None
    kernel = kernel_of(position.rules)
    hands = list(position.hands)
    good = (
        kernel,
        hands,
        position.leader,
        list(position.trick),
        position.broken,
        position.trick_number,
        0,
        1,
        1,
    )
    assert native.double_dummy(*good)

    def bad(index: int, value: object, message: str) -> None:
        args: list[object] = list(good)
        args[index] = value
        with pytest.raises(ArgumentError, match=message):
            native.double_dummy(*args)

    bad(0, "standard", "Kernel")
    bad(1, hands[:3], "4 items")
    bad(1, [hands[0], hands[0], hands[2], hands[3]], "another hand holds")
    bad(1, [hands[0] | hands[1], 0, hands[2], hands[3]], "holds")
    bad(2, 4, "leader")
    bad(4 + 1, 13, "trick_number")
    bad(7, 0, "counted")
    bad(8, 16, "maximizers")
    with pytest.raises(ArgumentError, match="options"):
        native.double_dummy(*good, 64)
    for seconds in (-1.0, float("nan"), float("inf")):
        with pytest.raises(ArgumentError, match="seconds must be from 0"):
            native.double_dummy(*good, 0, 0, seconds)
    for up_to in (-1, 2**31, 1.0, True, "1"):
        with pytest.raises(ArgumentError, match="up_to"):
            native.double_dummy(*good, 0, 0, 0.0, None, up_to)
    with pytest.raises(ArgumentError, match="levels and up_to"):
        native.double_dummy(*good, 0, 0, 0.0, [0, 1, 2, 3], 1)


def first_lead(name: str) -> spadeslib.Game:
    """``name``'s first deal at its first lead (every seat's first legal bid)."""
    game = spadeslib.Game(name, seed=1)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("path", ["native", "python"])
def test_a_time_limit_stops_the_search_and_says_so(path: str) -> None:
    """Six hands of 17 cards from the first lead would take hours: with a time limit the
    search stops and raises SearchTimeout (a SpadesError and a TimeoutError), on either
    path; a limit that is no number above 0 is refused first."""
    if path == "native" and native is None:
        pytest.skip("the native core is not built here")
    game = first_lead("six-handed")
    position = position_of(game)
    side = side_seats(position, position.actor)
    with pytest.raises(SearchTimeout, match=r"did not finish within 1e-0?6 seconds") as stop:
        card_values(position, side, side, native=path == "native", seconds=1e-6)
    assert isinstance(stop.value, SpadesError) and isinstance(stop.value, TimeoutError)
    for seconds in (0, -1, float("nan"), float("inf"), True, "1"):
        with pytest.raises(ArgumentError, match="seconds must be None or a number above 0"):
            double_dummy(game, seconds=seconds)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="seconds"):
        nil_can_be_set(game, 0, seconds=-1)
    ending_game = spadeslib.Game("standard", seed=2)
    assert ending(ending_game, 2, 2) is not None
    assert double_dummy(ending_game, seconds=60) == double_dummy(ending_game)


def test_a_review_stops_at_its_time_limit() -> None:
    """review_record's ``seconds`` bounds the whole review (the server's two minutes), on
    either path; a limit that is no number above 0 is refused."""
    game = spadeslib.Game("standard", seed=1)
    game.rollout(1, deals=1)
    record = game.record()
    assert review_record(record, deals={1}, from_trick=12, seconds=60)
    with pytest.raises(SearchTimeout, match="did not finish within 1e-06 seconds"):
        review_record(record, deals={1}, seconds=1e-6)
    with pytest.raises(ArgumentError, match="seconds must be None or a number above 0"):
        review_record(record, seconds=0)


@needs_native
def test_ctrl_c_stops_a_long_search(tmp_path: Any) -> None:
    """The search runs in C without the GIL; Ctrl+C (SIGINT) still stops it, with
    KeyboardInterrupt, as any Python loop would be."""
    script = tmp_path / "solve.py"
    script.write_text(
        "import signal, sys\n"
        # Ctrl+C at a terminal: Python's own handler (a suite started in the background
        # inherits SIGINT ignored, and the child would inherit that too)
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from test_double_dummy import first_lead\n"
        "from spadeslib.analysis import double_dummy\n"
        "game = first_lead('six-handed')\n"
        "print('solving', flush=True)\n"
        "double_dummy(game)\n"
        "print('finished', flush=True)\n",
        encoding="utf-8",
    )
    child = subprocess.Popen(
        [sys.executable, str(script), str(Path(__file__).parent)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "solving\n"
        time.sleep(0.5)  # inside the search by now
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert "finished" not in out
    assert "KeyboardInterrupt" in err, err


@needs_native
@pytest.mark.parametrize("name", ["standard", "six-handed"])
def test_a_focus_gives_its_cards_and_the_best_value(name: str) -> None:
    """What a review asks: the played card's value and the best, fewer cards searched."""
    for _, position in endings(name, 5, 4):
        side = side_seats(position, position.actor)
        every = raw(position, side, side)
        for bit in every:
            some = raw(position, side, side, focus=1 << bit)
            assert some[bit] == every[bit]
            assert max(some.values()) == max(every.values())
            assert all(every[other] == value for other, value in some.items())


@needs_native
@pytest.mark.parametrize("name", ["standard", "jjdd", "cutthroat", "two-handed", "six-handed"])
def test_counting_up_to_a_number_of_tricks_caps_each_value_there(name: str) -> None:
    """What a Nil's question asks (``up_to=1``: can it be set), and any other cap: each
    card's value is the fewer of its tricks and the cap, for a side's count and for a
    seat that wants fewer tricks than it is counted for, with and without a focus; a cap
    at or above the cards in hand caps nothing. (six-handed: the 128-bit search.)"""
    left = 4 if name == "six-handed" else 5
    for seed, position in endings(name, 6, left):
        side = side_seats(position, position.actor)
        others = ((1 << position.rules.players) - 1) & ~side
        for counted, maximizers in ((side, side), (1 << position.actor, others)):
            every = raw(position, counted, maximizers)
            for up_to in (1, 2, left, 99):
                capped = {bit: min(value, up_to) for bit, value in every.items()}
                for options in (0, 4 | 16 | 32):
                    got = card_values(
                        position, counted, maximizers, native=True, options=options, up_to=up_to
                    )
                    assert got == capped, (seed, counted, up_to, options)
                bit = min(every)
                some = card_values(
                    position, counted, maximizers, native=True, focus=1 << bit, up_to=up_to
                )
                assert some[bit] == capped[bit]
                assert max(some.values()) == max(capped.values())
                assert all(capped[other] == value for other, value in some.items())


@pytest.mark.parametrize("name", ["standard", "two-handed"])
def test_the_python_path_caps_the_plain_minimax_s_values(name: str) -> None:
    for _, position in endings(name, 4, 3):
        side = side_seats(position, position.actor)
        others = ((1 << position.rules.players) - 1) & ~side
        for counted, maximizers in ((side, side), (1 << position.actor, others)):
            every = reference.values(position, counted, maximizers)
            capped = card_values(position, counted, maximizers, native=False, up_to=1)
            assert capped == {bit: min(value, 1) for bit, value in every.items()}


@pytest.mark.parametrize("native", [True, False])
def test_a_bad_cap_is_refused_on_either_path(native: bool) -> None:
    if native and _backend.native() is None:
        pytest.skip("the native core is not built here")
    _, position = endings("standard", 4, 3)[0]
    side = side_seats(position, position.actor)
    for up_to in (-1, 1.0, True, "1"):
        with pytest.raises(ArgumentError, match="up_to must be an int"):
            card_values(position, side, side, native=native, up_to=up_to)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="levels and up_to"):
        card_values(position, side, side, native=native, up_to=1, levels=[0, 1, 2, 3])
