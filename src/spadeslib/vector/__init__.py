"""Many games stepped as one: a Gymnasium ``VectorEnv`` for learning agents (docs/agents.md).

>>> from spadeslib.vector import SpadesVectorEnv
>>> env = SpadesVectorEnv("standard", 8, seed=1, opponents="easy")
>>> obs, info = env.reset()
>>> obs.shape == (8, env.single_observation_space.shape[0]), info["action_mask"].dtype
(True, dtype('bool'))
>>> actions = info["action_mask"].argmax(axis=1)  # the first legal action of every row
>>> obs, rewards, terminated, truncated, info = env.step(actions)

Each row is one :class:`~spadeslib.engine.Game`. The agent acts for every seat
(``opponents=None``: self-play), or for the seats a level (``"random"``, ``"easy"``,
``"standard"``: seat 0 is the agent's) or a sequence of a level or ``None`` per seat leaves
to it. The bots play inside ``step``, so every row is always an agent seat's turn: the
**autoreset mode is same-step** (Gymnasium's ``AutoresetMode.SAME_STEP``): on the step
that ends a row's episode, ``terminated`` is true, the reward is the episode's last,
``info["final_obs"][i]`` is the acting seat's tensor after its action (between deals, a
game shows its next deal), and ``obs[i]``, the mask and the seat are already the next
episode's. Episodes (one deal, or a game, ``max_deals`` to cut one) and the rewards made
for self-play (``info["rewards"]``, every seat's) are in docs/agents.md.

The returned arrays are **reused**: the next ``step`` or ``reset`` overwrites them. A bad
action (an id not legal in its row, a wrong shape or dtype) raises
:class:`~spadeslib.errors.IllegalActionError` or :class:`~spadeslib.errors.ArgumentError`
naming the row, before any row changes. ``reset`` and ``step`` hold Python's garbage
collector off (a thousand rows' games are 300,000 objects for every full collection to walk).
"""

from __future__ import annotations

import functools
import gc
import os
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final, ParamSpec, TypeVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from spadeslib import _backend
from spadeslib.bots import Bot, StandardBot
from spadeslib.bots.standard import situation
from spadeslib.engine import Game
from spadeslib.engine.core.shuffle import SplitMix64
from spadeslib.engine.game import resolve_variant
from spadeslib.engine.views.observation import partner_given
from spadeslib.engine.views.tensor_layout import auction_columns, phase_names
from spadeslib.engine.views.tensors import fill_seats, information_state_layout, observation_layout
from spadeslib.errors import ArgumentError
from spadeslib.variant import Variant
from spadeslib.vector.bots import KINDS, play_bot
from spadeslib.vector.checks import LEVELS, check_seed, checked_actions, levels
from spadeslib.vector.native_deals import NativeDeals

__all__ = ["EPISODES", "LEVELS", "OBSERVATIONS", "SpadesVectorEnv"]


EPISODES: Final = ("deal", "game")
OBSERVATIONS: Final = ("observation", "information_state")

_MASK64: Final = (1 << 64) - 1
_P = ParamSpec("_P")
_R = TypeVar("_R")


def _mix(value: int) -> int:
    """A row's seeds from the env's seed, spread apart: SplitMix64's first output."""
    return SplitMix64(value).next64()


def _collector_off(method: Callable[_P, _R]) -> Callable[_P, _R]:
    """``method`` with Python's cyclic garbage collector held off, as found after (see the
    module docstring); what it leaves in cycles goes at the next collection."""

    @functools.wraps(method)
    def held(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        was = gc.isenabled()
        gc.disable()
        try:
            return method(*args, **kwargs)
        finally:
            if was:
                gc.enable()

    return held


class SpadesVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games of ``variant`` stepped together (see the module docstring)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        variant: Variant | str | os.PathLike[str],
        num_envs: int,
        *,
        seed: int | None = None,
        opponents: str | Sequence[str | None] | None = None,
        episode: str = "deal",
        observation: str = "observation",
        max_deals: int | None = None,
    ) -> None:
        self.variant = resolve_variant(variant)
        rules = self._rules = self.variant.compile()
        if type(num_envs) is not int or num_envs < 1:
            raise ArgumentError(f"num_envs must be an int of at least 1, not {num_envs!r}")
        check_seed(seed)
        if episode not in EPISODES:
            raise ArgumentError(f"episode must be one of {EPISODES}, not {episode!r}")
        if observation not in OBSERVATIONS:
            raise ArgumentError(f"observation must be one of {OBSERVATIONS}, not {observation!r}")
        self.num_envs = num_envs
        self.players = players = rules.players
        self.levels, self._simulations = levels(opponents, players)
        self.episode = episode
        if max_deals is not None and (type(max_deals) is not int or max_deals < 1):
            raise ArgumentError(
                f"max_deals must be None or an int of at least 1, not {max_deals!r}"
            )
        self.max_deals = max_deals
        self.observation = observation
        self._information_state = observation == "information_state"
        layout = (information_state_layout if self._information_state else observation_layout)(
            rules
        )
        self.num_actions = actions = rules.actions.num_distinct_actions
        self.single_observation_space = spaces.Box(-np.inf, np.inf, layout.shape, np.float32)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Box(-np.inf, np.inf, (num_envs, layout.size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, actions, np.int64))
        # the arrays handed out, made once and overwritten by every step
        self._obs = np.zeros((num_envs, layout.size), np.float32)
        self._mask = np.zeros((num_envs, actions), np.bool_)
        self._legal = np.zeros((num_envs, actions), np.bool_)  # what step checks against
        self._seat = np.zeros(num_envs, np.int64)
        self._rewards = np.zeros(num_envs, np.float32)
        self._seat_rewards = np.zeros((num_envs, players), np.float32)
        self._terminated = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._rng = np.zeros(num_envs, np.uint64)  # per row, the bots' random stream
        self._status = np.ones(num_envs, np.int8)  # per row, how far the native step got
        self._base = secrets.randbits(64) if seed is None else seed
        self._games: list[Game] = []
        self._bots: list[dict[int, Bot]] = []
        self._started = [0] * num_envs  # games started per row: the next game's seed
        self._finals: dict[int, Any] = {}  # the rows' final tensors, this step
        self._plays: list[Any] = [None] * num_envs  # per row, its native play, if C steps it
        self._deals: NativeDeals | None = None  # the rows' games, where the C keeps them
        self._written = [False] * num_envs  # per row: the native step wrote it (_bots_natively)
        self._agents = [seat for seat, level in enumerate(self.levels) if level is None]
        self._standard = [seat for seat, level in enumerate(self.levels) if level == "standard"]
        self._vector = self._native(layout)
        bots = set(self.levels) - {None}
        self._native_bots = self._vector is not None and bool(bots) and "standard" not in bots
        self._ready = False

    def _native(self, layout: Any) -> Any:
        """The native step (``src/native/vector.c``) with its arrays, or ``None`` where
        Python steps every row."""
        module = _backend.native()
        rules = self._rules
        if module is None or rules.kernel is None:
            return None
        received = layout["received"].start if "received" in layout else -1
        history = [-1, -1]
        if self._information_state:
            history = [layout["trick_cards"].start, layout["trick_leaders"].start]
        starts = [
            layout[name].start
            for name in (
                "looked",
                "hand",
                "trick",
                "played",
                "to_act",
                "spades_broken",
                "hand_sizes",
                "tricks_won",
                "trick_number",
            )
        ]
        auction = [layout[name].start for name in ("bids", "contracts", "blind")]
        if self._information_state:
            piece = layout["auction"]
            auction += [piece.start, *piece.shape]
        else:
            auction += [-1, -1, -1]
        phases = phase_names(rules)  # the native step turns a template's phase to the play's
        auction += [layout["phase"].start, phases.index("bid"), phases.index("play")]
        columns = np.full(self.num_actions, -1, np.int16)
        columns[auction_columns(rules.actions)] = np.arange(len(auction_columns(rules.actions)))
        self._columns = columns
        self._layout = layout
        self._marks = np.zeros((self.num_envs, 2), np.int32)
        self._made: list[Any] = [None] * self.num_envs  # per row, what its templates are for
        self._templates = np.zeros((self.num_envs, self.players, layout.size), np.float32)
        self._tables = np.zeros((self.num_envs, len(rules.sides) + 1), np.int32)
        self._received = np.zeros((self.num_envs, self.players, 4), np.uint64)
        self._play_type = module.Play
        vector = module.Vector(
            rules.kernel,
            [layout.size, *starts, received, *history, *auction],
            [KINDS[level] for level in self.levels],
            self.num_actions,
            self._obs,
            self._legal,
            self._seat,
            self._templates,
            self._status,
            self._rng,
            self._tables,
            self._received,
            self._columns,
            self._marks,
        )
        self._deals = NativeDeals.made(self, vector, layout)
        return vector

    # -- the Gymnasium API ---------------------------------------------------------------

    @_collector_off
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """New games in every row; ``seed`` fixes them (the same seed, the same
        trajectories for the same actions), else they go on from the last seed."""
        if seed is not None:
            check_seed(seed)
            self._base = seed
            self._started = [0] * self.num_envs
        self._games = [Game(self.variant, seed=0)] * self.num_envs
        self._written = [False] * self.num_envs
        self._bots = [{}] * self.num_envs
        for row in range(self.num_envs):
            self._rng[row] = _mix(self._base ^ _mix(row) ^ 0x5EED ^ self._started[row])
            if self._deals is not None:  # the C keeps the row's game (native_deals.py)
                self._deals.start(row)
                continue
            self._new_game(row)
            self._advance(row, self._seat_rewards[row], scored=None)
            self._write(row)
        self._ready = True
        self._rewards[:] = 0.0
        self._seat_rewards[:] = 0.0
        self._terminated[:] = False
        self._truncated[:] = False
        return self._obs, self._info(None)

    @_collector_off
    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Apply one action per row, play the bots, start the rows whose episode ended."""
        if not self._ready:
            raise ArgumentError("call reset() before step()")
        deals = self._deals  # where the C keeps the games, it checks every row's action
        ids = checked_actions(self, actions, legal=deals is None)  # or an error naming the row
        seat_rewards = self._seat_rewards
        seat_rewards[:] = 0.0
        self._rewards[:] = 0.0
        terminated = self._terminated
        terminated[:] = False
        self._truncated[:] = False
        if deals is not None:  # the C ended the episodes too, and wrote what they left
            try:
                self._vector.step(self._plays, ids)
            except ArgumentError:
                checked_actions(self, actions)  # the illegal action, as the Python says it
                raise
            final = np.flatnonzero(terminated | self._truncated).tolist()
            for row in final:
                self._finals[row] = deals.finals[row].copy()
            return self._obs, self._rewards, terminated, self._truncated, self._info(final)
        final = []
        seats = self._seat.copy()  # the seats that act (the native step overwrites them)
        rows: Sequence[int] = range(self.num_envs)
        if self._vector is not None:
            self._vector.step(self._plays, ids)
            rows = np.flatnonzero(self._status).tolist()
        status = self._status
        for row in rows:
            game = self._games[row]
            seat = int(seats[row])
            before = game.deal_number
            if status[row] == 1:  # untouched by the native step
                game.apply_id(int(ids[row]))
            else:  # the native step may have taken the deal's last card: scored here
                self._play_over(game)
            later = False  # the final tensor taken after _write
            if self._advance(row, seat_rewards[row], scored=before):
                if self.episode == "deal" or game.is_over:
                    terminated[row] = True
                else:  # a game cut after max_deals
                    self._truncated[row] = True
                final.append(row)
                actor = game.current_player  # an agent first in the next deal: none acts
                later = self.episode == "deal" and actor is not None and not self.levels[actor]
                if not later:  # before _write, whose template for `seat` it is then
                    self._final(row, seat)
                if self.episode == "game" or game.is_over:
                    self._new_game(row)
                self._advance(row, seat_rewards[row], scored=None)
            self._rewards[row] = seat_rewards[row, seat]
            made = self._write(row)
            if later:
                self._final(row, seat, self._templates[row, seat] if made else None)
        return self._obs, self._rewards, terminated, self._truncated, self._info(final)

    def game(self, row: int) -> Game:
        """A copy of row ``row``'s game (to debug, evaluate or test: changing it changes
        nothing here)."""
        if type(row) is not int or not 0 <= row < self.num_envs:
            raise ArgumentError(f"no row {row!r}: rows are 0 to {self.num_envs - 1}")
        if not self._ready:
            raise ArgumentError("call reset() first")
        if self._deals is not None:
            self._games[row] = self._deals.caught_up(row, self._games[row])
        return self._games[row].clone()

    # -- rows ----------------------------------------------------------------------------

    def _next_seed(self, row: int) -> int:
        """The seed of row ``row``'s next game (each row's games seeded apart)."""
        seed = _mix(_mix(self._base ^ _mix(row)) + self._started[row])
        self._started[row] += 1
        return seed

    def _new_game(self, row: int) -> None:
        game_seed = self._next_seed(row)
        self._games[row] = Game(self.variant, seed=game_seed)
        bots: dict[int, Bot] = {}
        for seat in self._standard:
            count = self._simulations[seat]
            seed = _mix(game_seed + 1 + seat)
            bots[seat] = StandardBot(seed) if count is None else StandardBot(seed, count)
        self._bots[row] = bots

    def _advance(self, row: int, earned: Any, scored: int | None) -> bool:
        """Let the bots play up to an agent seat's turn; add the rewards to ``earned``.
        With ``scored`` (the deal number before the agent's action), whether the episode
        ended (the bots stop there)."""
        game = self._games[row]
        levels = self.levels
        while True:
            if scored is not None and self._ended(game, scored, earned):
                return True
            seat = game.current_player
            if seat is None or levels[seat] is None:
                return False
            if self._native_bots and self._bots_natively(row, game):
                return False
            if self._play_over(game):
                continue
            seat = game.current_player  # (the C may have played some, and handed the row back)
            if seat is not None and (level := levels[seat]) is not None:
                bot = self._bots[row].get(seat)
                play_bot(game, seat, level, bot, self._rules, self._rng, row)

    def _bots_natively(self, row: int, game: Game) -> bool:
        """Whether the native step played the bots to an agent seat's turn from the deal's
        native play and wrote the row: what it cannot (the play's end, its last card taken,
        for the Python to score) it hands back."""
        play: Any = game._s.play
        if type(play) is not self._play_type or play.done:
            return False
        self._template(row, game, play)
        if not self._vector.advance(row, play):
            return False
        self._plays[row] = play
        self._written[row] = True
        return True

    @staticmethod
    def _play_over(game: Game) -> bool:
        """Whether the native step took the deal's last card: then scored, as the engine's
        loop scores it."""
        play = game._s.play
        if play is None or not play.done:
            return False
        game._play_over()
        return True

    def _ended(self, game: Game, before: int, earned: Any) -> bool:
        if self.episode == "deal":
            if game.deal_number == before and not game.is_over:
                return False
            earned += game.returns("deal")
            return True
        if not game.is_over:
            cap = self.max_deals
            return cap is not None and game.deal_number >= cap
        earned += game.returns("game")
        return True

    def _tensor(self, game: Game, seat: int, out: Any) -> None:
        if self._information_state:
            game.information_state_tensor(seat, out=out)
        else:
            game.observation_tensor(seat, out=out)

    def _final(self, row: int, seat: int, template: Any = None) -> None:
        """The row's final tensor: ``template``'s copy, or ``seat``'s tensor now."""
        out = np.empty(self._obs.shape[1], np.float32) if template is None else template.copy()
        if template is None:
            self._tensor(self._games[row], seat, out)
        self._finals[row] = out

    def _write(self, row: int) -> bool:
        """The row's seat, tensor and mask, from its game; and what the native step needs
        to go on with it (its play, a tensor per agent seat to start from, the contracts
        and Nils the Standard rule reads), if the native core plays its deal. Whether
        the row's templates were made here (each agent seat's tensor now)."""
        if self._written[row]:  # the native step wrote it (_bots_natively)
            self._written[row] = False
            return False
        game = self._games[row]
        seat = game.current_player
        if seat is None:  # (never: a new game starts where one ends)
            raise AssertionError(f"row {row} has no seat to act")
        self._seat[row] = seat
        legal = self._legal[row]
        legal[:] = False
        legal[game.legal_action_ids()] = True
        if self._vector is None:
            self._tensor(game, seat, self._obs[row])
            return False
        state = game._s  # the engine's state: its native play of the deal, if any
        play = state.play
        if play is None or type(play) is not self._play_type or play.done:
            self._plays[row] = None
            self._tensor(game, seat, self._obs[row])
            return False
        made = bool(self._made[row] != (play, play.bidding))
        if made:  # the seat to act is an agent's: its tensor is its template, as just made
            self._template(row, game, play)
            self._obs[row] = self._templates[row, seat]
        else:
            self._tensor(game, seat, self._obs[row])
        self._plays[row] = play
        return made

    def _template(self, row: int, game: Game, play: Any) -> None:
        """The row's templates for its native play, unless made for it (for the auction,
        then for the cards); what the native step reads with them."""
        made = (play, play.bidding)
        if self._made[row] == made:
            return
        self._made[row] = made
        rows = self._templated(row, game)
        if play.bidding:  # the decisions' rows the templates hold, and the step then
            self._marks[row] = [game._s.step, rows]
        elif self._standard:
            _, table, _ = situation(game.observation(self._standard[0]), self._rules)
            contracts = [-1 if c is None else c for c in table.contracts]
            self._tables[row] = [*contracts, table.nils]

    def _templated(self, row: int, game: Game) -> int:
        """Each agent seat's tensor now as the row's templates, with the cards received
        the native step reads; the decisions' rows they hold (information state)."""
        state = game._s
        templates = self._templates[row]
        agents = self._agents
        fill_seats(state, agents, [templates[agent] for agent in agents], self._information_state)
        if "received" in self._layout:  # (the native step reads them only for that piece)
            received = self._received[row]
            if not (any(state.gave) or any(state.passed) or any(state.seen_cards)):
                received.fill(0)  # nothing passed, given or taken (most deals' start)
            else:
                for agent in agents:
                    # the cards its partner gave it, and those it took, "received" while held
                    base, taken = partner_given(state, agent), state.seen_cards[agent]
                    received[agent] = [base & _MASK64, base >> 64, taken & _MASK64, taken >> 64]
        if not self._information_state:
            return 0
        return int(self._layout.view(templates[self._agents[0]], "auction").any(axis=1).sum())

    def _info(self, final: list[int] | None) -> dict[str, Any]:
        np.copyto(self._mask, self._legal)
        info: dict[str, Any] = {
            "action_mask": self._mask,
            "seat": self._seat,
            "rewards": self._seat_rewards,
        }
        if final:
            finals = np.full(self.num_envs, None, dtype=object)
            ended = np.zeros(self.num_envs, np.bool_)
            for row in final:
                finals[row] = self._finals.pop(row)
                ended[row] = True
            info["final_obs"] = finals
            info["_final_obs"] = ended
            info["final_info"] = {}
        return info
