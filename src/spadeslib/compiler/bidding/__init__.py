"""Which bids are legal: pure functions of the rules and an auction context
(docs/format.md, `bidding`).

The engine describes the situation of the player (or team) to bid in a small context —
what the partners bid, how many trumps the hand holds, whether this bid closes the round
and what everyone else bid — and asks this package for the legal bids, or why one bid is
illegal. Nothing here knows about games or actions, so the answers are cached per
``(rules, context)`` and a whole auction costs a few dict lookups. The bids themselves
are the codes of :mod:`spadeslib.compiler.bids`.

One module per kind of decision: :mod:`.seats` (a seat's own bid, round the table, with
the forced formats of :mod:`.forced`), :mod:`.teams` (a partnership's team bid),
:mod:`.blind` (Blind Nil, blind bids, coming out, and who is eligible), :mod:`.raises`
(the raise round). How the rules combine, and the total that every kind of bid obeys, is
:mod:`.constraints`; what the caches key on is :mod:`.relevance`.

How the constraints combine. *Hard* rules say what a bid can be at all: the range
(``bidding.form``'s bid range; Nil is governed by ``bidding.nil`` and is not a number, so
``min_bid`` applies to numbered bids only), whether Nil exists, and a forced format
(Mirror and a fixed bid allow exactly one bid; Whiz, Suicide and an allowed set restrict
the candidates). *Soft* rules then remove candidates in order. A soft rule that would
leave no legal bid at all is waived, so a player always has a bid (for example a forced
4 that would make the total 13). Each answer names the rule as its dotted variant key.

A side's bids may add up to more than the tricks (each bid is 0 to the tricks in a
hand, with no other limit); such a contract is simply set. Only Mirror and a fixed bid,
where the player has no choice, are held to the tricks the partners left, and every bid
where ``bidding.partners_may_not_exceed_tricks`` is on.

>>> from spadeslib.compiler.bids import format_bid
>>> from spadeslib.variant import Variant
>>> rules = Variant().compile()
>>> [format_bid(b) for b in seat_bids(rules, SeatContext())][:4]
['nil', '1', '2', '3']
>>> odd = Variant.model_validate({"bidding": {"total_may_not_equal_tricks": True}})
>>> seat_bid_problem(odd.compile(), SeatContext(last=True, others_total=9), 4)
('the bids would total 13, the number of tricks', 'bidding.total_may_not_equal_tricks')
>>> capped = Variant.model_validate({"bidding": {"partners_may_not_exceed_tricks": True}})
>>> seat_bids(capped.compile(), SeatContext(partner_bids=(9,)))[-1]
4
"""

from spadeslib.compiler.bidding.blind import (
    BlindContext,
    blind_bid_problem,
    blind_bids,
    blind_nil_problem,
    come_out_problem,
)
from spadeslib.compiler.bidding.constraints import Problem
from spadeslib.compiler.bidding.raises import RaiseContext, raise_problem, raises
from spadeslib.compiler.bidding.relevance import Relevant, relevant
from spadeslib.compiler.bidding.seats import SeatContext, seat_bid_problem, seat_bids
from spadeslib.compiler.bidding.teams import TeamContext, team_bid_problem, team_bids

__all__ = [
    "BlindContext",
    "Problem",
    "RaiseContext",
    "Relevant",
    "SeatContext",
    "TeamContext",
    "blind_bid_problem",
    "blind_bids",
    "blind_nil_problem",
    "come_out_problem",
    "raise_problem",
    "raises",
    "relevant",
    "seat_bid_problem",
    "seat_bids",
    "team_bid_problem",
    "team_bids",
]
