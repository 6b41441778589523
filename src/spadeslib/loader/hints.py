"""What to write instead: the fixes a wrong value's message offers, where one is clear.

A person who wrote ``remove: 2C`` needs ``remove: [2C]``, one who wrote ``'500'`` the
number without quotes, one who wrote ``[no_spades]`` the mapping ``{kind: no_spades}``:
:mod:`~spadeslib.loader.problems` says what was expected, and this module what to write.
"""

from __future__ import annotations

import re

from spadeslib.errors import quoted
from spadeslib.loader.document import Document, KeyPath
from spadeslib.loader.locations import Located, allowed_keys, list_item, union_tags
from spadeslib.loader.suggest import close_matches

__all__ = ["without_quotes", "wrong_type_hint"]


def wrong_type_hint(kind: str, located: Located, document: Document, value: object) -> str:
    """The fix for a value of the wrong type (pydantic's error ``kind``), or ``""``."""
    if isinstance(value, str) and kind == "int_type" and _INT.fullmatch(value.strip()):
        return without_quotes(value)
    if isinstance(value, str | int) and _one_item(kind, located, value):
        return _bracket_hint(document, located.path, value)
    if isinstance(value, str):
        return _kind_hint(value, union_tags(located.expected))
    if isinstance(value, int | float) and kind == "string_type":
        written = document.written.get(located.path, quoted(value).lower())
        key = located.path[-1] if located.path else ""
        example = f"{key}: '{written}'" if isinstance(key, str) and key else f"'{written}'"
        return f"; put it in quotes to make it text: {example}"
    return ""


_SHORT = 40
"""Most characters of a value that a fix written out in a message repeats."""


def _one_item(kind: str, located: Located, value: str | int) -> bool:
    """Whether ``value`` looks like one item written without the list around it."""
    if kind not in ("list_type", "tuple_type"):
        return False
    element = list_item(located.expected)
    plain = element is not None and not allowed_keys(element) and not union_tags(element)
    return plain and type(value) is not bool  # (a mapping's item, or true, would not do)


def _bracket_hint(document: Document, path: KeyPath, value: str | int) -> str:
    """For one item written where a list of them belongs (``remove: 2C``)."""
    written = document.written.get(path, str(value))
    if len(written) > _SHORT:  # (no room to repeat it: the message quotes it, cut short)
        return ""
    key = path[-1] if path else ""
    return f"; write {key}: [{written}]" if isinstance(key, str) and key else f"; write [{written}]"


def _kind_hint(value: str, tags: list[str]) -> str:
    """For a kind's name written where its mapping belongs (``[no_spades]``)."""
    close = close_matches(value.strip(), tags)
    if not close:
        return ""
    hint = f"{{kind: {close[0]}}}"
    return f"; write {hint}" if close[0] == value.strip() else f"; did you mean {hint}?"


_INT = re.compile(r"[+-]?\d+")


def without_quotes(number: str) -> str:
    """The hint for a number written as quoted text (``'500'``), which YAML reads as text."""
    digits = number.strip()
    shown = digits if len(digits) <= _SHORT else digits[: _SHORT - 3] + "..."
    return f" (write the number without quotes: {shown})"
