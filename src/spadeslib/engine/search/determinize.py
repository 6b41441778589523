"""Determinization: deals of the hidden cards consistent with what one seat knows.

A seat's :class:`~spadeslib.engine.views.observation.Observation` (read into masks by
:func:`spadeslib.engine.search.knowledge.read`) leaves some cards unplaced: the other hands, and
cards out of play (a widow, a kitty's discards, the other player's discards in the
two-handed draw). :class:`Determinizer` places them: every other seat gets the cards
known to be in its hand (what this seat passed or gave to its partner) and as many of the
unknown cards as it holds, never a card of a suit it has shown it lacks; the rest are out
of play. Cards passed to a partner who may since have discarded them face down go to that
partner or out of play, never to another seat. It is what IS-MCTS and the bots'
simulations sample from (the seat's own cards too, while it has not looked at them).

**Uniform** (no ``weight``): every consistent placement is equally likely, exactly. The
suits in which some seat has shown a void are dealt first by counting: for each way of
splitting such a suit's unknown cards among the seats that may hold it, the number of
complete placements is a product of multinomial coefficients, so a split is drawn with
probability proportional to it, and the other suits' cards are then dealt at random into
the room left. If no placement fits (the voids contradict the counts) the voids are
ignored, so a sample always has the right shape.

**Weighted** (``weight(seat, bit) -> float``, the relative likelihood that ``seat`` holds
the card at ``bit``: the bots' guess that a two-handed player kept the good cards): each
card in turn, the most constrained suits first, goes to a seat with probability
proportional to the room left there times its weight (out of play: the room left there),
retried a few times if it paints itself into a corner, then ignoring the voids. With all
weights equal and no voids this is the uniform placement.

Randomness comes from the library's own :class:`~spadeslib.engine.core.shuffle.SplitMix64`
(no :class:`random.Random`), and each step uses whole 64-bit outputs by a fixed rule
(:func:`below`, :func:`~spadeslib.engine.core.shuffle.shuffled`), so an implementation in C can
reproduce a sample exactly. A sample depends on the observation only: the property tests
resample a game's hidden cards and check that the seat's observation, its tensors and
its next samples do not change.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence

from spadeslib import _backend
from spadeslib.bits import bits_of
from spadeslib.compiler.rules import Rules
from spadeslib.engine.core.shuffle import MASK64, SplitMix64, shuffled
from spadeslib.engine.search.knowledge import Knowledge, read
from spadeslib.engine.views.observation import Observation

__all__ = ["OUT", "Determinizer", "Weight", "below", "determinize"]

Weight = Callable[[int, int], float]
"""``weight(seat, bit)``: how likely ``seat`` is to hold the card at ``bit`` (relative)."""

OUT = -1
"""The place of a card out of play."""

_ATTEMPTS = 8


def below(rng: SplitMix64, bound: int) -> int:
    """A uniform int in ``[0, bound)`` for any ``bound >= 1``: Lemire's method below
    2**64, and for larger bounds the fewest whole 64-bit outputs that cover it, rejected
    above the largest multiple of ``bound``."""
    if bound <= MASK64:
        return rng.below(bound)
    words = (bound.bit_length() + 63) // 64
    top = 1 << (64 * words)
    limit = top - top % bound
    while True:
        value = 0
        for _ in range(words):
            value = (value << 64) | rng.next64()
        if value < limit:
            return value % bound


def _uniform(rng: SplitMix64) -> float:
    return (rng.next64() >> 11) * (1.0 / (1 << 53))


class Determinizer:
    """The placements of one seat's hidden cards, worked out once for many samples.

    ``knowledge`` is what the seat knows (:func:`spadeslib.engine.search.knowledge.read`);
    ``weight`` makes the placement weighted instead of uniform (see the module docstring);
    ``restrict`` maps a card's bit to the only places it may be (seats, and :data:`OUT`),
    for what the seat knows beyond its observation's cards (a French cut's card is still
    with its seat or that seat's partner); ``suit_counts`` maps ``(seat, suit)`` to the
    range ``(low, high)`` of that suit's unknown cards the seat holds (Mirror's bids say
    how many trumps each seat holds).
    """

    def __init__(
        self,
        knowledge: Knowledge,
        *,
        weight: Weight | None = None,
        restrict: Mapping[int, Collection[int]] | None = None,
        suit_counts: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    ) -> None:
        rules = knowledge.rules
        self.knowledge = knowledge
        self.weight = weight
        self.restrict = restrict
        self.suit_counts = suit_counts
        seat = knowledge.seat
        players = rules.players
        counts = knowledge.counts
        known = list(knowledge.known)
        self.known = known
        self.overfull = [
            o for o in range(players) if o != seat and known[o].bit_count() > counts[o]
        ]
        """The seats known to hold more cards than they hold: a contradiction (see
        :attr:`feasible`)."""
        self.need = [max(counts[o] - known[o].bit_count(), 0) for o in range(players)]
        if knowledge.looked:
            self.need[seat] = 0
        self.pool = bits_of(knowledge.unknown)
        self.spare = max(len(self.pool) - sum(self.need), 0)
        self.places = [o for o in range(players) if self.need[o]]
        if self.spare:
            self.places.append(OUT)
        self.rooms = tuple(self.need[o] if o != OUT else self.spare for o in self.places)
        suit_of = rules.suit_of
        voids = knowledge.voids
        restrict = dict(restrict or {})
        partner = rules.partner_of[seat]
        if knowledge.with_partner_or_out and partner is not None:
            for bit in bits_of(knowledge.with_partner_or_out):  # passed, maybe discarded
                places = restrict.get(bit)
                restrict[bit] = {p for p in (partner, OUT) if places is None or p in places}
        keys: dict[tuple[int, frozenset[int] | None], int] = {}
        self.groups: list[list[int]] = []
        """The unknown cards in groups that may go to the same places: by suit, and a
        card restricted to some seats on its own."""
        self.allowed: list[tuple[int, ...]] = []
        """Each group's places (indices into :attr:`places`)."""
        self.group_of: dict[int, int] = {}
        for bit in self.pool:
            suit = suit_of[bit]
            only = restrict.get(bit)
            key = (suit, None if only is None else frozenset(only))
            group = keys.get(key)
            if group is None:
                group = keys[key] = len(self.groups)
                self.groups.append([])
                self.allowed.append(
                    tuple(
                        k
                        for k, o in enumerate(self.places)
                        if (o == OUT or not voids[o] >> suit & 1) and (only is None or o in only)
                    )
                )
            self.groups[group].append(bit)
            self.group_of[bit] = group
        everywhere = tuple(range(len(self.places)))
        self.bounds: dict[int, list[tuple[int, int]]] = {}
        """For a group that is a whole suit with counts given: each place's range."""
        by_suit: dict[int, list[int]] = {}
        for (suit, _), group in keys.items():
            by_suit.setdefault(suit, []).append(group)
        for (who, suit), (low, high) in (suit_counts or {}).items():
            groups = by_suit.get(suit, [])
            if len(groups) != 1 or who not in self.places:
                continue
            bounds = self.bounds.setdefault(groups[0], [(0, len(self.pool))] * len(self.places))
            bounds[self.places.index(who)] = (low, high)
        self.constrained = [
            g for g in range(len(self.groups)) if self.allowed[g] != everywhere or g in self.bounds
        ]
        self.free = [
            bit
            for g in range(len(self.groups))
            if g not in self.constrained
            for bit in self.groups[g]
        ]
        self._counted: dict[tuple[int, tuple[int, ...]], int] = {}

    @functools.cached_property
    def feasible(self) -> bool:
        """Some placement respects every void, restriction and count, and no seat is known
        to hold more cards than it holds. Else a sample places an overfull seat's known
        cards like the unknown ones, and then, if it must, ignores the voids: a sample
        always has the right shape. Counted when first asked: the native placement finds
        out on its own."""
        if self.overfull:
            return False
        return bool(self._ways(0, self.rooms)) if self.constrained else True

    # -- uniform -----------------------------------------------------------------------------

    def _compositions(self, group: int, rooms: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every split of the group's cards among the places allowed it, within the room."""
        allowed = self.allowed[group]
        count = len(self.groups[group])
        parts = [0] * len(rooms)
        bounds = self.bounds.get(group) or [(0, count)] * len(rooms)

        def fill(index: int, left: int) -> Iterator[tuple[int, ...]]:
            if index == len(allowed) - 1:
                place = allowed[index]
                low, high = bounds[place]
                if left <= rooms[place] and low <= left <= high:
                    parts[place] = left
                    yield tuple(parts)
                    parts[place] = 0
                return
            place = allowed[index]
            low, high = bounds[place]
            for take in range(low, min(left, rooms[place], high) + 1):
                parts[place] = take
                yield from fill(index + 1, left - take)
            parts[place] = 0

        if not allowed:
            return iter(())
        return fill(0, count)

    def _ways(self, index: int, rooms: tuple[int, ...]) -> int:
        """The placements of the constrained suits from ``index`` on and then the free
        cards, into ``rooms`` (counted once each, kept with the determinizer)."""
        key = (index, rooms)
        found = self._counted.get(key)
        if found is None:
            found = self._counted[key] = self._count(index, rooms)
        return found

    def _count(self, index: int, rooms: tuple[int, ...]) -> int:
        if index == len(self.constrained):
            if sum(rooms) != len(self.free):
                return 0
            return _multinomial(len(self.free), rooms)
        group = self.constrained[index]
        count = len(self.groups[group])
        total = 0
        for parts in self._compositions(group, rooms):
            rest = tuple(r - p for r, p in zip(rooms, parts, strict=True))
            total += _multinomial(count, parts) * self._ways(index + 1, rest)
        return total

    def _uniform_sample(self, rng: SplitMix64) -> list[int]:
        rooms = self.rooms
        placed = [0] * len(self.places)
        for index, group in enumerate(self.constrained):
            count = len(self.groups[group])
            options: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
            total = 0
            for parts in self._compositions(group, rooms):
                rest = tuple(r - p for r, p in zip(rooms, parts, strict=True))
                ways = _multinomial(count, parts) * self._ways(index + 1, rest)
                if ways:
                    total += ways
                    options.append((total, parts, rest))
            pick = below(rng, total)
            parts, rest = next((p, r) for upto, p, r in options if pick < upto)
            _deal_into(placed, self.groups[group], parts, rng)
            rooms = rest
        _deal_into(placed, self.free, rooms, rng)
        return self._hands(placed)

    def _hands(self, placed: list[int]) -> list[int]:
        hands = list(self.known)
        for place, mask in zip(self.places, placed, strict=True):
            if place != OUT:
                hands[place] |= mask
        return hands

    # -- weighted ----------------------------------------------------------------------------

    def _weighted_sample(self, rng: SplitMix64, weight: Weight, voids: bool) -> list[int] | None:
        places = self.places
        group_of = self.group_of
        order = shuffled(len(self.pool), rng)
        bits = [self.pool[k] for k in order]
        if voids:  # the most constrained groups first
            bits.sort(key=lambda bit: len(self.allowed[group_of[bit]]))
        everywhere = tuple(range(len(places)))
        left = list(self.rooms)
        placed = [0] * len(places)
        for bit in bits:
            allowed = self.allowed[group_of[bit]] if voids else everywhere
            odds = [
                left[k] * (1.0 if places[k] == OUT else weight(places[k], bit)) for k in allowed
            ]
            total = sum(odds)
            if total <= 0:
                return None
            pick = _uniform(rng) * total
            chosen = allowed[-1]
            for k, odd in zip(allowed, odds, strict=True):
                if pick < odd:
                    chosen = k
                    break
                pick -= odd
            if not left[chosen]:
                return None
            left[chosen] -= 1
            placed[chosen] |= 1 << bit
        return self._hands(placed)

    # -- the entry points --------------------------------------------------------------------

    def samples(self, rng: SplitMix64, n: int) -> list[list[int]]:
        """``n`` placements in a row: the same as ``n`` calls of :meth:`sample`, in one
        native call where the core is built (``src/native/determinize.c``, for a uniform
        placement whose counts fit in 64 bits)."""
        module = _backend.native()
        if module is not None and self.weight is None and not self.overfull:
            groups = [
                (bytes(self.groups[g]), list(self.allowed[g]), self.bounds.get(g))
                for g in self.constrained
            ]
            found = module.place(
                rng.state, bytes(self.free), self.rooms, self.places, self.known, n, groups
            )
            if found is not None:
                hands: list[list[int]] = found[0]
                rng.state = found[1]
                return hands
        return [self.sample(rng) for _ in range(n)]

    def sample(self, rng: SplitMix64) -> list[int]:
        """One placement: every seat's hand (masks by seat; the seat's own is its hand
        once it has looked). The cards of no hand are out of play."""
        weight = self.weight
        if weight is None:
            if self.feasible:
                return self._uniform_sample(rng)
            if self.overfull:
                return _without_overfull(self).sample(rng)
            return _ignoring_voids(self)._uniform_sample(rng)
        if self.overfull:
            return _without_overfull(self).sample(rng)
        for attempt in range(_ATTEMPTS + 1):
            found = self._weighted_sample(rng, weight, voids=attempt < _ATTEMPTS)
            if found is not None:
                return found
        raise AssertionError("unreachable: without voids every card has room")  # pragma: no cover


def _deal_into(
    placed: list[int], cards: Sequence[int], counts: Sequence[int], rng: SplitMix64
) -> None:
    """Shuffle ``cards`` (bits) and give each place its count of them in turn (the order
    ``src/native/determinize.c`` follows too)."""
    order = shuffled(len(cards), rng)
    at = 0
    for place, take in enumerate(counts):
        for k in order[at : at + take]:
            placed[place] |= 1 << cards[k]
        at += take


def _without_overfull(determinizer: Determinizer) -> Determinizer:
    """The determinizer with the cards known in an overfull hand (:attr:`overfull
    <Determinizer.overfull>`) back among the unknown ones: the knowledge contradicted
    itself, so those cards are placed like any other."""
    knowledge = determinizer.knowledge
    known = list(knowledge.known)
    unknown = knowledge.unknown
    for seat in determinizer.overfull:
        unknown |= known[seat]
        known[seat] = 0
    fixed = dataclasses.replace(knowledge, known=tuple(known), unknown=unknown)
    return Determinizer(
        fixed,
        weight=determinizer.weight,
        restrict=determinizer.restrict,
        suit_counts=determinizer.suit_counts,
    )


def _ignoring_voids(determinizer: Determinizer) -> Determinizer:
    knowledge = determinizer.knowledge
    return Determinizer(dataclasses.replace(knowledge, voids=(0,) * len(knowledge.voids)))


def _multinomial(total: int, parts: Sequence[int]) -> int:
    out = math.factorial(total)
    for part in parts:
        out //= math.factorial(part)
    return out


def determinize(
    observation: Observation, rules: Rules, rng: SplitMix64, *, weight: Weight | None = None
) -> list[int]:
    """One placement of the cards ``observation``'s seat cannot see: every seat's hand as
    a mask of ``rules``' deck (see the module docstring and :class:`Determinizer`, which
    answers many samples of one observation faster)."""
    return Determinizer(read(observation, rules), weight=weight).sample(rng)
