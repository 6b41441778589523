"""The card written out: Markdown for the docs, or plain text wrapped for a terminal.

Both formats are one :class:`Style` each (how a title, a section heading, a paragraph and
a list item are written), so a page is laid out once for both: the rules card here, the
page of a house rule in :mod:`spadeslib.explain.house_rule`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from spadeslib.errors import ArgumentError
from spadeslib.explain.card import RulesCard, statements
from spadeslib.explain.words import GLUE

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["STYLES", "Format", "Style", "card_lines", "explain", "style_of"]

Format = Literal["markdown", "text"]

_WIDTH: Final = 79

Lines = Callable[[str], list[str]]


@dataclass(frozen=True, slots=True)
class Style:
    """How one format writes each part of a page, as lines."""

    title: Lines
    section: Lines
    paragraph: Lines
    item: Lines
    mark: str
    """What goes before a statement that is a house rule."""
    quoted_mark: str
    """The mark as the summary names it."""
    code: Callable[[str], str]
    """A key or value as written in a file."""


def _text_item(text: str) -> list[str]:
    wrapped = textwrap.wrap(
        text,
        _WIDTH,
        initial_indent="* ",
        subsequent_indent="  ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace(GLUE, " ") for line in wrapped]


STYLES: Final[Mapping[str, Style]] = {
    "markdown": Style(
        title=lambda text: [f"# {text}", ""],
        section=lambda text: [f"## {text}", ""],
        paragraph=lambda text: [text, ""],
        item=lambda text: [f"- {text}".replace(GLUE, " ")],
        mark="**House rule:** ",
        quoted_mark="**House rule**",
        code=lambda text: f"`{text}`",
    ),
    "text": Style(
        title=lambda text: [text, "=" * len(text), ""],
        section=lambda text: [text, "-" * len(text)],
        paragraph=lambda text: [*textwrap.wrap(text, _WIDTH), ""],
        item=_text_item,
        mark="House rule: ",
        quoted_mark='"House rule"',
        code=lambda text: text,
    ),
}


def style_of(format: Format) -> Style:
    """The style of ``format``; an :class:`ArgumentError` for any other name."""
    if format not in STYLES:
        raise ArgumentError(f"unknown format {format!r}: expected 'markdown' or 'text'")
    return STYLES[format]


def _summary(count: int, style: Style) -> str:
    if not count:
        return "This is the standard game: no rule differs from it."
    rules = "rule differs" if count == 1 else "rules differ"
    return f"{count} {rules} from the standard game; each is marked {style.quoted_mark}."


def explain(variant: Variant, *, format: Format = "markdown") -> str:
    """The rules card of ``variant``: Markdown (``format="markdown"``, the default) or plain
    text wrapped for a terminal (``format="text"``)."""
    style = style_of(format)
    return "\n".join(card_lines(variant, statements(variant), style))


def card_lines(variant: Variant, card: RulesCard, style: Style) -> list[str]:
    count = sum(marked for _, items in card for _, marked in items)
    lines = style.title(f"Rules card: {variant.name}")
    if variant.description:
        lines += style.paragraph(variant.description)
    lines += style.paragraph(_summary(count, style))
    for title, items in card:
        lines += style.section(title)
        for statement, marked in items:
            lines += style.item((style.mark if marked else "") + statement.text)
        lines.append("")
    return lines
