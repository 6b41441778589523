"""Whether the game is over after a deal, and who won (docs/format.md, `game_end`).

The rules are tried in a fixed order and the first that applies decides:

1. an instant win (:class:`InstantWin` events: a Moon or Boston worth the game, NYC's
   ten that took every trick);
2. instant losses: a run of `game_end.consecutive_sets_lose` sets (whatever the
   scores) or a score at or below `game_end.losing_score` ("mercy");
3. `game_end.target`;
4. `game_end.max_deals`.

When the rule that applies ends in an exact tie for the win, `game_end.tie` says what
happens: `play_on` (the default) means the game goes on, so :func:`game_result`
returns ``None``; `draw` ends it as a draw between the tied sides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from spadeslib.compiler.scoring import Settings
from spadeslib.scoring.inputs import check_standings, check_variant
from spadeslib.scoring.types import (
    GameEvent,
    GameResult,
    InstantLoss,
    InstantWin,
    ResultReason,
    ScoringError,
    Standing,
)
from spadeslib.variant import Variant

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["game_result", "game_result_unchecked"]


@dataclass(frozen=True, slots=True)
class _PlayOn:
    """A rule applied but ended in a tie that the variant plays on."""


_PLAY_ON = _PlayOn()
Decision = GameResult | _PlayOn | None
"""A rule's answer: the result, a tie to play on, or ``None`` when it does not apply."""


def _names(sides: Sequence[int]) -> str:
    return " and ".join(f"side {side}" for side in sides)


def _highest(
    settings: Settings,
    standings: tuple[Standing, ...],
    candidates: Sequence[int],
    reason: ResultReason,
    why: str,
) -> GameResult | _PlayOn:
    """The candidate with the highest score wins; an exact tie is played on or drawn
    according to `game_end.tie`."""
    best = max(standings[side].score for side in candidates)
    top = tuple(side for side in candidates if standings[side].score == best)
    if len(top) == 1:
        return GameResult(top, reason, f"side {top[0]} wins with {best}: {why}")
    if settings.tie == "draw":
        return GameResult(top, reason, f"{_names(top)} draw at {best}: {why}")
    return _PLAY_ON


def instant_win(
    settings: Settings,
    standings: tuple[Standing, ...],
    deals_played: int,
    events: tuple[GameEvent, ...],
) -> Decision:
    """A side that wins at once (an :class:`InstantWin` event) wins, whatever
    the scores. Only one side can take every trick of a deal, so two such sides come only
    from events the caller gathered over several deals; the higher score then wins."""
    if not events:
        return None
    winners = sorted({event.side for event in events if isinstance(event, InstantWin)})
    if not winners:
        return None
    reasons = {
        event.side: event.reason for event in reversed(events) if isinstance(event, InstantWin)
    }  # each side's first reason
    decision = _highest(settings, standings, winners, reasons[winners[0]], "")
    if isinstance(decision, GameResult):
        reason = reasons[decision.winners[0]]
        why = _WIN_TEXT[reason]
        if decision.is_draw:
            return replace(
                decision,
                text=f"{_names(decision.winners)} all won at once at "
                f"{standings[decision.winners[0]].score}: a draw",
            )
        return replace(decision, reason=reason, text=f"side {decision.winners[0]} wins: {why}")
    return decision


_WIN_TEXT = {
    "moon": "made the Moon",
    "ten_for_200_all_tricks": "bid ten and took every trick",
    "boston": "took every trick (a Boston)",
}


def instant_loss(
    settings: Settings,
    standings: tuple[Standing, ...],
    deals_played: int,
    events: tuple[GameEvent, ...],
) -> Decision:
    """A back-to-back set, or mercy: a side set on `game_end.consecutive_sets_lose` deals in
    a row loses, whatever the scores; so does a side at or below `game_end.losing_score`
    ("mercy"). Losers come from the standings (`sets_in_a_row`, `score`) and from any
    :class:`InstantLoss` event.

    The game ends as soon as one side loses. The winner is the side with the highest score
    among those that did not lose; if every side lost in the same deal, the highest score
    among them all (as NYC's back-to-back set has it: if both sides are set on two
    consecutive deals, the side with the higher score wins). With more than two sides
    this is also how a table without elimination ends: one side busting ends the game for
    everyone.
    """
    sets_lose, losing_score = settings.consecutive_sets_lose, settings.losing_score
    if not events and sets_lose is None and losing_score is None:
        return None
    sets = {
        event.side
        for event in events
        if isinstance(event, InstantLoss) and event.reason == "consecutive_sets"
    }
    low = {
        event.side
        for event in events
        if isinstance(event, InstantLoss) and event.reason == "losing_score"
    }
    for side, standing in enumerate(standings):
        if sets_lose is not None and standing.sets_in_a_row >= sets_lose:
            sets.add(side)
        if losing_score is not None and standing.score <= losing_score:
            low.add(side)
    losers = sets | low
    if not losers:
        return None
    reason: ResultReason = "consecutive_sets" if sets else "losing_score"
    what = f"set {sets_lose} deals in a row" if sets else f"at or below {losing_score}"
    survivors = [side for side in range(len(standings)) if side not in losers]
    if survivors:
        why = f"{_names(sorted(losers))} {'loses' if len(losers) == 1 else 'lose'} ({what})"
        return _highest(settings, standings, survivors, reason, why)
    return _highest(
        settings,
        standings,
        range(len(standings)),
        reason,
        f"every side lost at once ({what}); the higher score wins",
    )


def target(
    settings: Settings,
    standings: tuple[Standing, ...],
    deals_played: int,
    events: tuple[GameEvent, ...],
) -> Decision:
    """The first side to reach `game_end.target` wins; if several reach it in
    the same deal, the highest score wins; an exact tie at or above it follows
    `game_end.tie` (by default, play on)."""
    goal = settings.target
    if goal is None:
        return None
    reached = [side for side, standing in enumerate(standings) if standing.score >= goal]
    if not reached:
        return None
    return _highest(settings, standings, reached, "target", f"reached the target of {goal}")


def max_deals(
    settings: Settings,
    standings: tuple[Standing, ...],
    deals_played: int,
    events: tuple[GameEvent, ...],
) -> Decision:
    """After `game_end.max_deals` deals the highest score wins; a tie follows
    `game_end.tie` (with `play_on` the game goes on one deal at a time until it is
    broken)."""
    limit = settings.max_deals
    if limit is None or deals_played < limit:
        return None
    return _highest(
        settings,
        standings,
        range(len(standings)),
        "max_deals",
        f"the highest score after {deals_played} deals",
    )


_RULES: tuple[
    Callable[[Settings, tuple[Standing, ...], int, tuple[GameEvent, ...]], Decision], ...
] = (instant_win, instant_loss, target, max_deals)


def game_result(
    variant: Variant,
    standings: Sequence[Standing],
    deals_played: int,
    events: Sequence[GameEvent] = (),
) -> GameResult | None:
    """The end of the game after a deal, or ``None`` while it goes on.

    ``standings`` are each side's after the deal (``DealScore.standings``), in the order
    of ``variant.table.sides()``; ``deals_played`` counts the deals scored so far,
    including this one; ``events`` are the deal's ``DealScore.events``. The rules are
    tried in the order of this module's docstring and the first that applies decides.

    >>> from spadeslib.variant import Variant
    >>> from spadeslib.scoring import Standing, game_result
    >>> game_result(Variant(), [Standing(510), Standing(480)], 9)
    GameResult(winners=(0,), reason='target', text='side 0 wins with 510: reached the target of 500')
    >>> game_result(Variant(), [Standing(510), Standing(510)], 9) is None  # tie: play on
    True
    """  # noqa: E501
    variant = check_variant(variant)
    checked = check_standings(variant, standings)
    if not isinstance(deals_played, int) or isinstance(deals_played, bool) or (deals_played < 0):
        raise ScoringError(f"deals_played={deals_played!r}: expected an int, 0 or more")
    if isinstance(events, str | bytes) or not isinstance(events, Sequence):
        raise ScoringError(f"events={events!r}: expected a sequence of InstantWin and InstantLoss")
    for event in events:
        if not isinstance(event, InstantWin | InstantLoss):
            raise ScoringError(f"events: {event!r} is not an InstantWin or InstantLoss")
        if not 0 <= event.side < len(checked):
            raise ScoringError(
                f"events: {event!r} names side {event.side}, but there are {len(checked)} sides"
            )
    return game_result_unchecked(variant.compile(), checked, deals_played, tuple(events))


def game_result_unchecked(
    rules: Rules,
    standings: tuple[Standing, ...],
    deals_played: int,
    events: tuple[GameEvent, ...],
) -> GameResult | None:
    """:func:`game_result` without checking its inputs, for the engine, whose standings
    and events come straight from :func:`~spadeslib.scoring.deal.score_deal_unchecked`.
    Same answer for valid inputs; everyone else calls :func:`game_result`."""
    settings = rules.scoring
    limit = settings.max_deals
    if not events and not settings.ends_on_standing and (limit is None or deals_played < limit):
        goal = settings.target  # the usual deal: nobody won or lost at once, nor reached it
        if goal is None or all(standing.score < goal for standing in standings):
            return None
    for rule in _RULES:
        decision = rule(settings, standings, deals_played, events)
        if decision is not None:
            return None if isinstance(decision, _PlayOn) else decision
    return None
