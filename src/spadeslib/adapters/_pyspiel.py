"""A Python ``pyspiel.State`` whose moves made from Python skip pyspiel's call-backs.

pyspiel's C++ ``apply_action`` calls back into a Python state twice (``current_player``,
then ``_apply_action``) before it adds the move to its history: two thirds of a step of
the ``spadeslib`` game, and what kept it slower than OpenSpiel's own C++ ``spades``.
:class:`PythonMovesState` makes a move called from Python itself and keeps it in
``_unsynced``; the C++ history catches up (:meth:`~PythonMovesState._sync`) before
anything reads it:

- from Python: ``history()`` and ``move_number()`` add the moves not in it yet, and every
  other pyspiel method that reads the history (``serialize``, ``history_str``, pickling
  and the rest, :data:`HISTORY_READERS`) catches it up first;
- from C++: any call that applies an action, asks for the legal actions, an action's
  string, or, through the subclass, a string, a tensor or a resampled state (pyspiel's
  own bots and tests make such a call before they read the history).

Clones and serialised states carry ``_unsynced`` with them (pyspiel copies a Python
state's ``__dict__`` beside its C++ history), so they catch up too. A C++ caller that
reads ``History()`` of a state moved from Python before any such call sees it behind:
pyspiel's C++ ``evaluate_bots`` does, only to choose between restarting its bots and
restarting them at the state (``state.serialize()`` first catches it up).
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

import pyspiel

_T = TypeVar("_T")

__all__ = ["HISTORY_READERS", "Flat", "PythonMovesState"]

HISTORY_READERS: Final = (
    "full_history",
    "history_str",
    "is_initial_state",
    "is_initial_non_chance_state",
    "serialize",
    "undo_action",
    "to_dict",
    "__getstate__",
)
"""pyspiel's methods that read the C++ history, besides ``history`` and ``move_number``:
each catches the history up first."""


class Flat(list[_T]):
    """A list of immutable values (ints, floats, tuples of them), whose deep copy is a
    plain copy. pyspiel clones a Python state by deep-copying each value of its
    ``__dict__``: a plain list of a deck's card ids costs ``copy.deepcopy`` a call per
    card, which made a clone cost as much as a fifth of a random hand."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Flat[_T]:
        return Flat(self)


class PythonMovesState(pyspiel.State):  # type: ignore[misc]
    """The moves (see the module docstring). A subclass keeps whose turn it is in
    ``_player`` (pyspiel's player id) and makes a move in ``apply_action``, which adds
    it, as (whose turn it was, the action), to ``_unsynced``, and raises and changes
    nothing if the move is illegal."""

    _player: int

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._unsynced: Flat[tuple[int, int]] = Flat()
        self._syncing = False

    def apply_action(self, action: int) -> None:
        raise NotImplementedError

    def _apply_action(self, action: int) -> None:
        # pyspiel's C++ apply_action: it has asked whose turn it is, and adds the move to
        # its history once this returns, so the moves before it must be there first
        if self._syncing:  # (the C++ history taking a move already made: see _sync)
            return
        if self._unsynced:
            self._sync()
        self.apply_action(action)
        self._unsynced.pop()  # (the C++ history adds it)

    def _sync(self) -> None:
        """Add the moves made from Python to the C++ history, through pyspiel's own
        ``apply_action``: for each, whose turn it was and, in ``_apply_action``, nothing
        to do. (This loop must not run in a method named like one pyspiel calls back:
        pybind11 does not call back into the method it is called from.)"""
        unsynced = self._unsynced
        if not unsynced:
            return
        self._unsynced = Flat()
        player = self._player
        self._syncing = True
        try:
            for self._player, action in unsynced:
                pyspiel.State.apply_action(self, action)
        finally:
            self._player = player
            self._syncing = False

    def history(self) -> list[int]:
        return [*pyspiel.State.history(self), *(action for _, action in self._unsynced)]

    def move_number(self) -> int:
        moves: int = pyspiel.State.move_number(self)
        return moves + len(self._unsynced)


def _synced(name: str) -> Any:
    """pyspiel's method ``name``, the C++ history caught up first."""
    base = getattr(pyspiel.State, name)

    def synced(self: PythonMovesState, *args: Any) -> Any:
        self._sync()
        return base(self, *args)

    synced.__name__ = synced.__qualname__ = name
    synced.__doc__ = f"pyspiel's ``{name}``, once the C++ history has caught up."
    return synced


for _name in HISTORY_READERS:
    setattr(PythonMovesState, _name, _synced(_name))
