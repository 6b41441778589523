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
>>> shuffled_stream(52, 7, 0) == shuffled(52, SplitMix64(stream_seed(7, 0)))
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

__all__ = [
    "MASK64",
    "SplitMix64",
    "first_dealer",
    "shuffled",
    "shuffled_labels",
    "shuffled_stream",
    "stream_seed",
]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_STREAM = 0xD1B54A32D192ED03
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class SplitMix64:
    """SplitMix64: a 64-bit state advanced by a constant, output through a mixer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
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


Forward = Callable[[int], tuple[list[int], int]]
"""The shuffle of ``range(count)`` from a SplitMix64 state: the order, and the state after
(:func:`_forward`)."""
Backward = Callable[[int, int, Sequence[int]], bytes]
""":func:`shuffled_labels` for one ``count``: ``(seed, stream, labels)`` (:func:`_backward`)."""


def shuffled(count: int, rng: SplitMix64) -> list[int]:
    """``range(count)`` in a uniformly random order.

    A Fisher-Yates shuffle needs a uniform draw from ``i + 1`` choices for each ``i``; here
    all the draws come from one uniform integer below ``count!`` (drawn from whole 64-bit
    outputs, rejecting values too large, so it is exactly uniform), read as a number in
    the mixed radix ``count, count - 1, ..., 2``. Same result as drawing each index on its
    own, at a tenth of the cost: four or five generator calls for 52 cards instead of 51.
    """
    if count < 2:
        return list(range(count))
    order, rng.state = _forward(count)(rng.state)
    return order


def shuffled_stream(count: int, seed: int, stream: int) -> list[int]:
    """``shuffled(count, SplitMix64(stream_seed(seed, stream)))``, the order of a deal."""
    if count < 2:
        return list(range(count))
    return _forward(count)(_stream_state(seed, stream))[0]


def shuffled_labels(count: int, seed: int, stream: int, labels: Sequence[int]) -> bytes:
    """For each card, the label of the position the deal's shuffle puts it in: with
    ``order = shuffled_stream(count, seed, stream)``, ``result[order[p]] == labels[p]``
    for every position ``p`` (labels are 0 to 255).

    A deal wants to know which hand each card goes to, and this answers that without the
    order: the shuffle's swaps applied in reverse order to the labels of the positions
    move each label to the card that ends there (the swaps compose to the inverse
    permutation). The caller turns the bytes into hand masks with a few C-level calls
    instead of a Python operation per card.
    """
    if count < 2:
        return bytes(labels)
    return _backward(count)(seed, stream, labels)


def _stream_state(seed: int, stream: int) -> int:
    """``stream_seed(seed, stream)`` without a generator object."""
    z = (seed + (stream + 1) * _STREAM + _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31)


@functools.lru_cache(maxsize=64)
def _forward(count: int) -> Forward:
    """The shuffle of ``count`` cards (``count >= 2``) as straight-line code."""
    draw, digits, swaps, tables = _source(count)
    lines = [
        "def forward(state):",
        *draw,
        f"    o = list(range({count}))",
        *digits,
        *swaps,
        "    return o, state",
    ]
    forward: Forward = _compile(lines, tables)["forward"]
    return forward


@functools.lru_cache(maxsize=64)
def _backward(count: int) -> Backward:
    """:func:`shuffled_labels` of ``count`` cards (``count >= 2``) as straight-line code:
    the stream's seed derived inline, then the shuffle's swaps from ``i = 1`` up."""
    draw, digits, swaps, tables = _source(count)
    lines = [
        "def backward(seed, stream, labels):",
        f"    state = (seed + (stream + 1) * {_STREAM}) & {MASK64}",
        *_next64_lines("state", "state", "    "),
        *draw,
        "    o = list(labels)",
        *digits,
        *reversed(swaps),
        "    return bytes(o)",
    ]
    backward: Backward = _compile(lines, tables)["backward"]
    return backward


def _compile(lines: list[str], tables: dict[str, Any]) -> dict[str, Any]:
    """Run generated source with its tables as globals (looked up by name, no closure)."""
    namespace = dict(tables)
    exec("\n".join(lines), namespace)
    return namespace


@functools.lru_cache(maxsize=16)
def _source(count: int) -> tuple[list[str], list[str], list[str], dict[str, Any]]:
    """The shuffle of ``count`` cards as source lines: the draw (leaving ``value`` and
    ``state``), the digits (:func:`_digit_lines`), the swaps in the shuffle's order, and
    the tables the digits read.

    The plain algorithm, which the tests keep as the reference, is: ``words`` outputs of
    :meth:`SplitMix64.next64`, high first, make one number; drop its ``surplus`` low bits;
    draw again until it is below ``count!``; then ``for i in range(count - 1, 0, -1):
    value, j = divmod(value, i + 1); order[i], order[j] = order[j], order[i]``. Here every
    radix and position is a constant and the generator is inlined: the loops' bookkeeping
    was a third of the cost. Two shortcuts keep the answers: an attempt whose first output
    is above ``top`` is rejected without computing its other outputs (the state just moves
    past them), and the digits come two at a time from tables (:func:`_digit_lines`).
    """
    total = math.factorial(count)
    bits = total.bit_length()
    words = (bits + 63) // 64
    surplus = words * 64 - bits
    top = (total << surplus) >> (64 * (words - 1))
    draw = [
        "    while True:",
        *_next64_lines("value", "state", "        "),
        f"        if value > {top}:  # too large whatever the other outputs are",
        f"            state = (state + {(words - 1) * _GOLDEN}) & {MASK64}",
        "            continue",
    ]
    for _ in range(words - 1):
        draw += _next64_lines("z", "state", "        ")
        draw.append("        value = (value << 64) | z")
    draw += [f"        value >>= {surplus}", f"        if value < {total}:", "            break"]
    digits, tables = _digit_lines(count)
    swaps = [f"    o[{i}], o[j{i}] = o[j{i}], o[{i}]" for i in range(count - 1, 0, -1)]
    return draw, digits, swaps, dict(tables)


def _next64_lines(out: str, state: str, indent: str) -> list[str]:
    """Source of :meth:`SplitMix64.next64` on the int variable ``state``, into ``out``."""
    return [
        f"{indent}{state} = z = ({state} + {_GOLDEN}) & {MASK64}",
        f"{indent}z = ((z ^ (z >> 30)) * {_MIX1}) & {MASK64}",
        f"{indent}z = ((z ^ (z >> 27)) * {_MIX2}) & {MASK64}",
        f"{indent}{out} = z ^ (z >> 31)",
    ]


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


_PAIRED = 52
"""Radices up to this are divided out two at a time, with a table of both digits
(:func:`_pair_table`); the tables of a 52-card deck hold about 23,000 entries."""


def _digit_lines(count: int) -> tuple[list[str], dict[str, tuple[tuple[int, int], ...]]]:
    """Source lines that set ``j{i}``, the digit of radix ``i + 1``, for each position
    ``i`` from ``value`` (which they consume), and the tables those lines read.

    Each run of :func:`_radix_groups` divides the big number once (the last run's part is
    what remains of it); inside a run, two neighbouring radices ``a`` and ``b`` give both
    digits with one division by ``a * b`` and a look-up of ``(q % a, q // a)``, and the
    last digit of a run is what remains of its part."""
    groups = _radix_groups(count)
    lines: list[str] = []
    tables: dict[str, tuple[tuple[int, int], ...]] = {}
    for index, (product, positions) in enumerate(groups):
        if index < len(groups) - 1:
            lines.append(f"    value, p = divmod(value, {product})")
        else:
            lines.append("    p = value")
        rest = list(positions)
        while rest:
            i = rest.pop(0)
            if not rest:
                lines.append(f"    j{i} = p")
            elif i + 1 <= _PAIRED:
                k = rest.pop(0)
                name = f"pair_{i}"
                tables[name] = _pair_table(i + 1, k + 1)
                if rest:
                    radix = (i + 1) * (k + 1)
                    lines.append(f"    q = p % {radix}; p //= {radix}; j{i}, j{k} = {name}[q]")
                else:
                    lines.append(f"    j{i}, j{k} = {name}[p]")
            else:
                lines.append(f"    j{i} = p % {i + 1}; p //= {i + 1}")
    return lines, tables


@functools.lru_cache(maxsize=128)
def _pair_table(a: int, b: int) -> tuple[tuple[int, int], ...]:
    """``(q % a, q // a)`` for each ``q`` below ``a * b`` (the pairs shared between tables)."""
    pairs = _digit_pairs()
    return tuple(pairs[q % a][q // a] for q in range(a * b))


@functools.cache
def _digit_pairs() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every pair of digits below :data:`_PAIRED`, built once: the tables share them."""
    return tuple(tuple((a, b) for b in range(_PAIRED)) for a in range(_PAIRED))


def first_dealer(seed: int, players: int) -> int:
    """The first dealer when the variant says ``deal.first_dealer: random``."""
    rng = SplitMix64(0)
    rng.state = _stream_state(seed, -1)
    return rng.below(players)
