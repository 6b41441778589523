"""The mask-to-bits helpers of the hot path, checked against the obvious loop."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spadeslib.bits import bits_of, items_of

MASKS = st.integers(0, 2**108 - 1) | st.integers(0, 2**13 - 1)


def reference(mask: int) -> list[int]:
    return [bit for bit in range(mask.bit_length()) if mask >> bit & 1]


@given(MASKS)
def test_bits_are_the_set_bits_lowest_first(mask: int) -> None:
    assert bits_of(mask) == reference(mask)
    assert bits_of(mask) == reference(mask)  # with the byte tables made this time


@given(MASKS)
def test_items_are_the_table_entries_of_the_set_bits(mask: int) -> None:
    table = tuple(f"card{bit}" for bit in range(108))
    assert items_of(table, mask) == tuple(table[bit] for bit in reference(mask))


def test_bits_are_a_fresh_list_each_time() -> None:
    first = bits_of(0b1011)
    first.append(99)
    assert bits_of(0b1011) == [0, 1, 3]
