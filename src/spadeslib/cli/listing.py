"""``spadeslib list``: the bundled variants and house rules, one line each."""

from __future__ import annotations

import argparse

from spadeslib.cli.common import json_text

__all__ = ["run", "setup"]


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"variants": [...], "house_rules": [...]} as JSON',
    )


def _description(name: str) -> str:
    from spadeslib.errors import SpadesError
    from spadeslib.variant import load_variant

    try:
        return load_variant(name).description
    except SpadesError as error:
        return f"(does not load: {str(error).splitlines()[0]})"


def run(args: argparse.Namespace) -> int:
    from spadeslib.loader.bundled import bundled_house_rules, bundled_variants, house_rule_summary

    variants = [(name, _description(name)) for name in bundled_variants()]
    rules = [(name, house_rule_summary(name)) for name in bundled_house_rules()]
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
