"""The play: leading, following, breaking spades, winning tricks (A4, B1, B2, B12).

Everything about which card may be played is the compiled rules' (``rules.legal_plays``);
this module keeps the trick, the leader, the count of tricks and whether spades are
broken. The legal mask of the player to act is computed once and kept in ``state.legal``
until the next card, so listing and checking actions cost one AND each; an action id of a
play is the bit of its card (:mod:`spadeslib.engine.actions`), so the mask *is* the set of
legal ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from spadeslib.compiler.bids import NIL, NO_BID, tricks_of
from spadeslib.compiler.follow import allowed as _allowed
from spadeslib.engine import flow
from spadeslib.engine.bits import bits_of
from spadeslib.engine.phases.end import finish_deal
from spadeslib.engine.state import Phase, State

__all__ = ["RULES", "bits_of", "legal_mask", "play_card", "play_random"]


def enter(state: State) -> bool:
    rules = state.rules
    hands = state.hands
    state.seen = (1 << state.players) - 1
    bids = [_leader_bid(state, seat) for seat in range(state.players)]
    leader = rules.first_leader(state.dealer, hands, bids)
    state.must_lead = rules.first_lead_mask(hands)
    state.first_hands = tuple(hands)
    state.leader = leader
    state.trick = []
    state.trick_number = 0
    state.legal = -1
    state.actor = leader
    return True


def _leader_bid(state: State, seat: int) -> int:
    """A seat's bid for ``play.first_lead: highest_bidder``: its own number of tricks, or
    its side's contract when the side bid as a team."""
    bid = state.bids[seat]
    if bid == NO_BID:
        return state.contracts[state.rules.side_of[seat]]
    return tricks_of(bid) if bid != NIL else 0


def legal_mask(state: State) -> int:
    """The cards the player to act may play (cached in ``state.legal``)."""
    legal = state.legal
    if legal >= 0:
        return legal
    hand = state.hands[state.actor]
    trick = state.trick
    # A hand holding the led suit must follow it: the first rule of ``rules.legal_plays``,
    # answered here with the led suit's mask kept at the lead.
    legal = hand & state.follow if trick else 0
    if not legal:
        legal = state.rules.allowed(hand, trick, state.broken, state.trick_number, state.must_lead)
    state.legal = legal
    return legal


def legal(state: State) -> list[int]:
    mask = legal_mask(state)
    space = state.space
    if space.two_packs:
        mask = space.canonical(mask)
        # keep one id per face: the canonical bit of each face present
        out: list[int] = []
        for bit in bits_of(mask):
            canon = space.canonical_bits[bit]
            if not out or out[-1] != canon:
                out.append(canon)
        return out
    return bits_of(mask)


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    space = state.space
    if not 0 <= action_id < space.size or space.plays[action_id] is None:
        return (f"it is {_seat(state)}'s turn to play a card", "play")
    mask = legal_mask(state)
    faces = space.face_mask[action_id]
    if mask & faces:
        return None
    hand = state.hands[state.actor]
    if not hand & faces:
        return (f"seat {state.actor} does not hold {state.rules.deck[action_id]}", "play")
    return _why_not(state, action_id)


def _seat(state: State) -> str:
    return f"seat {state.actor}"


def _why_not(state: State, bit: int) -> tuple[str, str]:
    """Explain a card that is held but not playable: which rule holds it back."""
    rules = state.rules
    v = rules.variant
    trick = state.trick
    suit = rules.suit_of[bit]
    hand = state.hands[state.actor]
    names = "SHDC"
    if trick:
        led = rules.suit_of[trick[0]]
        if hand & rules.suit_masks[led]:
            return (f"must follow suit ({names[led]} was led)", "play")
        if state.trick_number == 0 and v.play.first_trick == "no_spades":
            return ("no spade may be played to the first trick", "play.first_trick")
        return (f"a player who cannot follow must play by play.void: {v.play.void}", "play.void")
    if state.must_lead:
        return (f"the first lead must be {rules.deck[_low(state.must_lead)]}", "play.first_lead")
    if suit == 0:
        if state.trick_number == 0 and v.play.first_trick != "any":
            return ("spades may not be led to the first trick", "play.first_trick")
        return ("spades may not be led yet", "play.spade_lead")
    return ("that card may not be played now", "play")  # pragma: no cover


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def apply(state: State, action_id: int) -> None:
    """Play the card of ``action_id`` (legal: checked by the caller) for the player to
    act; the fourth card of a trick decides it, the last trick ends the deal."""
    if state.one_pack:
        play_card(state, action_id)
    else:  # the lower copy of the face still held
        held = state.hands[state.actor] & state.space.face_mask[action_id]
        play_card(state, (held & -held).bit_length() - 1)


def play_card(state: State, bit: int) -> None:
    """Play ``bit`` (legal: checked by the caller) for the player to act.

    The steps of one card of :func:`play_random`, which keeps them in locals over a whole
    deal; they are written twice because a card applied from outside pays for every
    local it sets up. ``tests/test_rollout.py`` holds the two to the same games, over
    generated variants and from any position."""
    hands = state.hands
    seat = state.actor
    hands[seat] ^= _BIT[bit]
    trick = state.trick
    trick.append(bit)
    count = len(trick)
    if count > 1:  # the trick's winner so far, as ``rules.trick_winner`` would find it
        keys = state.lead_keys
        key = keys[bit]
        best = keys[trick[state.winning]]
        if key > best or (key == best and state.rules.later_wins):
            state.winning = count - 1
    else:
        _lead(state, bit)
    if state.breaks >> bit & 1:
        state.broken = True
    if count < state.players:
        seat += 1
        if seat == state.players:
            seat = 0
        state.actor = seat
        # the next player's legal plays when it can follow suit (see legal_mask); a void
        # hand is left to the compiled rules
        state.legal = hands[seat] & state.follow or -1
    else:
        state.legal = -1
        _end_trick(state, trick, state.winning)


def _lead(state: State, bit: int) -> tuple[int, int, tuple[int, ...]]:
    """Start a trick with ``bit``: keep the suit to follow, the cards that break spades
    and each card's key to win it, and return them; the lead is winning."""
    rules = state.rules
    suit = rules.suit_of[bit]
    state.follow = follow = rules.suit_masks[suit]
    state.breaks = breaks = state.space.breaking[suit]
    state.lead_keys = keys = rules.winner_keys[suit]
    state.winning = 0
    return follow, breaks, keys


def play_random(state: State, random: Callable[[], float]) -> int:
    """Play random legal cards to the end of the play, logging them (one pack only: a
    card's bit is its action id); return how many. Each is the ``int(random() * n)``-th
    lowest of the ``n`` legal bits, as the public loop would choose from the sorted ids
    (see :mod:`spadeslib.engine.rollout`). Within a trick it keeps the seat, the suit to
    follow, the legal mask, the card winning so far, the log and whether spades are
    broken in locals, and writes them back before anything else reads the state."""
    rules = state.rules
    hands = state.hands
    trick = state.trick
    count = len(trick)
    players = state.players
    seat = state.actor
    follow = state.follow
    breaks = state.breaks
    broken = state.broken
    legal = state.legal
    log = state.log
    keys = state.lead_keys  # within a trick, the key of the card winning it so far
    winning = state.winning
    best = keys[trick[winning]] if count else 0
    played = 0
    while True:
        if legal < 0:
            legal = _allowed(rules, hands[seat], trick, broken, state.trick_number, state.must_lead)
        skip = int(random() * legal.bit_count())
        while skip:
            legal &= legal - 1
            skip -= 1
        bit = (legal & -legal).bit_length() - 1
        log = (log, bit)
        hands[seat] ^= _BIT[bit]
        trick.append(bit)
        if count:
            key = keys[bit]
            if key > best or (key == best and rules.later_wins):
                best = key
                winning = count
        else:
            follow, breaks, keys = _lead(state, bit)
            best = keys[bit]
            winning = 0
        if breaks >> bit & 1:
            broken = True
        played += 1
        count += 1
        if count < players:
            seat += 1
            if seat == players:
                seat = 0
            legal = hands[seat] & follow or -1
        else:
            state.log = log
            state.broken = broken
            state.legal = legal = -1
            seat = _end_trick(state, trick, winning)
            if state.phase != _PLAY:
                return played
            trick = state.trick
            count = 0


def _end_trick(state: State, trick: list[int], winning: int) -> int:
    """Count the full ``trick``, won by its card at index ``winning``, log it, and have its
    winner lead the next one (the last trick ends the deal). Returns the winner."""
    rules = state.rules
    leader = state.leader
    winner = (leader + winning) % state.players
    state.tricks[winner] += 1
    state.trick_log.append((leader, tuple(trick)))
    state.trick = []
    state.trick_number += 1
    state.leader = winner
    state.actor = winner
    state.must_lead = 0
    if state.trick_number == rules.hand_size:
        finish_deal(state)
    return winner


_BIT = tuple(1 << bit for bit in range(128))
_PLAY: Final = Phase.PLAY


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
