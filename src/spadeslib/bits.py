"""Masks to bits: the set bits of an int, lowest first, for listing legal plays as ids
and hands as cards.

:func:`bits_of` reads a mask a byte at a time from fixed tables (the bits of each byte
value at each byte position), starting at the lowest set byte: a legal mask is usually
one suit, a byte or two, so listing it is two or three table lookups, at the same cost
however many different masks a long simulation meets (a memo of whole masks missed on a
third of them and stopped growing when full).

>>> bits_of(0b1011_0000_0000_0000_0001)
[0, 16, 17, 19]
>>> items_of(tuple("abcdefghijklmnopqrst"), 0b1011_0000_0000_0000_0001)
('a', 'q', 'r', 't')
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["bits_of", "items_of"]

T = TypeVar("T")

_BYTES: list[tuple[tuple[int, ...], ...]] = []
"""``_BYTES[p][v]``: the bits set in byte value ``v`` at byte position ``p``, as absolute
bit numbers; a position's table is made when a mask first reaches it (18 KB each)."""


def _byte_table(position: int) -> tuple[tuple[int, ...], ...]:
    while len(_BYTES) <= position:
        base = 8 * len(_BYTES)
        _BYTES.append(
            tuple(tuple(base + i for i in range(8) if value >> i & 1) for value in range(256))
        )
    return _BYTES[position]


def bits_of(mask: int) -> list[int]:
    """The set bits of ``mask`` (a non-negative int), lowest first, as a new list."""
    if not mask:
        return []
    tables = _BYTES
    if mask.bit_length() > 8 * len(tables):
        _byte_table(mask.bit_length() >> 3)
    position = ((mask & -mask).bit_length() - 1) >> 3
    mask >>= position << 3
    out = list(tables[position][mask & 0xFF])
    while mask := mask >> 8:
        position += 1
        out += tables[position][mask & 0xFF]
    return out


def items_of(table: tuple[T, ...], mask: int) -> tuple[T, ...]:
    """``tuple(table[bit] for bit in bits_of(mask))``: a hand's cards from a deck, say."""
    return tuple(map(table.__getitem__, bits_of(mask)))
