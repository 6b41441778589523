"""The Standard play rule (docs/bots.md) on masks, and a whole deal played out with it.

It lives with the engine, below the bots, because the batched playouts
(:mod:`spadeslib.policies.playouts`) play it as one of their policies, and the native core
plays it too (``src/native/strategy_impl.h``, line for line this module).

The rule, for the player to act (``mode_of`` picks the mode, ``standard_card`` the card;
the first that applies):

- **NIL**, the player bid Nil or Blind Nil: it always tries to lose. A card is *safer*
  the more cards of its suit above it are still in other hands. It leads its safest card;
  following, it plays the most dangerous of its cards that do not win the trick so far
  (in the suit led, its highest such card; void, its most dangerous discard), and when
  every card it may play would win, its safest (someone after it may still go over it),
  or its most dangerous when it plays last (it takes the trick whatever it plays). Ties
  go to the lowest card when looking for the safest, the highest for the most dangerous.
- **WIN**, it covers its partner's Nil: the Nil is still alive and the partner is winning
  this trick or has still to play to it (a Nil that played a card that is not winning is
  safe in this trick, whatever comes after).
- **SET**, an opponent's Nil is still alive and winning this trick: it plays its highest
  card that does not beat the Nil's (its highest card when every card beats it), leaving
  the Nil the trick.
- **WIN**, its side has not reached its contract (or has none: the deal that bids
  itself), or has reached it while another side's contract is still open (neither made
  nor out of reach: the tricks left could set it) and overtricks cannot set its own side
  (no ``scoring.overtrick_limit``; in ``nyc`` pressing measured level or a point worse):
  it presses for the set.
  It wins the trick with its highest card that can win it; when it cannot win, it plays
  its lowest card. It does not go over a partner who is winning the trick (unless that
  partner bid Nil): it plays its lowest card instead.
- **LOSE**, otherwise (its contract reached, nobody left to set): it plays its lowest card
  that loses the trick so far (its lowest card when leading); when every card it may play
  wins, its highest card.

Pressing and setting Nils came in December 2026. In duplicate against the rule without
them (which ducked as soon as its contract was made), Standard gains 2 to 8 points a
deal in every bundled variant but ``suicide`` (+1.6, within noise) and ``nyc`` (where it
does not press), and the Expert, whose samples this rule plays out, 16 in ``standard``
(docs/performance.md, "The Standard rule presses").

"Winning the trick" means beating the cards already in it (``rules.beating_mask``);
"highest" and "lowest" use ``Rules.order`` (every trump above every plain card, then by
strength within its suit). A side "reaches" its
contract with the tricks of its members who did not bid Nil.

:func:`play_out` plays the rest of a deal with every seat following this rule, on plain
ints and lists; :func:`play_out_many` plays it from one position for many samples of the
hidden hands (natively where the core is built, ``src/native/playout.c``): the inner loop
of the simulations of Standard's bidding and of Pro's play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from spadeslib import _backend
from spadeslib.compiler import Rules

if TYPE_CHECKING:
    from spadeslib.engine.game import Game

__all__ = [
    "LOSE",
    "NIL",
    "SET",
    "WIN",
    "Table",
    "covered",
    "highest",
    "lowest",
    "made",
    "mode_of",
    "native_standard_card",
    "play_out",
    "play_out_many",
    "settable",
    "standard_card",
]

WIN: Final = 0
LOSE: Final = 1
NIL: Final = 2
SET: Final = 3


def covered(rules: Rules, mask: int, live: int, *, most: bool) -> int:
    """The card of a non-empty ``mask`` with the most (``most``) or the fewest stronger
    cards of its suit among ``live`` (the cards still in other hands): the safest or the
    most dangerous card for a Nil bidder. Ties go to the lowest card for the safest and
    to the highest for the most dangerous."""
    above = rules.above
    order = rules.order
    best = -1
    best_key = (-1, 0) if most else (1 << 30, 0)
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        mask ^= low
        key = ((above[bit] & live).bit_count(), -order[bit])
        if (key > best_key) if most else (key < best_key):
            best_key, best = key, bit
    return best


def lowest(rules: Rules, mask: int) -> int:
    """The lowest card of a non-empty ``mask`` (a bit), in ``Rules.order``."""
    order = rules.order
    best = -1
    key = 1 << 30
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        if order[bit] < key:
            key = order[bit]
            best = bit
        mask ^= low
    return best


def highest(rules: Rules, mask: int) -> int:
    """The highest card of a non-empty ``mask`` (a bit), in ``Rules.order``."""
    order = rules.order
    best = -1
    key = -1
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        if order[bit] > key:
            key = order[bit]
            best = bit
        mask ^= low
    return best


class Table:
    """Who plays with whom in one deal: the seats' sides, the Nil bidders and each side's
    contract (``None``: no contract, the side always plays to win). Shared by the seats of
    a simulation; it never changes during one."""

    __slots__ = ("contracts", "covers", "nils", "side_of")

    def __init__(self, rules: Rules, contracts: Sequence[int | None], nils: int) -> None:
        self.side_of = rules.side_of
        self.nils = nils
        self.contracts = tuple(contracts)
        if not nils:  # the usual deal: nobody's Nil to cover
            self.covers = _NO_COVERS[len(rules.sides)]
            return
        covers: list[int] = [0] * len(rules.sides)
        for side, members in enumerate(rules.sides):
            for seat in members:
                if nils >> seat & 1:
                    covers[side] |= 1 << seat
        self.covers = tuple(covers)
        """Per side, the seats whose Nil its other members cover."""


_NO_COVERS: Final = tuple((0,) * sides for sides in range(8))

_NATIVE_PLAY: Final[Any] = getattr(_backend.native(), "Play", None)
"""The native core's play of a deal (``None`` without the core)."""


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
    """``WIN``, ``LOSE``, ``NIL`` or ``SET`` for ``seat`` to play to ``trick`` (led by ``leader``;
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
    if trick:
        ahead = (leader + rules.trick_winner(trick)) % rules.players
        if table.nils >> ahead & 1 and not tricks[ahead] and table.side_of[ahead] != side:
            return SET  # an opponent's Nil is alive and winning this trick: leave it there
    contract = table.contracts[side]
    if contract is None or side_made < contract:
        return WIN
    if rules.scoring.overtrick_limit is not None:
        return LOSE  # overtricks can set the side (NYC): pressing measured level or worse
    return WIN if settable(rules, table, side, tricks) else LOSE


def settable(rules: Rules, table: Table, side: int, tricks: Sequence[int]) -> bool:
    """Whether a side other than ``side`` has a contract it has neither made nor lost
    yet: the tricks still to play could go either way."""
    left = rules.hand_size - sum(tricks)
    for other, contract in enumerate(table.contracts):
        if other != side and contract is not None:
            taken = made(table, other, tricks)
            if taken < contract <= taken + left:
                return True
    return False


def standard_card(
    rules: Rules,
    table: Table,
    *,
    mode: int,
    seat: int,
    legal: int,
    trick: Sequence[int],
    leader: int,
    live: int = 0,
    voids: Sequence[int] = (),
) -> int:
    """The bit the Standard rule plays from ``legal`` (a mask) to ``trick`` (bits in play
    order, led by ``leader``), in ``mode``. ``live``: the cards that may be in the other
    hands (not played, not held), which a Nil bidder's choices use."""
    if mode == NIL:
        return _nil_card(rules, legal, trick, live)
    if not trick:
        if mode == WIN:  # the surest winner: the fewest cards above it still out
            covers = table.covers[table.side_of[seat]]
            if covers and voids:  # lead where a partner's Nil is void: it discards
                void = 0
                while covers:
                    low = covers & -covers
                    void |= voids[low.bit_length() - 1]
                    covers ^= low
                into = 0
                for suit, suit_mask in enumerate(rules.suit_masks):
                    if void >> suit & 1:
                        into |= legal & suit_mask
                if into:
                    return covered(rules, into, live, most=False)
            return covered(rules, legal, live, most=False)
        return lowest(rules, legal)
    beats = rules.beating_mask(trick)
    winning = legal & beats
    if mode == WIN:
        ahead = (leader + rules.trick_winner(trick)) % rules.players
        if (
            ahead != seat
            and table.side_of[ahead] == table.side_of[seat]
            and not table.nils >> ahead & 1
        ):
            return lowest(rules, legal)  # partner is winning: do not go over it
        return highest(rules, winning) if winning else lowest(rules, legal)
    losing = legal & ~beats
    if mode == SET:
        return highest(rules, losing or legal)
    return lowest(rules, losing) if losing else highest(rules, legal)


def _nil_card(rules: Rules, legal: int, trick: Sequence[int], live: int) -> int:
    if not trick:
        return covered(rules, legal, live, most=True)
    losing = legal & ~rules.beating_mask(trick)
    if losing:
        return covered(rules, losing, live, most=False)
    if len(trick) == rules.players - 1:
        return covered(rules, legal, live, most=False)
    return covered(rules, legal, live, most=True)


def play_out(
    rules: Rules,
    table: Table,
    hands: list[int],
    tricks: list[int],
    *,
    leader: int,
    trick: Sequence[int] = (),
    trick_number: int = 0,
    broken: bool = False,
    must_lead: int = 0,
    played: int = 0,
    voids: Sequence[int] = (),
    first: int | None = None,
    one_trick: bool = False,
) -> int:
    """Play the deal on from here with every seat following the Standard rule; ``hands``
    and ``tricks`` (per seat) are changed in place. ``trick`` is the trick being played,
    led by ``leader``; ``played`` the cards played so far this deal (this trick's too).
    ``first``, if given, is the bit the next player plays instead of
    the rule's choice (Pro tries its cards this way). ``one_trick`` stops at the end of
    the current trick. Returns the seat that won the last trick played (-1 if none)."""
    players = rules.players
    side_of = rules.side_of
    suit_masks = rules.suit_masks
    suit_of = rules.suit_of
    allowed = rules.allowed
    trick_winner = rules.trick_winner
    breaks = rules.breaks_spades
    full = rules.full_mask
    sides = len(rules.sides)
    side_made = [made(table, side, tricks) for side in range(sides)]
    nils = table.nils
    current = list(trick)
    void = list(voids) if voids else [0] * players
    seat = (leader + len(current)) % players
    winner = -1
    while True:
        hand = hands[seat]
        if not hand:
            return winner
        if current:
            legal = hand & suit_masks[suit_of[current[0]]]
            if not legal:
                legal = allowed(hand, current, broken, trick_number, 0)
        else:
            legal = allowed(
                hand, current, broken, trick_number, must_lead if trick_number == 0 else 0
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
                table,
                mode=mode,
                seat=seat,
                legal=legal,
                trick=current,
                leader=leader,
                live=full & ~played & ~hand,
                voids=void,
            )
        hands[seat] = hand & ~(1 << bit)
        played |= 1 << bit
        if current and suit_of[bit] != suit_of[current[0]]:
            void[seat] |= 1 << suit_of[current[0]]
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


def play_out_many(
    rules: Rules,
    *,
    contracts: Sequence[Sequence[int | None]],
    nils: Sequence[int],
    deals: Sequence[Sequence[int]],
    leaders: Sequence[int],
    must_leads: Sequence[int],
    tricks: Sequence[int] | None = None,
    trick: Sequence[int] = (),
    trick_number: int = 0,
    broken: bool = False,
    played: int = 0,
    voids: Sequence[int] = (),
    first: int | None = None,
    one_trick: bool = False,
) -> tuple[list[list[int]], list[int]]:
    """:func:`play_out` of each sample ``i``: the hands ``deals[i]`` with the
    :class:`Table` of ``contracts[i]`` and ``nils[i]`` (plain sequences, not tables: the
    native core takes them as they are, and a batch of the auction's simulations would
    spend longer making tables than playing them), the trick led (or to be led) by
    ``leaders[i]``, the first lead held to ``must_leads[i]``; the rest of the position is
    the samples' own. Returns each sample's tricks per seat and the seat that won its
    last trick played. One native call where the core is built (the same cards as this
    loop: the differential tests hold them together)."""
    start = [0] * rules.players if tricks is None else list(tricks)
    kernel = rules.kernel
    if kernel is not None:
        out: tuple[list[list[int]], list[int]] = kernel.standard_playouts(
            deals,
            contracts,
            nils,
            leaders,
            must_leads,
            start,
            trick,
            trick_number,
            broken,
            played,
            voids,
            -1 if first is None else first,
            one_trick,
        )
        return out
    counts: list[list[int]] = []
    winners: list[int] = []
    table: Table | None = None
    last: Sequence[int | None] = ()
    for contract, nil, hands, leader, must in zip(
        contracts, nils, deals, leaders, must_leads, strict=True
    ):
        if table is None or contract is not last or nil != table.nils:
            table = Table(rules, contract, nil)  # samples that share a table share it
            last = contract
        taken = list(start)
        winners.append(
            play_out(
                rules,
                table,
                list(hands),
                taken,
                leader=leader,
                trick=trick,
                trick_number=trick_number,
                broken=broken,
                must_lead=must,
                played=played,
                voids=voids,
                first=first,
                one_trick=one_trick,
            )
        )
        counts.append(taken)
    return counts, winners


def native_standard_card(game: Game, table: Table) -> int | None:
    """The id of the card the rule plays now for ``game``'s seat to play, with ``table``
    (the deal's contracts and Nils), from the game's own state, natively; ``None`` where
    the native core does not play the deal (ask the seat's bot then).

    Every input of the rule is something the seat knows exactly (its hand, the trick, the
    cards played, the contracts, the Nils), so the card is the one a
    :class:`~spadeslib.bots.StandardBot` in that seat plays: a simulation whose seats play
    Standard takes it without building the seat's observation, which is most of what a
    Standard card costs (``spadeslib.simulation.playing``). The exception is a seat
    covering its partner's Nil, which leads into the suits the Nil has shown it lacks: the
    bot reads those off the whole play (:mod:`spadeslib.engine.search.knowledge`, every rule of
    the variant's play), the native play keeps only the suits not followed, so there the
    answer is ``None`` too. A test holds the two together over every bundled variant."""
    play: Any = game._s.play  # the native Play's own standard_card, below
    if type(play) is not _NATIVE_PLAY or play.bidding or play.done:
        return None
    seat = play.actor
    if table.covers[table.side_of[seat]] & ~(1 << seat):
        return None
    card: int = play.standard_card(table.contracts, table.nils)
    return card
