"""Masks to bits: the set bits of an int, lowest first, for listing legal plays as ids
and hands as cards.

:data:`IDS` remembers the bits of the masks listed most often (legal plays repeat: a
suit's few cards, a short hand), so listing them again is a dict lookup and a list copy.

>>> bits_of(0b1011_0000_0000_0000_0001)
[0, 16, 17, 19]
>>> items_of(tuple("abcdefghijklmnopqrst"), 0b1011_0000_0000_0000_0001)
('a', 'q', 'r', 't')
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["IDS", "bits_of", "ids_of", "items_of"]

T = TypeVar("T")

_CHUNKS: list[dict[int, tuple[int, ...]]] = [{} for _ in range(8)]
_CHUNK_MEMO = 16_384  # per 16-bit position; beyond it chunks are computed, not kept


def _chunk(position: int, value: int) -> tuple[int, ...]:
    bits = tuple(16 * position + i for i in range(16) if value >> i & 1)
    memo = _CHUNKS[position]
    if len(memo) < _CHUNK_MEMO:
        memo[value] = bits
    return bits


def bits_of(mask: int) -> list[int]:
    """The set bits of ``mask`` (a mask of a deck's cards: at most 128 bits), lowest
    first: one memoised table lookup per 16 bits (twice as fast as peeling bits one at a
    time; a legal mask is usually one suit)."""
    out: list[int] = []
    position = 0
    chunks = _CHUNKS
    while mask:
        value = mask & 0xFFFF
        if value:
            bits = chunks[position].get(value)
            if bits is None:
                bits = _chunk(position, value)
            out += bits
        mask >>= 16
        position += 1
    return out


IDS: dict[int, tuple[int, ...]] = {}
"""Masks already listed by :func:`ids_of`, to their bits (at most ``_IDS_MEMO`` of them)."""
_IDS_MEMO = 1 << 15


def ids_of(mask: int) -> list[int]:
    """``bits_of(mask)``, remembered in :data:`IDS` while it has room."""
    found = IDS.get(mask)
    if found is None:
        found = tuple(bits_of(mask))
        if len(IDS) < _IDS_MEMO:
            IDS[mask] = found
    return list(found)


_CARD_CHUNKS: dict[int, tuple[tuple[Any, ...], list[dict[int, tuple[Any, ...]]]]] = {}


def items_of(table: tuple[T, ...], mask: int) -> tuple[T, ...]:
    """``tuple(table[bit] for bit in bits_of(mask))`` (a hand's cards from a deck, say),
    one memoised lookup per 16 bits of the mask for each ``table`` (kept by identity)."""
    found = _CARD_CHUNKS.get(id(table))
    if found is None or found[0] is not table:
        if len(_CARD_CHUNKS) > 64:
            _CARD_CHUNKS.clear()
        found = _CARD_CHUNKS[id(table)] = (table, [{} for _ in range(8)])
    chunks = found[1]
    out: tuple[T, ...] = ()
    position = 0
    while mask:
        value = mask & 0xFFFF
        if value:
            memo = chunks[position]
            items = memo.get(value)
            if items is None:
                items = tuple(table[16 * position + i] for i in range(16) if value >> i & 1)
                if len(memo) < _CHUNK_MEMO:
                    memo[value] = items
            out += items
        mask >>= 16
        position += 1
    return out
