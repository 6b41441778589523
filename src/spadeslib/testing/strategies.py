"""The strategies for a variant and for the compiled rules' cards, hands and deals."""

from __future__ import annotations

from typing import NamedTuple

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from spadeslib.cards import Card
from spadeslib.compiler.rules import Rules
from spadeslib.testing.variant_data import PARTNERSHIPS, variant_data
from spadeslib.variant.root import Variant

__all__ = ["DealtCards", "cards", "deals", "hands", "variants"]


def variants(
    *,
    players: int | None = None,
    partnerships: str | None = None,
    packs: int | None = None,
) -> st.SearchStrategy[Variant]:
    """Valid :class:`~spadeslib.variant.Variant` objects, every section varied.

    ``players`` (2, 3, 4 or 6), ``partnerships`` (``pairs``, ``trios`` or ``none``) and
    ``packs`` (1 or 2) fix those choices; the rest is drawn to fit them: jokers are always
    elevated, removed cards are never elevated, the hand size and the rule for left-over
    cards match the deck, and the bidding, play and scoring options only combine in ways
    :mod:`spadeslib.variant.checks` accepts.
    """
    if players is not None and players not in PARTNERSHIPS:
        raise InvalidArgument(f"players={players!r}: must be one of 2, 3, 4 or 6")
    if partnerships is not None and partnerships not in ("pairs", "trios", "none"):
        raise InvalidArgument(f"partnerships={partnerships!r}: must be 'pairs', 'trios' or 'none'")
    if (
        players is not None
        and partnerships is not None
        and (partnerships not in PARTNERSHIPS[players])
    ):
        raise InvalidArgument(
            f"partnerships={partnerships!r} is impossible with "
            f"players={players}; allowed: {PARTNERSHIPS[players]}"
        )
    if packs is not None and packs not in (1, 2):
        raise InvalidArgument(f"packs={packs!r}: must be 1 or 2")
    return variant_data(players, partnerships, packs).map(Variant.model_validate)


def cards(*, rules: Rules | None = None) -> st.SearchStrategy[Card]:
    """Card faces: any of the 54 (``AS`` .. ``2C``, ``BJ``, ``LJ``), or with ``rules`` only
    those its deck holds."""
    if rules is None:
        return st.sampled_from([Card(code) for code in range(54)])
    return st.sampled_from(sorted(set(rules.deck)))


def hands(rules: Rules, *, size: int | None = None, exclude: int = 0) -> st.SearchStrategy[int]:
    """Hands as int masks over ``rules``' bits: ``size`` distinct bits (default
    ``rules.hand_size``) outside the mask ``exclude``. Shrinks towards low clubs."""
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"rules={rules!r}: expected compiled Rules (variant.compile())")
    size = rules.hand_size if size is None else size
    free = [bit for bit in range(rules.size) if not exclude >> bit & 1]
    if not 0 <= size <= len(free):
        raise InvalidArgument(
            f"size={size!r}: must be between 0 and the {len(free)} cards available"
        )
    if size == 0:
        return st.just(0)
    return st.lists(st.sampled_from(free), unique=True, min_size=size, max_size=size).map(_mask)


def _mask(bits: list[int]) -> int:
    mask = 0
    for bit in bits:
        mask |= 1 << bit
    return mask


class DealtCards(NamedTuple):
    """One deal: each seat's hand, then the cards not in any hand (a kitty, a widow, the
    discards of the two-handed deal), each a list of :class:`~spadeslib.cards.Card`."""

    hands: tuple[list[Card], ...]
    leftover: list[Card]


def deals(rules: Rules) -> st.SearchStrategy[DealtCards]:
    """Full deals of ``rules``' deck: every card once (twice with two packs), each seat
    ``rules.hand_size`` cards, the rest in ``leftover``. Shrinks towards dealing the deck
    in order."""
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"rules={rules!r}: expected compiled Rules (variant.compile())")
    hand, players = rules.hand_size, rules.players

    def split(order: list[Card]) -> DealtCards:
        return DealtCards(
            hands=tuple(order[seat * hand : (seat + 1) * hand] for seat in range(players)),
            leftover=order[players * hand :],
        )

    return st.permutations(rules.deck).map(split)
