"""The vector environment's rows whose games the native core keeps from deal to deal
(``spadeslib/vector/native_deals.py``; ``src/native/vector_blind.c``, the blind decisions,
the bids and the exchange after a Blind Nil; ``vector_deal.c``, the deals' and the games'
ends) are the engine's.

Three checks: rows stepped beside single games, caught up every step (``env.game``
replays the ids taken natively), as tests/test_vector.py does; whole runs left alone
(caught up only now and then) equal to the pure-Python environment's, step by step, and
in the games' whole states (``state_dict``: every hidden field too) and records; and the
ends of games, every way a game may end, with their rewards and final tensors.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from spadeslib import _backend, parse_variant
from spadeslib.engine.views.tensor_layout import phase_names
from spadeslib.engine.views.tensors import encoder_of
from spadeslib.errors import ArgumentError
from spadeslib.vector import SpadesVectorEnv
from test_vector import Mirror
from test_vector import _run as _run_checked

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


SHORT_GAMES = f"""\
{BLIND_NIL}game_end: {{target: 150, losing_score: -150, consecutive_sets_lose: 3}}
"""
"""BLIND_NIL whose games end within a few deals, every way a game may end."""


@pytest.mark.parametrize(
    ("variant", "kwargs"),
    [
        (SHORT_GAMES, {}),
        (SHORT_GAMES, {"episode": "game", "opponents": [None, "easy", None, "random"]}),
        (SHORT_GAMES, {"observation": "information_state", "opponents": "random"}),
        (f"{BLIND_NIL}game_end: {{max_deals: 2, target: null}}\n", {"episode": "game"}),
        ("extends: whiz\ngame_end: {target: 150, losing_score: -150}\n", {"opponents": "easy"}),
        ("extends: suicide\ngame_end: {target: 100, losing_score: -100}\n", {"episode": "game"}),
        (  # a card set aside unseen in every deal
            "extends: cutthroat\ngame_end: {target: 150, losing_score: -150}\n",
            {"observation": "information_state"},
        ),
        ("extends: widow-spades\ngame_end: {target: 150}\n", {"opponents": "random"}),
    ],
)
def test_games_kept_natively_end_as_single_games_do(variant: str, kwargs: dict[str, Any]) -> None:
    """The rows' games kept natively (vector/native_deals.py) through many deals' ends and
    games' ends: the rewards, the episodes' ends and their final tensors are single
    games', and no row visits the engine in a step (only a look replays its ids)."""
    env = SpadesVectorEnv(parse_variant(variant), 3, **kwargs)
    assert env._deals is not None
    visits: list[int] = []

    def visit(row: int, *_: Any) -> bool:
        visits.append(row)
        return False

    env._advance = visit  # type: ignore[method-assign,assignment]
    env._write = visit  # type: ignore[method-assign]
    digest = _run_checked(env, 300, seed=11)
    assert not visits
    ends = sum(int(np.asarray(item).any()) for item in digest[3::4])
    assert ends >= 5


def test_a_game_cut_after_max_deals_shows_its_next_deal() -> None:
    """Truncated (a game episode cut by ``max_deals``): the final tensor is the acting
    seat's as its game shows the deal it would have played next; then a new game."""
    env = SpadesVectorEnv(parse_variant(BLIND_NIL), 2, seed=3, episode="game", max_deals=1)
    _, info = env.reset()
    games = [env.game(row) for row in range(2)]
    cut = 0
    for _ in range(200):
        actions = info["action_mask"].argmax(axis=1)
        seats = info["seat"].copy()
        _, rewards, terminated, truncated, info = env.step(actions)
        assert not terminated.any()
        for row in range(2):
            games[row].apply_id(int(actions[row]))
            if truncated[row]:
                cut += 1
                final = games[row].observation_tensor(int(seats[row]))
                assert np.array_equal(info["final_obs"][row], final)
                assert rewards[row] == 0.0
                games[row] = env.game(row)
                assert games[row].deal_number == 0
            else:
                games[row] = env.game(row)
    assert cut >= 4


def test_the_native_calls_check_what_they_are_given() -> None:
    env = SpadesVectorEnv(parse_variant(BLIND_NIL), 2, seed=1)
    env.reset()
    vector, deals = env._vector, env._deals
    assert deals is not None
    arrays = [env._seat_rewards, env._rewards, env._terminated, env._truncated, deals.finals]
    tensors = encoder_of(env._rules).native()
    numbers = [0, 0, 0, 0, 0, 3, *[0] * 10]
    with pytest.raises(ArgumentError):
        vector.keep_setup(tensors, None, print, *arrays, numbers)  # not callable
    with pytest.raises(ArgumentError):
        vector.keep_setup(None, print, print, *arrays, numbers)  # no Tensors
    with pytest.raises(ArgumentError):  # a Tensors of another variant
        vector.keep_setup(
            encoder_of(parse_variant(NO_EXCHANGE).compile()).native(),
            print,
            print,
            *arrays,
            numbers,
        )
    with pytest.raises(ArgumentError):
        vector.keep_setup(tensors, print, print, *arrays[:4], env._obs[:1], numbers)  # too short
    with pytest.raises(ArgumentError):
        vector.keep_setup(tensors, print, print, *arrays, numbers[:-1])  # a number short
    with pytest.raises(ArgumentError):
        vector.keep_setup(tensors, print, print, *arrays, [2, *numbers[1:]])  # info is 0 or 1
    with pytest.raises(ArgumentError):
        vector.keep(env._plays, 2)  # no such row
    with pytest.raises(ArgumentError):
        vector.keep([None], 0)  # not the rows' plays
    with pytest.raises(ArgumentError):
        vector.log(-1)
    with pytest.raises(ArgumentError):
        vector.advance(0, None)  # the C keeps the row: no play for the Python to step
    with pytest.raises(ArgumentError):
        vector.blind_setup(None, [0] * 6, [0] * 3, [0] * 10)  # not callable
    with pytest.raises(ArgumentError):
        vector.blind_setup(print, [0] * 6, [0] * 3, [0, 0, 0, 0, 0, -1, 0, 0, -1, 10**6])
    env.step(env._legal.argmax(axis=1))  # the refused calls changed nothing
    assert env.game(0).deal_number == 0


def test_a_new_game_source_that_answers_wrongly_is_an_error() -> None:
    """The sources are the environment's own, but the C checks what they answer."""
    env = SpadesVectorEnv(parse_variant(BLIND_NIL), 1, seed=1)
    env.reset()
    deals = env._deals
    assert deals is not None
    numbers = [0, 0, 0, 0, 0, 3, *[0] * 10]
    arrays = [env._seat_rewards, env._rewards, env._terminated, env._truncated, deals.finals]
    tensors = encoder_of(env._rules).native()
    for answer in [(1, 9), (1,), None, (-1, 0)]:  # no seat 9; no dealer; nothing; no seed
        env._vector.keep_setup(tensors, lambda row, a=answer: a, deals.result, *arrays, numbers)
        with pytest.raises(ArgumentError):
            env._vector.keep(env._plays, 0)
