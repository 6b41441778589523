"""A game with one seat's hidden cards resampled: OpenSpiel's ``ResampleFromInfostate``.

IS-MCTS searches from deals the seat cannot tell from the real one. :func:`resampled`
draws the hidden cards' places now (:class:`~spadeslib.engine.search.determinize.Determinizer`),
works the current deal back to a deal as dealt that leads there, choosing the hidden
choices of the other seats at random among the cards that could have been chosen (a
card passed or given between two other seats, another seat's discard, a kitty's cards,
the other player's draws), and replays the game with that deal: the replay checks every
action, so the new game is one the rules reach. What the seat saw (its own choices, its
partner's cards passed or given to it, everything public) is kept exactly, so its
observation does not change. A placement the replay refuses (one that contradicts a rule
the placement does not know, such as who must lead the 2 of clubs), or one whose replay
the seat could tell apart (a different seat to lead the lowest club before any card is
played), is drawn again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from spadeslib.bits import bits_of
from spadeslib.cards import Card
from spadeslib.compiler.bids import NIL, NO_BID
from spadeslib.engine.core.flow import kitty_taker
from spadeslib.engine.core.positions import replay
from spadeslib.engine.core.shuffle import SplitMix64, shuffled
from spadeslib.engine.core.state import Phase, State
from spadeslib.engine.search.determinize import OUT, Determinizer, Weight
from spadeslib.engine.search.knowledge import Knowledge, read
from spadeslib.engine.views.observation import observe
from spadeslib.errors import RecordError, SpadesError

__all__ = ["resampled"]

ATTEMPTS = 50
"""Placements drawn before giving up on one that the replay accepts."""


def _pick(rng: SplitMix64, mask: int) -> int:
    """A uniformly chosen bit of ``mask`` (not empty)."""
    bits = bits_of(mask)
    return bits[rng.below(len(bits))]


def _face_bit(state: State, face_id: int, base: int, mask: int) -> int:
    """A bit of ``mask`` holding the face of the card action ``face_id``."""
    space = state.space
    held = mask & space.face_mask[space.face_bits[face_id - base]]
    if not held:
        raise _Retry
    return (held & -held).bit_length() - 1


def _choose(rng: SplitMix64, pool: int, wanted: int, barred: int) -> int:
    """A card of ``pool`` for a hidden choice: one of ``wanted`` if the pool has one (a
    card the chooser must have held before, such as its cut card), never one of
    ``barred`` (a card the other side held from the start)."""
    first = pool & wanted
    if first:
        return _pick(rng, first)
    pool &= ~barred
    if not pool:
        raise _Retry
    return _pick(rng, pool)


class _Retry(Exception):
    """This placement cannot be worked back to a deal."""


def _work_back(
    state: State, seat: int, hands: Sequence[int], rng: SplitMix64
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], list[int]]:
    """The deal as dealt and this deal's actions before the play, for the placement
    ``hands`` of every seat's cards now."""
    rules = state.rules
    space = state.space
    players = state.players
    played = [0] * players
    for leader, bits in [*state.trick_log, (state.leader, tuple(state.trick))]:
        for index, bit in enumerate(bits):
            played[(leader + index) % players] |= 1 << bit
    holdings = _disjoint(state, hands, played)
    placed = 0
    for mask in holdings:
        placed |= mask
    out = rules.full_mask & ~placed  # out of play: discards, a widow
    mine_out = state.discarded[seat]
    decisions = list(state.decisions)
    ids = [action_id for _, action_id in decisions]
    leftover: list[int] = []
    passing_done = False
    stock: list[int] = []
    cut_back = list(state.cut_given)
    pinned = [0] * players
    """The cards each seat must hold when the deal began (:func:`_dealt_to`)."""
    for bit, to in _dealt_to(state).items():
        pinned[to] |= 1 << bit
    for index in range(len(decisions) - 1, -1, -1):
        actor, action_id = decisions[index]
        kind = space.action(action_id).kind
        partner = rules.partner_of[actor]
        if kind == "give":
            assert partner is not None
            if seat in (actor, partner):
                bit = _face_bit(state, action_id, space.GIVE, holdings[partner])
            else:
                bit = _choose(rng, holdings[partner], pinned[actor], pinned[partner])
                ids[index] = space.card_id("give", bit)
            holdings[partner] &= ~(1 << bit)
            holdings[actor] |= 1 << bit
        elif kind == "discard":
            if actor == seat:
                bit = _face_bit(state, action_id, space.DISCARD, out & mine_out)
            else:
                bit = _choose(rng, out & ~mine_out, pinned[actor], 0)
                ids[index] = space.card_id("discard", bit)
            out &= ~(1 << bit)
            holdings[actor] |= 1 << bit
        elif kind == "pass" and not passing_done:
            passing_done = True
            _pass_back(state, seat, holdings, decisions=decisions, ids=ids, rng=rng, pinned=pinned)
        elif kind == "split":
            leftover[:0] = _split_back(state, seat, holdings, decision=decisions[index], rng=rng)
        elif kind in ("keep", "reject"):
            stock[:0] = _draw_back(state, seat, holdings, index=index, rng=rng, out=out)
            out &= ~(1 << stock[0]) & ~(1 << stock[1])
        elif kind == "cut":
            bit = cut_back.pop()
            holdings[len(cut_back)] &= ~(1 << bit)
    if rules.draws:  # then the cards still in the stock: the top one if the seat sees it
        rest = out & ~state.discarded[seat]
        top: list[int] = []
        if state.phase == Phase.DRAW and state.actor == seat and state.stock_pos < len(state.stock):
            top = [state.stock[state.stock_pos]]
            rest &= ~(1 << top[0])
        remaining = bits_of(rest)
        order = shuffled(len(remaining), rng)
        return ((0,) * players, (*stock, *top, *(remaining[k] for k in order))), ids
    sizes = [mask.bit_count() for mask in state.dealt[0]]  # how many each was dealt: public
    if rules.variant.deal.leftover.kind == "kitty" and state.leftover:
        # the kitty's cards, from its taker (who took it is public)
        taker = kitty_taker(rules, state.deals[-1][0], list(state.dealt[0]), state.leftover)
        barred = pinned[taker]
        for _ in range(max(holdings[taker].bit_count() - sizes[taker], 0)):
            bit = _choose(rng, holdings[taker], 0, barred)
            holdings[taker] &= ~(1 << bit)
            leftover.append(bit)
    expected = len(state.dealt[1]) - len(state.cut)
    if len(leftover) < expected:  # a widow, or left-over cards no hand has taken yet
        taken = 0
        for bit in leftover:
            taken |= 1 << bit
        aside = bits_of(out & ~taken & ~mine_out)
        order = shuffled(len(aside), rng)
        leftover += [aside[k] for k in order]
    if [mask.bit_count() for mask in holdings] != sizes or len(leftover) != expected:
        raise _Retry
    return (tuple(holdings), (*state.cut, *leftover)), ids


def _disjoint(state: State, hands: Sequence[int], played: list[int]) -> list[int]:
    """The placement with the cards played added, each card's copy a distinct bit: with
    two packs the placement may name either copy of a face, and the copy the log played
    is the one it must not name again (identical cards: the seat cannot tell them apart)."""
    used = 0
    for mask in played:
        used |= mask
    if state.one_pack:
        return [hand | mine for hand, mine in zip(hands, played, strict=True)]
    face_mask = state.rules.face_mask
    out = []
    for hand, mine in zip(hands, played, strict=True):
        kept = 0
        for placed in bits_of(hand):
            bit = placed
            if used >> bit & 1:
                free = face_mask[bit] & ~used
                if not free:
                    raise _Retry
                bit = (free & -free).bit_length() - 1
            used |= 1 << bit
            kept |= 1 << bit
        out.append(kept | mine)
    return out


def _pass_back(
    state: State,
    seat: int,
    holdings: list[int],
    *,
    decisions: list[tuple[int, int]],
    ids: list[int],
    rng: SplitMix64,
    pinned: list[int],
) -> None:
    """Undo the hand-over of the passes (all at once), choosing the passes the seat did
    not see; while the passing goes on, nothing has changed hands yet: a pass so far is
    a card of the passer's own hand, set aside."""
    rules = state.rules
    space = state.space
    now = state.resume if state.phase == Phase.BLIND else state.phase
    handed_over = now != Phase.PASS
    passed = []
    for actor in range(state.players):
        partner = rules.partner_of[actor]
        assert partner is not None
        if seat in (actor, partner) and (handed_over or actor == seat):
            passed.append(state.passed[actor])
            continue
        count = sum(1 for who, a in decisions if who == actor and space.action(a).kind == "pass")
        source = holdings[partner] if handed_over else holdings[actor]
        wanted, barred = (pinned[actor], pinned[partner]) if handed_over else (0, 0)
        chosen = 0
        for _ in range(count):
            chosen |= 1 << _choose(rng, source & ~chosen, wanted, barred)
        passed.append(chosen)
        order = bits_of(chosen)
        at = 0
        for k, (who, action_id) in enumerate(decisions):
            if who == actor and space.action(action_id).kind == "pass":
                ids[k] = space.card_id("pass", order[at])
                at += 1
    if not handed_over:
        return
    for actor in range(state.players):
        partner = rules.partner_of[actor]
        assert partner is not None
        holdings[partner] &= ~passed[actor]
    for actor in range(state.players):
        holdings[actor] |= passed[actor]


def _split_back(
    state: State, seat: int, holdings: list[int], *, decision: tuple[int, int], rng: SplitMix64
) -> list[int]:
    """Undo Mitchell's split at ``decisions[index]``: the left-over cards it gave, in the
    order they were dealt aside."""
    from spadeslib.compiler.action_ids import SPLITS

    rules = state.rules
    actor, action_id = decision
    mine, other = SPLITS[action_id - state.space.SPLIT]
    partner = rules.partner_of[actor]
    assert partner is not None
    taken: list[int] = []
    for member, count in ((actor, mine), (partner, other)):
        pool = holdings[member]
        if member == seat:
            pool &= state.seen_cards[seat]
        for _ in range(count):
            if not pool:
                raise _Retry
            bit = _pick(rng, pool) if member != seat else (pool & -pool).bit_length() - 1
            pool &= ~(1 << bit)
            holdings[member] &= ~(1 << bit)
            taken.append(bit)
    return taken


def _draw_back(
    state: State, seat: int, holdings: list[int], *, index: int, rng: SplitMix64, out: int
) -> list[int]:
    """Undo one turn of the two-handed draw: the two cards it took from the stock, top
    first."""
    actor, action_id = state.decisions[index]
    space = state.space
    keep = action_id == space.KEEP
    if actor == seat:  # what the seat saw itself
        turn = sum(1 for _, a in state.decisions[:index] if a in (space.KEEP, space.REJECT))
        top, following = state.stock[2 * turn], state.stock[2 * turn + 1]
        kept = top if keep else following
    else:
        pool = holdings[actor]
        spare = out & ~state.discarded[seat]
        if not pool or not spare:
            raise _Retry
        kept = _pick(rng, pool)
        dropped = _pick(rng, spare)
        top, following = (kept, dropped) if keep else (dropped, kept)
    holdings[actor] &= ~(1 << kept)
    return [top, following]


def _dealt_to(state: State) -> dict[int, int]:
    """The cards everyone knows a seat was dealt: each French cut card, and the 2 of clubs
    of a kitty's taker that took it for that card."""
    rules = state.rules
    out = {bit: to for to, bit in enumerate(state.cut_given)}
    leftover = rules.variant.deal.leftover
    if leftover.kind == "kitty" and state.leftover:
        dealer = state.deals[-1][0]
        taker = kitty_taker(rules, dealer, list(state.dealt[0]), state.leftover)
        if taker != dealer:
            two = rules.mask_of([Card.parse("2C")])
            out[(two & -two).bit_length() - 1] = taker
    return out


def _public_cards(
    state: State, seat: int, knowledge: Knowledge
) -> tuple[Knowledge, dict[int, set[int]]]:
    """Add what the public actions say of the cards dealt to a known seat
    (:func:`_dealt_to`): a seat that has passed, given and discarded nothing since still
    holds its card (or played it); one that has is still holding it, or its partner is,
    or it is out of play."""
    dealt = _dealt_to(state)
    if not dealt:
        return knowledge, {}
    space = state.space
    rules = state.rules
    now = state.resume if state.phase == Phase.BLIND else state.phase
    moving = {"give", "discard"} | ({"pass"} if now != Phase.PASS else set())
    movers = {actor for actor, a in state.decisions if space.action(a).kind in moving}
    known = list(knowledge.known)
    unknown = knowledge.unknown
    restrict: dict[int, set[int]] = {}
    for bit, to in dealt.items():
        if to == seat or not unknown >> bit & 1:
            continue
        if to not in movers:
            known[to] |= 1 << bit
            unknown &= ~(1 << bit)
        else:
            restrict[bit] = {to, OUT} | {p for p in (rules.partner_of[to],) if p is not None}
    return dataclasses.replace(knowledge, known=tuple(known), unknown=unknown), restrict


def _trump_counts(
    state: State, seat: int, knowledge: Knowledge
) -> dict[tuple[int, int], tuple[int, int]]:
    """What the bids of Mirror and Whiz say: how many trumps each seat was dealt, and so
    how many of the unknown ones it holds now (unless cards changed hands since)."""
    rules = state.rules
    forced = rules.variant.bidding.forced
    kind = getattr(forced, "kind", None)
    space = state.space
    if kind not in ("mirror", "whiz") or any(
        space.action(a).kind in ("give", "pass", "discard") for _, a in state.decisions
    ):
        return {}
    trumps = rules.suit_masks[0]
    played = [0] * state.players
    for leader, bits in [*state.trick_log, (state.leader, tuple(state.trick))]:
        for index, bit in enumerate(bits):
            played[(leader + index) % state.players] |= 1 << bit
    made: dict[int, int] = {}  # the tricks each seat's partners bid before it
    before: dict[int, int] = {}
    for who, action_id in state.decisions:
        if who in before or action_id not in space.auction_ids:
            continue
        side = rules.sides[rules.side_of[who]]
        before[who] = sum(made.get(p, 0) for p in side if p != who)
        bid = state.bids[who]
        made[who] = bid if bid >= 0 else 0
    out: dict[tuple[int, int], tuple[int, int]] = {}
    for other, bid in enumerate(state.bids):
        if other == seat or other not in before or bid == NO_BID:
            continue
        room = rules.hand_size - before[other]
        if bid == NIL:
            if kind == "whiz" or room == 0:
                continue  # Whiz's Nil says nothing of the trumps
            low = high = 0
        elif bid < 0:
            continue
        else:
            low, high = bid, bid if bid < room or kind == "whiz" else rules.hand_size
        gone = (played[other] | knowledge.known[other]) & trumps
        low = max(low - gone.bit_count(), 0)
        high = max(high - gone.bit_count(), 0)
        out[(other, 0)] = (low, high)
    return out


def resampled(state: State, seat: int, rng: SplitMix64, *, weight: Weight | None = None) -> State:
    """A state ``seat`` cannot tell from ``state`` (see the module docstring): the same
    observation, the hidden cards drawn anew."""
    rules = state.rules
    if state.phase == Phase.OVER:  # every card has been shown
        return state.clone()
    observation = observe(state, seat, None)
    knowledge, restrict = _public_cards(state, seat, read(observation, rules))
    counts = _trump_counts(state, seat, knowledge)
    sampler = Determinizer(knowledge, weight=weight, restrict=restrict, suit_counts=counts)
    actions = state.actions()
    played = len(state.trick_log) * state.players + len(state.trick)
    before = len(actions) - len(state.decisions) - played
    plays = actions[len(actions) - played :] if played else []
    dealer = state.deals[-1][0]
    for _ in range(ATTEMPTS):
        hands = sampler.sample(rng)
        try:
            dealt, decided = _work_back(state, seat, hands, rng)
        except _Retry:
            continue
        deals = (*state.deals[:-1], (dealer, dealt))
        try:
            found = replay(
                rules.variant,
                state.seed,
                deals,
                [*actions[:before], *decided, *plays],
                native=state.native,
            )
        except RecordError:
            continue
        if observe(found, seat, None) == observation:
            return found
    raise SpadesError(f"no deal consistent with seat {seat}'s view was found in {ATTEMPTS} tries")
