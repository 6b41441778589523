"""What the seats that have not bid yet are expected to bid, on a simulated deal.

The simulations of the auction need every seat's contract, and some seats have not bid
yet. Each is given the bid its simulated hand suggests: a point count
(:func:`quick_bid`), or what the variant's forced format makes it bid (Mirror: its
spades; Whiz: Nil on a hand of at most one trick by the count, else its spades; a fixed
bid; the allowed bid nearest the count). In Suicide one partner of each side bids Nil: the
partner of a Nil bids at least the minimum; the partner of a number bids Nil; a side that
has not bid at all puts the weaker hand (by the count) on Nil.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Final

from spadeslib.bots.tables import Tables, tables_of
from spadeslib.compiler import Rules
from spadeslib.compiler.bids import NIL
from spadeslib.variant.bidding import AllowedBids, FixedBid, Forced, Mirror, Suicide, Whiz

__all__ = ["guess_bids", "quick_bid", "quick_bids"]

_TRUMPS = 0


def quick_bid(rules: Rules, tables: Tables, hand: int) -> int:
    """A point count of ``hand``'s tricks: each top-three trump and each trump past the
    third, each plain ace, each king with another card of its suit, half a queen with two
    others."""
    count = 0.0
    for suit, suit_mask, memo in tables.suit_points:
        cards = hand & suit_mask
        points = memo.get(cards)
        if points is None:
            points = _suit_points(tables, suit, cards)
            if len(memo) < _MEMO:
                memo[cards] = points
        count += points
    return min(round(count), rules.hand_size)


_MEMO: Final = 1 << 16
"""The most holdings kept per suit (a suit of one pack has 8,192; of two, millions)."""


def _suit_points(tables: Tables, suit: int, cards: int) -> float:
    """The point count of the holding ``cards`` in ``suit`` (see :func:`quick_bid`)."""
    from_top = tables.from_top
    length = cards.bit_count()
    count = 0.0
    honours = 0
    while cards:
        low = cards & -cards
        place = from_top[low.bit_length() - 1]
        cards ^= low
        if suit == _TRUMPS:
            honours += place < 3
        elif place == 0 or (place == 1 and length >= 2):
            count += 1
        elif place == 2 and length >= 3:
            count += 0.5
    if suit == _TRUMPS:
        count += honours + max(length - 3 - honours, 0)
    return count


_PLACES: Final = 3
"""The places from the top of its suit at which a card counts in :func:`_suit_points`
(below them it only adds to the suit's length): a holding's count is a function of how
many cards it has at each of them and of its length, which :func:`point_table` lists."""


def point_table(rules: Rules) -> tuple[list[int], int, int, bytes]:
    """:func:`quick_bid`'s count as a table, for the native core: ``(tops, copies,
    lengths, values)``. ``tops``: suit by suit, the mask of the cards at each of the top
    :data:`_PLACES` places; ``values``: the count of a holding in half points, indexed by
    its suit, then by the cards it holds at each top place (each fewer than ``copies``),
    then by its length (fewer than ``lengths``). Made once per variant
    (:meth:`Rules.derived <spadeslib.compiler.Rules.derived>`) from :func:`_suit_points`
    itself, so the rule is written once."""
    tables = tables_of(rules)
    from_top = tables.from_top
    suits = [[bit for bit in range(rules.size) if mask >> bit & 1] for mask in rules.suit_masks]
    at = [[[b for b in bits if from_top[b] == place] for place in range(_PLACES)] for bits in suits]
    copies = 1 + max(len(cards) for places in at for cards in places)
    lengths = 1 + max(len(bits) for bits in suits)
    values = bytearray()
    for suit, bits in enumerate(suits):
        rest = [b for b in bits if from_top[b] >= _PLACES]
        for held in itertools.product(range(copies), repeat=_PLACES):
            tops = 0
            for place, count in enumerate(held):
                for bit in at[suit][place][:count]:
                    tops |= 1 << bit
            for length in range(lengths):
                extra = length - tops.bit_count()
                if extra < 0 or extra > len(rest) or tops.bit_count() < sum(held):
                    values.append(0)  # no holding has these counts
                    continue
                cards = tops
                for bit in rest[:extra]:
                    cards |= 1 << bit
                half = 2 * _suit_points(tables, suit, cards)
                if half != int(half) or not 0 <= half < 256:
                    raise AssertionError(f"the count of {cards:#x} is no half point: {half / 2}")
                values.append(int(half))
    masks = [sum(1 << bit for bit in cards) for places in at for cards in places]
    return masks, copies, lengths, bytes(values)


_Guess = Callable[[Rules, int, int, object], int]
"""One seat's guessed bid: ``(rules, its hand's point count, its hand, the forced format)``."""


def _zero(rules: Rules, bid: int) -> int:
    return NIL if bid == 0 and rules.variant.bidding.nil.enabled else bid


def _mirror(rules: Rules, count: int, hand: int, forced: object) -> int:
    return _zero(rules, (hand & rules.trump_mask).bit_count())


def _whiz(rules: Rules, count: int, hand: int, forced: object) -> int:
    if count <= 1:
        return NIL
    return _zero(rules, (hand & rules.trump_mask).bit_count())


def _fixed(rules: Rules, count: int, hand: int, forced: object) -> int:
    assert isinstance(forced, FixedBid)
    return _zero(rules, forced.bid)


def _allowed(rules: Rules, count: int, hand: int, forced: object) -> int:
    assert isinstance(forced, AllowedBids)
    return _zero(rules, min(forced.bids, key=lambda bid: (abs(bid - count), bid)))


_GUESSES: Final[dict[type, _Guess | None]] = {
    type(None): None,  # the point count itself
    Mirror: _mirror,
    Whiz: _whiz,
    FixedBid: _fixed,
    AllowedBids: _allowed,
    Suicide: None,  # then one partner per side is put on Nil (_suicide)
}
"""Each forced format's guess of one seat's bid from its count (``None``: no forced
format, or none but the count)."""


def quick_bids(
    rules: Rules, tables: Tables, deals: Sequence[Sequence[int]], seats: int, fill: Sequence[int]
) -> list[list[int]]:
    """For each of ``deals`` (hands by seat), ``fill`` with the :func:`quick_bid` of each
    of ``seats``' hands (a mask of seats) in its place. One native call where the core is
    built (``src/native/points.c``, from :func:`point_table`; the differential tests hold
    it to this loop): the auction counts every simulated hand of the seats yet to bid."""
    kernel = rules.kernel
    if kernel is not None:
        tops, copies, lengths, values = rules.derived(point_table)
        out: list[list[int]] = kernel.quick_bids(deals, seats, fill, tops, copies, lengths, values)
        return out
    counted = [seat for seat in range(rules.players) if seats >> seat & 1]
    out = []
    for hands in deals:
        row = list(fill)
        for seat in counted:
            row[seat] = quick_bid(rules, tables, hands[seat])
        out.append(row)
    return out


def guess_bids(
    rules: Rules,
    tables: Tables,
    deals: Sequence[Sequence[int]],
    known: Sequence[int | None],
    *,
    me: int,
    me_nil: bool,
) -> list[list[int]]:
    """Every seat's bid on each of the simulated deals ``deals``: the ``known`` bids
    (``NIL`` for a Nil, ``None`` not bid yet), the others guessed (see the module
    docstring). The bidder ``me`` gets ``NIL`` when ``me_nil``, else 0 (its bid is the one
    being tried)."""
    forced: Forced | None = rules.variant.bidding.forced
    guess = _GUESSES[type(forced)]
    fill: list[int] = []
    open_ = 0
    for seat, bid in enumerate(known):
        if seat == me:
            fill.append(NIL if me_nil else 0)
        elif bid is None:
            fill.append(0)
            open_ |= 1 << seat
        else:
            fill.append(bid)
    out = quick_bids(rules, tables, deals, open_, fill)
    if guess is None and not isinstance(forced, Suicide):
        return out
    seats = [seat for seat in range(len(known)) if open_ >> seat & 1]
    for row, hands in zip(out, deals, strict=True):
        counts = list(row)
        if guess is not None:
            for seat in seats:
                row[seat] = guess(rules, counts[seat], hands[seat], forced)
        if isinstance(forced, Suicide):
            _suicide(
                rules,
                counts=counts,
                known=known,
                out=row,
                me=me,
                partner_min=forced.partner_min,
            )
    return out


def _suicide(
    rules: Rules,
    *,
    counts: Sequence[int],
    known: Sequence[int | None],
    out: list[int],
    me: int,
    partner_min: int,
) -> None:
    for members in rules.sides:
        if len(members) < 2:
            continue
        open_ = [m for m in members if m != me and known[m] is None]
        if not open_:
            continue
        decided = [m for m in members if m not in open_]
        nil_taken = any(out[m] == NIL for m in decided)
        number_taken = any(out[m] != NIL for m in decided)
        if not decided:  # nobody of this side has bid: the weaker hand goes Nil
            weakest = min(open_, key=lambda m: (counts[m], m))
            for m in open_:
                out[m] = NIL if m == weakest else max(out[m], partner_min)
        elif nil_taken:
            for m in open_:
                out[m] = max(out[m] if out[m] != NIL else 0, partner_min)
        elif number_taken:
            for m in open_:
                out[m] = NIL
