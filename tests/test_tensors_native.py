"""The native tensors (``src/native/tensors.c``) against the Python reference
(``engine/views/tensors.py``, ``_Encoder.fill``): entry for entry the same observation and
information-state tensors for every seat, over games of every bundled variant, the house
rules with pieces of their own, and generated games; and the C's boundary, where every
bad argument is an ``ArgumentError`` and the output is left as it was.

Skipped where the extension is not built (the pure-Python run of the suite).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import spadeslib
from conftest import examples
from spadeslib import _backend
from spadeslib.compiler.phases import Phase
from spadeslib.engine import Game
from spadeslib.engine.core import flow
from spadeslib.engine.views.tensors import (
    NATIVE_PIECES,
    as_list,
    encoder_of,
    information_state_layout,
    legal_mask,
)
from spadeslib.errors import ArgumentError
from spadeslib.testing import games, plausible_action_id
from spadeslib.variant import parse_variant

native: Any = _backend.native()
pytestmark = pytest.mark.skipif(native is None, reason="the native core is not built here")

BUNDLED = sorted(spadeslib.bundled_variants())
HOUSE_RULES = [  # (variant, house rule, a piece of it): what no bundled variant plays
    ("standard", "passing-three", "passed"),
    ("standard", "french-cut", "cut_given"),
    ("standard", "blind-nil-any-time", "looked"),
    ("standard", "kitty-to-dealer, kitty-discard-after-bidding", "discarded"),
    ("standard", "raise-round", "auction"),
    ("standard", "misdeal-no-spades", "hand"),
]


def _check_every_seat(game: Game) -> bool:
    """Both tensors of every seat, natively and by the Python reference, on one state;
    whether the native ones read the play's fields from the native play itself."""
    play = game._s.play
    from_play = type(play) is native.Play
    tensors = {
        (seat, info): (game.information_state_tensor if info else game.observation_tensor)(seat)
        for seat in range(game._s.players)
        for info in (False, True)
    }
    state = flow.deal_if_due(game._s)
    encoder = encoder_of(state.rules)
    for (seat, info), tensor in tensors.items():
        size = encoder.info.size if info else encoder.size
        expected = encoder.fill(state, seat, np.full(size, 7.0, np.float32), info)
        assert tensor.dtype == np.float32
        different = np.flatnonzero(tensor != expected)
        assert not different.size, (seat, info, different[:5], game.describe())
    return from_play and state.phase == Phase.PLAY


def _walk(variant: object, seed: int, steps: int, every: int) -> tuple[int, int]:
    """States checked, and of them those whose tensors read the native play."""
    game = Game(variant, seed=seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    checked = from_play = 0
    for step in range(steps):
        if game.is_over:
            break
        if step % every == 0:
            from_play += _check_every_seat(game)
            checked += 1
        game.apply_id(plausible_action_id(game, rng))
    from_play += _check_every_seat(game)
    return checked, from_play


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_variant_s_tensors_are_the_pythons(name: str) -> None:
    for seed in (1, 2):
        checked, from_play = _walk(name, seed, steps=260, every=3)
        assert checked > 10
        encoder = encoder_of(Game(name)._s.rules)
        if encoder.native() and not encoder.has_received:  # (the cards received: copied in)
            assert from_play > checked // 2


@pytest.mark.parametrize(("base", "rule", "piece"), HOUSE_RULES)
def test_the_house_rules_own_pieces_are_the_pythons(base: str, rule: str, piece: str) -> None:
    variant = parse_variant(f"extends: {base}\nhouse_rules: [{rule}]\n")
    assert piece in information_state_layout(variant.compile())
    for seed in (3, 4, 5):
        _walk(variant, seed, steps=120, every=1)


def test_a_game_over_is_the_pythons() -> None:
    game = Game(parse_variant("extends: standard\nhouse_rules: [max-deals-10]\n"), seed=9)
    rng = random.Random(9)
    while not game.is_over:
        game.apply_id(plausible_action_id(game, rng))
    _check_every_seat(game)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(max_actions=200))
def test_generated_games_tensors_are_the_pythons(game: Game) -> None:
    _check_every_seat(game)


def test_a_game_made_where_python_plays_gets_the_python_s_tensors() -> None:
    with _backend.pure_python():
        pure = Game("standard", seed=3)
    twin = Game("standard", seed=3)
    for game in (pure, twin):
        for _ in range(30):
            game.apply_id(game.legal_action_ids()[0])
    for seat in range(4):
        assert np.array_equal(
            pure.information_state_tensor(seat), twin.information_state_tensor(seat)
        )


def test_an_out_array_the_c_cannot_write_is_filled_by_the_python() -> None:
    game = Game("standard", seed=2)
    expected = game.observation_tensor(1)
    size = expected.size
    for out in (np.zeros(size, np.float64), np.zeros(2 * size, np.float32)[::2]):
        filled = game.observation_tensor(1, out=out)  # (float64 entries: not rounded)
        assert filled is out and np.array_equal(out.astype(np.float32), expected)


def test_the_native_pieces_are_every_piece_of_the_information_state() -> None:
    for name in BUNDLED:
        layout = information_state_layout(spadeslib.load_variant(name).compile())
        assert {piece.name for piece in layout.pieces} <= set(NATIVE_PIECES)


def test_as_list_and_legal_mask_are_numpy_s() -> None:
    tensor = Game("nyc", seed=4).information_state_tensor(0)
    listed = as_list(tensor)
    assert listed == tensor.tolist() and all(type(x) is float for x in listed)
    assert as_list(np.array([0.0, -0.0, 1.0, 0.25], np.float32)) == [0.0, -0.0, 1.0, 0.25]
    assert str(as_list(np.array([-0.0], np.float32))[0]) == "-0.0"
    for dtype in (None, bool, np.uint8):
        mask = legal_mask([0, 3, 5], 7, dtype)
        assert mask.tolist() == [1, 0, 0, 1, 0, 1, 0] and mask.dtype == (dtype or np.int8)
    assert not legal_mask([], 4).any() and legal_mask(range(2), 3).tolist() == [1, 1, 0]


# -- the boundary -------------------------------------------------------------------------


def _tensors_and_arguments() -> tuple[Any, list[Any]]:
    game = Game("standard", seed=1)
    for _ in range(9):
        game.apply_id(game.legal_action_ids()[0])
    state = flow.deal_if_due(game._s)
    encoder = encoder_of(state.rules)
    out = np.zeros(encoder.size, np.float32)
    arguments = [
        *(out, False, 0, state.seen, False, state.actor, state.dealer, 3, state.broken),
        *(state.trick_number, state.deals_played, state.leader, -1, 0, state.sides_bid),
        *(state.hands, state.first_hands, state.trick, 0, 0, 0, 0, 0, (), ()),
        *(state.bids, state.contracts, state.tricks, state.scores, state.bags, state.sets),
        *(state.trick_log, state.decisions, None),
    ]
    return encoder.native(), arguments


def _play_for(value: object) -> object:
    """The native play BAD_FILLS names: another variant's; any other value as it is."""
    if not isinstance(value, str):
        return value
    if value == "<nyc's play>":
        game = Game("nyc", seed=1)
        for _ in range(6):
            game.apply_id(game.legal_action_ids()[0])
        return game._s.play
    return value


BAD_FILLS = [  # (argument index, bad value, what the error names)
    (0, np.zeros(3, np.float32), "717 entries"),
    (0, np.zeros(717, np.float64), "float32"),
    (0, b"x" * 2868, "writable"),
    (2, 4, "seat"),
    (2, "0", "seat"),
    (5, 7, "actor"),
    (7, 99, "phase"),
    (15, [1, 2, 3], "hands"),
    (15, [1, 2, 3, -1], "hands"),
    (15, [1, 2, 3, 2**60], "outside"),
    (15, [1, 2, 3, 2**70], "outside"),
    (16, (1, 2), "first_hands"),
    (17, [52], "trick"),
    (17, [0, 1, 2, 3, 4], "more than 4"),
    (25, [0, 0, 0], "bids"),
    (28, [2**50, 0], "out of range"),
    (28, [1.5, 0], "ints"),
    (31, [(0, (1, 2))] * 14, "more than a hand"),
    (31, [(4, (1, 2))], "leader"),
    (31, [[0]], "2 items"),
    (32, [(9, 0)], "seat"),
    (32, "nonsense", "list or a tuple"),
    (21, -1, "taken"),
    (33, "a play", "native Play or None"),
    (33, "<nyc's play>", "another variant"),  # (made in the test: see _play_for)
]


@pytest.mark.parametrize(("index", "value", "message"), BAD_FILLS)
def test_a_bad_argument_to_fill_is_an_argument_error_and_writes_nothing(
    index: int, value: object, message: str
) -> None:
    tensors, arguments = _tensors_and_arguments()
    arguments[1] = True  # the information state reads every argument
    arguments[0] = np.full(4895, 5.0, np.float32)  # standard's information state
    if index == 0 and isinstance(value, np.ndarray) and value.size == 3:
        message = "4895 entries"
    before = arguments[0].copy() if index else None
    arguments[index] = _play_for(value)
    with pytest.raises(ArgumentError, match=message):
        tensors.fill(*arguments)
    if before is not None:
        assert np.array_equal(arguments[0], before)


def test_fill_takes_its_arguments_exactly() -> None:
    tensors, arguments = _tensors_and_arguments()
    tensors.fill(*arguments)  # as given: fine
    with pytest.raises(ArgumentError, match="34 arguments"):
        tensors.fill(*arguments[:-1])


def test_a_bad_layout_is_refused_when_the_tensors_are_made() -> None:
    rules = spadeslib.load_variant("standard").compile()
    encoder = encoder_of(rules)
    made = encoder.native()
    info = information_state_layout(rules)
    at = [info[name].start if name in info else -1 for name in NATIVE_PIECES]
    sizes = [
        encoder.size,
        info.size,
        info["phase"].size,
        len(encoder.facts),
        *info["auction"].shape,
    ]
    columns = [-1] * rules.actions.num_distinct_actions
    good = (rules.kernel, at, sizes, (500.0, 10.0), list(encoder.facts), columns)
    assert type(made)(*good) is not None

    def with_(index: int, value: object) -> tuple[object, ...]:
        return (*good[:index], value, *good[index + 1 :])

    past = list(at)
    past[NATIVE_PIECES.index("variant")] = encoder.size - 1
    missing = list(at)
    missing[NATIVE_PIECES.index("hand")] = -1
    half_cut = list(at)
    half_cut[NATIVE_PIECES.index("cut")] = 0
    for arguments, message in [
        (with_(0, "kernel"), "Kernel"),
        (with_(1, past), "runs past"),
        (with_(1, missing), "every variant has this piece"),
        (with_(1, half_cut), "cut's two pieces"),
        (with_(1, at[:-1]), "30 items"),
        (with_(2, [encoder.size, encoder.size - 1, *sizes[2:]]), "two tensors"),
        (with_(3, (0.0, 10.0)), "scales"),
        (with_(4, [0.5]), "items"),
        (with_(5, [99] * len(columns)), "columns"),
    ]:
        with pytest.raises(ArgumentError, match=message):
            type(made)(*arguments)


def test_float_list_and_mark_refuse_what_they_cannot_read() -> None:
    with pytest.raises(ArgumentError, match="float32"):
        native.float_list(np.zeros(3, np.float64))
    with pytest.raises(ArgumentError, match="contiguous"):
        native.float_list(object())
    out = np.zeros(4, np.int8)
    for ids, message in [([4], "ids"), ([-1], "ids"), (["1"], "ids"), ("12", "list or a tuple")]:
        with pytest.raises(ArgumentError, match=message):
            native.mark(out, ids)
        assert not out.any()  # every id is checked before any is written
    with pytest.raises(ArgumentError, match="one-byte"):
        native.mark(np.zeros(4, np.int32), [1])
    with pytest.raises(ArgumentError, match="2 arguments"):
        native.mark(out)
