"""The figures of a simulation, from its table: each a rate or a mean with its 95% interval.

A figure is computed from a :class:`Sample`: one value per unit it counts (a side in a
deal, a seat in a deal, a deal, a game), 0 or 1 for a rate. A sample is *unconditional*
when every unit of its kind has a value (the points of every side in every deal), and
conditional when only some do (contracts of 10 made: only the sides that bid 10). A
comparison pairs the units of an unconditional sample that were dealt the same cards in
both variants; a conditional one is compared as two independent samples, since the
deals that qualify differ between the two.

Rates over sides in a deal count each side-deal as one observation (the two sides of one
deal are not quite independent: the intervals are a little narrow for the figures over
all sides together, exact for those of one side).

Everything here works on whole columns (numpy arrays), so a million deals cost a few
array operations per figure, not a million Python steps.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.simulation import stats

if TYPE_CHECKING:
    import numpy as np

    from spadeslib.simulation.table import Table
    from spadeslib.variant import Variant

__all__ = ["GAME_NUMBERS", "SECTIONS", "Figure", "Sample", "deal_owners", "figure_of", "samples"]

Kind = Literal["rate", "mean"]
Level = Literal["deal", "game"]

SECTIONS: Final = ("Contracts", "Sets", "Nil", "Special bids", "Bags and points", "Games")
"""The groups figures are shown in, in order."""

GAME_NUMBERS: Final = 1 << 24
"""In ``--games``, deal ``number`` of game ``g`` is owner ``g * GAME_NUMBERS + number``
(a game has fewer deals: ``max_deals`` is at most this)."""

_WHOLE: Final = -1
"""The part of a unit that is the whole deal or game."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure: ``value`` (a rate from 0 to 1, or a mean) with its 95% interval
    ``low``..``high``, from ``n`` observations (``successes`` of them for a rate)."""

    key: str
    """A stable name for programs: ``contracts.made.bid_10``, ``points.side_0`` ..."""
    section: str
    label: str
    """What it is, in words: ``contracts of 10 made``."""
    kind: Kind
    value: float
    low: float
    high: float
    n: int
    successes: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (an interval that cannot be formed is ``None``)."""
        return {
            "key": self.key,
            "section": self.section,
            "label": self.label,
            "kind": self.kind,
            "value": _finite(self.value),
            "low": _finite(self.low),
            "high": _finite(self.high),
            "n": self.n,
            "successes": self.successes,
        }


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else value


class Sample:
    """The values a figure is computed from, one per unit, kept in chunks as the columns
    gave them. A unit is ``(owner, part)``: the owner is the deal (:func:`deal_owners`)
    or, for game figures, the game whose cards it was dealt; the part a side or seat, or
    -1 for the deal or game as a whole. Only a comparison reads the units, of the
    unconditional samples (:meth:`units`)."""

    def __init__(  # noqa: PLR0917 - the collector's one call, by position
        self,
        key: str,
        section: str,
        label: str,
        kind: Kind,
        level: Level,
        unconditional: bool,
        owners: Any,
    ) -> None:
        self.key, self.section, self.label, self.kind = key, section, label, kind
        self.level: Level = level
        self.unconditional = unconditional
        self._owners = owners
        self.chunks: list[tuple[Any, int, Any]] = []

    def add(self, part: int, values: Any, where: Any = None) -> None:
        """Add the values of ``part``, one per owner (``where``: a mask of the owners they
        are, when not all of them)."""
        self.chunks.append((where, part, values if where is None else values[where]))

    def __len__(self) -> int:
        return sum(len(values) for _, _, values in self.chunks)

    @functools.cached_property
    def values(self) -> Any:
        """All the values, as one float64 array."""
        import numpy as np

        chunks = [values for _, _, values in self.chunks] or [np.zeros(0)]
        return np.concatenate(chunks).astype(np.float64)

    def units(self) -> tuple[Any, Any]:
        """The owners and the parts of :attr:`values`, as int64 arrays (of an
        unconditional sample: its chunks are of every owner or of those a mask picks)."""
        import numpy as np

        assert self.unconditional, self.key

        owners = [self._owners if w is None else self._owners[w] for w, _, _ in self.chunks]
        parts = [np.full(len(v), p, dtype=np.int64) for _, p, v in self.chunks]
        empty = [np.zeros(0, dtype=np.int64)]
        return np.concatenate(owners or empty), np.concatenate(parts or empty)


def figure_of(sample: Sample) -> Figure:
    """The figure of a sample."""
    n = len(sample)
    chunks = [values for _, _, values in sample.chunks]
    if sample.kind == "rate":
        successes = sum(int(values.sum()) for values in chunks)
        low, high = stats.wilson(successes, n)
        value = successes / n if n else float("nan")
        return Figure(
            sample.key, sample.section, sample.label, "rate", value, low, high, n, successes
        )
    mean, (low, high) = stats.mean_interval(sample.values)
    return Figure(sample.key, sample.section, sample.label, "mean", mean, low, high, n)


def deal_owners(table: Table) -> np.ndarray:
    """The deal each row is: its index (``--deals``) or ``game * GAME_NUMBERS + number``
    (``--games``), as int64."""
    import numpy as np

    values = table.values
    owners: np.ndarray = (
        values["deal"].astype(np.int64)
        if "deal" in values
        else (values["game"].astype(np.int64) * GAME_NUMBERS + values["number"])
    )
    return owners


class _Collector:
    """Samples in the order they are first named."""

    def __init__(self, deals: Any, games: Any) -> None:
        self.found: dict[str, Sample] = {}
        self.owners = {"deal": deals, "game": games}

    def __call__(
        self,
        key: str,
        section: str,
        label: str,
        kind: Kind = "rate",
        *,
        unconditional: bool = False,
        level: Level = "deal",
    ) -> Sample:
        """Sample ``key``, made (empty) the first time it is named."""
        sample = self.found.get(key)
        if sample is None:
            owners = self.owners[level]
            sample = Sample(key, section, label, kind, level, unconditional, owners)
            self.found[key] = sample
        return sample


def _side_name(variant: Variant, side: int) -> str:
    seats = variant.table.sides()[side]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"side {side} (seats {'+'.join(map(str, seats))})"


def samples(variant: Variant, deals: Table, games: Table | None) -> list[Sample]:
    """Every figure's sample for ``variant``'s tables (``games`` ``None`` for ``--deals``)."""
    import numpy as np

    owners = deal_owners(deals) if len(deals) else None
    games_owners = None
    if games is not None and len(games):
        games_owners = games.values["game"].astype(np.int64)
    out = _Collector(owners, games_owners)
    if len(deals):
        columns = _Columns(variant, deals)
        _contracts(variant, columns, out)
        _nils(variant, columns, out)
        _specials(variant, columns, out)
        _bags_and_points(variant, columns, out)
    if games is not None and len(games):
        _games(variant, games, out)
    return list(out.found.values())


class _Columns:
    """What the figures read from the deals' table."""

    def __init__(self, variant: Variant, table: Table) -> None:
        import numpy as np

        self.table = table
        self.sides = range(len(variant.table.sides()))
        self.seats = range(variant.table.players)
        side_of = np.asarray(_sides_of(variant))
        self.dealer_side = side_of[table.values["dealer"]]
        self._present: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        return self.table.values[name]

    def present(self, name: str) -> Any:
        """Where column ``name`` has a value (made once per column)."""
        found = self._present.get(name)
        if found is None:
            found = self._present[name] = self.table.present(name)
        return found


def _contracts(variant: Variant, rows: _Columns, out: _Collector) -> None:
    import numpy as np

    section, sets = SECTIONS[0], SECTIONS[1]
    over_limit = variant.scoring.overtrick_limit is not None
    made_all = out("contracts.made", section, "contracts made")
    by_side = [
        out(f"contracts.made.side_{k}", section, f"contracts made, {_side_name(variant, k)}")
        for k in rows.sides
    ]
    dealer = out("contracts.made.dealer", section, "contracts made, the dealer's side")
    others = out("contracts.made.not_dealer", section, "contracts made, the other side(s)")
    for k in rows.sides:
        where, made = rows.present(f"made_{k}"), rows[f"made_{k}"]
        made_all.add(k, made, where)
        by_side[k].add(k, made, where)
        deals_side = rows.dealer_side == k
        dealer.add(k, made, where & deals_side)
        others.add(k, made, where & ~deals_side)
    # contracts of each bid: the side-deals with a contract, grouped by it with one sort
    contract = np.concatenate(
        [rows[f"contract_{k}"][rows.present(f"made_{k}")] for k in rows.sides]
    )
    made = np.concatenate([rows[f"made_{k}"][rows.present(f"made_{k}")] for k in rows.sides])
    order = np.argsort(contract.astype(np.int16), kind="stable")  # a radix sort
    contract, made = contract[order], made[order]
    starts = np.flatnonzero(np.diff(contract, prepend=contract[:1] - 1))
    for first, stop in zip(starts.tolist(), [*starts[1:].tolist(), len(contract)], strict=True):
        bid = int(contract[first])
        values = out(f"contracts.made.bid_{bid}", section, f"contracts of {bid} made")
        values.add(_WHOLE, made[first:stop])
    kinds = [("sets.all", "contracts set", None), ("sets.short", "set for too few tricks", "short")]
    if over_limit:
        kinds.append(("sets.overtricks", "set for too many overtricks", "over"))
    for key, label, name in kinds:
        sample = out(key, sets, label)
        for k in rows.sides:
            where = rows.present(f"made_{k}")
            values = ~rows[f"made_{k}"] if name is None else rows[f"set_{name}_{k}"]
            sample.add(k, values, where)


def _nils(variant: Variant, rows: _Columns, out: _Collector) -> None:
    section = SECTIONS[2]
    bidding = variant.bidding
    kinds = [
        (NIL, "nil", "Nil", bidding.nil.enabled),
        (BLIND_NIL, "blind_nil", "Blind Nil", bidding.blind_nil.enabled),
    ]
    for code, key, name, enabled in kinds:
        if not enabled:
            continue
        bids = out(f"{key}.bid", section, f"{name} bid (per seat and deal)", unconditional=True)
        made = out(f"{key}.made", section, f"{name} made")
        for seat in rows.seats:
            bid = rows[f"bid_{seat}"] == code
            bids.add(seat, bid)
            made.add(seat, rows[f"tricks_{seat}"] == 0, bid)


def _specials(variant: Variant, rows: _Columns, out: _Collector) -> None:
    section = SECTIONS[3]
    bidding = variant.bidding
    hand = variant.deal.hand_size
    ten = bidding.ten_for_200
    moon_bid = hand if bidding.moon.enabled else -1

    def is_ten(contract: Any, k: int) -> Any:  # the Moon wins over ten for 200
        ten_or_more = (contract > 10) if ten.bids == "10_or_more" else False
        return (contract != moon_bid) & ((contract == 10) | ten_or_more)

    kinds: list[tuple[str, str, bool, Callable[[Any, int], Any]]] = [
        ("blind", "blind bid", bidding.blind.enabled, lambda c, k: rows[f"blind_{k}"]),
        ("ten_for_200", "ten for 200 bid", ten.enabled, is_ten),
        ("moon", "Moon (every trick) bid", bidding.moon.enabled, lambda c, k: c == hand),
    ]
    for key, name, enabled, is_it in kinds:
        if not enabled:
            continue
        bids = out(f"{key}.bid", section, f"{name} (per side and deal)", unconditional=True)
        made = out(f"{key}.made", section, f"{name} made")
        for k in rows.sides:
            where = rows.present(f"contract_{k}")
            yes = is_it(rows[f"contract_{k}"], k) & where
            bids.add(k, yes, where)
            made.add(k, rows[f"made_{k}"], yes & rows.present(f"made_{k}"))
    boston = out(
        "boston", section, "a side took every trick (per side and deal)", unconditional=True
    )
    for k in rows.sides:
        boston.add(k, rows[f"took_all_{k}"])


def _bags_and_points(variant: Variant, rows: _Columns, out: _Collector) -> None:
    import numpy as np

    section = SECTIONS[4]
    every: dict[str, Any] = {"unconditional": True}
    if variant.scoring.bags.enabled:
        bags = out("bags.per_deal", section, "bags per side and deal", "mean", **every)
        paid = out("bags.penalised", section, "bag penalty paid (per side and deal)", **every)
        lost = out(
            "bags.penalty", section, "points lost to bags per side and deal", "mean", **every
        )
        for k in rows.sides:
            bags.add(k, rows[f"bags_{k}"])
            paid.add(k, rows[f"bag_penalty_{k}"] > 0)
            lost.add(k, rows[f"bag_penalty_{k}"])
    points = out("points.per_deal", section, "points per side and deal", "mean", **every)
    for k in rows.sides:
        points.add(k, rows[f"points_{k}"])
    for k in rows.sides:
        label = f"points per deal, {_side_name(variant, k)}"
        out(f"points.side_{k}", section, label, "mean", **every).add(_WHOLE, rows[f"points_{k}"])
    by_side = np.stack([rows[f"points_{k}"] for k in rows.sides], axis=1)
    dealers = by_side[np.arange(len(by_side)), rows.dealer_side]
    label = "points per deal, the dealer's side"
    out("points.dealer", section, label, "mean", **every).add(_WHOLE, dealers)


_ENDS: Final = {
    "target": "reached the target",
    "consecutive_sets": "set too many deals in a row",
    "losing_score": "fell to the losing score (mercy)",
    "moon": "a made Moon",
    "boston": "a Boston",
    "ten_for_200_all_tricks": "ten bid, every trick taken",
    "max_deals": "the deal limit of the rules",
    "unfinished": "unfinished (the simulation's deal limit)",
}
"""How a game ended (``GameResult.reason``, or ``unfinished``), in words."""


def _games(variant: Variant, games: Table, out: _Collector) -> None:
    import numpy as np

    section = SECTIONS[5]
    sides = range(len(variant.table.sides()))
    side_of = np.asarray(_sides_of(variant))
    options: dict[str, Any] = {"unconditional": True, "level": "game"}
    end = games.values["end"]
    finished = end != "unfinished"
    winner = np.where(games.present("winner"), games.values["winner"], -1)
    length = out("games.deals", section, "deals per game", "mean", **options)
    length.add(_WHOLE, games.values["deals"])
    for k in sides:
        label = f"games won, {_side_name(variant, k)}"
        out(f"games.win.side_{k}", section, label, **options).add(_WHOLE, finished & (winner == k))
    first = finished & (winner == side_of[games.values["first_dealer"]])
    label = "games won by the first dealer's side"
    out("games.win.first_dealer", section, label, **options).add(_WHOLE, first)
    out("games.draw", section, "games drawn", **options).add(_WHOLE, games.values["draw"])
    seen = set(end.tolist())
    for name, words in _ENDS.items():
        if name in seen:
            label = f"game ended: {words}"
            out(f"games.end.{name}", section, label, **options).add(_WHOLE, end == name)


def _sides_of(variant: Variant) -> list[int]:
    """The side of each seat."""
    side_of = [0] * variant.table.players
    for index, seats in enumerate(variant.table.sides()):
        for seat in seats:
            side_of[seat] = index
    return side_of
