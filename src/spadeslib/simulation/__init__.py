"""Simulations: what a house rule does to the game, measured.

:func:`simulate` plays many deals (or whole games) of one variant with a lineup of bots
and returns a :class:`SimulationResult`: every figure (contracts made by bid and by side,
sets, Nil and Blind Nil, blind bids, ten for 200, the Moon, Bostons, bags and their
penalties, points per deal, and for games their length, the winners and how they ended),
each with a 95% confidence interval, and the per-deal table. :func:`compare` plays the
same deals under two variants (or two lineups) and gives the difference of every figure.

>>> import spadeslib
>>> result = spadeslib.simulate("standard", deals=40, seed=1)  # the Standard bots
>>> made = result.figure("contracts.made")
>>> 0 <= made.low <= made.value <= made.high <= 1
True
>>> len(result.columns["deal"])
40

One module per job: :mod:`.lineup` (who plays each seat, and the seeds),
:mod:`.playing` (the deals played: the seam between the two paths), :mod:`.batched`
(all-random deals by the batched playouts), :mod:`.rows` (the table's columns),
:mod:`.table` (the rows kept as columns), :mod:`.figures` (figures from the table), :mod:`.stats`
(confidence intervals), :mod:`.runner` (this process, a process pool, or Ray),
:mod:`.reach` (the rules fresh deals cannot show),
:mod:`.result` (what is returned), :mod:`.plot` (matplotlib pictures).
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib.errors import ArgumentError
from spadeslib.simulation.figures import GAME_NUMBERS, Figure, figure_of, samples
from spadeslib.simulation.lineup import Lineup, parse_lineup
from spadeslib.simulation.playing import Unit
from spadeslib.simulation.result import Comparison, Difference, SimulationResult, compare_results
from spadeslib.simulation.runner import LOCAL_RAY, Progress, Ran, batches, run

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = [
    "LOCAL_RAY",
    "Comparison",
    "Difference",
    "Figure",
    "Lineup",
    "SimulationResult",
    "compare",
    "simulate",
]

BotsSpec = str | Sequence[str] | Lineup


def _variant(variant: Variant | str | os.PathLike[str]) -> Variant:
    from spadeslib.variant import Variant

    if isinstance(variant, Variant):
        return variant
    from spadeslib.variant import load_variant

    return load_variant(variant)


def _count(deals: int | None, games: int | None) -> tuple[Unit, int]:
    if (deals is None) == (games is None):
        raise ArgumentError("give deals=N or games=N (one of them)")
    unit: Unit = "deals" if deals is not None else "games"
    count = deals if deals is not None else games
    if type(count) is not int or count < 1:
        raise ArgumentError(f"{unit} must be a whole number of at least 1, not {count!r}")
    return unit, count


def _seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbits(63)
    if type(seed) is not int or seed < 0:
        raise ArgumentError(f"seed must be a whole number of at least 0, not {seed!r}")
    return seed


def _options(workers: int, max_deals: int) -> None:
    if type(workers) is not int or workers < 1:
        raise ArgumentError(f"workers must be a whole number of at least 1, not {workers!r}")
    if type(max_deals) is not int or not 1 <= max_deals <= GAME_NUMBERS:
        raise ArgumentError(
            f"max_deals must be a whole number from 1 to {GAME_NUMBERS:,}, not {max_deals!r}"
        )


def simulate(
    variant: Variant | str | os.PathLike[str],
    *,
    deals: int | None = None,
    games: int | None = None,
    bots: BotsSpec = "standard",
    seed: int | None = None,
    workers: int = 1,
    ray_address: str | None = None,
    max_deals: int = 200,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play ``deals`` fresh deals or ``games`` whole games of ``variant`` and measure them.

    ``variant``: a :class:`~spadeslib.Variant`, a bundled name or a file. ``bots``: one
    level for everyone (``"standard"``, the default: figures of how people bid and play),
    one per side (``"pro/easy"``), one per seat (``"pro,easy,pro,easy"`` or a list);
    levels ``random`` (uniformly random legal moves: fast, but nothing like a table of
    people), ``easy``, ``standard``, ``pro``, ``expert``, with ``standard:20`` for fewer
    simulations per decision (faster, weaker).

    A sampled deal is the first deal of a fresh game, from 0-0; where the first deal bids
    itself (``nyc``) it is the second, the first being played by the same players to
    reach it. ``seed`` (default: a random one, kept in the result) fixes everything: deal
    or game ``i`` is seeded from ``(seed, i)`` alone, so the result is the same for any
    ``workers`` (processes at most; see :mod:`spadeslib.simulation.runner`) and on Ray
    (``ray_address``: a cluster's address, or ``"local"`` to start Ray here). A game
    still going after ``max_deals`` deals is stopped and counted unfinished.
    ``progress(done, total)`` is called as the work gets done.
    """
    model = _variant(variant)
    unit, count = _count(deals, games)
    lineup = parse_lineup(bots, model)
    chosen = _seed(seed)
    _options(workers, max_deals)
    started = time.perf_counter()
    parallel = workers if ray_address is None else max(workers, 8)
    work = batches(model, lineup, unit, count, chosen, parallel=parallel, max_deals=max_deals)
    ran = run(work, workers=workers, ray_address=ray_address, progress=progress)
    return _result(model, lineup, unit, count=count, seed=chosen, ran=ran, started=started)


def _result(
    variant: Variant,
    lineup: Lineup,
    unit: Unit,
    *,
    count: int,
    seed: int,
    ran: Ran,
    started: float,
) -> SimulationResult:
    rows = ran.rows
    games = rows.games if unit == "games" else None
    found = samples(variant, rows.deals, games)
    figures = tuple(figure_of(sample) for sample in found if len(sample))
    return SimulationResult(
        variant=variant,
        bots=str(lineup),
        lineup=lineup,
        unit=unit,
        count=count,
        seed=seed,
        seconds=time.perf_counter() - started,
        figures=figures,
        table=rows.deals,
        game_table=games,
        samples=tuple(found),
        processes=ran.processes,
    )


def compare(
    a: Variant | str | os.PathLike[str],
    b: Variant | str | os.PathLike[str] | None = None,
    *,
    deals: int | None = None,
    games: int | None = None,
    bots: BotsSpec = "standard",
    bots_b: BotsSpec | None = None,
    seed: int | None = None,
    workers: int = 1,
    ray_address: str | None = None,
    max_deals: int = 200,
    progress: Progress | None = None,
) -> Comparison:
    """Play the same deals (or games) under ``a`` and ``b`` (default: ``a`` again, to
    compare two lineups: ``bots`` for A, ``bots_b`` for B) and return every figure's
    difference, A minus B, with its 95% interval.

    Deal ``i`` uses the same seed under both, so wherever the two variants have the same
    deck and hand size they are dealt the same cards: the comparison is then duplicate,
    and a figure every deal has (points, bags, Bostons, Nil bids) is compared deal by
    deal, which removes the luck of the cards. ``progress`` counts the work of both.
    The other arguments are those of :func:`simulate`.
    """
    model_a = _variant(a)
    model_b = model_a if b is None else _variant(b)
    unit, count = _count(deals, games)
    lineup_a = parse_lineup(bots, model_a)
    lineup_b = parse_lineup(bots if bots_b is None else bots_b, model_b)
    chosen = _seed(seed)
    _options(workers, max_deals)
    parallel = workers if ray_address is None else max(workers, 8)
    results = []
    offset = 0
    for model, lineup in ((model_a, lineup_a), (model_b, lineup_b)):
        started = time.perf_counter()
        work = batches(model, lineup, unit, count, chosen, parallel=parallel, max_deals=max_deals)

        def report(done: int, total: int, before: int = offset) -> None:
            if progress is not None:
                progress(before + done, 2 * count)

        ran = run(work, workers=workers, ray_address=ray_address, progress=report)
        offset += count
        results.append(
            _result(model, lineup, unit, count=count, seed=chosen, ran=ran, started=started)
        )
    return compare_results(results[0], results[1])
