"""The ``spadeslib`` command.

Each subcommand is a :class:`Command`: its help, its examples, a function that adds its
arguments to its parser, and a handler from the parsed arguments to an exit status.
:data:`COMMANDS` maps names to commands; adding one (``simulate``, ``play``) is one entry.

Exit status: 0 when all went well, 1 when a variant is invalid or cannot be read (a missing
file, an unknown name), 2 for a usage error (argparse's own convention). Errors are one line
each on stderr, never a traceback (set ``SPADESLIB_TRACEBACK=1`` to see the traceback of an
unexpected error).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

from spadeslib._version import __version__
from spadeslib.errors import SpadesError

if TYPE_CHECKING:
    from spadeslib.errors import Problem
    from spadeslib.explain import Format
    from spadeslib.variant import Variant

__all__ = ["COMMANDS", "Command", "build_parser", "main"]

PROG: Final = "spadeslib"


@dataclass(frozen=True, slots=True)
class Command:
    """One subcommand: what it is for, examples, its arguments and what it does."""

    summary: str
    """One line, shown in ``spadeslib --help``."""
    description: str
    """A paragraph, shown in ``spadeslib NAME --help``."""
    examples: str
    """Example invocations, shown after the options."""
    setup: Callable[[argparse.ArgumentParser], None]
    """Adds the subcommand's arguments."""
    run: Callable[[argparse.Namespace], int]
    """Does the work; returns the exit status."""


class _Failure(Exception):
    """A reason to stop with exit status 1, already worded for the user."""

    def __init__(self, *lines: str) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


# --- reading variants ---------------------------------------------------------------------


def _source(argument: str) -> str | Path:
    """An existing file, or anything that looks like a path, is a file; a bare word is a
    bundled variant's name (the loader suggests the nearest one if there is none)."""
    from spadeslib.loader.compose import looks_like_path

    if os.path.exists(argument) or looks_like_path(argument):
        return Path(argument)
    return argument


def _load(argument: str) -> Variant:
    """The variant named or stored at ``argument``; a :class:`_Failure` if it is invalid."""
    from spadeslib.errors import VariantError
    from spadeslib.loader import load_variant

    try:
        return load_variant(_source(argument))
    except VariantError as error:
        raise _Failure(*(str(problem) for problem in error.problems)) from error


def _problems(argument: str) -> list[Problem]:
    """Every problem of ``argument``, in reading order (``validate`` sorts them)."""
    from spadeslib.loader import validate

    return list(validate(_source(argument)))


# --- the subcommands ------------------------------------------------------------------------


def _setup_validate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a variant or house-rules file, or a bundled variant's name",
    )
    parser.add_argument(
        "--json", action="store_true", help="print a JSON list of {file, valid, problems} instead"
    )


def _validate(args: argparse.Namespace) -> int:
    results = [(name, _problems(name)) for name in args.files]
    if args.json:
        report = [
            {
                "file": name,
                "valid": not problems,
                "problems": [problem.to_dict() for problem in problems],
            }
            for name, problems in results
        ]
        print(_json(report))
    else:
        for name, problems in results:
            if problems:
                for problem in problems:
                    print(problem)
            else:
                print(f"{name}: valid")
    return 1 if any(problems for _, problems in results) else 0


def _setup_explain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant",
        metavar="NAME|FILE",
        help="a bundled variant's name (see `spadeslib list`) or a file",
    )
    parser.add_argument(
        "--format",
        choices=("markdown", "text"),
        default=None,
        help="markdown, or plain text wrapped for a terminal (default: text "
        "when printing to a terminal, markdown otherwise)",
    )


def _explain(args: argparse.Namespace) -> int:
    from spadeslib.explain import explain, explain_house_rule
    from spadeslib.loader import bundled_house_rules

    fmt: Format = args.format or ("text" if sys.stdout.isatty() else "markdown")
    if isinstance(_source(args.variant), str) and args.variant in bundled_house_rules():
        print(explain_house_rule(args.variant, format=fmt), end="")  # what it sets, its card
        return 0
    variant = _load(args.variant)
    print(explain(variant, format=fmt), end="")
    return 0


def _setup_diff(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="a bundled variant's name or a file")
    parser.add_argument("b", metavar="B", help="another one")


def _diff(args: argparse.Namespace) -> int:
    from spadeslib.diff import diff

    a, b = _load(args.a), _load(args.b)
    lines = diff(a, b)
    for line in lines:
        print(line)
    if not lines:
        print(f"No differences: {args.a} and {args.b} have the same rules.")
    return 0


def _setup_nothing(parser: argparse.ArgumentParser) -> None:
    del parser


def _schema(args: argparse.Namespace) -> int:
    from spadeslib.loader.bundled import bundled_house_rules, bundled_variants
    from spadeslib.variant.schema import schema_text

    print(schema_text(variants=bundled_variants(), house_rules=bundled_house_rules()), end="")
    return 0


def _setup_list(parser: argparse.ArgumentParser) -> None:
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


def _list(args: argparse.Namespace) -> int:
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
            _json(
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


COMMANDS: Final[dict[str, Command]] = {
    "validate": Command(
        summary="check variant files and report every problem",
        description="Check each FILE (a variant or house-rules YAML file, or a bundled "
        "variant's name) and print every problem as FILE:LINE:COL: KEY: MESSAGE, "
        "with a 'did you mean' where it helps. Exit status: 0 when every file is "
        "valid, 1 when any is not (or cannot be read), 2 on a usage error.",
        examples="  spadeslib validate my-table.yaml\n"
        "  spadeslib validate variants/*.yaml\n"
        "  spadeslib validate --json my-table.yaml | jq '.[].valid'",
        setup=_setup_validate,
        run=_validate,
    ),
    "explain": Command(
        summary="print the rules card of a variant",
        description="Print the rules card of a variant: every rule in plain sentences, in the "
        "order a player meets them (players, cards, deal, passing, bidding, play, "
        "scoring, end of game). Rules that differ from the standard game are "
        "marked 'House rule:' with their numbers. Markdown by default; plain text "
        "when printing to a terminal (choose with --format).",
        examples="  spadeslib explain nyc\n"
        "  spadeslib explain my-table.yaml --format text\n"
        "  spadeslib explain barmore > barmore.md",
        setup=_setup_explain,
        run=_explain,
    ),
    "diff": Command(
        summary="list the rules that differ between two variants",
        description="Print, one line each, every rule that differs from A to B, in the order "
        "a player meets them: 'Target score: 500 -> 300'. Exit status 0 whether "
        "or not they differ; 1 if A or B is invalid.",
        examples="  spadeslib diff standard nyc\n  spadeslib diff nyc my-table.yaml",
        setup=_setup_diff,
        run=_diff,
    ),
    "schema": Command(
        summary="print the JSON Schema of the variant format",
        description="Print the JSON Schema of variant and house-rules files (the same as "
        "docs/variant.schema.json), for editors and other tools.",
        examples="  spadeslib schema > spadeslib.schema.json\n"
        "  # then, first line of a YAML file, for the YAML language server:\n"
        "  # yaml-language-server: $schema=spadeslib.schema.json",
        setup=_setup_nothing,
        run=_schema,
    ),
    "list": Command(
        summary="list the bundled variants and house rules",
        description="List the variants and house-rule fragments that ship with spadeslib, "
        "each with one line saying what it is.",
        examples="  spadeslib list\n  spadeslib list --json",
        setup=_setup_list,
        run=_list,
    ),
}
"""Every subcommand by name, in the order ``--help`` lists them."""


_EXAMPLES: Final = """\
examples:
  spadeslib list                         what ships with spadeslib
  spadeslib explain nyc                  the New York City rules card
  spadeslib validate my-table.yaml       every mistake, with its line
  spadeslib diff standard my-table.yaml  what my table changes
  spadeslib schema > spadeslib.schema.json

Run 'spadeslib COMMAND --help' for a command's options and examples.
Exit status: 0 ok, 1 invalid or unreadable variant, 2 usage error."""


def build_parser() -> argparse.ArgumentParser:
    """The ``spadeslib`` parser with one subparser per entry of :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=textwrap.fill(
            "Spades in all its house-rule forms: check a house-rules file, read it back as a "
            "rules card, compare two tables' rules.",
            79,
        ),
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(
        title="commands", metavar="COMMAND", dest="command", required=True
    )
    for name, command in COMMANDS.items():
        sub = commands.add_parser(
            name,
            help=command.summary,
            description=textwrap.fill(command.description, 79),
            epilog="examples:\n" + command.examples,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.setup(sub)
        sub.set_defaults(run=command.run)
    return parser


def _error(lines: Sequence[str], stream: TextIO) -> None:
    for line in lines:
        print(line, file=stream)


def main(argv: list[str] | None = None) -> int:
    """Run the ``spadeslib`` command with ``argv`` (default: ``sys.argv[1:]``); return the
    exit status instead of exiting (``--help`` and usage errors included)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version (0) and usage errors (2)
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except _Failure as failure:
        _error(failure.lines, sys.stderr)
    except OSError as error:
        if isinstance(error, BrokenPipeError):  # `spadeslib explain nyc | head`
            _silence_stdout()
            return 0
        what = f": {error.filename}" if error.filename else ""
        _error([f"{PROG}: error: {error.strerror or error}{what}"], sys.stderr)
    except SpadesError as error:
        _error([f"{PROG}: error: {line}" for line in str(error).splitlines()], sys.stderr)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug: one line, not a traceback, but say it is one
        if os.environ.get("SPADESLIB_TRACEBACK"):
            raise
        name = type(error).__name__
        _error(
            [
                f"{PROG}: internal error ({name}): {error}",
                f"{PROG}: please report this with the command you ran",
            ],
            sys.stderr,
        )
    return 1


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the interpreter's flush at exit
    does not fail again (the recipe in the Python docs on SIGPIPE)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


if __name__ == "__main__":
    raise SystemExit(main())
