"""The phases of the game and the ones a deal of a variant goes through, in order.

The engine runs a deal as the sequence :func:`deal_phases` gives; a phase with nothing to
do in a given deal (no Nil to exchange cards for, the deal that bids itself) is skipped
when it is reached. ``Phase`` values name phases; they are not their order (the blind
decision interrupts other phases, and the game's own states, over and between deals, are
not phases of a deal at all): the order lives only in the compiled sequence.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from spadeslib.variant.deal import Kitty

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["PHASE_NAMES", "Phase", "deal_phases", "first_round_only", "following_phases"]


class Phase(IntEnum):
    """Where a game is (``State.phase``): a phase of the deal, a blind decision that
    interrupts one, the end of the game, or between deals."""

    CUT = 0
    """The French cut: the cutter shares out the turned-up cards."""
    DRAW = 1
    """The two-handed draw: keep or reject the top of the stock."""
    KITTY = 2
    """The taker of the left-over cards discards, before the bidding."""
    PASS = 3
    """Passing cards to partner."""
    BID = 4
    """The auction's first round, seat by seat or team by team."""
    RAISE = 5
    """The raise round."""
    MITCHELL = 6
    """Michael Mitchell's left-over cards: taken and discarded after the bidding."""
    KITTY_AFTER = 7
    """The taker of the left-over cards discards, after the bidding."""
    EXCHANGE = 8
    """The Nil and Blind Nil card exchange with partner."""
    PLAY = 9
    """The tricks."""
    BLIND = 10
    """A seat that has not looked at its cards decides on a blind bid, interrupting the
    phase whose turn it was given."""
    OVER = 11
    """The game is over."""
    DEAL = 12
    """Between deals: the last one is scored and the next is dealt when the game is next
    looked at or played, so a game dropped after its deal, as simulations do, never pays
    for a shuffle it does not use."""

    @property
    def label(self) -> str:
        """The public name (``Game.phase``)."""
        return PHASE_NAMES[self]


PHASE_NAMES: tuple[str, ...] = (
    "cut",
    "draw",
    "discard",
    "passing",
    "bidding",
    "raise",
    "discard",
    "discard",
    "exchange",
    "play",
    "blind",
    "over",
    "deal",
)
"""The public name of each phase, by value (three kinds of discard share one)."""


def deal_phases(variant: Variant) -> tuple[Phase, ...]:
    """The phases a deal of ``variant`` goes through, in order."""
    deal, bidding = variant.deal, variant.bidding
    leftover = deal.leftover
    kitty = leftover.discard if isinstance(leftover, Kitty) else None
    steps = (
        (Phase.CUT, deal.french_cut),
        (Phase.DRAW, deal.method.kind == "draw_and_discard"),
        (Phase.KITTY, kitty == "before_bidding"),
        (Phase.PASS, variant.passing.cards > 0),
        (Phase.BID, True),
        (Phase.RAISE, bidding.raise_round),
        (Phase.MITCHELL, leftover.kind == "mitchell"),
        (Phase.KITTY_AFTER, kitty == "after_bidding"),
        (Phase.EXCHANGE, bool(bidding.nil.exchange or bidding.blind_nil.exchange)),
        (Phase.PLAY, True),
    )
    return tuple(phase for phase, present in steps if present)


def following_phases(sequence: tuple[Phase, ...]) -> dict[Phase, tuple[Phase, ...]]:
    """For each phase of a deal's ``sequence`` (and for :attr:`Phase.DEAL`, the start of a
    deal), the phases that come after it: where the engine looks for the next phase with
    something to do."""
    after = {phase: sequence[index + 1 :] for index, phase in enumerate(sequence)}
    after[Phase.DEAL] = sequence
    return after


_AFTER_FIRST_ROUND = frozenset({Phase.EXCHANGE, Phase.PLAY})


def first_round_only(variant: Variant, after: dict[Phase, tuple[Phase, ...]]) -> bool:
    """Whether a deal's auction is its first round and nothing the native auction cannot
    play: no misdeal to call, no raise round or left-over cards after it, no Nil exchange.
    (The variant's part of the engine's test; ``after``: :func:`following_phases`.)"""
    nil = variant.bidding.nil
    return (
        not variant.misdeal.conditions
        and _AFTER_FIRST_ROUND.issuperset(after[Phase.BID])
        and not (nil.enabled and nil.exchange)
    )
