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
4. A fragment composed on its own (``spadeslib validate`` of a house-rules file) stands on
   what it ``applies_to:``, a bundled variant or house rule or a path, as on a base; with
   no ``applies_to`` it stands on nothing (the format's defaults). Listed in
   ``house_rules``, its ``applies_to`` is ignored: the listing file says what it is on.

The work is bounded whatever the files say: at most :data:`MAX_EXTENDS` files stand on one
another and :data:`MAX_HOUSE_RULES` house-rules entries count in all, and each file is read
once however often it is named.

Merging (:mod:`~spadeslib.loader.merge`) is deep for mappings; lists and scalars replace.
``name`` and ``description`` are inherited from the base like any key (so ``extends: nyc``
plus a tweak is still called ``nyc`` until the file names itself) but never come from a
fragment: a house rule does not rename a variant, so a fragment's top-level ``name`` and
``description`` describe the fragment only. ``extends``, ``applies_to`` and
``house_rules`` do not appear in the result.
Every key and value of the result keeps the :class:`Mark` of the file that set it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from spadeslib.errors import Problem, VariantError, quoted
from spadeslib.loader import bundled
from spadeslib.loader.document import Document, IncompleteDocument, KeyPath, Mark, dotted
from spadeslib.loader.files import FileProblem, FileStamp, files_read, read_file, stamp
from spadeslib.loader.merge import leaves, merge_layers, same, value_at, without
from spadeslib.loader.references import expanded, no_home, resolved, unknown_name, unnameable
from spadeslib.loader.yaml_source import read_yaml

__all__ = [
    "MAX_EXTENDS",
    "MAX_HOUSE_RULES",
    "FileProblem",
    "FileStamp",
    "compose_file",
    "compose_text",
    "files_read",
    "looks_like_path",
    "merge_layers",
    "read_file",
    "stamp",
    "unknown_name",
]

MAX_EXTENDS = 16
"""Most files one variant may stand on through ``extends`` (and ``applies_to``), one on
another. The bundled variants stand on at most one; a club's file on a few."""

MAX_HOUSE_RULES = 100
"""Most ``house_rules`` entries in one variant, its bases' lists included. Every bundled
house rule at once is fewer, and a club lists a handful."""

_EXTENDS, _APPLIES_TO, _HOUSE_RULES = "extends", "applies_to", "house_rules"
_COMPOSITION = (_EXTENDS, _APPLIES_TO, _HOUSE_RULES)
ROOT_KEYS = _COMPOSITION
"""The keys of a variant's root that this module reads and removes before the models
validate the rest: an unknown key at the root may be a misspelling of one of them."""
_FRAGMENT_ONLY = ("name", "description", *_COMPOSITION)
"""Keys of a house-rules fragment that are not merged: its name and description are its
own, ``applies_to`` says what it is checked on alone, and a fragment does not compose
further (``_check_plain`` reports ``extends`` and ``house_rules``)."""


_NOTHING_SET = (
    "the file sets no key (it is empty, or only comments), and would be the standard game "
    "without saying so; write the variant it starts from, like 'extends: standard', and "
    "then the keys that differ"
)
_NAMED_NOTHING = (
    "the file sets no key (it is empty, or only comments), so naming it changes nothing; "
    "write the keys it should set"
)
"""An empty document: once valid as the format's defaults, which hid a file saved empty
by mistake (or a wrong file named) behind a game that looked right."""


def looks_like_path(reference: str) -> bool:
    """Whether a reference names a file rather than a bundled variant or house rule."""
    return "/" in reference or "\\" in reference or reference.endswith((".yaml", ".yml"))


def compose_file(path: Path) -> Document:
    """Read, parse and compose the variant file at ``path``.

    Raises :class:`~spadeslib.errors.VariantError` with every problem found in the file and
    in the files it names.
    """
    try:
        refused = unnameable(str(path))
        if refused is not None:
            raise FileProblem(refused, "bad_reference")
        data = read_file(path)
    except FileProblem as error:
        raise VariantError(
            [Problem(str(path), None, None, "", error.message, error.code)]
        ) from None
    composer = _Composer()
    document = composer.parse(data, str(path))
    result = composer.compose(document, path.parent, (_Link(resolved(path), str(path)),))
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
    """Composes one variant, collecting problems from every file it touches.

    Each file is read and parsed once however often it is named (its problems reported
    once), and the work is bounded: at most :data:`MAX_EXTENDS` files on a chain and
    :data:`MAX_HOUSE_RULES` house-rules entries in all.
    """

    problems: list[Problem] = field(default_factory=list)
    left_out: bool = False
    """A base, a house rule or a reference in one was left out of the result."""
    house_rules: int = 0
    """House-rules entries taken so far, in every file of the composition."""
    files: dict[Path, Document | FileProblem | None] = field(default_factory=dict)
    """Each file read, by resolved path: its document, why it cannot be read, or ``None``
    when its text stopped parsing (those problems are reported once, when first read)."""
    bundled_files: dict[tuple[str, bool], Path | None] = field(default_factory=dict)
    """Each bundled name looked up (as a house rule, or not), and its file: a lookup lists
    the bundled directory."""

    def raise_problems(self, result: Document) -> None:
        """Raise the problems found, with what was composed despite them."""
        if self.problems:
            raise IncompleteDocument(self.problems, result, left_out=self.left_out)

    def parse(self, text: str | bytes, source: str, *, named: bool = False) -> Document:
        """The document in ``text``; a bad key is reported and left out, the rest kept.
        A syntax error or a limit stops the reading and raises at once. A document that
        sets no key is a problem: ``named`` says it is a base or a house rule another file
        names, not the variant itself."""
        document, problems = read_yaml(text, source)
        self.problems += problems
        if not document.data and not problems:
            message = _NAMED_NOTHING if named else _NOTHING_SET
            self.problems.append(Problem(source, None, None, "", message, "empty_document"))
        return document

    def compose(
        self, document: Document, base_dir: Path, chain: tuple[_Link, ...], depth: int = 0
    ) -> Document:
        """``document`` as a whole variant: on its base, with its house rules. A fragment
        that says what it ``applies_to`` stands on that, as on a base."""
        key, reference = self._base_reference(document)
        base = None
        if reference is not None:
            base = self._base(document, key, reference, base_dir, chain=chain, depth=depth)
        fragments = []
        if key == _APPLIES_TO:  # a fragment checked on its own: its own lists do not count
            self._check_plain(document, (_HOUSE_RULES,))
        else:
            fragments = list(self._fragments(document, base_dir, in_file=bool(chain)))
        for fragment in fragments:
            self._check_plain(fragment.document, (_EXTENDS, _HOUSE_RULES))
        self._check_conflicts(document, fragments)
        layers = [] if base is None else [base]
        layers += [without(fragment.document, _FRAGMENT_ONLY) for fragment in fragments]
        layers.append(without(document, _COMPOSITION))
        result = merge_layers(document.source, layers)
        listed = {
            fragment.document.source: mark
            for fragment in fragments
            if (mark := document.mark_of(fragment.entry)) is not None
        }
        return replace(result, listed_at={**result.listed_at, **listed}) if listed else result

    # -- references ----------------------------------------------------------------------

    def _report(self, document: Document, path: KeyPath, message: str, code: str) -> None:
        """A problem with a reference: what it names is left out of the result."""
        self.problems.append(document.problem(path, message, code))
        self.left_out = True

    def _base_reference(self, document: Document) -> tuple[str, str | None]:
        """Which key names the document's base (``extends``, or ``applies_to`` for a
        fragment checked on its own), and the reference, if it is a usable one."""
        key = _APPLIES_TO if _APPLIES_TO in document.data else _EXTENDS
        if key == _APPLIES_TO and _EXTENDS in document.data:
            self._report(
                document,
                (_APPLIES_TO,),
                "a file either extends a variant (a full variant) or says what it applies_to "
                "(a house-rules fragment), not both; remove one of them",
                "bad_reference",
            )
            key = _EXTENDS
        if key not in document.data:
            return key, None
        value = document.data[key]
        if isinstance(value, str) and value:
            return key, value
        self._report(
            document,
            (key,),
            f"{key} must name a bundled variant or a file, "
            f"like 'standard' or './base.yaml', not {quoted(value)}",
            "bad_reference",
        )
        return key, None

    def _rule_references(self, document: Document) -> Iterator[tuple[str, KeyPath]]:
        value = document.data.get(_HOUSE_RULES, [])
        if not isinstance(value, list):
            self._report(
                document,
                (_HOUSE_RULES,),
                "house_rules must be a list of house "
                f"rule names or files, like [no-nil, ./mine.yaml], not {quoted(value)}",
                "bad_reference",
            )
            return
        for index, item in enumerate(value):
            self.house_rules += 1
            if self.house_rules > MAX_HOUSE_RULES:  # said once, at the first entry too many
                if self.house_rules == MAX_HOUSE_RULES + 1:
                    self._report(
                        document,
                        (_HOUSE_RULES, index),
                        f"more than {MAX_HOUSE_RULES} house rules in one variant (the lists "
                        f"of the files it extends included); the limit is {MAX_HOUSE_RULES}",
                        "too_many_house_rules",
                    )
                self.left_out = True
                return
            if isinstance(item, str) and item:
                yield item, (_HOUSE_RULES, index)
            else:
                self._report(
                    document,
                    (_HOUSE_RULES, index),
                    f"a house rule is a bundled name or a file, not {quoted(item)}",
                    "bad_reference",
                )

    def _resolve(
        self,
        document: Document,
        where: KeyPath,
        reference: str,
        base_dir: Path,
        *,
        fragment: bool,
        in_file: bool,
    ) -> Path | None:
        """The file a reference names, or ``None`` after reporting why there is none. What
        a fragment ``applies_to`` may be a bundled house rule as well as a variant."""
        refused = unnameable(reference)
        if refused is not None:
            self._report(document, where, refused, "bad_reference")
            return None
        if looks_like_path(reference):
            path = expanded(reference)
            if path is None:
                self._report(document, where, no_home(reference, in_file=in_file), "bad_reference")
                return None
            return base_dir / path
        found = self._bundled(reference, fragment=fragment)
        if found is None and where[0] == _APPLIES_TO:
            found = self._bundled(reference, fragment=True)
        if found is None:
            message, code = unknown_name(
                reference, fragment=fragment, base_dir=base_dir, beside=in_file
            )
            self._report(document, where, message, code)
        return found

    def _bundled(self, name: str, *, fragment: bool) -> Path | None:
        if (name, fragment) not in self.bundled_files:
            lookup = bundled.bundled_house_rule_path if fragment else bundled.bundled_variant_path
            self.bundled_files[name, fragment] = lookup(name)
        return self.bundled_files[name, fragment]

    def _read(self, document: Document, where: KeyPath, path: Path) -> Document | None:
        """The document in the file at ``path``, read once however often it is named."""
        key = resolved(path)
        if key not in self.files:
            try:
                self.files[key] = self.parse(read_file(path), str(path), named=True)
            except FileProblem as error:
                self.files[key] = error
            except VariantError as error:
                self.problems.extend(error.problems)
                self.files[key] = None
        found = self.files[key]
        if isinstance(found, FileProblem):
            self._report(document, where, found.message, found.code)
            return None
        if found is None:
            self.left_out = True
        return found

    # -- extends -------------------------------------------------------------------------

    def _base(
        self,
        document: Document,
        key: str,
        reference: str,
        base_dir: Path,
        *,
        chain: tuple[_Link, ...],
        depth: int,
    ) -> Document | None:
        where = (key,)
        if depth >= MAX_EXTENDS:
            ends = f"{chain[0].shown} -> ... -> {chain[-1].shown} -> " if chain else ""
            self._report(
                document,
                where,
                f"{key} goes more than {MAX_EXTENDS} files deep ({ends}{reference}); "
                f"the limit is {MAX_EXTENDS}",
                "extends_too_deep",
            )
            return None
        path = self._resolve(
            document, where, reference, base_dir, fragment=False, in_file=bool(chain)
        )
        if path is None:
            return None
        link = _Link(resolved(path), str(path))
        if any(earlier.resolved == link.resolved for earlier in chain):
            cycle = " -> ".join(item.shown for item in (*chain, link))
            self._report(document, where, f"{key} cycle: {cycle}", "extends_cycle")
            return None
        base = self._read(document, where, path)
        if base is None:
            return None
        return self.compose(base, path.parent, (*chain, link), depth + 1)

    # -- house rules ---------------------------------------------------------------------

    def _fragments(
        self, document: Document, base_dir: Path, *, in_file: bool
    ) -> Iterator[_Fragment]:
        for reference, where in self._rule_references(document):
            path = self._resolve(
                document, where, reference, base_dir, fragment=True, in_file=in_file
            )
            if path is None:
                continue
            fragment = self._read(document, where, path)
            if fragment is not None:
                yield _Fragment(reference, where, fragment)

    def _check_plain(self, fragment: Document, keys: tuple[str, ...]) -> None:
        """Report each of the composition ``keys`` a fragment uses; the fragment's other
        keys still count, what those keys name is left out."""
        for key in keys:
            if key in fragment.data:
                self._report(
                    fragment,
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
            data = without(fragment.document, _FRAGMENT_ONLY).data
            for path, value in leaves(data, ()):
                clash = _clash(owners, under, path, value)
                if clash is not None:
                    self.problems.append(_conflict(document, fragment, *clash))
                owners.setdefault(path, (fragment, value))
                for end in range(len(path)):
                    under.setdefault(path[:end], path)


def _clash(
    owners: dict[KeyPath, tuple[_Fragment, object]],
    under: dict[KeyPath, KeyPath],
    path: KeyPath,
    value: object,
) -> tuple[KeyPath, _Fragment] | None:
    """Where an earlier fragment's setting contradicts ``path: value``, and which fragment."""
    if path in owners:
        fragment, earlier = owners[path]
        return None if same(earlier, value) else (path, fragment)
    for end in range(len(path) - 1, 0, -1):  # an earlier fragment set a parent to a value
        if path[:end] in owners:
            return path[:end], owners[path[:end]][0]
    if path in under:  # an earlier fragment set keys inside what this one sets to a value
        return path, owners[under[path]][0]
    return None


def _conflict(document: Document, later: _Fragment, at: KeyPath, earlier: _Fragment) -> Problem:
    """The problem, placed at the later fragment's entry in the list the user wrote."""
    message = (
        f"house rules {quoted(earlier.reference)} ({_where(earlier.document, at)}) and "
        f"{quoted(later.reference)} ({_where(later.document, at)}) set {dotted(at)} to different "
        f"values: {quoted(value_at(earlier.document.data, at))} and "
        f"{quoted(value_at(later.document.data, at))}; list only one of them"
    )
    mark = document.mark_of(later.entry)
    if mark is None:
        return Problem(document.source, None, None, dotted(at), message, "fragment_conflict")
    return Problem(mark.source, mark.line, mark.column, dotted(at), message, "fragment_conflict")


def _where(document: Document, path: KeyPath) -> str:
    mark: Mark | None = document.mark_of(path)
    return document.source if mark is None else f"{mark.source}:{mark.line}:{mark.column}"
