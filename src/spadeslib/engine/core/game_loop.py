"""The public loop's hot calls, the base of :class:`~spadeslib.engine.game.Game`:
``legal_action_ids()``, ``apply_id()``, ``current_player``, ``is_over`` and
``deal_number``, which an agent's loop makes at every action, and ``_step``, which
applies an id and answers whose turn it is in one call (the adapters' loops).

Two forms, as CPython's accelerator modules have them (PEP 399): :class:`PyGameLoop`, the
reference, and the native core's ``GameLoop`` (``src/native/game.c``), which answers in C
while the native core plays the deal and otherwise calls the reference's methods by name
(``_legal_action_ids``, ``_apply_id``, ``_apply_step``, ``_play_over``,
``_current_player``, ``_is_over``), so every answer is the reference's. :data:`GameLoop`
is the one the game stands on: the native one where the core is built (a game made under
:func:`spadeslib._backend.pure_python` has no native play, so it takes the reference's
path through the same methods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib import _backend
from spadeslib.engine.core import flow
from spadeslib.engine.core import phases as _phases
from spadeslib.engine.core.apply import apply as _apply
from spadeslib.engine.core.apply import refusal as _refusal
from spadeslib.engine.core.state import Phase, State

__all__ = ["GameLoop", "PyGameLoop"]

_PHASES = _phases.PHASES
_finish_play = _phases.play.finish_play
_dealt = flow.deal_if_due
_OVER = Phase.OVER
_DEAL = Phase.DEAL


class _Paths:
    """The loop's calls in Python: the whole of them, which :class:`PyGameLoop` is, and
    which the native loop calls for everything but a native play's card."""

    __slots__ = ()
    _s: State

    def _legal_action_ids(self) -> list[int]:
        """The legal actions' ids, sorted: the fast path for bots and simulations."""
        s = self._s
        play = s.play
        if play is not None:  # the hot path: the play's own list
            ids: list[int] = play.legal_ids()
            return ids
        phase = s.phase
        if phase == _DEAL:
            phase = _dealt(s).phase
        if phase == _OVER:
            return []
        cached = s.legal_ids  # kept until the next action, which apply_id checks against
        if cached is None:
            s.legal_ids = cached = tuple(_PHASES[phase].legal(s))
        return list(cached)

    def _apply_id(self, action_id: int) -> None:
        """Apply the action with this id (see :meth:`legal_action_ids`).

        While the deal's play is on, the id goes straight to it, as ``src/native/game.c``
        hands it to a native play: :func:`~spadeslib.engine.core.apply.apply`'s first
        step, without the call (a call per card was 5% of a pure-Python hand)."""
        s = self._s
        play = s.play
        if play is not None:
            status = play.apply(action_id)
            if status > 0:
                _finish_play(s)
            if status >= 0:
                return
        elif _apply(s, action_id) >= 0:
            return
        raise _refusal(s, action_id)

    def _apply_step(self, action_id: int) -> int:
        """:meth:`apply_id`, then the seat to act next if the deal's play goes on (the
        card or bid taken by the play, and more to come), else -1: the caller asks the
        game. One call per action instead of two, for the adapters' loops."""
        s = self._s
        play = s.play
        if play is not None:
            status = play.apply(action_id)
            if status == 0:
                actor: int = play.actor
                return actor
            if status > 0:
                _finish_play(s)
                return -1
        elif _apply(s, action_id) >= 0:
            return -1
        raise _refusal(s, action_id)

    def _play_over(self) -> None:
        """The native play took the deal's last card: score the deal."""
        _finish_play(self._s)

    def _current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""
        play = self._s.play
        if play is not None:
            actor: int = play.actor
            return actor
        s = _dealt(self._s)
        return None if s.phase == _OVER else s.actor

    def _is_over(self) -> bool:
        """Whether the game is over."""
        return self._s.phase == _OVER


class PyGameLoop(_Paths):
    """The reference: the loop's calls as Python methods (the same functions the native
    loop falls back on, not wrappers: a wrapper would cost the pure-Python path a call)."""

    __slots__ = ("_s",)

    legal_action_ids = _Paths._legal_action_ids
    apply_id = _Paths._apply_id
    _step = _Paths._apply_step
    if TYPE_CHECKING:

        @property
        def current_player(self) -> int | None: ...

        @property
        def is_over(self) -> bool: ...

    else:
        current_player = property(_Paths._current_player)
        is_over = property(_Paths._is_over)

    @property
    def deal_number(self) -> int:
        """Deals finished so far (0 during the first deal; misdeals do not count)."""
        return self._s.deals_played


if TYPE_CHECKING:
    GameLoop = PyGameLoop
else:
    _native = _backend.native()
    if _native is None:
        GameLoop = PyGameLoop
    else:

        class GameLoop(_native.GameLoop, _Paths):
            """The native loop (``src/native/game.c``) over the reference's paths."""

            __slots__ = ()
