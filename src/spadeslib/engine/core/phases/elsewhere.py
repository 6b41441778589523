"""Refusals of a move that belongs to another moment of the deal, in words for the player.

"It is seat 0's turn to play a card", said to seat 0 about its ``bid 4``, names no rule:
the player needs to hear that the bidding is over, and what they may do instead. A phase
that meets an action of another kind asks :func:`out_of_place` for the reason, giving what
the seat is to do now (:func:`bids_now` words the bids that are open).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spadeslib.engine.core.state import Phase
from spadeslib.errors import RecordError

if TYPE_CHECKING:
    from spadeslib.engine.core.state import State

__all__ = ["bids_now", "no_such_number", "number_range", "out_of_place"]

_BIDDING: Final = frozenset(
    {"bid", "nil", "blind_nil", "blind", "double_nil", "look", "come_out", "misdeal"}
)
"""The kinds of action made in the bidding (a blind decision and a misdeal included)."""

_NAMES: Final = {
    Phase.CUT: "the French cut",
    Phase.DRAW: "the draw",
    Phase.KITTY: "the kitty",
    Phase.PASS: "the passing",
    Phase.BID: "the bidding",
    Phase.BLIND: "the bidding",
    Phase.RAISE: "the raise round",
    Phase.MITCHELL: "the sharing of the left-over cards",
    Phase.KITTY_AFTER: "the kitty",
    Phase.EXCHANGE: "the Nil exchange",
    Phase.PLAY: "the play",
}


def number_range(numbers: list[int]) -> str:
    """``4 to 10`` for a run of numbers, else the numbers listed: ``1, 3 or 5``."""
    numbers = sorted(numbers)
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


_NUMBERED: Final = {"bid": "bidding", "blind": "bidding.blind", "raise": "bidding.raise_round"}
"""The kinds of action that carry a number of tricks, and the rule each is made under."""


def no_such_number(state: State, kind: str, number: int) -> tuple[str, str] | None:
    """Why ``kind number`` (``bid 15``) is no action at all when the number is past a
    deal's tricks: there are only so many, and these are the numbers open now (``there is
    no team bid of 15, a deal has 13 tricks: the team bids open now are 4 to 10``).
    ``None`` for a kind without a number, or a number a deal can have."""
    rule = _NUMBERED.get(kind)
    top = state.rules.hand_size
    if rule is None or 0 <= number <= top:
        return None
    space = state.space
    base = {"bid": space.BID, "blind": space.BLIND, "raise": space.RAISE}[kind]
    phase = state.table.get(state.phase)
    legal = phase.legal(state) if phase is not None else []
    low = 0 if kind == "bid" else 1  # (blind 0 and raise 0 are no actions)
    numbers = [i - base for i in legal if base >= 0 and base + low <= i <= base + top]
    what = {"bid": "team bid" if state.rules.partnership else "bid", "blind": "blind bid"}.get(
        kind, kind
    )
    open_now = f": the {what}s open now are {number_range(numbers)}" if numbers else ""
    return (f"there is no {what} of {number}, a deal has {top} tricks{open_now}", rule)


def bids_now(state: State, legal: list[int]) -> str:
    """What the seat to bid may do, from the legal ids: ``make its side's team bid (4 to
    10)``, ``bid (nil or 1 to 13)``."""
    space = state.space
    top = state.rules.hand_size
    numbers = [i - space.BID for i in legal if space.BID <= i <= space.BID + top]
    choices = (["nil"] if space.NIL in legal else []) + ([number_range(numbers)] if numbers else [])
    what = "make its side's team bid" if state.rules.partnership else "bid"
    return f"{what} ({' or '.join(choices)})" if choices else what


def out_of_place(state: State, action_id: int, now: str, rule: str) -> tuple[str, str]:
    """Why ``action_id``, not a move of this moment of the deal, is refused: which moment
    it belongs to (over, or not begun), which this is, and what the seat is to do now
    (``now``: ``play a card``). ``rule`` is the key of the rule that applies now."""
    here = _NAMES.get(state.phase, "this moment of the deal")
    seat = f"seat {state.actor} is to {now}"
    try:
        kind = state.space.kind_of(action_id)
    except RecordError:  # an id of no action at all
        return (f"that is no move of {here}: {seat}", rule)
    if kind in _BIDDING and state.phase not in (Phase.BID, Phase.BLIND, Phase.RAISE):
        when = "is over" if state.phase > Phase.RAISE else "has not begun"
        return (f"the bidding {when}: this is {here}, and {seat}", rule)
    if kind == "play" and state.phase != Phase.PLAY:
        return (f"the play has not begun: this is {here}, and {seat}", rule)
    words = kind.replace("_", " ")
    return (f"'{words}' is no move of {here}: {seat}", rule)
