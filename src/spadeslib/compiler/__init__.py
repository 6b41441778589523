"""The rules compiler: a validated :class:`~spadeslib.variant.Variant` becomes
:class:`Rules`, tables and functions over int bitmasks that the engine calls on every move.

One job per module: :mod:`.layout` (the deck as bits), :mod:`.follow` (legal plays),
:mod:`.tricks` (trick winners, breaking spades), :mod:`.leaders` (the first leader),
:mod:`.bids` (what a bid is), :mod:`.bidding` (which bids are legal), :mod:`.rules` (the
`Rules` object and the cache).
"""

from spadeslib.compiler.rules import Rules, compile_rules
from spadeslib.errors import CardNotInDeckError, RulesArgumentError

__all__ = ["CardNotInDeckError", "Rules", "RulesArgumentError", "compile_rules"]
