"""``spadeslib diff``: the rules that differ between two variants, in words or as data."""

from __future__ import annotations

import argparse

from spadeslib.cli.common import display_name, json_text, load

__all__ = ["run", "setup"]


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="a bundled variant's name, a file, or -")
    parser.add_argument("b", metavar="B", help="another one")
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"a", "b", "changes": [{path, a, b}], "lines"} as JSON',
    )


def run(args: argparse.Namespace) -> int:
    from spadeslib.explain.diff import changed_paths, diff, flatten

    a, b = load(args.a), load(args.b)
    lines = diff(a, b)
    if args.json:
        flat_a, flat_b = flatten(a), flatten(b)
        changes = [
            {"path": path, "a": flat_a.get(path), "b": flat_b.get(path)}
            for path in changed_paths(a, b)
        ]
        report = {
            "a": display_name(args.a),
            "b": display_name(args.b),
            "changes": changes,
            "lines": lines,
        }
        print(json_text(report))
        return 0
    for line in lines:
        print(line)
    if not lines:
        print(
            f"No differences: {display_name(args.a)} and {display_name(args.b)} "
            "have the same rules."
        )
    return 0
