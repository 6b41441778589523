"""The end of a deal: score it, record it, and end the game or deal the next one.

Scoring is :mod:`spadeslib.scoring`'s (a pure function of the contracts, the tricks and the
standings); this module only translates the deal's state into its inputs. Scores, bags
and runs of sets change here and nowhere else. The next deal is dealt by the next seat
clockwise, when the game is next looked at or played (``Phase.DEAL``); a misdeal
(:mod:`.misdeal`) never gets here.
"""

from __future__ import annotations

from spadeslib.cards import Card
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.engine.bits import items_of
from spadeslib.engine.results import DealResult
from spadeslib.engine.state import Phase, State
from spadeslib.scoring import Contract, Standing
from spadeslib.scoring.deal import score_deal_unchecked
from spadeslib.scoring.game_end import game_result_unchecked

__all__ = ["contracts_of", "finish_deal"]


def contracts_of(state: State) -> tuple[Contract, ...]:
    """Each side's :class:`~spadeslib.scoring.Contract` for the deal just played."""
    rules = state.rules
    v = rules.variant
    if v.bidding.first_deal_bids_itself and state.first_deal:
        return tuple(Contract() for _ in rules.sides)
    nil_enabled = v.bidding.nil.enabled
    all_bids = state.bids
    out: list[Contract] = []
    for side, members in enumerate(rules.sides):
        came_out = bool(state.came_out >> side & 1)
        seat_bids = tuple(
            (seat, all_bids[seat])
            for seat in members
            if all_bids[seat] > 0 or (all_bids[seat] == 0 and not nil_enabled)
        )
        contract = state.contracts[side]
        if sum(bid for _, bid in seat_bids) != contract:
            seat_bids = ()  # a team bid, a raise or a blind bid: no per-seat split
        nils = frozenset(seat for seat in members if all_bids[seat] == NIL)
        blind_nils = frozenset(seat for seat in members if all_bids[seat] == BLIND_NIL)
        out.append(
            Contract(
                contract,
                nils,
                blind_nils,
                bool(state.side_blind >> side & 1) and not came_out,
                came_out,
                seat_bids,
            )
        )
    return tuple(out)


_BID_TEXT = {NIL: "nil", BLIND_NIL: "blind nil", NO_BID: "-"}


def finish_deal(state: State) -> None:
    """Score the deal just played and move on (see the module docstring).

    The engine's inputs to scoring are valid by construction, so it calls the unchecked
    entries of :mod:`spadeslib.scoring` (the checks cost more than the scoring)."""
    rules = state.rules
    v = rules.variant
    sides = len(rules.sides)
    scores, bags, sets = state.scores, state.bags, state.sets
    standings = tuple(Standing(scores[i], bags[i], sets[i]) for i in range(sides))
    bids_itself = v.bidding.first_deal_bids_itself and state.first_deal
    tricks = tuple(state.tricks)
    score = score_deal_unchecked(
        v, rules.sides, contracts_of(state), tricks, standings, bids_itself=bids_itself
    )
    after = score.standings
    state.scores = scores = [s.score for s in after]
    state.bags = bags = [s.bags for s in after]
    state.sets = [s.sets_in_a_row for s in after]
    deck = rules.deck
    remaining = state.hands
    hands = tuple(
        items_of(deck, first & ~remaining[seat]) for seat, first in enumerate(state.first_hands)
    )
    widow: tuple[Card, ...] = ()
    if v.deal.leftover.kind == "widow":
        widow = tuple(deck[bit] for bit in state.dealt[1][len(state.cut) :])
    text = _BID_TEXT.get
    state.history = (
        *state.history,
        DealResult(
            number=state.deals_played,
            dealer=state.dealer,
            bids=tuple(text(bid) or str(bid) for bid in state.bids),
            contracts=tuple(None if bids_itself else c for c in state.contracts),
            blind=tuple(bool(state.side_blind >> i & 1) for i in range(sides)),
            tricks=tricks,
            hands=hands,
            widow=widow,
            scores=tuple(scores),
            bags=tuple(bags),
            score=score,
        ),
    )
    if score.events:
        state.events = (*state.events, *score.events)
    state.deals_played += 1
    result = game_result_unchecked(v, after, state.deals_played, score.events)
    if result is not None:
        state.result = result
        state.phase = Phase.OVER
        state.actor = -1
        return
    state.first_deal = False
    state.dealer = (state.dealer + 1) % state.players
    state.phase = Phase.DEAL  # dealt when next needed (flow.deal_if_due)
    state.actor = -1
