"""Safe, bounded YAML parsing into plain data plus a :class:`Mark` for every key and value.

PyYAML's loaders fall short here in three ways, so this module does the composing and
constructing itself from PyYAML's event stream:

- they keep the last of two duplicate keys silently, and a duplicated rule in a house-rules
  file is a mistake the writer needs to hear about;
- they forget line numbers once the data is built, and every later error needs them;
- they expand aliases without limit (the "billion laughs") and recurse once per nesting
  level, so hostile input costs unbounded time, memory or a crashed interpreter.

Events (rather than ``yaml.compose``) let us stop at the first limit crossed: the C
composer cannot be interrupted and recurses in C on deep nesting, and the pure Python one
is far too slow for a megabyte. We use libyaml's event parser when PyYAML has it.
Only plain scalars and the core tags are accepted; no Python object is ever constructed.

This module reads the text and composes the events into nodes; the nodes, and how they
become plain data with their marks, are :mod:`.yaml_nodes`.
"""

from __future__ import annotations

import codecs
import functools
from dataclasses import dataclass, field
from typing import cast

import yaml
from yaml.reader import Reader
from yaml.resolver import Resolver

from spadeslib.errors import Problem, VariantError
from spadeslib.loader.document import Document, Mark
from spadeslib.loader.yaml_nodes import (
    MAP_TAG,
    MAX_DEPTH,
    MAX_NODES,
    SEQ_TAG,
    Builder,
    Node,
    Stop,
    mark_at,
    stop_at,
)

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "parse_yaml", "read_yaml"]

MAX_BYTES = 1_000_000
"""Largest document accepted, in bytes (or characters for ``str`` input). A full variant
written out with every default is a few kilobytes."""

_EVENT_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = Resolver()


def _resolve(value: str, implicit: tuple[bool, bool]) -> str:
    """The tag of an untagged scalar (``5`` is an int, ``yes`` a bool).

    Short values are cached: the resolver tries several regular expressions and real files
    repeat their values. Long ones are not, so the cache never holds much text.
    """
    if len(value) <= 64:
        return _resolve_short(value, implicit)
    return _resolve_any(value, implicit)


def _resolve_any(value: str, implicit: tuple[bool, bool]) -> str:
    return cast(
        str,
        _RESOLVER.resolve(  # type: ignore[no-untyped-call]
            yaml.ScalarNode, value, implicit
        ),
    )


_resolve_short = functools.lru_cache(maxsize=1024)(_resolve_any)


def parse_yaml(text: str | bytes, source: str = "<string>") -> Document:
    """Parse one YAML document whose top level is a mapping into a :class:`Document`.

    ``bytes`` must be UTF-8 (a byte-order mark is allowed). An empty document is an empty
    mapping. Raises :class:`~spadeslib.errors.VariantError` listing every duplicate or
    non-text key and unsupported tag, or the one limit or syntax error that stopped parsing.
    """
    document, problems = read_yaml(text, source)
    if problems:
        raise VariantError(problems)
    return document


def read_yaml(text: str | bytes, source: str = "<string>") -> tuple[Document, list[Problem]]:
    """:func:`parse_yaml`, returning the problems with the document read despite them (each
    bad key left out, the rest kept), so the loader can check the rest too. A limit or a
    syntax error stops the reading and raises, as there is no document to go on with."""
    try:
        decoded = _decode(text, source)
        root = _Composer(source).compose(decoded)
        builder = Builder(source)
        data = builder.build_root(root)
    except Stop as stop:
        raise VariantError([stop.problem]) from None
    return Document(source, data, builder.keys, builder.values, builder.written), builder.problems


# -- text -------------------------------------------------------------------------------


def _decode(text: str | bytes, source: str) -> str:
    """Text within the size limit, decoded strictly and free of characters YAML forbids."""
    size = len(text)
    if size > MAX_BYTES:
        unit = "bytes" if isinstance(text, bytes) else "characters"
        raise Stop(
            Problem(
                source,
                None,
                None,
                "",
                f"the document is {size:,} {unit}; the limit is {MAX_BYTES:,}",
                "too_large",
            )
        )
    if isinstance(text, bytes):
        text = _decode_utf8(text, source)
    bad = Reader.NON_PRINTABLE.search(text)
    if bad is not None:
        line, column = _line_column(text, bad.start())
        raise Stop(
            Problem(
                source,
                line,
                column,
                "",
                f"character {bad.group()!r} is not allowed in YAML text",
                "bad_character",
            )
        )
    return text


def _decode_utf8(data: bytes, source: str) -> str:
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[start : error.start].decode("utf-8", "replace")) + 1
        byte = data[error.start]
        raise Stop(
            Problem(
                source,
                line,
                column,
                "",
                f"not UTF-8: byte {byte:#04x} cannot be decoded; save the file as UTF-8",
                "not_utf8",
            )
        ) from None


def _line_column(text: str, index: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


# PyYAML's words for the mistakes people make most, and what to write instead: its own
# text stays first, so nothing it says is lost.
_SYNTAX_HINTS: tuple[tuple[str, str], ...] = (
    ("tab character", "indent with spaces: YAML does not allow tabs"),
    (
        "cannot start any token",
        "YAML cannot read this character here: indent with spaces, not tabs, and put a "
        "value that starts with '@', '`' or '%' in quotes",
    ),
    (
        "mapping values are not allowed",
        "a key is indented deeper than the key above it, or a value contains ': ' "
        "(line the key up with the others, or put the value in quotes)",
    ),
    (
        "did not find expected key",
        "this line is indented differently from the keys beside it: line it up with "
        "them, or indent it under its parent key",
    ),
    ("expected ',' or ']'", "a [list] is not closed with ']'"),
    ("expected ',' or '}'", "a {mapping} is not closed with '}'"),
)


def _indenting_tab(text: str, error: yaml.MarkedYAMLError) -> tuple[int, int] | None:
    """The line and column of a tab in the indentation of a line the syntax error spans
    (from where its context starts to where it was found), or ``None``.

    PyYAML words a tab in many ways, most not naming it ("mapping values are not allowed
    here"), and often names the line its scan began on rather than the line with the tab:
    the tab is what the writer has to find, so the problem is placed on it."""
    found = error.problem_mark
    if found is None:
        return None
    start = error.context_mark.line if error.context_mark is not None else found.line
    lines = text.split("\n", found.line + 1)[: found.line + 1]
    for index in range(found.line, max(min(start, found.line), 0) - 1, -1):
        line = lines[index] if index < len(lines) else ""
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent:
            return index + 1, indent.index("\t") + 1
    return None


# -- events to nodes --------------------------------------------------------------------


@dataclass(slots=True)
class _Composer:
    """Builds nodes from events, enforcing the depth and size limits as it goes.

    Anchors are registered when their node is complete, so an alias can never point into
    its own node: a recursive structure is an "undefined alias", not an infinite loop.
    """

    source: str
    text: str = ""
    anchors: dict[str, Node] = field(default_factory=dict)
    open: list[tuple[Node, str | None]] = field(default_factory=list)
    root: Node | None = None
    count: int = 0
    documents: int = 0

    def compose(self, text: str) -> Node | None:
        self.text = text
        try:
            for event in yaml.parse(text, Loader=_EVENT_LOADER):
                self._event(event)
        except yaml.MarkedYAMLError as error:
            raise Stop(self._syntax_problem(error)) from None
        except yaml.YAMLError as error:  # a reader error, which has no mark
            raise Stop(
                Problem(self.source, None, None, "", f"YAML error: {error}", "yaml_syntax")
            ) from None
        return self.root

    def _syntax_problem(self, error: yaml.MarkedYAMLError) -> Problem:
        mark = mark_at(self.source, error.problem_mark or error.context_mark)
        if "nesting depth" in str(error.problem):  # libyaml >= 0.2.5 has a limit of its own
            return Problem(
                self.source,
                mark.line,
                mark.column,
                "",
                f"the document nests deeper than {MAX_DEPTH} levels",
                "too_deep",
            )
        tab = _indenting_tab(self.text, error)
        if tab is not None:
            line, column = tab
            return Problem(
                self.source,
                line,
                column,
                "",
                f"YAML syntax error: line {line} is indented with a tab (column {column}); "
                "indent with spaces: YAML does not allow tabs",
                "yaml_syntax",
            )
        message = f"YAML syntax error: {error.problem or error.context}"
        if error.context and error.problem and error.context_mark is not None:
            message += f" ({error.context} at line {error.context_mark.line + 1})"
        hint = next((hint for words, hint in _SYNTAX_HINTS if words in message), None)
        if hint:
            message += f"; {hint}"
        return Problem(self.source, mark.line, mark.column, "", message, "yaml_syntax")

    def _event(self, event: yaml.Event) -> None:
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise stop_at(
                    mark_at(self.source, event.start_mark),
                    (),
                    "only one YAML document is allowed (found a second '---')",
                    "multiple_documents",
                )
        elif isinstance(event, yaml.NodeEvent):
            mark = mark_at(self.source, event.start_mark)
            self._count(mark)
            if isinstance(event, yaml.AliasEvent):
                target = self._alias(event.anchor or "", mark)
                self._add(Node("alias", target.tag, mark, items=[target]))
            elif isinstance(event, yaml.ScalarEvent):
                self._add(self._scalar(event, mark), event.anchor)
            elif isinstance(event, yaml.CollectionStartEvent):
                self._start(event, mark)
        elif isinstance(event, yaml.CollectionEndEvent):
            node, anchor = self.open.pop()
            self._add(node, anchor)

    def _count(self, mark: Mark) -> None:
        self.count += 1
        if self.count > MAX_NODES:
            raise stop_at(
                mark,
                (),
                f"the document has more than {MAX_NODES:,} keys and values",
                "too_many_nodes",
            )

    def _alias(self, anchor: str, mark: Mark) -> Node:
        node = self.anchors.get(anchor)
        if node is None:
            raise stop_at(
                mark,
                (),
                f"alias *{anchor} refers to no anchor defined before it "
                "(an alias may not point into its own anchored value)",
                "undefined_alias",
            )
        return node

    def _scalar(self, event: yaml.ScalarEvent, mark: Mark) -> Node:
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolve(event.value, event.implicit)
        return Node("scalar", tag, mark, text=event.value)

    def _start(self, event: yaml.CollectionStartEvent, mark: Mark) -> None:
        if isinstance(event, yaml.MappingStartEvent):
            node = Node("mapping", event.tag or MAP_TAG, mark)
        else:
            node = Node("sequence", event.tag or SEQ_TAG, mark)
        self.open.append((node, event.anchor))
        if len(self.open) > MAX_DEPTH:
            raise stop_at(
                mark, (), f"the document nests deeper than {MAX_DEPTH} levels", "too_deep"
            )

    def _add(self, node: Node, anchor: str | None = None) -> None:
        if anchor is not None:
            self.anchors[anchor] = node
        if self.open:
            self.open[-1][0].items.append(node)
        else:
            self.root = node
