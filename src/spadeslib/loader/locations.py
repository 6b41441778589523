"""Reading a pydantic error location against the model it came from.

Pydantic's ``loc`` mixes the keys a person wrote with labels of its own: the tag of a
discriminated union (``deal.leftover.kitty.to``) and the member of a plain union
(``deal.first_dealer.constrained-int``). Only the model knows which is which, so we walk
the model's annotations alongside the ``loc``: that gives the path in the data, the type
expected there (for "what was expected") and the keys allowed there (for "did you mean").
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from spadeslib.loader.document import KeyPath

__all__ = [
    "Located",
    "allowed_keys",
    "bounds",
    "describe",
    "key_places",
    "kinds_with_key",
    "list_item",
    "literal_choices",
    "locate",
    "one_of",
    "union_tags",
]

_LABEL_MARKS = ("[", "constrained-", "function-", "lax-", "strict-")


@dataclass(frozen=True, slots=True)
class _Type:
    """An annotation with what pydantic keeps beside it: a discriminator and constraints."""

    annotation: Any
    discriminator: str | None = None
    metadata: tuple[object, ...] = ()


@dataclass(frozen=True, slots=True)
class Located:
    """Where an error is in the data, and what the model expects there.

    ``expected`` is ``None`` when the walk lost track of the type. ``union`` is set when
    the error is about a whole value of a plain (untagged) union, reached through a member
    label: errors from its members are alternatives, best reported together against it.
    """

    path: KeyPath
    expected: _Type | None
    union: _Type | None = None


def locate(model: type[BaseModel], loc: Sequence[str | int]) -> Located:
    """The data path of ``loc`` and the type expected at its end."""
    current: _Type | None = _Type(model)
    path: list[str | int] = []
    union: _Type | None = None
    for part in loc:
        if current is None:
            if not _looks_like_label(part):
                path.append(part)
            continue
        current = _unwrap(current)
        members = _members(current)
        if members is not None:
            tagged = _tag_map(current, members)
            if tagged and part in tagged:
                current = tagged[part]
            else:
                union = current
                current = _member_by_label(members, part)
            continue
        path.append(part)
        union = None  # past the union, inside one member: not an alternative any more
        current = _child(current, part)
    return Located(tuple(path), None if current is None else _unwrap(current), union)


def allowed_keys(expected: _Type | None) -> list[str]:
    """The keys a mapping may have at a location, in declaration order (empty if unknown)."""
    model = _model(expected)
    if model is None:
        return []
    return [info.alias or name for name, info in model.model_fields.items()]


@functools.cache
def key_places(model: type[BaseModel]) -> dict[str, tuple[KeyPath, ...]]:
    """Each key of the format, with every place it can be written: ``target`` ->
    ``(("game_end", "target"),)``. Keys of every kind count; keys of list items, which
    need an item around them, do not."""
    places: dict[str, list[KeyPath]] = {}

    def walk(current: _Type, path: KeyPath) -> None:
        current = _unwrap(current)
        for member in _members(current) or ():
            walk(member, path)
        found = _model(current)
        if found is None or len(path) > 8:
            return
        for name, info in found.model_fields.items():
            key = info.alias or name
            where = (*path, key)
            if where not in places.setdefault(key, []):
                places[key].append(where)
            walk(_Type(info.annotation, None, tuple(info.metadata)), where)

    walk(_Type(model), ())
    return {key: tuple(found) for key, found in places.items()}


def kinds_with_key(model: type[BaseModel], path: KeyPath, key: str) -> list[str]:
    """The kinds of the discriminated union at data path ``path`` whose keys include
    ``key``, in declaration order (empty where ``path`` holds no such union)."""
    expected = locate(model, path).expected
    if expected is None:
        return []
    union = _unwrap(expected)
    members = _members(union)
    if members is None:
        return []
    tagged = _tag_map(union, members)
    return [str(tag) for tag, member in tagged.items() if key in allowed_keys(member)]


def union_tags(expected: _Type | None) -> list[str]:
    """The tags (``kind`` values) of a discriminated union, in declaration order."""
    if expected is None:
        return []
    members = _members(_unwrap(expected))
    if members is None:
        return []
    return [str(tag) for tag in _tag_map(_unwrap(expected), members)]


def literal_choices(expected: _Type | None) -> list[object]:
    """The values a ``Literal`` (or a union containing ones) allows."""
    if expected is None:
        return []
    current = _unwrap(expected)
    if get_origin(current.annotation) is Literal:
        return list(get_args(current.annotation))
    members = _members(current)
    return [choice for member in members or () for choice in literal_choices(member)]


def bounds(expected: _Type | None) -> tuple[object | None, object | None]:
    """The inclusive lower and upper bounds of a constrained number, where they are known."""
    low: object | None = None
    high: object | None = None
    for item in () if expected is None else _unwrap(expected).metadata:
        if isinstance(item, annotated_types.Ge):
            low = item.ge
        elif isinstance(item, annotated_types.Le):
            high = item.le
    return low, high


def describe(expected: _Type | None) -> str | None:
    """What a person should write at a location, in words (``a whole number from 0 to 5``)."""
    if expected is None:
        return None
    current = _unwrap(expected)
    members = _members(current)
    if members is not None:
        tags = union_tags(current)
        if tags:
            return f"a mapping with 'kind:' one of {', '.join(tags)}"
        parts = [describe(member) for member in members]
        return " or ".join(part for part in parts if part) or None
    return _describe_single(current)


def _describe_single(current: _Type) -> str | None:
    annotation = current.annotation
    origin = get_origin(annotation)
    if origin is Literal:
        return one_of([repr(value) for value in get_args(annotation)])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "a mapping (keys: " + ", ".join(allowed_keys(current)) + ")"
    if origin in (list, tuple, set, frozenset) or annotation in (list, tuple):
        item = list_item(current)
        each = None if item is None else describe(item)
        # (a card is text to the type: the list's own message says more than "each text")
        return "a list" if each in (None, "text") else f"a list, each {each}"
    if origin is dict or annotation is dict:
        return "a mapping"
    words = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    word = words.get(annotation) if isinstance(annotation, type) else None
    if word is None:
        return None
    low, high = bounds(current)
    if low is not None and high is not None:
        return f"{word} from {low} to {high}"
    if low is not None:
        return f"{word} of at least {low}"
    if high is not None:
        return f"{word} of at most {high}"
    return word


def list_item(expected: _Type | None) -> _Type | None:
    """The type of each item of a list expected at a location, or ``None``."""
    return None if expected is None else _child(_unwrap(expected), 0)


def one_of(choices: Sequence[str]) -> str:
    """``'a'``, ``'a' or 'b'``, or ``one of 'a', 'b', 'c'``: a list of choices in words."""
    if len(choices) <= 2:
        return " or ".join(choices)
    return "one of " + ", ".join(choices)


# -- the walk -----------------------------------------------------------------------------


def _looks_like_label(part: str | int) -> bool:
    return isinstance(part, str) and any(mark in part for mark in _LABEL_MARKS)


def _unwrap(current: _Type) -> _Type:
    """Strip ``Annotated`` (keeping discriminator and constraints) and ``Optional``."""
    annotation, discriminator = current.annotation, current.discriminator
    metadata = list(current.metadata)
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation, *extra = get_args(annotation)
            for item in extra:
                if isinstance(item, FieldInfo):
                    if isinstance(item.discriminator, str):
                        discriminator = item.discriminator
                    metadata.extend(item.metadata)
                else:
                    metadata.append(item)
            continue
        if origin in (Union, types.UnionType):
            members = [arg for arg in get_args(annotation) if arg is not type(None)]
            if len(members) == 1:
                annotation = members[0]
                continue
        return _Type(annotation, discriminator, tuple(metadata))


def _members(current: _Type) -> list[_Type] | None:
    if get_origin(current.annotation) not in (Union, types.UnionType):
        return None
    return [_Type(arg) for arg in get_args(current.annotation) if arg is not type(None)]


def _model(expected: _Type | None) -> type[BaseModel] | None:
    if expected is None:
        return None
    annotation = _unwrap(expected).annotation
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return None


def _tag_map(current: _Type, members: list[_Type]) -> dict[str | int, _Type]:
    """Tag value -> member, for a union with a discriminator (else empty)."""
    name = current.discriminator
    if name is None:
        return {}
    tags: dict[str | int, _Type] = {}
    for member in members:
        model = _model(member)
        info = None if model is None else model.model_fields.get(name)
        if info is not None and get_origin(info.annotation) is Literal:
            for tag in get_args(info.annotation):
                tags[tag] = member
    return tags


def _member_by_label(members: list[_Type], label: str | int) -> _Type | None:
    """The member of a plain union that pydantic named ``label``, when it is a model."""
    for member in members:
        model = _model(member)
        if model is not None and model.__name__ == label:
            return member
    return None


def _child(current: _Type, part: str | int) -> _Type | None:
    annotation = current.annotation
    model = _model(current)
    if model is not None:
        return _field(model, part)
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin in (list, set, frozenset) and args:
        return _Type(args[0])
    if origin is tuple and args:
        if len(args) == 2 and args[1] is Ellipsis:
            return _Type(args[0])
        if isinstance(part, int) and 0 <= part < len(args):
            return _Type(args[part])
        return None
    if origin in (dict, Mapping) and len(args) == 2:
        return _Type(args[1])
    return None


def _field(model: type[BaseModel], part: str | int) -> _Type | None:
    for name, info in model.model_fields.items():
        if part in (name, info.alias):
            discriminator = info.discriminator if isinstance(info.discriminator, str) else None
            return _Type(info.annotation, discriminator, tuple(info.metadata))
    return None
