"""``spadeslib list``: the bundled variants and house rules, one line each."""

from __future__ import annotations

import argparse
from pathlib import Path

from spadeslib.cli.common import json_text

__all__ = ["run", "setup"]


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"variants": [...], "house_rules": [...]} as JSON',
    )


def _first_comment(path: Path | None) -> str:
    """A fragment's one-line summary: its first comment line that says something."""
    if path is None:
        return ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        text = line.lstrip("#").strip()
        if text and not text.startswith("yaml-language-server:"):
            return text
    return ""


def _description(name: str) -> str:
    from spadeslib.errors import SpadesError
    from spadeslib.loader import load_variant

    try:
        return load_variant(name).description
    except SpadesError as error:
        return f"(does not load: {str(error).splitlines()[0]})"


def run(args: argparse.Namespace) -> int:
    from spadeslib.loader.bundled import (
        bundled_house_rule_path,
        bundled_house_rules,
        bundled_variants,
    )

    variants = [(name, _description(name)) for name in bundled_variants()]
    rules = [
        (name, _first_comment(bundled_house_rule_path(name))) for name in bundled_house_rules()
    ]
    if args.json:
        print(
            json_text(
                {
                    "variants": [{"name": n, "description": d} for n, d in variants],
                    "house_rules": [{"name": n, "description": d} for n, d in rules],
                }
            )
        )
        return 0
    width = max((len(name) for name, _ in variants + rules), default=0)
    print("Variants (spadeslib explain NAME; extends: NAME in a file):")
    for name, text in variants:
        print(f"  {name:<{width}}  {text}".rstrip())
    print()
    print("House rules (house_rules: [NAME, ...] in a file):")
    for name, text in rules:
        print(f"  {name:<{width}}  {text}".rstrip())
    return 0
