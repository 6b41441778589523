"""The Boston: what taking every trick of a deal earns, whatever the side bid (spec B2,
B10)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spadeslib.variant.scoring import BostonBonus, BostonPoints

__all__ = ["BostonScore", "score_boston"]


@dataclass(frozen=True, slots=True)
class BostonScore:
    """The bonus points of a Boston, whether it wins the game, and the explanation."""

    points: int
    wins_game: bool
    lines: tuple[str, ...]


def _none(rule: BostonBonus, tricks: int) -> BostonScore:
    return BostonScore(0, False, ())


def _record(rule: BostonBonus, tricks: int) -> BostonScore:
    return BostonScore(0, False, (f"Boston: took all {tricks} tricks (recorded)",))


def _points(rule: BostonBonus, tricks: int) -> BostonScore:
    points = rule.points if isinstance(rule, BostonPoints) else 0
    return BostonScore(points, False, (f"Boston: took all {tricks} tricks, {points:+d}",))


def _win_game(rule: BostonBonus, tricks: int) -> BostonScore:
    return BostonScore(0, True, (f"Boston: took all {tricks} tricks, wins the game",))


_BOSTON: dict[str, Callable[[BostonBonus, int], BostonScore]] = {
    "none": _none,
    "record": _record,
    "points": _points,
    "win_game": _win_game,
}


def score_boston(rule: BostonBonus, *, took_all: bool, tricks: int) -> BostonScore:
    """Spec B10 Boston bonus and B2's recorded Boston (`scoring.boston`): a side that took
    all ``tricks`` tricks of the deal gets nothing (`none`), a record of it (`record`, NYC,
    even when the side is set for too many overtricks), `points` on top of its contract,
    or the game (`win_game`); whatever it bid, and in the deal that bids itself too."""
    if not took_all:
        return BostonScore(0, False, ())
    return _BOSTON[rule.kind](rule, tricks)
