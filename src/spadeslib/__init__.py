"""spadeslib: the card game Spades in all its house-rule forms.

The pipeline runs one way: YAML text -> :mod:`spadeslib.loader` -> :class:`Variant`
(validated, frozen) -> :meth:`Variant.compile` -> :class:`~spadeslib.compiler.Rules`
(tables and functions) -> the engine, bots, command line and adapters.

Every public name is importable from here. Only the cards and the errors load eagerly:
building the pydantic models costs a few hundred milliseconds, so a program that only
parses cards or catches :class:`SpadesError` does not pay for them. The other names load
on first use (PEP 562), and a type checker sees them all through the imports below.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

from spadeslib import _wiring
from spadeslib._version import __version__
from spadeslib.cards import Card
from spadeslib.errors import (
    ArgumentError,
    IllegalActionError,
    Problem,
    RecordError,
    SearchTimeout,
    SpadesError,
    VariantError,
)

if _typing.TYPE_CHECKING:
    from spadeslib._backend import backend
    from spadeslib.compiler import Rules
    from spadeslib.engine import (
        Action,
        ActionParseError,
        DealResult,
        Game,
        LegalActions,
        Observation,
    )
    from spadeslib.loader import bundled_house_rules, bundled_variants
    from spadeslib.policies.playouts import Playouts, playouts
    from spadeslib.scoring import (
        Contract,
        DealScore,
        GameResult,
        ScoringError,
        SideScore,
        Standing,
        game_result,
        score_deal,
    )
    from spadeslib.simulation import compare, simulate
    from spadeslib.variant import Variant, load_variant, parse_variant, validate


# name -> the module that defines it; loaded by __getattr__ on first access.
_LAZY: dict[str, str] = {
    "Variant": "spadeslib.variant",
    "Rules": "spadeslib.compiler",
    "load_variant": "spadeslib.variant",
    "parse_variant": "spadeslib.variant",
    "validate": "spadeslib.variant",
    "bundled_variants": "spadeslib.loader",
    "bundled_house_rules": "spadeslib.loader",
    "Game": "spadeslib.engine",
    "Action": "spadeslib.engine",
    "ActionParseError": "spadeslib.engine",
    "DealResult": "spadeslib.engine",
    "LegalActions": "spadeslib.engine",
    "Observation": "spadeslib.engine",
    "score_deal": "spadeslib.scoring",
    "playouts": "spadeslib.policies.playouts",
    "Playouts": "spadeslib.policies.playouts",
    "backend": "spadeslib._backend",
    "game_result": "spadeslib.scoring",
    "Contract": "spadeslib.scoring",
    "Standing": "spadeslib.scoring",
    "SideScore": "spadeslib.scoring",
    "DealScore": "spadeslib.scoring",
    "GameResult": "spadeslib.scoring",
    "ScoringError": "spadeslib.scoring",
    "simulate": "spadeslib.simulation",
    "compare": "spadeslib.simulation",
}

__all__ = [
    "Action",
    "ActionParseError",
    "ArgumentError",
    "Card",
    "Contract",
    "DealResult",
    "DealScore",
    "Game",
    "GameResult",
    "IllegalActionError",
    "LegalActions",
    "Observation",
    "Playouts",
    "Problem",
    "RecordError",
    "Rules",
    "ScoringError",
    "SearchTimeout",
    "SideScore",
    "SpadesError",
    "Standing",
    "Variant",
    "VariantError",
    "__version__",
    "backend",
    "bundled_house_rules",
    "bundled_variants",
    "compare",
    "game_result",
    "load_variant",
    "parse_variant",
    "playouts",
    "score_deal",
    "simulate",
    "validate",
]


def _compile_variant(variant: Variant) -> Rules:
    """:meth:`Variant.compile`'s entry into the compiler (:mod:`spadeslib._wiring`): the
    compiler is imported on the first call, which then puts it in this entry's place."""
    from spadeslib.compiler.rules import compile_rules

    _wiring.compile_variant = compile_rules
    return compile_rules(variant)


_wiring.compile_variant = _compile_variant


def __getattr__(name: str) -> _typing.Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'spadeslib' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    """The public API only (``__all__``), not the helpers this module imports."""
    return sorted(__all__)
