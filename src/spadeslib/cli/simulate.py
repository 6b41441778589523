"""``spadeslib simulate VARIANT`` and ``spadeslib compare A B``: the figures of many deals
or games played by bots, each with its 95% interval, as a table, JSON, CSV or a picture.

Both commands take the same options and call :func:`spadeslib.simulate` and
:func:`spadeslib.compare`; this module only reads the options, shows a progress bar on a
terminal (on standard error, with the rate and the time left) and writes the output.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spadeslib.cli.common import Failure, UsageFailure, console, display_name, json_text, load
from spadeslib.errors import counted

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Task
    from rich.text import Text

    from spadeslib.simulation import Comparison, SimulationResult
    from spadeslib.simulation.figures import Figure
    from spadeslib.variant import Variant

__all__ = ["run_compare", "run_simulate", "setup_compare", "setup_simulate"]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def _common(parser: argparse.ArgumentParser, *, compare: bool) -> None:
    how_many = parser.add_mutually_exclusive_group()
    how_many.add_argument(
        "--deals", type=_positive, metavar="N", help="play N fresh deals (default: 1000)"
    )
    how_many.add_argument("--games", type=_positive, metavar="N", help="play N whole games")
    parser.add_argument(
        "--bots",
        default="standard",
        metavar="LEVELS",
        help="who plays: one level for all (standard), one per side (pro/easy) or one per "
        "seat (pro,easy,pro,easy); levels random (uniformly random legal moves: fast, but "
        "not how people play), easy, standard, pro, expert, expert-dd (the Expert solving "
        "its samples double-dummy from 8 cards a hand); standard:20 simulates 20 deals "
        "per decision instead of 100, expert:500 samples 500 instead of 400 "
        "(default: standard)",
    )
    if compare:
        parser.add_argument(
            "--bots-b",
            metavar="LEVELS",
            help="B's players, when they differ from A's (default: the same as --bots)",
        )
    parser.add_argument(
        "--seed", type=_seed, help="fix every deal and decision (default: a random seed, printed)"
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        metavar="N",
        help="worker processes (default: all cores); the results do not depend on it",
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="run on Ray: a cluster's address, or none to start Ray on this machine "
        "(pip install 'spadeslib[ray]')",
    )
    parser.add_argument(
        "--max-deals",
        type=_positive,
        default=200,
        metavar="N",
        help="with --games, stop a game after N deals and count it unfinished (default: 200)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--csv", action="store_true", help="print the table as CSV, one row per deal"
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        type=Path,
        help="also write summary.json, deals.csv (and games.csv) into DIR",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        type=Path,
        help="draw score and game-length distributions and the make rate by bid "
        "(pip install 'spadeslib[plot]')",
    )


def setup_simulate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a bundled name, a file, or -")
    _common(parser, compare=False)


def setup_compare(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="a bundled name, a file, or -")
    parser.add_argument(
        "b", metavar="B", nargs="?", help="another one (default: A, to compare two lineups)"
    )
    _common(parser, compare=True)


def _check(args: argparse.Namespace, *variants: Variant) -> None:
    """Refuse what cannot work before any deal is played: a lineup that does not fit a
    variant is a usage error (exit status 2), like any other bad option."""
    from spadeslib.errors import ArgumentError
    from spadeslib.simulation.lineup import parse_lineup

    lineups: list[tuple[str, str]] = [("--bots", args.bots)]
    if getattr(args, "bots_b", None) is not None:
        lineups.append(("--bots-b", args.bots_b))
    for option, lineup in lineups:
        for variant in variants:
            try:
                parse_lineup(lineup, variant)
            except ArgumentError as error:
                raise UsageFailure(f"spadeslib: error: {option} {lineup}: {error}") from None
    if args.json and args.csv:
        raise UsageFailure(
            "spadeslib: error: --json and --csv both print to standard output; "
            "choose one, or write both with --out DIR"
        )
    if args.plot is not None and importlib.util.find_spec("matplotlib") is None:
        raise Failure("spadeslib: error: --plot needs matplotlib: pip install 'spadeslib[plot]'")
    if args.ray is not None and importlib.util.find_spec("ray") is None:
        raise Failure("spadeslib: error: --ray needs Ray: pip install 'spadeslib[ray]'")
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        raise Failure(f"spadeslib: error: --out {args.out}: exists and is not a directory")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments ``simulate`` and ``compare`` share, from the options."""
    amount = {"games": args.games} if args.games is not None else {"deals": args.deals or 1000}
    return {
        **amount,
        "bots": args.bots,
        "seed": args.seed,
        "workers": _workers(args),
        "ray_address": args.ray,
        "max_deals": args.max_deals,
    }


def _workers(args: argparse.Namespace) -> int:
    from spadeslib.simulation.runner import default_workers

    return args.workers or default_workers()


def run_simulate(args: argparse.Namespace) -> int:
    from spadeslib.simulation import simulate

    variant = load(args.variant)
    _check(args, variant)
    with _progress(f"{variant.name}") as report:
        result = simulate(variant, **_options(args), progress=report)
    _write(args, result, result.to_dict())
    if not (args.json or args.csv):
        out = console()
        out.print(
            f"{result.variant.name}, bots {result.lineup.describe(result.variant)}\n"
            + _run_line(result, result.processes, args.ray)
        )
        out.print(_figures_table(result.figures, terminal=out.is_terminal))
        _notes(out, result.out_of_reach)
    return 0


def run_compare(args: argparse.Namespace) -> int:
    from spadeslib.simulation import compare

    a = load(args.a)
    b = a if args.b is None else load(args.b)
    _check(args, a, b)
    if a == b and args.bots_b in (None, args.bots):  # the same deals, played alike: all 0
        raise UsageFailure(
            "spadeslib: error: A and B are the same variant with the same players, so every "
            "difference would be 0; give a second variant (B), or B's players with --bots-b "
            "(like: spadeslib compare standard --bots pro --bots-b standard)"
        )
    with _progress(f"{a.name} vs {b.name}") as report:
        comparison = compare(a, b, **_options(args), bots_b=args.bots_b, progress=report)
    _write(args, comparison, comparison.to_dict())
    if not (args.json or args.csv):
        out = console()
        for letter, argument, result in (
            ("A", args.a, comparison.a),
            ("B", args.b or args.a, comparison.b),
        ):
            out.print(
                f"{letter} = {display_name(argument)}, "
                f"bots {result.lineup.describe(result.variant)}"
            )
        processes = max(comparison.a.processes, comparison.b.processes)
        seconds = comparison.a.seconds + comparison.b.seconds
        out.print(_run_line(comparison.a, processes, args.ray, seconds=seconds, each=True))
        share = comparison.duplicate
        out.print(
            "the same cards under both: "
            + ("every deal (duplicate: paired differences)" if share == 1 else f"{share:.0%}")
        )
        out.print(_comparison_table(comparison, terminal=out.is_terminal))
        notes = comparison.a.out_of_reach
        _notes(out, notes + tuple(n for n in comparison.b.out_of_reach if n not in notes))
    return 0


def _notes(out: Console, notes: tuple[str, ...]) -> None:
    """Say which figures measure nothing: a rule the deals cannot reach reads 0.0%."""
    for note in notes:
        out.print(
            f"Note: {note} Its figures measure nothing here; play whole games "
            "(--games N) to measure it.",
            markup=False,
        )


def _write(args: argparse.Namespace, result: SimulationResult | Comparison, summary: Any) -> None:
    from spadeslib.simulation import Comparison

    games = (result.a if isinstance(result, Comparison) else result).games is not None
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "summary.json").write_text(json_text(summary) + "\n", encoding="utf-8")
        result.write_csv(args.out / "deals.csv")
        if games:
            result.write_csv(args.out / "games.csv", games=True)
    if args.plot is not None:
        result.plot(args.plot)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False, allow_nan=False))
    elif args.csv:
        result.write_csv(sys.stdout)


def _run_line(
    result: SimulationResult,
    processes: int,
    ray: str | None,
    *,
    seconds: float | None = None,
    each: bool = False,
) -> str:
    """What was played, how and how long: the processes that played it, not those
    ``--workers`` allowed (a short run starts none)."""
    where = f"on Ray ({ray})" if ray else f"{processes} process{'es' if processes > 1 else ''}"
    played = counted(len(result.deals), "deal")
    if result.games is not None:  # under each of A and B, games last their own deals
        played = counted(len(result.games), "game") + ("" if each else f" ({played})")
    if each:
        played += " under each"
    took = result.seconds if seconds is None else seconds
    return f"{played}, seed {result.seed}, {where}, {took:.1f} s"


def _number(figure: Figure, value: float, *, signed: bool = False) -> str:
    if math.isnan(value):
        return "-"
    if figure.kind == "rate":
        places = 2 if 0 < abs(value) < 0.01 else 1  # 0.12%, not a 0.1% that hides a third
        return f"{value * 100:+.{places}f}%" if signed else f"{value * 100:.{places}f}%"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def _interval(figure: Figure, low: float, high: float, *, signed: bool = False) -> str:
    if math.isnan(low):
        return ""
    return f"{_number(figure, low, signed=signed)} to {_number(figure, high, signed=signed)}"


def _table(columns: list[str], *, terminal: bool) -> Any:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD if terminal else None, pad_edge=False)
    for index, name in enumerate(columns):
        table.add_column(name, justify="left" if index == 0 else "right")
    return table


def _figures_table(figures: tuple[Figure, ...], *, terminal: bool) -> Any:
    table = _table(["figure", "value", "95% interval", "n"], terminal=terminal)
    section = None
    for figure in figures:
        if figure.section != section:
            section = figure.section
            table.add_row(f"[bold]{section}[/bold]" if terminal else f"{section}:", "", "", "")
        table.add_row(
            "  " + figure.label,
            _number(figure, figure.value),
            _interval(figure, figure.low, figure.high),
            f"{figure.n:,}",
        )
    return table


def _comparison_table(comparison: Comparison, *, terminal: bool) -> Any:
    table = _table(["figure", "A", "B", "A - B", "95% interval", ""], terminal=terminal)
    section = None
    for difference in comparison.differences:
        if difference.section != section:
            section = difference.section
            title = f"[bold]{section}[/bold]" if terminal else f"{section}:"
            table.add_row(title, "", "", "", "", "")
        a = difference.a
        clear = not math.isnan(difference.low) and (difference.low > 0 or difference.high < 0)
        change = _number(a, difference.value, signed=True)
        if clear and terminal:
            change = f"[bold]{change}[/bold]"
        table.add_row(
            "  " + difference.label,
            _number(a, a.value),
            _number(a, difference.b.value),
            change,
            _interval(a, difference.low, difference.high, signed=True),
            "paired" if difference.paired else "",
        )
    return table


def _progress(what: str) -> AbstractContextManager[Any]:
    """A progress bar on standard error when it is a terminal; else nothing."""
    err = console(sys.stderr)
    if not err.is_terminal:
        return nullcontext(None)
    return _Bar(err, what)


class _Bar:
    """A rich progress bar that :func:`spadeslib.simulate` reports to."""

    def __init__(self, out: Console, what: str) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            _rate(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=out,
            transient=True,
        )
        self.task = self.bar.add_task(what, total=None)

    def __enter__(self) -> Any:
        self.bar.start()

        def report(done: int, total: int) -> None:
            self.bar.update(self.task, completed=done, total=total)

        return report

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()


def _rate() -> Any:
    """A progress column: deals (or games) per second."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.1f}/s")

    return Rate()
