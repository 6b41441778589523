"""The page of a bundled house rule (``spadeslib explain nil-50``): what it sets, in words,
and the rules card of a variant with it.

A house-rule fragment is not a variant, so it has no card of its own: it is shown on the
first bundled variant on which it is valid and changes the card, trying first the variant
its name starts with (``nyc-keep-2c`` is for ``nyc``), then standard, then the others. A
fragment that refines another (``kitty-discard-after-bidding`` needs a kitty) is shown on
standard with the first other house rule that lets it change the card.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spadeslib.errors import Problem, VariantError
from spadeslib.explain.card import statements
from spadeslib.explain.diff import flatten, label_of, value_words
from spadeslib.explain.render import Format, card_lines, style_of
from spadeslib.explain.words import listing

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["explain_house_rule"]


@dataclass(frozen=True, slots=True)
class _Shown:
    """The variant a house rule is shown on: a base, the other house rules it needs, and
    the result with the rule applied."""

    base: str
    others: tuple[str, ...]
    variant: Variant


def explain_house_rule(name: str, *, format: Format = "markdown") -> str:
    """The page of the bundled house rule ``name``: its summary, each key it sets with its
    value in words, and the rules card of a bundled variant with it (see the module).

    A name that is no bundled house rule raises :class:`~spadeslib.errors.VariantError`
    with the loader's "did you mean"; ``format`` is as for :func:`explain`.
    """
    from spadeslib.loader.bundled import bundled_house_rule_path, house_rule_summary
    from spadeslib.loader.compose import unknown_name

    style = style_of(format)
    path = bundled_house_rule_path(name)
    if path is None:
        message, code = unknown_name(name, fragment=True)
        raise VariantError([Problem(name, None, None, "", message, code)])
    shown = _shown_on(name)
    lines = style.title(f"House rule: {name}")
    if house_rule_summary(name):
        lines += style.paragraph(house_rule_summary(name))
    lines += style.paragraph("It sets:")
    for label, value, key in _settings(path, shown):
        lines += style.item(f"{label}: {value} ({style.code(key)})")
    lines.append("")
    if shown is None:
        lines += style.paragraph(
            "It is valid on no bundled variant by itself (see its file for the house rules "
            "it goes with), so there is no rules card to show."
        )
        return "\n".join(lines)
    rules = [*shown.others, name]
    lines += style.paragraph(
        f"Below, the rules card of {style.code(shown.base)} with "
        f"{listing(style.code(rule) for rule in rules)}."
    )
    titled = shown.variant.model_copy(
        update={"name": f"{shown.base} with {listing(rules)}", "description": ""}
    )
    return "\n".join(lines + card_lines(titled, statements(titled), style))


def _settings(path: Path, shown: _Shown | None) -> list[tuple[str, str, str]]:
    """Each key the fragment writes, as ``(label, value in words, dotted key)``, in the
    format's order; a key inside an alternative (``deal.leftover.discard``) is told as the
    whole alternative, as the variant has it."""
    from spadeslib.loader import parse_yaml

    written = dict(_leaves("", parse_yaml(path.read_text(encoding="utf-8"), str(path)).data))
    if shown is None:
        return [(label_of(key), value_words(key, value), key) for key, value in written.items()]
    flat = flatten(shown.variant)
    return [
        (label_of(key), value_words(key, value), key)
        for key, value in flat.items()
        if any(path == key or path.startswith(key + ".") for path in written)
    ]


def _leaves(prefix: str, value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(f"{prefix}.{key}" if prefix else str(key), item)
    else:
        yield prefix, value


def _shown_on(rule: str) -> _Shown | None:
    from spadeslib.explain.render import explain
    from spadeslib.loader import bundled_house_rules, bundled_variants
    from spadeslib.variant import parse_variant

    variants = bundled_variants()
    named = [base for base in variants if rule.startswith(base + "-")]
    bases = [*named, "standard", *(base for base in variants if base not in [*named, "standard"])]
    tries: list[tuple[str, tuple[str, ...]]] = [(base, ()) for base in bases]
    tries += [("standard", (other,)) for other in bundled_house_rules() if other != rule]
    for base, others in tries:
        try:
            after = parse_variant(_composed(base, (*others, rule)))
            before = parse_variant(_composed(base, others))
        except VariantError:
            continue  # the rule (or the pair) does not fit this base
        if explain(after) != explain(before):
            return _Shown(base, others, after)
    return None


def _composed(base: str, rules: tuple[str, ...]) -> str:
    return f"extends: {base}\nhouse_rules: [{', '.join(rules)}]\n"
