"""Who sits at the table in a simulation: a level per seat, and the seeds that make it
reproducible.

A lineup is written the way a person says it:

- ``"standard"``: every seat plays Standard;
- ``"pro/easy"``: per side, in the order of ``variant.table.sides()`` (here the seats of
  side 0 play Pro and those of side 1 Easy);
- ``"pro,easy,pro,easy"``: per seat, one level for each seat in turn.

A level is ``random`` (a uniformly random legal action), ``easy``, ``standard``, ``pro``,
``expert`` or ``expert-dd`` (the Expert solving its endings double-dummy), optionally with
the number of simulated deals per decision of those that simulate: ``standard:20``,
``expert:500``. A new level is one entry in :data:`LEVELS`.

Every random choice comes from :func:`derive_seed`: a game's seed and each seat's bot seed
are functions of the simulation's seed and the deal's or game's index alone, never of
which worker plays it or in what order, so the same seed gives the same results with any
number of workers.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from spadeslib.errors import ArgumentError

if TYPE_CHECKING:
    from spadeslib.bots import Bot
    from spadeslib.variant import Variant

__all__ = ["LEVELS", "Lineup", "Seat", "derive_seed", "make_bot", "parse_lineup", "parse_seat"]


def derive_seed(seed: int, *parts: int | str) -> int:
    """A 63-bit seed (it fits numpy's int64) made from ``seed`` and ``parts`` (an index, a
    seat, a purpose), the same on every machine: distinct parts give unrelated seeds."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def _easy(seed: int, simulations: int | None) -> Bot:
    from spadeslib.bots import EasyBot

    return EasyBot(seed)


def _standard(seed: int, simulations: int | None) -> Bot:
    from spadeslib.bots import StandardBot

    return StandardBot(seed, simulations=simulations or 100)


def _pro(seed: int, simulations: int | None) -> Bot:
    from spadeslib.bots import ProBot

    return ProBot(seed, simulations=simulations or 100)


def _expert(seed: int, simulations: int | None) -> Bot:
    from spadeslib.bots import ExpertBot
    from spadeslib.bots.expert import DEFAULT_BUDGET

    return ExpertBot(seed, budget=simulations or DEFAULT_BUDGET)


def _expert_dd(seed: int, simulations: int | None) -> Bot:
    from spadeslib.bots import ExpertBot
    from spadeslib.bots.expert import DEFAULT_BUDGET, SOLVE_FROM

    return ExpertBot(seed, budget=simulations or DEFAULT_BUDGET, solve_from=SOLVE_FROM)


LEVELS: Final[dict[str, Callable[[int, int | None], Bot] | None]] = {
    "random": None,
    "easy": _easy,
    "standard": _standard,
    "pro": _pro,
    "expert": _expert,
    "expert-dd": _expert_dd,
}
"""Each level's bot, made from a seed and the simulations per decision (``None``: the
bot's own default; for ``expert`` and ``expert-dd``, its budget of sampled deals).
``expert-dd`` is the Expert solving its samples double-dummy once the seat holds
:data:`~spadeslib.bots.expert.SOLVE_FROM` cards or fewer. ``random`` has no bot: the
engine picks a random legal action."""

_SIMULATE: Final = frozenset({"standard", "pro", "expert", "expert-dd"})
"""The levels that take a number of simulations."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat's player: a level of :data:`LEVELS` and, for the levels that simulate, the
    deals simulated per decision (``None``: the bot's default)."""

    level: str
    simulations: int | None = None

    def __str__(self) -> str:
        return self.level if self.simulations is None else f"{self.level}:{self.simulations}"


@dataclass(frozen=True, slots=True)
class Lineup:
    """A player for every seat, in seat order."""

    seats: tuple[Seat, ...]

    def __str__(self) -> str:
        first = self.seats[0]
        if all(seat == first for seat in self.seats):
            return str(first)
        return ",".join(str(seat) for seat in self.seats)

    def describe(self, variant: Variant) -> str:
        """Who plays, side by side, for a report's header: ``standard at every seat``,
        ``pro for side 0 (seats 0+2), easy for side 1 (seats 1+3)``, or seat by seat where a
        side's seats differ. A reader of figures must see which bots made them: random
        players and the Standard bot give very different games."""
        first = self.seats[0]
        if all(seat == first for seat in self.seats):
            return f"{first} at every seat"
        sides = variant.table.sides()
        if all(len(members) == 1 for members in sides):
            return ", ".join(f"{seat} for seat {index}" for index, seat in enumerate(self.seats))
        if all(len({self.seats[m] for m in members}) == 1 for members in sides):
            return ", ".join(
                f"{self.seats[members[0]]} for side {index} (seats {'+'.join(map(str, members))})"
                for index, members in enumerate(sides)
            )
        return ", ".join(f"{seat} for seat {index}" for index, seat in enumerate(self.seats))

    @property
    def all_random(self) -> bool:
        """Every seat plays at random: the engine's own rollout plays the deal."""
        return all(seat.level == "random" for seat in self.seats)

    def bots(self, seed: int) -> list[Bot | None]:
        """The bots of one deal or game, each seeded from ``seed`` and its seat (``None``
        for a random seat)."""
        return [
            make_bot(seat, derive_seed(seed, "seat", index))
            for index, seat in enumerate(self.seats)
        ]


def make_bot(seat: Seat, seed: int) -> Bot | None:
    """The bot of ``seat``'s level, seeded; ``None`` for ``random``."""
    build = LEVELS[seat.level]
    return None if build is None else build(seed, seat.simulations)


def parse_seat(text: str) -> Seat:
    """One seat's player from its text: ``"pro"``, ``"standard:20"``, ``"expert:500"``."""
    level, _, count = text.strip().lower().partition(":")
    if level not in LEVELS:
        near = difflib.get_close_matches(level, LEVELS, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise ArgumentError(
            f"unknown bot level {level!r}{hint} (the levels are {', '.join(LEVELS)})"
        )
    if not count:
        return Seat(level)
    if level not in _SIMULATE:
        raise ArgumentError(
            f"{text.strip()!r}: only {', '.join(sorted(_SIMULATE))} take a number of simulations"
        )
    if not count.isdigit() or int(count) < 1:
        raise ArgumentError(
            f"{text.strip()!r}: the simulations per decision are a whole number of at least 1"
        )
    return Seat(level, int(count))


def parse_lineup(spec: str | Sequence[str] | Lineup, variant: Variant) -> Lineup:
    """The lineup ``spec`` describes for ``variant`` (see the module docstring); a sequence
    is one level per seat. Raise :class:`~spadeslib.errors.ArgumentError` for an unknown
    level or the wrong number of seats or sides."""
    if isinstance(spec, Lineup):
        if len(spec.seats) != variant.table.players:
            raise ArgumentError(
                f"the lineup has {len(spec.seats)} seats; {variant.name} has "
                f"{variant.table.players}"
            )
        return spec
    players = variant.table.players
    sides = variant.table.sides()
    if not isinstance(spec, str):
        seats = tuple(parse_seat(part) for part in spec)
        if len(seats) != players:
            raise ArgumentError(f"{len(seats)} levels given for {players} seats: {list(spec)!r}")
        return Lineup(seats)
    text = spec.strip()
    if not text:
        raise ArgumentError("no bot level given (the levels are " + ", ".join(LEVELS) + ")")
    if "," in text:
        parts = text.split(",")
        if len(parts) != players:
            raise ArgumentError(
                f"{spec!r} gives {len(parts)} levels, one per seat, but {variant.name} has "
                f"{players} seats (or give one level for everyone, or one per side with /)"
            )
        return Lineup(tuple(parse_seat(part) for part in parts))
    if "/" in text:
        parts = text.split("/")
        if len(parts) != len(sides):
            seated = ",".join(part.strip() for part in parts)
            raise ArgumentError(
                f"{spec!r} gives {len(parts)} levels, one per side, but {variant.name} has "
                f"{len(sides)} sides"
                + (
                    f"; for one level per seat, write them with commas: {seated!r}"
                    if len(parts) == players
                    else " (or give one level for everyone, or one per seat with commas)"
                )
            )
        by_seat: list[Seat] = [Seat("random")] * players
        for members, part in zip(sides, parts, strict=True):
            for seat in members:
                by_seat[seat] = parse_seat(part)
        return Lineup(tuple(by_seat))
    return Lineup((parse_seat(text),) * players)
