"""What a simulation gives back: :class:`SimulationResult` and :class:`Comparison`.

Both keep the figures (:class:`~spadeslib.simulation.figures.Figure`) and the per-deal
table (:class:`~spadeslib.simulation.table.Table`), and turn into JSON (``to_dict``), CSV
(``write_csv``, one row per deal) and pictures (``plot``, with matplotlib). The table is
:attr:`SimulationResult.columns`, a dict of equal-length lists that
``pandas.DataFrame(result.columns)`` takes as it is; :meth:`SimulationResult.arrays`
gives numpy arrays; :attr:`SimulationResult.deals` reads it row by row.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from spadeslib.errors import ArgumentError
from spadeslib.simulation import stats
from spadeslib.simulation.figures import Figure, Sample, deal_owners, figure_of
from spadeslib.simulation.lineup import Lineup
from spadeslib.simulation.reach import out_of_reach
from spadeslib.simulation.table import Rows, Table, write_csv

if TYPE_CHECKING:
    import numpy as np

    from spadeslib.variant import Variant

__all__ = ["Comparison", "Difference", "SimulationResult"]


@dataclass(frozen=True)
class SimulationResult:
    """The figures and the table of one simulation (see :func:`spadeslib.simulate`)."""

    variant: Variant
    bots: str
    """The lineup, one level or one per seat (``standard``, ``pro,easy,pro,easy``)."""
    lineup: Lineup = field(repr=False)
    """Who played each seat (:meth:`Lineup.describe` says it side by side)."""
    unit: str
    """``deals`` or ``games``."""
    count: int
    """How many deals or games were asked for."""
    seed: int
    """The simulation's seed: the same seed gives the same result."""
    seconds: float
    """Wall-clock time of the run."""
    figures: tuple[Figure, ...]
    table: Table = field(repr=False)
    """The per-deal table."""
    game_table: Table | None = field(repr=False)
    """The per-game table of a ``games`` simulation (``None`` for ``deals``)."""
    samples: tuple[Sample, ...] = field(repr=False, compare=False)
    processes: int = field(default=1, compare=False)
    """The processes that played it (0 on Ray): a short run starts no worker process,
    whatever ``workers`` allowed."""

    @property
    def out_of_reach(self) -> tuple[str, ...]:
        """A sentence for each rule of the variant that these deals cannot show, or show
        only rarely (Blind Nil for a side behind by 100, in deals that start at 0 to 0):
        its figure is no measure of it (see :mod:`spadeslib.simulation.reach`)."""
        return out_of_reach(self.variant, self.unit)

    def figure(self, key: str) -> Figure:
        """The figure called ``key`` (``contracts.made.bid_10``); ``ArgumentError`` if
        this simulation has none (a bid nobody made, a rule the variant does not have)."""
        for figure in self.figures:
            if figure.key == key:
                return figure
        raise ArgumentError(f"no figure {key!r} in this simulation")

    @property
    def deals(self) -> Rows:
        """The per-deal table read as rows (dicts, made when read)."""
        return Rows(self.table)

    @property
    def games(self) -> Rows | None:
        """The per-game rows of a ``games`` simulation (``None`` for ``deals``)."""
        return None if self.game_table is None else Rows(self.game_table)

    @property
    def columns(self) -> dict[str, list[Any]]:
        """The per-deal table: one list per column, one entry per deal (see
        :mod:`spadeslib.simulation.rows` for the columns)."""
        return dict(self.table.lists)

    @property
    def game_columns(self) -> dict[str, list[Any]] | None:
        """The per-game table of a ``games`` simulation (``None`` for ``deals``)."""
        return None if self.game_table is None else dict(self.game_table.lists)

    def arrays(self) -> dict[str, Any]:
        """:attr:`columns` as numpy arrays: numbers as int64 (seeds uint64; floats with
        ``nan`` where a column has ``None``), yes/no columns as bools (floats with ``nan``
        likewise), text (bids, the key, how a game ended) as text."""
        return self.table.arrays()

    def to_dict(self) -> dict[str, Any]:
        """The figures and the run's settings, JSON-ready (the table is left out: see
        :meth:`write_csv`)."""
        return {
            "variant": self.variant.name,
            "bots": self.bots,
            "bots_by_side": self.lineup.describe(self.variant),
            "unit": self.unit,
            "count": self.count,
            "deals_played": len(self.table),
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "figures": [figure.to_dict() for figure in self.figures],
            "out_of_reach": list(self.out_of_reach),
        }

    def write_csv(self, out: str | Path | TextIO, *, games: bool = False) -> None:
        """Write the per-deal table (or the per-game one) as CSV, one row per deal."""
        table = (self.game_table or Table({}, {})) if games else self.table
        table.write_csv(out)

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
        if isinstance(out, (str, Path)):
            with open(out, "w", encoding="utf-8", newline="") as stream:
                self.write_csv(stream, games=games)
            return
        parts = []
        for run, result in (("A", self.a), ("B", self.b)):
            table = (result.game_table or Table({}, {})) if games else result.table
            parts.append((table, ("run", run)))
        write_csv(parts, out)

    def plot(self, path: str | Path | None = None) -> Any:
        """A's and B's distributions and make rates side by side (matplotlib)."""
        from spadeslib.simulation.plot import plot_comparison

        return plot_comparison(self, path)


def compare_results(a: SimulationResult, b: SimulationResult) -> Comparison:
    """The differences of every figure of ``a`` that ``b`` has too."""
    deals_a, deals_b = _unit_keys(a, "deal"), _unit_keys(b, "deal")
    shared_deals, both = _shared(deals_a, deals_b)
    duplicate = len(shared_deals) / both if both else 0.0
    shared = {
        "deal": shared_deals,
        "game": _shared(_unit_keys(a, "game"), _unit_keys(b, "game"))[0],
    }
    samples_b = {sample.key: sample for sample in b.samples}
    differences = []
    for sample_a in a.samples:
        sample_b = samples_b.get(sample_a.key)
        if sample_b is None or not len(sample_a) or not len(sample_b):
            continue
        if sample_a.label != sample_b.label:  # side 0 of a partnership, seat 0 of cutthroat
            continue
        differences.append(_difference(sample_a, sample_b, shared[sample_a.level]))
    return Comparison(a, b, tuple(differences), duplicate)


def _unit_keys(result: SimulationResult, level: str) -> tuple[np.ndarray, np.ndarray]:
    """Each deal's (or, for game figures, each game's: its first deal's) owner and the
    digest of its cards as dealt."""
    import numpy as np

    table = result.table
    if not len(table) or (level == "game" and "game" not in table.values):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint64)
    owners, keys = deal_owners(table), table.values["key"]
    if level == "game":
        first = table.values["number"] == 0
        return table.values["game"][first].astype(np.int64), keys[first]
    return owners, keys


def _shared(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> tuple[Any, int]:
    """The owners both played with the same cards, and how many both played."""
    import numpy as np

    common, where_a, where_b = np.intersect1d(a[0], b[0], assume_unique=True, return_indices=True)
    return common[a[1][where_a] == b[1][where_b]], len(common)


def _difference(a: Sample, b: Sample, shared: np.ndarray) -> Difference:
    figure_a, figure_b = figure_of(a), figure_of(b)
    paired = False
    if a.unconditional and b.unconditional:
        where_a, where_b = _pairs(a, b, shared)
        paired = len(where_a) >= 2
    if paired:
        value, (low, high) = stats.paired_interval(a.values[where_a] - b.values[where_b])
        n = len(where_a)
    elif a.kind == "rate":
        value, (low, high) = stats.rate_difference(
            (figure_a.successes or 0, figure_a.n), (figure_b.successes or 0, figure_b.n)
        )
        n = figure_a.n + figure_b.n
    else:
        value, (low, high) = stats.mean_difference(a.values, b.values)
        n = figure_a.n + figure_b.n
    return Difference(
        a.key, a.section, a.label, a.kind, figure_a, figure_b, value, low, high, paired, n
    )


def _pairs(a: Sample, b: Sample, shared: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where the units of ``a`` and of ``b`` are the same side or seat of a deal (or game)
    both were dealt alike."""
    import numpy as np

    (owners_a, parts_a), (owners_b, parts_b) = a.units(), b.units()
    parts = int(max(parts_a.max(initial=0), parts_b.max(initial=0))) + 2
    _, where_a, where_b = np.intersect1d(
        owners_a * parts + parts_a + 1,
        owners_b * parts + parts_b + 1,
        assume_unique=True,
        return_indices=True,
    )
    keep = np.isin(owners_a[where_a], shared)
    return where_a[keep], where_b[keep]


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else value
