"""Pictures of a simulation (matplotlib, the optional extra ``plot``): the points a side
scores per deal, the game lengths (for games) and the make rate by contract, with its 95%
intervals; a comparison draws A and B side by side.

matplotlib is imported only here, on first use, with its non-interactive ``Agg`` backend
when no other was chosen, so drawing works without a display.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spadeslib.errors import ArgumentError

if TYPE_CHECKING:
    from spadeslib.simulation.result import Comparison, SimulationResult

__all__ = ["INSTALL_HINT", "plot_comparison", "plot_result"]

INSTALL_HINT = "pip install 'spadeslib[plot]' (or pip install matplotlib)"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ArgumentError(f"drawing needs matplotlib: {INSTALL_HINT}") from None
    if "matplotlib.pyplot" not in sys.modules:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _points(result: SimulationResult) -> Any:
    import numpy as np

    sides = len(result.variant.table.sides())
    if not len(result.table):
        return np.zeros(0)
    return np.concatenate([result.table.values[f"points_{k}"] for k in range(sides)])


def _make_rates(result: SimulationResult) -> list[tuple[int, float, float, float]]:
    rates = []
    for figure in result.figures:
        prefix = "contracts.made.bid_"
        if figure.key.startswith(prefix):
            rates.append((int(figure.key[len(prefix) :]), figure.value, figure.low, figure.high))
    return sorted(rates)


def _title(result: SimulationResult) -> str:
    return f"{result.variant.name}, {result.bots} ({len(result.deals):,} deals)"


def _draw(axes: Any, results: list[tuple[str, SimulationResult]]) -> None:
    games = any(result.games is not None for _, result in results)
    score, make = axes[0], axes[-1]
    for label, result in results:
        points = _points(result)
        score.hist(points, bins=40, alpha=0.6, label=label)
        rates = _make_rates(result)
        if rates:
            bids = [bid for bid, *_ in rates]
            values = [value for _, value, _, _ in rates]
            errors = [  # never below 0: a rate of 1 may sit a rounding above its bound
                [max(0.0, value - low) for _, value, low, _ in rates],
                [max(0.0, high - value) for _, value, _, high in rates],
            ]
            make.errorbar(bids, values, yerr=errors, marker="o", capsize=3, label=label)
        if games and result.game_table is not None:
            lengths = Counter(result.game_table.values["deals"].tolist())
            ordered = sorted(lengths)
            axes[1].bar(ordered, [lengths[n] for n in ordered], alpha=0.6, label=label)
    score.set_title("points per side and deal")
    score.set_xlabel("points")
    score.set_ylabel("side-deals")
    make.set_title("contracts made, by contract (95% intervals)")
    make.set_xlabel("contract (tricks)")
    make.set_ylabel("made")
    make.set_ylim(-0.02, 1.02)
    if games:
        axes[1].set_title("game length")
        axes[1].set_xlabel("deals")
        axes[1].set_ylabel("games")
    if len(results) > 1:
        for ax in axes:
            ax.legend()


def _figure(
    results: list[tuple[str, SimulationResult]], title: str, path: str | Path | None
) -> Any:
    plt = _pyplot()
    games = any(result.games is not None for _, result in results)
    columns = 3 if games else 2
    figure, axes = plt.subplots(1, columns, figsize=(5 * columns, 4), constrained_layout=True)
    _draw(list(axes), results)
    figure.suptitle(title)
    if path is not None:
        figure.savefig(path, dpi=100)
    return figure


def plot_result(result: SimulationResult, path: str | Path | None = None) -> Any:
    """The pictures of one simulation (see the module docstring)."""
    return _figure([(result.variant.name, result)], _title(result), path)


def plot_comparison(comparison: Comparison, path: str | Path | None = None) -> Any:
    """The pictures of A and B, overlaid."""
    a, b = comparison.a, comparison.b
    results = [(f"A: {a.variant.name} {a.bots}", a), (f"B: {b.variant.name} {b.bots}", b)]
    title = f"A: {_title(a)}  vs  B: {_title(b)}"
    return _figure(results, title, path)
