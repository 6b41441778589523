"""A parsed (or composed) variant document: plain data plus where every part was written.

Validation happens on plain data, long after the YAML text is gone, so each key and value
keeps a :class:`Mark` (file, line, column). A problem found later at a dotted path can then
point at the line a person has to edit, even when the value came from a house-rules
fragment or an extended base file rather than from the file they loaded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from spadeslib.errors import Problem, VariantError

__all__ = ["Document", "IncompleteDocument", "KeyPath", "Mark", "dotted", "parse_dotted"]

KeyPath = tuple[str | int, ...]
"""A location in the data: mapping keys (str) and list indexes (int), outermost first."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A place in a source: the file (or ``<string>``) and a 1-based line and column."""

    source: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Document:
    """Plain data (``dict``/``list``/``str``/``int``/``float``/``bool``/``None``) and marks.

    ``keys`` maps the path of every mapping entry to where its key is written; ``values``
    maps every path (``()`` for the whole document, list items included) to where its value
    starts. After composition the marks may name several files.

    ``written`` keeps the text of each value YAML did not read as text (``0x1F`` for 31,
    ``yes`` for true), so a message can say what to quote. ``listed_at`` maps the source of
    each house-rules fragment composed in to the ``house_rules:`` entry that brought it: a
    problem with the combination is best placed at that entry.
    """

    source: str
    data: dict[str, object]
    keys: Mapping[KeyPath, Mark] = field(default_factory=dict)
    values: Mapping[KeyPath, Mark] = field(default_factory=dict)
    written: Mapping[KeyPath, str] = field(default_factory=dict)
    listed_at: Mapping[str, Mark] = field(default_factory=dict)

    def mark_of(
        self, path: KeyPath, *, key: bool = False, prefer: str | None = None
    ) -> Mark | None:
        """Where ``path`` is written, or where its nearest written parent is.

        ``key=True`` prefers the key (right for an unknown key) over the value (right for a
        bad value). A path that is not written anywhere (a default, a missing key) falls
        back to the closest enclosing key, which is the section a person has to edit. The
        document itself is not a useful place, so a path with no written parent has none.
        ``prefer`` names a source to search first, path and parents, before any other: a
        contradiction is best fixed in the file the user loaded, not in a base it extends.
        """
        if prefer is not None:
            mine = self._nearest(path, key, lambda mark: mark.source == prefer)
            if mine is not None:
                return mine
        return self._nearest(path, key, lambda mark: True)

    def _nearest(self, path: KeyPath, key: bool, accept: Callable[[Mark], bool]) -> Mark | None:
        first, second = (self.keys, self.values) if key else (self.values, self.keys)
        for mark in (first.get(path), second.get(path)):
            if mark is not None and accept(mark):
                return mark
        for end in range(len(path) - 1, 0, -1):
            for mark in (self.keys.get(path[:end]), self.values.get(path[:end])):
                if mark is not None and accept(mark):
                    return mark
        return None

    def problem(
        self,
        path: KeyPath,
        message: str,
        code: str,
        *,
        key: bool = False,
        prefer: str | None = None,
    ) -> Problem:
        """A :class:`Problem` at ``path``, located by :meth:`mark_of`."""
        mark = self.mark_of(path, key=key, prefer=prefer)
        if mark is None:
            return Problem(self.source, None, None, dotted(path), message, code)
        return Problem(mark.source, mark.line, mark.column, dotted(path), message, code)


class IncompleteDocument(VariantError):
    """Problems found while reading or composing, with the document made despite them: a
    duplicate or unreadable key left out, and with ``left_out`` a base, a house rule or a
    reference in one that could not be used.

    The loader validates that document too and reports both kinds of problem in one run,
    so a file with an unknown house rule and a bad value shows both. Raised by the
    composer (:mod:`spadeslib.loader.compose`); the loader's public functions raise a plain
    :class:`VariantError`."""

    def __init__(
        self, problems: list[Problem] | tuple[Problem, ...], document: Document, *, left_out: bool
    ) -> None:
        super().__init__(problems)
        self.document = document
        self.left_out = left_out

    def __reduce__(self) -> tuple[type[VariantError], tuple[tuple[Problem, ...]]]:
        return (VariantError, (self.problems,))  # the document stays behind


_LONGEST_KEY = 60
"""Longest key :func:`dotted` writes out whole: a key in a record's variant may be
megabytes long, and a message names it only to be recognised."""


def dotted(path: KeyPath) -> str:
    """The path as people write it: ``scoring.bags.limit``, ``deck.remove[1]``. A key
    longer than any of the format's is cut (``aaaa...``); the nesting shown is bounded by
    the path, which the loader's own limits bound."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            key = part if len(part) <= _LONGEST_KEY else part[: _LONGEST_KEY - 3] + "..."
            text += f".{key}" if text else key
    return text


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def parse_dotted(text: str) -> KeyPath:
    """The inverse of :func:`dotted`; bare digit segments (``remove.1``) count as indexes."""
    parts: list[str | int] = []
    for match in _PART.finditer(text):
        name, index = match.groups()
        if index is not None:
            parts.append(int(index))
        elif name.isdigit():
            parts.append(int(name))
        else:
            parts.append(name)
    return tuple(parts)
