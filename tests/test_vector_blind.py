"""The vector environment's rows before their play where a seat may bid Blind Nil
(``spadeslib/vector/before_play.py``, ``src/native/vector_blind.c``): the blind decisions,
the bids and the exchange after a Blind Nil, stepped natively, are the engine's.

Two checks: rows stepped beside single games, caught up every step (``env.game``
replays the ids taken natively), as tests/test_vector.py does; and whole runs left alone
(the rows settled into their games when the play starts, and caught up only now and
then) equal to the pure-Python environment's, step by step, and in the games' whole
states (``state_dict``: every hidden field too) and records.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from spadeslib import _backend, parse_variant
from spadeslib.engine.views.tensor_layout import phase_names
from spadeslib.errors import ArgumentError
from spadeslib.vector import SpadesVectorEnv
from test_vector import Mirror

pytestmark = pytest.mark.skipif(_backend.native() is None, reason="the native core is not built")

BLIND_NIL = """\
extends: standard
name: often-blind
bidding: {blind_nil: {eligibility: {kind: always}}}
"""
"""Blind Nil open to every side in every deal: blind decisions in every deal."""


NO_EXCHANGE = """\
extends: standard
name: often-blind-no-exchange
bidding: {blind_nil: {eligibility: {kind: always}, exchange: 0}}
"""
"""BLIND_NIL with no cards exchanged after a Blind Nil: no exchange phase at all."""


def _leads(rule: str) -> str:
    """BLIND_NIL with the first lead by ``rule`` (the play the native step starts there)."""
    return f"{BLIND_NIL}play: {{first_lead: {rule}}}\n"


def _choose(env: SpadesVectorEnv, info: dict[str, Any], rng: Any, blind: float) -> Any:
    """Random legal actions; Blind Nil where it is open, with probability ``blind``."""
    mask = info["action_mask"]
    actions = (rng.random(mask.shape) * mask).argmax(axis=1)
    space = env.variant.compile().actions
    take = mask[:, space.BLIND_NIL] & (rng.random(env.num_envs) < blind)
    actions[take] = space.BLIND_NIL
    return actions


def _phases_seen(env: SpadesVectorEnv, obs: Any) -> set[str]:
    """The phases of the rows the native step wrote this step (from their tensors)."""
    names = phase_names(env.variant.compile())
    piece = env._layout["phase"]
    native = env._status == 0
    columns = obs[native, piece.start : piece.stop].argmax(axis=1)
    return {names[column] for column in columns.tolist()}


def _run(
    variant: Any, pure: bool, steps: int, seed: int, blind: float, **kwargs: Any
) -> tuple[list[Any], list[Any], set[str]]:
    """A run left alone: every step's arrays, the games' records, the phases seen natively."""

    def go() -> tuple[list[Any], list[Any], set[str]]:
        env = SpadesVectorEnv(variant, 8, **kwargs)
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        digest: list[Any] = [obs.copy(), info["action_mask"].copy(), info["seat"].copy()]
        seen: set[str] = set()
        rows = range(env.num_envs)
        for step in range(steps):
            obs, rewards, terminated, _, info = env.step(_choose(env, info, rng, blind))
            digest += [obs.copy(), info["action_mask"].copy(), info["seat"].copy()]
            digest += [rewards.copy(), terminated.copy(), info["rewards"].copy()]
            if not pure:
                seen |= _phases_seen(env, obs)
            if step % 37 == 36:  # the whole state now and then (the rows caught up)
                digest += [json.dumps(env.game(row).state_dict(), sort_keys=True) for row in rows]
        games = [env.game(row) for row in rows]
        return digest, [(game.record(), game.state_dict()) for game in games], seen

    if pure:
        with _backend.pure_python():
            return go()
    return go()


@pytest.mark.parametrize(
    ("variant", "kwargs"),
    [
        ("standard", {}),
        (BLIND_NIL, {}),
        (BLIND_NIL, {"opponents": "random"}),
        (BLIND_NIL, {"opponents": [None, "easy", None, "random"], "episode": "game"}),
        (BLIND_NIL, {"observation": "information_state", "opponents": "easy"}),
    ],
)
def test_a_run_left_alone_is_the_pure_pythons(variant: str, kwargs: dict[str, Any]) -> None:
    rules = parse_variant(variant) if "\n" in variant else variant
    native, native_records, seen = _run(rules, False, 160, seed=7, blind=0.5, **kwargs)
    pure, pure_records, _ = _run(rules, True, 160, seed=7, blind=0.5, **kwargs)
    assert len(native) == len(pure)
    for index, (mine, theirs) in enumerate(zip(native, pure, strict=True)):
        same = np.array_equal(mine, theirs) if isinstance(mine, np.ndarray) else mine == theirs
        assert same, index
    assert native_records == pure_records
    if variant == BLIND_NIL:  # the path was taken: decisions and exchanges stepped natively
        # (against bots the agent's blind decision is the deal's first turn it has, which
        # the Python writes as the row begins: the native step writes the bids after it)
        assert ({"blind", "exchange"} if "opponents" not in kwargs else {"exchange"}) <= seen


@pytest.mark.parametrize(
    ("variant", "opponents"),
    [
        (BLIND_NIL, None),
        (BLIND_NIL, "random"),
        (BLIND_NIL, "easy"),
        (_leads("lowest_club"), None),  # the first lead held to a card
        (_leads("highest_bidder"), "easy"),  # the leader from the bids, Nils among them
        (NO_EXCHANGE, None),  # the play straight after the bids
    ],
)
def test_rows_caught_up_every_step_are_single_games(variant: str, opponents: str | None) -> None:
    env = SpadesVectorEnv(parse_variant(variant), 6, opponents=opponents)
    rng = np.random.default_rng(3)
    obs, info = env.reset(seed=3)
    mirror = Mirror(env)
    mirror.check(obs, info)
    seen: set[str] = set()
    for _ in range(80):
        actions = _choose(env, info, rng, blind=0.7)
        obs, _, _, _, info = env.step(actions)
        seen |= _phases_seen(env, obs)
        for row in range(env.num_envs):
            game = mirror.games[row]
            game.apply_id(int(actions[row]))
            mirror.follow(row)
        mirror.check(obs, info)
    wanted = {"blind"} if opponents is None else set()  # (the agent's first turn: see above)
    wanted.add("exchange" if "exchange" in phase_names(env.variant.compile()) else "play")
    assert wanted <= seen


def test_the_native_calls_check_what_they_are_given() -> None:
    env = SpadesVectorEnv(parse_variant(BLIND_NIL), 2, seed=1)
    env.reset()
    vector = env._vector
    players = env.players
    # to bid: seat 0, the turns' first; nobody looked, no Nil, no rows made, dealer 3;
    # the turns, the bids (none), the contracts, the blind keys' parts, the captains
    good = [0, 0, 0, 0, 0, 0, 0, 3, *range(players), *[-3] * players, 0, 0, 0, 0, 1, 2]
    hands = [1 << seat for seat in range(players)]
    vector.begin(1, hands, good)  # taken, so that each error below is its own
    vector.stop()
    with pytest.raises(ArgumentError):
        vector.begin(2, hands, good)  # no such row
    with pytest.raises(ArgumentError):
        vector.begin(0, hands, good[:-1])  # a number short
    with pytest.raises(ArgumentError):
        vector.begin(0, [1, 1, 0, 0], good)  # a card in two hands
    with pytest.raises(ArgumentError):
        vector.begin(0, hands, [0, 9, *good[2:]])  # no seat 9
    with pytest.raises(ArgumentError):
        vector.begin(0, hands, [0, 2, *good[2:]])  # not the turn's seat
    with pytest.raises(ArgumentError):
        vector.begin(0, hands, [*good[:7], players, *good[8:]])  # no such dealer
    with pytest.raises(ArgumentError):
        vector.pending(-1)
    with pytest.raises(ArgumentError):
        vector.outcome(5)
    with pytest.raises(ArgumentError):
        vector.blind_setup(None, [0] * 6, [0] * 3, [0] * 10)  # not callable
    with pytest.raises(ArgumentError):
        vector.blind_setup(print, [0] * 6, [0] * 3, [0, 0, 0, 0, 0, -1, 0, 0, -1, 10**6])


class _Counted:
    """The native step, its ``advance`` calls counted by answer."""

    def __init__(self, vector: Any) -> None:
        self.vector = vector
        self.answers: list[bool] = []

    def advance(self, row: int, play: Any) -> bool:
        answer: bool = self.vector.advance(row, play)
        self.answers.append(answer)
        return answer

    def __getattr__(self, name: str) -> Any:
        return getattr(self.vector, name)


@pytest.mark.parametrize("variant", ["standard", BLIND_NIL])
def test_the_bots_before_the_agents_turn_play_natively(variant: str) -> None:
    """At a deal's start (and after the Python's visits) the bots' bids, blind decisions
    and cards up to the agent's turn are the native step's (vector.c advance), the rows
    still those of single games (the mirror)."""
    rules = parse_variant(variant) if "\n" in variant else variant
    env = SpadesVectorEnv(rules, 6, opponents=[None, "random", "easy", "random"])
    counted = env._vector = _Counted(env._vector)
    if env._before is not None:
        env._before.vector = counted
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=5)
    mirror = Mirror(env)
    for _ in range(60):
        actions = _choose(env, info, rng, blind=0.5)
        obs, _, _, _, info = env.step(actions)
        for row in range(env.num_envs):
            mirror.games[row].apply_id(int(actions[row]))
            mirror.follow(row)
        mirror.check(obs, info)
    assert counted.answers.count(True) > 10
