"""The ``spadeslib`` command: the parser, the table of subcommands, the exit status.

Each subcommand is a :class:`Command`: its help, its examples, a function that adds its
arguments to its parser, and a handler from the parsed arguments to an exit status.
:data:`COMMANDS` maps names to commands; each command's code is a module of its own in
this package (``validate``, ``diff``, ``schema``, ``listing``, ``simulate``, ``play``,
``completion``), and adding one is one entry here. ``explain`` stays in this module.

Every argument that names a variant is a bundled name, a path, or ``-`` for standard input
(:mod:`spadeslib.cli.common`).

Exit status: 0 when all went well, 1 when a variant is invalid or cannot be read (a missing
file, an unknown name), 2 for a usage error (argparse's own convention). Errors are one line
each on stderr, never a traceback (set ``SPADESLIB_TRACEBACK=1`` to see the traceback of an
unexpected error).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TextIO

from spadeslib._backend import backend
from spadeslib._version import __version__
from spadeslib.cli import (
    analyze,
    completion,
    diff,
    listing,
    play,
    schema,
    serve,
    simulate,
    validate,
)
from spadeslib.cli.common import PROG, Failure, UsageFailure, forget_stdin, json_text
from spadeslib.cli.common import load as _load
from spadeslib.errors import SpadesError

if TYPE_CHECKING:
    from spadeslib.explain import Format
    from spadeslib.variant import Variant

__all__ = ["COMMANDS", "Command", "build_parser", "main"]


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


def _version() -> str:
    """The version, and which core plays: a build of the C core that failed (no compiler,
    say) installs pure Python without a word, and only runs slower; this says so."""
    if backend() == "native":
        return f"{PROG} {__version__} (native core)"
    return (
        f"{PROG} {__version__} (pure Python: the native core is not built here, or "
        "SPADESLIB_PURE_PYTHON is set; everything plays the same, only slower)"
    )


def _setup_explain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant",
        metavar="NAME|FILE",
        help="a bundled variant's name (see `spadeslib list`), a file, or - for standard input",
    )
    parser.add_argument(
        "--format",
        choices=("markdown", "text"),
        default=None,
        help="markdown, or plain text wrapped for a terminal (default: text "
        "when printing to a terminal, markdown otherwise)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the card as data: its sections, each statement with the keys it is "
        "about and whether it is a house rule",
    )


def _explain(args: argparse.Namespace) -> int:
    from spadeslib.explain import explain, explain_house_rule
    from spadeslib.loader import bundled_house_rules

    fmt: Format = args.format or ("text" if sys.stdout.isatty() else "markdown")
    house_rule = args.variant in bundled_house_rules() and not os.path.exists(args.variant)
    if house_rule and not args.json:
        print(explain_house_rule(args.variant, format=fmt), end="")  # what it sets, its card
        return 0
    variant = _load(args.variant)
    if args.json:
        print(json_text(_card_data(variant)))
        return 0
    print(explain(variant, format=fmt), end="")
    return 0


_NOT_PRINTED: Final = re.compile(r"[\x00-\x1f]")
"""Control characters the card's text uses as its own markers (a space never broken)."""


def _card_data(variant: Variant) -> dict[str, object]:
    """``explain --json``: :func:`spadeslib.explain.statements` as JSON-ready data."""
    from spadeslib.explain import statements

    return {
        "variant": variant.name,
        "description": variant.description,
        "sections": [
            {
                "title": title,
                "statements": [
                    {
                        "text": _NOT_PRINTED.sub(" ", statement.text),
                        "about": list(statement.about),
                        "house_rule": differs,
                    }
                    for statement, differs in section
                ],
            }
            for title, section in statements(variant)
        ],
    }


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
        setup=validate.setup,
        run=validate.run,
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
        setup=diff.setup,
        run=diff.run,
    ),
    "schema": Command(
        summary="print the JSON Schema of the variant format",
        description="Print the JSON Schema of variant and house-rules files, for editors "
        "and other tools, or with --path where the copy installed with spadeslib is "
        "(the bundled variants' $schema links point at it).",
        examples="  spadeslib schema > spadeslib.schema.json\n"
        "  spadeslib schema --path\n"
        "  # then, first line of a YAML file, for the YAML language server:\n"
        "  # yaml-language-server: $schema=spadeslib.schema.json",
        setup=schema.setup,
        run=schema.run,
    ),
    "list": Command(
        summary="list the bundled variants and house rules",
        description="List the variants and house-rule fragments that ship with spadeslib, "
        "each with one line saying what it is.",
        examples="  spadeslib list\n  spadeslib list --json",
        setup=listing.setup,
        run=listing.run,
    ),
    "simulate": Command(
        summary="play many deals or games with bots and measure them",
        description="Play N fresh deals (--deals) or N whole games (--games) of a variant "
        "with bots (the Standard bots unless --bots says otherwise) and print what happened, "
        "each rate with its 95% confidence interval: "
        "contracts made by bid and by side, sets, Nil and Blind Nil, blind bids, ten for "
        "200, the Moon, Bostons, bags and their penalties, points per deal, and for games "
        "their length, who won and how they ended. The same --seed gives the same "
        "figures for any --workers.",
        examples="  spadeslib simulate nyc --deals 1000 --bots standard\n"
        "  spadeslib simulate standard --games 200 --bots pro/easy --seed 7\n"
        "  spadeslib simulate my-table.yaml --deals 5000 --json > figures.json\n"
        "  spadeslib simulate nyc --bots standard:20 --out results --plot nyc.png",
        setup=simulate.setup_simulate,
        run=simulate.run_simulate,
    ),
    "compare": Command(
        summary="what a house rule (or a lineup) changes, measured on the same deals",
        description="Play the same deals under A and B (two variants, or one with --bots "
        "and --bots-b) and print every figure of 'simulate' for both and their "
        "difference with its 95% confidence interval. Where A and B deal the same cards "
        "(the same deck and hand size) the deals are duplicate and differences are "
        "paired deal by deal.",
        examples="  spadeslib compare standard my-table.yaml --deals 2000\n"
        "  spadeslib compare nyc --bots pro --bots-b standard --games 100\n"
        "  spadeslib compare standard barmore --json | jq '.differences[0]'",
        setup=simulate.setup_compare,
        run=simulate.run_compare,
    ),
    "play": Command(
        summary="play a game yourself in the terminal against bots",
        description="Sit at a table of VARIANT with bots in the other seats: your hand "
        "sorted by the variant's own ranking, the trick, the bids, the score and bags, "
        "your legal moves; type a card (KD, 10h), a number or an action. A refused move "
        "says which rule refuses it and changes nothing; each deal's scoring is explained "
        "line by line. 'undo' takes back your last move; Enter plays the only legal move. "
        "'save FILE' keeps the game (a game record), --resume FILE goes on. "
        "Type help at the table for every command.",
        examples="  spadeslib play standard\n"
        "  spadeslib play nyc --seat 2 --bots pro --seed 7\n"
        "  spadeslib play my-table.yaml --bots easy --save game.json\n"
        "  spadeslib play --resume game.json",
        setup=play.setup,
        run=play.run,
    ),
    "analyze": Command(
        summary="review a played game card by card, every hand seen (double dummy)",
        description="Read a game record (JSON, as 'save FILE' in 'spadeslib play' writes) "
        "and, for each deal, print the tricks each side takes with best play from the first "
        "lead, then each seat's cards that lost tricks against best play from their own "
        "position. Exit status: 0 when done, 2 when the record cannot be read or an "
        "option is out of range.",
        examples="  spadeslib analyze game.json\n"
        "  spadeslib analyze game.json --deal 2 --json\n"
        "  spadeslib analyze game.json --from-trick 6",
        setup=analyze.setup,
        run=analyze.run,
    ),
    "serve": Command(
        summary="run a card table in the browser, for people and bots (needs [server])",
        description="Serve the lobby and the tables of any variant or house rules on this "
        "machine: make a table, choose a person or a bot for each seat, share each "
        "seat's link. Every action is kept in an SQLite file (--db) before anyone sees "
        "it, so a restart loses nothing. Binds 127.0.0.1 unless --host says otherwise. "
        "Needs the server extra: pip install 'spadeslib[server]'.",
        examples="  spadeslib serve --open\n"
        "  spadeslib serve --port 8080 --db club.sqlite3\n"
        "  spadeslib serve --host 0.0.0.0   # every network: see docs/hosting.md",
        setup=serve.setup,
        run=serve.run,
    ),
    "completion": Command(
        summary="print a shell completion script (bash, zsh, fish)",
        description="Print a script that makes the shell complete spadeslib's commands, "
        "their options and the bundled variant names. Install it once where your shell "
        "looks for completions.",
        examples="  spadeslib completion bash > ~/.bash_completion.d/spadeslib\n"
        '  eval "$(spadeslib completion zsh)"    # in ~/.zshrc\n'
        "  spadeslib completion fish > ~/.config/fish/completions/spadeslib.fish",
        setup=completion.setup,
        run=completion.run,
    ),
}
"""Every subcommand by name, in the order ``--help`` lists them."""


_EXAMPLES: Final = """\
examples:
  spadeslib list                         what ships with spadeslib
  spadeslib explain nyc                  the New York City rules card
  spadeslib validate my-table.yaml       every mistake, with its line
  spadeslib diff standard my-table.yaml  what my table changes
  spadeslib simulate nyc --bots standard how often is each bid made
  spadeslib compare standard my-table.yaml --deals 2000
  spadeslib play nyc                     sit at the table yourself
  spadeslib schema > spadeslib.schema.json

A VARIANT is a bundled name, a file, or - for standard input.

Run 'spadeslib COMMAND --help' for a command's options and examples.
Exit status: 0 ok, 1 invalid or unreadable variant, 2 usage error."""


def build_parser() -> argparse.ArgumentParser:
    """The ``spadeslib`` parser with one subparser per entry of :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=textwrap.fill(
            "Spades in all its house-rule forms: check a house-rules file, read it back as a "
            "rules card, compare two tables' rules, measure what they do to the game, and "
            "play them.",
            79,
        ),
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version())
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
        sub.set_defaults(run=command.run, parser=parser)
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
    forget_stdin()
    try:
        return run(args)
    except UsageFailure as failure:
        _error(failure.lines, sys.stderr)
        return 2
    except Failure as failure:
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


if __name__ == "__main__":
    raise SystemExit(main())
