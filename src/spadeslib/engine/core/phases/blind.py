"""Blind decisions: Blind Nil and a side's blind bid, made before looking
(docs/format.md, `bidding.blind_nil`, `bidding.blind`).

A seat that might still bid blind has not seen its cards: its observation shows no hand.
When such a seat gets its first turn (to bid, or earlier to pass or discard), the game
interrupts that phase (:func:`spadeslib.engine.core.flow.give_turn`) for this decision:
``blind nil``, ``blind N`` (the side's contract, where blind bids are played) or ``look``.
Whatever it decides, it then sees its cards and the interrupted phase goes on.

Who may decide: in a round-the-table auction every player for themselves (a blind bid of
tricks only while no partner has bid or looked); in a partnership auction the side's first
seat in bidding order decides for the side, and only it may bid Blind Nil. A seat with no
blind option left (not eligible, the partner looked, the deal bids itself) sees its cards
at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spadeslib.compiler.bidding import blind as B
from spadeslib.compiler.bids import BLIND_NIL, NO_BID
from spadeslib.compiler.cache import rules_cache
from spadeslib.engine.core import flow
from spadeslib.engine.core.phases.auction import closes_round, others_total
from spadeslib.engine.core.state import Phase, State

if TYPE_CHECKING:
    from spadeslib.compiler.action_ids import ActionSpace

__all__ = ["RULES", "options", "refresh_seen", "refusal"]

# Every deal and every bid asks whether some seat may still bid blind (``refresh_seen``),
# so the variant is read through the flags compiled into ``Rules`` (``blind_bids``: none
# of this work at all without a blind option; ``partnership``), and a seat's options are
# cached by the key the compiler reduces its situation to (:func:`.blind.key`).

_BID: Final = Phase.BID
_BLIND: Final = Phase.BLIND
_OVER: Final = Phase.OVER


def _auction_end(state: State, seat: int) -> B.AuctionEnd:
    """:attr:`~spadeslib.compiler.bidding.BlindContext.last`, ``nil_last`` and
    ``others_total``: in the auction (at the seat's turn, or in the blind decision
    interrupting it) a blind bid or a Blind Nil may close the round with a forbidden
    total; elsewhere, and where no total is forbidden, the defaults."""
    if not (state.rules.relevant.seat_total and _BID in (state.phase, state.resume)):
        return B.NO_END
    last = closes_round(state, seat)
    nil_last = not state.rules.partnership and closes_round(state, seat, team=False)
    return last, nil_last, others_total(state, seat)


def context(state: State, seat: int) -> B.BlindContext:
    """The :class:`~spadeslib.compiler.bidding.BlindContext` of ``seat`` now."""
    return B.context(state.rules, state, seat, _auction_end(state, seat))


def options(state: State, seat: int) -> list[int]:
    """The blind action ids open to ``seat`` now (``look`` included), or ``[]`` when it has
    none and should simply see its cards."""
    return list(_options(state, seat))


def _options(state: State, seat: int) -> tuple[int, ...]:
    """:func:`options`, as the cached tuple."""
    rules = state.rules
    if (
        not rules.blind_bids
        or state.bids[seat] != NO_BID
        or (rules.first_deal_bids_itself and state.first_deal)
        or rules.draws
    ):  # no blind option in the variant, the seat has bid, or no auction this deal
        return ()
    if state.side_blind >> rules.side_of[seat] & 1:
        return ()
    if rules.partnership and seat not in rules.captains[state.dealer]:
        return ()
    end = _auction_end(state, seat) if rules.relevant.seat_total else B.NO_END
    return _option_ids(state.space, B.key(rules, state, seat, end))


@rules_cache(4096, lambda space: space.rules)  # kept with the rules, not for ever
def _option_ids(space: ActionSpace, key: B.BlindKey) -> tuple[int, ...]:
    """The blind action ids of a situation's key (:func:`.blind.key`), sorted, ``look``
    included; ``()`` when there is none."""
    blind_nil, bids = B.options(space.rules, key)
    out = [space.BLIND_NIL] if blind_nil else []
    out.extend(space.BLIND + bid for bid in bids)
    if out:
        out.append(space.LOOK)
        out.sort()
    return tuple(out)


def refresh_seen(state: State) -> None:
    """Let every seat that can no longer bid blind see its cards."""
    rules = state.rules
    everyone = rules.everyone
    if state.seen == everyone:
        return
    if not rules.blind_bids:
        state.seen = everyone
        return
    if rules.partnership:
        _refresh_sides(state)
        return
    for seat in rules.look_orders[state.dealer]:
        if not state.seen >> seat & 1 and not _options(state, seat):
            state.seen |= 1 << seat


def _refresh_sides(state: State) -> None:
    """:func:`refresh_seen` in a partnership auction: a captain may still bid blind if it
    has a blind option; a partner waits, unseen, while its captain has not looked and may
    still make the side's blind bid (only the captain decides, so the partner's own
    options are always empty).

    Each captain's options are worked out once: they depend on the seen bits of its own
    side alone among what changes here, so they are reused while those bits are the same.
    """
    rules = state.rules
    captains = rules.captains[state.dealer]
    side_of = rules.side_of
    side_masks = rules.side_masks
    known: dict[int, tuple[int, tuple[int, ...]]] = {}

    def captain_options(captain: int) -> tuple[int, ...]:
        mates_seen = state.seen & side_masks[side_of[captain]]
        found = known.get(captain)
        if found is None or found[0] != mates_seen:
            found = known[captain] = (mates_seen, _options(state, captain))
        return found[1]

    blind_ids = state.space.blind_ids
    for seat in rules.look_orders[state.dealer]:
        if state.seen >> seat & 1:
            continue
        if seat in captains:
            possible = bool(captain_options(seat))
        else:
            possible = False
            for captain in captains:
                if side_of[captain] == side_of[seat]:
                    possible = not state.seen >> captain & 1 and any(
                        a in blind_ids for a in captain_options(captain)
                    )
                    break
        if not possible:
            state.seen |= 1 << seat


def start(state: State) -> None:
    """At the start of a deal: the seats that see their cards as soon as they are dealt."""
    state.resume = _OVER
    rules = state.rules
    if not rules.blind_bids or not B.anyone_eligible(rules, tuple(state.scores), state.first_deal):
        state.seen = rules.everyone
        return
    state.seen = 0
    refresh_seen(state)


def enter(state: State) -> bool:
    """The player to act has not looked at its cards: interrupt its phase for a blind
    decision if it has one. A seat with no blind decision of its own (a partner waiting
    for its captain's team decision) that must act first, say to discard a kitty, looks,
    and so its side can no longer bid blind."""
    seat = state.actor
    if options(state, seat):
        state.resume = state.phase
        state.phase = _BLIND
        return True
    state.seen |= 1 << seat
    refresh_seen(state)
    return False


def legal(state: State) -> list[int]:
    return list(_options(state, state.actor))


def _with_scores(state: State, seat: int, found: tuple[str, str]) -> tuple[str, str]:
    """An eligibility refusal says what the scores are."""
    reason, rule = found
    if rule.endswith(".eligibility"):
        rules = state.rules
        scores = ", ".join(
            f"side {index} ({'+'.join(map(str, rules.sides[index]))}) {score}"
            for index, score in enumerate(state.scores)
        )
        reason = f"{reason} (seat {seat} is in side {rules.side_of[seat]}; scores: {scores})"
    return reason, rule


def refusal(state: State, seat: int, action_id: int) -> tuple[str, str] | None:
    """Why ``seat`` may not make the blind action ``action_id`` now (``blind nil`` or
    ``blind N``), whatever phase it is in; ``None`` for another action. The rule that
    forbids it comes first (eligibility, with the scores; the partner's minimum; the
    total), then the timing (the seat or its partner has looked)."""
    space = state.space
    rules = state.rules
    ctx = context(state, seat)
    if action_id == space.BLIND_NIL:
        found = B.blind_nil_problem(rules, ctx)
        what = "Blind Nil"
    elif action_id in space.blind_ids:
        found = B.blind_bid_problem(rules, ctx, action_id - space.BLIND)
        what = "a blind bid"
    else:
        return None
    if found is not None:
        return _with_scores(state, seat, found)
    rule = "bidding.blind_nil" if action_id == space.BLIND_NIL else "bidding.blind"
    if rules.partnership and seat not in rules.captains[state.dealer]:
        return (f"in a partnership auction only the side's first bidder decides {what}", rule)
    if state.bids[seat] != NO_BID:
        return (f"seat {seat} has already bid", rule)
    if state.seen >> seat & 1:
        return (f"seat {seat} has looked at its cards; {what} is made before looking", rule)
    if action_id in _options(state, seat):
        return None
    return (f"{what} is not open here", rule)


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    seat = state.actor
    if action_id in _options(state, seat):
        return None
    found = refusal(state, seat, action_id)
    if found is not None:
        return found
    return (f"seat {seat} has not looked at its cards: bid blind or 'look' first", "bidding.blind")


def apply(state: State, action_id: int) -> None:
    seat = state.actor
    space = state.space
    rules = state.rules
    state.seen |= 1 << seat
    if action_id == space.BLIND_NIL:
        state.bids[seat] = BLIND_NIL
        state.nil_seats |= 1 << seat
    elif action_id != space.LOOK:
        bid = action_id - space.BLIND
        side = rules.side_of[seat]
        state.side_blind |= 1 << side
        state.contracts[side] = bid
        for member in rules.sides[side]:
            state.seen |= 1 << member
        come_out = rules.variant.bidding.blind.come_out_to
        if come_out is not None and bid < come_out:
            state.come_out_side = side
    resume = state.resume
    state.phase = resume
    state.resume = _OVER
    refresh_seen(state)
    state.table[resume].resume(state)


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply, start=start)
