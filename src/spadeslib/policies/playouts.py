"""Batched playouts: many seeded deals, each played from the deal to its score in one call.

The primitive that simulations stand on (the bots' look-ahead, ``spadeslib simulate``, a
researcher's millions of hands). :func:`playouts` plays ``n`` deals, deal ``i`` being the
first deal of a game seeded ``stream_seed(seed, i)`` (so ``Game(variant,
seed=playouts.game_seed(i))`` deals the very same cards), from the standings given (0-0
by default): the first round of the auction, then the play, each seat by its policy, then
the score. Every choice comes from the deal's own SplitMix64 stream, ``stream_seed(game
seed, -2)``: the ``below(n)``-th of the ``n`` legal ids, the ids sorted as
:meth:`Game.legal_action_ids <spadeslib.engine.game.Game.legal_action_ids>` lists them.

Policies, per seat, named for what they do (:data:`POLICIES`):

- ``"random"``: a uniformly random legal bid and card (the ``random`` bot level);
- ``"easy"``: the Easy bot's play, a bid from 1 to 4 where one is legal and a random
  legal card (the ``easy`` level);
- ``"standard-cards"``: random legal bids, then the cards of the Standard bot's card rule
  (:mod:`spadeslib.policies.standard`). It is *not* the Standard bot: that bot also bids, by
  simulating 100 deals a decision, and a side of random bids with good cards scores far
  below it (about -120 points a side and deal in the standard game, against about +67).

So of the bot levels (``docs/bots.md``) the playouts play ``random`` and ``easy``; the
``standard``, ``pro`` and ``expert`` bots decide by simulating or searching, and play
through :func:`spadeslib.simulate` (``bots="standard"``) or :class:`~spadeslib.Game`.
The result's tables are ``rows x columns`` of int32 that ``numpy.asarray`` takes without a
copy (``memoryview`` and ``.tolist()`` read them too).

Two implementations give the same numbers (PEP 399): the native core's
(``src/native/playout.c``), where it is built and the variant's deals need no more than an
auction's first round and the play; and :func:`python_playouts`, the reference, which
plays every deal through the engine and takes every variant and standing (a French cut, a
draw, a kitty, passing, blind decisions, misdeals, Nil exchanges).
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from spadeslib.compiler.action_ids import action_space
from spadeslib.engine.core import flow
from spadeslib.engine.core.apply import apply
from spadeslib.engine.core.kernel_sources import auction_inputs
from spadeslib.engine.core.phases import PHASES
from spadeslib.engine.core.shuffle import SplitMix64, first_dealer, stream_seed
from spadeslib.engine.core.state import Phase, State
from spadeslib.errors import ArgumentError
from spadeslib.policies.playout_args import (
    MAX_BAGS,
    MAX_SETS,
    POLICIES,
    Policy,
    check_dealer,
    check_hands,
    check_policies,
    check_standings,
)
from spadeslib.policies.standard import Table, mode_of, standard_card
from spadeslib.scoring.types import Standing

if TYPE_CHECKING:
    import os

    from spadeslib.compiler.rules import Rules
    from spadeslib.variant import Variant

__all__ = ["MAX_BAGS", "MAX_SETS", "POLICIES", "Playouts", "playouts", "python_playouts"]

_NATIVE_PHASES: Final = frozenset({Phase.BID, Phase.EXCHANGE, Phase.PLAY})


@dataclass(frozen=True, slots=True)
class Playouts:
    """The deals of one :func:`playouts` call. Every table is ``n`` rows of int32."""

    variant: Variant
    seed: int
    """The seed the deals were made from (see :meth:`game_seed`)."""
    tricks: memoryview
    """Tricks won, ``n x players``."""
    points: memoryview
    """What each side scored in the deal, ``n x sides`` (bag penalties included)."""
    scores: memoryview
    """Each side's score after the deal, ``n x sides``."""
    bags: memoryview
    """Each side's bags after the deal, ``n x sides``."""
    sets: memoryview
    """Each side's sets in a row after the deal, ``n x sides``."""
    dealers: memoryview
    """The dealer of each deal, ``n x 1``."""
    winners: memoryview | None
    """The seat that won each trick, ``n x tricks`` (with ``trick_winners=True``)."""
    actions: memoryview | None
    """Every action id of each deal in order, the auction's then the play's, padded with
    -1 (with ``actions=True``; int64 where a variant's multi-card actions have ids past 32
    bits)."""
    bids: memoryview | None
    """Each seat's bid as the auction left it, ``n x players`` (with ``auction=True``): the
    engine's bid codes (:mod:`spadeslib.compiler.bids`: tricks, or ``NIL``, ``BLIND_NIL``,
    ``NO_BID``)."""
    contracts: memoryview | None
    """Each side's contract, ``n x sides`` (with ``auction=True``; -1 where the deal bid
    itself)."""
    dealt: memoryview | None
    """Each seat's hand as dealt, ``n x (players * words)`` (with ``dealt=True``): the mask
    in 32-bit words, the low word first, ``words = ceil(cards / 32)``."""
    backend: Literal["native", "python"]
    """Which implementation played them."""

    def __len__(self) -> int:
        return self.tricks.shape[0] if self.tricks.shape else 0

    def game_seed(self, index: int) -> int:
        """The seed of the game whose first deal is deal ``index``: ``Game(variant,
        seed=game_seed(index))`` deals the same cards."""
        return stream_seed(self.seed, index)


def playouts(
    variant: Variant | str | os.PathLike[str],
    n: int,
    *,
    seed: int | None = None,
    policy: Policy | Sequence[Policy] = "random",
    dealer: int | None = None,
    standings: Sequence[Standing] | None = None,
    first_deal: bool = True,
    hands: Sequence[Sequence[int]] | None = None,
    trick_winners: bool = False,
    actions: bool = False,
    auction: bool = False,
    dealt: bool = False,
) -> Playouts:
    """Play ``n`` seeded deals of ``variant`` (see the module docstring).

    ``policy`` is one policy for every seat or one per seat: ``random``, ``easy`` or
    ``standard-cards`` (random bids, the Standard bot's cards: not the Standard bot, see
    the module docstring); the bot levels that simulate have none. ``dealer`` fixes the dealer
    (default: the variant's ``deal.first_dealer``, a seeded draw per deal when
    ``random``). ``standings`` (one :class:`~spadeslib.scoring.Standing` per side) and
    ``first_deal`` say where in a game the deals are played: NYC's first deal bids
    itself, so ``first_deal=False`` plays its ordinary deals. ``hands`` gives each deal's
    hands (``n`` rows of one card mask per seat, masks of ``variant.compile()``'s bits)
    instead of the shuffle. ``trick_winners``, ``actions``, ``auction`` and ``dealt`` ask
    for the tables of those names (see :class:`Playouts`).

    Raises :class:`~spadeslib.errors.ArgumentError` for an argument it cannot use.
    """
    from spadeslib.engine.game import resolve_variant

    rules = resolve_variant(variant).compile()
    if type(n) is not int or n < 0:
        raise ArgumentError(f"n must be an int of at least 0, not {n!r}")
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ArgumentError(f"seed must be an int from 0 to 2**64-1, not {seed!r}")
    codes = check_policies(rules, policy)
    fixed = check_dealer(rules, dealer)
    stand = check_standings(rules, standings)
    if not isinstance(first_deal, bool):
        raise ArgumentError(f"first_deal must be True or False, not {first_deal!r}")
    given = check_hands(rules, hands, n)
    flags = {"trick_winners": trick_winners, "actions": actions, "auction": auction, "dealt": dealt}
    for name, flag in flags.items():
        if not isinstance(flag, bool):
            raise ArgumentError(f"{name} must be True or False, not {flag!r}")
    kernel = rules.kernel
    if kernel is not None and _native_takes(rules, stand, first_deal):
        bids_itself = first_deal and rules.first_deal_bids_itself
        ids, relevant = auction_inputs(rules, kernel)
        tables = kernel.playouts(
            n,
            seed,
            -1 if fixed is None else fixed,
            bytes(codes),
            [(s.score, s.bags, s.sets_in_a_row) for s in stand],
            bids_itself,
            relevant,
            ids,
            given,
            trick_winners,
            actions,
            auction,
            dealt,
        )

        def view(name: str) -> memoryview:
            return memoryview(tables[name])

        def optional(name: str) -> memoryview | None:
            return None if tables[name] is None else memoryview(tables[name])

        return Playouts(
            variant=rules.variant,
            seed=seed,
            tricks=view("tricks"),
            points=view("points"),
            scores=view("scores"),
            bags=view("bags"),
            sets=view("sets"),
            dealers=view("dealers"),
            winners=optional("winners"),
            actions=optional("actions"),
            bids=optional("bids"),
            contracts=optional("contracts"),
            dealt=optional("dealt"),
            backend="native",
        )
    return python_playouts(
        rules,
        n,
        seed,
        codes,
        dealer=fixed,
        standings=stand,
        first_deal=first_deal,
        hands=given,
        trick_winners=trick_winners,
        actions=actions,
        auction=auction,
        dealt=dealt,
    )


def _native_takes(rules: Rules, standings: tuple[Standing, ...], first_deal: bool) -> bool:
    """Whether the native core plays these deals: an auction's first round and the play
    only (no cut, draw, kitty, passing, misdeal, Nil exchange or blind decision)."""
    variant = rules.variant
    if not set(rules.phases) <= _NATIVE_PHASES or rules.misdeals or rules.cut_cards:
        return False
    if variant.bidding.nil.enabled and variant.bidding.nil.exchange:
        return False
    if rules.blind_bids:
        probe = _start(rules, 0, 0, standings=standings, first_deal=first_deal, hands=None)
        return probe.phase != Phase.BLIND and probe.seen == rules.everyone
    return True


# -- the reference ------------------------------------------------------------------------


def _start(
    rules: Rules,
    game_seed: int,
    dealer: int | None,
    *,
    standings: tuple[Standing, ...],
    first_deal: bool,
    hands: list[int] | None,
) -> State:
    """A game's state at the start of its first deal, at ``standings``."""
    if dealer is None:
        dealer = first_dealer(game_seed, rules.players)
    state = State(rules, action_space(rules), PHASES, game_seed, dealer)
    state.scores = [s.score for s in standings]
    state.bags = [s.bags for s in standings]
    state.sets = [s.sets_in_a_row for s in standings]
    state.first_deal = first_deal
    if hands is not None:
        taken = 0
        for mask in hands:
            taken |= mask
        rest = tuple(bit for bit in range(rules.size) if not (taken >> bit & 1))
        state.pending_deals = ((tuple(hands), rest),)
    flow.start_deal(state)
    return state


def python_playouts(
    rules: Rules,
    n: int,
    seed: int,
    policies: Sequence[int],
    *,
    dealer: int | None,
    standings: tuple[Standing, ...],
    first_deal: bool,
    hands: list[list[int]] | None,
    trick_winners: bool,
    actions: bool,
    auction: bool = False,
    dealt: bool = False,
) -> Playouts:
    """:func:`playouts` in Python: each deal played through the engine, choice by choice
    (the arguments checked, as :func:`playouts` passes them)."""
    players, sides = rules.players, len(rules.sides)
    columns = {"tricks": players, "points": sides, "scores": sides, "bags": sides, "sets": sides}
    data: dict[str, array.array[int]] = {name: array.array("i") for name in columns}
    data["dealers"] = array.array("i")
    winners = array.array("i") if trick_winners else None
    if auction:
        data["bids"], data["contracts"] = array.array("i"), array.array("i")
        columns.update(bids=players, contracts=sides)
    words = (rules.size + 31) // 32
    if dealt:
        data["dealt"] = array.array("i")
        columns["dealt"] = players * words
    logs: list[list[int]] = []
    for index in range(n):
        game_seed = stream_seed(seed, index)
        state = _start(
            rules,
            game_seed,
            dealer,
            standings=standings,
            first_deal=first_deal,
            hands=None if hands is None else hands[index],
        )
        rng = SplitMix64(stream_seed(game_seed, -2))
        if dealt:  # each hand in 32-bit words, as signed ints
            for mask in state.dealt[0]:
                for word in range(words):
                    data["dealt"].append(((mask >> 32 * word & 0xFFFFFFFF) ^ 2**31) - 2**31)
        log: list[int] = []
        while state.phase not in (Phase.DEAL, Phase.OVER):
            play = state.play
            seat = state.actor
            if play is not None:
                ids = play.legal_ids()
                if policies[seat] == 1:
                    bit = _standard(rules, state, play.legal_mask())
                    action_id = rules.canonical[bit]
                else:
                    action_id = ids[rng.below(len(ids))]
            else:
                ids = PHASES[state.phase].legal(state)
                if policies[seat] == 2 and state.phase == Phase.BID:
                    action_id = _easy_bid(state, ids, rng)
                else:
                    action_id = ids[rng.below(len(ids))]
            log.append(action_id)
            apply(state, action_id)
        result = state.history[-1]
        data["tricks"].extend(result.tricks)
        for side_score in result.score.sides:
            data["points"].append(side_score.total)
            data["scores"].append(side_score.after.score)
            data["bags"].append(side_score.after.bags)
            data["sets"].append(side_score.after.sets_in_a_row)
        data["dealers"].append(result.dealer)
        if auction:
            data["bids"].extend(state.bids)
            data["contracts"].extend(-1 if c is None else c for c in result.contracts)
        if winners is not None:  # the deal's tricks stay in the state until the next deal
            for leader, bits in state.trick_log:
                winners.append((leader + rules.trick_winner(bits)) % players)
        logs.append(log)
    views = {name: _view(values, n, columns.get(name, 1)) for name, values in data.items()}
    bids, contracts, hands_dealt = (
        views.pop(name, None) for name in ("bids", "contracts", "dealt")
    )
    action_view = None
    if actions:
        width = max((len(log) for log in logs), default=0)
        items = [item for log in logs for item in log + [-1] * (width - len(log))]
        # multi-card actions (passes, discards, cuts) have ids past 32 bits
        code: Literal["i", "q"] = "i" if max(items, default=0) < 2**31 else "q"
        action_view = _view(array.array(code, items), n, width, code)
    return Playouts(
        variant=rules.variant,
        seed=seed,
        winners=None if winners is None else _view(winners, n, rules.hand_size),
        actions=action_view,
        bids=bids,
        contracts=contracts,
        dealt=hands_dealt,
        backend="python",
        **views,
    )


def _view(
    values: array.array[int], rows: int, columns: int, code: Literal["i", "q"] = "i"
) -> memoryview:
    return memoryview(values).cast("B").cast(code, (rows, columns))


def _easy_bid(state: State, ids: list[int], rng: SplitMix64) -> int:
    """EasyBot's bid (bots/easy.py): a plain bid of 1 to 4 where one is legal, else a bid or
    Nil, else any legal action; each a uniform choice."""
    space = state.space
    easy = [i for i in ids if space.BID + 1 <= i <= space.BID + 4]
    if easy:
        return easy[rng.below(len(easy))]
    bids = [i for i in ids if i == space.NIL or space.BID <= i <= space.BOTH_NIL]
    if bids:
        return bids[rng.below(len(bids))]
    return ids[rng.below(len(ids))]


def _standard(rules: Rules, state: State, legal: int) -> int:
    """The Standard player's card for the seat to play (:mod:`.policies`), among
    ``legal`` (a mask of the compiled deck)."""
    bids_itself = state.first_deal and rules.first_deal_bids_itself
    contracts = [None if bids_itself else c for c in state.contracts]
    table = Table(rules, contracts, state.nil_seats)
    seat = state.actor
    side = rules.side_of[seat]
    made = sum(state.tricks[m] for m in rules.sides[side] if not state.nil_seats >> m & 1)
    played = 0
    voids = [0] * rules.players
    for leader, bits in [*state.trick_log, (state.leader, tuple(state.trick))]:
        for offset, bit in enumerate(bits):
            played |= 1 << bit
            if offset and rules.suit_of[bit] != rules.suit_of[bits[0]]:
                voids[(leader + offset) % rules.players] |= 1 << rules.suit_of[bits[0]]
    mode = mode_of(rules, table, seat, state.tricks, made, trick=state.trick, leader=state.leader)
    card: int = standard_card(
        rules,
        table,
        mode=mode,
        seat=seat,
        legal=legal,
        trick=state.trick,
        leader=state.leader,
        live=rules.full_mask & ~played & ~state.hands[seat],
        voids=voids,
    )
    return card
