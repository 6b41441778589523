"""Applying an action to a game's state: the one way every caller takes.

:func:`apply` is the engine's only step: ``Game.apply``, the public loop
(:mod:`spadeslib.engine.core.game_loop`), rollouts, playouts, replays, undo and the adapters
all change a state through it (the native loop, ``src/native/game.c``, plays a native
play's card itself and calls the loop's Python for everything else). It *tries* the
action: the deal's play (``state.play``, which also runs the native auction) plays a legal
card or refuses it, and a phase outside the play takes an id that its list of legal ids
holds (or, with no list at hand, that its check passes). So legality is decided once, by
the code that applies the action; only a refused action is explained, by
:func:`refusal`, which asks the phase for the rule.
"""

from __future__ import annotations

from typing import Final

from spadeslib.compiler.action_text import Action
from spadeslib.engine.core import flow
from spadeslib.engine.core.describe import describe
from spadeslib.engine.core.phases.play import finish_play
from spadeslib.engine.core.state import Phase, State
from spadeslib.errors import IllegalActionError, RecordError

__all__ = ["apply", "apply_checked", "refusal"]

_DEAL: Final = Phase.DEAL

REFUSED: Final = -1
"""What :func:`apply` returns for an action it did not take (the state unchanged)."""


def apply(state: State, action_id: int) -> int:
    """Apply ``action_id`` if it is legal now: 0 when it is applied, 1 when it is the
    deal's last card (the deal is then scored), :data:`REFUSED` (nothing changed) when
    it is not legal, or the game is over."""
    play = state.play
    if play is not None:  # the hot path: the play checks the id and plays the card
        status: int = play.apply(action_id)
        if status > 0:
            finish_play(state)
        return status
    if state.phase == _DEAL:
        flow.deal_if_due(state)
        play = state.play
        if play is not None:
            return apply(state, action_id)
    phase = state.table.get(state.phase)
    if phase is None or type(action_id) is not int:
        return REFUSED
    ids = state.legal_ids
    if ids is None:
        if phase.problem(state, action_id) is not None:
            return REFUSED
    elif action_id not in ids:
        return REFUSED
    state.legal_ids = None
    state.decisions.append((state.actor, action_id))
    state.log = (state.log, action_id)  # first: the action may start the play, which logs its own
    phase.apply(state, action_id)
    return 0


def refusal(state: State, action_id: object, action: Action | None = None) -> IllegalActionError:
    """Why :func:`apply` refused ``action_id`` (``action``: what the caller wrote, for the
    message): the rule that forbids it and the situation."""
    s = flow.deal_if_due(state)
    if type(action_id) is not int:
        return IllegalActionError(
            action_id,
            "an action id is an int (use apply() for an action or its text)",
            rule="action",
            state=describe(s),
        )
    phase = s.table.get(s.phase)
    if phase is None:
        return IllegalActionError(
            action or action_id, "the game is over", rule="game_end", state=describe(s)
        )
    reason, rule = phase.problem(s, action_id) or ("not legal now", "action")
    if action is None:
        try:
            action = s.space.action(action_id)
        except RecordError:
            return IllegalActionError(
                action_id, "no action has this id", rule="action", state=describe(s)
            )
    return IllegalActionError(action, reason, rule=rule, state=describe(s))


def apply_checked(state: State, action_id: int, action: Action | None = None) -> int:
    """:func:`apply`, raising :class:`~spadeslib.errors.IllegalActionError` (the state
    unchanged) for an action it refuses."""
    status = apply(state, action_id)
    if status < 0:
        raise refusal(state, action_id, action)
    return status
