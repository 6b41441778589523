"""Nil and Blind Nil: their bonus or penalty, and what becomes of a failed Nil's tricks
(docs/format.md, `bidding.nil`, `bidding.blind_nil`, `scoring`).

Each Nil is scored on its own, beside the side's trick contract. The tricks a failed Nil
bidder took follow one of four rules (`bidding.nil.failed_tricks`); the same rule
applies to Blind Nil.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from spadeslib.compiler.scoring import Settings
from spadeslib.scoring.types import Contract

__all__ = ["NO_NILS", "NilBid", "NilScore", "failed_nil_tricks", "score_nils", "tricks_for_partner"]

_new = tuple.__new__
"""Builds a :class:`NilScore` from a tuple of its fields: its own constructor is a Python
function, which costs about as much as scoring the Nils."""

FailedTricks = Literal["bags", "count_for_partner", "bags_no_points", "ignored"]


NilBid = tuple[int, Literal["Nil", "Blind Nil"], int, int]
"""One Nil or Blind Nil: ``(seat, name, tricks taken, value)``, the value being what it
scores before `needs_side_contract` is applied. A plain tuple: a side's Nils are scored at
the end of many deals and explained in few."""


class NilScore(NamedTuple):
    """What a side's Nil and Blind Nil bids scored: their own bonuses and penalties
    (``points``), the points and bags their failed tricks bring (``overtrick_points``,
    ``bags``). The rest is what :attr:`lines` is written from: each bid in seat order,
    whether the bids scored (not when `needs_side_contract` and the side was set), the rule
    applied to the failed tricks and how many there were (``nil_tricks``)."""

    points: int
    overtrick_points: int
    bags: int
    bids: tuple[NilBid, ...]
    scored: bool
    rule: FailedTricks
    nil_tricks: int
    overtrick_value: int

    @property
    def lines(self) -> tuple[str, ...]:
        """A line per bid and, when a Nil failed, one for the rule its tricks follow."""
        lines: list[str] = []
        for seat, name, took, value in self.bids:
            result = "made" if took == 0 else "failed"
            text = f"{name} (seat {seat}), took {took}: {result}"
            if not self.scored:
                lines.append(f"{text}, scores nothing because the side's contract was set")
            else:
                lines.append(f"{text}, {value:+d}")
        count = self.nil_tricks
        if count:
            what = _FAILED_TRICKS_TEXT[self.rule].format(
                count=count, value=self.overtrick_value, points=self.overtrick_points
            )
            failed = sum(1 for _, _, took, _ in self.bids if took)
            whose = "a failed Nil" if failed == 1 else f"{failed} failed Nils"
            lines.append(f"{_tricks(count)} of {whose}: {what}")
        return tuple(lines)


NO_NILS = NilScore(0, 0, 0, (), True, "ignored", 0, 0)
"""The score of a side without Nil or Blind Nil: nothing, and no line."""


def _tricks(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def failed_nil_tricks(contract: Contract, tricks: tuple[int, ...]) -> int:
    """The tricks taken by the side's Nil and Blind Nil bidders (all of them failed)."""
    return sum(tricks[seat] for seat in contract.nil_seats | contract.blind_nil_seats)


def tricks_for_partner(
    settings: Settings, contract: Contract, tricks: tuple[int, ...], *, has_contract: bool
) -> int:
    """Rule (2), `failed_tricks: count_for_partner`: a failed Nil's tricks count towards
    the side's trick contract. Under every other rule they do not."""
    if has_contract and settings.failed_tricks == "count_for_partner":
        return failed_nil_tricks(contract, tricks)
    return 0


# -- the four rules for a failed Nil's tricks -----------------------------------------
# Each maps (tricks, overtrick value) to (points, bags). `count_for_partner` gives nothing
# here: those tricks were already counted in the contract (see tricks_for_partner).

_FAILED_TRICKS: dict[str, Callable[[int, int], tuple[int, int]]] = {
    "bags": lambda count, value: (count * value, count),
    "count_for_partner": lambda count, value: (0, 0),
    "bags_no_points": lambda count, value: (0, count),
    "ignored": lambda count, value: (0, 0),
}

_FAILED_TRICKS_TEXT = {
    "bags": "bags for the side, {count} x {value} = {points:+d}",
    "count_for_partner": "they count towards the partner's bid",
    "bags_no_points": "bags for the side, no points",
    "ignored": "ignored",
}


def score_nils(
    settings: Settings,
    contract: Contract,
    tricks: tuple[int, ...],
    *,
    side_contract_made: bool | None,
) -> NilScore:
    """Score every Nil and Blind Nil of one side.

    - A Nil that takes no trick scores `bidding.nil.make`, one that takes a trick loses
      `bidding.nil.fail`; Blind Nil the same with `bidding.blind_nil.make` / `fail`. Each
      is scored on its own, in addition to the side's contract; both partners may be Nil.
    - Rule (1) `bags` (standard): the failed Nil's tricks do not help the partner
      but are the side's bags, scoring `scoring.overtrick_value` each, whether or not the
      partner's bid is made. (2) `count_for_partner`: counted in the contract instead.
      (3) `bags_no_points`: bags worth no points. (4) `ignored`: nothing.
    - `needs_side_contract`: a Nil scores (made or failed) only if the side's trick
      contract is made. A side with no trick contract (every seat of it bid Nil, as a
      one-seat side's Nil bidder or two partners both Nil) has nothing to fail, so its Nils
      score: ``side_contract_made`` is ``None``.
      The failed tricks follow their rule either way.

    With no trick contract, rule (2) has no partner's bid to count towards: the tricks are
    the side's bags as under rule (1) (any tricks the side takes are bags).
    """
    s = settings
    kinds: tuple[tuple[frozenset[int], Literal["Nil", "Blind Nil"], int, int], ...] = (
        (contract.nil_seats, "Nil", s.nil_make, s.nil_fail),
        (contract.blind_nil_seats, "Blind Nil", s.blind_nil_make, s.blind_nil_fail),
    )
    bids: list[NilBid] = []
    points = count = 0
    for seats, name, make, fail in kinds:
        for seat in seats:
            took = tricks[seat]
            value = make if took == 0 else -fail
            bids.append((seat, name, took, value))
            points += value
            count += took
    bids.sort()
    scored = not (s.needs_side_contract and side_contract_made is False)

    rule = s.failed_tricks
    if rule == "count_for_partner" and side_contract_made is None:
        rule = "bags"
    trick_points, bags = _FAILED_TRICKS[rule](count, s.overtrick_value)
    return _new(
        NilScore,
        (
            points if scored else 0,
            trick_points,
            bags,
            tuple(bids),
            scored,
            rule,
            count,
            s.overtrick_value,
        ),
    )
