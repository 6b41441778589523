"""The public game: :class:`Game` plays a whole game of any variant, deal after deal.

>>> from spadeslib.engine import Game
>>> game = Game("standard", seed=7, dealer=0)
>>> game.phase, game.current_player
('bidding', 1)
>>> game.apply("bid 3"); game.apply("nil"); game.apply("bid 4"); game.apply("bid 2")
>>> game.phase, len(game.legal_actions()) > 0
('play', True)
>>> game.current_player, game.hand(1)[:3]
(1, (Card.parse('6C'), Card.parse('8C'), Card.parse('JC')))
>>> "play 6C" in game.legal_actions(), "play AS" in game.legal_actions()
(True, False)

The engine underneath is a small mutable :class:`~spadeslib.engine.core.state.State` of ints
and masks changed by one module per phase; ``Game`` validates every action fully before
handing it on, so a rejected action leaves the game exactly as it was.
"""

from __future__ import annotations

import json
import os
import random
import secrets
from collections.abc import Sequence
from typing import Any, Final

from spadeslib.cards import Card
from spadeslib.compiler.action_ids import ActionSpace
from spadeslib.compiler.action_text import Action, ActionParseError
from spadeslib.engine.core import flow
from spadeslib.engine.core.apply import apply_checked
from spadeslib.engine.core.dealing import DealInput, read_deal
from spadeslib.engine.core.describe import describe
from spadeslib.engine.core.game_loop import GameLoop
from spadeslib.engine.core.legal_actions import LegalActions
from spadeslib.engine.core.phases.elsewhere import no_such_number
from spadeslib.engine.core.positions import is_dealt, new_state, replay, undo
from spadeslib.engine.core.record import (
    check_replayed,
    check_state_dict,
    make_record,
    read_json,
    read_record,
    read_state_dict,
    state_dict,
)
from spadeslib.engine.core.results import DealResult, Dealt
from spadeslib.engine.core.returns import returns
from spadeslib.engine.core.rollout import rollout as _rollout
from spadeslib.engine.core.shuffle import SplitMix64
from spadeslib.engine.core.state import PHASE_NAMES, Phase, State
from spadeslib.engine.search.determinize import Weight
from spadeslib.engine.search.resample import resampled
from spadeslib.engine.views.observation import Observation, observe
from spadeslib.engine.views.tensors import information_state_tensor, observation_tensor
from spadeslib.errors import ArgumentError, IllegalActionError, RecordError
from spadeslib.scoring.types import GameResult
from spadeslib.variant import Variant

__all__ = ["TERMINAL", "Game", "LegalActions"]

TERMINAL: Final = -4
"""OpenSpiel's id for "no player: the game is over" (:meth:`Game.current_player_id`)."""

_OVER: Final = Phase.OVER
_DEAL: Final = Phase.DEAL
_dealt = flow.deal_if_due
_new_state = new_state


def resolve_variant(variant: Variant | str | os.PathLike[str]) -> Variant:
    """A variant, a bundled name or a file path, as a :class:`Variant`."""
    if isinstance(variant, Variant):
        return variant
    from spadeslib.variant import load_variant

    return load_variant(variant)


class Game(GameLoop):
    """A whole game of Spades under one variant, from the first deal to the winner.

    ``variant`` is a :class:`~spadeslib.variant.Variant`, or a bundled name or a file path
    for :func:`spadeslib.load_variant`. ``seed`` (an int, 0 to 2**64-1) fixes every shuffle
    (the same seed gives the same deals on every machine and Python version); without one a
    random seed is drawn and kept in the record. ``dealer`` is the first dealer (default:
    ``deal.first_dealer``, a seeded draw when ``random``). ``deal`` gives the first deal's
    hands, one per seat, as lists of cards or strings like ``"AS KH 2C ..."`` (optionally a
    dict with ``hands`` and ``rest``); later deals are shuffled.

    The loop: ask :attr:`current_player`, choose from :meth:`legal_actions` (or
    :meth:`legal_action_ids`, the fast path), :meth:`apply` it (or :meth:`apply_id`).
    :attr:`current_player` is ``None`` once :attr:`is_over`.
    """

    __slots__ = ()

    _s: State

    def __init__(
        self,
        variant: Variant | str | os.PathLike[str],
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deal: DealInput | Dealt | None = None,
    ) -> None:
        self._s = _new_state(
            resolve_variant(variant), seed, dealer, None if deal is None else [deal]
        )

    # -- the loop ------------------------------------------------------------------------

    def current_player_id(self) -> int:
        """The seat to act, or :data:`TERMINAL` (-4) when the game is over (OpenSpiel)."""
        actor = self.current_player
        return TERMINAL if actor is None else actor

    def legal_actions(self) -> LegalActions:
        """The legal actions, sorted by id (see :class:`LegalActions`)."""
        return LegalActions(self.legal_action_ids(), self.action_space)

    def apply(self, action: Action | str) -> None:
        """Apply an action (an :class:`Action` or its text, like ``"bid 4"``).

        Raise :class:`~spadeslib.errors.IllegalActionError` (the game unchanged) if it is
        not legal now, naming the rule that forbids it and the situation.
        """
        s = _dealt(self._s)
        parsed: Action | None = None
        try:
            parsed = Action.parse(action)
            ids = s.space.ids_of(parsed, s)
        except ActionParseError as error:
            reason, rule = str(error), "action"
            if parsed is not None and parsed.number is not None and parsed.parts is None:
                reason, rule = no_such_number(s, parsed.kind, parsed.number) or (reason, rule)
            raise IllegalActionError(action, reason, rule=rule, state=describe(s)) from None
        if len(ids) == 1:
            self._apply(ids[0], parsed)
        else:
            self._apply_each(ids, parsed)

    def _apply_each(self, ids: Sequence[int], action: Action) -> None:
        """Apply a choice of several cards (``pass AS KH 2C``) as its one-card actions,
        all or none: they must all be the same seat's, in the same phase."""
        before = _dealt(self._s)
        saved = before.clone()
        seat, phase = before.actor, before.phase
        space = before.space
        try:
            for count, action_id in enumerate(ids):
                now = _dealt(self._s)
                if count and (now.actor != seat or now.phase != phase):
                    raise IllegalActionError(
                        action,
                        f"seat {seat} had {count} card(s) to {action.kind} here, not {len(ids)}",
                        rule="action",
                        state=describe(saved),
                    )
                self._apply(action_id, space.action(action_id))
        except IllegalActionError:
            self._s = saved
            raise

    def _apply(self, action_id: int, action: Action | None) -> None:
        apply_checked(self._s, action_id, action)

    def rollout(self, rng: random.Random | int | None = None, *, deals: int = 1) -> int:
        """Play uniformly random legal actions to the end of this deal, or of the next
        ``deals`` deals (fewer if the game ends first); return how many actions were played.

        The fast path for simulations: the engine picks each action itself, so it skips
        the checks :meth:`apply_id` makes, and plays the cards in one tight loop. ``rng``
        is a :class:`random.Random` or a seed (``None``: a fresh, unseeded generator).
        The choice is ``ids[int(rng.random() * len(ids))]`` from :meth:`legal_action_ids`,
        so a rollout plays exactly the game that loop would play with the same ``rng``.
        It stops at the end of a deal, before the next deal is dealt. (There is no "to
        the end of the game": with random bids, most sides never reach the target.)
        """
        if type(deals) is not int or deals < 1:
            raise ArgumentError(f"deals must be an int of at least 1, not {deals!r}")
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        return _rollout(_dealt(self._s), rng.random, deals)

    def clone(self) -> Game:
        """An independent copy (cheap: ints, short lists and shared tuples)."""
        game = Game.__new__(Game)
        game._s = self._s.clone()
        return game

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """:meth:`clone` (``copy.deepcopy`` of anything holding a game, such as an
        OpenSpiel state)."""
        return self.clone()

    def undo(self) -> Action:
        """Take the last action back and return it (python-chess's ``pop``): the game is
        then exactly as it was before that action. Raise
        :class:`~spadeslib.errors.ArgumentError` at the start of the game.

        The game keeps a snapshot at the start of each of its last eight deals (about 2 KB
        each, :data:`~spadeslib.engine.core.state.CHECKPOINTS_KEPT`) and replays the actions
        since the last one (:func:`spadeslib.engine.core.positions.undo`): an undo costs at
        most about a deal's actions, however long the game. Further back than eight
        deals, it replays the game from the start.
        """
        s = self._s
        self._s, action_id = undo(s)
        return s.space.action(action_id)

    # -- what there is to know -----------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see
        :class:`~spadeslib.engine.views.observation.Observation`)."""
        s = self._seat_state(seat)
        legal = self.legal_action_ids() if s.actor == seat and s.phase != _OVER else None
        return observe(s, seat, legal)

    # -- for learning agents and search (see docs/agents.md) ------------------------------

    @property
    def action_space(self) -> ActionSpace:
        """The variant's fixed, dense action space (:mod:`spadeslib.compiler.action_ids`)."""
        return self._s.space

    @property
    def num_distinct_actions(self) -> int:
        """How many action ids the variant has: the length of :meth:`legal_action_mask`."""
        return self._s.space.num_distinct_actions

    def legal_action_mask(self) -> Any:
        """The legal actions as a numpy bool array of :attr:`num_distinct_actions`
        entries (all false once the game is over)."""
        import numpy as np

        mask = np.zeros(self._s.space.num_distinct_actions, dtype=bool)
        mask[self.legal_action_ids()] = True
        return mask

    def observation_tensor(self, seat: int, out: Any = None) -> Any:
        """``seat``'s observation as a numpy float32 array, laid out as
        :func:`spadeslib.engine.views.tensors.observation_layout` says (``out``: an array to
        fill instead of a new one)."""
        return observation_tensor(self._seat_state(seat), seat, out)

    def information_state_tensor(self, seat: int, out: Any = None) -> Any:
        """``seat``'s information state (the observation and the deal's history) as a
        numpy float32 array (:func:`spadeslib.engine.views.tensors.information_state_layout`)."""
        return information_state_tensor(self._seat_state(seat), seat, out)

    def returns(self, scope: str = "game") -> tuple[float, ...]:
        """Each seat's return, OpenSpiel's ``returns()``.

        ``scope="game"``: 0 for every seat until the game is over; then, with ``S`` sides,
        each side's share of the win (1 for the winner, ``1/k`` each for ``k`` sides that
        drew, 0 for the others) less ``1/S``, times ``S/(S-1)``: +1 and -1 with two sides,
        +1 and -1/2 each with three, and 0 for a draw; the returns add up to 0.
        ``scope="deal"``: the points each seat's side scored in the last finished deal
        (0 before the first deal is scored).

        It never deals: between deals the next deal stays undealt (an OpenSpiel chance
        node may be about to give it, :meth:`deal_next`).
        """
        return returns(self._s, scope)

    def resampled(
        self, seat: int, rng: SplitMix64 | int | None = None, *, weight: Weight | None = None
    ) -> Game:
        """A game ``seat`` cannot tell from this one: the same observation, with the cards
        it cannot see placed anew, uniformly among the placements consistent with what it
        has seen (or ``weight``-ed: :mod:`spadeslib.engine.search.determinize`), and the deal
        replayed with them (:mod:`spadeslib.engine.search.resample`). What IS-MCTS searches
        from; ``rng`` is a :class:`~spadeslib.engine.core.shuffle.SplitMix64` or a seed."""
        s = self._seat_state(seat)
        if not isinstance(rng, SplitMix64):
            rng = SplitMix64(secrets.randbits(64) if rng is None else rng)
        game = Game.__new__(Game)
        game._s = resampled(s, seat, rng, weight=weight)
        return game

    @property
    def between_deals(self) -> bool:
        """Whether the last deal is scored and the next not dealt yet: it is dealt (the
        seeded shuffle) when the game is next looked at, unless :meth:`deal_next` gives
        it first (an OpenSpiel chance node deals it card by card)."""
        return self._s.phase == _DEAL

    def deal_next(self, deal: DealInput | Dealt) -> None:
        """Deal the next deal as given, between deals (:attr:`between_deals`): the hands
        as :class:`Game`'s ``deal`` takes them."""
        s = self._s
        if s.phase != _DEAL:
            raise ArgumentError("deal_next is for between deals: this deal is not over")
        dealt: Dealt = deal if is_dealt(deal) else read_deal(s.rules, deal)  # type: ignore[assignment]
        s.pending_deals = (dealt, *s.pending_deals)
        _dealt(s)

    def _seat_state(self, seat: int) -> State:
        """The state, dealt if due, checking ``seat``."""
        s = _dealt(self._s)
        if type(seat) is not int or not 0 <= seat < s.players:
            raise ArgumentError(f"no seat {seat!r}: seats are 0 to {s.players - 1}")
        return s

    @property
    def variant(self) -> Variant:
        return self._s.rules.variant

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def phase(self) -> str:
        """``cut``, ``draw``, ``passing``, ``blind``, ``bidding``, ``raise``, ``discard``,
        ``exchange``, ``play`` or ``over``."""
        play = self._s.play
        if play is not None:
            return "bidding" if play.bidding else "play"
        return PHASE_NAMES[_dealt(self._s).phase]

    @property
    def dealer(self) -> int:
        return self._s.dealer

    @property
    def result(self) -> GameResult | None:
        """The :class:`spadeslib.scoring.GameResult` once the game is over, else ``None``."""
        result: GameResult | None = self._s.result
        return result

    @property
    def winner(self) -> int | None:
        """The winning side (an index into ``variant.table.sides()``); ``None`` while the
        game goes on or when it ended in a draw."""
        result = self._s.result
        return None if result is None else result.winner

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""
        return tuple(self._s.scores)

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's accumulated bags."""
        return tuple(self._s.bags)

    @property
    def sets_in_a_row(self) -> tuple[int, ...]:
        return tuple(self._s.sets)

    @property
    def deal_history(self) -> tuple[DealResult, ...]:
        """Every finished deal: bids, contracts, tricks and the full score."""
        return self._s.history

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards now. This is the full state, for servers and tests: a bot must
        use :meth:`observation` instead."""
        s = self._seat_state(seat)
        return tuple(s.rules.deck[bit] for bit in range(s.rules.size) if s.hands[seat] >> bit & 1)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won by each seat in the current deal."""
        return tuple(_dealt(self._s).tricks)

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick being played, in play order."""
        s = _dealt(self._s)
        return tuple(s.rules.deck[bit] for bit in s.trick)

    def describe(self) -> str:
        """One line: whose turn it is to do what."""
        return describe(_dealt(self._s))

    def __repr__(self) -> str:
        s = _dealt(self._s)
        return (
            f"<Game {s.rules.variant.name!r} seed={s.seed} {describe(s)}; scores {list(s.scores)}>"
        )

    # -- records -------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """A JSON-ready record that :meth:`replay` turns back into this exact game (see
        :mod:`spadeslib.engine.core.record`)."""
        return make_record(_dealt(self._s))

    @classmethod
    def replay(cls, record: object) -> Game:
        """Rebuild a game from :meth:`record` data, validating it; raise
        :class:`~spadeslib.errors.RecordError` saying where and why if it is not valid."""
        variant, seed, deals, actions = read_record(record)
        game = cls.__new__(cls)
        game._s = _new_state(variant, seed, deals[0][0], [dealt for _, dealt in deals])
        for index, text in enumerate(actions):
            try:
                game.apply(text)
            except IllegalActionError as error:
                raise RecordError(f"actions[{index}]: {error}") from None
        check_replayed(_dealt(game._s), deals)
        return game

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`record` as JSON text."""
        return json.dumps(self.record(), **kwargs)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """:meth:`replay` a record from JSON text."""
        return cls.replay(read_json(text))

    @classmethod
    def from_state_dict(cls, data: object, *, variant: Variant | None = None) -> Game:
        """The game whose :meth:`state_dict` is ``data``: a saved position, loaded.

        ``data`` is checked like a record (the variant, the seed, the deals, then each
        action replayed), and the position the actions reach must be the one ``data``
        describes, field by field; any failure is a :class:`~spadeslib.errors.RecordError`
        saying where and why. ``variant`` is needed for a variant that is not bundled
        (the state names its variant, it does not define it).
        """
        found, seed, deals, actions = read_state_dict(data, variant)
        game = cls.__new__(cls)
        game._s = replay(found, seed, deals, actions)
        check_state_dict(game._s, data)
        return game

    def state_dict(self) -> dict[str, Any]:
        """A canonical serialisation of the full state (see
        :func:`spadeslib.engine.core.record.state_dict`)."""
        return state_dict(_dealt(self._s))
