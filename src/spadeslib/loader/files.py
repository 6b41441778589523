"""Reading variant files: bounded in size, refused with a reason, and noted as read.

A file named on the command line, in ``extends`` or in ``house_rules`` is read here: never
skipped silently (a missing or unreadable file is a :class:`FileProblem` the composer
reports at the reference), never read past the size limit, and stamped (path, size,
modification time) so that the loader's cache knows when a loaded variant is stale.
"""

from __future__ import annotations

import contextvars
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from spadeslib.loader.yaml_source import MAX_BYTES

__all__ = ["FileProblem", "FileStamp", "files_read", "read_file", "stamp"]


class FileProblem(Exception):
    """A file that cannot be read as a variant source; ``code`` is a Problem code."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


FileStamp = tuple[str, int, int]
"""A file read while composing: its resolved path, size and modification time (ns)."""

_READ: contextvars.ContextVar[list[FileStamp] | None] = contextvars.ContextVar(
    "spadeslib_files_read", default=None
)


@contextmanager
def files_read() -> Iterator[list[FileStamp]]:
    """Collect every file :func:`read_file` reads inside the block (the loader's cache
    keys a loaded variant on them: when none has changed, neither has the variant)."""
    stamps: list[FileStamp] = []
    token = _READ.set(stamps)
    try:
        yield stamps
    finally:
        _READ.reset(token)


def stamp(path: str) -> FileStamp | None:
    """The :data:`FileStamp` of ``path`` now, or ``None`` if it cannot be read."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (path, info.st_size, info.st_mtime_ns)


def read_file(path: Path) -> bytes:
    """The bytes of a variant file, read no further than the size limit.

    Raises :class:`FileProblem` for a missing file, a directory, a device or an
    unreadable or oversized file: never skip a named file silently.
    """
    stamps = _READ.get()
    if stamps is not None:
        found = stamp(os.path.abspath(path))
        if found is not None:
            stamps.append(found)
    try:
        if not path.exists():
            raise FileProblem(f"file not found: '{path}'", "file_not_found")
        if path.is_dir():
            raise FileProblem(f"'{path}' is a directory, not a variant file", "is_a_directory")
        if not path.is_file():
            raise FileProblem(f"'{path}' is not a regular file", "not_a_file")
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise FileProblem(
            f"cannot read '{path}': {error.strerror or error}", "unreadable"
        ) from None
    if len(data) > MAX_BYTES:
        raise FileProblem(f"'{path}' is larger than the limit of {MAX_BYTES:,} bytes", "too_large")
    return data
