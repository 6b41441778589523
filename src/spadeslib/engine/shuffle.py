"""A seeded shuffle that gives the same deal on every machine and every Python version.

:class:`random.Random` promises the same stream for a seed, but not the same
``shuffle``/``randrange`` results across Python versions (the algorithms have changed
before). A game record names its seed, and a seed must keep naming the same deals, so the
engine uses its own generator: SplitMix64 (Steele, Lea and Flood, 2014; the seeding
generator of Java's ``SplittableRandom`` and of the xoshiro family), bounded integers by
Lemire's multiply-and-reject method, and a Fisher-Yates shuffle whose draws are the digits
of one uniform integer below ``n!``. All three are a few lines
of integer arithmetic, so they are easy to port and check.

The streams are fixed forever (tests pin them): deal ``k`` of a game with seed ``s`` is
shuffled by ``SplitMix64(stream_seed(s, k))``; the first dealer, when the variant says
``random``, is drawn from stream ``-1``.

>>> rng = SplitMix64(0)
>>> hex(rng.next64())
'0xe220a8397b1dcdaf'
>>> shuffled(5, SplitMix64(42))
[0, 3, 1, 2, 4]
"""

from __future__ import annotations

import functools
import math

__all__ = ["MASK64", "SplitMix64", "first_dealer", "shuffled", "stream_seed"]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_STREAM = 0xD1B54A32D192ED03


class SplitMix64:
    """SplitMix64: a 64-bit state advanced by a constant, output through a mixer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)`` (Lemire's method: no modulo bias)."""
        if not 0 < bound <= MASK64:
            raise ValueError(f"bound must be in 1..2**64-1, not {bound!r}")
        product = self.next64() * bound
        low = product & MASK64
        if low < bound:
            threshold = ((1 << 64) - bound) % bound
            while low < threshold:
                product = self.next64() * bound
                low = product & MASK64
        return product >> 64


def stream_seed(seed: int, stream: int) -> int:
    """The seed of stream ``stream`` (a deal's index, or -1) of a game seeded ``seed``."""
    mixer = SplitMix64((seed + (stream + 1) * _STREAM) & MASK64)
    return mixer.next64()


@functools.lru_cache(maxsize=64)
def _factorial(count: int) -> tuple[int, int, int]:
    total = math.factorial(count)
    bits = total.bit_length()
    words = (bits + 63) // 64
    return total, words, words * 64 - bits


def shuffled(count: int, rng: SplitMix64) -> list[int]:
    """``range(count)`` in a uniformly random order.

    A Fisher-Yates shuffle needs a uniform draw from ``i + 1`` choices for each ``i``; here
    all the draws come from one uniform integer below ``count!`` (drawn from whole 64-bit
    outputs, rejecting values too large, so it is exactly uniform), read as a number in
    the mixed radix ``count, count - 1, ..., 2``. Same result as drawing each index on its
    own, at a tenth of the cost: four or five generator calls for 52 cards instead of 51.
    """
    order = list(range(count))
    if count < 2:
        return order
    total, words, surplus = _factorial(count)
    while True:
        value = 0
        for _ in range(words):
            value = (value << 64) | rng.next64()
        value >>= surplus
        if value < total:
            break
    for product, positions in _radix_groups(count):
        value, part = divmod(value, product)  # a few digits at once, then small ints
        for i in positions:
            part, j = divmod(part, i + 1)
            order[i], order[j] = order[j], order[i]
    return order


@functools.lru_cache(maxsize=64)
def _radix_groups(count: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The positions ``count - 1 .. 1`` of the shuffle in runs whose radices multiply to
    less than ``2**30``, each with that product: dividing the big number once per run and
    the small remainder once per digit gives the same digits as dividing the big number
    once per digit, faster."""
    groups: list[tuple[int, tuple[int, ...]]] = []
    i = count - 1
    while i > 0:
        product = 1
        positions: list[int] = []
        while i > 0 and product * (i + 1) < 1 << 30:
            product *= i + 1
            positions.append(i)
            i -= 1
        groups.append((product, tuple(positions)))
    return tuple(groups)


def first_dealer(seed: int, players: int) -> int:
    """The first dealer when the variant says ``deal.first_dealer: random``."""
    return SplitMix64(stream_seed(seed, -1)).below(players)
