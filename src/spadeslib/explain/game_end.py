"""The card's last section: how the game ends and who wins it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from spadeslib.explain.facts import side_word
from spadeslib.explain.words import Statement, counted, listing, number, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["game_end_section"]


def game_end_section(v: Variant) -> Iterator[Statement]:
    end = v.game_end
    side = side_word(v)
    if end.target is None:
        yield say("There is no target score.", "game_end.target")
    else:
        yield say(
            f"The first {side} to reach {counted(end.target, 'point')} wins. If more than one "
            f"{side} reaches {end.target} in the same deal, the higher score wins.",
            "game_end.target",
        )
    tie = (
        "another deal is played until the tie is broken"
        if end.tie == "play_on"
        else "the game ends as a draw"
    )
    yield say(f"A tie for the win: {tie}.", "game_end.tie")
    if end.losing_score is not None:
        yield say(
            f"Mercy rule: a {side} at or below {counted(end.losing_score, 'point')} loses at once.",
            "game_end.losing_score",
        )
    if end.max_deals is not None:
        # the tie rule applies here too: with play_on, "max_deals: 1" may last longer
        tied = (
            "another deal is played, and another, until the tie is broken"
            if end.tie == "play_on"
            else "the game ends as a draw"
        )
        yield say(
            f"After {counted(end.max_deals, 'deal')} the game ends and the highest score "
            f"wins; if the highest scores are tied, {tied}.",
            "game_end.max_deals",
            "game_end.tie",
        )
    if end.consecutive_sets_lose is not None:
        n = end.consecutive_sets_lose
        when = "is set" if n == 1 else f"is set on {number(n)} deals in a row"
        yield say(
            f"A {side} that {when} loses the game at once, "
            f"whatever the scores; if more than one {side} does so in the same deal, the "
            "higher score wins.",
            "game_end.consecutive_sets_lose",
        )
    instant: list[tuple[str, tuple[str, ...]]] = []
    hand = v.deal.hand_size
    ten, moon = v.bidding.ten_for_200, v.bidding.moon
    if ten.enabled and ten.all_tricks_wins_game:
        instant.append(
            (
                f"bidding 10 and winning all {hand} tricks",
                ("bidding.ten_for_200.enabled", "bidding.ten_for_200.all_tricks_wins_game"),
            )
        )
    if v.scoring.boston.kind == "win_game":
        instant.append((f"winning all {hand} tricks", ("scoring.boston",)))
    if moon.enabled and moon.make.kind == "win_game":
        instant.append(("making a Moon bid", ("bidding.moon.enabled", "bidding.moon.make")))
    if instant:
        yield say(
            f"A {side} also wins at once by {listing((words for words, _ in instant), 'or by')}.",
            *(path for _, paths in instant for path in paths),
        )
