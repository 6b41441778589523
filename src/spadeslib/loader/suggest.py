""" "Did you mean": the names close to a word someone wrote.

:func:`difflib.get_close_matches` costs time in proportion to the word's length (it
indexes every character of it), and the word comes from a file or a record anyone may
have written: a 5 MB value where a kind's name belongs took seconds. Names are short, so a
word much longer than any name is close to none, and is not compared at all.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["close_matches"]

_LONGEST = 100
"""Longest word compared: every name, key and kind of the format is far shorter."""


def close_matches(word: str, names: Iterable[str], *, n: int = 1) -> list[str]:
    """The (at most ``n``) ``names`` close to ``word``, closest first."""
    if len(word) > _LONGEST:
        return []
    return difflib.get_close_matches(word, list(names), n=n, cutoff=0.6)
