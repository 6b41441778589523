"""Simulated deals for the auction: how many tricks a bid is worth (spec Part C, Standard).

:class:`Auction` draws ``n`` deals of the cards the bidder cannot see
(:class:`~spadeslib.engine.determinize.Determinizer`) once per decision and plays them out
with every seat following the Standard rule, a batch at a time
(:func:`~spadeslib.engine.policies.play_out_many`, natively where the core is built).
The seats that have not bid yet are given the bid their simulated hand suggests
(:func:`~spadeslib.bots.guesses.guess_bids`), so the others play to sensible contracts.

:meth:`Auction.best` answers "the highest bid whose average number of tricks taken is at
least the bid" without playing every deal once per bid. The Standard rule plays exactly
the same cards whatever a side's contract until the side reaches it, so one baseline run
per deal with no contract for the bidder's side (it always plays to win) already gives the
answer for every bid that the side does not reach in that deal; only the deals where the
side reaches a bid are played again with that contract.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from spadeslib.bots.guesses import guess_bids
from spadeslib.bots.tables import determinizer, tables_of
from spadeslib.compiler import Rules
from spadeslib.compiler.bids import NIL
from spadeslib.engine import Observation
from spadeslib.engine.knowledge import Knowledge
from spadeslib.engine.policies import Table, made, play_out_many
from spadeslib.engine.shuffle import SplitMix64

__all__ = ["Auction"]

Measure = Callable[[list[int], int], int]
"""What a bid is judged on: ``(tricks per seat, Nil bidders' mask) -> tricks``."""


class _Facts(NamedTuple):
    bids: list[int]
    """Every seat's bid, known or guessed (``NIL`` for Nil)."""
    nils: int
    """The Nil bidders (a mask of seats)."""
    mates: int
    """What the bidder's side-mates bid; Nil is 0."""
    contracts: list[int | None]
    """Each side's contract, the bidder's side's left ``None``."""
    leader: int
    """The first leader (-1 where it depends on the bids)."""
    must: int
    """The first lead's mask."""


class Auction:
    """``n`` simulated deals seen from the bidder's seat (see the module docstring)."""

    def __init__(
        self,
        observation: Observation,
        rules: Rules,
        knowledge: Knowledge,
        rng: SplitMix64,
        n: int,
    ) -> None:
        self.rules = rules
        self.tables = tables_of(rules)
        self.seat = knowledge.seat
        self.side = rules.side_of[self.seat]
        self.dealer = observation.dealer
        self.n = n
        sampler = determinizer(knowledge, self.tables)
        self.deals = sampler.samples(rng, n)
        self.partnership = rules.variant.bidding.form.kind == "partnership"
        self.lead_by_bids = rules.variant.play.first_lead == "highest_bidder"
        """The first leader depends on the bids: every bid's deals are played again."""
        self.known: list[int | None] = []
        """Each seat's bid as far as it is known (``NIL``; ``None``: not bid yet)."""
        for bid in observation.bids:
            if bid in ("nil", "blind nil"):
                self.known.append(NIL)
            elif bid.isdigit():
                self.known.append(int(bid))
            else:
                self.known.append(None)
        self.side_contracts = observation.contracts
        self._facts_of: tuple[list[_Facts | None], list[_Facts | None]] = ([None] * n, [None] * n)
        """The facts of each deal, without and with the bidder's Nil."""

    def _facts(self, deal: int, me_nil: bool) -> _Facts:
        """What the guessed bids of ``deal`` give, worked out once per deal."""
        kept = self._facts_of[me_nil]
        found = kept[deal]
        if found is None:
            bids = guess_bids(
                self.rules,
                self.tables,
                self.deals[deal],
                self.known,
                me=self.seat,
                me_nil=me_nil,
            )
            nils = 0
            for seat, bid in enumerate(bids):
                if bid == NIL:
                    nils |= 1 << seat
            contracts: list[int | None] = []
            for side, members in enumerate(self.rules.sides):
                if side == self.side:
                    contracts.append(None)
                elif self.partnership and self.side_contracts[side] is not None:
                    contracts.append(self.side_contracts[side])
                else:
                    contracts.append(sum(max(bids[m], 0) for m in members))
            mates = sum(max(bids[m], 0) for m in self.rules.sides[self.side] if m != self.seat)
            dealt = self.deals[deal]
            leader = -1 if self.lead_by_bids else self.rules.first_leader(self.dealer, dealt, [])
            must = self.rules.first_lead_mask(dealt)
            found = _Facts(bids, nils, mates, contracts, leader, must)
            kept[deal] = found
        return found

    def bids(self, deal: int, me_nil: bool) -> list[int]:
        """Every seat's bid in ``deal``, known or guessed (``NIL`` for Nil); the bidder's
        own is 0, or ``NIL`` with ``me_nil``: the bid being tried."""
        return self._facts(deal, me_nil).bids

    def contracts(self, deal: int, me_nil: bool) -> list[int | None]:
        """Each side's contract in ``deal``, known or guessed; the bidder's side's ``None``."""
        return self._facts(deal, me_nil).contracts

    def nils(self, deal: int, me_nil: bool) -> int:
        """The Nil bidders of ``deal`` (a mask of seats)."""
        return self._facts(deal, me_nil).nils

    def others(self, deal: int, me_nil: bool = False) -> int:
        """What the bidder's side-mates bid (or are expected to) in ``deal``; Nil is 0."""
        found = self._facts_of[me_nil][deal]  # asked once per deal and candidate: no call
        return (found or self._facts(deal, me_nil)).mates

    def runs(
        self, deals: Sequence[int], mines: Sequence[int | None], *, me_nil: bool, nils: int = 0
    ) -> list[list[int]]:
        """Play each of ``deals`` out, the bidder's side playing to the matching ``mines``
        (``None``: to win every trick), ``nils`` Nil bidders on top of the known and
        guessed ones; the tricks each seat takes, per deal. One batch
        (:func:`~spadeslib.engine.policies.play_out_many`: natively where the core is
        built)."""
        rules = self.rules
        tables: list[Table] = []
        hands: list[list[int]] = []
        leaders: list[int] = []
        musts: list[int] = []
        for deal, mine in zip(deals, mines, strict=True):
            facts = self._facts(deal, me_nil)
            dealt = self.deals[deal]
            contracts = list(facts.contracts)
            contracts[self.side] = mine
            leader = facts.leader
            if leader < 0:  # the first leader depends on the bids
                if self.partnership:
                    lead_bids = [contracts[side] or 0 for side in rules.side_of]
                else:
                    lead_bids = [max(bid, 0) for bid in facts.bids]
                    lead_bids[self.seat] = 0 if me_nil else (mine or 0)
                leader = rules.first_leader(self.dealer, dealt, lead_bids)
            leaders.append(leader)
            musts.append(facts.must)
            tables.append(Table(rules, contracts, nils | facts.nils))
            hands.append(dealt)
        return play_out_many(rules, tables, hands, leaders=leaders, must_leads=musts)[0]

    def best(
        self,
        candidates: Sequence[int],
        contract: Callable[[int, int], int],
        measure: Measure,
        *,
        me_nil: bool = False,
    ) -> int | None:
        """The first of ``candidates`` (highest first) whose average ``measure`` is at
        least the candidate, the bidder's side playing to ``contract(candidate, deal)``;
        ``None`` if none is. ``me_nil``: the bidder has bid (or is trying) Nil."""
        if not candidates:
            return None
        sides = len(self.rules.sides)
        every = range(self.n)
        base = self.runs(every, [None] * self.n, me_nil=me_nil)
        nils = [self.nils(deal, me_nil) for deal in every]
        reached = [
            made(Table(self.rules, [None] * sides, nils[deal]), self.side, base[deal])
            for deal in every
        ]
        measured = [measure(base[deal], nils[deal]) for deal in every]
        base_total = sum(measured)
        for candidate in candidates:
            wanted = [contract(candidate, deal) for deal in every]
            again = [deal for deal in every if self.lead_by_bids or reached[deal] >= wanted[deal]]
            reruns = self.runs(again, [wanted[d] for d in again], me_nil=me_nil)
            total = base_total  # the deals played again count their new tricks instead
            for deal, tricks in zip(again, reruns, strict=True):
                total += measure(tricks, nils[deal]) - measured[deal]
            if total >= candidate * self.n:
                return candidate
        return None

    def nil_chance(
        self, contract: Callable[[int], int | None], *, seat: int | None = None
    ) -> float:
        """The share of the deals in which the bidder (or its side's ``seat``), bidding
        Nil, takes no trick, its side playing to ``contract(deal)``."""
        every = range(self.n)
        mines = [contract(deal) for deal in every]
        if seat is None or seat == self.seat:
            runs = self.runs(every, mines, me_nil=True)
            nil = self.seat
        else:
            runs = self.runs(every, mines, me_nil=False, nils=1 << seat)
            nil = seat
        return sum(1 for tricks in runs if tricks[nil] == 0) / self.n
