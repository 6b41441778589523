"""The JSON Schema of the variant format, for editors and other tools.

The schema is derived from the models, so it cannot drift from them: pydantic writes the
structure (types, ranges, enums, ``additionalProperties: false`` from ``extra="forbid"``,
the ``kind`` discriminators), and :func:`json_schema` adds what an editor needs on top:
the composition keys ``extends``, ``applies_to`` and ``house_rules``, descriptions unwrapped into
paragraphs (also as ``markdownDescription``, which the YAML language server shows on
hover), a pattern for card names, and the bundled names as completion examples.

A YAML file opts in with a first line like::

    # yaml-language-server: $schema=variant.schema.json

The file ships in the package beside the bundled variants (``variants/variant.schema.json``
in a checkout; ``spadeslib schema --path`` prints where), and the docs publish the same
text as ``docs/variant.schema.json`` (``python docs/generate.py`` rewrites both; a test
keeps them equal to :func:`schema_text`).

spadeslib reads YAML 1.1, where ``yes``, ``no``, ``on`` and ``off`` are true and false;
tools that read YAML 1.2 (check-jsonschema, the YAML language server by default) see
them as text. So that both kinds of tool agree with the loader, a true/false key also
accepts those words, and a key that takes free text refuses them (:func:`_yaml_1_1`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, get_args

from pydantic.fields import FieldInfo

from spadeslib.variant._base import CardName
from spadeslib.variant.root import Variant

__all__ = [
    "CARD_PATTERN",
    "SCHEMA_DIALECT",
    "SCHEMA_ID",
    "YAML_1_1_BOOLEANS",
    "json_schema",
    "schema_text",
]

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_ID = "urn:spadeslib:variant-format"

YAML_1_1_BOOLEANS = tuple(
    spelling
    for word in ("yes", "no", "on", "off")
    for spelling in (word, word.title(), word.upper())
)
"""The words YAML 1.1 reads as true or false and YAML 1.2 reads as text."""

CARD_PATTERN = r"^\s*(?:(?:[2-9TtJjQqKkAa]|10)[SsHhDdCc♠♥♦♣]|[BbLl][Jj])\s*$"
"""What :meth:`spadeslib.Card.parse` accepts: ``AS``, ``as``, ``10s``, ``T♠``, ``BJ``..."""

_CARD_DESCRIPTION = next(
    meta.description for meta in get_args(CardName)[1:] if isinstance(meta, FieldInfo)
)

_EXTENDS = """\
The variant this file starts from: a bundled name (like `standard` or `nyc`) or a path
to a YAML file, relative to this file. Its rules apply first; the house rules and this
file's own keys change them."""

_APPLIES_TO = """\
For a house-rules fragment: the variant (or the house rule) it is meant to be applied on,
a bundled name like `nyc` or a path relative to this file. `spadeslib validate` checks the
fragment on it; when the fragment is listed in another file's `house_rules`, that file's
variant is used and this key is ignored. A full variant uses `extends` instead."""

_ROOT = """\
The rules of one table's Spades game. Every key is optional and defaults to the standard
game of the online card rooms (four players in two partnerships, 52 cards, Nil and Blind
Nil, 10 bags cost 100, 500 wins), so an empty file is standard Spades and a house-rules
file states only its differences. The same schema serves full variants and house-rule fragments."""

_HOUSE_RULES = """\
House-rule fragments applied in order after `extends` and before this file's own keys:
bundled names (like `partnership-bidding`, from `variants/house-rules/`) or paths
relative to this file. Mappings merge key by key; lists and values replace. Two fragments
in one list that set the same key to different values are an error."""


def _paragraphs(text: str) -> str:
    """Docstring text unwrapped: single line breaks become spaces, blank lines stay."""
    return "\n\n".join(
        " ".join(line.strip() for line in block.splitlines())
        for block in re.split(r"\n\s*\n", text.strip())
    )


def _polish(node: Any, owner_description: str = "") -> None:
    """Unwrap descriptions, describe each `kind`, give card names their pattern."""
    if isinstance(node, list):
        for item in node:
            _polish(item, owner_description)
        return
    if not isinstance(node, dict):
        return
    own = node.get("description")
    if isinstance(own, str):
        if own == _CARD_DESCRIPTION and node.get("type") == "string":
            node["pattern"] = CARD_PATTERN
        node["description"] = _paragraphs(own)
        node["markdownDescription"] = node["description"]
    properties = node.get("properties")
    if isinstance(properties, dict):
        kind = properties.get("kind")
        if isinstance(kind, dict) and "const" in kind and "description" not in kind:
            text = f"`{kind['const']}`: " + _paragraphs(str(own or "")).split("\n\n")[0]
            kind["description"] = kind["markdownDescription"] = text
    for key, value in node.items():
        if key not in ("description", "markdownDescription", "default"):
            _polish(value, str(own or owner_description))


def _yaml_1_1(node: Any) -> None:
    """Let a true/false key take YAML 1.1's words for true and false, and a free-text key
    refuse them, as the loader reads them (see the module docstring)."""
    if isinstance(node, list):
        for item in node:
            _yaml_1_1(item)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == "boolean":
        del node["type"]
        node["anyOf"] = [{"type": "boolean"}, {"enum": list(YAML_1_1_BOOLEANS)}]
        return
    if node.get("type") == "string" and not {"enum", "const", "pattern"} & set(node):
        node["not"] = {"enum": list(YAML_1_1_BOOLEANS)}
        return
    for key, value in node.items():
        if key not in ("default", "examples"):
            _yaml_1_1(value)


def json_schema(
    *, variants: Iterable[str] = (), house_rules: Iterable[str] = (), yaml_1_1: bool = True
) -> dict[str, Any]:
    """The JSON Schema of a variant file (a full variant or a house-rule fragment).

    ``variants`` and ``house_rules`` are bundled names offered as completion examples
    for ``extends`` and ``house_rules`` (any other name or path is still valid).
    ``yaml_1_1``: accept and refuse YAML 1.1's true/false words as the loader reads them
    (see the module docstring); the format reference leaves them out of its tables.

    >>> schema = json_schema()
    >>> schema["properties"]["scoring"]["$ref"]
    '#/$defs/Scoring'
    >>> schema["additionalProperties"]
    False
    """
    generated = Variant.model_json_schema()
    _polish(generated)
    extends: dict[str, Any] = {"type": "string", "description": _paragraphs(_EXTENDS)}
    applies_to: dict[str, Any] = {"type": "string", "description": _paragraphs(_APPLIES_TO)}
    rule: dict[str, Any] = {"type": "string", "minLength": 1}
    if names := sorted(variants):
        extends["examples"] = names
        applies_to["examples"] = names
    if names := sorted(house_rules):
        rule["examples"] = names
    fragments: dict[str, Any] = {
        "type": "array",
        "items": rule,
        "description": _paragraphs(_HOUSE_RULES),
    }
    for added in (extends, applies_to, fragments):
        added["markdownDescription"] = added["description"]
    defs = generated["$defs"]
    schema = {
        "$schema": SCHEMA_DIALECT,
        "$id": SCHEMA_ID,
        "title": "spadeslib variant",
        "description": _paragraphs(_ROOT),
        "markdownDescription": _paragraphs(_ROOT),
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "extends": extends,
            "applies_to": applies_to,
            "house_rules": fragments,
            **generated["properties"],
        },
        "$defs": defs,
    }
    if yaml_1_1:
        _yaml_1_1(schema)
    return schema


def schema_text(*, variants: Iterable[str] = (), house_rules: Iterable[str] = ()) -> str:
    """:func:`json_schema` as the text of ``variant.schema.json``."""
    schema = json_schema(variants=variants, house_rules=house_rules)
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
