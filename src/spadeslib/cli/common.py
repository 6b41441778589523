"""What every command shares: reading a variant argument, failing in words, printing.

An argument that names a variant is, on the command line, always one of three things
(never YAML text): ``-`` is standard input; an existing file, or anything that looks like
a path (a ``/`` or ``\\`` in it, or a ``.yaml``/``.yml`` ending), is a file; anything
else is a bundled variant's name (an unknown one gets the nearest names suggested).
Standard input is read once and remembered, so ``spadeslib diff - -`` compares it with
itself rather than with nothing.

Output for people goes through :func:`console`: colour and tables from ``rich`` on a
terminal, plain text in a pipe or with ``NO_COLOR`` set. Output for programs (``--json``)
is :func:`json_text`, never decorated.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

if TYPE_CHECKING:
    from rich.console import Console

    from spadeslib.errors import Problem
    from spadeslib.variant import Variant

__all__ = [
    "PROG",
    "STDIN",
    "STDIN_NAME",
    "Failure",
    "UsageFailure",
    "console",
    "display_name",
    "forget_stdin",
    "json_text",
    "load",
    "problems_of",
    "read_stdin",
]

PROG: Final = "spadeslib"
STDIN: Final = "-"
"""The argument that means standard input."""
STDIN_NAME: Final = "<stdin>"
"""How standard input is named in problems and reports."""


class Failure(Exception):
    """A reason to stop with exit status 1, already worded for the user."""

    def __init__(self, *lines: str) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class UsageFailure(Failure):
    """A combination of arguments that cannot work together: exit status 2, as argparse
    gives for its own usage errors."""


_stdin_cache: list[bytes] = []


def forget_stdin() -> None:
    """Start a new command: standard input has not been read yet (``main`` calls this,
    so in-process runs, as the tests make, each read their own input)."""
    _stdin_cache.clear()


def read_stdin() -> bytes:
    """Standard input's bytes, read once per process (up to one byte past the loader's
    size limit, so an oversized input is reported as such without being read whole)."""
    if not _stdin_cache:
        from spadeslib.loader.yaml_source import MAX_BYTES

        stream = getattr(sys.stdin, "buffer", None)
        if stream is not None:
            data = stream.read(MAX_BYTES + 1)
        else:  # a text stream without bytes underneath (a test's StringIO)
            data = sys.stdin.read(MAX_BYTES + 1).encode("utf-8")
        _stdin_cache.append(data)
    return _stdin_cache[0]


def display_name(argument: str) -> str:
    """The argument as reports name it: ``<stdin>`` for ``-``, else as given."""
    return STDIN_NAME if argument == STDIN else argument


def _is_path(argument: str) -> bool:
    from spadeslib.loader.compose import looks_like_path

    return looks_like_path(argument) or os.path.isfile(argument)


def load(argument: str) -> Variant:
    """The variant an argument names (see the module docstring); a :class:`Failure`
    listing every problem if it is invalid or missing."""
    from spadeslib.errors import VariantError

    try:
        return _load(argument)
    except VariantError as error:
        raise Failure(*(str(problem) for problem in error.problems)) from error


def problems_of(argument: str) -> list[Problem]:
    """Every problem of the variant an argument names, in reading order; ``[]`` if valid."""
    from spadeslib.errors import VariantError

    try:
        _load(argument)
    except VariantError as error:
        return list(error.problems)
    return []


def _load(argument: str) -> Variant:
    from spadeslib.variant import load_variant, parse_variant

    if argument == STDIN:
        return parse_variant(read_stdin(), STDIN_NAME, base_dir=Path.cwd())
    if _is_path(argument):
        return load_variant(Path(argument))
    return load_variant(argument)


def json_text(value: Any) -> str:
    """``value`` as indented JSON, non-ASCII kept (card symbols, names)."""
    return json.dumps(value, indent=2, ensure_ascii=False)


def console(stream: TextIO | None = None) -> Console:
    """A ``rich`` console on ``stream`` (default: the current ``sys.stdout``): colour on a
    terminal unless ``NO_COLOR`` is set, plain text otherwise, never wider than the
    terminal (80 columns in a pipe)."""
    from rich.console import Console

    stream = sys.stdout if stream is None else stream
    terminal = _is_terminal(stream)
    return Console(
        file=stream,
        force_terminal=terminal,
        no_color=bool(os.environ.get("NO_COLOR")) or not terminal,
        highlight=False,
        soft_wrap=not terminal,
        width=None if terminal else 100,
    )


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
