"""Simulated deals for the auction: how many tricks a bid is worth (spec Part C, Standard).

:class:`Auction` draws ``n`` deals of the cards the bidder cannot see
(:class:`~spadeslib.engine.determinize.Determinizer`) once per decision and plays each out
with every seat following the Standard rule (:func:`~spadeslib.engine.policies.play_out`).
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

from spadeslib.bots.guesses import guess_bids
from spadeslib.bots.tables import determinizer, tables_of
from spadeslib.compiler import Rules
from spadeslib.compiler.bids import NIL
from spadeslib.engine import Observation
from spadeslib.engine.knowledge import Knowledge
from spadeslib.engine.policies import Table, made, play_out
from spadeslib.engine.shuffle import SplitMix64

__all__ = ["Auction"]

Measure = Callable[[list[int], int], int]
"""What a bid is judged on: ``(tricks per seat, Nil bidders' mask) -> tricks``."""


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
        self.deals = [sampler.sample(rng) for _ in range(n)]
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
        self._guesses: dict[tuple[int, bool], list[int]] = {}

    def bids(self, deal: int, me_nil: bool) -> list[int]:
        """Every seat's bid in ``deal``, known or guessed (``NIL`` for Nil)."""
        key = (deal, me_nil)
        found = self._guesses.get(key)
        if found is None:
            found = guess_bids(
                self.rules,
                self.tables,
                self.deals[deal],
                self.known,
                me=self.seat,
                me_nil=me_nil,
            )
            self._guesses[key] = found
        return found

    def nils(self, deal: int, me_nil: bool) -> int:
        """The Nil bidders of ``deal`` (a mask of seats)."""
        mask = 0
        for seat, bid in enumerate(self.bids(deal, me_nil)):
            if bid == NIL:
                mask |= 1 << seat
        return mask

    def others(self, deal: int, me_nil: bool = False) -> int:
        """What the bidder's side-mates bid (or are expected to) in ``deal``; Nil is 0."""
        bids = self.bids(deal, me_nil)
        members = self.rules.sides[self.side]
        return sum(max(bids[m], 0) for m in members if m != self.seat)

    def contracts(self, deal: int, mine: int | None, me_nil: bool) -> list[int | None]:
        """Each side's contract in ``deal``, the bidder's side's being ``mine``."""
        bids = self.bids(deal, me_nil)
        out: list[int | None] = []
        for side, members in enumerate(self.rules.sides):
            if side == self.side:
                out.append(mine)
            elif self.partnership and self.side_contracts[side] is not None:
                out.append(self.side_contracts[side])
            else:
                out.append(sum(max(bids[m], 0) for m in members))
        return out

    def run(self, deal: int, mine: int | None, *, me_nil: bool, nils: int = 0) -> list[int]:
        """Play ``deal`` out, the bidder's side playing to ``mine`` (``None``: to win every
        trick), ``nils`` Nil bidders on top of the known and guessed ones; the tricks each
        seat takes."""
        rules = self.rules
        hands = list(self.deals[deal])
        contracts = self.contracts(deal, mine, me_nil)
        nils |= self.nils(deal, me_nil)
        if self.partnership:
            lead_bids = [contracts[rules.side_of[seat]] or 0 for seat in range(rules.players)]
        else:
            lead_bids = [max(bid, 0) for bid in self.bids(deal, me_nil)]
            lead_bids[self.seat] = 0 if me_nil else (mine or 0)
        leader = rules.first_leader(self.dealer, hands, lead_bids)
        tricks = [0] * rules.players
        play_out(
            rules,
            Table(rules, contracts, nils),
            hands,
            tricks,
            leader=leader,
            must_lead=rules.first_lead_mask(hands),
        )
        return tricks

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
        base = [self.run(deal, None, me_nil=me_nil) for deal in range(self.n)]
        nils = [self.nils(deal, me_nil) for deal in range(self.n)]
        for candidate in candidates:
            total = 0
            for deal, baseline in enumerate(base):
                wanted = contract(candidate, deal)
                tricks = baseline
                table = Table(self.rules, [None] * sides, nils[deal])
                if self.lead_by_bids or made(table, self.side, baseline) >= wanted:
                    tricks = self.run(deal, wanted, me_nil=me_nil)
                total += measure(tricks, nils[deal])
            if total >= candidate * self.n:
                return candidate
        return None

    def nil_chance(
        self, contract: Callable[[int], int | None], *, seat: int | None = None
    ) -> float:
        """The share of the deals in which the bidder (or its side's ``seat``), bidding
        Nil, takes no trick, its side playing to ``contract(deal)``."""
        if seat is None or seat == self.seat:
            runs = [self.run(deal, contract(deal), me_nil=True) for deal in range(self.n)]
            nil = self.seat
        else:
            runs = [
                self.run(deal, contract(deal), me_nil=False, nils=1 << seat)
                for deal in range(self.n)
            ]
            nil = seat
        return sum(1 for tricks in runs if tricks[nil] == 0) / self.n
