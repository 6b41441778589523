"""Expert: chooses its cards and its bids by the expected score of the whole deal.

Where Pro asks "which card is likeliest to win this trick", Expert asks "which card
leaves my side the best score when the deal is over", and the same of its bids:

- **Sampling.** It draws ``budget`` deals of the cards it cannot see, consistent with
  everything its seat has seen (cards played, voids shown, cards passed, given or
  discarded: :class:`~spadeslib.engine.determinize.Determinizer`, natively where the core
  is built), and weighs each by how well it explains the bids made
  (:mod:`spadeslib.bots.evidence`: a point count of the hands each bid was made from,
  against the bid).
- **Playing.** For each legal card (one of each run of equivalent cards: cards of a suit
  with no card of another hand between them take the same tricks) it plays the card in
  every sample and the rest of the deal with every seat following the Standard rule
  (:func:`~spadeslib.engine.policies.play_out_many`, natively), and scores each ending with
  the variant's own scoring (:class:`~spadeslib.bots.worth.Worth`: contracts, sets, bags
  and their coming penalty, Nil and Blind Nil, ten for 200, the game's end). It plays the
  card of the best weighted average, the lowest such card on a tie. The same samples serve
  every card, so the comparison is between cards, not between luck.
- **Bidding.** For each legal number and Nil it plays the sampled deals out to that
  contract (the seats yet to bid given the bid their sampled hands suggest,
  :class:`~spadeslib.bots.auction.Auction`) and takes the bid of the best expected worth
  (every bid on a quarter of the budget, the :data:`SHORTLIST` best on the rest):
  what the bids already made and the scores make of it (a side near the target, behind, or
  near the bag limit bids differently); a partnership's captain the same for its team
  bids, those naming its own or its partner's Nil included.
- **Blind decisions** (Blind Nil, a side's blind bid, or ``look``) the same way, before
  seeing the hand: each sampled deal gives the seat a hand too, and ``look`` is worth what
  the contract its point count suggests (:func:`~spadeslib.bots.guesses.quick_bid`, with
  its side-mates' bids: a bid made after looking) makes of that deal; a blind bid of N is
  the side's blind contract of N, Blind Nil the seat's Nil. The seat goes blind only where
  the score makes it worth more than the bid it would make after looking (typically:
  behind, near the end of the game).
- Raises, NYC's coming out, passes and exchanges are Standard's
  (:mod:`spadeslib.bots.bidding`, :mod:`spadeslib.bots.decisions`).

``budget`` is the number of deals sampled per decision, so a seed and a budget give the
same decisions on every machine. ``time_limit`` (seconds, optional) stops sampling early,
a batch at a time, when a decision has taken that long: faster, and no longer
reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Final

from spadeslib.bots.auction import Auction
from spadeslib.bots.evidence import claims, evidence
from spadeslib.bots.guesses import quick_bid
from spadeslib.bots.standard import StandardBot, legal_mask, play_action, situation, try_card
from spadeslib.bots.tables import determinizer, tables_of
from spadeslib.bots.worth import Worth, seat_bids
from spadeslib.compiler import Rules
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.engine import Action, Observation
from spadeslib.engine.knowledge import Knowledge, read
from spadeslib.errors import ArgumentError

__all__ = ["DEFAULT_BUDGET", "SHORTLIST", "ExpertBot", "distinct_cards"]

DEFAULT_BUDGET: Final = 400
"""Deals sampled per decision by default."""

SHORTLIST: Final = 4
"""The bids judged on the whole budget: every legal bid is first judged on a quarter of
it, and the best of them on the rest (most bids are plainly wrong for a hand)."""

_BATCH: Final = 32
"""Samples per batch when a time limit is set."""


def distinct_cards(rules: Rules, mask: int, live: int) -> list[int]:
    """One card (the lowest) of each run of equivalent cards of ``mask``: cards of one
    effective suit between which no card of ``live`` (the cards in other hands) lies."""
    order = rules.order
    above = rules.above
    suit_of = rules.suit_of
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low.bit_length() - 1)
        mask ^= low
    bits.sort(key=order.__getitem__)
    out: list[int] = []
    for bit in bits:
        if out:
            last = out[-1]
            between = above[last] & ~above[bit] & ~(1 << bit)
            if suit_of[last] == suit_of[bit] and not between & live:
                continue
        out.append(bit)
    return out


def _contract(action: Action) -> int:
    """The number of tricks a bid contracts for (a team bid naming a Nil: its other part)."""
    if action.parts is None:
        return action.number or 0
    return sum(part for part in action.parts if part != NIL)


class ExpertBot(StandardBot):
    """The Expert computer player (see the module docstring)."""

    def __init__(
        self,
        seed: int | None = None,
        budget: int = DEFAULT_BUDGET,
        *,
        time_limit: float | None = None,
    ) -> None:
        if budget < 1:
            raise ArgumentError(f"budget must be at least 1 sampled deal, not {budget!r}")
        if time_limit is not None and not time_limit > 0:
            raise ArgumentError(
                f"time_limit must be a positive number of seconds, not {time_limit!r}"
            )
        super().__init__(seed, simulations=budget)
        self.budget = budget
        self.time_limit = time_limit

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit!r}"
        return f"ExpertBot(seed={self.seed!r}, budget={self.budget!r}{limit})"

    def _batches(self, samples: int) -> Iterator[int]:
        """The sizes of the batches of ``samples`` samples: all at once, or with a time
        limit batches until they are drawn or the time is up."""
        if samples <= 0:
            return
        if self.time_limit is None:
            yield samples
            return
        deadline = time.perf_counter() + self.time_limit
        left = samples
        while left > 0:
            size = min(_BATCH, left)
            yield size
            left -= size
            if time.perf_counter() >= deadline:
                return

    def play(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        knowledge, table, _ = situation(observation, rules)
        live = rules.full_mask & ~knowledge.played & ~knowledge.hand
        candidates = distinct_cards(rules, legal_mask(rules, knowledge, legal), live)
        if len(candidates) == 1:
            return play_action(rules, legal, candidates[0])
        worth = Worth(observation, rules)
        bids = seat_bids(observation)
        contracts = worth.contracts(
            bids, [contract or 0 for contract in observation.contracts], observation.blind
        )
        tables = tables_of(rules)
        made = claims(observation, rules)
        sampler = determinizer(knowledge, tables)
        totals = [0.0] * len(candidates)
        for size in self._batches(self.budget):
            deals = sampler.samples(self.stream, size)
            weights = evidence(rules, tables, knowledge, made, deals)
            for index, bit in enumerate(candidates):
                counts, _ = try_card(rules, knowledge, table, deals, bit)
                totals[index] += sum(
                    weight * worth(contracts, tricks)
                    for weight, tricks in zip(weights, counts, strict=True)
                )
        best = max(totals)
        return play_action(rules, legal, candidates[totals.index(best)])

    def bid(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        choices = [
            (NIL if action.kind == "nil" else _contract(action), action)
            for action in legal
            if action.kind in ("bid", "nil") and (action.parts is None or NIL in action.parts)
        ]
        partnership = rules.variant.bidding.form.kind == "partnership"
        seat = observation.seat
        if (
            not choices
            or any(action.kind not in ("bid", "nil") for action in legal)
            or (partnership and observation.bids[seat] in ("nil", "blind nil"))
        ):  # a misdeal to call, NYC's coming out, a Blind Nil captain's team bid
            return super().bid(observation, rules, legal)
        knowledge = read(observation, rules)
        worth = Worth(observation, rules)
        first = max(self.budget // 4, 1)
        totals = self._bid_worths(observation, rules, knowledge, worth, choices=choices, size=first)
        if len(choices) > SHORTLIST:
            kept = sorted(sorted(range(len(choices)), key=lambda i: -totals[i])[:SHORTLIST])
            choices = [choices[i] for i in kept]
            totals = [totals[i] for i in kept]
        for size in self._batches(self.budget - first):
            more = self._bid_worths(
                observation, rules, knowledge, worth, choices=choices, size=size
            )
            totals = [a + b for a, b in zip(totals, more, strict=True)]
        return choices[totals.index(max(totals))][1]

    def blind(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        if any(action.kind not in ("look", "blind", "blind_nil") for action in legal):
            return super().blind(observation, rules, legal)
        choices = sorted(legal, key=lambda action: action.kind != "look")  # look wins ties
        knowledge = read(observation, rules)
        worth = Worth(observation, rules)
        totals = [0.0] * len(choices)
        for size in self._batches(self.budget):
            more = self._blind_worths(
                observation, rules, knowledge, worth, choices=choices, size=size
            )
            totals = [a + b for a, b in zip(totals, more, strict=True)]
        return choices[totals.index(max(totals))]

    def _blind_worths(
        self,
        observation: Observation,
        rules: Rules,
        knowledge: Knowledge,
        worth: Worth,
        *,
        choices: Sequence[Action],
        size: int,
    ) -> list[float]:
        """Each blind choice's weighted worth summed over ``size`` new sampled deals, the
        seat's own hand sampled too (see the module docstring)."""
        seat = observation.seat
        side = rules.side_of[seat]
        partnership = rules.variant.bidding.form.kind == "partnership"
        low, high = rules.variant.bidding.form.bid_range(rules.hand_size)
        tables = tables_of(rules)
        auction = Auction(observation, rules, knowledge, self.stream, size)
        weights = evidence(rules, tables, knowledge, claims(observation, rules), auction.deals)
        every = range(size)
        totals = []
        for action in choices:
            me_nil = action.kind == "blind_nil"
            blind = list(observation.blind)
            blind[side] = action.kind == "blind"
            mine: list[int]
            if action.kind == "look":  # the bid its hand suggests, once it has looked
                counts = [quick_bid(rules, tables, auction.deals[d][seat]) for d in every]
                if partnership:  # the captain's team bid: its count and its partner's
                    own = [min(max(c + auction.others(d), low), high) for d, c in enumerate(counts)]
                    mine = [NO_BID] * size
                else:
                    mine = [min(max(count, low), high) for count in counts]
                    own = [m + auction.others(d) for d, m in enumerate(mine)]
            elif me_nil:
                mine = [BLIND_NIL] * size
                own = [auction.others(d, True) for d in every]
            else:  # the side's blind contract: no seat bids a number of its own
                mine = [NO_BID] * size
                own = [action.number or 0] * size
            runs = auction.runs(every, own, me_nil=me_nil)
            total = 0.0
            for deal, tricks in zip(every, runs, strict=True):
                bids = list(auction.bids(deal, me_nil))
                bids[seat] = mine[deal]
                if not me_nil and mine[deal] == NO_BID:  # a team or blind contract
                    for member in rules.sides[side]:
                        bids[member] = NO_BID
                sides = [c or 0 for c in auction.contracts(deal, me_nil)]
                sides[side] = own[deal]
                total += weights[deal] * worth(worth.contracts(bids, sides, blind), tricks)
            totals.append(total)
        return totals

    def _bid_worths(
        self,
        observation: Observation,
        rules: Rules,
        knowledge: Knowledge,
        worth: Worth,
        *,
        choices: Sequence[tuple[int, Action]],
        size: int,
    ) -> list[float]:
        """Each choice's weighted worth summed over ``size`` new sampled deals."""
        seat = observation.seat
        side = rules.side_of[seat]
        partnership = rules.variant.bidding.form.kind == "partnership"
        auction = Auction(observation, rules, knowledge, self.stream, size)
        weights = evidence(
            rules, tables_of(rules), knowledge, claims(observation, rules), auction.deals
        )
        every = range(size)
        totals = []
        partner = rules.partner_of[seat]
        for number, action in choices:
            parts = action.parts  # a team bid naming a Nil: (the captain's, the partner's)
            me_nil = number == NIL or (parts is not None and parts[0] == NIL)
            partner_nil = partner is not None and parts is not None and parts[1] == NIL
            if partnership:  # a team bid: the side's contract
                own = [number] * size
            else:
                own = [(0 if me_nil else number) + auction.others(d, me_nil) for d in every]
            nils = 1 << partner if partner is not None and partner_nil else 0
            runs = auction.runs(every, own, me_nil=me_nil, nils=nils)
            total = 0.0
            for deal, tricks in zip(every, runs, strict=True):
                bids = list(auction.bids(deal, me_nil))
                bids[seat] = NIL if me_nil else number
                if partner is not None and partner_nil:
                    bids[partner] = NIL
                sides = [c or 0 for c in auction.contracts(deal, me_nil)]
                sides[side] = own[deal]
                contracts = worth.contracts(bids, sides, observation.blind)
                total += weights[deal] * worth(contracts, tricks)
            totals.append(total)
        return totals
