"""Undo and saved positions (issue 13): ``Game.undo`` takes back exactly one action, and
``Game.from_state_dict`` loads what ``state_dict`` wrote, checked like a record."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game_helpers import dump, plausible_id, played
from spadeslib.engine import Game
from spadeslib.engine.core.state import CHECKPOINTS_KEPT
from spadeslib.errors import ArgumentError, RecordError
from spadeslib.loader import bundled_variants
from spadeslib.testing import variants
from spadeslib.variant import Variant, parse_variant

BUNDLED = sorted(bundled_variants())


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(variant=variants(), seed=st.integers(0, 2**32), steps=st.integers(1, 120))
def test_undo_takes_back_exactly_the_last_action(variant: Variant, seed: int, steps: int) -> None:
    game = played(variant, seed, steps - 1)
    if game.is_over:
        return
    before = dump(game)
    action_id = plausible_id(game, random.Random(steps))
    action = game._s.space.action(action_id)
    game.apply_id(action_id)
    after = dump(game)
    assert game.undo() == action
    assert dump(game) == before
    game.apply(action)
    assert dump(game) == after


@pytest.mark.parametrize("name", BUNDLED)
def test_undo_back_to_the_start(name: str) -> None:
    """Undo after undo walks the whole game back, through finished deals."""
    game = played(name, 5, 80)
    states = []
    replay = Game(name, seed=5)
    rng = random.Random(5)
    for _ in range(len(game.record()["actions"])):
        states.append(dump(replay))
        replay.apply_id(plausible_id(replay, rng))
    for expected in reversed(states[-30:]):
        game.undo()
        assert dump(game) == expected


def _long_game(deals: int, seed: int = 3) -> tuple[Game, list[str]]:
    """A game of standard played for ``deals`` deals, and its dump before each action."""
    game = Game(parse_variant("extends: standard\ngame_end: {target: 5000}\n"), seed=seed)
    rng = random.Random(seed)
    dumps = []
    while len(game.deal_history) < deals:
        dumps.append(dump(game))
        game.apply_id(plausible_id(game, rng))
    return game, dumps


def test_an_undo_replays_at_most_a_deal_however_long_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cost of an undo does not grow with the game: it replays from the snapshot at
    the start of the deal (python-chess's stack, a snapshot a deal, not an action)."""
    from spadeslib.engine.core import positions
    from spadeslib.engine.core.apply import apply_checked as real  # the one positions calls

    replayed = []

    def counted(*args: Any) -> int:
        replayed.append(1)
        return real(*args)

    monkeypatch.setattr(positions, "apply_checked", counted)
    game, dumps = _long_game(12)
    deal = 4 * 13 + 8  # the cards and the auction of one deal, with room to spare
    for expected in reversed(dumps[-(2 * deal) :]):  # back through the end of a deal
        replayed.clear()
        game.undo()
        assert dump(game) == expected
        assert len(replayed) < deal
    assert len(game._s.checkpoints) <= CHECKPOINTS_KEPT


def test_snapshots_stay_within_their_window_one_a_deal() -> None:
    game, _ = _long_game(CHECKPOINTS_KEPT + 4)
    assert len(game._s.checkpoints) == CHECKPOINTS_KEPT
    for _ in range(140):  # undoing to a deal's start and dealing it again adds none
        game.undo()
        nodes = [id(node) for node, _ in game._s.checkpoints]
        assert len(nodes) == len(set(nodes)) <= CHECKPOINTS_KEPT
        assert len(nodes) == CHECKPOINTS_KEPT - (12 - len(game.deal_history))


def test_undo_further_back_than_the_snapshots_replays_from_the_start() -> None:
    game, dumps = _long_game(CHECKPOINTS_KEPT + 3)
    for expected in reversed(dumps):
        game.undo()
        assert dump(game) == expected
    assert not game.record()["actions"]


def test_undo_back_into_an_earlier_deal_keeps_the_deals_given_since() -> None:
    """A deal given between deals (``deal_next``, an OpenSpiel chance node) is dealt
    again, not drawn from the seed, when the game is undone to before it and replayed."""
    game = Game("standard", seed=6)
    game.rollout(1)
    other = Game("standard", seed=99)
    given = [other.hand(seat) for seat in range(4)]
    game.deal_next([" ".join(map(str, hand)) for hand in given])
    rng = random.Random(1)
    for _ in range(6):
        game.apply_id(plausible_id(game, rng))
    actions = game.record()["actions"]
    for _ in range(8):  # the six of this deal and two of the last
        game.undo()
    for action in actions[-8:]:
        game.apply(action)
    assert [game.hand(seat) for seat in range(4)] != given  # some cards played since
    assert game.deal_history[0].hands != tuple(given)
    assert game.record() == Game.replay(game.record()).record()
    first = game._s.deals[-1][1][0]
    assert [tuple(game.variant.compile().cards_of(mask)) for mask in first] == given


def test_undo_at_the_start_is_refused() -> None:
    game = Game("standard", seed=1)
    with pytest.raises(ArgumentError, match="nothing to undo"):
        game.undo()


def test_a_game_made_in_pure_python_stays_pure_through_undo_and_resampling() -> None:
    """Undo and resampling rebuild the game: one made inside ``pure_python`` (the pure
    half of every native-vs-Python pair) is rebuilt pure, playing its deal in Python."""
    from spadeslib import _backend
    from spadeslib.compiler.play import Play

    with _backend.pure_python():
        game = played("standard", 5, 10)  # in the play: each bid, then some cards
    assert game.phase == "play"
    game.undo()
    again = game.resampled(1, 3)
    for rebuilt in (game, again):
        assert not rebuilt._s.native
        assert type(rebuilt._s.play) is Play


def test_undo_of_a_whole_pass_takes_back_one_card() -> None:
    variant = parse_variant("extends: standard\nhouse_rules: [passing-three]\n")
    game = Game(variant, seed=2, dealer=0)
    cards = [str(c) for c in game.hand(1)[:3]]
    game.apply("pass " + " ".join(cards))
    assert str(game.undo()).startswith("pass ")
    assert game.current_player == 1 and len(game.legal_action_ids()) == 11


@pytest.mark.parametrize("name", BUNDLED)
@pytest.mark.parametrize("steps", [0, 7, 61, 130])
def test_a_saved_state_loads_as_the_same_game(name: str, steps: int) -> None:
    game = played(name, steps, steps)
    saved = json.loads(json.dumps(game.state_dict()))
    loaded = Game.from_state_dict(saved)
    assert dump(loaded) == dump(game)
    if not game.is_over:  # and plays on the same way
        action_id = game.legal_action_ids()[-1]
        game.apply_id(action_id)
        loaded.apply_id(action_id)
        assert dump(loaded) == dump(game)


def test_a_saved_state_of_a_variant_that_is_not_bundled_needs_the_variant() -> None:
    variant = parse_variant("name: my-table\nextends: standard\nhouse_rules: [kitty-to-dealer]\n")
    game = played(variant, 4, 20)
    saved = game.state_dict()
    with pytest.raises(RecordError, match="variant=") as raised:
        Game.from_state_dict(saved)
    assert "my-table" in str(raised.value)
    assert dump(Game.from_state_dict(saved, variant=variant)) == dump(game)
    with pytest.raises(RecordError, match="not of 'standard'"):
        Game.from_state_dict(saved, variant=Game("standard").variant)


def _saved() -> dict[str, Any]:
    saved: dict[str, Any] = json.loads(json.dumps(played("standard", 9, 40).state_dict()))
    return saved


def _with(key: str, value: object) -> dict[str, Any]:
    data = _saved()
    data[key] = value
    return data


def _without(key: str) -> dict[str, Any]:
    data = _saved()
    del data[key]
    return data


def _action(index: int, value: object) -> dict[str, Any]:
    data = _saved()
    data["actions"][index] = value
    return data


@pytest.mark.parametrize(
    ("data", "match"),
    [
        pytest.param([1, 2], "a saved state is a JSON object, not list", id="not an object"),
        pytest.param({**_saved(), "extra": 1}, r"unknown key\(s\) \['extra'\]", id="unknown key"),
        pytest.param(_without("scores"), r"missing key\(s\) \['scores'\]", id="missing key"),
        pytest.param(_with("variant", "no-such"), "'no-such' is not a variant", id="variant"),
        pytest.param(_with("variant", 7), "expected the variant's name, got 7", id="variant type"),
        pytest.param(_with("seed", -1), "seed: expected an int", id="seed"),
        pytest.param(_with("deals", []), "deals: expected a non-empty list", id="no deals"),
        pytest.param(_with("actions", "bid 4"), "actions: expected a list of action ids", id="ids"),
        pytest.param(_action(3, True), "actions: expected a list of action ids", id="a bool"),
        pytest.param(_action(30, 10_000), r"actions\[30\]: .*no action has this id", id="no id"),
        pytest.param(_action(1, 0), r"actions\[1\]: illegal action 'play 2C'", id="illegal"),
        pytest.param(_with("scores", [10, 0]), "scores: the deals and actions lead to", id="field"),
        pytest.param(_with("tricks", [0, 0, 0, 9]), "tricks: the deals and actions", id="tricks"),
    ],
)
def test_a_bad_saved_state_is_a_record_error(data: object, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        Game.from_state_dict(data)


def test_a_saved_state_with_a_hand_changed_is_refused() -> None:
    data = _saved()
    hands = data["deals"][-1]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    with pytest.raises(RecordError):
        Game.from_state_dict(data)
