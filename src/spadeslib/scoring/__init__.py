"""Scoring: pure functions of bids, tricks and standings (docs/format.md, `scoring`,
`game_end`).

Nothing here plays cards. The engine calls :func:`score_deal` at the end of every deal
and :func:`game_result` after it; a user interface, a rules card or a test can call them
with made-up numbers. A worked example of sandbagging:

>>> from spadeslib.variant import Variant
>>> from spadeslib.scoring import Contract, Standing, game_result, score_deal
>>> standard = Variant()
>>> before = [Standing(score=337, bags=7), Standing()]
>>> deal = score_deal(standard, [Contract(bid=5), Contract(bid=4)], [5, 2, 3, 3], before)
>>> side = deal.sides[0]
>>> side.contract_points, side.overtrick_points, side.bag_penalty, side.total
(50, 3, 100, -47)
>>> side.after
Standing(score=290, bags=0, sets_in_a_row=0)
>>> for line in side.lines:
...     print(line)
bid 5, took 8: made, 10 x 5 = +50
3 overtricks x 1 = +3
bags 7 + 3 = 10: 10 bags reached, -100, 0 carried
>>> game_result(standard, deal.standings, deals_played=6, events=deal.events) is None
True

Where each rule lives: a side's trick contract in :mod:`.contract`, Nil and Blind Nil in
:mod:`.nil`, sandbagging in :mod:`.bags`, the Boston in :mod:`.boston`, one whole deal in
:mod:`.deal`, the end of the game in :mod:`.game_end`, the values in :mod:`.types`.
"""

from spadeslib.scoring.deal import score_deal
from spadeslib.scoring.game_end import game_result
from spadeslib.scoring.types import (
    Contract,
    DealScore,
    GameEvent,
    GameResult,
    InstantLoss,
    InstantWin,
    LossReason,
    ResultReason,
    ScoringError,
    SideScore,
    Standing,
    WinReason,
)

__all__ = [
    "Contract",
    "DealScore",
    "GameEvent",
    "GameResult",
    "InstantLoss",
    "InstantWin",
    "LossReason",
    "ResultReason",
    "ScoringError",
    "SideScore",
    "Standing",
    "WinReason",
    "game_result",
    "score_deal",
]
