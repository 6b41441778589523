"""A simulation's rows kept as columns: :class:`Table`.

A million deals as a million dicts would cost more than playing them, so the rows of a
simulation are kept as one numpy array per column (:func:`~spadeslib.simulation.rows.kind_of`
says how each is kept), with a mask of the gaps where a column has any (a contract where
the deal bid itself, ``made`` without a trick contract). The deals played by the native
playouts arrive as arrays; those played through :class:`~spadeslib.Game` as rows, turned
into a table once per batch. A row, the lists of :attr:`SimulationResult.columns
<spadeslib.simulation.result.SimulationResult.columns>` and the CSV lines are made from the
arrays only when asked for.

numpy is imported on first use, so that ``import spadeslib`` stays light.
"""

from __future__ import annotations

import csv
import functools
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, overload

from spadeslib.compiler.bids import format_bid
from spadeslib.simulation.rows import Kind, Row, kind_of

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Rows", "Table", "concat"]

_BID_CODES = {"nil": -1, "blind nil": -2, "-": -3}


def _numpy() -> Any:
    import numpy

    return numpy


def _dtype(kind: Kind, name: str) -> str:
    if kind in {"seed", "key"}:
        return "uint64"
    if kind == "bool":
        return "bool"
    if kind == "bid":
        return "int16"
    if kind == "text":
        return "object"
    return "int64" if name in ("deal", "game") else "int32"


class Table:
    """Columns of equal length, in order; each a numpy array, with ``missing`` masks for
    the columns that have gaps (the gaps hold 0, so equal tables have equal arrays)."""

    def __init__(self, values: dict[str, np.ndarray], missing: dict[str, np.ndarray]) -> None:
        self.values = values
        self.missing = missing
        lengths = {len(array) for array in values.values()}
        assert len(lengths) <= 1, lengths
        self.length = lengths.pop() if lengths else 0

    @classmethod
    def build(cls, columns: dict[str, Any], missing: dict[str, Any] | None = None) -> Table:
        """A table of ``columns`` (arrays or lists, converted to each column's kind) and
        the gaps of those that have any (bool arrays, True where the value is missing)."""
        np = _numpy()
        values = {
            name: np.asarray(column, dtype=_dtype(kind_of(name), name))
            for name, column in columns.items()
        }
        gaps = {name: np.asarray(mask, dtype=bool) for name, mask in (missing or {}).items()}
        for name, mask in list(gaps.items()):
            if not mask.any():
                del gaps[name]
            else:
                fill = "" if values[name].dtype == object else 0
                values[name] = np.where(mask, fill, values[name]).astype(values[name].dtype)
        return cls(values, gaps)

    @classmethod
    def from_rows(cls, rows: Sequence[Row]) -> Table:
        """The table of ``rows`` (every row with the same keys: as the games make them, or
        as :meth:`row` gives them back)."""
        if not rows:
            return cls({}, {})
        columns: dict[str, list[Any]] = {}
        missing: dict[str, list[bool]] = {}
        for name in rows[0]:
            raw = [row[name] for row in rows]
            gaps = [value is None for value in raw]
            if any(gaps):
                missing[name] = gaps
            kind = kind_of(name)
            if kind == "bid":
                raw = [_bid_code(value) for value in raw]
            elif kind == "key":
                raw = [int(value, 16) if isinstance(value, str) else value for value in raw]
            elif kind == "text":
                raw = ["" if value is None else value for value in raw]
            else:
                raw = [0 if value is None else value for value in raw]
            columns[name] = raw
        return cls.build(columns, missing)

    def __len__(self) -> int:
        return self.length

    @property
    def names(self) -> list[str]:
        return list(self.values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        np = _numpy()
        if self.names != other.names or self.missing.keys() != other.missing.keys():
            return False
        same = (np.array_equal(self.values[n], other.values[n]) for n in self.values)
        gaps = (np.array_equal(self.missing[n], other.missing[n]) for n in self.missing)
        return all(same) and all(gaps)

    __hash__ = None  # type: ignore[assignment]

    def has_gaps(self, name: str) -> bool:
        return name in self.missing

    def present(self, name: str) -> np.ndarray:
        """Where column ``name`` has a value (a bool array)."""
        np = _numpy()
        mask = self.missing.get(name)
        return np.ones(self.length, dtype=bool) if mask is None else ~mask

    @functools.cached_property
    def lists(self) -> dict[str, list[Any]]:
        """Every column as a list of plain values (``None`` in the gaps; bids as text, the
        key as 16 hex digits), made once."""
        return {name: self.column_list(name) for name in self.values}

    def column_list(self, name: str) -> list[Any]:
        np = _numpy()
        array = self.values[name]
        kind = kind_of(name)
        if kind == "bid":
            codes = sorted(set(array.tolist()))
            text = np.array([format_bid(code) for code in codes], dtype=object)
            listed: list[Any] = text[np.searchsorted(codes, array)].tolist()
        elif kind == "key":
            listed = [f"{key:016x}" for key in array.tolist()]
        else:
            listed = array.tolist()
        mask = self.missing.get(name)
        if mask is not None:
            for index in np.flatnonzero(mask).tolist():
                listed[index] = None
        return listed

    def arrays(self) -> dict[str, Any]:
        """The columns as numpy arrays for a reader: numbers as int64 (seeds as uint64),
        floats with ``nan`` in a column with gaps; yes/no as bool (floats with ``nan``
        likewise); bids, the key and other text as text."""
        np = _numpy()
        out: dict[str, Any] = {}
        for name, array in self.values.items():
            kind = kind_of(name)
            if kind in ("bid", "key", "text"):
                out[name] = np.array(["" if v is None else v for v in self.lists[name]])
                continue
            mask = self.missing.get(name)
            if mask is not None:
                floats = array.astype(np.float64)
                floats[mask] = np.nan
                out[name] = floats
            elif kind in ("bool", "seed"):
                out[name] = array.copy()
            else:
                out[name] = array.astype(np.int64)
        return out

    def row(self, index: int) -> Row:
        """Row ``index`` as a dict of plain values."""
        lists = self.lists
        return {name: values[index] for name, values in lists.items()}

    def write_csv(self, out: str | Path | TextIO, *, first: tuple[str, str] | None = None) -> None:
        """Write the table as CSV (``first``: a column name and its value, put first)."""
        if isinstance(out, (str, Path)):
            with open(out, "w", encoding="utf-8", newline="") as stream:
                self.write_csv(stream, first=first)
            return
        write_csv([(self, first)], out)


def write_csv(parts: Sequence[tuple[Table, tuple[str, str] | None]], out: TextIO) -> None:
    """Write tables with the same columns one after another as one CSV (each with its
    optional first column and value); nothing when they are all empty."""
    parts = [(table, first) for table, first in parts if len(table)]
    if not parts:
        return
    writer = csv.writer(out, lineterminator="\n")
    head, first = parts[0]
    writer.writerow(([first[0]] if first else []) + head.names)
    for table, first in parts:
        columns = [["" if v is None else v for v in values] for values in table.lists.values()]
        if first:
            columns.insert(0, [first[1]] * len(table))
        writer.writerows(zip(*columns, strict=True))


def concat(tables: Sequence[Table]) -> Table:
    """The tables one after another (the empty ones left out)."""
    np = _numpy()
    full = [table for table in tables if len(table)]
    if not full:
        return Table({}, {})
    if len(full) == 1:
        return full[0]
    names = full[0].names
    values = {name: np.concatenate([t.values[name] for t in full]) for name in names}
    gapped = {name for t in full for name in t.missing}
    missing = {
        name: np.concatenate([t.missing.get(name, np.zeros(len(t), dtype=bool)) for t in full])
        for name in names
        if name in gapped
    }
    return Table(values, missing)


class Rows(Sequence[Row]):
    """A table read as a sequence of row dicts, made when read (see :class:`Table`)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __len__(self) -> int:
        return len(self.table)

    @overload
    def __getitem__(self, index: int) -> Row: ...
    @overload
    def __getitem__(self, index: slice) -> list[Row]: ...
    def __getitem__(self, index: int | slice) -> Row | list[Row]:
        if isinstance(index, slice):
            return [self.table.row(i) for i in range(len(self))[index]]
        if not -len(self) <= index < len(self):
            raise IndexError(f"row {index} of {len(self)}")
        return self.table.row(index % len(self))

    def __iter__(self) -> Iterator[Row]:
        lists = self.table.lists
        names = list(lists)
        for values in zip(*lists.values(), strict=True):
            yield dict(zip(names, values, strict=True))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rows):
            return self.table == other.table
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self):,} rows>"


def _bid_code(text: object) -> int:
    if isinstance(text, int):
        return text
    code = _BID_CODES.get(str(text))
    return int(str(text)) if code is None else code
