"""Composition: ``extends:`` a base variant, apply ``house_rules:`` fragments, then the file.

The rules, in the order they apply:

1. ``extends: <name or path>`` starts from another full variant, itself composed first. A
   name is a bundled variant (``variants/*.yaml``); anything with a ``/`` or ending in
   ``.yaml``/``.yml`` is a path, relative to the directory of the file that names it (to
   the working directory for text that has no file). A cycle of ``extends`` is an error.
2. ``house_rules: [<name or path>, ...]`` applies each fragment in order. A bundled name is
   ``variants/house-rules/<name>.yaml``. A fragment is a plain set of keys: it may not use
   ``extends`` or ``house_rules`` itself (list the fragments in a full variant instead).
   Two fragments of one list that set the same key to different values are an error: the
   file does not say which one it meant.
3. The file's own keys apply last and may override anything, silently: that is the point
   of writing them.

Merging is deep for mappings; lists and scalars replace. A mapping whose ``kind`` differs
from the one below replaces it whole, since the keys of one kind mean nothing to another.
``name`` and ``description`` are inherited from the base like any key (so ``extends: nyc``
plus a tweak is still called ``nyc`` until the file names itself) but never come from a
fragment: a house rule does not rename a variant, so a fragment's top-level ``name`` and
``description`` describe the fragment only. ``extends`` and ``house_rules`` do not appear
in the result.
Every key and value of the result keeps the :class:`Mark` of the file that set it.
"""

from __future__ import annotations

import contextvars
import difflib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from spadeslib.errors import Problem, VariantError
from spadeslib.loader import bundled
from spadeslib.loader.document import Document, IncompleteDocument, KeyPath, Mark, dotted
from spadeslib.loader.yaml_source import MAX_BYTES, read_yaml

__all__ = [
    "FileProblem",
    "compose_file",
    "compose_text",
    "looks_like_path",
    "merge_layers",
    "read_file",
    "unknown_name",
]

_EXTENDS, _HOUSE_RULES, _KIND = "extends", "house_rules", "kind"
_FRAGMENT_ONLY = ("name", "description", _EXTENDS, _HOUSE_RULES)
"""Keys of a house-rules fragment that are not merged: its name and description are its
own, and a fragment does not compose further (``_check_plain`` reports those keys)."""


class FileProblem(Exception):
    """A file that cannot be read as a variant source; ``code`` is a Problem code."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def looks_like_path(reference: str) -> bool:
    """Whether a reference names a file rather than a bundled variant or house rule."""
    return "/" in reference or "\\" in reference or reference.endswith((".yaml", ".yml"))


FileStamp = tuple[str, int, int]
"""A file read while composing: its resolved path, size and modification time (ns)."""

_READ: contextvars.ContextVar[list[FileStamp] | None] = contextvars.ContextVar(
    "spadeslib_files_read", default=None
)


@contextmanager
def files_read() -> Iterator[list[FileStamp]]:
    """Collect every file :func:`read_file` reads inside the block (the loader's cache
    keys a loaded variant on them: when none has changed, neither has the variant)."""
    stamps: list[FileStamp] = []
    token = _READ.set(stamps)
    try:
        yield stamps
    finally:
        _READ.reset(token)


def stamp(path: str) -> FileStamp | None:
    """The :data:`FileStamp` of ``path`` now, or ``None`` if it cannot be read."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (path, info.st_size, info.st_mtime_ns)


def read_file(path: Path) -> bytes:
    """The bytes of a variant file, read no further than the size limit.

    Raises :class:`FileProblem` for a missing file, a directory, a device or an
    unreadable or oversized file: never skip a named file silently.
    """
    stamps = _READ.get()
    if stamps is not None:
        found = stamp(os.path.abspath(path))
        if found is not None:
            stamps.append(found)
    try:
        if not path.exists():
            raise FileProblem(f"file not found: '{path}'", "file_not_found")
        if path.is_dir():
            raise FileProblem(f"'{path}' is a directory, not a variant file", "is_a_directory")
        if not path.is_file():
            raise FileProblem(f"'{path}' is not a regular file", "not_a_file")
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise FileProblem(
            f"cannot read '{path}': {error.strerror or error}", "unreadable"
        ) from None
    if len(data) > MAX_BYTES:
        raise FileProblem(f"'{path}' is larger than the limit of {MAX_BYTES:,} bytes", "too_large")
    return data


def compose_file(path: Path) -> Document:
    """Read, parse and compose the variant file at ``path``.

    Raises :class:`~spadeslib.errors.VariantError` with every problem found in the file and
    in the files it names.
    """
    try:
        data = read_file(path)
    except FileProblem as error:
        raise VariantError(
            [Problem(str(path), None, None, "", error.message, error.code)]
        ) from None
    composer = _Composer()
    document = composer.parse(data, str(path))
    result = composer.compose(document, path.parent, (_Link(path.resolve(), str(path)),))
    composer.raise_problems(result)
    return result


def compose_text(
    text: str | bytes, source: str = "<string>", base_dir: Path | None = None
) -> Document:
    """Parse and compose variant text; relative references resolve against ``base_dir``
    (the working directory by default)."""
    composer = _Composer()
    document = composer.parse(text, source)
    result = composer.compose(document, base_dir or Path.cwd(), ())
    composer.raise_problems(result)
    return result


@dataclass(frozen=True, slots=True)
class _Link:
    """One file on the current ``extends`` chain: its resolved path and its display name."""

    resolved: Path
    shown: str


@dataclass(frozen=True, slots=True)
class _Fragment:
    reference: str
    entry: KeyPath  # where the document lists it, like ("house_rules", 2)
    document: Document


@dataclass(slots=True)
class _Composer:
    """Composes one document, collecting problems from every file it touches."""

    problems: list[Problem] = field(default_factory=list)
    left_out: bool = False
    """A base, a house rule or a reference in one was left out of the result."""

    def raise_problems(self, result: Document) -> None:
        """Raise the problems found, with what was composed despite them."""
        if self.problems:
            raise IncompleteDocument(self.problems, result, left_out=self.left_out)

    def parse(self, text: str | bytes, source: str) -> Document:
        """The document in ``text``; a bad key is reported and left out, the rest kept.
        A syntax error or a limit stops the reading and raises at once."""
        document, problems = read_yaml(text, source)
        self.problems += problems
        return document

    def compose(self, document: Document, base_dir: Path, chain: tuple[_Link, ...]) -> Document:
        extends = self._extends_reference(document)
        base = None if extends is None else self._base(document, extends, base_dir, chain)
        fragments = list(self._fragments(document, base_dir))
        for fragment in fragments:
            self._check_plain(fragment)
        self._check_conflicts(document, fragments)
        layers = [] if base is None else [base]
        layers += [_without(fragment.document, _FRAGMENT_ONLY) for fragment in fragments]
        layers.append(_without(document, (_EXTENDS, _HOUSE_RULES)))
        return merge_layers(document.source, layers)

    # -- references ----------------------------------------------------------------------

    def _report(self, document: Document, path: KeyPath, message: str, code: str) -> None:
        """A problem with a reference: what it names is left out of the result."""
        self.problems.append(document.problem(path, message, code))
        self.left_out = True

    def _extends_reference(self, document: Document) -> str | None:
        if _EXTENDS not in document.data:
            return None
        value = document.data[_EXTENDS]
        if isinstance(value, str) and value:
            return value
        self._report(
            document,
            (_EXTENDS,),
            "extends must name a bundled variant or a file, "
            f"like 'standard' or './base.yaml', not {value!r}",
            "bad_reference",
        )
        return None

    def _rule_references(self, document: Document) -> Iterator[tuple[str, KeyPath]]:
        value = document.data.get(_HOUSE_RULES, [])
        if not isinstance(value, list):
            self._report(
                document,
                (_HOUSE_RULES,),
                "house_rules must be a list of house "
                f"rule names or files, like [no-nil, ./mine.yaml], not {value!r}",
                "bad_reference",
            )
            return
        for index, item in enumerate(value):
            if isinstance(item, str) and item:
                yield item, (_HOUSE_RULES, index)
            else:
                self._report(
                    document,
                    (_HOUSE_RULES, index),
                    f"a house rule is a bundled name or a file, not {item!r}",
                    "bad_reference",
                )

    def _resolve(
        self, document: Document, where: KeyPath, reference: str, base_dir: Path, *, fragment: bool
    ) -> Path | None:
        """The file a reference names, or ``None`` after reporting why there is none."""
        if looks_like_path(reference):
            return base_dir / Path(reference).expanduser()
        lookup = bundled.bundled_house_rule_path if fragment else bundled.bundled_variant_path
        found = lookup(reference)
        if found is None:
            message, code = unknown_name(reference, fragment=fragment)
            self._report(document, where, message, code)
        return found

    def _read(self, document: Document, where: KeyPath, path: Path) -> Document | None:
        try:
            return self.parse(read_file(path), str(path))
        except FileProblem as error:
            self._report(document, where, error.message, error.code)
        except VariantError as error:
            self.problems.extend(error.problems)
            self.left_out = True
        return None

    # -- extends -------------------------------------------------------------------------

    def _base(
        self, document: Document, reference: str, base_dir: Path, chain: tuple[_Link, ...]
    ) -> Document | None:
        where = (_EXTENDS,)
        path = self._resolve(document, where, reference, base_dir, fragment=False)
        if path is None:
            return None
        link = _Link(path.resolve(), str(path))
        if any(earlier.resolved == link.resolved for earlier in chain):
            cycle = " -> ".join(item.shown for item in (*chain, link))
            self._report(document, where, f"extends cycle: {cycle}", "extends_cycle")
            return None
        base = self._read(document, where, path)
        if base is None:
            return None
        return self.compose(base, path.parent, (*chain, link))

    # -- house rules ---------------------------------------------------------------------

    def _fragments(self, document: Document, base_dir: Path) -> Iterator[_Fragment]:
        for reference, where in self._rule_references(document):
            path = self._resolve(document, where, reference, base_dir, fragment=True)
            if path is None:
                continue
            fragment = self._read(document, where, path)
            if fragment is not None:
                yield _Fragment(reference, where, fragment)

    def _check_plain(self, fragment: _Fragment) -> None:
        """Report each composition key a fragment uses; the fragment's other keys still
        count, what those keys name is left out."""
        for key in (_EXTENDS, _HOUSE_RULES):
            if key in fragment.document.data:
                self._report(
                    fragment.document,
                    (key,),
                    f"a house-rules fragment cannot use "
                    f"'{key}'; list the fragments in a full variant instead",
                    "fragment_reference",
                )

    def _check_conflicts(self, document: Document, fragments: list[_Fragment]) -> None:
        """Report two fragments that set one key (or a key and its parent) differently."""
        owners: dict[KeyPath, tuple[_Fragment, object]] = {}
        under: dict[KeyPath, KeyPath] = {}  # each proper prefix of an owned leaf -> the leaf
        for fragment in fragments:
            data = _without(fragment.document, _FRAGMENT_ONLY).data
            for path, value in _leaves(data, ()):
                clash = _clash(owners, under, path, value)
                if clash is not None:
                    self.problems.append(_conflict(document, fragment, *clash))
                owners.setdefault(path, (fragment, value))
                for end in range(len(path)):
                    under.setdefault(path[:end], path)


def unknown_name(reference: str, *, fragment: bool) -> tuple[str, str]:
    """The message and code for a bundled name that does not exist, with "did you mean"."""
    what = "house rule" if fragment else "variant"
    names = bundled.bundled_house_rules() if fragment else bundled.bundled_variants()
    message = f"unknown bundled {what} {reference!r}"
    close = difflib.get_close_matches(reference, names, n=3, cutoff=0.6)
    if close:
        message += "; did you mean " + " or ".join(repr(name) for name in close) + "?"
    elif fragment and names:
        # Eighty names on one line help nobody; the list command says what each one does.
        message += "; 'spadeslib list' shows every bundled house rule and what it does"
    elif names:
        message += f"; the bundled {what}s are: " + ", ".join(names)
    else:
        message += " (this installation has no bundled variants)"
    other = bundled.bundled_variants() if fragment else bundled.bundled_house_rules()
    if reference in other:
        message += (
            f" ({reference!r} is a full variant: use 'extends: {reference}')"
            if fragment
            else f" ({reference!r} is a house rule: list it under house_rules)"
        )
    if Path(reference).is_file():
        message += f" (to use the file {reference!r}, write './{reference}')"
    return message, ("unknown_house_rule" if fragment else "unknown_variant")


# -- merging ------------------------------------------------------------------------------


def merge_layers(source: str, layers: list[Document]) -> Document:
    """Deep-merge ``layers`` (later wins) into one document named ``source``.

    The mark of each path is the mark from the last layer that has the path: that layer
    set its value, or (for a mapping) was the last to add keys to it.
    """
    data: dict[str, object] = {}
    keys: dict[KeyPath, Mark] = {}
    values: dict[KeyPath, Mark] = {}
    for layer in layers:
        data = _merge_mappings(data, layer.data)
        keys.update(layer.keys)
        values.update(layer.values)
    present = set(_paths(data, ()))
    return Document(
        source,
        data,
        {path: mark for path, mark in keys.items() if path in present},
        {path: mark for path, mark in values.items() if path in present},
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


def _without(document: Document, keys: tuple[str, ...]) -> Document:
    """The document without some top-level keys (marks are filtered when merging)."""
    if not any(key in document.data for key in keys):
        return document
    data = {key: value for key, value in document.data.items() if key not in keys}
    return Document(document.source, data, document.keys, document.values)


def _paths(value: object, path: KeyPath) -> Iterator[KeyPath]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _leaves(value: dict[str, object], path: KeyPath) -> Iterator[tuple[KeyPath, object]]:
    """Every value a fragment sets: scalars and lists, at the end of a chain of mappings."""
    for key, item in value.items():
        if isinstance(item, dict):
            yield from _leaves(item, (*path, key))
        else:
            yield (*path, key), item


def _same(first: object, second: object) -> bool:
    """Equal and of the same types throughout (``True``, ``1`` and ``1.0`` differ here)."""
    if type(first) is not type(second):
        return False
    if isinstance(first, list) and isinstance(second, list):
        return len(first) == len(second) and all(map(_same, first, second))
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(_same(first[k], second[k]) for k in first)
    return first == second


def _clash(
    owners: dict[KeyPath, tuple[_Fragment, object]],
    under: dict[KeyPath, KeyPath],
    path: KeyPath,
    value: object,
) -> tuple[KeyPath, _Fragment] | None:
    """Where an earlier fragment's setting contradicts ``path: value``, and which fragment."""
    if path in owners:
        fragment, earlier = owners[path]
        return None if _same(earlier, value) else (path, fragment)
    for end in range(len(path) - 1, 0, -1):  # an earlier fragment set a parent to a value
        if path[:end] in owners:
            return path[:end], owners[path[:end]][0]
    if path in under:  # an earlier fragment set keys inside what this one sets to a value
        return path, owners[under[path]][0]
    return None


def _conflict(document: Document, later: _Fragment, at: KeyPath, earlier: _Fragment) -> Problem:
    """The problem, placed at the later fragment's entry in the list the user wrote."""
    message = (
        f"house rules {earlier.reference!r} ({_where(earlier.document, at)}) and "
        f"{later.reference!r} ({_where(later.document, at)}) set {dotted(at)} to different "
        f"values: {_value_at(earlier.document.data, at)!r} and "
        f"{_value_at(later.document.data, at)!r}; list only one of them"
    )
    mark = document.mark_of(later.entry)
    if mark is None:
        return Problem(document.source, None, None, dotted(at), message, "fragment_conflict")
    return Problem(mark.source, mark.line, mark.column, dotted(at), message, "fragment_conflict")


def _where(document: Document, path: KeyPath) -> str:
    mark = document.mark_of(path)
    return document.source if mark is None else f"{mark.source}:{mark.line}:{mark.column}"


def _value_at(data: object, path: KeyPath) -> object:
    for part in path:
        if not (isinstance(data, dict) and isinstance(part, str) and part in data):
            return None
        data = data[part]
    return data
