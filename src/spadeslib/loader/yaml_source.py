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
"""

from __future__ import annotations

import codecs
import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal, Protocol, cast

import yaml
from yaml.constructor import SafeConstructor
from yaml.reader import Reader
from yaml.resolver import Resolver

from spadeslib.errors import Problem, VariantError
from spadeslib.loader.document import Document, KeyPath, Mark, dotted

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "parse_yaml", "read_yaml"]

MAX_BYTES = 1_000_000
"""Largest document accepted, in bytes (or characters for ``str`` input). A full variant
written out with every default is a few kilobytes."""

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists. The variant format nests five levels."""

MAX_NODES = 10_000
"""Most keys and values a document may have, counting every alias expansion again. This
is what stops an alias bomb; a full variant written out with every default has about 200."""

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
_CONSTRUCTOR = SafeConstructor()
_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = frozenset(_TAG + name for name in ("null", "bool", "int", "float", "str"))
_AS_TEXT_TAGS = frozenset(_TAG + name for name in ("timestamp", "value"))
_MAP_TAG, _SEQ_TAG, _MERGE_TAG = _TAG + "map", _TAG + "seq", _TAG + "merge"


class _Stop(Exception):
    """Parsing cannot go on; carries the one problem that says why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


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
        builder = _Builder(source)
        data = builder.build_root(root)
    except _Stop as stop:
        raise VariantError([stop.problem]) from None
    return Document(source, data, builder.keys, builder.values, builder.written), builder.problems


# -- text -------------------------------------------------------------------------------


def _decode(text: str | bytes, source: str) -> str:
    """Text within the size limit, decoded strictly and free of characters YAML forbids."""
    size = len(text)
    if size > MAX_BYTES:
        unit = "bytes" if isinstance(text, bytes) else "characters"
        raise _Stop(
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
        raise _Stop(
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
        raise _Stop(
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


class _Position(Protocol):
    """A PyYAML mark (the pure Python and the libyaml ones are different classes)."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


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


def _mark(source: str, position: _Position | None) -> Mark:
    if position is None:
        return Mark(source, 1, 1)
    return Mark(source, position.line + 1, position.column + 1)


def _stop_at(mark: Mark, path: KeyPath, message: str, code: str) -> _Stop:
    return _Stop(Problem(mark.source, mark.line, mark.column, dotted(path), message, code))


# -- events to nodes --------------------------------------------------------------------


@dataclass(slots=True)
class _Node:
    """A YAML node: a scalar's text, or a collection's items (a mapping's alternate keys
    and values; an alias's one target), with its resolved tag and where it starts."""

    kind: Literal["scalar", "sequence", "mapping", "alias"]
    tag: str
    mark: Mark
    text: str = ""
    items: list[_Node] = field(default_factory=list)

    def pairs(self) -> Iterator[tuple[_Node, _Node]]:
        return zip(self.items[::2], self.items[1::2], strict=True)


@dataclass(slots=True)
class _Composer:
    """Builds nodes from events, enforcing the depth and size limits as it goes.

    Anchors are registered when their node is complete, so an alias can never point into
    its own node: a recursive structure is an "undefined alias", not an infinite loop.
    """

    source: str
    anchors: dict[str, _Node] = field(default_factory=dict)
    open: list[tuple[_Node, str | None]] = field(default_factory=list)
    root: _Node | None = None
    count: int = 0
    documents: int = 0

    def compose(self, text: str) -> _Node | None:
        try:
            for event in yaml.parse(text, Loader=_EVENT_LOADER):
                self._event(event)
        except yaml.MarkedYAMLError as error:
            raise _Stop(self._syntax_problem(error)) from None
        except yaml.YAMLError as error:  # a reader error, which has no mark
            raise _Stop(
                Problem(self.source, None, None, "", f"YAML error: {error}", "yaml_syntax")
            ) from None
        return self.root

    def _syntax_problem(self, error: yaml.MarkedYAMLError) -> Problem:
        mark = _mark(self.source, error.problem_mark or error.context_mark)
        if "nesting depth" in str(error.problem):  # libyaml >= 0.2.5 has a limit of its own
            return Problem(
                self.source,
                mark.line,
                mark.column,
                "",
                f"the document nests deeper than {MAX_DEPTH} levels",
                "too_deep",
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
                raise _stop_at(
                    _mark(self.source, event.start_mark),
                    (),
                    "only one YAML document is allowed (found a second '---')",
                    "multiple_documents",
                )
        elif isinstance(event, yaml.NodeEvent):
            mark = _mark(self.source, event.start_mark)
            self._count(mark)
            if isinstance(event, yaml.AliasEvent):
                target = self._alias(event.anchor or "", mark)
                self._add(_Node("alias", target.tag, mark, items=[target]))
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
            raise _stop_at(
                mark,
                (),
                f"the document has more than {MAX_NODES:,} keys and values",
                "too_many_nodes",
            )

    def _alias(self, anchor: str, mark: Mark) -> _Node:
        node = self.anchors.get(anchor)
        if node is None:
            raise _stop_at(
                mark,
                (),
                f"alias *{anchor} refers to no anchor defined before it "
                "(an alias may not point into its own anchored value)",
                "undefined_alias",
            )
        return node

    def _scalar(self, event: yaml.ScalarEvent, mark: Mark) -> _Node:
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolve(event.value, event.implicit)
        return _Node("scalar", tag, mark, text=event.value)

    def _start(self, event: yaml.CollectionStartEvent, mark: Mark) -> None:
        if isinstance(event, yaml.MappingStartEvent):
            node = _Node("mapping", event.tag or _MAP_TAG, mark)
        else:
            node = _Node("sequence", event.tag or _SEQ_TAG, mark)
        self.open.append((node, event.anchor))
        if len(self.open) > MAX_DEPTH:
            raise _stop_at(
                mark, (), f"the document nests deeper than {MAX_DEPTH} levels", "too_deep"
            )

    def _add(self, node: _Node, anchor: str | None = None) -> None:
        if anchor is not None:
            self.anchors[anchor] = node
        if self.open:
            self.open[-1][0].items.append(node)
        else:
            self.root = node


# -- nodes to plain data ----------------------------------------------------------------


@dataclass(slots=True)
class _Builder:
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

    def build_root(self, root: _Node | None) -> dict[str, object]:
        if root is None or (root.kind == "scalar" and root.tag == _TAG + "null"):
            self.values[()] = Mark(self.source, 1, 1)
            return {}
        if root.kind != "mapping":
            what = "a list" if root.kind == "sequence" else repr(_short(root.text))
            raise _stop_at(
                root.mark,
                (),
                f"a variant document must be a mapping of keys to values, not {what}",
                "not_a_mapping",
            )
        return cast(dict[str, object], self._build(root, ()))

    def _build(self, node: _Node, path: KeyPath) -> object:
        self.visits += 1
        if self.visits > MAX_NODES:
            raise _stop_at(
                node.mark,
                path,
                f"the document expands to more than {MAX_NODES:,} values (too many aliases)",
                "too_many_nodes",
            )
        if len(path) > MAX_DEPTH:
            raise _stop_at(
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
            if node.tag in _SCALAR_TAGS and node.tag != _TAG + "str":
                self.written[path] = _short(node.text)
            return self._scalar(node, path)
        if node.kind == "sequence":
            self._check_tag(node, path, _SEQ_TAG)
            return [self._build(item, (*path, index)) for index, item in enumerate(node.items)]
        return self._mapping(node, path)

    def _mapping(self, node: _Node, path: KeyPath) -> dict[str, object]:
        self._check_tag(node, path, _MAP_TAG)
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
                        f"duplicate key {key!r}: first at line {first.line}, "
                        f"column {first.column}, again at line {key_node.mark.line}, column "
                        f"{key_node.mark.column}",
                        "duplicate_key",
                    )
                )
                continue
            self.keys[where] = key_node.mark
            result[key] = self._build(value_node, where)
        return result

    def _key(self, node: _Node, path: KeyPath) -> str | None:
        """The key as text, or ``None`` after recording why it is not a usable key."""
        if node.kind == "scalar" and node.tag == _TAG + "str":
            return node.text
        if node.kind == "scalar" and node.tag == _MERGE_TAG:
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

    def _scalar(self, node: _Node, path: KeyPath) -> object:
        if node.tag in _AS_TEXT_TAGS:
            return node.text
        if node.tag not in _SCALAR_TAGS:
            self._check_tag(node, path, _TAG + "str")
            return node.text
        try:
            scalar = yaml.ScalarNode(node.tag, node.text)
            return _CONSTRUCTOR.yaml_constructors[node.tag](_CONSTRUCTOR, scalar)
        except (ValueError, LookupError, ArithmeticError):
            # PyYAML's constructors trust the resolver: under an explicit tag, text that is
            # no bool or number fails with whatever error its parsing hits first.
            self.problems.append(_problem(node.mark, path, _unreadable(node), "bad_scalar"))
            return None

    def _check_tag(self, node: _Node, path: KeyPath, expected: str) -> None:
        if node.tag != expected:
            self.problems.append(
                _problem(
                    node.mark,
                    path,
                    f"unsupported YAML tag "
                    f"{node.tag!r}; only plain values, lists and "
                    "mappings are allowed",
                    "unsupported_tag",
                )
            )


_TAGGED_AS = {"bool": "true or false", "int": "a whole number", "float": "a number"}
_LONGEST_NUMBER = 4_300  # digits Python converts by default (sys.get_int_max_str_digits)


def _unreadable(node: _Node) -> str:
    """Why a scalar cannot be read: a number too long for Python, or text that is not what
    its explicit tag (``!!bool x``) says."""
    shown = repr(_short(node.text))
    name = node.tag.removeprefix(_TAG)
    if name == "int" and len(node.text) > _LONGEST_NUMBER:
        return f"cannot read {shown} as a number ({len(node.text):,} characters)"
    return f"cannot read {shown} as {_TAGGED_AS.get(name, name)}: it is tagged !!{name}"


def _problem(mark: Mark, path: KeyPath, message: str, code: str) -> Problem:
    return Problem(mark.source, mark.line, mark.column, dotted(path), message, code)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
