"""Standard (docs/bots.md): bids by simulation, plays by a fixed rule.

- Bidding: :mod:`spadeslib.bots.bidding` (``simulations`` deals per decision; the raise
  round and NYC's "come out" the same way).
- Playing: :mod:`spadeslib.policies.standard`'s rule: while its side is short of its
  contract, win with its highest winning card, else play its lowest; once the contract
  is reached, lose with its lowest losing card, or win with its highest; a Nil bidder
  always tries to lose; its partner covers the Nil.
- Everything else: :mod:`spadeslib.bots.decisions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from spadeslib.bots import bidding, decisions
from spadeslib.bots.base import BaseBot
from spadeslib.bots.tables import tables_of
from spadeslib.compiler import Rules
from spadeslib.engine import Action, Observation
from spadeslib.engine.search.knowledge import Knowledge, read
from spadeslib.errors import ArgumentError
from spadeslib.policies.standard import Table, made, mode_of, play_out_many, standard_card

__all__ = ["StandardBot", "legal_mask", "play_action", "situation", "try_card"]


def legal_mask(rules: Rules, knowledge: Knowledge, legal: Sequence[Action]) -> int:
    """The bits of the seat's hand that the legal ``play`` actions name."""
    mask = 0
    hand = knowledge.hand
    for action in legal:
        for bit in rules.card_bits(action.cards[0]):
            if hand >> bit & 1:
                mask |= 1 << bit
    return mask


def play_action(rules: Rules, legal: Sequence[Action], bit: int) -> Action:
    """The legal ``play`` action of the card at ``bit``."""
    card = rules.deck[bit]
    return next(action for action in legal if action.cards[0] == card)


def situation(observation: Observation, rules: Rules) -> tuple[Knowledge, Table, int]:
    """What the seat knows, the deal's contracts and Nils as the play rule needs them, and
    the seat's mode for its card (``WIN``, ``LOSE``, ``NIL`` or ``SET``): where every play
    starts."""
    knowledge = read(observation, rules)
    table = Table(rules, observation.contracts, knowledge.nils)
    seat = observation.seat
    mode = mode_of(
        rules,
        table,
        seat,
        knowledge.tricks,
        made(table, rules.side_of[seat], knowledge.tricks),
        trick=knowledge.trick,
        leader=knowledge.leader,
    )
    return knowledge, table, mode


def try_card(
    rules: Rules,
    knowledge: Knowledge,
    table: Table,
    deals: Sequence[Sequence[int]],
    bit: int,
    *,
    one_trick: bool = False,
) -> tuple[list[list[int]], list[int]]:
    """The seat plays ``bit`` now in each of ``deals`` and the rest is played out with the
    Standard rule (:func:`~spadeslib.policies.standard.play_out_many`, to the end of the
    trick with ``one_trick``): how Pro and Expert judge a legal card."""
    n = len(deals)
    return play_out_many(
        rules,
        contracts=[table.contracts] * n,
        nils=[table.nils] * n,
        deals=deals,
        leaders=[knowledge.leader] * n,
        must_leads=[0] * n,  # binds only a first lead, and the card tried leads it
        tricks=knowledge.tricks,
        trick=knowledge.trick,
        trick_number=knowledge.trick_number,
        broken=knowledge.broken,
        played=knowledge.played,
        first=bit,
        one_trick=one_trick,
    )


class StandardBot(BaseBot):
    """The Standard computer player (see the module docstring). ``simulations``: deals
    simulated per bidding decision (100 by default, as in docs/bots.md; fewer is faster
    and weaker)."""

    def __init__(self, seed: int | None = None, simulations: int = 100) -> None:
        if simulations < 1:
            raise ArgumentError(f"simulations must be at least 1, not {simulations!r}")
        super().__init__(seed)
        self.simulations = simulations

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, simulations={self.simulations!r})"

    def play(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        knowledge, table, mode = situation(observation, rules)
        bit = standard_card(
            rules,
            table,
            mode=mode,
            seat=observation.seat,
            legal=legal_mask(rules, knowledge, legal),
            trick=knowledge.trick,
            leader=knowledge.leader,
            live=rules.full_mask & ~knowledge.played & ~knowledge.hand,
        )
        return play_action(rules, legal, bit)

    def bid(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return bidding.choose_bid(observation, rules, legal, self.stream, self.simulations)

    def blind(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return decisions.blind_choice(observation, rules, legal)

    def raise_(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return bidding.choose_raise(observation, rules, legal, self.stream, self.simulations)

    def pass_cards(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return decisions.card_set(rules, tables_of(rules), legal, strongest=False)

    def give(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        nil = decisions.is_nil(observation, observation.seat)
        return decisions.card_set(rules, tables_of(rules), legal, strongest=nil)

    def discard(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        if legal[0].kind == "split":
            return decisions.split_choice(observation, rules, legal)
        nil = decisions.is_nil(observation, observation.seat)
        return decisions.card_set(rules, tables_of(rules), legal, strongest=nil)

    def cut(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return decisions.cut_choice(observation, rules, tables_of(rules), legal)

    def draw(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        word = decisions.draw_choice(rules, tables_of(rules), observation)
        return next(action for action in legal if action.kind == word)
