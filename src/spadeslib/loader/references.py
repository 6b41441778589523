"""Names in ``extends``, ``applies_to`` and ``house_rules`` that name nothing usable.

A reference is a bundled name or a path, written in a file anyone may have written: a
name no bundled file has (with "did you mean"), or one no file can have (too long for the
file system, a null character), is a problem to report, never an ``OSError`` or a
``ValueError`` from the operating system.
"""

from __future__ import annotations

from pathlib import Path

from spadeslib.errors import quoted
from spadeslib.loader import bundled
from spadeslib.loader.suggest import close_matches

__all__ = ["expanded", "is_file", "no_home", "resolved", "unknown_name", "unnameable"]


def unnameable(reference: str) -> str | None:
    """Why no file can have the name ``reference`` (the operating system refuses a null
    character with a ``ValueError``), or ``None`` when one can."""
    if "\0" in reference:
        return f"{quoted(reference)} cannot be a file name: it contains a null character"
    return None


def expanded(reference: str) -> Path | None:
    """The path ``reference`` names, ``~`` and ``~user`` expanded, or ``None`` when the
    home directory it starts from is unknown (no such user, or no ``HOME``): pathlib
    raises ``RuntimeError`` there."""
    try:
        return Path(reference).expanduser()
    except RuntimeError:
        return None


def no_home(reference: str, *, in_file: bool = True) -> str:
    """Why :func:`expanded` found no path: the ``~`` part, and what to write instead (a
    path relative to the file naming it, or for text, to the working directory)."""
    first = reference.replace("\\", "/").split("/", 1)[0]
    user = first[1:]
    whose = f"no user {quoted(user)} on this machine" if user else "no home directory here"
    relative = "this file" if in_file else "the working directory"
    rest = reference[len(first) :].lstrip("/\\") or "base.yaml"
    return (
        f"{quoted(reference)} starts with {quoted(first)}, but there is {whose}; write the "
        f"path without '~': relative to {relative} (like './{rest}') or in full"
    )


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


def unknown_name(
    reference: str, *, fragment: bool, base_dir: Path | None = None, beside: bool = False
) -> tuple[str, str]:
    """The message and code for a bundled name that does not exist, with "did you mean".

    ``base_dir`` is where a path in the reference would be looked for (the directory of
    the file naming it, ``beside`` it; the working directory by default): a file there
    named like the reference (``our-club`` and ``our-club.yaml``) is almost surely what
    was meant, and the message says how to name it."""
    what = "house rule" if fragment else "variant"
    names = bundled.bundled_house_rules() if fragment else bundled.bundled_variants()
    message = f"unknown bundled {what} {quoted(reference)}"
    found = _file_named(reference, base_dir)
    close = close_matches(reference, names, n=3)
    if found is not None:
        if beside:
            where = "beside this file"
        elif base_dir is None or base_dir.absolute() == Path.cwd():
            where = "in the working directory"
        else:
            where = f"in '{base_dir}'"
        message += f"; to use the file {found!r} {where}, write './{found}'"
    elif close:
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
    return message, ("unknown_house_rule" if fragment else "unknown_variant")


def _file_named(reference: str, base_dir: Path | None) -> str | None:
    """The name of the file in ``base_dir`` that ``reference`` probably means (itself, or
    with ``.yaml`` or ``.yml`` added), or ``None``."""
    if len(reference) > 255:  # longer than any file name
        return None
    directory = Path() if base_dir is None else base_dir
    for name in (reference, f"{reference}.yaml", f"{reference}.yml"):
        if is_file(directory / name):
            return name
    return None
