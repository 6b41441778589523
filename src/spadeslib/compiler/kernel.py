"""The compiled rules handed to the native core: :class:`Rules`' public tables, flat.

The C kernel (``spadeslib._native.Kernel``, sources in ``src/native/``) reads these
tables for most of what it decides: the deck, the suits, the trick keys, the cards that
break spades, the seats and sides. What it decides itself: the void rule and the first
lead are C switches on the codes below (:data:`VOID_RULES`, :data:`FIRST_LEADS`), so a new
kind of either is new C (``src/native/rules_impl.h``) and a
differential test; the auction's first round and the deal's end are C over tables the
Python fills on demand. Everything a table holds is checked again at the C boundary (the
``Kernel`` type, ``src/native/kernel_type.c``), so a wrong table raises
:class:`~spadeslib.errors.ArgumentError` instead of crashing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spadeslib import _backend
from spadeslib.compiler.follow import NEVER

if TYPE_CHECKING:
    from spadeslib._native import Kernel
    from spadeslib.compiler.rules import Rules

__all__ = ["FIRST_LEADS", "VOID_RULES", "kernel_of"]

VOID_RULES = {"free": 0, "must_trump": 1, "must_overtrump": 2, "screamer": 3}
"""``play.void`` to the kernel's code (``enum void_rule`` in ``src/native/spades.h``)."""
FIRST_LEADS = {"dealer_left": 0, "dealer": 1, "lowest_club": 2, "highest_bidder": 3}
"""``play.first_lead`` to the kernel's code (``enum first_lead``)."""

_NO_PARTNER = 254


def kernel_of(rules: Rules) -> Kernel | None:
    """The native kernel of ``rules`` (made once and kept on them), or ``None`` when
    Python plays."""
    native = _backend.native()
    if native is None:
        return None
    kept = rules._kernel
    if not kept:
        kept.append(_build(native, rules))
    return kept[0]


def _build(native: Any, rules: Rules) -> Kernel:
    size = rules.size
    numbers = [
        size,
        rules.players,
        rules.hand_size,
        rules.packs,
        len(rules.sides),
        int(rules.later_wins),
        VOID_RULES[rules.void_rule],
        int(rules.first_no_lead),
        int(rules.first_no_spades),
        min(rules.lead_free_from, NEVER),
        int(rules.broken_frees),
        FIRST_LEADS[rules.first_lead],
        int(rules.partnership),
        -1 if rules.scoring.overtrick_limit is None else rules.scoring.overtrick_limit,
    ]
    keys = bytes(key for table in rules.winner_keys for key in table)
    partners = bytes(_NO_PARTNER if p is None else p for p in rules.partner_of)
    orders = bytes(seat for order in rules.bidding_orders for seat in order)
    captains = bytes(seat for leads in rules.captains for seat in leads)
    made: Kernel = native.Kernel(
        numbers,
        list(rules.suit_masks),
        list(rules.breaking),
        list(rules.beats),
        list(rules.face_mask),
        list(rules.above),
        bytes(rules.suit_of),
        keys,
        bytes(rules.canonical),
        list(rules.order),
        bytes(rules.side_of),
        partners,
        orders,
        captains,
    )
    return made
