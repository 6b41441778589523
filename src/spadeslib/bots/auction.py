"""Simulated deals for the auction: how many tricks a bid is worth (Standard, docs/bots.md).

:class:`Auction` draws ``n`` deals of the cards the bidder cannot see
(:class:`~spadeslib.engine.search.determinize.Determinizer`) once per decision and plays them out
with every seat following the Standard rule, a batch at a time
(:func:`~spadeslib.policies.standard.play_out_many`, natively where the core is built).
The seats that have not bid yet are given the bid their simulated hand suggests
(:func:`~spadeslib.bots.guesses.guess_bids`), so the others play to sensible contracts.

:meth:`Auction.best` answers "the highest bid whose average number of tricks taken is at
least the bid" without playing every deal once per bid. The Standard rule plays exactly
the same cards whatever a side's contract until the side reaches it, so one baseline run
per deal with no contract for the bidder's side (it always plays to win) already gives the
answer for every bid that the side does not reach in that deal; only the deals where the
side reaches a bid are played again with that contract.

What the guessed bids give (every seat's bid, the Nil bidders, each side's contract) is
worked out for every deal at once and kept by column, one list per seat or side over the
deals: the batches are then assembled with list operations, not per-deal Python, since
with the native core the play-outs cost less than putting them together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from spadeslib.bots.guesses import guess_bids
from spadeslib.bots.tables import determinizer, tables_of
from spadeslib.compiler import Rules
from spadeslib.compiler.bids import NIL
from spadeslib.engine import Observation
from spadeslib.engine.core.shuffle import SplitMix64
from spadeslib.engine.search.knowledge import Knowledge
from spadeslib.policies.standard import play_out_many

__all__ = ["Auction", "Measure"]

Measure = Callable[[Sequence[Sequence[int]], Sequence[int]], list[int]]
"""What a bid is judged on, deal by deal: ``(tricks per seat, Nil bidders' masks) ->
tricks``, for a batch of deals."""


class _Facts(NamedTuple):
    """What the guessed bids give, for every deal (lists over the deals)."""

    bids: list[list[int]]
    """Every seat's bid, known or guessed (``NIL`` for Nil)."""
    nils: list[int]
    """The Nil bidders (a mask of seats)."""
    mates: list[int]
    """What the bidder's side-mates bid; Nil is 0."""
    contracts: list[Sequence[int | None]]
    """Per side, its contract in each deal (the bidder's side's ``None``)."""


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
        by_hands = rules.first_lead == "lowest_club"  # else the same in every deal
        if self.lead_by_bids:
            self.leaders = [-1] * n
        elif by_hands:
            self.leaders = [rules.first_leader(self.dealer, dealt, []) for dealt in self.deals]
        else:  # one seat for every deal: a call per deal was 3% of simulate nyc
            self.leaders = [rules.first_leader(self.dealer)] * n
        """Each deal's first leader (-1 where it depends on the bids)."""
        self.musts = [rules.first_lead_mask(dealt) for dealt in self.deals] if by_hands else [0] * n
        """Each deal's first lead's mask (none but under ``lowest_club``)."""
        self._facts_of: list[_Facts | None] = [None, None]
        """The facts of the deals, without and with the bidder's Nil."""

    def _facts(self, me_nil: bool) -> _Facts:
        """What the guessed bids give, worked out once for every deal."""
        found = self._facts_of[me_nil]
        if found is not None:
            return found
        n = self.n
        rules = self.rules
        bids = guess_bids(rules, self.tables, self.deals, self.known, me=self.seat, me_nil=me_nil)
        columns = list(zip(*bids, strict=True)) if bids else [()] * rules.players
        counted = [[bid if bid > 0 else 0 for bid in column] for column in columns]
        """Per seat, its bid in each deal as its side's contract counts it (Nil: 0)."""
        nils = [0] * n
        for seat, column in enumerate(columns):
            if NIL in column:
                nils = [
                    mask | 1 << seat if bid == NIL else mask
                    for mask, bid in zip(nils, column, strict=True)
                ]
        contracts: list[Sequence[int | None]] = []
        for side, members in enumerate(rules.sides):
            if side == self.side:
                contracts.append([None] * n)
            elif self.partnership and self.side_contracts[side] is not None:
                contracts.append([self.side_contracts[side]] * n)
            else:
                contracts.append(_sums([counted[m] for m in members], n))
        mates = _sums([counted[m] for m in rules.sides[self.side] if m != self.seat], n)
        found = self._facts_of[me_nil] = _Facts(bids, nils, mates, contracts)
        return found

    def bids(self, deal: int, me_nil: bool) -> list[int]:
        """Every seat's bid in ``deal``, known or guessed (``NIL`` for Nil); the bidder's
        own is 0, or ``NIL`` with ``me_nil``: the bid being tried."""
        return self._facts(me_nil).bids[deal]

    def contracts(self, deal: int, me_nil: bool) -> list[int | None]:
        """Each side's contract in ``deal``, known or guessed; the bidder's side's ``None``."""
        return [column[deal] for column in self._facts(me_nil).contracts]

    def nils(self, deal: int, me_nil: bool) -> int:
        """The Nil bidders of ``deal`` (a mask of seats)."""
        return self._facts(me_nil).nils[deal]

    def others(self, deal: int, me_nil: bool = False) -> int:
        """What the bidder's side-mates bid (or are expected to) in ``deal``; Nil is 0."""
        return self._facts(me_nil).mates[deal]

    def runs(
        self, deals: Sequence[int], mines: Sequence[int | None], *, me_nil: bool, nils: int = 0
    ) -> list[list[int]]:
        """Play each of ``deals`` out, the bidder's side playing to the matching ``mines``
        (``None``: to win every trick), ``nils`` Nil bidders on top of the known and
        guessed ones; the tricks each seat takes, per deal. One batch
        (:func:`~spadeslib.policies.standard.play_out_many`: natively where the core is
        built)."""
        if len(mines) != len(deals):
            raise ValueError(f"{len(deals)} deals but {len(mines)} contracts")
        facts = self._facts(me_nil)
        every = isinstance(deals, range) and deals == range(self.n)
        columns = [
            mines if side == self.side else column if every else [column[d] for d in deals]
            for side, column in enumerate(facts.contracts)
        ]
        contracts = list(zip(*columns, strict=True))
        hands = self.deals if every else [self.deals[d] for d in deals]
        masks = facts.nils if every else [facts.nils[d] for d in deals]
        if nils:
            masks = [mask | nils for mask in masks]
        if self.lead_by_bids:
            leaders = [
                self._bid_leader(facts, deal, contract[self.side], me_nil)
                for deal, contract in zip(deals, contracts, strict=True)
            ]
        else:
            leaders = self.leaders if every else [self.leaders[d] for d in deals]
        musts = self.musts if every else [self.musts[d] for d in deals]
        return play_out_many(
            rules=self.rules,
            contracts=contracts,
            nils=masks,
            deals=hands,
            leaders=leaders,
            must_leads=musts,
        )[0]

    def _bid_leader(self, facts: _Facts, deal: int, mine: int | None, me_nil: bool) -> int:
        """The first leader of ``deal`` where it depends on the bids, the bidder's side
        playing to ``mine``."""
        rules = self.rules
        if self.partnership:
            contracts = [column[deal] for column in facts.contracts]
            contracts[self.side] = mine
            lead_bids = [contracts[side] or 0 for side in rules.side_of]
        else:
            lead_bids = [max(bid, 0) for bid in facts.bids[deal]]
            lead_bids[self.seat] = 0 if me_nil else (mine or 0)
        return rules.first_leader(self.dealer, self.deals[deal], lead_bids)

    def best(
        self,
        candidates: Sequence[int],
        measure: Measure,
        *,
        with_mates: bool = False,
        me_nil: bool = False,
    ) -> int | None:
        """The first of ``candidates`` (highest first) whose average ``measure`` is at
        least the candidate, the bidder's side playing to the candidate (plus, with
        ``with_mates``, what its side-mates bid in each deal); ``None`` if none is.
        ``me_nil``: the bidder has bid (or is trying) Nil."""
        if not candidates:
            return None
        n = self.n
        every = range(n)
        base = self.runs(every, [None] * n, me_nil=me_nil)
        facts = self._facts(me_nil)
        nils = facts.nils
        offsets = facts.mates if with_mates else [0] * n
        reached = self.made(base, nils)
        slack = [made - offset for made, offset in zip(reached, offsets, strict=True)]
        """A deal is played again for a candidate up to its slack: its side reaches it."""
        measured = measure(base, nils)
        base_total = sum(measured)
        for candidate in candidates:
            again = (
                list(every)
                if self.lead_by_bids
                else [deal for deal, room in enumerate(slack) if room >= candidate]
            )
            total = base_total  # the deals played again count their new tricks instead
            if again:
                reruns = self.runs(again, [candidate + offsets[d] for d in again], me_nil=me_nil)
                remeasured = measure(reruns, [nils[d] for d in again])
                total += sum(remeasured) - sum(measured[d] for d in again)
            if total >= candidate * n:
                return candidate
        return None

    def made(self, runs: Sequence[Sequence[int]], nils: Sequence[int]) -> list[int]:
        """The tricks that count for the bidder's side's contract in each of ``runs``:
        its members' who did not bid Nil (``nils``: each run's Nil bidders)."""
        return side_tricks(self.rules.sides[self.side])(runs, nils)

    def mates(self, me_nil: bool = False) -> list[int]:
        """What the bidder's side-mates bid (or are expected to) in each deal; Nil is 0."""
        return self._facts(me_nil).mates

    def nil_chance(self, mines: Sequence[int | None], *, seat: int | None = None) -> float:
        """The share of the deals in which the bidder (or its side's ``seat``), bidding
        Nil, takes no trick, its side playing to ``mines`` (one contract per deal)."""
        every = range(self.n)
        if seat is None or seat == self.seat:
            runs = self.runs(every, mines, me_nil=True)
            nil = self.seat
        else:
            runs = self.runs(every, mines, me_nil=False, nils=1 << seat)
            nil = seat
        return sum(1 for tricks in runs if tricks[nil] == 0) / self.n


def side_tricks(members: Sequence[int]) -> Measure:
    """The tricks of ``members`` that count for their contract: not a Nil bidder's."""
    if len(members) == 1:
        (only,) = members
        return lambda runs, nils: [
            0 if mask >> only & 1 else tricks[only] for tricks, mask in zip(runs, nils, strict=True)
        ]

    if len(members) == 2:  # a partnership, the usual side: no generator per run
        first, second = members

        def pair(runs: Sequence[Sequence[int]], nils: Sequence[int]) -> list[int]:
            if not any(nils):
                return [tricks[first] + tricks[second] for tricks in runs]
            return [
                (0 if mask >> first & 1 else tricks[first])
                + (0 if mask >> second & 1 else tricks[second])
                for tricks, mask in zip(runs, nils, strict=True)
            ]

        return pair

    def measure(runs: Sequence[Sequence[int]], nils: Sequence[int]) -> list[int]:
        return [
            sum(tricks[m] for m in members if not mask >> m & 1)
            for tricks, mask in zip(runs, nils, strict=True)
        ]

    return measure


def _sums(columns: Sequence[Sequence[int]], n: int) -> list[int]:
    """The sum of ``columns`` deal by deal (0s for none)."""
    if not columns:
        return [0] * n
    if len(columns) == 1:
        return list(columns[0])
    return [sum(values) for values in zip(*columns, strict=True)]
