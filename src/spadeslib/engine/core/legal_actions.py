"""The legal actions of a game at one moment, as a sequence (:meth:`Game.legal_actions
<spadeslib.engine.Game.legal_actions>`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from spadeslib.compiler.action_text import Action, ActionParseError

if TYPE_CHECKING:
    from spadeslib.compiler.action_ids import ActionSpace

__all__ = ["LegalActions"]


class LegalActions(Sequence[Action]):
    """The legal actions now, as a sequence sorted by id (like python-chess's
    ``board.legal_moves``): supports ``in`` (an action or its text), ``len``, iteration and
    indexing. Taken from one moment: it does not follow the game afterwards.

    Made of the legal ids and the action space that names them, not of the game: a view
    of data from below it, so this module needs nothing of the engine above it."""

    __slots__ = ("_ids", "_space")

    def __init__(self, ids: list[int], space: ActionSpace) -> None:
        self._ids = ids
        self._space = space

    def __len__(self) -> int:
        return len(self._ids)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self._space.action(i) for i in self._ids[index]]
        return self._space.action(self._ids[index])

    def __iter__(self) -> Iterator[Action]:
        action = self._space.action
        return (action(i) for i in self._ids)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = Action.parse(item)
            except ActionParseError:
                return False
        if not isinstance(item, Action):
            return False
        try:
            return self._space.id_of(item) in self._ids
        except ActionParseError:
            return False

    def ids(self) -> list[int]:
        """The ids of these actions."""
        return list(self._ids)

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(str(a) for a in self)})>"
