"""The variants a client may ask for: a bundled name, or YAML text that names no file.

A house-rules file sent to the server is composed like one on disk, with one difference:
it may ``extends:`` bundled variants and list bundled ``house_rules:``, never a path. A
path would be read from the server's own disk (``extends: /etc/passwd`` shows the start
of that file in the problem it makes), so it is a problem of its own, ``server_file``,
found before the loader reads anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import yaml

from spadeslib.errors import Problem, VariantError

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["MAX_TEXT", "SOURCE", "catalogue", "problem_data", "resolve"]

MAX_TEXT: Final = 65536
"""The longest variant text accepted (the bundled files are a few kilobytes)."""

SOURCE: Final = "<variant>"
_REFERENCES: Final = ("extends", "house_rules", "applies_to")


def problem_data(problem: Problem) -> dict[str, Any]:
    """A problem as the protocol sends it: located in the text sent, no file name."""
    return {
        "line": problem.line,
        "column": problem.column,
        "path": problem.path,
        "code": problem.code,
        "message": problem.message,
    }


def _file_references(text: str) -> list[Problem]:
    """Every reference in ``text`` that names a file rather than a bundled name."""
    from spadeslib.loader.compose import looks_like_path

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return []  # the loader says where the syntax is wrong
    if not isinstance(data, dict):
        return []
    found = []
    lines = text.splitlines()
    for key in _REFERENCES:
        value = data.get(key)
        names = value if isinstance(value, list) else [value]
        for index, name in enumerate(names):
            if not isinstance(name, str) or not looks_like_path(name):
                continue
            line = next((n for n, row in enumerate(lines, 1) if name in row), None)
            column = None if line is None else lines[line - 1].index(name) + 1
            where = key if not isinstance(value, list) else f"{key}[{index}]"
            found.append(
                Problem(
                    SOURCE,
                    line,
                    column,
                    where,
                    f"{name!r} names a file on the server; a table's rules may name "
                    "bundled variants and house rules only (see GET /api/variants), "
                    "or paste that file's text here instead",
                    "server_file",
                )
            )
    return found


def resolve(text: str) -> tuple[Variant | None, list[Problem]]:
    """The variant ``text`` names or defines, or ``None`` and its problems."""
    from spadeslib.loader import bundled_variants
    from spadeslib.variant import load_variant, parse_variant

    if len(text) > MAX_TEXT:
        message = f"the variant text is {len(text)} characters; the most is {MAX_TEXT}"
        return None, [Problem(SOURCE, None, None, "", message, "too_long")]
    word = text.strip()
    try:
        if word in bundled_variants():
            return load_variant(word), []
        refused = _file_references(text)
        if refused:
            return None, refused
        if "\n" not in text and ":" not in text:  # a single word that is not a variant
            from spadeslib.loader.references import unknown_name

            message, code = unknown_name(word, fragment=False)
            return None, [Problem(SOURCE, 1, 1, "", message, code)]
        return parse_variant(text, SOURCE), []
    except VariantError as error:
        return None, list(error.problems)


def _entry(name: str) -> dict[str, Any]:
    """A bundled variant's line in the catalogue: its description and its seat count."""
    from spadeslib.variant import load_variant

    try:
        variant = load_variant(name)
    except VariantError as error:
        return {"name": name, "description": f"(does not load: {str(error).splitlines()[0]})"}
    return {
        "name": name,
        "description": variant.description,
        "players": variant.compile().players,
    }


def catalogue() -> dict[str, list[dict[str, Any]]]:
    """The bundled variants and house rules, one line each (as ``spadeslib list``)."""
    from spadeslib.loader.bundled import bundled_house_rules, bundled_variants, house_rule_summary

    rules = [
        {"name": name, "description": house_rule_summary(name)} for name in bundled_house_rules()
    ]
    return {
        "variants": [_entry(name) for name in bundled_variants()],
        "house_rules": rules,
    }
