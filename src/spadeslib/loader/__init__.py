"""Loading variants: YAML text or files -> composed plain data -> a validated model.

The steps, each in its own module: :mod:`~spadeslib.loader.yaml_source` parses safely
into the nodes of :mod:`~spadeslib.loader.yaml_nodes`, which become plain data with a mark
(file, line, column) for every key and value;
:mod:`~spadeslib.loader.compose` applies ``extends`` and ``house_rules`` (finding what they
name with :mod:`~spadeslib.loader.references`, merging with :mod:`~spadeslib.loader.merge`);
:mod:`~spadeslib.loader.problems` validates against the model and turns every error into a
:class:`~spadeslib.errors.Problem` placed in the file that caused it
(:mod:`~spadeslib.loader.placement`); :mod:`~spadeslib.loader.files` reads files within
their limits; :mod:`~spadeslib.loader.bundled` finds the variant files shipped with
spadeslib.

The functions here take the model to validate against (:func:`load`, :func:`parse`,
:func:`problems_in`), so the loader knows nothing of the format, not even its name, and
can be tested on its own; the format binds them to its own model
(``spadeslib.variant.load_variant`` and its neighbours, in ``variant/files.py``).
"""

from __future__ import annotations

import os
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from spadeslib.errors import Problem, VariantError
from spadeslib.loader import yaml_source
from spadeslib.loader.bundled import (
    bundled_dir,
    bundled_house_rules,
    bundled_variant_path,
    bundled_variants,
)
from spadeslib.loader.compose import (
    MAX_EXTENDS,
    MAX_HOUSE_RULES,
    FileStamp,
    compose_file,
    compose_text,
    files_read,
    looks_like_path,
    stamp,
    unknown_name,
)
from spadeslib.loader.document import Document, IncompleteDocument, Mark
from spadeslib.loader.problems import in_reading_order, validate_document
from spadeslib.loader.yaml_source import parse_yaml

__all__ = [
    "PROBLEM_CODES",
    "Document",
    "Mark",
    "bundled_house_rules",
    "bundled_variants",
    "load",
    "load_document",
    "parse",
    "parse_yaml",
    "problems_in",
]

M = TypeVar("M", bound=BaseModel)

PROBLEM_CODES: dict[str, str] = {
    # reading files and YAML text
    "file_not_found": "a file named on the command line, in extends or in house_rules is missing",
    "is_a_directory": "a directory was given where a variant file belongs",
    "not_a_file": "a path names something that is not a regular file (a device, a pipe)",
    "unreadable": "a file exists but cannot be read (permissions)",
    "too_large": f"the text or file is larger than {yaml_source.MAX_BYTES:,} bytes",
    "not_utf8": "the bytes are not UTF-8",
    "bad_character": "a control character that YAML does not allow",
    "yaml_syntax": "the text is not YAML",
    "multiple_documents": "more than one YAML document ('---') in one file",
    "not_a_mapping": "the document is a list or a single value, not keys and values",
    "duplicate_key": "a key appears twice in one mapping",
    "key_not_text": "a key is a number, true/false, null, a list or a mapping",
    "merge_key": "a YAML merge key ('<<'); use extends instead",
    "unsupported_tag": "a YAML tag other than the plain ones (!!python/..., !!set, !custom)",
    "undefined_alias": "an alias (*name) with no anchor (&name) before it",
    "bad_scalar": "a number too long to read, or a value that is not what its tag says "
    "(!!bool x, !!int '')",
    "too_deep": f"nesting deeper than {yaml_source.MAX_DEPTH} levels",
    "too_many_nodes": f"more than {yaml_source.MAX_NODES:,} keys and values, aliases expanded",
    "empty_document": "a file that sets no key (empty, or only comments)",
    # composition
    "bad_reference": "extends, applies_to or house_rules is not a name or path (or a list of "
    "them), or names a path no file can have",
    "unknown_variant": "extends (or load_variant) names no bundled variant",
    "unknown_house_rule": "house_rules names no bundled house rule",
    "extends_cycle": "files extend each other in a circle",
    "extends_too_deep": f"more than {MAX_EXTENDS} files stand on one another through extends",
    "too_many_house_rules": f"more than {MAX_HOUSE_RULES} house_rules entries in one variant",
    "fragment_reference": "a house-rules fragment uses extends or house_rules",
    "fragment_conflict": "two house rules in one list set a key to different values",
    # validation against the format
    "unknown_key": "a key the format does not have at that place",
    "missing_key": "a required key is missing",
    "unknown_kind": "a kind: value that is not one of the alternatives",
    "missing_kind": "an alternative without its kind: key",
    "invalid_choice": "a value that is not one of the allowed words",
    "wrong_type": "a value of the wrong type (text for a number, a list for a mapping)",
    "out_of_range": "a number outside its allowed range",
    "wrong_length": "a list with too few or too many items, or too long a text",
    "invalid": "a value a validator refused, with its own message",
    "contradiction": "settings that contradict each other",
}
"""Every :attr:`Problem.code <spadeslib.errors.Problem.code>` the loader produces, with
what it means: stable names for tools and for the error reference."""
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")
_YAML_HINT = re.compile(r"^\s*[\[{#]|: |:$")  # flow collections, comments, "key: value"


@contextmanager
def _in_reading_order() -> Iterator[None]:
    """Re-raise a :class:`VariantError` with its problems in reading order (file by file,
    then line and column), whichever step found them."""
    try:
        yield
    except VariantError as error:
        raise VariantError(in_reading_order(error.problems)) from None


def load_document(name_or_path: str | os.PathLike[str]) -> Document:
    """The composed, not yet validated, data of a bundled variant or a variant file.

    A :class:`~pathlib.Path` (or any path-like) is a file. A string is a file if it has a
    path separator or ends in ``.yaml``/``.yml``, and otherwise a bundled variant name.
    """
    with _in_reading_order():
        return _compose_named(name_or_path)


def _compose_named(name_or_path: str | os.PathLike[str]) -> Document:
    if isinstance(name_or_path, str) and not looks_like_path(name_or_path):
        path = bundled_variant_path(name_or_path)
        if path is None:
            message, code = unknown_name(name_or_path, fragment=False)
            raise VariantError([Problem(name_or_path, None, None, "", message, code)])
    else:
        path = Path(name_or_path)
    return compose_file(path)


def _validated(compose: Callable[[], Document], model: type[M]) -> M:
    """Compose, then validate against ``model``.

    When composing found problems (a duplicate key, an unknown house rule), what it made
    despite them is validated too, and both kinds of problem are reported at once, so one
    run shows every mistake in a file. Left out then: a problem at the very place of one
    already reported (a value under a refused YAML tag), and, when a base or a house rule
    could not be used, contradictions and missing kinds or keys, which the missing part may
    have settled."""
    with _in_reading_order():
        try:
            document = compose()
        except IncompleteDocument as error:
            raise VariantError(_with_the_rest(error, model)) from None
        return validate_document(document, model)


_SETTLED_ELSEWHERE = frozenset({"contradiction", "missing_kind", "missing_key"})


def _with_the_rest(error: IncompleteDocument, model: type[BaseModel]) -> list[Problem]:
    problems = list(error.problems)
    try:
        validate_document(error.document, model)
    except VariantError as invalid:
        places = {(p.source, p.line, p.column) for p in problems if p.line is not None}
        for problem in invalid.problems:
            if (problem.source, problem.line, problem.column) in places:
                continue
            if error.left_out and problem.code in _SETTLED_ELSEWHERE:
                continue
            problems.append(problem)
    return problems


def load(name_or_path: str | os.PathLike[str], model: type[M]) -> M:
    """A validated ``model``: a bundled name like ``"nyc"``, or a path to a YAML file.

    Raises :class:`~spadeslib.errors.VariantError` listing every problem, each with its
    file, line, column and dotted key.

    Loaded once: while none of the files it was made from (the file, what it extends, its
    house rules) has changed size or modification time, the same object comes back, so
    ``Game("nyc")`` costs what ``Game(variant)`` costs. The bundled files are part of the
    installed package and are read once per process.
    """
    key = (
        name_or_path
        if isinstance(name_or_path, str) and not looks_like_path(name_or_path)
        else os.path.abspath(name_or_path),
        model,
    )
    found = _LOADED.get(key)
    if found is not None and all(stamp(file[0]) == file for file in found[0]):
        _LOADED.move_to_end(key)
        loaded: M = found[1]  # type: ignore[assignment]  # kept under its model: the key
        return loaded
    with files_read() as stamps:
        made = _validated(lambda: _compose_named(name_or_path), model)
    bundled = bundled_dir()
    shipped = "" if bundled is None else os.path.join(os.path.abspath(bundled), "")
    mine = tuple(file for file in stamps if not (shipped and file[0].startswith(shipped)))
    _LOADED[key] = (mine, made)
    _LOADED.move_to_end(key)
    while len(_LOADED) > LOADED_KEPT:
        _LOADED.popitem(last=False)
    return made


_LOADED: OrderedDict[tuple[object, object], tuple[tuple[FileStamp, ...], BaseModel]] = OrderedDict()
"""The variants :func:`load` loaded, by name or path and model, the most recently
used last."""
LOADED_KEPT = 256
"""The most variants :func:`load` keeps (the least recently used go first): a
program loads a handful; a server that loads thousands of files stays bounded."""


def parse(
    text: str | bytes,
    model: type[M],
    source: str = "<string>",
    *,
    base_dir: str | os.PathLike[str] | None = None,
) -> M:
    """A validated ``model`` from YAML text; ``source`` names it in problems.

    Relative paths in ``extends``/``house_rules`` resolve against ``base_dir`` (default:
    the working directory).
    """
    where = None if base_dir is None else Path(base_dir)
    return _validated(lambda: compose_text(text, source, where), model)


def problems_in(
    name_or_path_or_text: str | bytes | os.PathLike[str], model: type[BaseModel]
) -> list[Problem]:
    """Every problem in a variant, validated against ``model``, or ``[]``; never raises
    on bad content.

    The argument is, in order: a path-like, or a string naming an existing file or
    directory, is a file; a single word is a bundled variant name; a string that looks
    like a path (``rules/mine.yaml``) is a file that does not exist; anything else, and
    bytes, is YAML text.
    """
    try:
        _validated(lambda: _document_for(name_or_path_or_text), model)
    except VariantError as error:
        return list(error.problems)
    return []


def _document_for(value: str | bytes | os.PathLike[str]) -> Document:
    if isinstance(value, bytes):
        return compose_text(value)
    if not isinstance(value, str):
        return compose_file(Path(value))
    if "\n" in value:
        return compose_text(value)
    if os.path.exists(value):
        return compose_file(Path(value))
    if _WORD.fullmatch(value) or (looks_like_path(value) and not _YAML_HINT.search(value)):
        return _compose_named(value)
    return compose_text(value)
