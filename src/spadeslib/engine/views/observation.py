"""What one seat may know: the :class:`Observation` bots and adapters work from.

An observation is built from the full state and holds only what its seat has been shown:
its own hand once it has looked (not before a blind decision), every bid, every card
played, the tricks, the scores, the cards it passed, gave, received or discarded, the top
of the stock while it draws, and what the rules make public (the French cut; the widow and
every hand's cards after the play, in the deal history). It is a frozen value: changing
the game never changes an observation already taken, and it has no way back to the state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spadeslib.cards import Card
from spadeslib.compiler.action_text import Action
from spadeslib.compiler.bids import NO_BID, format_bid
from spadeslib.engine.core.results import DealResult
from spadeslib.engine.core.state import PHASE_NAMES, Phase, State

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["Observation", "has_bid", "observe", "partner_given", "received_mask"]


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the game (see the module docstring). Sides and seats are ints;
    per-seat tuples are indexed by seat, per-side tuples by side
    (``variant.table.sides()``)."""

    seat: int
    phase: str
    """The phase's name: ``bidding``, ``play``, ``blind``, ``passing`` ..., ``over``."""
    current_player: int | None
    dealer: int
    deal_number: int
    """0 in the first deal (misdeals do not count)."""
    hand: tuple[Card, ...] | None
    """The seat's cards, or ``None`` while it has not looked (a blind decision is open)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds now: public, as at a real table, where everyone can
    count the cards in front of each player (and it differs between seats during a trick,
    and with a kitty or passing)."""
    bids: tuple[str, ...]
    """Each seat's own bid: ``"4"``, ``"nil"``, ``"blind nil"`` or ``"-"``."""
    contracts: tuple[int | None, ...]
    """Each side's contract so far (``None`` before the side bid)."""
    blind: tuple[bool, ...]
    """Each side's contract was bid blind."""
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    """The trick being played: ``(seat, card)`` in play order."""
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    """The finished tricks of this deal: ``(leader, cards in play order)``."""
    spades_broken: bool
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    sets_in_a_row: tuple[int, ...]
    """Each side's run of deals set, up to this one (public, like the scores): what
    back-to-back and three-in-a-row set rules score, so a bot weighs a deal by it."""
    passed: tuple[Card, ...]
    """Cards this seat passed to its partner."""
    received: tuple[Card, ...]
    """Cards this seat received from its partner (after every pass was made) or took from
    the left-over cards."""
    given: tuple[Card, ...]
    """Cards this seat gave in the Nil exchange."""
    discarded: tuple[Card, ...]
    """Cards this seat discarded (kitty, Mitchell's rule, the two-handed draw)."""
    top_card: Card | None
    """The top of the stock, when this seat is the one drawing."""
    cut: tuple[Card, ...]
    """The French cut's turned-up cards (public)."""
    cut_given: tuple[Card, ...]
    """The turned-up cards handed out so far, to seats 0, 1, ... in order (public)."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions when it is to act, else empty."""
    history: tuple[DealResult, ...]
    """Every finished deal (all its cards were played face up; the widow is shown)."""
    is_over: bool
    winner: int | None
    rules: Rules | None = field(default=None, compare=False, repr=False)
    """The game's compiled rules (public), so a bot needs nothing but the observation:
    not part of its data (:meth:`to_dict`), so ``None`` in one read back from data."""

    def to_dict(self) -> dict[str, Any]:
        """This observation as a JSON-ready dict: cards and actions as their text
        (:mod:`spadeslib.engine.views.observation_data`)."""
        from spadeslib.engine.views.observation_data import observation_to_dict

        return observation_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> Observation:
        """The observation :meth:`to_dict` wrote; raise
        :class:`~spadeslib.errors.RecordError` saying where if ``data`` is not one."""
        from spadeslib.engine.views.observation_data import observation_from_dict

        return observation_from_dict(cls, data)

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str | bytes) -> Observation:
        """:meth:`from_dict` of JSON text."""
        from spadeslib.engine.views.observation_data import observation_from_json

        return observation_from_json(cls, text)


def has_bid(state: State, side: int, bids: list[int] | None = None) -> bool:
    """Whether ``side`` has a contract yet (its first bid, team bid or blind bid made);
    ``bids``: ``state.bids``, read once by a caller that asks for every side."""
    if bids is None:
        bids = state.bids
    return bool(
        state.sides_bid >> side & 1
        or state.side_blind >> side & 1
        or any(bids[m] != NO_BID for m in state.rules.sides[side])
    )


def received_mask(state: State, seat: int, hand: int | None = None) -> int:
    """The cards ``seat`` received from its partner (once every pass is made) or took
    from the left-over cards or the stock, and still holds or was given (``hand``: its
    hand, where the caller has read it)."""
    received = partner_given(state, seat)
    if hand is None:
        hand = state.hands[seat]
    return received | (state.seen_cards[seat] & hand & ~received)


def partner_given(state: State, seat: int) -> int:
    """The cards ``seat``'s partner passed it (once every pass is made) or gave it: the
    part of :func:`received_mask` that does not read the hand."""
    rules = state.rules
    now = state.resume if state.phase == Phase.BLIND else state.phase
    later = rules.after.get(now)  # None once the deal is over
    passing_done = now != Phase.PASS and (later is None or Phase.PASS not in later)
    partner = rules.partner_of[seat]
    received = 0
    if partner is not None:
        if passing_done:
            received |= state.passed[partner]
        received |= state.gave[partner]
    return received


def observe(state: State, seat: int, legal: list[int] | None) -> Observation:
    """The :class:`Observation` of ``seat`` (``legal``: its legal action ids if it acts)."""
    rules = state.rules
    deck = rules.deck
    players = state.players

    def cards(mask: int) -> tuple[Card, ...]:
        return tuple(deck[bit] for bit in range(rules.size) if mask >> bit & 1)

    # each field read once: during the play they are the play's (State's properties)
    phase, hands, bids, actor = state.phase, state.hands, state.bids, state.actor
    seen = state.seen >> seat & 1 or phase == Phase.OVER
    hand = cards(hands[seat]) if seen else None
    all_contracts = state.contracts
    contracts = [
        all_contracts[side] if has_bid(state, side, bids) else None
        for side in range(len(rules.sides))
    ]
    led = state.leader
    trick = tuple(((led + i) % players, deck[bit]) for i, bit in enumerate(state.trick))
    tricks = tuple((leader, tuple(deck[bit] for bit in bits)) for leader, bits in state.trick_log)
    received = received_mask(state, seat, hands[seat])
    top: Card | None = None
    if phase == Phase.DRAW and actor == seat and state.stock_pos < len(state.stock):
        top = deck[state.stock[state.stock_pos]]
    space = state.space
    result = state.result
    return Observation(
        seat=seat,
        phase=PHASE_NAMES[phase],
        current_player=None if phase == Phase.OVER else actor,
        dealer=state.dealer,
        deal_number=state.deals_played,
        hand=hand,
        hand_sizes=tuple(mask.bit_count() for mask in hands),
        bids=tuple(format_bid(b) for b in bids),
        contracts=tuple(contracts),
        blind=tuple(bool(state.side_blind >> i & 1) for i in range(len(rules.sides))),
        tricks_won=tuple(state.tricks),
        trick=trick,
        tricks=tricks,
        spades_broken=state.broken,
        scores=tuple(state.scores),
        bags=tuple(state.bags),
        sets_in_a_row=tuple(state.sets),
        passed=cards(state.passed[seat]),
        received=cards(received) if seen else (),
        given=cards(state.gave[seat]),
        discarded=cards(state.discarded[seat]),
        top_card=top,
        cut=tuple(deck[bit] for bit in state.cut),
        cut_given=tuple(deck[bit] for bit in state.cut_given),
        legal_actions=tuple(space.action(i) for i in legal) if legal is not None else (),
        history=state.history,
        is_over=phase == Phase.OVER,
        winner=None if result is None else result.winner,
        rules=rules,
    )
