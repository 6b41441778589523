"""The auction's fast paths give exactly the answers of the plain rules.

The engine lists legal bids and blind options from contexts it fills only where
:class:`spadeslib.compiler.bidding.Relevant` says a part can matter, caches the ids by those
parts, and reads the variant through flags compiled into ``Rules``. Each shortcut is
checked against the plain computation it replaces: the compiler's answers for the full
context, the options and seen seats worked out seat by seat, the flags read from the
model.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from spadeslib.compiler import bidding as B
from spadeslib.compiler.bidding.ids import team_id
from spadeslib.compiler.bids import NIL, NO_BID
from spadeslib.compiler.rules import Rules
from spadeslib.engine import Game
from spadeslib.engine.core import flow
from spadeslib.engine.core.phases import bidding, blind, misdeal
from spadeslib.engine.core.state import Phase, State
from spadeslib.loader import bundled_variants
from spadeslib.testing import variants
from spadeslib.variant import Variant, load_variant

BUNDLED = sorted(bundled_variants())
AUCTION = ("bidding", "blind")


# -- the compiled flags ------------------------------------------------------------------


def check_flags(rules: Rules) -> None:
    v = rules.variant
    assert rules.partnership == (v.bidding.form.kind == "partnership")
    assert rules.blind_bids == (v.bidding.blind_nil.enabled or v.bidding.blind.enabled)
    assert rules.misdeals == bool(v.misdeal.conditions)
    assert rules.first_deal_bids_itself == v.bidding.first_deal_bids_itself
    assert rules.draws == (v.deal.method.kind == "draw_and_discard")
    assert rules.everyone == (1 << rules.players) - 1
    assert rules.side_masks == tuple(sum(1 << s for s in side) for side in rules.sides)
    assert rules.cut_cards == (rules.players if v.deal.french_cut else 0)
    per_hand = 0 if rules.draws else rules.hand_size - (1 if v.deal.french_cut else 0)
    assert rules.dealt_per_hand == per_hand
    assert rules.copies == tuple(rules.card_bits(card) for card in rules.deck)


def test_flags_of_the_bundled_variants() -> None:
    for name in BUNDLED:
        check_flags(load_variant(name).compile())


@given(variants())
def test_flags_of_any_variant(variant: Variant) -> None:
    check_flags(variant.compile())


# -- Relevant: the parts of a context that can change the legal bids ---------------------

BIDS = st.integers(NO_BID, 13)


def seat_key(rules: Rules, ctx: B.SeatContext) -> B.SeatContext:
    use = rules.relevant
    return B.SeatContext(
        partner_bids=ctx.partner_bids if use.seat_partners else (),
        trumps=ctx.trumps if use.seat_trumps else 0,
        last=ctx.last if use.seat_total else False,
        others_total=ctx.others_total if use.seat_total else 0,
    )


def blind_key(rules: Rules, ctx: B.BlindContext) -> B.BlindContext:
    use, total = rules.relevant.blind, rules.relevant.seat_total
    behind = 0
    if use.behind is not None:
        behind = min(max(ctx.behind, use.behind[0]), use.behind[1])
    return B.BlindContext(
        behind=behind,
        first_deal=ctx.first_deal if use.first_deal else False,
        side_blind_nils=ctx.side_blind_nils if use.blind_nil else 0,
        partner_bid=ctx.partner_bid if use.partner else NO_BID,
        partners_unseen=ctx.partners_unseen if use.blind else True,
        side_bid=ctx.side_bid if use.blind else False,
        last=ctx.last if total else False,
        nil_last=ctx.nil_last if total else False,
        others_total=ctx.others_total if total else 0,
    )


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(variants(), st.data())
def test_what_relevant_leaves_out_changes_no_legal_bid(
    variant: Variant, data: st.DataObject
) -> None:
    rules = variant.compile()
    hand = rules.hand_size
    for _ in range(8):
        seat_ctx = B.SeatContext(
            partner_bids=tuple(
                b for b in data.draw(st.lists(BIDS, max_size=2)) if b not in (NO_BID, 0)
            ),
            trumps=data.draw(st.integers(0, hand)),
            last=data.draw(st.booleans()),
            others_total=data.draw(st.integers(0, hand * 2)),
        )
        assert B.seat_bids(rules, seat_ctx) == B.seat_bids(rules, seat_key(rules, seat_ctx))
        last, total = data.draw(st.booleans()), data.draw(st.integers(0, hand * 2))
        team = B.TeamContext(data.draw(st.booleans()), last, total)
        plain = B.TeamContext(team.captain_blind_nil)
        if rules.relevant.seat_total:
            plain = team
        assert B.team_bids(rules, team) == B.team_bids(rules, plain)
        ctx = B.BlindContext(
            behind=data.draw(st.integers(-600, 600)),
            first_deal=data.draw(st.booleans()),
            side_blind_nils=data.draw(st.integers(0, 3)),
            partner_bid=data.draw(BIDS),
            partners_unseen=data.draw(st.booleans()),
            side_bid=data.draw(st.booleans()),
            last=data.draw(st.booleans()),
            nil_last=data.draw(st.booleans()),
            others_total=data.draw(st.integers(0, hand * 2)),
        )
        key = blind_key(rules, ctx)
        assert (B.blind_nil_problem(rules, ctx) is None) == (
            B.blind_nil_problem(rules, key) is None
        )
        assert B.blind_bids(rules, ctx) == B.blind_bids(rules, key)


# -- the engine: legal ids, blind options and seen seats as the plain code finds them ---


def plain_options(state: State, seat: int) -> list[int]:
    """Blind options from the full context, reading the variant model."""
    rules = state.rules
    v = rules.variant
    if (v.bidding.first_deal_bids_itself and state.first_deal) or (
        v.deal.method.kind == "draw_and_discard"
    ):
        return []
    if state.bids[seat] != NO_BID:
        return []
    side = rules.side_of[seat]
    if state.side_blind >> side & 1:
        return []
    if v.bidding.form.kind == "partnership" and seat not in rules.captains[state.dealer]:
        return []
    ctx = blind.context(state, seat)
    space = state.space
    out: list[int] = []
    if B.blind_nil_problem(rules, ctx) is None:
        out.append(space.BLIND_NIL)
    out.extend(space.BLIND + bid for bid in B.blind_bids(rules, ctx))
    if out:
        out.append(space.LOOK)
        out.sort()
    return out


def plain_possible(state: State, seat: int) -> bool:
    if plain_options(state, seat):
        return True
    rules = state.rules
    if rules.variant.bidding.form.kind == "partnership":
        side = rules.side_of[seat]
        for captain in rules.captains[state.dealer]:
            if rules.side_of[captain] == side and captain != seat:
                if state.seen >> captain & 1:
                    return False
                return any(
                    state.space.action(a).kind == "blind" for a in plain_options(state, captain)
                )
    return False


def plain_refresh(state: State) -> None:
    everyone = (1 << state.players) - 1
    if state.seen == everyone:
        return
    bidding_ = state.rules.variant.bidding
    if not (bidding_.blind_nil.enabled or bidding_.blind.enabled):
        state.seen = everyone
        return
    captains = state.rules.captains[state.dealer]
    order = captains + tuple(s for s in range(state.players) if s not in captains)
    for seat in order:
        if not state.seen >> seat & 1 and not plain_possible(state, seat):
            state.seen |= 1 << seat


def plain_bids(state: State) -> list[int]:
    """The first round's legal ids from the full contexts, reading the variant model."""
    seat = state.actor
    space = state.space
    rules = state.rules
    if rules.variant.bidding.form.kind == "partnership":
        ctx = bidding.team_context(state, seat)
        out = sorted(team_id(space, bid) for bid in B.team_bids(rules, ctx))
    else:
        seat_ctx = bidding.seat_context(state, seat)
        out = sorted(
            space.NIL if bid == NIL else space.BID + bid for bid in B.seat_bids(rules, seat_ctx)
        )
    if rules.variant.misdeal.conditions and misdeal.problem(state, seat) is None:
        out.append(space.MISDEAL)
        out.sort()
    return out


def check_auction_step(game: Game, rng: random.Random) -> None:
    s = flow.deal_if_due(game._s)  # up to date, also while the native core plays the deal
    if s.phase == Phase.BID and s.come_out_side != s.rules.side_of[s.actor]:
        assert game.legal_action_ids() == plain_bids(s)
    if s.phase == Phase.BLIND:
        assert game.legal_action_ids() == plain_options(s, s.actor)
    for seat in range(s.players):
        assert blind.options(s, seat) == plain_options(s, seat)
        # the compiler's key is the full situation with what cannot matter left out
        end = blind._auction_end(s, seat)
        full = B.blind.context(s.rules, s, seat, end)
        assert B.blind.key(s.rules, s, seat, end) == tuple(blind_key(s.rules, full))
    # the seen seats: from the same start, the fast refresh sees whom the plain one sees
    start = s.seen & rng.getrandbits(s.players)
    fast, plain = s.clone(), s.clone()
    fast.seen = plain.seen = start
    blind.refresh_seen(fast)
    plain_refresh(plain)
    assert fast.seen == plain.seen


def play_auctions(game: Game, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if game.is_over:
            return
        if game.phase in AUCTION:
            check_auction_step(game, rng)
        ids = game.legal_action_ids()
        game.apply_id(ids[rng.randrange(len(ids))])


def test_bundled_auctions_match_the_plain_rules() -> None:
    for name in BUNDLED:
        variant = load_variant(name)
        for seed in range(4):
            play_auctions(Game(variant, seed=seed), random.Random(seed), 400)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=examples(40))
@given(variants(partnerships="pairs"), st.integers(0, 2**32))
def test_auctions_with_partners_match_the_plain_rules(variant: Variant, seed: int) -> None:
    play_auctions(Game(variant, seed=seed), random.Random(seed), 250)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(variants(), st.integers(0, 2**32))
def test_any_auction_matches_the_plain_rules(variant: Variant, seed: int) -> None:
    play_auctions(Game(variant, seed=seed), random.Random(seed), 250)


def test_blind_decisions_behind_on_the_scores() -> None:
    """Blind Nil eligibility depends on the score gap: clamped for the cache, never for
    the answer (standard: behind by 100)."""
    variant = load_variant("standard")
    for gap in (-250, -100, 0, 90, 99, 100, 101, 300):
        game = Game(variant, seed=11, dealer=3)
        s = game._s
        s.scores = [0, gap]
        s.seen = 0
        blind.refresh_seen(s)
        plain = s.clone()
        plain.seen = 0
        plain_refresh(plain)
        assert s.seen == plain.seen
        for seat in range(4):
            assert blind.options(s, seat) == plain_options(s, seat)
