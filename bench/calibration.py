"""Two yardsticks for reading the benchmark's numbers on a given machine.

Hands per second depend on the machine and its load, and OpenSpiel's speed through its
Python binding depends on both differently from pure Python's. These runners put numbers
on what pure Python can do on the machine at hand, in the same run:

- :func:`empty_loop`: the public loop (``legal_action_ids``, a random choice,
  ``apply_id``) over a game that does nothing: 56 actions a hand (4 bids, 52 cards) and a
  fixed list of ids. Whatever an engine does per action comes on top of this, so it is
  the ceiling for any engine driven one action at a time from Python.
- :func:`naive_playout`: a hand of standard spades written the plain way (lists of cards,
  comprehensions for the legal plays), the "naive pure-Python playout" the project's
  reference numbers name (about 21k hands/s where OpenSpiel's lean loop plays about 19k),
  so a run can be placed against them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

__all__ = ["Runner", "empty_loop", "naive_playout", "timed"]

Runner = Callable[[float], tuple[int, float]]
"""Plays hands for about the given seconds; returns (hands, seconds taken)."""

_ACTIONS_PER_HAND = 56


class _NothingGame:
    """A game with the public loop's shape and no rules: the loop's own cost."""

    __slots__ = ("actions", "deal_number")

    _IDS = (4, 9, 17, 30, 41)

    def __init__(self) -> None:
        self.actions = 0
        self.deal_number = 0

    def legal_action_ids(self) -> list[int]:
        return list(self._IDS)

    def apply_id(self, action_id: int) -> None:
        self.actions += 1
        if self.actions == _ACTIONS_PER_HAND:
            self.deal_number = 1


def timed(play_hand: Callable[[], object]) -> Runner:
    """A runner (see ``play_random.Runner``) that calls ``play_hand`` for about the given
    seconds and returns (hands, seconds taken)."""

    def run(seconds: float) -> tuple[int, float]:
        hands = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            play_hand()
            hands += 1
            if hands % 16 == 0 and time.perf_counter() > deadline:
                break
        return hands, time.perf_counter() - start

    return run


def empty_loop(seed: int) -> Runner:
    """The public loop over :class:`_NothingGame` (see the module docstring)."""
    choose = random.Random(seed).random

    def play_hand() -> None:
        game = _NothingGame()
        while game.deal_number == 0:
            ids = game.legal_action_ids()
            game.apply_id(ids[int(choose() * len(ids))])

    return timed(play_hand)


def naive_playout(seed: int) -> Runner:
    """A plain pure-Python hand of standard spades (see the module docstring): shuffle and
    deal, four random bids of 1-4, thirteen tricks of random legal cards (follow suit; no
    spade led until broken or only spades are held), the contracts scored."""
    rng = random.Random(seed)
    choose = rng.random
    deck = list(range(52))  # card // 13 is the suit, 0 spades; card % 13 the rank, 12 ace

    def play_hand() -> tuple[int, int]:
        rng.shuffle(deck)
        hands = [deck[seat::4] for seat in range(4)]
        bids = [1 + int(choose() * 4) for _ in range(4)]
        tricks = [0, 0, 0, 0]
        leader, broken = 0, False
        for _ in range(13):
            played: list[tuple[int, int]] = []
            seat = leader
            for _ in range(4):
                hand = hands[seat]
                if played:
                    led = played[0][1] // 13
                    legal = [card for card in hand if card // 13 == led] or hand
                elif broken:
                    legal = hand
                else:
                    legal = [card for card in hand if card >= 13] or hand
                card = legal[int(choose() * len(legal))]
                hand.remove(card)
                broken = broken or card < 13
                played.append((seat, card))
                seat = (seat + 1) % 4
            led = played[0][1] // 13
            winner, _ = max(played, key=lambda sc: (sc[1] < 13, sc[1] // 13 == led, sc[1] % 13))
            tricks[winner] += 1
            leader = winner
        scores = []
        for side in (0, 1):
            bid, won = bids[side] + bids[side + 2], tricks[side] + tricks[side + 2]
            scores.append(10 * bid + won - bid if won >= bid else -10 * bid)
        return scores[0], scores[1]

    return timed(play_hand)
