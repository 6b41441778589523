"""Where a step hands its work to the step above it without importing it.

:meth:`Variant.compile` is the variant's entry into the compiler, the step above it in
the pipeline (docs/architecture.md); nothing lower imports anything higher, so the
variant calls :data:`compile_variant` here, and the package's facade
(``spadeslib/__init__.py``, which Python runs before any of its submodules) fills the slot
with an entry that imports the compiler on its first call. ``import spadeslib`` stays
light, and no import runs back up the pipeline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.variant import Variant

__all__ = ["compile_variant"]


def _unwired(variant: Variant) -> Rules:  # pragma: no cover - the facade wires it first
    raise RuntimeError("spadeslib's facade did not wire the compiler (spadeslib/__init__.py)")


compile_variant: Callable[[Variant], Rules] = _unwired
"""The compiler's entry (``spadeslib.compiler.rules.compile_rules``), set by the facade."""
