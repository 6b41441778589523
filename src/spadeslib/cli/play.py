"""``spadeslib play VARIANT``: a person plays in the terminal, the bots take the other seats.

At the person's turn the screen shows the deal as that seat sees it
(:mod:`spadeslib.cli.table_view`) and reads one line:

- a card (``KD``, ``kd``, ``10h``; several for a pass or a discard: ``2c 3c``);
- a number: in a bidding round the bid (``4``), elsewhere the move of that number in the
  list of legal moves;
- an action as the engine writes it (``nil``, ``blind nil``, ``bid 4``, ``look``, ``keep``);
- an empty line, where only one move is legal: that move;
- ``hint`` (the Expert's card with each card's expected worth; the Standard bot's bid),
  ``review`` (the last deal card by card with every hand seen, as ``spadeslib analyze``
  prints it), ``explain`` (the rules card), ``score``, ``undo`` (take back your last move
  and the bots' moves after it), ``save FILE``, ``help``, ``quit``.

A move the rules refuse is refused with the rule's reason and nothing changes; a line that
is no move says what it expects. Every bot decision is seeded from the game's seed, the
seat and the number of actions so far, so a game saved (a plain game record, which
:meth:`spadeslib.Game.from_json` reads) and resumed with ``--resume`` goes on exactly as
it would have. The end of the input ends the session cleanly (saving first with
``--save FILE``), as does ``quit``; a ``quit`` that would lose moves not saved asks to be
typed again, and says how to save them.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Final

from spadeslib.cli.common import STDIN, Failure, UsageFailure, console, load
from spadeslib.cli.table_view import (
    NUMBERED_PHASES,
    deal_summary,
    legal_text,
    numbered_moves,
    seat_name,
    state_text,
)

if TYPE_CHECKING:
    from rich.console import Console

    from spadeslib.engine import Action, Game, Observation
    from spadeslib.simulation.lineup import Lineup

__all__ = ["run", "setup"]

HELP: Final = """\
Type a card (KD, kd, 10h; several for a pass: 2c 3c), a number (a bid while bidding,
else the move of that number in the list), or an action (nil, blind nil, look, keep).
Just Enter plays the only legal move, where there is one.
Also: hint (the Expert's card and each card's worth; the Standard bot's bid), review
(the last deal card by card, every hand seen), explain (the rules card), score, undo
(take back your last move), save FILE, help, quit."""

FACE_DOWN: Final = frozenset({"pass", "give", "discard"})
"""The kinds of action whose card nobody else sees (a pass, a Nil exchange, a discard):
another seat's is told without its card."""

HINT_SAMPLES: Final = 100
"""Deals the Expert samples for a hint on a card: a second or less, and enough to rank
the cards that differ by a few points."""


class _Stop(Exception):
    """The person ended the session (quit, or the end of the input)."""


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant",
        metavar="VARIANT",
        nargs="?",
        help="a bundled name or a file (not -: standard input carries the moves)",
    )
    parser.add_argument("--seed", type=_seed, help="fix the deals and the bots' choices")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    parser.add_argument(
        "--bots",
        default="standard",
        metavar="LEVELS",
        help="the other seats' level: one for all, per side (pro/easy) or per seat "
        "(your own seat's entry is ignored); default: standard",
    )
    parser.add_argument(
        "--resume", type=Path, metavar="FILE", help="go on with a game saved by 'save FILE'"
    )
    parser.add_argument(
        "--save", type=Path, metavar="FILE", help="save the game to FILE whenever you stop"
    )


def _seed(text: str) -> int:
    """A game's seed, checked as it is parsed: a usage error naming --seed."""
    value = int(text) if text.isdecimal() else -1
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 2**64-1, got {text!r}")
    return value


def _start(args: argparse.Namespace) -> Game:
    from spadeslib.engine import Game
    from spadeslib.errors import RecordError

    if args.resume is not None:
        if args.variant is not None or args.seed is not None:
            raise UsageFailure(
                "spadeslib: error: --resume takes the variant and the seed from the record; "
                "give neither"
            )
        try:
            text = args.resume.read_text(encoding="utf-8")
        except OSError as error:
            raise Failure(
                f"spadeslib: error: cannot read {args.resume}: {error.strerror}"
            ) from None
        except UnicodeDecodeError:
            raise Failure(f"spadeslib: error: {args.resume} is not UTF-8 text") from None
        try:
            return Game.from_json(text)
        except RecordError as error:
            raise Failure(f"spadeslib: error: {args.resume}: {error}") from None
    if args.variant is None:
        raise UsageFailure("spadeslib: error: give a VARIANT to play, or --resume FILE")
    if args.variant == STDIN:
        raise UsageFailure(
            "spadeslib: error: play reads your moves from standard input, so the variant "
            "must be a bundled name or a file, not -"
        )
    return Game(load(args.variant), seed=args.seed)


def run(args: argparse.Namespace) -> int:
    from spadeslib.errors import ArgumentError
    from spadeslib.simulation.lineup import parse_lineup

    game = _start(args)
    rules = game.variant.compile()
    if not 0 <= args.seat < rules.players:
        raise UsageFailure(
            f"spadeslib: error: --seat {args.seat}: the seats are 0 to {rules.players - 1}"
        )
    try:
        lineup = parse_lineup(args.bots, game.variant)
    except ArgumentError as error:
        raise UsageFailure(f"spadeslib: error: --bots {args.bots}: {error}") from None
    table = _Table(game, args.seat, lineup, out=console(), save=args.save)
    try:
        table.play()
    except _Stop as stop:
        table.out.print(str(stop), markup=False, highlight=False)
    except KeyboardInterrupt:
        table.out.print("\nInterrupted.", markup=False)
        table.save_on_exit()
        return 130
    table.save_on_exit()
    return 0


class _Table:
    """One person's session at the table."""

    def __init__(
        self, game: Game, you: int, lineup: Lineup, *, out: Console, save: Path | None
    ) -> None:
        self.game, self.rules, self.you = game, game.variant.compile(), you
        self.lineup, self.out, self.save_to = lineup, out, save
        self.actions = len(game.record()["actions"])
        self.saved = self.actions
        """The actions when the game was last saved, read or started (its seed makes it
        again): ``quit`` loses nothing while no move has been made since."""
        self.quitting = False
        """``quit`` was typed once with moves not saved: the next ``quit`` leaves."""
        self.undone = False
        """``undo`` took moves back: the turn starts again from the new position."""

    # -- the loop ------------------------------------------------------------------------

    def play(self) -> None:
        game = self.game
        name = game.variant.name
        self.say(
            f"{name}: you are seat {self.you}; the others play {self.lineup}. "
            f"Seed {game.seed}. Type help for help."
        )
        while not game.is_over:
            deals = game.deal_number
            seat = game.current_player
            assert seat is not None
            if seat == self.you:
                self.your_turn()
            else:
                self.bot_turn(seat)
            if game.deal_number > deals:
                self.out.print(deal_summary(game.deal_history[-1], self.rules, self.you))
        result = game.result
        self.say(f"Game over: {result.text if result is not None else ''}")

    def bot_turn(self, seat: int) -> None:
        from spadeslib.simulation.lineup import derive_seed, make_bot

        game = self.game
        observation = game.observation(seat)
        bot = make_bot(self.lineup.seats[seat], derive_seed(game.seed, "play", seat, self.actions))
        if bot is None:
            legal = observation.legal_actions
            choice = random.Random(derive_seed(game.seed, "random", self.actions))
            action = legal[choice.randrange(len(legal))]
        else:
            action = bot.act(observation, self.rules)
        self.apply(seat, action)

    def your_turn(self) -> None:
        observation = self.game.observation(self.you)
        self.out.print(state_text(observation, self.rules, self.you), end="")
        self.out.print(legal_text(observation, self.rules))
        legal = numbered_moves(observation, self.rules)
        only = f" (Enter: {legal[0]})" if len(legal) == 1 else ""
        while True:
            line = self.read(f"Your {_phase_word(observation.phase)}{only}> ")
            if not line:
                if only and self.try_apply(legal[0]):  # one legal move: Enter plays it
                    return
                if not only:
                    self.say("Enter plays a move only when it is the only legal one: type one.")
                continue
            if self.command(line, observation):
                if self.undone:
                    self.undone = False
                    return  # the same seat's turn again, shown afresh
                continue
            action = self.action_of(line, observation)
            if action is None:
                continue
            if self.try_apply(action):
                return

    # -- reading the person's line ---------------------------------------------------------

    def read(self, prompt: str) -> str:
        self.out.print(prompt, end="", markup=False)
        self.out.file.flush()
        line = sys.stdin.readline()
        if not line:
            raise _Stop(
                "\nEnd of input: the game stops here."  # --save's own line follows
                + (
                    ""
                    if self.save_to
                    else " Type save FILE first to keep it, or start with --save FILE."
                )
            )
        if not sys.stdin.isatty():
            self.out.print(line.rstrip("\n"), markup=False, highlight=False)  # echo a script
        return line.strip()

    def command(self, line: str, observation: Observation) -> bool:
        """Handle a command word (help, explain, score, save, hint, review, quit); ``True``
        if the line was one. None of them moves."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in {"quit", "exit"}:
            self.quit()
            return True
        self.quitting = False
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "undo":
            self.undo()
        elif word == "explain":
            from spadeslib.explain import explain

            self.say(explain(self.game.variant, format="text").rstrip())
        elif word == "score":
            self.say(self.score_text())
        elif word == "save":
            self.save(rest.strip())
        elif word == "hint":
            self.hint(observation)
        elif word == "review":
            self.review()
        else:
            return False
        return True

    def action_of(self, line: str, observation: Observation) -> Action | None:
        """The move a line means, or ``None`` (having said why)."""
        from spadeslib.cards import Card, CardParseError
        from spadeslib.compiler.action_text import CARDS
        from spadeslib.engine import Action, ActionParseError

        legal = numbered_moves(observation, self.rules)
        if line.isdigit():
            number = int(line)
            if observation.phase not in NUMBERED_PHASES:
                bids = [a for a in legal if a.number == number and a.parts is None]
                if bids:
                    return bids[0]
                kinds = {a.kind for a in legal if a.number is not None}
                kind = next(iter(kinds), "bid")
                return Action.parse(f"{kind} {number}")  # refused below with its reason
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.say(f"There is no move {number}: the moves are numbered 1 to {len(legal)}.")
            return None
        try:
            cards = [Card.parse(part) for part in line.split()]
        except CardParseError:
            cards = []
        if cards:
            wanted = sorted(card.code for card in cards)
            for action in legal:
                if action.cards and sorted(c.code for c in action.cards) == wanted:
                    return action
            kind = next((a.kind for a in legal if a.cards), "play")
            return Action.parse(f"{kind} {' '.join(map(str, cards))}")  # refused with why
        try:
            return Action.parse(line)
        except ActionParseError:
            kind, _, rest = line.partition(" ")
            bad = _not_a_card(rest) if kind.lower() in CARDS else None
            self.say(
                f"I did not understand {line!r}: "
                + (
                    f"{bad}."
                    if bad
                    else "type a card (KD), a number from the list, an action (nil), or help."
                )
            )
            return None

    def quit(self) -> None:
        """Leave, unless that loses moves nobody saved: then say how to keep them, and
        leave at the second ``quit``."""
        if self.save_to is None and self.saved != self.actions and not self.quitting:
            self.quitting = True
            self.say(
                "The game is not saved: type save FILE to keep it (and go on later with "
                "spadeslib play --resume FILE), or quit again to leave without saving."
            )
            return
        raise _Stop("You left the table.")

    def undo(self) -> None:
        """Take back the person's last move and every bot move after it, back to the
        person's turn before that move (a choice of several cards as one move)."""
        game = self.game
        ids = game.record()["actions"]
        trial = game.clone()
        taken = 0
        while taken < len(ids):
            action = trial.undo()
            taken += 1
            if trial.current_player == self.you and not self._part_of_a_choice(trial, action):
                break
        else:
            self.say("There is no move of yours to take back in this game.")
            return
        for _ in range(taken):
            game.undo()
        self.actions = len(game.record()["actions"])
        self.undone = True
        others = taken - 1
        after = f" and the {others} move{'' if others == 1 else 's'} after it" if others else ""
        self.say(f"Took back your {action}{after}.")

    def _part_of_a_choice(self, game: Game, action: Action) -> bool:
        """Whether the person's move before ``action`` was another card of the same
        choice (a pass of three cards is applied as three one-card actions)."""
        if not action.cards or not game.record()["actions"]:
            return False
        before = game.clone()
        earlier = before.undo()
        return before.current_player == self.you and earlier.kind == action.kind

    def try_apply(self, action: Action) -> bool:
        from spadeslib.errors import IllegalActionError

        try:
            self.apply(self.you, action)
        except IllegalActionError as error:
            self.say(f"Not allowed: {error.reason}. Nothing changed; try again.")
            return False
        self.quitting = False
        return True

    # -- moves ---------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        game = self.game
        before, deals = game.tricks_won, game.deal_number
        playing = game.phase == "play"
        game.apply(action)
        self.actions += 1
        if seat != self.you:
            said = f"{action.kind} a card face down" if action.kind in FACE_DOWN else action
            self.say(f"{seat_name(seat, self.you, self.rules).capitalize()}: {said}")
        if playing and not game.trick:  # the card completed a trick
            after = game.deal_history[-1].tricks if game.deal_number > deals else game.tricks_won
            for winner, (was, now) in enumerate(zip(before, after, strict=True)):
                if now > was:
                    self.say(f"  {seat_name(winner, self.you, self.rules)} won the trick.")

    def hint(self, observation: Observation) -> None:
        from spadeslib.bots import ExpertBot, StandardBot
        from spadeslib.simulation.lineup import derive_seed

        seed = derive_seed(self.game.seed, "hint", self.actions)
        if observation.phase == "play" and len(observation.legal_actions) > 1:
            # the Expert's reasons: each card's expected worth over its sampled deals
            expert = ExpertBot(seed, budget=HINT_SAMPLES)
            scores = expert.card_scores(observation, self.rules, observation.legal_actions)
            ranked = sorted(scores.items(), key=lambda item: -item[1])
            worths = ", ".join(f"{card} {score:+.1f}" for card, score in ranked)
            self.say(
                f"The Expert would play {ranked[0][0]}. Expected worth to your side over "
                f"{HINT_SAMPLES} sampled deals, in points: {worths}"
            )
            return
        bot = StandardBot(seed, simulations=30)
        self.say(f"The Standard bot would: {bot.act(observation, self.rules)}")

    def review(self) -> None:
        """The last finished deal card by card with every hand seen, as ``spadeslib
        analyze`` prints it: what each card cost its side against best play."""
        from spadeslib.analysis import first_reviewable, review_record
        from spadeslib.cli.analyze import review_lines

        deals = len(self.game.deal_history)
        if not deals:
            self.say("No deal is finished yet: review looks back at the last one.")
            return
        start = first_reviewable(self.rules, 1)
        where = "" if start == 1 else f", from trick {start} (the native core is not built here)"
        self.say(f"Deal {deals} with every hand seen{where}; you are seat {self.you}:")
        (found,) = review_record(self.game.record(), deals={deals}, from_trick=start)
        for line in review_lines(found.as_dict(), found.sides)[1:]:
            self.say(line)

    def score_text(self) -> str:
        from spadeslib.errors import counted

        lines = []
        game = self.game
        for index, seats in enumerate(self.rules.sides):
            if self.you in seats:
                who = "your side" if len(seats) > 1 else "you"
            else:
                who = ("seats " if len(seats) > 1 else "seat ") + "+".join(map(str, seats))
            lines.append(
                f"{who}: {counted(game.scores[index], 'point')}, "
                f"{counted(game.bags[index], 'bag')}, "
                f"set {counted(game.sets_in_a_row[index], 'deal')} in a row"
            )
        end = game.variant.game_end
        goal = "no target" if end.target is None else f"target {end.target}"
        if end.max_deals is not None:
            goal += f", at most {counted(end.max_deals, 'deal')}"
        lines.append(f"{counted(game.deal_number, 'deal')} played; {goal}")
        return "\n".join(lines)

    def save(self, where: str) -> None:
        if not where:
            self.say("save needs a file name: save game.json")
            return
        path = Path(where)
        try:
            path.write_text(self.game.to_json(indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            self.say(f"Cannot save to {path}: {error.strerror}.")
            return
        self.saved = self.actions
        self.say(f"Saved to {path}; go on later with: spadeslib play --resume {path}")

    def save_on_exit(self) -> None:
        if self.save_to is not None:
            self.save(str(self.save_to))

    def say(self, text: str) -> None:
        self.out.print(text, markup=False, highlight=False)


def _phase_word(phase: str) -> str:
    return {"bidding": "bid", "play": "play", "raise": "raise", "blind": "choice"}.get(phase, phase)


def _not_a_card(words: str) -> str | None:
    """Why the first of ``words`` that is no card is not one (``play ZZ``: ``ZZ``), or
    ``None`` if each is a card."""
    from spadeslib.cards import Card, CardParseError

    for word in words.split():
        try:
            Card.parse(word)
        except CardParseError as error:
            return str(error)
    return None
