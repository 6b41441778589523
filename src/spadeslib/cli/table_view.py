"""What ``spadeslib play`` shows: the hand in the variant's own order, the trick, the bids,
the score and bags, the legal moves, and a finished deal's scoring line by line.

Everything is built as ``rich`` text: coloured suits on a terminal, the same words in plain
text in a pipe or with ``NO_COLOR``. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from rich.text import Text

    from spadeslib.cards import Card
    from spadeslib.compiler import Rules
    from spadeslib.engine import Action, DealResult, Observation

__all__ = [
    "NUMBERED_PHASES",
    "cards_text",
    "deal_summary",
    "legal_text",
    "numbered_moves",
    "seat_name",
    "sorted_hand",
    "state_text",
]

_SUIT_STYLE: Final = {"S": "bold", "H": "red", "D": "red", "C": ""}
_SUIT_ORDER: Final = "SHDC"
NUMBERED_PHASES: Final = frozenset({"play", "passing", "exchange", "discard", "cut", "draw"})
"""Phases whose legal moves are listed with numbers (a bare number picks one); elsewhere a
bare number is a bid."""


def seat_name(seat: int, you: int, rules: Rules) -> str:
    """``you``, ``partner (seat 2)`` or ``seat 1``."""
    if seat == you:
        return "you"
    if rules.partner_of[you] == seat:
        return f"partner (seat {seat})"
    if rules.side_of[seat] == rules.side_of[you]:
        return f"seat {seat} (your side)"
    return f"seat {seat}"


def sorted_hand(cards: Sequence[Card], rules: Rules) -> list[Card]:
    """Trumps first (jokers and elevated cards among them), then hearts, diamonds, clubs;
    highest first in each: the variant's own ranking."""
    return sorted(
        cards,
        key=lambda card: (
            _SUIT_ORDER.index(rules.effective_suit(card)),
            -rules.strength_of(card),
        ),
    )


def _card_style(card: Card, rules: Rules) -> str:
    if card.is_joker:
        return "bold magenta"
    style = _SUIT_STYLE[card.suit]
    return style + (" underline" if rules.effective_suit(card) == "S" and card.suit != "S" else "")


def cards_text(cards: Sequence[Card], rules: Rules, *, groups: bool = False) -> Text:
    """Cards in a row, coloured by suit; with ``groups``, a ``|`` between effective suits."""
    from rich.text import Text

    text = Text()
    previous = None
    for index, card in enumerate(cards):
        suit = rules.effective_suit(card)
        if index:
            text.append(" | " if groups and suit != previous else " ")
        text.append(str(card), style=_card_style(card, rules))
        previous = suit
    return text


def numbered_moves(observation: Observation, rules: Rules) -> list[Action]:
    """The legal moves in the order they are numbered (1, 2, ...) on screen: plays in the
    order of the hand, everything else in the engine's order."""
    legal = list(observation.legal_actions)
    if observation.phase != "play":
        return legal
    order = {card: index for index, card in enumerate(sorted_hand(observation.hand or (), rules))}
    return sorted(legal, key=lambda action: order.get(action.cards[0], len(order)))


def legal_text(observation: Observation, rules: Rules) -> Text:
    """The legal moves: numbered cards in card phases, the bids in words otherwise."""
    from rich.text import Text

    legal = observation.legal_actions
    text = Text("Legal: ", style="dim")
    if observation.phase in NUMBERED_PHASES:
        for index, action in enumerate(numbered_moves(observation, rules), 1):
            if index > 1:
                text.append("  ")
            text.append(f"{index}) ", style="dim")
            if action.cards and action.kind == "play":
                text.append_text(cards_text(list(action.cards), rules))
            else:
                text.append(str(action))
        return text
    numbers = [a.number for a in legal if a.number is not None and a.parts is None]
    others = [str(a) for a in legal if a.number is None or a.parts is not None]
    words: list[str] = []
    if numbers:
        kind = next(a.kind for a in legal if a.number is not None)
        low, high = min(numbers), max(numbers)
        whole = set(numbers) == set(range(low, high + 1))
        span = f"{low}-{high}" if whole and high > low else ", ".join(map(str, sorted(numbers)))
        words.append(f"{kind} {span} (type the number)")
    words.extend(others)
    text.append("; ".join(words))
    return text


def state_text(observation: Observation, rules: Rules, you: int) -> Text:
    """Where the deal stands, as this seat sees it."""
    from rich.text import Text

    o = observation
    text = Text()
    number = o.deal_number + 1
    trick = len(o.tricks) + 1
    broken = "spades broken" if o.spades_broken else "spades not broken"
    text.append(f"Deal {number}, {o.phase}", style="bold")
    if o.phase == "play":
        text.append(f", trick {trick}, {broken}")
    text.append(f"; dealer {seat_name(o.dealer, you, rules)}\n")
    bids = ", ".join(
        f"{seat_name(seat, you, rules)} {bid}" for seat, bid in enumerate(o.bids) if bid != "-"
    )
    if bids:
        text.append(f"Bids: {bids}\n")
    sides = []
    for index, seats in enumerate(rules.sides):
        who = "you" if you in seats else "+".join(map(str, seats))
        contract = o.contracts[index]
        tricks = sum(o.tricks_won[seat] for seat in seats)
        made = f"{tricks}" if contract is None else f"{tricks}/{contract}"
        sides.append(f"{who}: {made} tricks, score {o.scores[index]}, bags {o.bags[index]}")
    text.append("  ".join(sides) + "\n")
    if o.trick:
        text.append("Trick: ")
        for index, (seat, card) in enumerate(o.trick):
            if index:
                text.append(", ")
            text.append(f"{seat_name(seat, you, rules)} ")
            text.append_text(cards_text([card], rules))
        text.append("\n")
    if o.top_card is not None:  # the two-handed draw: the card to keep or reject
        text.append("Top of the stock: ")
        text.append_text(cards_text([o.top_card], rules))
        text.append(" (keep it, or reject it and take the next one)\n")
    if o.phase == "draw" and o.discarded:  # seen by this seat alone, gone from the game
        text.append("Your discards: ")
        text.append_text(cards_text(sorted_hand(o.discarded, rules), rules))
        text.append("\n")
    if o.hand is None:
        text.append("Your hand: (not looked at yet)\n")
    else:
        # a pass stays in the hand until every seat has passed; it is no longer the seat's
        passing = o.passed if o.phase == "passing" else ()
        text.append("Your hand: ")
        hand = [card for card in o.hand if card not in passing]
        text.append_text(cards_text(sorted_hand(hand, rules), rules, groups=True))
        text.append("\n")
        if passing:
            text.append("You pass: ")
            text.append_text(cards_text(sorted_hand(passing, rules), rules))
            text.append("\n")
    return text


def deal_summary(deal: DealResult, rules: Rules, you: int) -> Text:
    """A finished deal: each side's bids, tricks and every line of its score."""
    from rich.text import Text

    text = Text(f"Deal {deal.number + 1} is over.\n", style="bold")
    for side in deal.score.sides:
        who = "Your side" if you in side.seats else f"Side {'+'.join(map(str, side.seats))}"
        bids = ", ".join(f"{seat_name(s, you, rules)} {deal.bids[s]}" for s in side.seats)
        text.append(
            f"{who} (bids: {bids}; tricks {side.tricks}): {side.total:+d}, "
            f"score {side.after.score}, bags {side.after.bags}\n"
        )
        for line in side.lines:
            text.append(f"    {line}\n")
    return text
