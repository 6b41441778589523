"""The compiled rules kept for reuse, and the memos made from them: bounded.

A server makes a table from each user's house-rules file, and each distinct variant's
:class:`~spadeslib.compiler.Rules` with what hangs on it (its action ids, its native
tables, its memos of legal bids) costs 150 to 250 KB. Kept for ever, they grow until the
process is killed (issue 27: 435 MB after 3,000 variants). So the compiler keeps the rules
of the :data:`RULES_KEPT` variants compiled or asked for most recently, and everything
derived from a :class:`Rules` lives on it (:meth:`Rules.derived`, the action space, the
native kernel, the memos of :func:`rules_cache`) and goes with it. Rules still in use
stay alive as long as their user (a :class:`~spadeslib.engine.Game` holds its rules), and
equal variants share one :class:`Rules` for as long as it is alive.

A variant already compiled is found by identity first: hashing a variant (a whole pydantic
model) costs about 25 µs, and ``Variant.compile()`` is asked on every new game and every
score. The identity entries hold neither the variant nor its rules, so they cost nothing
once either is gone.
"""

from __future__ import annotations

import functools
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.variant.root import Variant

__all__ = ["RULES", "RULES_KEPT", "RulesCache", "memo_sizes", "rules_cache"]

RULES_KEPT: Final = 256
"""How many variants' compiled rules the compiler keeps when nothing else uses them, the
most recently used first: about 60 MB at most (``docs/performance.md``)."""

F = TypeVar("F", bound=Callable[..., Any])


class RulesCache:
    """The compiled rules of the ``size`` variants used most recently (see the module
    docstring): found by the variant object, or by an equal variant."""

    __slots__ = ("_by_object", "_by_value", "_last", "_lock", "_recent", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        """The most rules kept for reuse."""
        self._recent: OrderedDict[Rules, None] = OrderedDict()
        self._by_value: weakref.WeakValueDictionary[Variant, Rules] = weakref.WeakValueDictionary()
        self._by_object: dict[int, tuple[weakref.ref[Variant], weakref.ref[Rules]]] = {}
        self._lock = threading.Lock()
        self._last: tuple[Variant | None, Rules | None] = (None, None)
        """The variant found last and its rules: most programs ask for one variant again
        and again, and this answers them without touching the order (they are already
        the most recent)."""

    def __len__(self) -> int:
        """The rules kept for reuse (at most :attr:`size`)."""
        return len(self._recent)

    def find(self, variant: Variant) -> Rules | None:
        """The rules of ``variant`` or of a variant equal to it, if some are alive."""
        last = self._last
        if last[0] is variant:
            return last[1]
        entry = self._by_object.get(id(variant))
        if entry is not None and entry[0]() is variant:
            rules = entry[1]()
            if rules is not None:
                try:
                    self._recent.move_to_end(rules)
                except KeyError:  # evicted, yet still in use: kept again
                    self._keep(rules)
                self._last = (variant, rules)
                return rules
        rules = self._by_value.get(variant)
        if rules is not None:
            self.keep(variant, rules)
        return rules

    def keep(self, variant: Variant, rules: Rules) -> Rules:
        """Keep ``rules``, the rules of ``variant``, for reuse; return them."""
        key = id(variant)

        def forget(ref: weakref.ref[Variant]) -> None:
            entry = self._by_object.get(key)
            if entry is not None and entry[0] is ref:
                del self._by_object[key]

        with self._lock:
            self._by_value.setdefault(variant, rules)
            self._by_object[key] = (weakref.ref(variant, forget), weakref.ref(rules))
        self._keep(rules)
        self._last = (variant, rules)
        return rules

    def _keep(self, rules: Rules) -> None:
        with self._lock:
            recent = self._recent
            recent[rules] = None
            recent.move_to_end(rules)
            while len(recent) > self.size:
                recent.popitem(last=False)

    def resize(self, size: int) -> None:
        """Keep at most ``size`` rules from now on (the least recently used go first)."""
        self.size = size
        with self._lock:
            self._last = (None, None)
            while len(self._recent) > size:
                self._recent.popitem(last=False)

    def clear(self) -> None:
        """Keep no rules for reuse (those in use stay alive, and are still found)."""
        with self._lock:
            self._last = (None, None)
            self._recent.clear()


RULES: Final = RulesCache(RULES_KEPT)
"""The compiler's one cache of compiled rules (:func:`spadeslib.compiler.compile_rules`)."""


_MEMOS: list[tuple[str, Callable[[Rules], object], int]] = []
"""Every memo :func:`rules_cache` makes: its function's name, its key in
:meth:`Rules.derived`, its bound."""


def memo_sizes(rules: Rules) -> dict[str, tuple[int, int]]:
    """Each memo of :func:`rules_cache` kept on ``rules``: its function's name, to its
    entries and its bound."""
    out = {}
    for name, build, maxsize in _MEMOS:
        memo = rules._derived.get(build)
        if memo is not None:
            out[name] = (memo.cache_info().currsize, maxsize)  # type: ignore[attr-defined]
    return out


def _itself(rules: Rules) -> Rules:
    return rules


def rules_cache(maxsize: int, rules_of: Callable[[Any], Rules] = _itself) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` for a function of a :class:`Rules` (or of an object
    of one rules, found by ``rules_of``, like its action space) and more arguments, with
    one memo per rules kept on them (:meth:`Rules.derived`): the memo goes with its rules,
    where one global ``lru_cache`` keyed on the rules would keep thousands of rules alive.
    ``maxsize`` bounds each memo. Pass the arguments by position (the memos are on hot
    paths: no keyword arguments to pack)."""

    def decorate(function: F) -> F:
        def build(rules: Rules) -> Callable[..., Any]:
            return functools.lru_cache(maxsize)(function)

        if rules_of is _itself:

            def cached(rules: Rules, /, *args: object) -> object:
                memo = rules._derived.get(build)
                if memo is None:
                    memo = rules.derived(build)
                return memo(rules, *args)  # type: ignore[operator]

        else:

            def cached(first: object, /, *args: object) -> object:  # type: ignore[misc]
                rules = rules_of(first)
                memo = rules._derived.get(build)
                if memo is None:
                    memo = rules.derived(build)
                return memo(first, *args)  # type: ignore[operator]

        functools.update_wrapper(cached, function)
        _MEMOS.append((f"{function.__module__}.{function.__qualname__}", build, maxsize))
        return cast(F, cached)

    return decorate
