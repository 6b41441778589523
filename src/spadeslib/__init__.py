"""spadeslib: the card game Spades in all its house-rule forms.

The pipeline runs one way: YAML text -> :mod:`spadeslib.loader` -> :class:`Variant`
(validated, frozen) -> :meth:`Variant.compile` -> :class:`~spadeslib.compiler.Rules`
(tables and functions) -> the engine, bots, command line and adapters.
"""

from spadeslib.cards import Card
from spadeslib.errors import IllegalActionError, Problem, RecordError, SpadesError, VariantError
from spadeslib.variant import Variant

__version__ = "0.1.0"

__all__ = [
    "Card",
    "IllegalActionError",
    "Problem",
    "RecordError",
    "SpadesError",
    "Variant",
    "VariantError",
    "__version__",
]
