"""Blind decisions: who may bid Blind Nil or a blind bid, and when (docs/format.md,
`bidding.blind_nil`, `bidding.blind`).

Eligibility (how far behind a side must be), the situation of a seat that has not looked
(:class:`BlindContext`, read from the game through :class:`Auction`) and the cache key
that situation reduces to (:func:`key`: only what can change the options, with the score
gap clamped into the range where an eligibility threshold can tell values apart) all
live here, so the key cannot drift from the rules it stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

from spadeslib.compiler.bidding.constraints import Choice, Problem, choose, total_problem
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.compiler.cache import rules_cache

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.variant.eligibility import Eligibility
    from spadeslib.variant.root import Variant

__all__ = [
    "NO_END",
    "Auction",
    "AuctionEnd",
    "BlindContext",
    "BlindKey",
    "BlindRelevant",
    "anyone_eligible",
    "blind_bid_problem",
    "blind_bids",
    "blind_nil_problem",
    "blind_relevance",
    "come_out_problem",
    "context",
    "eligible",
    "key",
    "options",
]


class BlindContext(NamedTuple):
    """A player (or team) who has not looked at their cards yet."""

    behind: int = 0
    """Points behind the leading other side (negative when ahead)."""
    first_deal: bool = False
    """This is the first deal of the game."""
    side_blind_nils: int = 0
    """Blind Nils the side has bid this deal."""
    partner_bid: int = NO_BID
    """The partner's bid so far."""
    partners_unseen: bool = True
    """No partner has looked at their cards (a blind bid needs the whole side blind)."""
    side_bid: bool = False
    """The side already has a contract (a blind bid is the side's bid)."""
    last: bool = False
    """A blind bid here (the side's bid) closes the first round."""
    nil_last: bool = False
    """A Blind Nil here (the seat's own bid, round the table) closes the first round."""
    others_total: int = 0
    """Tricks bid so far by everyone else."""


class Auction(Protocol):
    """What the blind options read of a game (the engine's state is one)."""

    @property
    def scores(self) -> Sequence[int]:
        """Each side's score."""

    @property
    def bids(self) -> Sequence[int]:
        """Each seat's bid so far."""

    @property
    def seen(self) -> int:
        """The mask of the seats that have looked at their cards."""

    @property
    def side_blind(self) -> int:
        """The mask of the sides that have bid blind."""

    @property
    def first_deal(self) -> bool:
        """This is the first deal of the game."""


@dataclass(frozen=True, slots=True)
class BlindRelevant:
    """Which parts of a :class:`BlindContext` can change a variant's blind options (not
    the reasons given for a refused one, which may quote any part). Worked out once per
    variant (:func:`blind_relevance`); a part that might matter is marked as mattering."""

    blind_nil: bool
    """Blind Nil is played: :attr:`BlindContext.side_blind_nils` matters."""
    blind: bool
    """Blind bids are played: :attr:`BlindContext.partners_unseen` and
    :attr:`BlindContext.side_bid` matter."""
    partner: bool
    """:attr:`BlindContext.partner_bid` (both partners Nil, the partner of a Nil's
    minimum, for Blind Nil)."""
    first_deal: bool
    """:attr:`BlindContext.first_deal` (no Blind Nil in the first deal)."""
    behind: tuple[int, int] | None
    """:attr:`BlindContext.behind` matters only through comparisons with eligibility
    thresholds; any value clamped into ``(low, high)`` compares the same with all of them.
    ``None``: it does not matter (no threshold)."""


# -- eligibility ---------------------------------------------------------------------------


def eligible(rule: Eligibility, behind: int, value: int) -> bool:
    """Whether a side ``behind`` points behind the leading other side may make a blind bid
    worth ``value`` (``bidding.blind.eligibility``, ``bidding.blind_nil.eligibility``)."""
    if rule.kind == "always":
        return True
    if rule.kind == "behind":
        return behind >= rule.points
    return behind >= value


def _thresholds(rule: Eligibility, values: list[int]) -> list[int]:
    """The ``behind`` values at which :func:`eligible` may change its answer."""
    if rule.kind == "behind":
        return [rule.points]
    if rule.kind == "behind_by_value":
        return values
    return []


def blind_relevance(variant: Variant) -> BlindRelevant:
    """The :class:`BlindRelevant` of ``variant``."""
    bidding = variant.bidding
    nil, blind_nil, blind = bidding.nil, bidding.blind_nil, bidding.blind
    thresholds: list[int] = []
    if blind_nil.enabled:
        thresholds.extend(_thresholds(blind_nil.eligibility, [blind_nil.make]))
    if blind.enabled:
        trick_value = variant.scoring.trick_value
        values = [blind.value(bid, trick_value) for bid in range(1, variant.deal.hand_size + 1)]
        thresholds.extend(_thresholds(blind.eligibility, values))
    return BlindRelevant(
        blind_nil=blind_nil.enabled,
        blind=blind.enabled,
        partner=blind_nil.enabled and (not nil.both_partners or nil.partner_min_bid is not None),
        first_deal=blind_nil.enabled and blind_nil.not_in_first_deal,
        behind=(min(thresholds) - 1, max(thresholds)) if thresholds else None,
    )


def _behind(scores: Sequence[int], side: int) -> int:
    """Points ``side`` trails the leading other side by (0 with no other side)."""
    others = [score for index, score in enumerate(scores) if index != side]
    return (max(others) - scores[side]) if others else 0


@rules_cache(4096)
def anyone_eligible(rules: Rules, scores: tuple[int, ...], first_deal: bool) -> bool:
    """Whether some side may bid blind at all this deal, judged on the scores alone (the
    usual answer, no, lets everyone see their cards without building any context)."""
    v = rules.variant
    if (v.bidding.first_deal_bids_itself and first_deal) or rules.draws:
        return False  # no blind decision this deal
    blind_nil, blind = v.bidding.blind_nil, v.bidding.blind
    least = blind.value(blind.min_bid, v.scoring.trick_value)
    for side in range(len(scores)):
        behind = _behind(scores, side)
        if blind_nil.enabled and eligible(blind_nil.eligibility, behind, blind_nil.make):
            return True
        if blind.enabled and eligible(blind.eligibility, behind, least):
            return True
    return False


# -- the situation and its cache key -------------------------------------------------------


AuctionEnd = tuple[bool, bool, int]
"""``(last, nil_last, others_total)`` of a :class:`BlindContext`: what only the engine,
which knows the order of the auction, can say."""

NO_END: AuctionEnd = (False, False, 0)
"""Outside the auction, or where no total is forbidden: the defaults."""

BlindKey = tuple[int, bool, int, int, bool, bool, bool, bool, int]
"""A :class:`BlindContext`'s fields in order, as a plain tuple (cheaper to build and hash
on every bid than the named one; ``BlindContext(*key)`` names them)."""


def context(rules: Rules, auction: Auction, seat: int, end: AuctionEnd = NO_END) -> BlindContext:
    """The whole :class:`BlindContext` of ``seat``, for the reasons given for a refused
    blind action."""
    side = rules.side_of[seat]
    members = rules.sides[side]
    partner = rules.partner_of[seat]
    bids, seen = auction.bids, auction.seen
    last, nil_last, others_total = end
    return BlindContext(
        behind=_behind(auction.scores, side),
        first_deal=auction.first_deal,
        side_blind_nils=sum(1 for m in members if bids[m] == BLIND_NIL),
        partner_bid=bids[partner] if partner is not None else NO_BID,
        partners_unseen=all(not seen >> m & 1 for m in members if m != seat),
        side_bid=bool(auction.side_blind >> side & 1) or any(bids[m] != NO_BID for m in members),
        last=last,
        nil_last=nil_last,
        others_total=others_total,
    )


def key(rules: Rules, auction: Auction, seat: int, end: AuctionEnd = NO_END) -> BlindKey:
    """The parts of :func:`context` that can change the blind options (``Rules.relevant``),
    the others left at their defaults, so that equivalent situations share one cached
    answer (:func:`options`). Builds no more than it needs: it is asked on every bid
    while a seat is blind."""
    relevant = rules.relevant
    use = relevant.blind
    side = rules.side_of[seat]
    bids = auction.bids
    behind = 0
    if use.behind is not None:
        low, high = use.behind
        behind = min(max(_behind(auction.scores, side), low), high)
    side_blind_nils = 0
    partner_bid: int = NO_BID
    if use.blind_nil:
        for member in rules.sides[side]:
            if bids[member] == BLIND_NIL:
                side_blind_nils += 1
        partner = rules.partner_of[seat]
        if use.partner and partner is not None:
            partner_bid = bids[partner]
    partners_unseen = True
    side_bid = False
    if use.blind:
        partners_unseen = not auction.seen & rules.side_masks[side] & ~(1 << seat)
        side_bid = bool(auction.side_blind >> side & 1)
        if not side_bid:
            for member in rules.sides[side]:
                if bids[member] != NO_BID:
                    side_bid = True
                    break
    last, nil_last, others_total = end if relevant.seat_total else NO_END
    first_deal = auction.first_deal if use.first_deal else False
    return (
        behind,
        first_deal,
        side_blind_nils,
        partner_bid,
        partners_unseen,
        side_bid,
        last,
        nil_last,
        others_total,
    )


@rules_cache(4096)
def options(rules: Rules, key: BlindKey) -> tuple[bool, tuple[int, ...]]:
    """Whether Blind Nil is open, and the blind bids, in the situation ``key`` stands for."""
    ctx = BlindContext(*key)
    return blind_nil_problem(rules, ctx) is None, blind_bids(rules, ctx)


# -- Blind Nil, blind bids, coming out -----------------------------------------------------


def _standing(behind: int) -> str:
    if behind > 0:
        return f"the side is {behind} points behind"
    if behind < 0:
        return f"the side is {-behind} points ahead"
    return "the side is level"


def _eligibility_text(rule: Eligibility, value: int) -> str:
    if rule.kind == "behind":
        return f"at least {rule.points}"
    if rule.kind == "behind_by_value":
        return f"at least its value, {value}"
    return "nothing"


@rules_cache(4096)
def blind_nil_problem(rules: Rules, ctx: BlindContext) -> Problem | None:
    """Why this player may not bid Blind Nil now, or ``None`` if they may."""
    bidding = rules.variant.bidding
    rule = bidding.blind_nil
    if not rule.enabled:
        return ("Blind Nil is not played here", "bidding.blind_nil.enabled")
    if bidding.forced is not None and not bidding.forced.allows_blind_nil:
        return (f"{bidding.forced.kind} has no Blind Nil", "bidding.forced")
    if rule.not_in_first_deal and ctx.first_deal:
        return ("no Blind Nil in the first deal", "bidding.blind_nil.not_in_first_deal")
    if ctx.side_blind_nils >= rule.per_side:
        return (
            f"a side may bid only {rule.per_side} Blind Nil a deal",
            "bidding.blind_nil.per_side",
        )
    if ctx.partner_bid in (NIL, BLIND_NIL) and not bidding.nil.both_partners:
        return ("the partner has bid Nil and both partners may not", "bidding.nil.both_partners")
    need = bidding.nil.partner_min_bid
    if need is not None and 0 <= ctx.partner_bid < need:
        return (
            f"the partner bid {ctx.partner_bid}; a Nil needs the partner to bid at least {need}",
            "bidding.nil.partner_min_bid",
        )
    found = total_problem(rules, ctx.nil_last, ctx.others_total, 0)
    if found is not None:
        return found
    if not eligible(rule.eligibility, ctx.behind, rule.make):
        return (
            f"{_standing(ctx.behind)}; Blind Nil needs to be behind by "
            f"{_eligibility_text(rule.eligibility, rule.make)}",
            "bidding.blind_nil.eligibility",
        )
    return None


@rules_cache(4096)
def _analysis(rules: Rules, ctx: BlindContext) -> Choice[int]:
    blind = rules.variant.bidding.blind
    trick_value = rules.variant.scoring.trick_value
    low, high = blind.bid_range(rules.hand_size)

    def allowed(bid: int) -> Problem | None:
        if not blind.enabled:
            return ("blind bids are not played here", "bidding.blind.enabled")
        if bid < low:
            return (f"the lowest blind bid is {low}", "bidding.blind.min_bid")
        if bid > high:
            return (f"the highest blind bid is {high}", "bidding.blind.max_bid")
        value = blind.value(bid, trick_value)
        if not eligible(blind.eligibility, ctx.behind, value):
            return (
                f"{_standing(ctx.behind)}; a blind {bid} needs to be behind by "
                f"{_eligibility_text(blind.eligibility, value)}",
                "bidding.blind.eligibility",
            )
        if ctx.side_bid or not ctx.partners_unseen:
            return (
                "a blind bid is made by a side before either partner looks",
                "bidding.blind.enabled",
            )
        return None

    def total(bid: int) -> Problem | None:
        return total_problem(rules, ctx.last, ctx.others_total, bid)

    return choose(range(1, rules.hand_size + 1), [allowed], [total])


def blind_bids(rules: Rules, ctx: BlindContext) -> tuple[int, ...]:
    """The blind bids (numbers of tricks) this side may make now."""
    return _analysis(rules, ctx).legal


def blind_bid_problem(rules: Rules, ctx: BlindContext, bid: int) -> Problem | None:
    """Why a blind bid of ``bid`` is illegal here, or ``None``."""
    unknown = (f"{bid} is more than the tricks", "bidding.blind.max_bid")
    return _analysis(rules, ctx).problem(bid, unknown)


def come_out_problem(rules: Rules, contract: int, last: bool, others_total: int) -> Problem | None:
    """Why a side that bid blind ``contract`` may not come out now, or ``None``."""
    target = rules.variant.bidding.blind.come_out_to
    if target is None:
        return ("coming out of a blind bid is not played here", "bidding.blind.come_out_to")
    if contract >= target:
        return (
            f"the blind bid {contract} is already {target} or more",
            "bidding.blind.come_out_to",
        )
    return total_problem(rules, last, others_total, target)
