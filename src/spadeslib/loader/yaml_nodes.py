"""YAML nodes and the plain data they become: the tree :mod:`.yaml_source` composes from
PyYAML's events, and the :class:`Builder` that turns it into data with a mark for every key
and value, collecting every key problem.

Both steps stop at the same limits (:data:`MAX_DEPTH`, :data:`MAX_NODES`): the composer
counts the nodes written, the builder the values they expand to through aliases.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal, Protocol, cast

import yaml
from yaml.constructor import SafeConstructor

from spadeslib.errors import Problem, quoted
from spadeslib.loader.document import KeyPath, Mark, dotted

__all__ = ["MAX_DEPTH", "MAX_NODES", "Builder", "Node", "Stop", "mark_at", "stop_at"]

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists. The variant format nests five levels."""

MAX_NODES = 10_000
"""Most keys and values a document may have, counting every alias expansion again. This
is what stops an alias bomb; a full variant written out with every default has about 200."""

_CONSTRUCTOR = SafeConstructor()
TAG = "tag:yaml.org,2002:"
SCALAR_TAGS = frozenset(TAG + name for name in ("null", "bool", "int", "float", "str"))
AS_TEXT_TAGS = frozenset(TAG + name for name in ("timestamp", "value"))
MAP_TAG, SEQ_TAG, MERGE_TAG = TAG + "map", TAG + "seq", TAG + "merge"


class Stop(Exception):
    """Parsing cannot go on; carries the one problem that says why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class Position(Protocol):
    """A PyYAML mark (the pure Python and the libyaml ones are different classes)."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


def mark_at(source: str, position: Position | None) -> Mark:
    """Where PyYAML's ``position`` (counted from 0) is, counted from 1 as editors do."""
    if position is None:
        return Mark(source, 1, 1)
    return Mark(source, position.line + 1, position.column + 1)


def stop_at(mark: Mark, path: KeyPath, message: str, code: str) -> Stop:
    """The :class:`Stop` for a problem at ``mark``, under the key ``path``."""
    return Stop(Problem(mark.source, mark.line, mark.column, dotted(path), message, code))


@dataclass(slots=True)
class Node:
    """A YAML node: a scalar's text, or a collection's items (a mapping's alternate keys
    and values; an alias's one target), with its resolved tag and where it starts."""

    kind: Literal["scalar", "sequence", "mapping", "alias"]
    tag: str
    mark: Mark
    text: str = ""
    items: list[Node] = field(default_factory=list)

    def pairs(self) -> Iterator[tuple[Node, Node]]:
        return zip(self.items[::2], self.items[1::2], strict=True)


@dataclass(slots=True)
class Builder:
    """Turns nodes into plain data, recording marks and collecting every key problem.

    Aliases are expanded by visiting the anchored node again, and every visit counts
    against :data:`MAX_NODES`: that bounds the work of everything downstream (merging,
    validation), which sees the expanded data.
    """

    source: str
    keys: dict[KeyPath, Mark] = field(default_factory=dict)
    values: dict[KeyPath, Mark] = field(default_factory=dict)
    written: dict[KeyPath, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    visits: int = 0

    def build_root(self, root: Node | None) -> dict[str, object]:
        if root is None or (root.kind == "scalar" and root.tag == TAG + "null"):
            self.values[()] = Mark(self.source, 1, 1)
            return {}
        if root.kind != "mapping":
            what = "a list" if root.kind == "sequence" else repr(_short(root.text))
            raise stop_at(
                root.mark,
                (),
                f"a variant document must be a mapping of keys to values, not {what}",
                "not_a_mapping",
            )
        return cast(dict[str, object], self._build(root, ()))

    def _build(self, node: Node, path: KeyPath) -> object:
        self.visits += 1
        if self.visits > MAX_NODES:
            raise stop_at(
                node.mark,
                path,
                f"the document expands to more than {MAX_NODES:,} values (too many aliases)",
                "too_many_nodes",
            )
        if len(path) > MAX_DEPTH:
            raise stop_at(
                node.mark,
                path,
                f"the document nests deeper than {MAX_DEPTH} levels (through aliases)",
                "too_deep",
            )
        self.values[path] = node.mark
        if node.kind == "alias":  # the value is the anchored one; its place is the alias
            value = self._build(node.items[0], path)
            self.values[path] = node.mark
            return value
        if node.kind == "scalar":
            if node.tag in SCALAR_TAGS and node.tag != TAG + "str":
                self.written[path] = _short(node.text)
            return self._scalar(node, path)
        if node.kind == "sequence":
            self._check_tag(node, path, SEQ_TAG)
            return [self._build(item, (*path, index)) for index, item in enumerate(node.items)]
        return self._mapping(node, path)

    def _mapping(self, node: Node, path: KeyPath) -> dict[str, object]:
        self._check_tag(node, path, MAP_TAG)
        result: dict[str, object] = {}
        for key_node, value_node in node.pairs():
            key = self._key(key_node, path)
            if key is None:
                continue
            where = (*path, key)
            if key in result:
                first = self.keys[where]
                self.problems.append(
                    _problem(
                        key_node.mark,
                        where,
                        f"duplicate key {quoted(key)}: first at line {first.line}, "
                        f"column {first.column}, again at line {key_node.mark.line}, column "
                        f"{key_node.mark.column}",
                        "duplicate_key",
                    )
                )
                continue
            self.keys[where] = key_node.mark
            result[key] = self._build(value_node, where)
        return result

    def _key(self, node: Node, path: KeyPath) -> str | None:
        """The key as text, or ``None`` after recording why it is not a usable key."""
        if node.kind == "scalar" and node.tag == TAG + "str":
            return node.text
        if node.kind == "scalar" and node.tag == MERGE_TAG:
            self.problems.append(
                _problem(
                    node.mark,
                    path,
                    "YAML merge keys ('<<') are not "
                    "supported; use 'extends:' or write the keys out",
                    "merge_key",
                )
            )
            return None
        if node.kind == "scalar":
            shown = repr(self._scalar(node, path))
        else:
            shown = "a list" if node.kind == "sequence" else "a mapping"
        self.problems.append(
            _problem(
                node.mark,
                path,
                f"keys must be text, not {shown}; quote it if you meant the text",
                "key_not_text",
            )
        )
        return None

    def _scalar(self, node: Node, path: KeyPath) -> object:
        if node.tag in AS_TEXT_TAGS:
            return node.text
        if node.tag not in SCALAR_TAGS:
            self._check_tag(node, path, TAG + "str")
            return node.text
        try:
            scalar = yaml.ScalarNode(node.tag, node.text)
            return _CONSTRUCTOR.yaml_constructors[node.tag](_CONSTRUCTOR, scalar)
        except (ValueError, LookupError, ArithmeticError):
            # PyYAML's constructors trust the resolver: under an explicit tag, text that is
            # no bool or number fails with whatever error its parsing hits first.
            self.problems.append(_problem(node.mark, path, _unreadable(node), "bad_scalar"))
            return None

    def _check_tag(self, node: Node, path: KeyPath, expected: str) -> None:
        if node.tag != expected:
            self.problems.append(
                _problem(
                    node.mark,
                    path,
                    f"unsupported YAML tag "
                    f"{quoted(node.tag)}; only plain values, lists and "
                    "mappings are allowed",
                    "unsupported_tag",
                )
            )


_TAGGED_AS = {"bool": "true or false", "int": "a whole number", "float": "a number"}
_LONGEST_NUMBER = 4_300  # digits Python converts by default (sys.get_int_max_str_digits)


def _unreadable(node: Node) -> str:
    """Why a scalar cannot be read: a number too long for Python, or text that is not what
    its explicit tag (``!!bool x``) says."""
    shown = repr(_short(node.text))
    name = node.tag.removeprefix(TAG)
    if name == "int" and len(node.text) > _LONGEST_NUMBER:
        return f"cannot read {shown} as a number ({len(node.text):,} characters)"
    return f"cannot read {shown} as {_TAGGED_AS.get(name, name)}: it is tagged !!{name}"


def _problem(mark: Mark, path: KeyPath, message: str, code: str) -> Problem:
    return Problem(mark.source, mark.line, mark.column, dotted(path), message, code)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
