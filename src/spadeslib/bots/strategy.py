"""The Standard play rule (spec Part C) on masks, and a whole deal played out with it.

The rule, for the player to act (``mode_of`` picks the mode, ``standard_card`` the card):

- **NIL**, the player bid Nil or Blind Nil: it always tries to lose. It leads its lowest
  card; following, it plays its highest card that does not win the trick so far, and when
  every card it may play would win, its lowest (someone after it may still go over it), or
  its highest when it plays last (it takes the trick whatever it plays).
- **WIN**, its side has not reached its contract (or has none: the deal that bids itself),
  or it covers its partner's Nil: the Nil is still alive and the partner is winning this
  trick or has still to play to it (a Nil that played a card that is not winning is safe
  in this trick, whatever comes after). It wins the trick with its highest card that can
  win it; when it cannot win, it plays its lowest card. It does not
  go over a partner who is winning the trick (unless that partner bid Nil): it plays its
  lowest card instead.
- **LOSE**, the contract is reached: it plays its lowest card that loses the trick so far
  (its lowest card when leading); when every card it may play wins, its highest card.

"Winning the trick" means beating the cards already in it (``rules.beating_mask``);
"highest" and "lowest" use the order of :mod:`spadeslib.bots.tables`. A side "reaches" its
contract with the tricks of its members who did not bid Nil.

:func:`play_out` plays the rest of a deal with every seat following this rule, on plain
ints and lists: it is the inner loop of the simulations of Standard's bidding and of Pro's
play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spadeslib.bots.tables import Tables, highest, lowest
from spadeslib.compiler import Rules

__all__ = ["LOSE", "NIL", "WIN", "Table", "mode_of", "play_out", "standard_card"]

WIN: Final = 0
LOSE: Final = 1
NIL: Final = 2


class Table:
    """Who plays with whom in one deal: the seats' sides, the Nil bidders and each side's
    contract (``None``: no contract, the side always plays to win). Shared by the seats of
    a simulation; it never changes during one."""

    __slots__ = ("contracts", "covers", "nils", "side_of")

    def __init__(self, rules: Rules, contracts: Sequence[int | None], nils: int) -> None:
        self.side_of = rules.side_of
        self.nils = nils
        self.contracts = tuple(contracts)
        covers: list[int] = [0] * len(rules.sides)
        for side, members in enumerate(rules.sides):
            for seat in members:
                if nils >> seat & 1:
                    covers[side] |= 1 << seat
        self.covers = tuple(covers)
        """Per side, the seats whose Nil its other members cover."""


def made(table: Table, side: int, tricks: Sequence[int]) -> int:
    """The tricks that count towards ``side``'s contract: its non-Nil members' tricks."""
    total = 0
    for seat, side_of_seat in enumerate(table.side_of):
        if side_of_seat == side and not table.nils >> seat & 1:
            total += tricks[seat]
    return total


def mode_of(
    rules: Rules,
    table: Table,
    seat: int,
    tricks: Sequence[int],
    side_made: int,
    *,
    trick: Sequence[int],
    leader: int,
) -> int:
    """``WIN``, ``LOSE`` or ``NIL`` for ``seat`` to play to ``trick`` (led by ``leader``;
    see the module docstring)."""
    if table.nils >> seat & 1:
        return NIL
    side = table.side_of[seat]
    covers = table.covers[side]
    if covers:
        players = rules.players
        ahead = (leader + rules.trick_winner(trick)) % players if trick else -1
        played = 0
        for index in range(len(trick)):
            played |= 1 << (leader + index) % players
        while covers:
            low = covers & -covers
            nil = low.bit_length() - 1
            if tricks[nil] == 0 and (nil == ahead or not played & low):
                return WIN  # a partner's Nil is alive and in danger in this trick: cover it
            covers ^= low
    contract = table.contracts[side]
    if contract is None or side_made < contract:
        return WIN
    return LOSE


def standard_card(
    rules: Rules,
    tables: Tables,
    table: Table,
    *,
    mode: int,
    seat: int,
    legal: int,
    trick: Sequence[int],
    leader: int,
) -> int:
    """The bit the Standard rule plays from ``legal`` (a mask) to ``trick`` (bits in play
    order, led by ``leader``), in ``mode``."""
    if not trick:
        return highest(tables, legal) if mode == WIN else lowest(tables, legal)
    beats = rules.beating_mask(trick)
    winning = legal & beats
    if mode == WIN:
        ahead = (leader + rules.trick_winner(trick)) % rules.players
        if (
            ahead != seat
            and table.side_of[ahead] == table.side_of[seat]
            and not table.nils >> ahead & 1
        ):
            return lowest(tables, legal)  # partner is winning: do not go over it
        return highest(tables, winning) if winning else lowest(tables, legal)
    losing = legal & ~beats
    if mode == LOSE:
        return lowest(tables, losing) if losing else highest(tables, legal)
    if losing:
        return highest(tables, losing)
    last = len(trick) == rules.players - 1
    return highest(tables, legal) if last else lowest(tables, legal)


def play_out(
    rules: Rules,
    tables: Tables,
    table: Table,
    hands: list[int],
    tricks: list[int],
    *,
    leader: int,
    trick: Sequence[int] = (),
    trick_number: int = 0,
    broken: bool = False,
    must_lead: int = 0,
    first: int | None = None,
    one_trick: bool = False,
) -> int:
    """Play the deal on from here with every seat following the Standard rule; ``hands``
    and ``tricks`` (per seat) are changed in place. ``trick`` is the trick being played,
    led by ``leader``. ``first``, if given, is the bit the next player plays instead of
    the rule's choice (Pro tries its cards this way). ``one_trick`` stops at the end of
    the current trick. Returns the seat that won the last trick played (-1 if none)."""
    players = rules.players
    side_of = rules.side_of
    suit_masks = rules.suit_masks
    suit_of = rules.suit_of
    legal_plays = rules.legal_plays
    trick_winner = rules.trick_winner
    breaks = rules.breaks_spades
    sides = len(rules.sides)
    side_made = [made(table, side, tricks) for side in range(sides)]
    nils = table.nils
    current = list(trick)
    seat = (leader + len(current)) % players
    winner = -1
    while True:
        hand = hands[seat]
        if not hand:
            return winner
        if current:
            legal = hand & suit_masks[suit_of[current[0]]]
            if not legal:
                legal = legal_plays(hand, current, broken=broken, trick_number=trick_number)
        else:
            legal = legal_plays(
                hand,
                current,
                broken=broken,
                trick_number=trick_number,
                must_lead=must_lead if trick_number == 0 else 0,
            )
        if first is not None:
            bit = first
            first = None
        else:
            mode = mode_of(
                rules, table, seat, tricks, side_made[side_of[seat]], trick=current, leader=leader
            )
            bit = standard_card(
                rules,
                tables,
                table,
                mode=mode,
                seat=seat,
                legal=legal,
                trick=current,
                leader=leader,
            )
        hands[seat] = hand & ~(1 << bit)
        current.append(bit)
        if not broken and breaks(bit, suit_of[current[0]]):
            broken = True
        if len(current) < players:
            seat = (seat + 1) % players
            continue
        winner = (leader + trick_winner(current)) % players
        tricks[winner] += 1
        if not nils >> winner & 1:
            side_made[side_of[winner]] += 1
        if one_trick:
            return winner
        leader = seat = winner
        current = []
        trick_number += 1
