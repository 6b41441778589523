"""The end of a deal: score it, record it, and end the game or deal the next one.

Scoring is :mod:`spadeslib.scoring`'s (a pure function of the contracts, the tricks and the
standings); this module only translates the deal's state into its inputs. Scores, bags
and runs of sets change here and nowhere else. The next deal is dealt by the next seat
clockwise; a misdeal (:mod:`.misdeal`) never gets here.
"""

from __future__ import annotations

from spadeslib.cards import Card
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID, format_bid
from spadeslib.engine import flow
from spadeslib.engine.results import DealResult
from spadeslib.engine.state import Phase, State
from spadeslib.scoring import Contract, Standing, game_result, score_deal

__all__ = ["contracts_of", "finish_deal"]


def contracts_of(state: State) -> tuple[Contract, ...]:
    """Each side's :class:`~spadeslib.scoring.Contract` for the deal just played."""
    rules = state.rules
    v = rules.variant
    if v.bidding.first_deal_bids_itself and state.first_deal:
        return tuple(Contract() for _ in rules.sides)
    out: list[Contract] = []
    for side, members in enumerate(rules.sides):
        bids = [state.bids[seat] for seat in members]
        came_out = bool(state.came_out >> side & 1)
        seat_bids = tuple(
            (seat, bid)
            for seat, bid in zip(members, bids, strict=True)
            if bid > 0 or (bid == 0 and not v.bidding.nil.enabled)
        )
        if sum(bid for _, bid in seat_bids) != state.contracts[side]:
            seat_bids = ()  # a team bid, a raise or a blind bid: no per-seat split
        out.append(
            Contract(
                bid=state.contracts[side],
                nil_seats=frozenset(s for s, b in zip(members, bids, strict=True) if b == NIL),
                blind_nil_seats=frozenset(
                    s for s, b in zip(members, bids, strict=True) if b == BLIND_NIL
                ),
                blind=bool(state.side_blind >> side & 1) and not came_out,
                came_out=came_out,
                seat_bids=seat_bids,
            )
        )
    return tuple(out)


def finish_deal(state: State) -> None:
    """Score the deal just played and move on (see the module docstring)."""
    rules = state.rules
    v = rules.variant
    sides = len(rules.sides)
    standings = tuple(Standing(state.scores[i], state.bags[i], state.sets[i]) for i in range(sides))
    contracts = contracts_of(state)
    score = score_deal(v, contracts, tuple(state.tricks), standings, first_deal=state.first_deal)
    after = score.standings
    state.scores = [s.score for s in after]
    state.bags = [s.bags for s in after]
    state.sets = [s.sets_in_a_row for s in after]
    bids_itself = v.bidding.first_deal_bids_itself and state.first_deal
    played: list[list[int]] = [[] for _ in range(state.players)]
    for leader, cards in state.trick_log:
        for index, bit in enumerate(cards):
            played[(leader + index) % state.players].append(bit)
    deck = rules.deck
    hands = tuple(tuple(deck[bit] for bit in sorted(bits)) for bits in played)
    widow: tuple[Card, ...] = ()
    if v.deal.leftover.kind == "widow":
        widow = tuple(rules.deck[bit] for bit in state.dealt[1][len(state.cut) :])
    state.history = (
        *state.history,
        DealResult(
            number=state.deals_played,
            dealer=state.dealer,
            bids=tuple("-" if bid == NO_BID else format_bid(bid) for bid in state.bids),
            contracts=tuple(None if bids_itself else c for c in state.contracts),
            blind=tuple(bool(state.side_blind >> i & 1) for i in range(sides)),
            tricks=tuple(state.tricks),
            hands=hands,
            widow=widow,
            scores=tuple(state.scores),
            bags=tuple(state.bags),
            score=score,
        ),
    )
    state.events = (*state.events, *score.events)
    state.deals_played += 1
    result = game_result(v, after, state.deals_played, score.events)
    if result is not None:
        state.result = result
        state.phase = Phase.OVER
        state.actor = -1
        return
    state.first_deal = False
    state.dealer = (state.dealer + 1) % state.players
    flow.start_deal(state)
