"""The rules cards of the bundled variants, as the pages of ``docs/variants/``."""

from __future__ import annotations

from pathlib import Path

from spadeslib.explain.render import explain

__all__ = ["rules_cards", "write_rules_cards"]


def rules_cards() -> dict[str, str]:
    """The Markdown rules card of every bundled variant, as ``{"NAME.md": text}``: the pages
    of ``docs/variants/``."""
    from spadeslib.loader import bundled_variants
    from spadeslib.variant import load_variant

    return {f"{name}.md": explain(load_variant(name)) for name in bundled_variants()}


def write_rules_cards(directory: str | Path) -> list[Path]:
    """Write :func:`rules_cards` into ``directory`` (created if need be); return the paths.

    For the docs build: ``python -m spadeslib.explain docs/variants`` does the same.
    """
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for filename, text in rules_cards().items():
        path = target / filename
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
