"""Positions rebuilt from their history: new games, checked actions, undo, saved states.

A game is its variant, its seed, the deals dealt and the actions applied: the engine is
deterministic, so replaying the actions on a new state with the same deals gives the same
state, field for field. That is how
:meth:`Game.from_state_dict <spadeslib.engine.game.Game.from_state_dict>` loads a position
(a position rebuilt this way was reached by legal actions, so it can never be one the
rules could not reach), and how :func:`undo` takes an action back (python-chess's
``pop``): from the snapshot the state keeps at the start of each of its last deals
(:meth:`State.checkpoint <spadeslib.engine.core.state.State.checkpoint>`), so an undo replays
at most the actions of a deal or two, however long the game.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from spadeslib import _backend
from spadeslib.compiler.action_ids import action_space
from spadeslib.engine.core import flow
from spadeslib.engine.core import phases as _phases
from spadeslib.engine.core.apply import apply_checked
from spadeslib.engine.core.dealing import read_deal
from spadeslib.engine.core.results import Dealt
from spadeslib.engine.core.shuffle import first_dealer
from spadeslib.engine.core.state import Phase, State
from spadeslib.errors import ArgumentError, IllegalActionError, RecordError
from spadeslib.variant import Variant

__all__ = ["is_dealt", "new_state", "rebuild", "replay", "undo"]

_PHASES = _phases.PHASES


def new_state(
    variant: Variant,
    seed: int | None,
    dealer: int | None,
    deals: Sequence[Any] | None,
    *,
    native: bool | None = None,
) -> State:
    """A game's state at its start: ``deals`` are the first deals (as dealt, or hands for
    :func:`~spadeslib.engine.core.dealing.read_deal`); later ones come from the seeded shuffle.
    ``native``: whether the native core plays its deals where it can (``None``: where it
    is built and not blocked, :func:`spadeslib._backend.pure_python`)."""
    rules = variant.compile()
    if seed is None:
        seed = secrets.randbits(64)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ArgumentError(f"seed must be an int from 0 to 2**64-1, not {seed!r}")
    players = rules.players
    if dealer is None:
        first = variant.deal.first_dealer
        dealer = first_dealer(seed, players) if first == "random" else first
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ArgumentError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    # a game made where Python plays (``_backend.pure_python``) stays in Python
    if native is None:
        native = _backend.native() is not None
    state = State(rules, action_space(rules), _PHASES, seed, dealer, native=native)
    if deals:
        state.pending_deals = tuple(
            dealt if is_dealt(dealt) else read_deal(rules, dealt) for dealt in deals
        )
    state.phase = Phase.DEAL  # the game's fields before its first deal: a snapshot of them
    state.checkpoint()
    flow.start_deal(state)
    return state


def is_dealt(value: object) -> bool:
    """Whether ``value`` is a deal as dealt (:data:`~spadeslib.engine.core.results.Dealt`)."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], tuple)
        and all(isinstance(h, int) for h in value[0])
    )


def replay(
    variant: Variant,
    seed: int,
    deals: Sequence[tuple[int, Dealt]],
    actions: Sequence[int],
    *,
    pending: Sequence[Dealt] = (),
    native: bool | None = None,
) -> State:
    """The state that ``actions`` (ids) lead to from the start of a game whose deals are
    ``deals`` (``(dealer, dealt)``, the first dealer's first) and then ``pending``; an
    illegal action is a :class:`~spadeslib.errors.RecordError` naming its index.
    ``native`` as for :func:`new_state` (a game rebuilt from a pure-Python one stays pure)."""
    state = new_state(
        variant,
        seed,
        deals[0][0],
        [*(dealt for _, dealt in deals), *pending],
        native=native,
    )
    for index, action_id in enumerate(actions):
        try:
            apply_checked(state, action_id)
        except IllegalActionError as error:
            raise RecordError(f"actions[{index}]: {error}") from None
    return flow.deal_if_due(state)


def rebuild(state: State, count: int) -> State:
    """``state`` as it was after its first ``count`` actions."""
    return replay(
        state.rules.variant,
        state.seed,
        state.deals,
        state.actions()[:count],
        pending=state.pending_deals,
        native=state.native,
    )


def undo(state: State) -> tuple[State, int]:
    """``state`` as it was before its last action, and that action's id; raise
    :class:`~spadeslib.errors.ArgumentError` if no action was applied.

    Replays from the newest snapshot with an action after it (:attr:`State.checkpoints`),
    the deals dealt since given again as they were; with none left in the window (an undo
    more than :data:`~spadeslib.engine.core.state.CHECKPOINTS_KEPT` deals back), from the
    start of the game."""
    s = flow.deal_if_due(state)
    marks = {id(node): index for index, (node, _) in enumerate(s.checkpoints)}
    chunks: list[tuple[int, ...]] = []  # the log's nodes, newest first, as tuples of ids
    count = 0
    node = s.log
    while True:
        mark = marks.get(id(node))
        if mark is not None and count:
            break
        if node is None:
            if not count:
                raise ArgumentError("nothing to undo: no action has been applied in this game")
            return rebuild(s, count - 1), chunks[0][-1]
        chunk = node[1]
        chunks.append((chunk,) if isinstance(chunk, int) else chunk)
        count += len(chunks[-1])
        node = node[0]
    actions = [action_id for chunk in reversed(chunks) for action_id in chunk]
    restored = s.restored(s.checkpoints[mark][1])
    restored.checkpoints = s.checkpoints[:mark]  # dealing again takes the snapshot again
    later = s.deals[len(restored.deals) :]
    restored.pending_deals = (*(dealt for _, dealt in later), *s.pending_deals)
    for action_id in actions[:-1]:
        apply_checked(restored, action_id)
    return flow.deal_if_due(restored), actions[-1]
