"""Left-over cards: the kitty's discard and Michael Mitchell's rule
(docs/format.md, `deal.leftover`).

*Kitty*: the left-over cards join the taker's hand when dealt (the dealer, or the holder of
the 2 of clubs: :func:`spadeslib.engine.core.flow.kitty_taker`); the taker discards as many,
face down, before or after the bidding (``deal.leftover.discard``). *Widow*: the cards stay
aside and are shown in the deal's result after the play (nothing to decide here).
*Mitchell*: after the bidding the side with the higher contract takes both cards, its
captain deciding how they are split between the partners (``split 2/0``, ``split 1/1``,
``split 0/2``: the captain's count first); on equal contracts each side takes one
(``split 1/0`` or ``split 0/1``), the first side in bidding order the first card. Then
whoever took cards discards as many.
"""

from __future__ import annotations

from spadeslib.compiler.action_ids import SPLITS
from spadeslib.engine.core import flow
from spadeslib.engine.core.phases.choose import choices, chosen, continue_step
from spadeslib.engine.core.state import State

__all__ = ["KITTY", "MITCHELL"]


def _kitty_enter(state: State) -> bool:
    count = state.leftover.bit_count()
    if not count:
        return False
    size = state.rules.hand_size
    taker = next(seat for seat, hand in enumerate(state.hands) if hand.bit_count() > size)
    state.steps = (("discard", taker, count),)
    state.step = 0
    flow.give_turn(state, taker)
    return True


def _mitchell_enter(state: State) -> bool:
    rules = state.rules
    if not state.leftover:
        return False
    captains = rules.captains[state.dealer]
    contracts = [state.contracts[rules.side_of[c]] for c in captains]
    steps: tuple[tuple[str, int, int], ...]
    if contracts[0] == contracts[1]:
        steps = (("split", captains[0], 1), ("split", captains[1], 1))
    else:
        winner = captains[0] if contracts[0] > contracts[1] else captains[1]
        steps = (("split", winner, 2),)
    state.steps = steps
    state.step = 0
    flow.give_turn(state, steps[0][1])
    return True


def _legal(state: State) -> list[int]:
    kind, seat, count = state.steps[state.step]
    if kind == "split":
        return [state.space.split_id(mine, count - mine) for mine in range(count + 1)]
    return choices(state, "discard", state.hands[seat])


def _rule(state: State) -> str:
    return "deal.leftover"


def _problem(state: State, action_id: int) -> tuple[str, str] | None:
    kind, seat, count = state.steps[state.step]
    if kind == "split":
        if action_id in _legal(state):
            return None
        return (
            f"seat {seat} splits {count} left-over card(s) between itself and its "
            f"partner, like 'split {count}/0'",
            "deal.leftover",
        )
    found = chosen(state, "discard", action_id, state.hands[seat], rule="deal.leftover")
    return found if isinstance(found, tuple) else None


def _apply(state: State, action_id: int) -> None:
    kind, seat, count = state.steps[state.step]
    rules = state.rules
    if kind == "split":
        mine, _ = SPLITS[action_id - state.space.SPLIT]
        partner = rules.partner_of[seat]
        assert partner is not None
        cards = [bit for bit in state.dealt[1] if state.leftover >> bit & 1]
        given = sum(step[2] for step in state.steps[: state.step])
        taking = cards[given : given + count]
        extra: list[tuple[str, int, int]] = []
        for member, bits in ((seat, taking[:mine]), (partner, taking[mine:])):
            for bit in bits:
                state.hands[member] |= 1 << bit
                state.seen_cards[member] |= 1 << bit
            if bits:
                extra.append(("discard", member, len(bits)))
        state.steps = state.steps + tuple(extra)
    else:
        found = chosen(state, "discard", action_id, state.hands[seat], rule="deal.leftover")
        assert isinstance(found, int)
        state.hands[seat] &= ~found
        state.discarded[seat] |= found
        if continue_step(state):
            return
    flow.advance(state)


KITTY = flow.PhaseRules(enter=_kitty_enter, legal=_legal, problem=_problem, apply=_apply)
MITCHELL = flow.PhaseRules(enter=_mitchell_enter, legal=_legal, problem=_problem, apply=_apply)
