"""Expert: chooses its cards and its bids by the expected score of the whole deal.

Where Pro asks "which card is likeliest to win this trick", Expert asks "which card
leaves my side the best score when the deal is over", and the same of its bids:

- **Sampling.** It draws ``budget`` deals of the cards it cannot see, consistent with
  everything its seat has seen (cards played, voids shown, cards passed, given or
  discarded: :class:`~spadeslib.engine.search.determinize.Determinizer`, natively where the core
  is built), and weighs each by how well it explains the bids made
  (:mod:`spadeslib.bots.evidence`: a point count of the hands each bid was made from,
  against the bid).
- **Playing.** For each legal card (one of each run of equivalent cards: cards of a suit
  with no card of another hand between them take the same tricks) it plays the card in
  every sample and the rest of the deal with every seat following the Standard rule
  (:func:`~spadeslib.policies.standard.play_out_many`, natively), and scores each ending with
  the variant's own scoring (:class:`~spadeslib.bots.worth.Worth`: contracts, sets, bags
  and their coming penalty, Nil and Blind Nil, ten for 200, the game's end). It plays the
  card of the best weighted average, the lowest such card on a tie. The same samples serve
  every card, so the comparison is between cards, not between luck.
- **Solving** (``solve_from``, off by default; the ``expert-dd`` level turns it on).
  Once the seat to play holds ``solve_from`` cards or fewer, each sample is solved
  double-dummy instead of played out, and the solved ending scored as above
  (:mod:`spadeslib.bots.solving`: which questions it asks the solver so that a Nil is
  scored honestly, and where it keeps the playouts). Measured in
  ``docs/performance.md`` ("Expert from the solver").
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
  the side's blind contract of N, Blind Nil the seat's Nil. The seat goes blind where the
  score makes it worth more than the bid it would make after looking: in NYC, whose blind
  6 is doubled and never set for overtricks, nearly always when allowed; a Blind Nil
  mostly near the end, when its 200 would win the game.
- **Raises and coming out** the same way: each raise against the side's contract as it
  stands; NYC's blind contract against coming out to a plain ``come_out_to``.
- Passes, exchanges and the other card choices are Standard's
  (:mod:`spadeslib.bots.decisions`).

``budget`` is the number of deals sampled per decision (played out or solved), so a seed
and a budget give the same decisions on every machine. ``time_limit`` (seconds, optional)
stops sampling early, a batch at a time, when a decision has taken that long: faster, and
no longer reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final, NamedTuple

from spadeslib.bots.auction import Auction
from spadeslib.bots.evidence import claims, evidence
from spadeslib.bots.guesses import quick_bid
from spadeslib.bots.solving import ending_plan, solved
from spadeslib.bots.standard import StandardBot, legal_mask, play_action, situation, try_card
from spadeslib.bots.tables import determinizer, tables_of
from spadeslib.bots.worth import Worth, seat_bids
from spadeslib.compiler import Rules
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.engine import Action, Observation
from spadeslib.engine.search.knowledge import Knowledge, read
from spadeslib.errors import ArgumentError

__all__ = ["DEFAULT_BUDGET", "SHORTLIST", "SOLVE_FROM", "ExpertBot", "distinct_cards"]

DEFAULT_BUDGET: Final = 400
"""Deals sampled per decision by default."""

SHORTLIST: Final = 4
"""The bids judged on the whole budget: every legal bid is first judged on a quarter of
it, and the best of them on the rest (most bids are plainly wrong for a hand)."""

SOLVE_FROM: Final = 8
"""The cards in hand from which the ``expert-dd`` level solves its samples. A sample of 6
cards a hand solves in about 0.16 ms, of 7 in 0.5 ms, of 8 in 1 ms (and about as much
again for each live Nil's question), so the default 400 samples cost an 8-card decision
about 0.4 s and the median card stays near 12 ms. Each card solved sooner gained in
duplicate (``standard``, 500 deals each: 7 against 6, +5.7 points a deal; 8 against 7,
+5.1, with the Nil question asking only whether a Nil can be set, which made the 8-card
endings with a live Nil affordable and is worth about half of it by itself). Endings
played for their worth are solved from :data:`~spadeslib.bots.solving.WORTH_FROM` at
most. docs/performance.md, "Expert from the solver", has the matches."""

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


class _Plan(NamedTuple):
    """One choice as the simulations play it, per sampled deal."""

    mine: Sequence[int]
    """The seat's bid (``NIL``, ``BLIND_NIL``, a number; ``NO_BID``: a team or blind
    contract, which no seat of the side bids a number of)."""
    own: Sequence[int]
    """The side's contract."""
    me_nil: bool = False
    partner_nil: bool = False
    blind: bool = False
    """The side's contract is bid blind."""
    came_out: bool = False
    """The side came out of its blind bid (NYC)."""


_Plans = Callable[[Auction, int], list[_Plan]]
"""A decision's plans, one per choice, for the sampled deals of an auction."""


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
        solve_from: int = 0,
    ) -> None:
        if budget < 1:
            raise ArgumentError(f"budget must be at least 1 sampled deal, not {budget!r}")
        if type(solve_from) is not int or solve_from < 0:
            raise ArgumentError(
                "solve_from must be a number of cards in hand (an int of at least 0; 0 "
                f"never solves), not {solve_from!r}"
            )
        if time_limit is not None and not time_limit > 0:
            raise ArgumentError(
                f"time_limit must be a positive number of seconds, not {time_limit!r}"
            )
        super().__init__(seed, simulations=budget)
        self.budget = budget
        self.time_limit = time_limit
        self.solve_from = solve_from

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit!r}"
        solving = f", solve_from={self.solve_from!r}" if self.solve_from else ""
        return f"ExpertBot(seed={self.seed!r}, budget={self.budget!r}{limit}{solving})"

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
        candidates, totals, _ = self._card_totals(observation, rules, legal)
        best = max(totals)
        return play_action(rules, legal, candidates[totals.index(best)])

    def card_scores(
        self, observation: Observation, rules: Rules, legal: Sequence[Action]
    ) -> dict[str, float]:
        """Why it plays what it plays: each card it weighs (one of each run of equivalent
        cards, keyed by its text) and its expected worth to the side over the sampled
        deals, the numbers :meth:`play` takes the highest of. A worth is in points, the
        side's score less the others' after the deal, bags charged at their share of the
        coming penalty and a deal that ends the game counted for the game
        (:mod:`spadeslib.bots.worth`); compare cards with it, not deals. Draws its samples
        from this bot's stream as :meth:`play` does."""
        candidates, totals, weight = self._card_totals(observation, rules, legal, always=True)
        return {
            str(rules.deck[bit]): total / weight if weight else 0.0
            for bit, total in zip(candidates, totals, strict=True)
        }

    def _card_totals(
        self,
        observation: Observation,
        rules: Rules,
        legal: Sequence[Action],
        *,
        always: bool = False,
    ) -> tuple[list[int], list[float], float]:
        """The candidate cards, each one's weighted total worth over the samples, and the
        samples' total weight; no sampling for a lone candidate unless ``always``."""
        knowledge, table, _ = situation(observation, rules)
        live = rules.full_mask & ~knowledge.played & ~knowledge.hand
        candidates = distinct_cards(rules, legal_mask(rules, knowledge, legal), live)
        totals = [0.0] * len(candidates)
        if len(candidates) == 1 and not always:
            return candidates, totals, 0.0
        worth = Worth(observation, rules)
        bids = seat_bids(observation)
        contracts = worth.contracts(
            bids, [contract or 0 for contract in observation.contracts], observation.blind
        )
        tables = tables_of(rules)
        made = claims(observation, rules)
        sampler = determinizer(knowledge, tables)
        solving, ranked = ending_plan(
            rules, knowledge, self.solve_from, lambda tricks: worth(contracts, tricks)
        )
        weight = 0.0
        for size in self._batches(self.budget):
            deals = sampler.samples(self.stream, size)
            weights = evidence(rules, tables, knowledge, made, deals)
            weight += sum(weights)
            if solving:
                for each, deal in zip(weights, deals, strict=True):
                    for index, tricks in enumerate(
                        solved(rules, knowledge, deal, candidates, ranked)
                    ):
                        totals[index] += each * worth(contracts, tricks)
                continue
            for index, bit in enumerate(candidates):
                counts, _ = try_card(rules, knowledge, table, deals, bit)
                totals[index] += sum(
                    each * worth(contracts, tricks)
                    for each, tricks in zip(weights, counts, strict=True)
                )
        return candidates, totals, weight

    def bid(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        kinds = {action.kind for action in legal}
        if kinds == {"come_out", "stand"}:
            return self._come_out(observation, rules, legal)
        choices = [
            (NIL if action.kind == "nil" else _contract(action), action)
            for action in legal
            if action.kind in ("bid", "nil") and (action.parts is None or NIL in action.parts)
        ]
        partnership = rules.variant.bidding.form.kind == "partnership"
        seat = observation.seat
        if (
            not choices
            or not kinds <= {"bid", "nil"}
            or (partnership and observation.bids[seat] in ("nil", "blind nil"))
        ):  # a misdeal to call, a Blind Nil captain's team bid
            return super().bid(observation, rules, legal)
        knowledge = read(observation, rules)
        worth = Worth(observation, rules)
        partner = rules.partner_of[seat]

        def plans(auction: Auction, size: int) -> list[_Plan]:
            out = []
            every = range(size)
            for number, action in choices:
                parts = action.parts  # a team bid naming a Nil: (the captain's, the partner's)
                me_nil = number == NIL or (parts is not None and parts[0] == NIL)
                if partnership:  # a team bid: the side's contract
                    own = [number] * size
                else:
                    own = [(0 if me_nil else number) + auction.others(d, me_nil) for d in every]
                out.append(
                    _Plan(
                        mine=[NIL if me_nil else number] * size,
                        own=own,
                        me_nil=me_nil,
                        partner_nil=partner is not None and parts is not None and parts[1] == NIL,
                    )
                )
            return out

        first = max(self.budget // 4, 1)
        totals = self._worths(observation, rules, knowledge, worth, plans, first)
        if len(choices) > SHORTLIST:
            kept = sorted(sorted(range(len(choices)), key=lambda i: -totals[i])[:SHORTLIST])
            choices = [choices[i] for i in kept]
            totals = [totals[i] for i in kept]
        for size in self._batches(self.budget - first):
            more = self._worths(observation, rules, knowledge, worth, plans, size)
            totals = [a + b for a, b in zip(totals, more, strict=True)]
        return choices[totals.index(max(totals))][1]

    def blind(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        if any(action.kind not in ("look", "blind", "blind_nil") for action in legal):
            return super().blind(observation, rules, legal)
        choices = sorted(legal, key=lambda action: action.kind != "look")  # look wins ties
        seat = observation.seat
        partnership = rules.variant.bidding.form.kind == "partnership"
        low, high = rules.variant.bidding.form.bid_range(rules.hand_size)
        tables = tables_of(rules)

        def plans(auction: Auction, size: int) -> list[_Plan]:
            out = []
            every = range(size)
            for action in choices:
                if action.kind == "look":  # the bid its hand suggests, once it has looked
                    counts = [quick_bid(rules, tables, auction.deals[d][seat]) for d in every]
                    if partnership:  # the captain's team bid: its count and its partner's
                        own = [
                            min(max(c + auction.others(d), low), high) for d, c in enumerate(counts)
                        ]
                        out.append(_Plan(mine=[NO_BID] * size, own=own))
                    else:
                        mine = [min(max(count, low), high) for count in counts]
                        own = [m + auction.others(d) for d, m in enumerate(mine)]
                        out.append(_Plan(mine=mine, own=own))
                elif action.kind == "blind_nil":
                    own = [auction.others(d, True) for d in every]
                    out.append(_Plan(mine=[BLIND_NIL] * size, own=own, me_nil=True))
                else:  # the side's blind contract: no seat bids a number of its own
                    own = [action.number or 0] * size
                    out.append(_Plan(mine=[NO_BID] * size, own=own, blind=True))
            return out

        return self._best(observation, rules, choices, plans)

    def raise_(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        contract = observation.contracts[rules.side_of[observation.seat]]
        if contract is None or any(action.kind not in ("stand", "raise") for action in legal):
            return super().raise_(observation, rules, legal)
        choices = sorted(legal, key=lambda action: action.kind != "stand")  # stand wins ties
        mine = seat_bids(observation)[observation.seat]
        me_nil = mine in (NIL, BLIND_NIL)

        def plans(auction: Auction, size: int) -> list[_Plan]:
            return [
                _Plan(
                    mine=[mine] * size,
                    own=[contract if action.kind == "stand" else action.number or 0] * size,
                    me_nil=me_nil,
                )
                for action in choices
            ]

        return self._best(observation, rules, choices, plans)

    def _come_out(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        """NYC: come out of the side's blind bid to a plain bid of ``come_out_to``, or stand."""
        target = rules.variant.bidding.blind.come_out_to
        side = rules.side_of[observation.seat]
        blind = observation.contracts[side]
        if target is None or blind is None:
            return super().bid(observation, rules, legal)
        choices = sorted(legal, key=lambda action: action.kind != "stand")  # stand wins ties

        def plans(auction: Auction, size: int) -> list[_Plan]:
            return [
                _Plan(mine=[NO_BID] * size, own=[blind] * size, blind=True)
                if action.kind == "stand"
                else _Plan(mine=[NO_BID] * size, own=[target] * size, blind=True, came_out=True)
                for action in choices
            ]

        return self._best(observation, rules, choices, plans)

    def _best(
        self,
        observation: Observation,
        rules: Rules,
        choices: Sequence[Action],
        plans: _Plans,
    ) -> Action:
        """The choice of the best weighted worth over the whole budget."""
        knowledge = read(observation, rules)
        worth = Worth(observation, rules)
        totals = [0.0] * len(choices)
        for size in self._batches(self.budget):
            more = self._worths(observation, rules, knowledge, worth, plans, size)
            totals = [a + b for a, b in zip(totals, more, strict=True)]
        return choices[totals.index(max(totals))]

    def _worths(  # noqa: PLR0917 - the decision's context, in one order everywhere
        self,
        observation: Observation,
        rules: Rules,
        knowledge: Knowledge,
        worth: Worth,
        plans: _Plans,
        size: int,
    ) -> list[float]:
        """Each plan's weighted worth summed over ``size`` new sampled deals (the seat's
        own hand among the sampled cards where it has not looked)."""
        seat = observation.seat
        side = rules.side_of[seat]
        partner = rules.partner_of[seat]
        auction = Auction(observation, rules, knowledge, self.stream, size)
        weights = evidence(
            rules, tables_of(rules), knowledge, claims(observation, rules), auction.deals
        )
        every = range(size)
        totals = []
        for plan in plans(auction, size):
            nils = 1 << partner if partner is not None and plan.partner_nil else 0
            runs = auction.runs(every, plan.own, me_nil=plan.me_nil, nils=nils)
            blind = list(observation.blind)
            blind[side] = blind[side] or plan.blind
            came_out = [False] * len(blind)
            came_out[side] = plan.came_out
            total = 0.0
            for deal, tricks in zip(every, runs, strict=True):
                bids = list(auction.bids(deal, plan.me_nil))
                mine = plan.mine[deal]
                if mine == NO_BID:  # a team or blind contract: no seat's number of its own
                    for member in rules.sides[side]:
                        bids[member] = NO_BID
                bids[seat] = mine
                if nils and partner is not None:
                    bids[partner] = NIL
                sides = [c or 0 for c in auction.contracts(deal, plan.me_nil)]
                sides[side] = plan.own[deal]
                contracts = worth.contracts(bids, sides, blind, came_out)
                total += weights[deal] * worth(contracts, tricks)
            totals.append(total)
        return totals
