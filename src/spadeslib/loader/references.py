"""Names in ``extends``, ``applies_to`` and ``house_rules`` that name nothing usable.

A reference is a bundled name or a path, written in a file anyone may have written: a
name no bundled file has (with "did you mean"), or one no file can have (too long for the
file system, a null character), is a problem to report, never an ``OSError`` or a
``ValueError`` from the operating system.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from spadeslib.loader import bundled

__all__ = ["is_file", "resolved", "unknown_name", "unnameable"]


def unnameable(reference: str) -> str | None:
    """Why no file can have the name ``reference`` (the operating system refuses a null
    character with a ``ValueError``), or ``None`` when one can."""
    if "\0" in reference:
        return f"{reference!r} cannot be a file name: it contains a null character"
    return None


def resolved(path: Path) -> Path:
    """The absolute form of ``path`` with links followed where the file system allows,
    which is what tells two references to one file apart from two files."""
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):  # a name the file system refuses, a loop
        return path.absolute()


def is_file(path: Path) -> bool:
    """:meth:`Path.is_file`, false (rather than raising) for a name no file can have."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def unknown_name(reference: str, *, fragment: bool) -> tuple[str, str]:
    """The message and code for a bundled name that does not exist, with "did you mean"."""
    what = "house rule" if fragment else "variant"
    names = bundled.bundled_house_rules() if fragment else bundled.bundled_variants()
    message = f"unknown bundled {what} {reference!r}"
    close = difflib.get_close_matches(reference, names, n=3, cutoff=0.6)
    if close:
        message += "; did you mean " + " or ".join(repr(name) for name in close) + "?"
    elif fragment and names:
        # Eighty names on one line help nobody; the list command says what each one does.
        message += "; 'spadeslib list' shows every bundled house rule and what it does"
    elif names:
        message += f"; the bundled {what}s are: " + ", ".join(names)
    else:
        message += " (this installation has no bundled variants)"
    other = bundled.bundled_variants() if fragment else bundled.bundled_house_rules()
    if reference in other:
        message += (
            f" ({reference!r} is a full variant: use 'extends: {reference}')"
            if fragment
            else f" ({reference!r} is a house rule: list it under house_rules)"
        )
    if is_file(Path(reference)):
        message += f" (to use the file {reference!r}, write './{reference}')"
    return message, ("unknown_house_rule" if fragment else "unknown_variant")
