"""The play: leading, following, breaking spades, winning tricks (docs/format.md, `play`).

Every card is played by the deal's :class:`~spadeslib.compiler.play.Play` (the compiled
rules' per-card path, native where the core is built), made when the phase starts and
kept in ``state.play``, which decides whether a card is legal as it plays it
(:func:`spadeslib.engine.core.apply.apply`); this module starts the play, explains a
refused card and ends the play. An action id of a play is the bit of its card (the first
copy of its face with two packs), so the legal mask *is* the set of legal ids.
"""

from __future__ import annotations

from spadeslib.compiler.bids import NIL, NO_BID, tricks_of
from spadeslib.compiler.play import DealPlay, new_play, why_illegal
from spadeslib.engine.core import flow
from spadeslib.engine.core.phases.elsewhere import out_of_place
from spadeslib.engine.core.phases.end import finish_deal
from spadeslib.engine.core.state import State

__all__ = ["RULES", "finish_play"]


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
    state.actor = leader
    state.start_play(new_play(rules, hands, leader, must_lead=state.must_lead, native=state.native))
    return True


def _leader_bid(state: State, seat: int) -> int:
    """A seat's bid for ``play.first_lead: highest_bidder``: its own number of tricks, or
    its side's contract when the side bid as a team."""
    bid = state.bids[seat]
    if bid == NO_BID:
        return state.contracts[state.rules.side_of[seat]]
    return tricks_of(bid) if bid != NIL else 0


def _play(state: State) -> DealPlay:
    play = state.play
    if play is None:  # pragma: no cover - the play phase always has its play
        raise AssertionError("the play phase has no play")
    return play


def legal(state: State) -> list[int]:
    return _play(state).legal_ids()


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    """Why the play refused ``action_id``: asked only after a refusal
    (:func:`spadeslib.engine.core.apply.refusal`), since the play decides a card's legality
    as it plays it."""
    space = state.space
    if not 0 <= action_id < space.size or space.plays[action_id] is None:
        return out_of_place(state, action_id, "play a card", "play")
    faces = space.face_mask[action_id]
    if _play(state).legal_mask() & faces:
        return None
    hand = state.hands[state.actor]
    if not hand & faces:
        return (f"seat {state.actor} does not hold {state.rules.deck[action_id]}", "play")
    return why_illegal(
        state.rules,
        action_id,
        hand=hand,
        trick=state.trick,
        trick_number=state.trick_number,
        must_lead=state.must_lead,
    )


def apply(state: State, action_id: int) -> None:
    """Play the card of ``action_id`` (legal: checked by the caller); the last card of
    the last trick ends the deal."""
    if _play(state).apply(action_id) == 1:
        finish_play(state)


def finish_play(state: State) -> None:
    """Every trick is played: the play's final position becomes the state's
    (:meth:`State.end_play`), and the deal is scored (with the numbers the native core
    keeps, where it played the deal from its first bid)."""
    play = state.end_play()
    finish_deal(state, play.scores(list(zip(state.bags, state.sets, strict=True))))


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
