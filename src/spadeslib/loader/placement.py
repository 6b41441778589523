"""Where a problem found in composed data is placed: always in the file the user loaded
when the data came from another file it names.

Validation sees the composed variant, whose values may come from the user's file, a base
it extends, a house rule it lists, or the format's defaults; a person can only edit their
own file. A contradiction goes to the key it is about if they wrote it, else to another
key of theirs that decides it, else to the nearest section of theirs, else to the entry
of a house rule of theirs that sets it, else to the start of their file (where
``extends:`` usually stands), saying which file and line set the key. A missing kind or
key in a listed house rule goes to its entry too.
"""

from __future__ import annotations

from spadeslib.errors import Problem
from spadeslib.loader.document import Document, KeyPath, Mark, dotted

__all__ = ["contradiction", "placed"]


def contradiction(
    document: Document, where: KeyPath, message: str, involves: tuple[KeyPath, ...] = ()
) -> Problem:
    """A contradiction, placed in the user's file (see the module's docstring). The first
    place that exists of: the key itself, written in the user's file; another key that
    decides it (``involves``) written there; the nearest section of the key written
    there; the entry of a house rule listed there that sets the key or another; the start
    of the user's file."""
    mine = document.source
    exact = _written(document, where)
    if exact is not None and exact.source == mine:
        return document.problem(where, message, "contradiction", prefer=mine)
    for other in involves:
        mark = _written(document, other)
        if mark is not None and mark.source == mine:
            text = _noted(message, where, exact)
            return Problem(mine, mark.line, mark.column, dotted(where), text, "contradiction")
    mark = document.mark_of(where, prefer=mine)
    if mark is not None and mark.source == mine:
        return document.problem(where, message, "contradiction", prefer=mine)
    for path in (where, *involves):
        origin = _written(document, path)
        listed = (
            None if origin is None else _at_entry(document, origin, where, message, "contradiction")
        )
        if listed is not None:
            return listed
    start = document.values.get(())
    if start is None or start.source != mine:
        return document.problem(where, message, "contradiction")
    text = message + _set_in(exact)
    return Problem(start.source, start.line, start.column, dotted(where), text, "contradiction")


def _written(document: Document, path: KeyPath) -> Mark | None:
    """Where the value at ``path`` (or, failing that, its key) is written, in any file."""
    return document.values.get(path) or document.keys.get(path)


def _noted(message: str, where: KeyPath, origin: Mark | None) -> str:
    """``message`` saying where the key it is about was set, after its first clause (what
    is wrong) and before what to do, since it is placed at another key."""
    if origin is None:
        return message
    what, semicolon, fix = message.partition("; ")
    note = f" ({dotted(where)} is set in {origin.source}:{origin.line})"
    return what + note + semicolon + fix


def _set_in(origin: Mark | None) -> str:
    return "" if origin is None else f" (set in {origin.source}:{origin.line})"


def placed(
    document: Document, path: KeyPath, message: str, code: str, *, key: bool = False
) -> Problem:
    """A problem at ``path``; one written in a house-rules fragment, at the user's entry
    that listed the fragment (a missing kind there is the combination's, not the
    fragment's, to settle)."""
    mark = document.mark_of(path, key=key)
    if mark is not None:
        listed = _at_entry(document, mark, path, message, code)
        if listed is not None:
            return listed
    return document.problem(path, message, code, key=key)


def _at_entry(
    document: Document, origin: Mark, path: KeyPath, message: str, code: str
) -> Problem | None:
    """The problem placed at the ``house_rules:`` entry of the user's file that brought in
    the fragment ``origin`` is in, naming the fragment's line; ``None`` when no entry of
    theirs did (the fragment came with a base, or the value is not a fragment's)."""
    entry = document.listed_at.get(origin.source)
    if entry is None or entry.source != document.source:
        return None
    text = f"{message} (set in {origin.source}:{origin.line})"
    return Problem(entry.source, entry.line, entry.column, dotted(path), text, code)
