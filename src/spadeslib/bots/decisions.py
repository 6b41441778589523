"""The cheap decisions: everything but the bids and the cards played (each is a rule of
thumb that costs no simulation).

- **Passing**: pass the lowest cards, spades last (the side keeps its strength where
  it is; partner is not handed losers it must ruff with).
- **Nil exchange**: the Nil bidder gives its highest cards; its partner gives
  back its lowest.
- **Discards** (kitty, Mitchell's rule): discard the lowest cards, spades last; a Nil
  bidder discards its highest.
- **Mitchell's split**: the extra cards go to a partner who did not bid Nil, the deciding
  player first.
- **French cut**: the two best turned-up cards (a trump first, then the strongest) to the
  cutter's side, the others to the opponents.
- **Two-handed draw**: keep a trump or a card among the top four of its suit; reject the
  rest (the next card is kept unseen instead).
- **Blind decisions** (Standard and Pro): ``look``, unless the side is far behind and the
  game nearly lost (an opponent within 150 of the target and 200 behind for Blind Nil, or
  within 100 and 100 behind for a blind bid of tricks, the smallest one).
- **Misdeal**: call it whenever the hand allows (the conditions describe weak hands).

Card sets are chosen among the legal actions by a score of their cards, so the choice is
always one the engine offers, one card at a time or all at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from spadeslib.bots.tables import Tables
from spadeslib.compiler import Rules
from spadeslib.engine import Action, Observation
from spadeslib.engine.search.knowledge import bit_of

__all__ = [
    "blind_choice",
    "card_set",
    "cut_choice",
    "draw_choice",
    "is_nil",
    "split_choice",
]


def is_nil(observation: Observation, seat: int) -> bool:
    """Whether ``seat`` bid Nil or Blind Nil this deal."""
    return observation.bids[seat] in ("nil", "blind nil")


def _value(rules: Rules, tables: Tables, action: Action) -> int:
    """The sum of the bots' order of an action's cards (higher: stronger cards)."""
    order = rules.order
    total = 0
    used = 0
    for card in action.cards:
        bit = bit_of(rules, card, used)
        used |= 1 << bit
        total += order[bit]
    return total


def card_set(rules: Rules, tables: Tables, legal: Sequence[Action], *, strongest: bool) -> Action:
    """The legal ``pass``/``give``/``discard`` of the strongest (or weakest) cards."""
    pick = max if strongest else min
    return pick(legal, key=lambda action: _value(rules, tables, action))


def split_choice(observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
    """Mitchell's split: the cards to a partner who did not bid Nil (see module)."""
    partner = rules.partner_of[observation.seat]
    mine_nil = is_nil(observation, observation.seat)
    partner_nil = partner is not None and is_nil(observation, partner)
    take = not mine_nil or partner_nil

    def share(action: Action) -> int:
        assert action.parts is not None
        return action.parts[0]

    return max(legal, key=share) if take else min(legal, key=share)


def _cut_value(rules: Rules, tables: Tables, bit: int) -> int:
    return rules.order[bit]


def cut_choice(
    observation: Observation, rules: Rules, tables: Tables, legal: Sequence[Action]
) -> Action:
    """The French cut: the best cards to the cutter's side (see module). The cards go
    out one at a time in seat order: a seat of the cutter's side gets the best card left,
    another seat the worst, so the side ends with the best ones."""
    side = rules.side_of[observation.seat]
    seat = len(observation.cut_given)
    ours = seat < rules.players and rules.side_of[seat] == side

    def worth(action: Action) -> int:
        return _cut_value(rules, tables, bit_of(rules, action.cards[0], 0))

    return max(legal, key=worth) if ours else min(legal, key=worth)


def draw_choice(rules: Rules, tables: Tables, observation: Observation) -> str:
    """``keep`` or ``reject`` the top card of the two-handed stock (see module)."""
    top = observation.top_card
    if top is None:
        return "keep"
    return "keep" if tables.keeper[rules.card_bits(top)[0]] else "reject"


def blind_choice(observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
    """A blind decision: ``look`` unless the game is nearly lost (see module)."""
    side = rules.side_of[observation.seat]
    scores = observation.scores
    others = [score for index, score in enumerate(scores) if index != side]
    look = next(action for action in legal if action.kind == "look")
    if not others:
        return look
    best = max(others)
    behind = best - scores[side]
    target = rules.variant.game_end.target
    if target is None:  # no target to lose by: never gamble
        return look
    blind_nil = [action for action in legal if action.kind == "blind_nil"]
    if blind_nil and behind >= 200 and best >= target - 150:
        return blind_nil[0]
    blind = [action for action in legal if action.kind == "blind"]
    if blind and behind >= 100 and best >= target - 100:
        return min(blind, key=lambda action: action.number or 0)
    return look
