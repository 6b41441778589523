"""The vector environment's rows are single games: each row's observation, mask, seat and
rewards equal those of a :class:`Game` stepped beside it through the public API, over
bundled and generated variants, with and without bots, natively and in pure Python."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples

pytest.importorskip("gymnasium")  # spadeslib.vector is a Gymnasium VectorEnv: the extra

import spadeslib
from spadeslib import _backend
from spadeslib.bots import StandardBot
from spadeslib.engine import Game
from spadeslib.errors import ArgumentError, IllegalActionError
from spadeslib.testing import variants
from spadeslib.vector import SpadesVectorEnv
from spadeslib.vector.checks import checked_actions

NATIVE = _backend.native() is not None
PATHS = [False, True] if NATIVE else [True]


class Mirror:
    """A Game per row, given the row's actions (the agent's and the bots') as text."""

    def __init__(self, env: SpadesVectorEnv) -> None:
        self.env = env
        self.games: list[Game] = []
        for row in range(env.num_envs):
            self.games.append(Game(env.variant, seed=env.game(row).seed))
            self.follow(row)

    def follow(self, row: int, seat: int | None = None) -> Any:
        """Catch row ``row``'s game up with the env's. With ``seat``: that seat's tensor
        just after the action that ended a deal or the game, if one did (else None)."""
        played = self.env.game(row).record()["actions"]
        mine = self.games[row]
        if mine.seed != self.env.game(row).seed:  # a new game began
            mine = self.games[row] = Game(self.env.variant, seed=self.env.game(row).seed)
        mine_played = mine.record()["actions"]
        done = len(mine_played)
        assert played[:done] == mine_played  # the same actions so far
        deal, ended = mine.deal_number, None
        for text in played[done:]:
            mine.apply(text)
            if seat is not None and ended is None and (mine.deal_number != deal or mine.is_over):
                ended = self.tensor(mine, seat)
        return ended

    def tensor(self, game: Game, seat: int) -> Any:
        """``seat``'s tensor of the env's kind, as ``game`` shows it now."""
        if self.env.observation == "information_state":
            return game.information_state_tensor(seat)
        return game.observation_tensor(seat)

    def check(self, obs: Any, info: dict[str, Any]) -> None:
        env = self.env
        for row, game in enumerate(self.games):
            seat = game.current_player
            assert seat is not None
            assert int(info["seat"][row]) == seat
            assert env.levels[seat] is None  # an agent seat, always
            assert np.array_equal(obs[row], self.tensor(game, seat)), row
            mask = np.zeros(env.num_actions, np.bool_)
            mask[game.legal_action_ids()] = True
            assert np.array_equal(info["action_mask"][row], mask), row


def _run(env: SpadesVectorEnv, steps: int, seed: int) -> list[Any]:
    """Step with random legal actions, checking every row against its mirror; a digest."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    mirror = Mirror(env)
    mirror.check(obs, info)
    digest: list[Any] = [obs.copy()]
    for _ in range(steps):
        scores = rng.random(info["action_mask"].shape) * info["action_mask"]
        actions = scores.argmax(axis=1)
        seats = info["seat"].copy()
        before = [mirror.games[row].deal_number for row in range(env.num_envs)]
        obs, rewards, terminated, truncated, info = env.step(actions)
        for row in range(env.num_envs):
            game = mirror.games[row]
            seat, deal = int(seats[row]), game.deal_number
            game.apply_id(int(actions[row]))  # the agent's action, through the public API
            if game.deal_number != deal or game.is_over:  # it ended the episode's deal
                final = mirror.tensor(game, seat)
                mirror.follow(row)
            else:  # then the bots', up to the episode's end if they reach it
                final = mirror.follow(row, seat)
            if terminated[row] and (final is not None or mirror.games[row] is game):
                # the final tensor: the acting seat's, as the game shows it at the end (not
                # known here when the bots ended a game and the next began: not replayed)
                assert np.array_equal(info["final_obs"][row], final), row
            if mirror.games[row] is not game:  # a new game: this one ended in this step
                assert terminated[row]
                continue
            ended = game.deal_number != before[row] or game.is_over
            if env.episode == "deal":
                assert terminated[row] == ended, row
                expected = game.returns("deal") if ended else (0.0,) * env.players
            else:
                assert not terminated[row]
                expected = (0.0,) * env.players
            assert info["rewards"][row].tolist() == list(expected), row
        assert not truncated.any()
        assert np.array_equal(rewards, info["rewards"][np.arange(env.num_envs), seats])
        if terminated.any():
            assert info["_final_obs"].tolist() == terminated.tolist()
        mirror.check(obs, info)
        digest += [obs.copy(), rewards.copy(), terminated.copy(), info["rewards"].copy()]
    return digest


def _env(variant: Any, pure: bool, **kwargs: Any) -> SpadesVectorEnv:
    if pure:
        with _backend.pure_python():
            return SpadesVectorEnv(variant, 3, **kwargs)
    return SpadesVectorEnv(variant, 3, **kwargs)


def _same_run(variant: Any, steps: int, seed: int, **kwargs: Any) -> None:
    """The run on every path, checked, and the paths equal."""
    runs = []
    for pure in PATHS:
        env = _env(variant, pure, **kwargs)
        if pure:
            with _backend.pure_python():
                runs.append(_run(env, steps, seed))
        else:
            runs.append(_run(env, steps, seed))
    for first, other in zip(runs[0], runs[-1], strict=True):
        assert np.array_equal(first, other)


@pytest.mark.parametrize("name", spadeslib.bundled_variants())
def test_every_bundled_variant_self_play(name: str) -> None:
    _same_run(name, 30, seed=3)


@pytest.mark.parametrize("name", spadeslib.bundled_variants())
def test_every_bundled_variant_information_state_against_random(name: str) -> None:
    _same_run(name, 30, seed=4, opponents="random", observation="information_state")


@pytest.mark.parametrize(
    ("name", "opponents", "kwargs"),
    [
        ("standard", "random", {}),
        ("standard", "easy", {"observation": "information_state"}),
        ("standard", [None, "random", None, "easy"], {"episode": "game"}),
        ("cutthroat", "easy", {}),
    ],
)
def test_rows_with_bots(name: str, opponents: Any, kwargs: dict[str, Any]) -> None:
    _same_run(name, 30, seed=5, opponents=opponents, **kwargs)


def test_standard_bots() -> None:
    env = SpadesVectorEnv("standard", 2, opponents="standard")
    _run(env, 15, seed=2)


def _same(one: list[Any], two: list[Any]) -> bool:
    return len(one) == len(two) and all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))


def test_standard_bots_bid_from_the_simulations_given() -> None:
    """``"standard:N"`` is StandardBot bidding from N simulated deals (the default is 100,
    as ``spadeslib simulate --bots standard:N`` has it): 100 plays as the plain level, 1
    plays otherwise, and a sequence takes it per seat."""
    runs = {
        spec: _run(SpadesVectorEnv("standard", 2, opponents=spec), 15, seed=2)
        for spec in ("standard", "standard:100", "standard:1")
    }
    assert _same(runs["standard"], runs["standard:100"])
    assert not _same(runs["standard"], runs["standard:1"])
    per_seat = SpadesVectorEnv("standard", 2, opponents=[None, "standard:1", None, "easy"])
    assert per_seat.levels == (None, "standard", None, "easy")
    _run(per_seat, 10, seed=2)


@settings(max_examples=examples(6))
@given(variant=variants(), seed=st.integers(0, 2**32))
def test_generated_variants(variant: Any, seed: int) -> None:
    _same_run(variant, 60, seed=seed, opponents=None)


@settings(max_examples=examples(4))
@given(
    variant=variants(),
    seed=st.integers(0, 2**32),
    level=st.sampled_from(["random", "easy", "standard"]),
)
def test_generated_variants_with_bots(variant: Any, seed: int, level: str) -> None:
    _same_run(variant, 45, seed=seed, opponents=level)


@pytest.mark.skipif(not NATIVE, reason="the native core is not built")
def test_the_card_play_steps_natively() -> None:
    """Most steps of a deal are cards, and those rows never reach the Python."""
    env = SpadesVectorEnv("standard", 8, seed=2, opponents="standard")
    _, info = env.reset()
    rng = np.random.default_rng(0)
    native = 0
    for _ in range(14):
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        _, _, _, _, info = env.step(actions)
        native += int((env._status == 0).sum())
    assert native >= 8 * 4


def test_standard_plays_the_card_standardbot_plays_covering_a_nil_too() -> None:
    """Every card of a Standard seat, natively played where its partner bid Nil too (the
    rule given no voids, as StandardBot.play gives none), is StandardBot's card: each row's
    seat 0 bids Nil wherever it may, and each bot card is checked against a StandardBot
    asked in a game stepped beside the row."""
    env = SpadesVectorEnv("standard", 8, seed=11, opponents="standard")
    _, info = env.reset()
    rules = env.variant.compile()
    bot = StandardBot(0)  # (its cards use no randomness)
    games = [Game(env.variant, seed=env.game(row).seed) for row in range(env.num_envs)]
    covered = 0
    for _ in range(60):
        actions = info["action_mask"].argmax(axis=1)
        for row in range(env.num_envs):
            game = env.game(row)
            pairs = zip(game.legal_action_ids(), game.legal_actions(), strict=True)
            actions[row] = next((i for i, a in pairs if a.kind == "nil"), actions[row])
        _, _, _, _, info = env.step(actions)
        for row in range(env.num_envs):
            played = env.game(row).record()["actions"]
            mine = games[row]
            if mine.seed != env.game(row).seed:
                mine = games[row] = Game(env.variant, seed=env.game(row).seed)
            for text in played[len(mine.record()["actions"]) :]:
                seat = mine.current_player
                if seat is None:  # (never: a row's game goes on, and text is its action)
                    raise AssertionError(f"row {row}: no seat to act")
                bots = env.levels[seat] == "standard"
                if bots and mine.phase == "play" and len(mine.legal_action_ids()) > 1:
                    assert str(bot.act(mine.observation(seat), rules)) == text, row
                    partner = mine.observation(seat).bids[(seat + 2) % 4]
                    covered += partner in ("nil", "blind nil")
                mine.apply(text)
    assert covered > 100  # the covering seats' cards were checked, many of them


@pytest.mark.skipif(not NATIVE, reason="the native core is not built")
def test_the_native_step_checks_what_it_is_given() -> None:
    env = SpadesVectorEnv("standard", 2, seed=2)
    env.reset()
    vector = env._vector
    with pytest.raises(ArgumentError):
        vector.step([None], np.zeros(2, np.int64))  # a play per row
    with pytest.raises(ArgumentError):
        vector.step([None, None], np.zeros(2, np.int32))  # int64 ids
    with pytest.raises(ArgumentError):
        vector.step([object(), None], np.zeros(2, np.int64))
    module = _backend.native()
    assert module is not None
    with pytest.raises(ArgumentError):  # arrays of the wrong size
        module.Vector(
            env.variant.compile().kernel,
            [10, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0, -1, -1, -1],
            [0, 0, 0, 0],
            env.num_actions,
            *[
                np.zeros(1, dtype)
                for dtype in ("f4", "?", "i8", "f4", "i1", "u8", "i4", "u8", "i2", "i4")
            ],
        )


def test_the_same_seed_gives_the_same_trajectories() -> None:
    one = _run(SpadesVectorEnv("standard", 3, opponents="easy"), 20, seed=9)
    two = _run(SpadesVectorEnv("standard", 3, opponents="easy"), 20, seed=9)
    for a, b in zip(one, two, strict=True):
        assert np.array_equal(a, b)


def test_episodes_end_and_the_next_one_starts_at_once() -> None:
    env = SpadesVectorEnv("standard", 4, seed=1, opponents="random")
    obs, info = env.reset()
    ended = 0
    for _ in range(60):
        actions = info["action_mask"].argmax(axis=1)
        obs, _, terminated, _, info = env.step(actions)
        for row in np.flatnonzero(terminated):
            ended += 1
            assert info["final_obs"][row].shape == obs[row].shape
        assert info["action_mask"].any(axis=1).all()  # a legal action in every row
    assert ended >= 4


def test_a_game_is_cut_after_max_deals() -> None:
    env = SpadesVectorEnv("standard", 2, seed=3, episode="game", max_deals=1)
    _, info = env.reset()
    seeds = [env.game(row).seed for row in range(2)]
    for _ in range(60):  # a deal is 56 steps
        _, rewards, terminated, truncated, info = env.step(info["action_mask"].argmax(axis=1))
        if truncated.any():
            break
    assert truncated.tolist() == [True, True] and not terminated.any()
    assert not rewards.any() and not info["rewards"].any()
    assert info["_final_obs"].all()
    assert [env.game(row).seed for row in range(2)] != seeds  # new games
    assert all(env.game(row).deal_number == 0 for row in range(2))


@pytest.mark.parametrize("pure", PATHS)
def test_a_bad_action_names_the_row_and_changes_nothing(pure: bool) -> None:
    env = _env("standard", pure, seed=4)
    obs, info = env.reset()
    before = [env.game(row).record() for row in range(3)]
    kept = obs.copy()
    actions = info["action_mask"].argmax(axis=1)
    illegal = int(np.flatnonzero(~info["action_mask"][1])[0])
    bad = actions.copy()
    bad[1] = illegal
    with pytest.raises(IllegalActionError, match="row 1"):
        env.step(bad)
    bad[1] = env.num_actions
    with pytest.raises(IllegalActionError, match="row 1"):
        env.step(bad)
    with pytest.raises(ArgumentError):
        env.step(actions[:2])
    with pytest.raises(ArgumentError):
        env.step(actions.astype(np.float32))
    with pytest.raises(ArgumentError):
        env.step(None)
    assert [env.game(row).record() for row in range(3)] == before
    assert np.array_equal(obs, kept)
    env.step(actions)  # and it goes on


def test_the_collector_is_off_inside_a_step_and_as_it_was_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = SpadesVectorEnv("standard", 2, seed=1)
    inside: list[bool] = []

    def spy(method: Any) -> Any:
        def spied(*args: Any, **kwargs: Any) -> Any:
            inside.append(gc.isenabled())
            return method(*args, **kwargs)

        return spied

    monkeypatch.setattr(env, "_next_seed", spy(env._next_seed))  # the first work of reset
    monkeypatch.setattr("spadeslib.vector.checked_actions", spy(checked_actions))  # and of step
    was = gc.isenabled()
    try:
        gc.enable()
        _, info = env.reset()
        env.step(info["action_mask"].argmax(axis=1))
        assert gc.isenabled()
        with pytest.raises(IllegalActionError):
            env.step(np.full(2, env.num_actions))
        assert gc.isenabled()  # after an error too
        gc.disable()
        env.step(info["action_mask"].argmax(axis=1))
        assert not gc.isenabled()  # a program that keeps it off keeps it off
    finally:
        if was:
            gc.enable()
    # two rows made by reset, then three steps; where the C keeps the games, the refused
    # step is checked twice (the C refuses it, then the Python says why)
    assert inside == [False] * (6 if env._deals is not None else 5)


def test_arguments_are_checked() -> None:
    with pytest.raises(ArgumentError):
        SpadesVectorEnv("standard", 0)
    with pytest.raises(ArgumentError):
        SpadesVectorEnv("standard", 2, opponents="hard")
    with pytest.raises(ArgumentError):
        SpadesVectorEnv("standard", 2, opponents=["easy"] * 4)
    for spec in ("standard:0", "standard:", "standard:x", "standard:²", "easy:5"):
        with pytest.raises(ArgumentError, match=r"standard:N"):
            SpadesVectorEnv("standard", 2, opponents=spec)
    with pytest.raises(ArgumentError, match=r"a level or a sequence"):
        SpadesVectorEnv("standard", 2, opponents=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"opponents\[1\] must be"):
        SpadesVectorEnv("standard", 2, opponents=[None, "standard:-1", None, None])
    with pytest.raises(ArgumentError):
        SpadesVectorEnv("standard", 2, episode="trick")
    with pytest.raises(ArgumentError):
        SpadesVectorEnv("standard", 2, observation="hand")
    with pytest.raises(ArgumentError):
        SpadesVectorEnv("standard", 2, episode="game", max_deals=0)
    env = SpadesVectorEnv("standard", 2)
    with pytest.raises(ArgumentError):
        env.step(np.zeros(2, np.int64))
    env.reset(seed=1)
    with pytest.raises(ArgumentError):
        env.game(2)


def test_spaces() -> None:
    env = SpadesVectorEnv("standard", 5, observation="information_state")
    obs, info = env.reset(seed=0)
    assert env.single_observation_space.shape == obs.shape[1:]
    assert env.observation_space.shape == obs.shape
    assert obs.dtype == np.float32
    assert env.num_actions == info["action_mask"].shape[1]
    assert env.action_space.shape == (5,)
    assert info["rewards"].shape == (5, 4)
    assert env.metadata["autoreset_mode"].value == "SameStep"
