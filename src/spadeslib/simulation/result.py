"""What a simulation gives back: :class:`SimulationResult` and :class:`Comparison`.

Both keep the figures (:class:`~spadeslib.simulation.figures.Figure`) and the per-deal
table, and turn into JSON (``to_dict``), CSV (``write_csv``, one row per deal) and
pictures (``plot``, with matplotlib). The table is :attr:`SimulationResult.columns`, a
dict of equal-length lists that ``pandas.DataFrame(result.columns)`` takes as it is;
:meth:`SimulationResult.arrays` gives numpy arrays (numpy is needed only for that).
"""

from __future__ import annotations

import csv
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from spadeslib.errors import ArgumentError
from spadeslib.simulation import stats
from spadeslib.simulation.figures import Figure, Sample, figure_of
from spadeslib.simulation.rows import Row

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["Comparison", "Difference", "SimulationResult", "columns_of"]


def columns_of(rows: Sequence[Row]) -> dict[str, list[Any]]:
    """Rows as columns, in the first row's key order (every row has the same keys)."""
    if not rows:
        return {}
    return {name: [row.get(name) for row in rows] for name in rows[0]}


@dataclass(frozen=True)
class SimulationResult:
    """The figures and the table of one simulation (see :func:`spadeslib.simulate`)."""

    variant: Variant
    bots: str
    """The lineup, as written (``standard``, ``pro/easy``, ...)."""
    unit: str
    """``deals`` or ``games``."""
    count: int
    """How many deals or games were asked for."""
    seed: int
    """The simulation's seed: the same seed gives the same result."""
    seconds: float
    """Wall-clock time of the run."""
    figures: tuple[Figure, ...]
    deals: tuple[Row, ...] = field(repr=False)
    games: tuple[Row, ...] | None = field(repr=False)
    samples: tuple[Sample, ...] = field(repr=False, compare=False)

    def figure(self, key: str) -> Figure:
        """The figure called ``key`` (``contracts.made.bid_10``); ``ArgumentError`` if
        this simulation has none (a bid nobody made, a rule the variant does not have)."""
        for figure in self.figures:
            if figure.key == key:
                return figure
        raise ArgumentError(f"no figure {key!r} in this simulation")

    @property
    def columns(self) -> dict[str, list[Any]]:
        """The per-deal table: one list per column, one entry per deal (see
        :mod:`spadeslib.simulation.rows` for the columns)."""
        return columns_of(self.deals)

    @property
    def game_columns(self) -> dict[str, list[Any]] | None:
        """The per-game table of a ``games`` simulation (``None`` for ``deals``)."""
        return None if self.games is None else columns_of(self.games)

    def arrays(self) -> dict[str, Any]:
        """:attr:`columns` as numpy arrays: numbers as ints (floats with ``nan`` where a
        column has ``None``), yes/no columns as bools (floats with ``nan`` likewise), text
        as text. Needs numpy."""
        return _arrays(self.columns)

    def to_dict(self) -> dict[str, Any]:
        """The figures and the run's settings, JSON-ready (the table is left out: see
        :meth:`write_csv`)."""
        return {
            "variant": self.variant.name,
            "bots": self.bots,
            "unit": self.unit,
            "count": self.count,
            "deals_played": len(self.deals),
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "figures": [figure.to_dict() for figure in self.figures],
        }

    def write_csv(self, out: str | Path | TextIO, *, games: bool = False) -> None:
        """Write the per-deal table (or the per-game one) as CSV, one row per deal."""
        rows = (self.games or ()) if games else self.deals
        _write_csv(rows, out)

    def plot(self, path: str | Path | None = None) -> Any:
        """Score and game-length distributions and the make rate by bid, as a matplotlib
        figure; saved to ``path`` (a ``.png``) when given."""
        from spadeslib.simulation.plot import plot_result

        return plot_result(self, path)


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure under A minus the same under B, with its 95% interval; ``paired`` when
    it was measured on the same deals under both."""

    key: str
    section: str
    label: str
    kind: str
    a: Figure
    b: Figure
    value: float
    low: float
    high: float
    paired: bool
    n: int
    """Observations: the pairs when paired, else those of A and B together."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "section": self.section,
            "label": self.label,
            "kind": self.kind,
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "difference": _finite(self.value),
            "low": _finite(self.low),
            "high": _finite(self.high),
            "paired": self.paired,
            "n": self.n,
        }


@dataclass(frozen=True)
class Comparison:
    """Two simulations of the same deals (see :func:`spadeslib.compare`) and the
    difference of every figure they share."""

    a: SimulationResult
    b: SimulationResult
    differences: tuple[Difference, ...]
    duplicate: float
    """The share of the deals played under both that were dealt the same cards: 1.0 when
    the two variants have the same deck and hand size, 0.0 when no deal could be shared."""

    def difference(self, key: str) -> Difference:
        for difference in self.differences:
            if difference.key == key:
                return difference
        raise ArgumentError(f"no figure {key!r} in both simulations")

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "duplicate": self.duplicate,
            "differences": [difference.to_dict() for difference in self.differences],
        }

    def write_csv(self, out: str | Path | TextIO, *, games: bool = False) -> None:
        """Both tables in one, with a first column ``run`` (``A`` or ``B``)."""
        rows: list[Row] = []
        for run, result in (("A", self.a), ("B", self.b)):
            part = (result.games or ()) if games else result.deals
            rows.extend({"run": run, **row} for row in part)
        _write_csv(rows, out)

    def plot(self, path: str | Path | None = None) -> Any:
        """A's and B's distributions and make rates side by side (matplotlib)."""
        from spadeslib.simulation.plot import plot_comparison

        return plot_comparison(self, path)


def compare_results(a: SimulationResult, b: SimulationResult) -> Comparison:
    """The differences of every figure of ``a`` that ``b`` has too."""
    keys_a, keys_b = _unit_keys(a), _unit_keys(b)
    both = set(keys_a) & set(keys_b)  # a longer game's extra deals have no twin to share
    shared = {unit for unit in both if keys_a[unit] == keys_b[unit]}
    duplicate = len(shared) / len(both) if both else 0.0
    samples_b = {sample.key: sample for sample in b.samples}
    differences = []
    for sample_a in a.samples:
        sample_b = samples_b.get(sample_a.key)
        if sample_b is None or not sample_a.values or not sample_b.values:
            continue
        differences.append(_difference(sample_a, sample_b, shared))
    return Comparison(a, b, tuple(differences), duplicate)


def _unit_keys(result: SimulationResult) -> dict[Hashable, str]:
    """Each deal's (or, for game figures, each game's) digest of its cards as dealt."""
    keys: dict[Hashable, str] = {}
    for row in result.deals:
        if "deal" in row:
            keys[row["deal"]] = row["key"]
        else:
            keys[(row["game"], row["number"])] = row["key"]
            if row["number"] == 0:
                keys[("game", row["game"])] = row["key"]
    return keys


def _difference(a: Sample, b: Sample, shared: set[Hashable]) -> Difference:
    figure_a, figure_b = figure_of(a), figure_of(b)
    common = [unit for unit in a.values if unit in b.values and unit[0] in shared]
    paired = a.unconditional and b.unconditional and len(common) >= 2
    if paired:
        value, (low, high) = stats.paired_interval([a.values[u] - b.values[u] for u in common])
        n = len(common)
    elif a.kind == "rate":
        value, (low, high) = stats.rate_difference(
            (figure_a.successes or 0, figure_a.n), (figure_b.successes or 0, figure_b.n)
        )
        n = figure_a.n + figure_b.n
    else:
        value, (low, high) = stats.mean_difference(list(a.values.values()), list(b.values.values()))
        n = figure_a.n + figure_b.n
    return Difference(
        a.key, a.section, a.label, a.kind, figure_a, figure_b, value, low, high, paired, n
    )


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else value


def _write_csv(rows: Sequence[Row], out: str | Path | TextIO) -> None:
    if isinstance(out, (str, Path)):
        with open(out, "w", encoding="utf-8", newline="") as stream:
            _write_csv(rows, stream)
        return
    if not rows:
        return
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})


def _arrays(columns: dict[str, list[Any]]) -> dict[str, Any]:
    try:
        import numpy as np
    except ImportError:
        raise ArgumentError("arrays() needs numpy: pip install numpy") from None
    out: dict[str, Any] = {}
    for name, values in columns.items():
        present = [v for v in values if v is not None]
        missing = len(present) < len(values)
        if present and all(isinstance(v, (bool, int)) for v in present):
            if missing:
                out[name] = np.array([np.nan if v is None else float(v) for v in values])
            elif all(isinstance(v, bool) for v in present):
                out[name] = np.array(values, dtype=bool)
            else:
                out[name] = np.array(values, dtype=np.int64)
        else:
            out[name] = np.array(["" if v is None else str(v) for v in values])
    return out
