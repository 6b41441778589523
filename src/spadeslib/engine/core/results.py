"""What a finished deal leaves behind, and the shape of a deal as dealt.

These are the immutable values :attr:`spadeslib.Game.deal_history` returns and a game
record is rebuilt from; the engine's mutable :class:`~spadeslib.engine.core.state.State` only
points at them.
"""

from __future__ import annotations

from typing import Any, Final

from spadeslib.bits import items_of
from spadeslib.cards import Card
from spadeslib.compiler.bids import format_bid

__all__ = ["DealResult", "Dealt"]

Dealt = tuple[tuple[int, ...], tuple[int, ...]]
"""A deal as the shuffle made it: ``(hand masks by seat, the other cards' bits in order)``.
The other cards are, in this order, the French cut's turned-up cards, then the left-over
cards (kitty, widow, Mitchell's); for the two-handed draw the hands are empty and they are
the whole stock, top first."""


_FIELDS: Final = (
    "number",
    "dealer",
    "bids",
    "contracts",
    "blind",
    "tricks",
    "hands",
    "widow",
    "scores",
    "bags",
    "score",
)


class DealResult:
    """One scored deal: who dealt, what each seat bid, the contracts, the tricks, the score.

    ``bids`` are per seat in text (``"4"``, ``"nil"``, ``"blind nil"``, ``"-"`` for a seat
    that made no bid of its own, as in a partnership bid or the deal that bids itself);
    ``contracts`` per side (``None`` for the deal that bids itself); ``score`` is the
    :class:`spadeslib.scoring.DealScore` (each side's points, bags, explanation).

    An immutable value, equal to another with the same fields (``score`` aside). The
    engine makes one at the end of every deal and most are never read (a simulation drops
    the game), so it keeps the engine's own numbers and masks in one tuple, and the texts,
    the cards and the explained score are made from them when asked for (``score`` may be
    given as a function that makes it, called once, on first read).
    """

    __slots__ = ("_raw",)

    _raw: tuple[Any, ...]

    def __init__(
        self,
        *,
        number: int,
        dealer: int,
        bids: tuple[int, ...],
        contracts: tuple[int | None, ...],
        blind: tuple[bool, ...],
        tricks: tuple[int, ...],
        hands: tuple[int, ...],
        deck: tuple[Card, ...],
        widow: tuple[Card, ...],
        scores: tuple[int, ...],
        bags: tuple[int, ...],
        score: Any,
    ) -> None:
        """``bids`` are the engine's bid codes and ``hands`` masks of ``deck``'s bits."""
        raw = (number, dealer, bids, contracts, blind, tricks, hands, widow, scores, bags, score)
        object.__setattr__(self, "_raw", (*raw, deck))

    @property
    def number(self) -> int:
        """0 for the first deal of the game."""
        return self._raw[0]  # type: ignore[no-any-return]

    @property
    def dealer(self) -> int:
        return self._raw[1]  # type: ignore[no-any-return]

    @property
    def bids(self) -> tuple[str, ...]:
        return tuple(format_bid(bid) for bid in self._raw[2])

    @property
    def contracts(self) -> tuple[int | None, ...]:
        return self._raw[3]  # type: ignore[no-any-return]

    @property
    def blind(self) -> tuple[bool, ...]:
        """Per side: the contract was bid blind."""
        return self._raw[4]  # type: ignore[no-any-return]

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks won per seat."""
        return self._raw[5]  # type: ignore[no-any-return]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand at the first lead."""
        deck = self._raw[-1]
        return tuple(items_of(deck, mask) for mask in self._raw[6])

    @property
    def widow(self) -> tuple[Card, ...]:
        """Cards set aside unseen, revealed after the play."""
        return self._raw[7]  # type: ignore[no-any-return]

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score after the deal."""
        return self._raw[8]  # type: ignore[no-any-return]

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's bags after the deal."""
        return self._raw[9]  # type: ignore[no-any-return]

    @property
    def score(self) -> Any:
        """The scoring engine's full answer for the deal."""
        raw = self._raw
        score = raw[10]
        if callable(score):
            score = score()
            object.__setattr__(self, "_raw", (*raw[:10], score, raw[11]))
        return score

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DealResult is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"DealResult is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealResult):
            return NotImplemented
        mine, theirs = self._raw, other._raw
        if mine[:6] != theirs[:6] or mine[7:10] != theirs[7:10]:
            return False
        if mine[-1] is theirs[-1]:  # the same deck: the same masks are the same cards
            return mine[6] == theirs[6]  # type: ignore[no-any-return]
        return self.hands == other.hands

    def __hash__(self) -> int:
        raw = self._raw
        return hash((raw[:6], raw[7:10]))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"DealResult({fields})"
