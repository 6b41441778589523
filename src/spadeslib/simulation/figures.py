"""The figures of a simulation, from its rows: each a rate or a mean with its 95% interval.

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
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from spadeslib.simulation import stats
from spadeslib.simulation.rows import Row

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["SECTIONS", "Figure", "Sample", "Unit", "deal_unit", "figure_of", "samples"]

Kind = Literal["rate", "mean"]
Unit = tuple[Hashable, int | None]
"""``(owner, part)``: see :class:`Sample`."""
Level = Literal["deal", "game"]

SECTIONS: Final = ("Contracts", "Sets", "Nil", "Special bids", "Bags and points", "Games")
"""The groups figures are shown in, in order."""


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


@dataclass(slots=True)
class Sample:
    """The values a figure is computed from, by unit. A unit is ``(owner, part)``: the
    owner is the deal (its index, or ``(game, number)`` in ``--games``) or the game
    (``("game", index)``) whose cards it was dealt; the part a side or seat, or ``None``
    for the deal or game as a whole."""

    key: str
    section: str
    label: str
    kind: Kind
    level: Level
    unconditional: bool
    values: dict[Unit, float] = field(default_factory=dict)


def figure_of(sample: Sample) -> Figure:
    """The figure of a sample."""
    values = list(sample.values.values())
    if sample.kind == "rate":
        successes = round(math.fsum(values))
        low, high = stats.wilson(successes, len(values))
        value = successes / len(values) if values else float("nan")
        return Figure(
            sample.key,
            sample.section,
            sample.label,
            "rate",
            value,
            low,
            high,
            len(values),
            successes,
        )
    mean, (low, high) = stats.mean_interval(values)
    return Figure(sample.key, sample.section, sample.label, "mean", mean, low, high, len(values))


def deal_unit(row: Row) -> Hashable:
    """The deal a row is: its index (``--deals``) or ``(game, number)`` (``--games``)."""
    if "deal" in row:
        index: int = row["deal"]
        return index
    return (row["game"], row["number"])


class _Collector:
    """Samples in the order they are first named."""

    def __init__(self) -> None:
        self.found: dict[str, Sample] = {}

    def __call__(
        self,
        key: str,
        section: str,
        label: str,
        kind: Kind = "rate",
        *,
        unconditional: bool = False,
        level: Level = "deal",
    ) -> dict[Unit, float]:
        """The values of sample ``key``, made (empty) the first time it is named."""
        sample = self.found.get(key)
        if sample is None:
            sample = self.found[key] = Sample(key, section, label, kind, level, unconditional)
        return sample.values


def _side_name(variant: Variant, side: int) -> str:
    seats = variant.table.sides()[side]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"side {side} (seats {'+'.join(map(str, seats))})"


def samples(variant: Variant, deals: Iterable[Row], games: Iterable[Row] | None) -> list[Sample]:
    """Every figure's sample for ``variant``'s rows (``games`` ``None`` for ``--deals``)."""
    rows = list(deals)
    out = _Collector()
    _contracts(variant, rows, out)
    _nils(variant, rows, out)
    _specials(variant, rows, out)
    _bags_and_points(variant, rows, out)
    if games is not None:
        _games(variant, list(games), out)
    return list(out.found.values())


def _contracts(variant: Variant, rows: list[Row], out: _Collector) -> None:
    section, sets = SECTIONS[0], SECTIONS[1]
    sides = range(len(variant.table.sides()))
    side_of = _sides_of(variant)
    over_limit = variant.scoring.overtrick_limit is not None
    made_all = out("contracts.made", section, "contracts made")
    by_side = [
        out(f"contracts.made.side_{k}", section, f"contracts made, {_side_name(variant, k)}")
        for k in sides
    ]
    dealer = out("contracts.made.dealer", section, "contracts made, the dealer's side")
    others = out("contracts.made.not_dealer", section, "contracts made, the other side(s)")
    set_all: dict[Unit, float] = {}
    short: dict[Unit, float] = {}
    over: dict[Unit, float] = {}
    by_bid: dict[int, list[tuple[Unit, float]]] = {}
    for row in rows:
        unit = deal_unit(row)
        dealer_side = side_of[row["dealer"]]
        for k in sides:
            made = row[f"made_{k}"]
            if made is None:
                continue
            side_unit = (unit, k)
            made_all[side_unit] = by_side[k][side_unit] = made
            (dealer if k == dealer_side else others)[side_unit] = made
            by_bid.setdefault(row[f"contract_{k}"], []).append((side_unit, made))
            set_all[side_unit] = not made
            short[side_unit] = row[f"set_short_{k}"]
            if over_limit:
                over[side_unit] = row[f"set_over_{k}"]
    for bid in sorted(by_bid):
        values = out(f"contracts.made.bid_{bid}", section, f"contracts of {bid} made")
        values.update(by_bid[bid])
    out("sets.all", sets, "contracts set").update(set_all)
    out("sets.short", sets, "set for too few tricks").update(short)
    if over_limit:
        out("sets.overtricks", sets, "set for too many overtricks").update(over)


def _nils(variant: Variant, rows: list[Row], out: _Collector) -> None:
    section = SECTIONS[2]
    bidding = variant.bidding
    seats = range(variant.table.players)
    kinds = [
        ("nil", "nil", "Nil", bidding.nil.enabled),
        ("blind nil", "blind_nil", "Blind Nil", bidding.blind_nil.enabled),
    ]
    for word, key, name, enabled in kinds:
        if not enabled:
            continue
        bids = out(f"{key}.bid", section, f"{name} bid (per seat and deal)", unconditional=True)
        made = out(f"{key}.made", section, f"{name} made")
        for row in rows:
            unit = deal_unit(row)
            for seat in seats:
                bid = row[f"bid_{seat}"] == word
                bids[(unit, seat)] = bid
                if bid:
                    made[(unit, seat)] = row[f"tricks_{seat}"] == 0


def _specials(variant: Variant, rows: list[Row], out: _Collector) -> None:
    section = SECTIONS[3]
    bidding = variant.bidding
    sides = range(len(variant.table.sides()))
    hand = variant.deal.hand_size
    ten = bidding.ten_for_200
    moon_bid = hand if bidding.moon.enabled else None

    def is_ten(contract: int, row: Row, k: int) -> bool:  # the Moon wins over ten for 200
        if contract == moon_bid:
            return False
        return contract == 10 or (ten.bids == "10_or_more" and contract > 10)

    kinds: list[tuple[str, str, bool, Callable[[int, Row, int], bool]]] = [
        ("blind", "blind bid", bidding.blind.enabled, lambda c, row, k: bool(row[f"blind_{k}"])),
        ("ten_for_200", "ten for 200 bid", ten.enabled, is_ten),
        ("moon", "Moon (every trick) bid", bidding.moon.enabled, lambda c, row, k: c == hand),
    ]
    for key, name, enabled, is_it in kinds:
        if not enabled:
            continue
        bids = out(f"{key}.bid", section, f"{name} (per side and deal)", unconditional=True)
        made = out(f"{key}.made", section, f"{name} made")
        for row in rows:
            unit = deal_unit(row)
            for k in sides:
                contract = row[f"contract_{k}"]
                if contract is None:
                    continue
                bids[(unit, k)] = yes = is_it(contract, row, k)
                if yes and row[f"made_{k}"] is not None:
                    made[(unit, k)] = row[f"made_{k}"]
    boston = out(
        "boston", section, "a side took every trick (per side and deal)", unconditional=True
    )
    for row in rows:
        unit = deal_unit(row)
        for k in sides:
            boston[(unit, k)] = row[f"took_all_{k}"]


def _bags_and_points(variant: Variant, rows: list[Row], out: _Collector) -> None:
    section = SECTIONS[4]
    sides = range(len(variant.table.sides()))
    side_of = _sides_of(variant)
    bags_on = variant.scoring.bags.enabled
    if bags_on:
        bags = out("bags.per_deal", section, "bags per side and deal", "mean", unconditional=True)
        paid = out(
            "bags.penalised", section, "bag penalty paid (per side and deal)", unconditional=True
        )
        lost = out(
            "bags.penalty",
            section,
            "points lost to bags per side and deal",
            "mean",
            unconditional=True,
        )
    points = out("points.per_deal", section, "points per side and deal", "mean", unconditional=True)
    by_side = [
        out(
            f"points.side_{k}",
            section,
            f"points per deal, {_side_name(variant, k)}",
            "mean",
            unconditional=True,
        )
        for k in sides
    ]
    dealer = out(
        "points.dealer", section, "points per deal, the dealer's side", "mean", unconditional=True
    )
    for row in rows:
        unit = deal_unit(row)
        for k in sides:
            side_unit = (unit, k)
            if bags_on:
                bags[side_unit] = row[f"bags_{k}"]
                paid[side_unit] = row[f"bag_penalty_{k}"] > 0
                lost[side_unit] = row[f"bag_penalty_{k}"]
            points[side_unit] = by_side[k][(unit, None)] = row[f"points_{k}"]
        dealer[(unit, None)] = row[f"points_{side_of[row['dealer']]}"]


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


def _games(variant: Variant, games: list[Row], out: _Collector) -> None:
    section = SECTIONS[5]
    sides = range(len(variant.table.sides()))
    side_of = _sides_of(variant)
    options: dict[str, Any] = {"unconditional": True, "level": "game"}
    length = out("games.deals", section, "deals per game", "mean", **options)
    wins = [
        out(f"games.win.side_{k}", section, f"games won, {_side_name(variant, k)}", **options)
        for k in sides
    ]
    first = out(
        "games.win.first_dealer", section, "games won by the first dealer's side", **options
    )
    draws = out("games.draw", section, "games drawn", **options)
    seen = {row["end"] for row in games}
    ends = {
        end: out(f"games.end.{end}", section, f"game ended: {words}", **options)
        for end, words in _ENDS.items()
        if end in seen
    }
    for row in games:
        unit = (("game", row["game"]), None)
        finished = row["end"] != "unfinished"
        length[unit] = row["deals"]
        for k in sides:
            wins[k][unit] = finished and row["winner"] == k
        first[unit] = finished and row["winner"] == side_of[row["first_dealer"]]
        draws[unit] = row["draw"]
        for end, values in ends.items():
            values[unit] = row["end"] == end


def _sides_of(variant: Variant) -> list[int]:
    """The side of each seat."""
    side_of = [0] * variant.table.players
    for index, seats in enumerate(variant.table.sides()):
        for seat in seats:
            side_of[seat] = index
    return side_of
