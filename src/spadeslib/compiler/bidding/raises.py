"""The raise round (docs/format.md, `bidding.raise_round`): the contracts a side may raise
to after the first round."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from spadeslib.compiler.bidding.constraints import Problem, total_problem
from spadeslib.compiler.bids import NO_BID, format_bid, tricks_of
from spadeslib.compiler.cache import rules_cache

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["RaiseContext", "raise_problem", "raises"]


class RaiseContext(NamedTuple):
    """A side's turn in the raise round."""

    contract: int
    """The side's contract now."""
    others_total: int
    """The other sides' contracts."""
    first_bid: int = NO_BID
    """The bid of the side's first bidder in the first round (for ``no_bid_of_one``)."""


@rules_cache(1024)
def raises(rules: Rules, ctx: RaiseContext) -> tuple[int, ...]:
    """The contracts a side may raise to (each above its current one)."""
    top = rules.variant.bidding.form.contract_top(rules.hand_size)
    return tuple(
        n for n in range(ctx.contract + 1, top + 1) if raise_problem(rules, ctx, n) is None
    )


def raise_problem(rules: Rules, ctx: RaiseContext, contract: int) -> Problem | None:
    """Why raising to ``contract`` is illegal, or ``None``."""
    bidding = rules.variant.bidding
    if not bidding.raise_round:
        return ("there is no raise round", "bidding.raise_round")
    if contract <= ctx.contract:
        return (f"a raise must be above the contract {ctx.contract}", "bidding.raise_round")
    top = bidding.form.contract_top(rules.hand_size)
    if contract > top:
        return (f"the highest contract is {top}", "bidding.form")
    first = tricks_of(ctx.first_bid)
    if ctx.first_bid != NO_BID and contract == first + 1 and bidding.form.no_bid_of_one:
        return (
            f"the side's first bidder bid {format_bid(ctx.first_bid)}, so its contract may "
            f"be {first} or at least {first + 2}, not {contract}",
            "bidding.form.no_bid_of_one",
        )
    # every raise may be the round's last word, so each is held to the total
    return total_problem(rules, True, ctx.others_total, contract)
