"""The card written out: Markdown for the docs, or plain text wrapped for a terminal."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, Literal

from spadeslib.errors import ArgumentError
from spadeslib.explain.card import RulesCard, statements
from spadeslib.explain.words import GLUE

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["Format", "explain"]

Format = Literal["markdown", "text"]

_MARK: Final[Mapping[str, str]] = {"markdown": "**House rule:** ", "text": "House rule: "}


def _title(variant: Variant) -> str:
    return f"Rules card: {variant.name}"


def _summary(count: int, format: Format) -> str:
    if not count:
        return "This is the standard game: no rule differs from it."
    mark = "**House rule**" if format == "markdown" else '"House rule"'
    rules = "rule differs" if count == 1 else "rules differ"
    return f"{count} {rules} from the standard game; each is marked {mark}."


def explain(variant: Variant, *, format: Format = "markdown") -> str:
    """The rules card of ``variant``: Markdown (``format="markdown"``, the default) or plain
    text wrapped for a terminal (``format="text"``)."""
    if format not in _MARK:
        raise ArgumentError(f"unknown format {format!r}: expected 'markdown' or 'text'")
    card = statements(variant)
    count = sum(marked for _, items in card for _, marked in items)
    return _RENDER[format](variant, card, _summary(count, format))


def _markdown(variant: Variant, card: RulesCard, summary: str) -> str:
    lines = [f"# {_title(variant)}", ""]
    if variant.description:
        lines += [variant.description, ""]
    lines += [summary, ""]
    for title, items in card:
        lines += [f"## {title}", ""]
        lines += [
            f"- {_MARK['markdown'] if marked else ''}{s.text}".replace(GLUE, " ")
            for s, marked in items
        ]
        lines.append("")
    return "\n".join(lines)


_WIDTH: Final = 79


def _text(variant: Variant, card: RulesCard, summary: str) -> str:
    title = _title(variant)
    lines = [title, "=" * len(title), ""]
    if variant.description:
        lines += [*textwrap.wrap(variant.description, _WIDTH), ""]
    lines += [*textwrap.wrap(summary, _WIDTH), ""]
    for heading, items in card:
        lines += [heading, "-" * len(heading)]
        for statement, marked in items:
            text = (_MARK["text"] if marked else "") + statement.text
            lines += [
                line.replace(GLUE, " ")
                for line in textwrap.wrap(
                    text,
                    _WIDTH,
                    initial_indent="* ",
                    subsequent_indent="  ",
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            ]
        lines.append("")
    return "\n".join(lines)


_RENDER: Final[Mapping[str, Callable[[Variant, RulesCard, str], str]]] = {
    "markdown": _markdown,
    "text": _text,
}
