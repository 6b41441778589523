"""The end of a deal: score it, record it, and end the game or deal the next one.

Scoring is :mod:`spadeslib.scoring`'s (a pure function of the contracts, the tricks and the
standings); this module only translates the deal's state into its inputs. Scores, bags
and runs of sets change here and nowhere else. The next deal is dealt by the next seat
clockwise, when the game is next looked at or played (``Phase.DEAL``); a misdeal
(:mod:`.misdeal`) never gets here.
"""

from __future__ import annotations

from typing import Final

from spadeslib.cards import Card
from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.engine.results import DealResult
from spadeslib.engine.state import Phase, State
from spadeslib.scoring import Contract, DealScore
from spadeslib.scoring.deal import score_deal_unchecked
from spadeslib.scoring.game_end import game_result_unchecked
from spadeslib.scoring.numbers import deal_numbers
from spadeslib.scoring.types import new_contract, new_standing

__all__ = ["contracts_of", "finish_deal"]


def contracts_of(state: State) -> tuple[Contract, ...]:
    """Each side's :class:`~spadeslib.scoring.Contract` for the deal just played."""
    rules = state.rules
    v = rules.variant
    if v.bidding.first_deal_bids_itself and state.first_deal:
        return tuple(Contract() for _ in rules.sides)
    zero_counts = not v.bidding.nil.enabled  # a bid of 0 is a bid, not Nil
    all_bids = state.bids
    came_out, side_blind = state.came_out, state.side_blind
    out: list[Contract] = []
    for side, members in enumerate(rules.sides):
        seat_bids: list[tuple[int, int]] = []
        nils: frozenset[int] = _NONE
        blind_nils: frozenset[int] = _NONE
        total = 0
        for seat in members:
            bid = all_bids[seat]
            if bid > 0 or (bid == 0 and zero_counts):
                seat_bids.append((seat, bid))
                total += bid
            elif bid == NIL:
                nils = nils | {seat}
            elif bid == BLIND_NIL:
                blind_nils = blind_nils | {seat}
        contract = state.contracts[side]
        came = bool(came_out >> side & 1)
        out.append(
            new_contract(
                bid=contract,
                nil_seats=nils,
                blind_nil_seats=blind_nils,
                blind=bool(side_blind >> side & 1) and not came,
                came_out=came,
                # a team bid, a raise or a blind bid has no per-seat split
                seat_bids=tuple(seat_bids) if total == contract else (),
            )
        )
    return tuple(out)


_NONE: frozenset[int] = frozenset()
_OVER: Final = Phase.OVER
_DEAL: Final = Phase.DEAL


def finish_deal(state: State) -> None:
    """Score the deal just played and move on (see the module docstring).

    The engine's inputs to scoring are valid by construction, so it calls the unchecked
    entries of :mod:`spadeslib.scoring` (the checks cost more than the scoring)."""
    rules = state.rules
    v = rules.variant
    sides = len(rules.sides)
    scores, bags, sets = state.scores, state.bags, state.sets
    standings = tuple(new_standing(scores[i], bags[i], sets[i]) for i in range(sides))
    bids_itself = v.bidding.first_deal_bids_itself and state.first_deal
    tricks = tuple(state.tricks)
    contracts = contracts_of(state)
    after, events = deal_numbers(rules, contracts, tricks, standings, bids_itself=bids_itself)

    def score() -> DealScore:  # the explained score, made if someone reads it
        return score_deal_unchecked(rules, contracts, tricks, standings, bids_itself=bids_itself)

    state.scores = scores = [s.score for s in after]
    state.bags = bags = [s.bags for s in after]
    state.sets = [s.sets_in_a_row for s in after]
    remaining = state.hands
    widow: tuple[Card, ...] = ()
    if v.deal.leftover.kind == "widow":
        widow = tuple(rules.deck[bit] for bit in state.dealt[1][len(state.cut) :])
    state.history = (
        *state.history,
        DealResult(
            number=state.deals_played,
            dealer=state.dealer,
            bids=tuple(state.bids),
            contracts=tuple(None if bids_itself else c for c in state.contracts),
            blind=tuple(bool(state.side_blind >> i & 1) for i in range(sides)),
            tricks=tricks,
            hands=tuple(first & ~remaining[seat] for seat, first in enumerate(state.first_hands)),
            deck=rules.deck,
            widow=widow,
            scores=tuple(scores),
            bags=tuple(bags),
            score=score,
        ),
    )
    if events:
        state.events = (*state.events, *events)
    state.deals_played += 1
    result = game_result_unchecked(rules, after, state.deals_played, events)
    if result is not None:
        state.result = result
        state.phase = _OVER
        state.actor = -1
        return
    state.first_deal = False
    state.dealer = (state.dealer + 1) % state.players
    state.phase = _DEAL  # dealt when next needed (flow.deal_if_due)
    state.actor = -1
