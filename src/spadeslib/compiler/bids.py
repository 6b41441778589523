"""Which bids are legal: a pure function of the rules and an auction context (A3, B6-B11).

The engine describes the situation of the player (or team) to bid in a small frozen
context — what the partners bid, how many trumps the hand holds, whether this bid closes
the round and what everyone else bid — and asks this module for the legal bids, or why one
bid is illegal. Nothing here knows about games or actions, so the answers are cached per
``(rules, context)`` and a whole auction costs a few dict lookups.

Bids are ints: a number of tricks (``0`` is "zero tricks" where a bid of 0 is not Nil),
or :data:`NIL` / :data:`BLIND_NIL`. A partnership's team bid is a :data:`TeamBid`.

How the constraints combine. *Hard* rules say what a bid can be at all: the range
(``bidding.form.min_bid``/``max_bid``; Nil is governed by ``bidding.nil`` and is not a
number, so ``min_bid`` applies to numbered bids only), whether Nil exists, and a forced
format (Mirror and a fixed bid allow exactly one bid; Whiz, Suicide and an allowed set
restrict the candidates). *Soft* rules then remove candidates in this order: both
partners Nil, the partner of a Nil's minimum, no bid of one, the total may not equal the
tricks. A soft rule that would leave no legal bid at all is waived, so a player always has
a bid (for example a forced 4 that would make the total 13). Each answer names the rule as
its dotted variant key.

A side's bids may add up to more than the tricks (A3: each bid is 0 to the tricks in a
hand, with no other limit); such a contract is simply set. Only Mirror and a fixed bid,
where the player has no choice, are held to the tricks the partners left.

>>> from spadeslib.variant import Variant
>>> rules = Variant().compile()
>>> [format_bid(b) for b in seat_bids(rules, SeatContext())][:4]
['nil', '1', '2', '3']
>>> odd = Variant.model_validate({"bidding": {"total_may_not_equal_tricks": True}})
>>> seat_bid_problem(odd.compile(), SeatContext(last=True, others_total=9), 4)
('the bids would total 13, the number of tricks', 'bidding.total_may_not_equal_tricks')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spadeslib.variant.bidding import AllowedBids, FixedBid, Mirror, Whiz

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.variant.eligibility import Eligibility
    from spadeslib.variant.root import Variant

__all__ = [
    "BLIND_NIL",
    "NIL",
    "NO_BID",
    "BlindContext",
    "Problem",
    "RaiseContext",
    "Relevant",
    "SeatContext",
    "TeamBid",
    "TeamContext",
    "blind_bids",
    "blind_nil_problem",
    "come_out_problem",
    "eligible",
    "format_bid",
    "raise_problem",
    "raises",
    "relevant",
    "seat_bid_problem",
    "seat_bids",
    "team_bid_problem",
    "team_bids",
    "tricks_of",
]

NIL = -1
"""A Nil bid."""
BLIND_NIL = -2
"""A Blind Nil bid."""
NO_BID = -3
"""No bid made (yet), or none at all (the deal that bids itself)."""

Problem = tuple[str, str]
"""``(reason, dotted rule key)``: why a bid is illegal."""

TeamBid = tuple[int, int, int]
"""A partnership's bid: ``(contract, captain's part, partner's part)``. The parts are
:data:`NO_BID` for a plain team bid, or :data:`NIL` / :data:`BLIND_NIL` for the Nil
partner and the contract for the other."""


def tricks_of(bid: int) -> int:
    """The tricks a bid adds to its side's contract (0 for Nil and Blind Nil)."""
    return bid if bid > 0 else 0


def format_bid(bid: int) -> str:
    """``nil``, ``blind nil``, ``-`` (no bid) or the number."""
    return {NIL: "nil", BLIND_NIL: "blind nil", NO_BID: "-"}.get(bid, str(bid))


def eligible(rule: Eligibility, behind: int, value: int) -> bool:
    """Whether a side ``behind`` points behind the leading other side may make a blind bid
    worth ``value`` (``bidding.blind.eligibility``, ``bidding.blind_nil.eligibility``)."""
    if rule.kind == "always":
        return True
    if rule.kind == "behind":
        return behind >= rule.points
    return behind >= value


@dataclass(frozen=True, slots=True)
class SeatContext:
    """A player's turn in a round-the-table auction."""

    partner_bids: tuple[int, ...] = ()
    """Bids the player's partners have already made (Nil codes included)."""
    trumps: int = 0
    """Trumps in the hand (Mirror and Whiz bid them)."""
    last: bool = False
    """This bid closes the first round."""
    others_total: int = 0
    """Tricks bid by everyone else so far."""


@dataclass(frozen=True, slots=True)
class TeamContext:
    """A partnership's turn to agree its team bid (B6)."""

    captain_blind_nil: bool = False
    """The captain (the side's first seat in bidding order) has bid Blind Nil; the team
    now bids the partner's contract."""
    last: bool = False
    """This bid closes the first round."""
    others_total: int = 0
    """Tricks bid by the other sides."""


@dataclass(frozen=True, slots=True)
class BlindContext:
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


@dataclass(frozen=True, slots=True)
class RaiseContext:
    """A side's turn in the raise round (B6, B7)."""

    contract: int
    """The side's contract now."""
    others_total: int
    """The other sides' contracts."""
    first_bid: int = NO_BID
    """The bid of the side's first bidder in the first round (no bid of one, B7)."""


@dataclass(frozen=True, slots=True)
class Relevant:
    """Which parts of the contexts can change a variant's *legal* bids (not the reasons
    given for an illegal one, which may quote any part).

    The engine fills only these and leaves the rest at their defaults when it lists the
    legal bids, so situations that differ only in what does not matter share one cached
    answer: in most variants every seat's turn to bid has the same legal bids, whatever
    its cards or the bids before it. Worked out once per variant (:func:`relevant`; the
    compiled rules keep it as ``Rules.relevant``) and kept in step with the analyses below:
    a part that might matter is marked as mattering.
    """

    seat_partners: bool
    """:attr:`SeatContext.partner_bids` (a forced format, a rule about the partner's
    Nil or minimum, no bid of one)."""
    seat_trumps: bool
    """:attr:`SeatContext.trumps` (Mirror and Whiz bid them)."""
    seat_total: bool
    """:attr:`SeatContext.last` and :attr:`SeatContext.others_total` (the total may not
    equal the tricks); also :attr:`TeamContext.last` and :attr:`TeamContext.others_total`,
    and those of :class:`BlindContext`."""
    blind_nil: bool
    """Blind Nil is played: :attr:`BlindContext.side_blind_nils` matters."""
    blind: bool
    """Blind bids are played: :attr:`BlindContext.partners_unseen` and
    :attr:`BlindContext.side_bid` matter."""
    blind_partner: bool
    """:attr:`BlindContext.partner_bid` (both partners Nil, the partner of a Nil's
    minimum, for Blind Nil)."""
    blind_first_deal: bool
    """:attr:`BlindContext.first_deal` (no Blind Nil in the first deal)."""
    behind: tuple[int, int] | None
    """:attr:`BlindContext.behind` matters only through comparisons with eligibility
    thresholds; any value clamped into ``(low, high)`` compares the same with all of them.
    ``None``: it does not matter (no threshold)."""


def relevant(variant: Variant) -> Relevant:
    """The :class:`Relevant` of ``variant``."""
    bidding = variant.bidding
    forced = bidding.forced
    nil = bidding.nil
    form = bidding.form
    blind_nil = bidding.blind_nil
    blind = bidding.blind
    thresholds: list[int] = []
    if blind_nil.enabled:
        thresholds.extend(_thresholds(blind_nil.eligibility, [blind_nil.make]))
    if blind.enabled:
        values = [
            bid * variant.scoring.trick_value * blind.make_multiplier
            for bid in range(1, variant.deal.hand_size + 1)
        ]
        thresholds.extend(_thresholds(blind.eligibility, values))
    return Relevant(
        seat_partners=(
            forced is not None
            or not nil.both_partners
            or nil.partner_min_bid is not None
            or bool(getattr(form, "no_bid_of_one", False))
        ),
        seat_trumps=isinstance(forced, Mirror | Whiz),
        seat_total=bidding.total_may_not_equal_tricks,
        blind_nil=blind_nil.enabled,
        blind=blind.enabled,
        blind_partner=blind_nil.enabled
        and (not nil.both_partners or nil.partner_min_bid is not None),
        blind_first_deal=blind_nil.enabled and blind_nil.not_in_first_deal,
        behind=(min(thresholds) - 1, max(thresholds)) if thresholds else None,
    )


def _thresholds(rule: Eligibility, values: list[int]) -> list[int]:
    """The ``behind`` values at which :func:`eligible` may change its answer."""
    if rule.kind == "behind":
        return [rule.points]
    if rule.kind == "behind_by_value":
        return values
    return []


Check = Callable[[int], "str | None"]


def _filter(
    candidates: Iterable[int], hard: list[tuple[str, Check]], soft: list[tuple[str, Check]]
) -> tuple[tuple[int, ...], dict[int, Problem]]:
    """Apply the hard checks, then each soft check unless it would empty the set."""
    why: dict[int, Problem] = {}
    kept: list[int] = []
    for bid in candidates:
        for rule, check in hard:
            reason = check(bid)
            if reason is not None:
                why[bid] = (reason, rule)
                break
        else:
            kept.append(bid)
    for rule, check in soft:
        reasons = {bid: check(bid) for bid in kept}
        remaining = [bid for bid in kept if reasons[bid] is None]
        if remaining:
            for bid in kept:
                reason = reasons[bid]
                if reason is not None:
                    why[bid] = (reason, rule)
            kept = remaining
    return tuple(kept), why


def _total_check(rules: Rules, last: bool, others_total: int) -> Check:
    tricks = rules.hand_size

    def check(bid: int) -> str | None:
        if last and others_total + tricks_of(bid) == tricks:
            return f"the bids would total {tricks}, the number of tricks"
        return None

    return check


# -- round the table -----------------------------------------------------------------------


def _seat_candidates(rules: Rules) -> tuple[int, ...]:
    top = rules.hand_size
    return (NIL, *range(0, top + 1))


@functools.lru_cache(maxsize=8192)
def _seat_analysis(rules: Rules, ctx: SeatContext) -> tuple[tuple[int, ...], dict[int, Problem]]:
    bidding = rules.variant.bidding
    form = bidding.form
    nil = bidding.nil
    hand = rules.hand_size
    low = getattr(form, "min_bid", 0)
    top = getattr(form, "max_bid", None)
    high = hand if top is None else top
    forced = bidding.forced
    zero_is_nil = nil.enabled
    zero_ok = not nil.enabled and nil.zero_bid == "zero_tricks"

    def exists(bid: int) -> str | None:
        if bid == NIL:
            return None if zero_is_nil else "Nil is not played here"
        if bid == 0:
            if zero_ok and low == 0:
                return None
            if zero_is_nil:
                return "a bid of 0 is Nil: bid 'nil'"
            return "a bid of 0 is not allowed"
        return None

    def in_range(bid: int) -> str | None:
        if bid in (NIL, 0):
            return None
        if bid < low:
            return f"the lowest bid is {low}"
        if bid > high:
            return f"the highest bid is {high}"
        return None

    side_so_far = sum(tricks_of(b) for b in ctx.partner_bids)

    hard: list[tuple[str, Check]] = [("bidding.nil.enabled", exists)]
    soft: list[tuple[str, Check]] = []
    partner_nil = any(b in (NIL, BLIND_NIL) for b in ctx.partner_bids)
    if forced is None:
        hard.append(
            ("bidding.form.max_bid" if top is not None else "bidding.form.min_bid", in_range)
        )
    else:
        hard.append(
            ("bidding.forced", _forced_check(rules, ctx, partner_nil, max(hand - side_so_far, 0)))
        )

    if forced is None or forced.kind not in ("mirror", "fixed"):
        if not nil.both_partners:
            soft.append(
                (
                    "bidding.nil.both_partners",
                    lambda bid: (
                        "the partner has bid Nil and both partners may not"
                        if bid == NIL and partner_nil
                        else None
                    ),
                )
            )
        if nil.partner_min_bid is not None:
            need = nil.partner_min_bid
            numbers = [b for b in ctx.partner_bids if b >= 0]

            def partner_min(bid: int) -> str | None:
                if partner_nil and tricks_of(bid) < need:
                    return f"the partner bid Nil, so this bid must be at least {need}"
                if bid == NIL and any(b < need for b in numbers):
                    return f"a Nil needs the partner to bid at least {need}"
                return None

            soft.append(("bidding.nil.partner_min_bid", partner_min))
        if getattr(form, "no_bid_of_one", False) and ctx.partner_bids:
            soft.append(
                (
                    "bidding.form.no_bid_of_one",
                    lambda bid: (
                        "the partner has bid, so this bid may not add exactly 1"
                        if bid == 1
                        else None
                    ),
                )
            )
        if bidding.total_may_not_equal_tricks:
            soft.append(
                (
                    "bidding.total_may_not_equal_tricks",
                    _total_check(rules, ctx.last, ctx.others_total),
                )
            )
    return _filter(_seat_candidates(rules), hard, soft)


def _forced_check(rules: Rules, ctx: SeatContext, partner_nil: bool, room: int) -> Check:
    """The forced format's bids. Mirror and a fixed bid are capped at ``room``, the tricks
    the partners left: a side never contracts for more tricks than there are (a tiny hand
    of many trumps could otherwise ask for it)."""
    forced = rules.variant.bidding.forced
    assert forced is not None
    nil_code = NIL if rules.variant.bidding.nil.enabled else 0

    def as_bid(n: int) -> int:
        return nil_code if n == 0 else n

    if isinstance(forced, Mirror):
        want = {as_bid(min(ctx.trumps, room))}
        text = f"Mirror: bid the {ctx.trumps} trumps held"
    elif isinstance(forced, Whiz):
        want = {NIL, as_bid(ctx.trumps)}
        text = f"Whiz: bid Nil or the {ctx.trumps} trumps held"
    elif isinstance(forced, FixedBid):
        want = {as_bid(min(forced.bid, room))}
        text = f"everyone bids {forced.bid}"
    elif isinstance(forced, AllowedBids):
        want = {as_bid(n) for n in forced.bids}
        text = "the allowed bids are " + ", ".join(str(n) for n in forced.bids)
    else:  # suicide
        top = rules.hand_size
        if not ctx.partner_bids:
            want = {NIL, *range(forced.partner_min, top + 1)}
            text = f"Suicide: bid Nil or at least {forced.partner_min}"
        elif partner_nil:
            want = set(range(forced.partner_min, top + 1))
            text = f"Suicide: the partner bid Nil, so bid at least {forced.partner_min}"
        else:
            want = {NIL}
            text = "Suicide: the partner did not bid Nil, so this bid must be Nil"

    def check(bid: int) -> str | None:
        return None if bid in want else text

    return check


def seat_bids(rules: Rules, ctx: SeatContext) -> tuple[int, ...]:
    """The legal bids of a player in a round-the-table auction, Nil first then rising."""
    return _seat_analysis(rules, ctx)[0]


def seat_bid_problem(rules: Rules, ctx: SeatContext, bid: int) -> Problem | None:
    """Why ``bid`` is illegal here, or ``None`` if it is legal."""
    legal, why = _seat_analysis(rules, ctx)
    if bid in legal:
        return None
    if bid in why:
        return why[bid]
    return (f"{format_bid(bid)} is not a bid of this variant", "bidding.form")


# -- partnership ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def _team_analysis(
    rules: Rules, ctx: TeamContext
) -> tuple[tuple[TeamBid, ...], dict[TeamBid, Problem]]:
    bidding = rules.variant.bidding
    form = bidding.form
    nil = bidding.nil
    hand = rules.hand_size
    low = getattr(form, "min_team_bid", 0)
    top = getattr(form, "max_team_bid", None)
    high = hand if top is None else top
    partner_low = nil.partner_min_bid if nil.partner_min_bid is not None else low
    candidates: list[TeamBid] = []
    why: dict[TeamBid, Problem] = {}
    if ctx.captain_blind_nil:
        for n in range(0, hand + 1):
            bid = (n, BLIND_NIL, n)
            candidates.append(bid)
            if n < partner_low:
                rule = (
                    "bidding.nil.partner_min_bid"
                    if nil.partner_min_bid
                    else "bidding.form.min_team_bid"
                )
                why[bid] = (f"the partner of a Blind Nil must bid at least {partner_low}", rule)
            elif n > high:
                why[bid] = (f"the highest team bid is {high}", "bidding.form.max_team_bid")
    else:
        for n in range(0, hand + 1):
            bid = (n, NO_BID, NO_BID)
            candidates.append(bid)
            if n < low:
                why[bid] = (f"the lowest team bid is {low}", "bidding.form.min_team_bid")
            elif n > high:
                why[bid] = (f"the highest team bid is {high}", "bidding.form.max_team_bid")
        if rules.partner_of[0] is not None:
            for n in range(0, hand + 1):
                for bid in ((n, NIL, n), (n, n, NIL)):
                    candidates.append(bid)
                    if not nil.enabled:
                        why[bid] = ("Nil is not played here", "bidding.nil.enabled")
                    elif n < max(partner_low, 1):
                        why[bid] = (
                            f"the partner of a Nil must bid at least {max(partner_low, 1)}",
                            "bidding.nil.partner_min_bid",
                        )
                    elif n > high:
                        why[bid] = (f"the highest team bid is {high}", "bidding.form.max_team_bid")
            both = (0, NIL, NIL)
            candidates.append(both)
            if not nil.enabled:
                why[both] = ("Nil is not played here", "bidding.nil.enabled")
            elif not nil.both_partners:
                why[both] = ("both partners may not bid Nil", "bidding.nil.both_partners")
            elif nil.partner_min_bid is not None or low > 0:
                why[both] = (
                    f"the partner of a Nil must bid at least {max(partner_low, 1)}",
                    "bidding.nil.partner_min_bid"
                    if nil.partner_min_bid
                    else "bidding.form.min_team_bid",
                )
    legal = [bid for bid in candidates if bid not in why]
    if bidding.total_may_not_equal_tricks and ctx.last:
        ok = [bid for bid in legal if ctx.others_total + bid[0] != hand]
        if ok:
            for bid in legal:
                if ctx.others_total + bid[0] == hand:
                    why[bid] = (
                        f"the bids would total {hand}, the number of tricks",
                        "bidding.total_may_not_equal_tricks",
                    )
            legal = ok
    legal.sort(key=lambda bid: (bid[0], bid[1] != NO_BID, -bid[1]))
    return tuple(legal), why


def team_bids(rules: Rules, ctx: TeamContext) -> tuple[TeamBid, ...]:
    """The legal team bids of a partnership, by contract."""
    return _team_analysis(rules, ctx)[0]


def team_bid_problem(rules: Rules, ctx: TeamContext, bid: TeamBid) -> Problem | None:
    """Why the team bid ``bid`` is illegal here, or ``None``."""
    legal, why = _team_analysis(rules, ctx)
    if bid in legal:
        return None
    return why.get(bid, ("not a team bid of this variant", "bidding.form"))


# -- blind decisions -----------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def blind_nil_problem(rules: Rules, ctx: BlindContext) -> Problem | None:
    """Why this player may not bid Blind Nil now, or ``None`` if they may."""
    bidding = rules.variant.bidding
    rule = bidding.blind_nil
    if not rule.enabled:
        return ("Blind Nil is not played here", "bidding.blind_nil.enabled")
    if bidding.forced is not None and bidding.forced.kind != "allowed":
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
    if bidding.total_may_not_equal_tricks and ctx.nil_last and ctx.others_total == rules.hand_size:
        return (
            f"the bids would total {rules.hand_size}, the number of tricks",
            "bidding.total_may_not_equal_tricks",
        )
    if not eligible(rule.eligibility, ctx.behind, rule.make):
        return (
            f"{_standing(ctx.behind)}; Blind Nil needs to be behind by "
            f"{_eligibility_text(rule.eligibility, rule.make)}",
            "bidding.blind_nil.eligibility",
        )
    return None


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


def _blind_value(rules: Rules, bid: int) -> int:
    blind = rules.variant.bidding.blind
    return bid * rules.variant.scoring.trick_value * blind.make_multiplier


@functools.lru_cache(maxsize=4096)
def _blind_analysis(rules: Rules, ctx: BlindContext) -> tuple[tuple[int, ...], dict[int, Problem]]:
    blind = rules.variant.bidding.blind
    hand = rules.hand_size
    top = hand if blind.max_bid is None else blind.max_bid
    why: dict[int, Problem] = {}
    legal: list[int] = []
    for bid in range(1, hand + 1):
        if not blind.enabled:
            why[bid] = ("blind bids are not played here", "bidding.blind.enabled")
        elif bid < blind.min_bid:
            why[bid] = (f"the lowest blind bid is {blind.min_bid}", "bidding.blind.min_bid")
        elif bid > top:
            why[bid] = (f"the highest blind bid is {top}", "bidding.blind.max_bid")
        elif not eligible(blind.eligibility, ctx.behind, _blind_value(rules, bid)):
            why[bid] = (
                f"{_standing(ctx.behind)}; a blind {bid} needs to be behind by "
                f"{_eligibility_text(blind.eligibility, _blind_value(rules, bid))}",
                "bidding.blind.eligibility",
            )
        elif ctx.side_bid or not ctx.partners_unseen:
            why[bid] = (
                "a blind bid is made by a side before either partner looks",
                "bidding.blind.enabled",
            )
        else:
            legal.append(bid)
    if rules.variant.bidding.total_may_not_equal_tricks and ctx.last:
        ok = [bid for bid in legal if ctx.others_total + bid != hand]
        if ok:
            for bid in legal:
                if bid not in ok:
                    why[bid] = (
                        f"the bids would total {hand}, the number of tricks",
                        "bidding.total_may_not_equal_tricks",
                    )
            legal = ok
    return tuple(legal), why


def blind_bids(rules: Rules, ctx: BlindContext) -> tuple[int, ...]:
    """The blind bids (numbers of tricks) this side may make now."""
    return _blind_analysis(rules, ctx)[0]


def blind_bid_problem(rules: Rules, ctx: BlindContext, bid: int) -> Problem | None:
    """Why a blind bid of ``bid`` is illegal here, or ``None``."""
    legal, why = _blind_analysis(rules, ctx)
    if bid in legal:
        return None
    return why.get(bid, (f"{bid} is more than the tricks", "bidding.blind.max_bid"))


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
    if (
        rules.variant.bidding.total_may_not_equal_tricks
        and last
        and others_total + target == rules.hand_size
    ):
        return (
            f"the bids would total {rules.hand_size}, the number of tricks",
            "bidding.total_may_not_equal_tricks",
        )
    return None


# -- the raise round -----------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def raises(rules: Rules, ctx: RaiseContext) -> tuple[int, ...]:
    """The contracts a side may raise to (each above its current one)."""
    return tuple(
        n
        for n in range(ctx.contract + 1, _raise_top(rules) + 1)
        if raise_problem(rules, ctx, n) is None
    )


def _raise_top(rules: Rules) -> int:
    form = rules.variant.bidding.form
    top = getattr(form, "max_team_bid", None)
    return rules.hand_size if top is None else top


def raise_problem(rules: Rules, ctx: RaiseContext, contract: int) -> Problem | None:
    """Why raising to ``contract`` is illegal, or ``None``."""
    if not rules.variant.bidding.raise_round:
        return ("there is no raise round", "bidding.raise_round")
    if contract <= ctx.contract:
        return (f"a raise must be above the contract {ctx.contract}", "bidding.raise_round")
    top = _raise_top(rules)
    if contract > top:
        return (f"the highest contract is {top}", "bidding.form")
    first = tricks_of(ctx.first_bid)
    if (
        ctx.first_bid != NO_BID
        and contract == first + 1
        and getattr(rules.variant.bidding.form, "no_bid_of_one", False)
    ):
        return (
            f"the side's first bidder bid {format_bid(ctx.first_bid)}, so its contract may "
            f"be {first} or at least {first + 2}, not {contract}",
            "bidding.form.no_bid_of_one",
        )
    if (
        rules.variant.bidding.total_may_not_equal_tricks
        and ctx.others_total + contract == rules.hand_size
    ):
        return (
            f"the bids would total {rules.hand_size}, the number of tricks",
            "bidding.total_may_not_equal_tricks",
        )
    return None
