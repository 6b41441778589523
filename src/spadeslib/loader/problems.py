"""Turning pydantic's validation errors into :class:`~spadeslib.errors.Problem` objects.

A person reading a problem needs the file, line and column to edit, the dotted key, what
was expected and the value that was not it. Pydantic gives a ``loc`` and a terse message;
this module maps the ``loc`` to the data path (:mod:`~spadeslib.loader.locations`), finds
the mark of that path in the composed document, and rewrites the message in the terms of
the YAML format: ``unknown key 'limti'; did you mean 'limit'?``.

Model validators report contradictions between sections as
``PydanticCustomError("contradiction", ..., ctx)`` where ``ctx`` carries either
``problems``, a list of ``(dotted path, message)`` pairs (each may name the other keys
that decide it, its ``involves``), or ``path`` and the message. A plain ``ValueError``
whose message starts ``at <dotted.path>: `` is placed the same way. Paths from a validator
are relative to the model that raised them (for the root model that is the whole
variant); a path that already starts with the model's location is used as is.

A contradiction is placed in the file the user loaded (:mod:`~spadeslib.loader.placement`).
Problems come out in reading order (:func:`in_reading_order`). Every value quoted is
bounded (:func:`~spadeslib.errors.quoted`), and data nested deeper than a file may be is
refused before pydantic reads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast

from pydantic import BaseModel, ValidationError

from spadeslib.errors import Problem, VariantError, counted, quoted
from spadeslib.loader.compose import ROOT_KEYS
from spadeslib.loader.document import Document, KeyPath, dotted, parse_dotted
from spadeslib.loader.hints import without_quotes, wrong_type_hint
from spadeslib.loader.locations import (
    Located,
    allowed_keys,
    bounds,
    describe,
    key_places,
    kinds_with_key,
    literal_choices,
    locate,
    one_of,
    union_tags,
)
from spadeslib.loader.placement import contradiction, placed
from spadeslib.loader.suggest import close_matches
from spadeslib.loader.yaml_nodes import MAX_DEPTH, MAX_NODES

__all__ = ["in_reading_order", "validate_document", "validation_problems"]

M = TypeVar("M", bound=BaseModel)
ErrorDict = Mapping[str, Any]

_AT_PATH = re.compile(r"^at ([\w\-]+(?:\.[\w\-]+|\[\d+\])*): (.*)$", re.DOTALL)
_NEXT_AT = re.compile(r"; (?=at [\w\-]+(?:\.[\w\-]+|\[\d+\])*: )")
_RANGE_TYPES = frozenset(
    {"greater_than", "greater_than_equal", "less_than", "less_than_equal", "multiple_of"}
)
_CHOICE_TYPES = frozenset({"literal_error", "enum"})
_LENGTH_TYPES = frozenset({"too_short", "too_long", "string_too_long"})
_PREFIXES = ("Value error, ", "Assertion failed, ")


def validate_document(document: Document, model: type[M]) -> M:
    """Validate composed data against ``model``; raise :class:`VariantError` on problems.

    Data beyond what a YAML file may hold, nested deeper than :data:`MAX_DEPTH` or with
    more than :data:`MAX_NODES` values, is refused before pydantic sees it: data given in
    Python (a record's variant) may nest 100,000 levels (pydantic reports a bad ``kind``
    there by printing a ``RecursionError`` it cannot raise) or list 100,000 wrong items
    (a problem each, seconds to word)."""
    beyond = _beyond_limits(document.data)
    if beyond is not None:
        raise VariantError([document.problem(*beyond)])
    try:  # the model's own validator: Variant.model_validate would word the problems
        # itself, without the document's marks
        return cast(M, model.__pydantic_validator__.validate_python(document.data))
    except ValidationError as error:
        raise VariantError(validation_problems(error, document, model)) from None


def _beyond_limits(data: object) -> tuple[KeyPath, str, str] | None:
    """Where ``data`` first nests deeper than :data:`MAX_DEPTH`, or the place of its value
    past :data:`MAX_NODES` (its first few keys only, to name the place), with the message
    and code; or ``None``. Iterative: the depth it checks is one a recursive walk fails."""
    stack: list[tuple[object, KeyPath, int]] = [(data, (), 0)]
    count = 0
    while stack:
        value, path, depth = stack.pop()
        count += 1
        if depth > MAX_DEPTH:
            message = f"the value nests deeper than {MAX_DEPTH} levels (a variant nests five)"
            return path[:4], message, "too_deep"
        if count > MAX_NODES:
            message = (
                f"the data has more than {MAX_NODES:,} keys and values (a variant written out "
                "whole has about 200)"
            )
            return path[:4], message, "too_many_nodes"
        if isinstance(value, dict):
            stack.extend(
                (item, (*path[:4], key if isinstance(key, str) else quoted(key)), depth + 1)
                for key, item in value.items()
            )
        elif isinstance(value, list | tuple):
            stack.extend((item, (*path[:4], index), depth + 1) for index, item in enumerate(value))
    return None


def validation_problems(
    error: ValidationError, document: Document, model: type[BaseModel]
) -> list[Problem]:
    """Every problem in ``error``, located in ``document``, in reading order.

    Errors from the members of one plain union (``'random'`` or a seat number) are the
    alternatives a value failed; they become one problem listing what was expected.
    """
    errors = error.errors(include_url=False)
    items = [(item, locate(model, tuple(item["loc"]))) for item in errors[:MOST_PROBLEMS]]
    alternatives: dict[KeyPath, list[ErrorDict]] = {}
    for item, located in items:
        if _is_alternative(item, located):
            alternatives.setdefault(located.path, []).append(item)
    problems: list[Problem] = []
    for item, located in items:
        if not _is_alternative(item, located):
            problems.extend(_problems(item, located, document, model))
        elif located.path in alternatives:
            problems.append(_union_problem(document, located, alternatives.pop(located.path)))
    if len(errors) > MOST_PROBLEMS:
        more = len(errors) - MOST_PROBLEMS
        problems.append(
            Problem(
                document.source,
                None,
                None,
                "",
                f"and {counted(more, 'more problem')}, not listed (the first {MOST_PROBLEMS} are)",
                "invalid",
            )
        )
    return in_reading_order(dict.fromkeys(problems))


MOST_PROBLEMS = 100
"""Most validation errors worded as problems: a file has a handful, and data given in
Python with thousands of bad items is told about the first ones, quickly."""


def in_reading_order(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` file by file (in the order each file was first reported), then by line
    and column; problems with no line come last in their file. The sort is stable, so
    problems at one place keep the order they were found in."""
    problems = list(problems)
    first: dict[str, int] = {}
    for problem in problems:
        first.setdefault(problem.source, len(first))
    never = float("inf")

    def place(problem: Problem) -> tuple[float, float, float]:
        line = never if problem.line is None else problem.line
        column = never if problem.column is None else problem.column
        return (first[problem.source], line, column)

    return sorted(problems, key=place)


def _is_alternative(item: ErrorDict, located: Located) -> bool:
    return located.union is not None and item["type"] not in _EXACT


def _union_problem(document: Document, located: Located, items: list[ErrorDict]) -> Problem:
    """One problem for a value that matched none of a union's forms. When a form took the
    value's type and only its validator refused it (``fail: -100`` against points lost or
    ``normal``), the validator's message says more than the list of forms, so it is used."""
    refused = [item for item in items if item["type"] == "value_error"]
    if len(refused) == 1:
        return document.problem(located.path, _strip(str(refused[0]["msg"])), "invalid")
    expected = describe(located.union) or "one of several forms"
    codes = {_classify(item["type"])[1] for item in items}
    code = codes.pop() if len(codes) == 1 else "invalid"
    value = items[0].get("input")
    return document.problem(located.path, f"expected {expected}, got {_quote(value)}", code)


def _problems(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> list[Problem]:
    context = item.get("ctx") or {}
    if "problems" in context or "path" in context:
        return _from_validator(item, located, document)
    handler = _classify(item["type"])[0]
    if handler is not None:
        return [handler(item, located, document, model)]
    return _from_validator(item, located, document)


# -- one handler per kind of error ---------------------------------------------------------


def _unknown_key(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    key = str(located.path[-1]) if located.path else str(item["loc"][-1])
    parent = locate(model, tuple(item["loc"])[:-1])
    allowed = allowed_keys(parent.expected)
    message = f"unknown key {quoted(key)}"
    if key in ROOT_KEYS and len(item["loc"]) > 1:
        message += f"; {key} belongs at the top level of the file"
        return document.problem(located.path, message, "unknown_key", key=True)
    if key in ROOT_KEYS:  # not read here: a record's variant, say, is written out whole
        keys = ", ".join(ROOT_KEYS[:-1]) + " or " + ROOT_KEYS[-1]
        message += f"; the variant here is written out in full, without {keys}"
        return document.problem(located.path, message, "unknown_key", key=True)
    if len(item["loc"]) == 1:  # the root, whose composition keys were read before this
        allowed = [*ROOT_KEYS, *allowed]
    close = close_matches(key, allowed)
    elsewhere = [dotted(place) for place in key_places(model).get(key, ()) if place != located.path]
    kinds = kinds_with_key(model, located.path[:-1], key) if located.path else []
    if kinds and len(kinds) == 1:  # a key of another kind of this value: change the kind
        message += f"; it belongs to kind {kinds[0]!r}: write 'kind: {kinds[0]}' beside it"
    elif kinds:
        names = ", ".join(repr(kind) for kind in kinds)
        message += f"; it belongs to the kinds {names}: write 'kind:' and one of them beside it"
    elif 0 < len(elsewhere) <= 3:  # the very key, of another section: surer than a near name
        message += "; did you mean " + " or ".join(repr(place) for place in elsewhere) + "?"
    elif close:
        message += f"; did you mean {close[0]!r}?"
    elif allowed:
        message += "; the keys allowed here are " + ", ".join(allowed)
    return document.problem(located.path, message, "unknown_key", key=True)


def _missing(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    key = located.path[-1] if located.path else item["loc"][-1]
    message = f"missing required key {key!r}"
    expected = describe(located.expected)
    if expected:
        message += f" ({expected})"
    return placed(document, located.path, message, "missing_key", key=True)


def _unknown_tag(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    context = item.get("ctx") or {}
    name = str(context.get("discriminator", "'kind'")).strip("'")
    tag = context.get("tag")
    tags = union_tags(located.expected) or _split_tags(str(context.get("expected_tags", "")))
    message = f"unknown {name} {quoted(tag)}"
    close = close_matches(tag, tags) if isinstance(tag, str) else []
    if close:
        message += f"; did you mean {close[0]!r}?"
    message += " (allowed: " + ", ".join(tags) + ")"
    return document.problem((*located.path, name), message, "unknown_kind")


def _missing_tag(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    name = str((item.get("ctx") or {}).get("discriminator", "'kind'")).strip("'")
    tags = union_tags(located.expected)
    message = f"missing {name!r}: say which {name} this is"
    if tags:
        message += ", one of " + ", ".join(tags)
    return placed(document, located.path, message, "missing_kind")


def _choice(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    value = item.get("input")
    choices = literal_choices(located.expected)
    if choices:
        expected = one_of([repr(choice) for choice in choices])
    else:
        expected = str((item.get("ctx") or {}).get("expected", "one of the allowed values"))
    message = f"expected {expected}, got {_quote(value)}"
    words = [str(choice) for choice in choices]
    close = close_matches(value, words) if isinstance(value, str) else []
    if isinstance(value, str) and value.strip() in words and value.strip() not in choices:
        message += without_quotes(value)
    elif close:
        message += f"; did you mean {close[0]!r}?"
    return document.problem(located.path, message, "invalid_choice")


def _out_of_range(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    value = item.get("input")
    low, high = bounds(located.expected)
    if low is not None and high is not None:
        expected = f"a value from {low} to {high}"
    else:
        expected = _pydantic_expectation(item)
    return document.problem(
        located.path, f"expected {expected}, got {_quote(value)}", "out_of_range"
    )


def _wrong_length(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    context = item.get("ctx") or {}
    count = context.get("actual_length")
    if item["type"] == "string_too_long":
        value = item.get("input")
        count = len(value) if isinstance(value, str) else "more"
        expected = f"text of at most {_count(context.get('max_length'), 'character')}"
    elif item["type"] == "too_long":
        expected = f"at most {_count(context.get('max_length'), 'item')}"
    else:
        expected = f"at least {_count(context.get('min_length'), 'item')}"
    message = f"expected {expected}, got {count}: {_quote(item.get('input'))}"
    return document.problem(located.path, message, "wrong_length")


def _count(number: object, noun: str) -> str:
    """``number`` of ``noun`` when pydantic gave a number, else the plural as it was."""
    return counted(number, noun) if isinstance(number, int) else f"{number} {noun}s"


def _wrong_type(
    item: ErrorDict, located: Located, document: Document, model: type[BaseModel]
) -> Problem:
    expected = describe(located.expected) or _pydantic_expectation(item)
    value = item.get("input")
    message = f"expected {expected}, got {_quote(value)}"
    message += wrong_type_hint(item["type"], located, document, value)
    return document.problem(located.path, message, "wrong_type")


Handler = Callable[[ErrorDict, Located, Document, type[BaseModel]], Problem]

_EXACT: dict[str, tuple[Handler, str]] = {
    "extra_forbidden": (_unknown_key, "unknown_key"),
    "missing": (_missing, "missing_key"),
    "union_tag_invalid": (_unknown_tag, "unknown_kind"),
    "union_tag_not_found": (_missing_tag, "missing_kind"),
}


def _classify(kind: str) -> tuple[Handler | None, str]:
    """The handler and the stable problem code for a pydantic error type.

    Errors without a handler (``value_error`` and the like) carry a validator's own
    message, which is used as written.
    """
    if kind in _EXACT:
        return _EXACT[kind]
    if kind in _RANGE_TYPES:
        return _out_of_range, "out_of_range"
    if kind in _CHOICE_TYPES:
        return _choice, "invalid_choice"
    if kind in _LENGTH_TYPES:
        return _wrong_length, "wrong_length"
    if kind.endswith(("_type", "_parsing")) or kind == "int_from_float":
        return _wrong_type, "wrong_type"
    return None, "invalid"


# -- messages from validators ---------------------------------------------------------------


def _from_validator(item: ErrorDict, located: Located, document: Document) -> list[Problem]:
    """Problems from a validator's message, placed at the path(s) it names."""
    context = item.get("ctx") or {}
    code = "contradiction" if item["type"] == "contradiction" else "invalid"
    found = context.get("problems")
    involved: list[tuple[str, ...]] = []
    if isinstance(found, Sequence) and not isinstance(found, str) and found:
        pairs = [(str(path), _bounded(str(message))) for path, message in found]
        involved = [tuple(getattr(clash, "involves", ())) for clash in found]
    elif isinstance(context.get("path"), str):
        pairs = [(context["path"], _bounded(_strip(str(item["msg"]))))]
    else:
        pairs = list(_message_paths(_bounded(_strip(str(item["msg"])))))
    problems = []
    for index, (path, message) in enumerate(pairs):
        where = _join(located.path, path)
        if code == "contradiction":
            also = involved[index] if index < len(involved) else ()
            keys = tuple(_join(located.path, other) for other in also)
            problems.append(contradiction(document, where, message, keys))
            continue
        text = message
        shown = _quote(item.get("input"))
        if (
            code == "invalid"
            and where == located.path
            and located.path
            and "input" in item
            and shown not in message
        ):
            text = f"{message}, got {shown}"
        problems.append(document.problem(where, text, code))
    return problems


_MESSAGE_LIMIT = 500
"""Longest message of a validator used as it is: one that quotes a user's value whole (a
card name of megabytes) is cut."""


def _bounded(message: str) -> str:
    return message if len(message) <= _MESSAGE_LIMIT else message[: _MESSAGE_LIMIT - 3] + "..."


def _message_paths(message: str) -> Iterator[tuple[str, str]]:
    """``at a.b: one; at c: two`` -> ("a.b", "one"), ("c", "two"); else ("", message)."""
    for part in _NEXT_AT.split(message):
        match = _AT_PATH.match(part)
        yield (match.group(1), match.group(2)) if match else ("", part)


def _join(base: KeyPath, path: str) -> KeyPath:
    relative = parse_dotted(path)
    if relative[: len(base)] == base:
        return relative
    return (*base, *relative)


def _strip(message: str) -> str:
    for prefix in _PREFIXES:
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def _pydantic_expectation(item: ErrorDict) -> str:
    message = str(item.get("msg", "a valid value"))
    return message.removeprefix("Input should be ").rstrip(".")


def _split_tags(text: str) -> list[str]:
    return [tag.strip().strip("'") for tag in text.split(",") if tag.strip()]


def _quote(value: object, limit: int = 60) -> str:
    """``repr`` of a bad value, shortened: a whole mapping would drown the message. A key
    with nothing after its colon reads as None in YAML, which means nothing to its
    writer: say what happened and what to do. A boolean is shown as YAML spells it, with
    the spellings that make one, since ``yes`` where a number belongs is the usual cause."""
    if value is None:
        return "nothing (write the value after the colon, or indent the keys under it)"
    if isinstance(value, bool):
        return (
            f"{str(value).lower()} (YAML reads true, false, yes, no, on and off as true or false)"
        )
    return quoted(value, limit)
