"""Pro (docs/bots.md): bids like Standard; plays by estimating each card's chance.

For each legal card (one per face) it simulates ``simulations`` deals of the unseen cards
(the same deals for every card), plays the card and lets the others finish the trick with
the Standard rule, and counts how often the trick is won: by itself or a partner who did
not bid Nil when it wants to win, by anyone of its side when it wants to lose, by itself
when it bid Nil. Short of its contract (or covering a partner's Nil) it plays the card most
likely to win, the lowest such card on a tie; but when no card wins more than half the
time, and whenever it wants to lose, the card least likely to win, the highest such card
on a tie (it sheds high cards while it safely can).
"""

from __future__ import annotations

from collections.abc import Sequence

from spadeslib.bots.standard import StandardBot, legal_mask, play_action, situation, try_card
from spadeslib.bots.tables import determinizer, tables_of
from spadeslib.compiler import Rules
from spadeslib.engine import Action, Observation
from spadeslib.policies.standard import NIL, WIN

__all__ = ["ProBot"]


class ProBot(StandardBot):
    """The Pro computer player (see the module docstring)."""

    def play(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        knowledge, table, mode = situation(observation, rules)
        seat = observation.seat
        side = rules.side_of[seat]
        mask = legal_mask(rules, knowledge, legal)
        candidates: list[int] = []
        faces: set[int] = set()
        for bit in range(rules.size):
            if mask >> bit & 1 and rules.deck[bit].code not in faces:
                faces.add(rules.deck[bit].code)
                candidates.append(bit)
        sampler = determinizer(knowledge, tables_of(rules))
        deals = sampler.samples(self.stream, self.simulations)
        wins = []
        for bit in candidates:
            _, winners = try_card(rules, knowledge, table, deals, bit, one_trick=True)
            if mode == NIL:
                count = sum(winner == seat for winner in winners)
            elif mode == WIN:
                count = sum(
                    rules.side_of[winner] == side and not table.nils >> winner & 1
                    for winner in winners
                )
            else:
                count = sum(rules.side_of[winner] == side for winner in winners)
            wins.append(count)
        order = rules.order
        choices = list(zip(wins, candidates, strict=True))
        if mode == WIN and max(wins) * 2 > self.simulations:
            best = max(wins)
            bit = min((b for w, b in choices if w == best), key=order.__getitem__)
        else:
            least = min(wins)
            pool = [b for w, b in choices if w == least]
            pick = min if mode == WIN else max
            bit = pick(pool, key=order.__getitem__)
        return play_action(rules, legal, bit)
