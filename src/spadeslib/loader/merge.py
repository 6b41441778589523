"""Deep merging of composed layers, and the plain-data helpers composition shares.

Merging is deep for mappings; lists and scalars replace. A mapping whose ``kind`` differs
from the one below replaces it whole, since the keys of one kind mean nothing to another.
Every path of the result keeps the :class:`~spadeslib.loader.document.Mark` of the layer
that set it.
"""

from __future__ import annotations

from collections.abc import Iterator

from spadeslib.loader.document import Document, KeyPath, Mark

__all__ = ["leaves", "merge_layers", "paths", "same", "value_at", "without"]

_KIND = "kind"


def merge_layers(source: str, layers: list[Document]) -> Document:
    """Deep-merge ``layers`` (later wins) into one document named ``source``.

    The mark of each path is the mark from the last layer that has the path: that layer
    set its value, or (for a mapping) was the last to add keys to it.
    """
    data: dict[str, object] = {}
    keys: dict[KeyPath, Mark] = {}
    values: dict[KeyPath, Mark] = {}
    written: dict[KeyPath, str] = {}
    listed_at: dict[str, Mark] = {}
    for layer in layers:
        data = _merge_mappings(data, layer.data)
        keys.update(layer.keys)
        values.update(layer.values)
        written.update(layer.written)
        listed_at.update(layer.listed_at)
    present = set(paths(data, ()))
    return Document(
        source,
        data,
        {path: mark for path, mark in keys.items() if path in present},
        {path: mark for path, mark in values.items() if path in present},
        {path: text for path, text in written.items() if path in present},
        listed_at,
    )


def _merge_mappings(base: dict[str, object], over: dict[str, object]) -> dict[str, object]:
    result = dict(base)
    for key, value in over.items():
        result[key] = _merge(result[key], value) if key in result else value
    return result


def _merge(base: object, over: object) -> object:
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return over
    if _KIND in over and base.get(_KIND) != over[_KIND]:
        return over
    return _merge_mappings(base, over)


def without(document: Document, keys: tuple[str, ...]) -> Document:
    """The document without some top-level keys (marks are filtered when merging)."""
    if not any(key in document.data for key in keys):
        return document
    data = {key: value for key, value in document.data.items() if key not in keys}
    return Document(
        document.source,
        data,
        document.keys,
        document.values,
        document.written,
        document.listed_at,
    )


def paths(value: object, path: KeyPath) -> Iterator[KeyPath]:
    """Every path in ``value``, ``path`` itself first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def leaves(value: dict[str, object], path: KeyPath) -> Iterator[tuple[KeyPath, object]]:
    """Every value a fragment sets: scalars and lists, at the end of a chain of mappings."""
    for key, item in value.items():
        if isinstance(item, dict):
            yield from leaves(item, (*path, key))
        else:
            yield (*path, key), item


def same(first: object, second: object) -> bool:
    """Equal and of the same types throughout (``True``, ``1`` and ``1.0`` differ here)."""
    if type(first) is not type(second):
        return False
    if isinstance(first, list) and isinstance(second, list):
        return len(first) == len(second) and all(map(same, first, second))
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(same(first[k], second[k]) for k in first)
    return first == second


def value_at(data: object, path: KeyPath) -> object:
    """The value at ``path`` in plain data, or ``None`` where there is none."""
    for part in path:
        if not (isinstance(data, dict) and isinstance(part, str) and part in data):
            return None
        data = data[part]
    return data
