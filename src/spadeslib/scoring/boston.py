"""The Boston: what taking every trick of a deal earns, whatever the side bid
(docs/format.md, `scoring.boston`)."""

from __future__ import annotations

from typing import NamedTuple

from spadeslib.compiler.scoring import Settings
from spadeslib.variant.scoring import BostonPoints

__all__ = ["BostonScore", "score_boston"]


class BostonScore(NamedTuple):
    """The bonus points of a Boston and whether it wins the game. ``kind`` (the variant's
    `scoring.boston.kind`, or ``None`` when the side did not take every trick) and
    ``tricks`` are what :attr:`lines` is written from."""

    points: int
    wins_game: bool
    kind: str | None
    tricks: int

    @property
    def lines(self) -> tuple[str, ...]:
        """What the Boston brought, if the side took every trick and the variant notes it."""
        kind, tricks = self.kind, self.tricks
        if kind == "record":
            return (f"Boston: took all {tricks} tricks (recorded)",)
        if kind == "points":
            return (f"Boston: took all {tricks} tricks, {self.points:+d}",)
        if kind == "win_game":
            return (f"Boston: took all {tricks} tricks, wins the game",)
        return ()


_NO_BOSTON = BostonScore(0, False, None, 0)


def score_boston(settings: Settings, *, took_all: bool) -> BostonScore:
    """The Boston bonus or record (`scoring.boston`): a side that took
    all `deal.hand_size` tricks of the deal gets nothing (`none`), a record of it
    (`record`, NYC, even when the side is set for too many overtricks), `points` on top of
    its contract, or the game (`win_game`); whatever it bid, and in the deal that bids
    itself too."""
    if not took_all:
        return _NO_BOSTON
    rule = settings.boston
    points = rule.points if isinstance(rule, BostonPoints) else 0
    return BostonScore(points, rule.kind == "win_game", rule.kind, settings.hand_size)
