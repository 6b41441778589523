"""``spadeslib validate``: every problem of each variant or house-rules file."""

from __future__ import annotations

import argparse

from spadeslib.cli.common import display_name, json_text, problems_of

__all__ = ["run", "setup"]


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a variant or house-rules file, a bundled variant's name, or - for standard input",
    )
    parser.add_argument(
        "--json", action="store_true", help="print a JSON list of {file, valid, problems} instead"
    )


def run(args: argparse.Namespace) -> int:
    results = [(display_name(name), problems_of(name)) for name in args.files]
    if args.json:
        report = [
            {
                "file": name,
                "valid": not problems,
                "problems": [problem.to_dict() for problem in problems],
            }
            for name, problems in results
        ]
        print(json_text(report))
    else:
        for name, problems in results:
            if problems:
                for problem in problems:
                    print(problem)
            else:
                print(f"{name}: valid")
    return 1 if any(problems for _, problems in results) else 0
