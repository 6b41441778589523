"""Any variant as an OpenSpiel game: :func:`register` makes ``spadeslib`` known to
``pyspiel.load_game``.

>>> import pyspiel
>>> from spadeslib.adapters.openspiel import register
>>> register()
>>> game = pyspiel.load_game("spadeslib", {"variant": "nyc", "seed": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

Parameters: ``variant`` (a bundled name or a file path; default ``"standard"``),
``deals`` (the game ends after this many deals, or sooner at the end of the Spades game;
``0``: the whole Spades game; default ``1``, one hand like OpenSpiel's own ``spades``:
under random play a whole game rarely ends), ``reward`` (``"points"``, the default: each
seat's side's points over the deals played; or ``"game"``: each seat's share of the win
once the Spades game is over, as :meth:`Game.returns <spadeslib.engine.Game.returns>`
says, 0 if it was cut short by ``deals``), and ``seed`` (the first dealer's draw where
the variant draws one; default 0).

**The deal is chance**: every deal starts with one chance node per card of the deck, each
outcome a card not dealt yet (id: its place in the compiled deck, ``Rules.deck``), all
equally likely; the cards in that order are dealt as the variant deals a shuffled deck
(the French cut's cards first, then one card at a time from the dealer's left, the rest
to the kitty, widow or stock). A misdeal is the exception: the engine deals its
replacement at once from the game's ``seed`` (no chance nodes; the same dealer deals).

Player actions are the variant's dense action ids (``num_distinct_actions``). The
observation and information-state tensors are the seat's
(:mod:`spadeslib.engine.views.tensors`; all zeros at a chance node, which is nobody's
decision); the observation string is the seat's
:class:`~spadeslib.engine.Observation` as JSON, the information-state string the
information-state tensor's nonzero entries. States clone, serialise (the action history)
and deserialise, and ``resample_from_infostate`` deals the cards a seat has not seen anew,
so OpenSpiel's IS-MCTS bot can play. :class:`SpadesBot` makes any of spadeslib's bots
an OpenSpiel bot, to play beside OpenSpiel's own (``evaluate_bots``, docs/agents.md).
"""

from __future__ import annotations

import json
from typing import Any, Final

import numpy as np
import pyspiel

from spadeslib import _backend
from spadeslib.adapters._episode import as_id, check_reward
from spadeslib.adapters._openspiel_bot import SpadesBot
from spadeslib.adapters._pyspiel import Flat, PythonMovesState
from spadeslib.engine import Game
from spadeslib.engine.core.dealing import canonical_copies, deal_from_order
from spadeslib.engine.game import resolve_variant
from spadeslib.engine.views.tensors import as_list, information_state_layout, observation_layout
from spadeslib.errors import ArgumentError, IllegalActionError
from spadeslib.variant import Variant

__all__ = ["GAME_NAME", "SpadesBot", "SpadesGame", "SpadesState", "register"]

GAME_NAME: Final = "spadeslib"

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)


def _pick_in_python(items: list[Any], at: list[int]) -> list[Any]:
    return [items[i] for i in at]


_pick: Final = getattr(_backend.native(), "pick", _pick_in_python)
"""``[items[i] for i in at]``: the native core's where it is built (the chance outcomes,
at every card of a deal)."""


_DEFAULTS: Final[dict[str, Any]] = {
    "variant": "standard",
    "deals": 1,
    "reward": "points",
    "seed": 0,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="spadeslib: Spades in any house-rule variant",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def register() -> None:
    """Make ``spadeslib`` a game ``pyspiel.load_game`` knows (again: no harm)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, SpadesGame)


class _Setup:
    """What the states need of their game, kept apart from the ``pyspiel.Game`` so that
    copying a state (OpenSpiel clones by ``copy.deepcopy``) shares it instead of copying
    the game."""

    def __init__(self, given: dict[str, Any]) -> None:
        deals = given["deals"]
        if type(deals) is not int or deals < 0:
            raise ArgumentError(f"deals must be an int, 0 (the whole game) or more, not {deals!r}")
        seed = given["seed"]
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise ArgumentError(f"seed must be an int from 0 to 2**63-1, not {seed!r}")
        self.deals: int = deals
        self.seed: int = seed
        self.reward = check_reward(given["reward"])
        self.variant = resolve_variant(str(given["variant"]))
        self.rules = self.variant.compile()
        self.players = self.rules.players
        self.actions = self.rules.actions.num_distinct_actions
        self.first_dealer = Game(self.variant, seed=seed).dealer
        self.outcomes: list[list[tuple[int, float]] | None] = [None] * (self.rules.size + 1)
        """Each card's chance outcome when a count of cards is still to deal, by count,
        then by card (:meth:`outcomes_for`)."""

    def outcomes_for(self, left: int) -> list[tuple[int, float]]:
        """:attr:`outcomes` for ``left`` cards to deal: made once per count and kept, so a
        chance node's list holds shared pairs instead of a new pair per card."""
        made = self.outcomes[left]
        if made is None:
            chance = 1.0 / left
            made = self.outcomes[left] = [(bit, chance) for bit in range(self.rules.size)]
        return made

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self

    def __getstate__(self) -> dict[str, Any]:
        # (a serialised state: made again)
        return {**self.__dict__, "outcomes": [None] * len(self.outcomes)}


class _Kept:
    """The Spades game inside a state, with the game's bound methods the moves call (kept
    here, not on the state: OpenSpiel copies a state's ``__dict__`` by ``copy.deepcopy``,
    which would copy a bound method's game apart from this one) and its deal number as of
    the last move. OpenSpiel serialises a Python state by pickling its ``__dict__``; a game
    is pickled as its :meth:`Game.state_dict <spadeslib.engine.Game.state_dict>` and loaded
    back with ``Game.from_state_dict``."""

    __slots__ = ("deals", "game", "ids", "step")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ids = game.legal_action_ids
        self.step = game._step
        self.deals = game.deal_number

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.game
        if not game.between_deals:
            return (_kept_from, (game.state_dict(), game.variant))
        # between deals (chance nodes dealing the next): a state_dict would deal it from
        # the seed, so the position before the last card is saved, and that card
        before = game.clone()
        last = before.action_space.id_of(before.undo())
        return (_kept_from, (before.state_dict(), game.variant, last))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kept:
        return _Kept(self.game.clone())


def _kept_from(data: dict[str, Any], variant: Variant, last: int | None = None) -> _Kept:
    game = Game.from_state_dict(data, variant=variant)
    if last is not None:
        game.apply_id(last)  # the deal's last card: between deals again
    return _Kept(game)


class SpadesGame(pyspiel.Game):  # type: ignore[misc]
    """One variant with its parameters (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        unknown = sorted(set(given) - set(_DEFAULTS))
        if unknown:
            raise ArgumentError(
                f"unknown parameter(s) {unknown}: the parameters are {list(_DEFAULTS)}"
            )
        self.setup = setup = _Setup(given)
        rules = setup.rules
        deals = setup.deals
        if setup.reward == "game":
            sides = len(rules.sides)
            low, high = (-1.0, 1.0) if sides == 2 else (-1.0 / (sides - 1), 1.0)
            total: float | None = 0.0
        else:  # a bound on a side's points, not a tight one
            values = rules.scoring
            per_deal = 10.0 * (
                rules.hand_size * max(values.trick_value, 1)
                + rules.players * (values.nil_make + values.blind_nil_make)
                + values.bags_penalty
            )
            high = per_deal * max(deals, 1)
            low, total = -high, None
        per_deal_actions = 3 * rules.size + 4 * rules.players + 2  # chance, auction, play
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.actions.num_distinct_actions,
            max_chance_outcomes=rules.size,
            num_players=rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=per_deal_actions * (deals or 1000),
        )
        super().__init__(_GAME_TYPE, info, given)

    def new_initial_state(self) -> SpadesState:
        return SpadesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpadesObserver:
        if params:
            raise ArgumentError(f"the observers take no parameters, not {params!r}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SpadesObserver(self, perfect_recall=perfect_recall)


class SpadesState(PythonMovesState):
    """A position: the :class:`~spadeslib.engine.Game` once its first deal is dealt, and
    the cards dealt so far of a deal being dealt."""

    def __init__(self, game: SpadesGame) -> None:
        super().__init__(game)
        self._spec = game.setup
        self._kept: _Kept | None = None
        self._order: Flat[int] = Flat()
        """The cards dealt so far of the deal being dealt, in order."""
        self._left = Flat(range(game.setup.rules.size))
        """The cards still to deal, in order: the chance outcomes."""
        self._returns = Flat([0.0] * game.setup.rules.players)
        self._player = _CHANCE
        """Whose turn: worked out once an action (every method reads it, pyspiel's C++
        several times a step)."""

    @property
    def game(self) -> Game | None:
        """The Spades game (``None`` while its first deal is being dealt). For reading:
        the state changes only through ``apply_action``, which keeps whose turn it is."""
        return None if self._kept is None else self._kept.game

    # -- whose turn --------------------------------------------------------------------

    def _turn(self) -> int:
        """Whose turn it is now: the game's seat, chance while a deal is dealt, terminal
        once the game is over or the deals asked for are played."""
        game = self.game
        if game is None:
            return _CHANCE
        deals = self._spec.deals
        if game.is_over or (deals and game.deal_number >= deals):
            return _TERMINAL
        if game.between_deals:
            return _CHANCE
        seat = game.current_player
        assert seat is not None
        return seat

    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        self._sync()  # (C++ may read the history next)
        assert self._kept is not None and self._player >= 0
        return self._kept.ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._left
        outcomes = self._spec.outcomes[len(left)] or self._spec.outcomes_for(len(left))
        return _pick(outcomes, left)

    # -- pyspiel's methods, answered here -----------------------------------------------
    # pyspiel's C++ versions of these call back into the Python state two to four times
    # each (whose turn, then the method itself), at a microsecond or more a call; these
    # answer the same from the turn kept (tests/test_adapters_openspiel.py holds each to
    # its C++ version). C++ callers (pyspiel's own bots and tests) take the C++ path.

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def is_player_node(self) -> bool:
        return self._player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self._player
        if current == _TERMINAL:
            return []
        if current == _CHANCE:  # any player's: the chance outcomes, as pyspiel answers
            return list(self._left)
        if player is None or player == current:
            assert self._kept is not None
            return self._kept.ids()
        if player < 0:  # a pseudo-player: pyspiel's own error
            legal: list[int] = pyspiel.State.legal_actions(self, player)
            return legal
        return []

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        if player is None:
            player = self._player
        if player >= 0 and player == self._player:  # the usual case: the seat to act
            assert self._kept is not None
            legal = self._kept.ids()
            mask = [0] * self._spec.actions
        else:
            legal = self.legal_actions(player)
            mask = [0] * (self._spec.rules.size if player == _CHANCE else self._spec.actions)
        for action in legal:
            mask[action] = 1
        return mask

    # the tensors: the engine's at a seat's decision or the end, else _tensor's answer

    def observation_tensor(self, player: int | None = None) -> list[float]:
        if player is None:
            player = self._player
        if self._player != _CHANCE and type(player) is int and 0 <= player < self._spec.players:
            assert self._kept is not None
            return as_list(self._kept.game.observation_tensor(player))
        return self._tensor(player, perfect_recall=False)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        if player is None:
            player = self._player
        if self._player != _CHANCE and type(player) is int and 0 <= player < self._spec.players:
            assert self._kept is not None
            return as_list(self._kept.game.information_state_tensor(player))
        return self._tensor(player, perfect_recall=True)

    def _tensor(self, player: int | None, *, perfect_recall: bool) -> list[float]:
        if player is None:
            player = self._player
        if type(player) is not int or not 0 <= player < self._spec.rules.players:
            # not a seat: pyspiel's own check and error
            method = (
                pyspiel.State.information_state_tensor
                if perfect_recall
                else pyspiel.State.observation_tensor
            )
            tensor: list[float] = method(self, player)
            return tensor
        return as_list(_tensor_of(self, player, None, perfect_recall=perfect_recall))

    # -- moves ---------------------------------------------------------------------------

    def apply_action(self, action: int) -> None:
        """pyspiel's ``apply_action``, made here (:class:`~._pyspiel.PythonMovesState`):
        a player's action id, or the card a chance node deals; an illegal one raises
        :class:`~spadeslib.errors.IllegalActionError` and changes nothing."""
        player = self._player
        if type(action) is not int:
            action = as_id(action, None)
        if player >= 0:
            kept = self._kept
            assert kept is not None
            seat = kept.step(action)  # (raises, changing nothing, if illegal)
            if seat >= 0:  # the usual move: a card or bid, and the deal's play goes on
                self._player = seat
            else:
                self._after_move(kept)
        elif player == _CHANCE:
            left = self._left
            try:
                left.remove(action)
            except ValueError:
                raise IllegalActionError(action, "not a card still to deal", rule="deal") from None
            self._order.append(action)
            if not left:  # the deck's last card: the deal starts
                self._start_deal()
        else:
            raise IllegalActionError(action, "the game is over", rule="action")
        self._unsynced.append((player, action))

    def _after_move(self, kept: _Kept) -> None:
        """Whose turn after a move that was not simply the next card or bid of the deal's
        play (the end of the deal, an auction in Python, a misdeal), and the returns."""
        game = kept.game
        if game.deal_number != kept.deals:  # a deal scored
            kept.deals = game.deal_number
            if self._spec.reward == "points":
                for seat, points in enumerate(game.returns("deal")):
                    self._returns[seat] += points
            elif game.is_over:  # (a game ends only as a deal is scored)
                self._returns = Flat(game.returns("game"))
        self._player = self._turn()

    def _start_deal(self) -> None:
        """Every card is dealt: the deal the cards in their order make starts."""
        rules = self._spec.rules
        game = self.game
        dealer = self._spec.first_dealer if game is None else game.dealer
        dealt = deal_from_order(rules, dealer, self._order)
        if rules.packs == 2:
            dealt = canonical_copies(rules, dealt)
        self._order, self._left = Flat(), Flat(range(rules.size))
        if game is None:
            self._kept = _Kept(
                Game(self._spec.variant, seed=self._spec.seed, dealer=dealer, deal=dealt)
            )
        else:
            game.deal_next(dealt)
        self._player = self._turn()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpadesState:
        """A state ``player_id`` cannot tell from this one: the cards it has not seen
        placed anew (:meth:`Game.resampled <spadeslib.engine.Game.resampled>`, uniformly),
        what OpenSpiel's IS-MCTS searches from. ``probability_sampler`` (OpenSpiel's
        ``UniformProbabilitySampler``) seeds the draw. (The copy's ``history()`` is this
        state's: the resampled cards are in its game, not in its chance actions.)"""
        self._sync()
        clone: SpadesState = self.clone()
        game = self.game
        if game is not None and not game.between_deals:
            seed = int(probability_sampler() * 2**63)
            clone._kept = _Kept(game.resampled(player_id, seed))
        return clone

    def _action_to_string(self, player: int, action: int) -> str:
        self._sync()  # (C++ may read the history next)
        rules = self._spec.rules
        if player == pyspiel.PlayerId.CHANCE:
            if rules.packs == 2:  # two cards of each face: the strings must differ
                return f"deal {rules.deck[action]} (card {action})"
            return f"deal {rules.deck[action]}"
        return str(rules.actions.action(action))

    def returns(self) -> list[float]:
        return list(self._returns)

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing the first deal: {len(self._order)} card(s) dealt"
        if self.game.between_deals:
            return f"dealing deal {self.game.deal_number + 1}: {len(self._order)} card(s) dealt"
        return repr(self.game)


class SpadesObserver:
    """OpenSpiel's observer: one seat's tensor (the observation or, with perfect recall,
    the information state) and its string (see the module docstring)."""

    def __init__(self, game: SpadesGame, *, perfect_recall: bool) -> None:
        layout = (information_state_layout if perfect_recall else observation_layout)(
            game.setup.rules
        )
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {piece.name: layout.view(self.tensor, piece.name) for piece in layout.pieces}

    def set_from(self, state: SpadesState, player: int) -> None:
        state._sync()  # (C++ may read the history next)
        _tensor_of(state, player, self.tensor, perfect_recall=self.perfect_recall)

    def string_from(self, state: SpadesState, player: int) -> str:
        state._sync()
        game = state.game
        if game is None or game.between_deals:
            return f"seat {player}: {state}"
        if self.perfect_recall:
            tensor = game.information_state_tensor(player)
            entries = np.flatnonzero(tensor)
            return f"seat {player}: " + " ".join(f"{k}:{tensor[k]:.6g}" for k in entries)
        return json.dumps(game.observation(player).to_dict(), separators=(",", ":"))


def _tensor_of(state: SpadesState, player: int, out: Any, *, perfect_recall: bool) -> Any:
    """``player``'s tensor in ``state`` (into ``out`` if given): the engine's, or all zeros
    while a deal is dealt (a chance node is nobody's decision)."""
    game = state.game
    if game is None or game.between_deals:
        if out is None:
            rules = state._spec.rules
            layout = (information_state_layout if perfect_recall else observation_layout)(rules)
            return np.zeros(layout.size, np.float32)
        out.fill(0)
        return out
    if perfect_recall:
        return game.information_state_tensor(player, out=out)
    return game.observation_tensor(player, out=out)
