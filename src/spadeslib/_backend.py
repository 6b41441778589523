"""Which engine plays: the native core (the C extension ``spadeslib._native``) or the
pure-Python reference, as CPython's accelerator modules do it (PEP 399).

The extension is built by ``pip install`` where a C compiler exists and is optional:
without it everything runs in Python, only slower. ``SPADESLIB_PURE_PYTHON=1`` in the
environment forces Python (read once, at import); :func:`pure_python` does so for a block
of code, for tests that hold the two paths to the same answers.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Literal

__all__ = ["PyStateCore", "StateCore", "backend", "native", "pure_python"]


def _load() -> ModuleType | None:
    if os.environ.get("SPADESLIB_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        import spadeslib._native as module
    except ImportError:
        return None
    loaded: ModuleType = module
    return loaded


_NATIVE = _load()
_forced = [False]


class PyStateCore:
    """The base of the engine's state in Python: the two fields a game's native loop
    reads (``src/native/game.c`` declares them in C as ``StateCore``), as plain slots."""

    __slots__ = ("deals_played", "play")


StateCore: type = PyStateCore if _NATIVE is None else _NATIVE.StateCore
"""The engine's ``State`` is built on this: the native core's ``StateCore`` where it is
built, :class:`PyStateCore` where it is not (the one place that chooses)."""


def native() -> ModuleType | None:
    """The native core's module, or ``None`` when Python plays."""
    return None if _forced[0] else _NATIVE


def backend() -> Literal["native", "python"]:
    """``"native"`` when the C core plays, ``"python"`` when the pure-Python reference does.

    The native core plays every variant spadeslib can load (2 to 6 players, one or two
    packs, up to 108 cards). It is missing when the package was installed without a C
    compiler, or on a compiler without 128-bit integers (gcc and clang on 64-bit systems
    have them); ``SPADESLIB_PURE_PYTHON=1`` turns it off. Either way every result is the
    same: the two are tested against each other."""
    return "python" if native() is None else "native"


@contextmanager
def pure_python() -> Iterator[None]:
    """Play in Python inside the block: games, rules and playouts made inside it use the
    pure-Python reference even where the native core is built."""
    before = _forced[0]
    _forced[0] = True
    try:
        yield
    finally:
        _forced[0] = before
