"""Checks on what callers pass to the scoring functions, at the public boundary.

They make sure the inputs describe a deal of the variant (the right number of sides and
seats, tricks that fit in one hand, Nil only where the variant has Nil), not that the
bids were legal: that is the auction's job. Each failure raises
:class:`~spadeslib.scoring.ScoringError` quoting the bad value.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from spadeslib.scoring.types import Contract, ScoringError, Standing
from spadeslib.variant import Variant

__all__ = ["check_contracts", "check_standings", "check_tricks", "check_variant"]


def _is_int(value: object) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _side_name(index: int, seats: tuple[int, ...]) -> str:
    return f"side {index} (seats {'+'.join(map(str, seats))})"


def check_variant(variant: object) -> Variant:
    """The variant itself must be a validated :class:`~spadeslib.variant.Variant`."""
    if not isinstance(variant, Variant):
        raise ScoringError(
            f"variant={variant!r}: expected a spadeslib Variant "
            "(load one with spadeslib.load_variant or Variant.model_validate)"
        )
    return variant


def _sequence(name: str, values: object, length: int, what: str) -> tuple[object, ...]:
    if (
        type(values) is not tuple
        and type(values) is not list
        and (isinstance(values, str | bytes) or not isinstance(values, Sequence))
    ):
        raise ScoringError(f"{name}={values!r}: expected a sequence with one item per {what}")
    if len(values) != length:
        raise ScoringError(
            f"{name}={values!r}: expected {length} items, one per {what}, got {len(values)}"
        )
    return tuple(values)


def check_tricks(variant: Variant, tricks: object) -> tuple[int, ...]:
    """Tricks won per seat: one non-negative int per player, at most the hand size in all
    (fewer is allowed, for a deal scored before every trick was played)."""
    values = _sequence("tricks", tricks, variant.table.players, "seat")
    for seat, value in enumerate(values):
        if not _is_int(value) or value < 0:  # type: ignore[operator]
            raise ScoringError(
                f"tricks={values!r}: seat {seat} took {value!r}; tricks are "
                "whole numbers, 0 or more"
            )
    checked = tuple(int(value) for value in values)  # type: ignore[call-overload]
    hand = variant.deal.hand_size
    if sum(checked) > hand:
        raise ScoringError(
            f"tricks={values!r}: {sum(checked)} tricks in all, but a deal of "
            f"{hand}-card hands has only {hand}"
        )
    return checked


def check_standings(
    variant: Variant, standings: object, name: str = "standings"
) -> tuple[Standing, ...]:
    """One :class:`Standing` per side: int score, bags and run of sets, the last two not
    negative, and bags below `scoring.bags.limit` where bags are counted (a side that
    reaches the limit pays at once, so it never carries that many)."""
    sides = variant.table.sides()
    values = _sequence(name, standings, len(sides), "side")
    for index, standing in enumerate(values):
        if not isinstance(standing, Standing):
            raise ScoringError(f"{name}[{index}]={standing!r}: expected a Standing")
        if not _is_int(standing.score):
            raise ScoringError(f"{name}[{index}]={standing!r}: the score must be an int")
        for field in ("bags", "sets_in_a_row"):
            value = getattr(standing, field)
            if not _is_int(value) or value < 0:
                raise ScoringError(
                    f"{name}[{index}]={standing!r}: {field} must be an int, 0 or more"
                )
        bags = variant.scoring.bags
        if bags.enabled and standing.bags >= bags.limit:
            raise ScoringError(
                f"{name}[{index}]={standing!r}: {standing.bags} bags, but a "
                f"side never carries {bags.limit} or more "
                f"(scoring.bags.limit: {bags.limit})"
            )
    return values  # type: ignore[return-value]


def _seat_set(name: str, where: str, seats: object, side: tuple[int, ...]) -> None:
    if not seats:
        return
    if not isinstance(seats, AbstractSet):
        raise ScoringError(f"{where}: {name}={seats!r} must be a frozenset of seats")
    strangers = sorted(seat for seat in seats if seat not in side)
    if strangers:
        raise ScoringError(
            f"{where}: {name}={set(seats)!r} holds {strangers!r}, which are not seats of this side"
        )


def _check_contract(
    variant: Variant, index: int, side: tuple[int, ...], contract: object, *, bids_itself: bool
) -> None:
    where = f"contracts[{index}], {_side_name(index, side)}"
    if not isinstance(contract, Contract):
        raise ScoringError(f"{where}: {contract!r} is not a Contract")
    if bids_itself:
        if contract != Contract():
            raise ScoringError(
                f"{where}: {contract!r}; the first deal bids itself "
                "(bidding.first_deal_bids_itself), so every contract must "
                "be Contract()"
            )
        return
    bid = contract.bid
    hand = variant.deal.hand_size
    # Each seat bids up to the tricks, so partners' bids may add up to more (then set)
    parts = len(contract.seat_bids) if isinstance(contract.seat_bids, tuple) else 0
    if not _is_int(bid) or not 0 <= bid <= hand * max(parts, 1):
        per = f" per bidder, {hand * parts} for {parts}" if parts > 1 else " of a hand"
        raise ScoringError(f"{where}: bid={bid!r} must be an int from 0 to the {hand} tricks{per}")
    _seat_set("nil_seats", where, contract.nil_seats, side)
    _seat_set("blind_nil_seats", where, contract.blind_nil_seats, side)
    both = contract.nil_seats & contract.blind_nil_seats
    if both:
        raise ScoringError(
            f"{where}: seats {sorted(both)!r} are in both nil_seats and blind_nil_seats"
        )
    bidding = variant.bidding
    if contract.nil_seats and not bidding.nil.enabled:
        raise ScoringError(
            f"{where}: nil_seats={set(contract.nil_seats)!r}, but Nil is off "
            "in this variant (bidding.nil.enabled: false)"
        )
    if contract.blind_nil_seats and not bidding.blind_nil.enabled:
        raise ScoringError(
            f"{where}: blind_nil_seats={set(contract.blind_nil_seats)!r}, "
            "but Blind Nil is off in this variant "
            "(bidding.blind_nil.enabled: false)"
        )
    bidders = [seat for seat in side if seat not in contract.nil_seats | contract.blind_nil_seats]
    if not bidders and (bid or contract.blind or contract.came_out or contract.seat_bids):
        raise ScoringError(
            f"{where}: every seat bid Nil or Blind Nil, so the side has no "
            f"trick contract; expected bid=0 and no blind bid, got "
            f"{contract!r}"
        )
    if contract.blind and not bidding.blind.enabled:
        raise ScoringError(
            f"{where}: blind=True, but blind bids are off in this variant "
            "(bidding.blind.enabled: false)"
        )
    if contract.came_out:
        come_out_to = bidding.blind.come_out_to
        if not bidding.blind.enabled or come_out_to is None:
            raise ScoringError(
                f"{where}: came_out=True, but this variant has no coming "
                "out of a blind bid (bidding.blind.come_out_to)"
            )
        if contract.blind:
            raise ScoringError(
                f"{where}: blind=True and came_out=True; a side that came "
                "out of its blind bid no longer bids blind"
            )
        if bid != come_out_to:
            raise ScoringError(
                f"{where}: came_out=True with bid={bid}; coming out is to "
                f"bid {come_out_to} (bidding.blind.come_out_to)"
            )
    _check_seat_bids(where, contract, bidders)


def _check_seat_bids(where: str, contract: Contract, bidders: list[int]) -> None:
    seat_bids = contract.seat_bids
    if not seat_bids:
        return
    if not isinstance(seat_bids, tuple) or not all(
        isinstance(item, tuple)
        and len(item) == 2
        and _is_int(item[0])
        and _is_int(item[1])
        and item[1] >= 0
        for item in seat_bids
    ):
        raise ScoringError(
            f"{where}: seat_bids={seat_bids!r} must be a tuple of "
            "(seat, bid) pairs of ints, bids 0 or more"
        )
    seats = [seat for seat, _ in seat_bids]
    if sorted(seats) != sorted(set(seats)) or not set(seats) <= set(bidders):
        raise ScoringError(
            f"{where}: seat_bids={seat_bids!r} must name each non-Nil "
            f"bidder of the side at most once (bidders: {bidders!r})"
        )
    total = sum(bid for _, bid in seat_bids)
    if total != contract.bid:
        raise ScoringError(
            f"{where}: seat_bids={seat_bids!r} add up to {total}, but bid={contract.bid}"
        )


def check_contracts(
    variant: Variant, contracts: object, *, bids_itself: bool
) -> tuple[Contract, ...]:
    """One well-formed :class:`Contract` per side, in the order of
    ``variant.table.sides()``."""
    sides = variant.table.sides()
    values = _sequence("contracts", contracts, len(sides), "side")
    for index, (side, contract) in enumerate(zip(sides, values, strict=True)):
        _check_contract(variant, index, side, contract, bids_itself=bids_itself)
    return values  # type: ignore[return-value]
