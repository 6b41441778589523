"""The play of one deal, card by card: the one Python implementation of applying a card
(docs/format.md, `play`), and :func:`why_illegal` beside it.

:class:`Play` keeps the hands, the trick, its leader and the card winning it, the tricks
won and whether spades are broken, and plays a card with the compiled rules' tables
(legal plays from :mod:`.follow`, winners' keys from :mod:`.tricks`). The native core's
``spadeslib._native.Play`` has the same interface and reads the same tables
(``src/native/play.c``); :func:`new_play` gives the native one where it is built (PEP
399: this one is the reference, always complete, and the tests hold the two together).

The engine keeps a :class:`Play` in its state during the play phase, asks it for the
legal ids and to apply one, and reads the deal's cards and tricks from it while it lasts
(:class:`DealPlay`).

An action id of a play is the bit of its card; with two packs, the first copy of its
face (``Rules.canonical``), and the lower copy held is played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from spadeslib.bits import bits_of
from spadeslib.compiler.follow import allowed
from spadeslib.compiler.layout import SUIT_LETTERS

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["AuctionPlay", "DealPlay", "Play", "new_play", "why_illegal"]


class DealPlay(Protocol):
    """What the engine asks of a deal's play: the interface :class:`Play` and the native
    core's ``spadeslib._native.Play`` both implement (``src/native/play.c``), so the
    engine's state holds either as ``state.play`` and reads the deal through it while it
    lasts (``spadeslib.engine.core.state``: nothing is copied back). Every list it gives is
    a new one."""

    @property
    def actor(self) -> int:
        """The seat to act."""

    @property
    def done(self) -> bool:
        """Every trick is played."""

    @property
    def bidding(self) -> bool:
        """The play is still in its auction (a native deal played from its first bid)."""

    @property
    def with_auction(self) -> bool:
        """The play started from the auction's first bid (the native core's
        ``start_auction``): it then also has :class:`AuctionPlay`'s attributes."""

    @property
    def hands(self) -> list[int]:
        """Each seat's cards, a mask each."""

    @property
    def trick(self) -> list[int]:
        """The trick being played: its cards' bits in play order."""

    @property
    def leader(self) -> int:
        """The seat that led the trick being played (or leads the next)."""

    @property
    def trick_number(self) -> int:
        """Tricks finished."""

    @property
    def broken(self) -> bool:
        """Spades are broken."""

    @property
    def tricks(self) -> list[int]:
        """Tricks won, by seat."""

    @property
    def must_lead(self) -> int:
        """The cards the first lead is held to (0: no rule now)."""

    @property
    def trick_log(self) -> list[tuple[int, tuple[int, ...]]]:
        """The finished tricks: ``(leader, bits in play order)``."""

    @property
    def played(self) -> tuple[int, ...]:
        """The id of every action the play applied, in order (the state's log shows
        them as one node)."""

    def legal_mask(self) -> int:
        """The cards the seat to act may play, a mask of the compiled deck."""

    def legal_ids(self) -> list[int]:
        """The legal action ids, sorted."""

    def apply(self, action_id: object, /) -> int:
        """Take an action: 0, 1 when that ends the play, -1 (nothing changed) when it is
        not legal now."""

    def rollout(self, random: Callable[[], float], /) -> int:
        """Random legal plays to the end of the play; returns how many."""

    def scores(self, standings: list[tuple[int, int]], /) -> list[tuple[int, int, int, int]] | None:
        """Each side's points, bags, sets in a row and wins where the native core keeps
        the deal's numbers, else ``None`` (the engine scores the deal)."""

    def clone(self) -> DealPlay:
        """An independent copy."""


class AuctionPlay(DealPlay, Protocol):
    """A native play from the auction's first bid (``with_auction``): its auction too."""

    @property
    def bids(self) -> list[int]:
        """The bids by seat (``compiler.bids`` codes)."""

    @property
    def contracts(self) -> list[int]:
        """The contracts by side."""

    @property
    def nil_seats(self) -> int:
        """The seats that bid Nil, a bit each."""

    @property
    def sides_bid(self) -> int:
        """The sides that made a team bid, a bit each."""

    @property
    def step(self) -> int:
        """The auction's turns taken."""

    @property
    def auction_decisions(self) -> list[tuple[int, int]]:
        """The auction's bids, oldest first, as ``(seat, action id)``."""


_BIT = tuple(1 << bit for bit in range(128))


class Play:
    """The play of one deal (see the module docstring). ``trick_log`` lists the finished
    tricks as ``(leader, bits in play order)``; ``trick`` is the one being played."""

    __slots__ = (
        "_breaks",
        "_follow",
        "_hands",
        "_ids",
        "_keys",
        "_legal",
        "_one_pack",
        "_rules",
        "_trick",
        "_trick_log",
        "_tricks",
        "actor",
        "broken",
        "done",
        "leader",
        "must_lead",
        "trick_number",
        "winning",
    )

    def __init__(  # noqa: PLR0917 - by position, as the native Play takes them
        self,
        rules: Rules,
        hands: Sequence[int],
        leader: int,
        trick_log: Sequence[tuple[int, tuple[int, ...]]],
        trick: Sequence[int],
        broken: bool,
        tricks: Sequence[int],
        must_lead: int,
    ) -> None:
        self._rules = rules
        self._one_pack = rules.packs == 1
        self._ids: list[int] = []
        self._hands = list(hands)
        self.leader = leader
        self._trick_log = list(trick_log)
        self.trick_number = len(self._trick_log)
        self._trick = list(trick)
        self.broken = broken
        self._tricks = list(tricks)
        self.must_lead = must_lead
        self.done = False
        self.actor = (leader + len(self._trick)) % rules.players
        self._legal = -1
        self._follow = self._breaks = 0
        self._keys: tuple[int, ...] = ()
        self.winning = 0
        if self._trick:
            self._lead(self._trick[0])
            self.winning = rules.trick_winner(self._trick)

    # -- the engine's calls --------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the player to act may play."""
        legal = self._legal
        if legal < 0:
            if self.done:
                return 0
            hand = self._hands[self.actor]
            trick = self._trick
            # a hand holding the led suit must follow it: the first rule of allowed(),
            # answered with the led suit's mask kept since the lead
            legal = hand & self._follow if trick else 0
            if not legal:
                legal = allowed(
                    self._rules, hand, trick, self.broken, self.trick_number, self.must_lead
                )
            self._legal = legal
        return legal

    def legal_ids(self) -> list[int]:
        """The legal plays' ids, sorted."""
        mask = self._legal
        if mask < 0:  # not known since the last card (a lead, a void hand)
            mask = self.legal_mask()
        if self._one_pack:
            return bits_of(mask)
        # map, not a comprehension: one would make every call, one pack too, build a cell
        return sorted(set(map(self._rules.canonical.__getitem__, bits_of(mask))))

    def apply(self, action_id: object) -> int:
        """Play the card of ``action_id``: 0, or 1 when that ends the play; -1 (and
        nothing changes) when it is not a legal play now.

        One method for the check and the card: on the pure-Python path a call per card
        to a helper was 2.6% of a random hand through the public loop."""
        if type(action_id) is not int:
            return -1
        legal = self._legal
        if legal < 0:
            legal = self.legal_mask()
        rules = self._rules
        hands = self._hands
        seat = self.actor
        if self._one_pack:
            if action_id < 0 or not legal >> action_id & 1:
                return -1
            bit = action_id
        else:
            if not 0 <= action_id < rules.size or rules.canonical[action_id] != action_id:
                return -1
            face = rules.face_mask[action_id]
            if not legal & face:
                return -1
            held = hands[seat] & face  # the lower copy held
            bit = (held & -held).bit_length() - 1
        hands[seat] ^= _BIT[bit]
        trick = self._trick
        trick.append(bit)
        self._ids.append(action_id)
        count = len(trick)
        if count > 1:  # the trick's winner so far, as rules.trick_winner would find it
            keys = self._keys
            key = keys[bit]
            best = keys[trick[self.winning]]
            if key > best or (key == best and rules.later_wins):
                self.winning = count - 1
        else:
            self._lead(bit)
            self.winning = 0
        if self._breaks >> bit & 1:
            self.broken = True
        players = rules.players
        if count < players:
            seat += 1
            if seat == players:
                seat = 0
            self.actor = seat
            # the next player's legal plays when it can follow suit; a void hand is left
            # to allowed()
            self._legal = hands[seat] & self._follow or -1
            return 0
        self._legal = -1
        winner = (self.leader + self.winning) % players
        self._tricks[winner] += 1
        self._trick_log.append((self.leader, tuple(trick)))
        self._trick = []
        self.trick_number += 1
        self.leader = self.actor = winner
        self.must_lead = 0
        if self.trick_number == rules.hand_size:
            self.done = True
            return 1
        return 0

    def rollout(self, random: Callable[[], float]) -> int:
        """Random legal plays to the end of the play, each the ``int(random() * n)``-th
        lowest of the ``n`` legal ids (:meth:`Game.rollout
        <spadeslib.engine.game.Game.rollout>`'s choice); returns how many.

        With one pack it is :meth:`_play` and :meth:`legal_mask` card after card with the
        play's fields in locals (the pure-Python path's hot loop: a method call per card
        cost a tenth of a rollout); ``tests/test_rollout.py`` holds the two to the same
        games."""
        if not self._one_pack:
            played = 0
            while not self.done:
                ids = self.legal_ids()
                self.apply(ids[int(random() * len(ids))])
                played += 1
            return played
        if self.done:
            return 0
        rules = self._rules
        players, later_wins = rules.players, rules.later_wins
        suit_of, suit_masks = rules.suit_of, rules.suit_masks
        breaking, winner_keys = rules.breaking, rules.winner_keys
        hands, tricks, trick_log, ids = self._hands, self._tricks, self._trick_log, self._ids
        trick, leader, seat, number = self._trick, self.leader, self.actor, self.trick_number
        broken, must, winning, legal = self.broken, self.must_lead, self.winning, self._legal
        follow, breaks, keys = self._follow, self._breaks, self._keys
        played = 0
        while True:
            hand = hands[seat]
            if legal < 0:
                legal = hand & follow if trick else 0
                if not legal:
                    legal = allowed(rules, hand, trick, broken, number, must)
            skip = int(random() * legal.bit_count())
            while skip:
                legal &= legal - 1
                skip -= 1
            bit = (legal & -legal).bit_length() - 1
            hands[seat] = hand ^ _BIT[bit]
            trick.append(bit)
            ids.append(bit)
            played += 1
            count = len(trick)
            if count > 1:
                key = keys[bit]
                best = keys[trick[winning]]
                if key > best or (key == best and later_wins):
                    winning = count - 1
            else:
                suit = suit_of[bit]
                follow, breaks, keys = suit_masks[suit], breaking[suit], winner_keys[suit]
                winning = 0
            if breaks >> bit & 1:
                broken = True
            if count < players:
                seat = seat + 1 if seat + 1 < players else 0
                legal = hands[seat] & follow or -1
                continue
            winner = (leader + winning) % players
            tricks[winner] += 1
            trick_log.append((leader, tuple(trick)))
            trick = []
            number += 1
            leader = seat = winner
            must = 0
            legal = -1
            if number == rules.hand_size:
                break
        self._trick, self.leader, self.actor, self.trick_number = trick, leader, seat, number
        self.broken, self.must_lead, self.winning, self._legal = broken, must, winning, -1
        self._follow, self._breaks, self._keys = follow, breaks, keys
        self.done = True
        return played

    # -- what the engine's state reads while the play holds the deal (DealPlay) --------

    @property
    def hands(self) -> list[int]:
        """Each seat's cards (a new list: the native play's getters build one too)."""
        return self._hands[:]

    @property
    def trick(self) -> list[int]:
        return self._trick[:]

    @property
    def tricks(self) -> list[int]:
        return self._tricks[:]

    @property
    def trick_log(self) -> list[tuple[int, tuple[int, ...]]]:
        return self._trick_log[:]

    @property
    def played(self) -> tuple[int, ...]:
        return tuple(self._ids)

    bidding = False
    with_auction = False
    """A play that starts from the auction is the native core's alone."""

    def scores(self, standings: list[tuple[int, int]]) -> None:
        """The native core's deal score in numbers; the engine scores this one itself."""
        return None

    def clone(self) -> Play:
        """An independent copy."""
        new = Play.__new__(Play)
        for name in Play.__slots__:
            setattr(new, name, getattr(self, name))
        new._hands = self._hands[:]
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._trick_log = self._trick_log[:]
        new._ids = self._ids[:]
        return new

    # -- one card ------------------------------------------------------------------------

    def _lead(self, bit: int) -> None:
        """Keep what the trick's lead decides: the suit to follow, the cards that break
        spades, each card's key to win it."""
        rules = self._rules
        suit = rules.suit_of[bit]
        self._follow = rules.suit_masks[suit]
        self._breaks = rules.breaking[suit]
        self._keys = rules.winner_keys[suit]


def new_play(
    rules: Rules,
    hands: Sequence[int],
    leader: int,
    *,
    trick_log: Sequence[tuple[int, tuple[int, ...]]] = (),
    trick: Sequence[int] = (),
    broken: bool = False,
    tricks: Sequence[int] | None = None,
    must_lead: int = 0,
    native: bool = True,
) -> DealPlay:
    """A :class:`Play` (the native one where it is built, unless ``native`` is false) of
    ``rules`` from this point."""
    kernel = rules.kernel if native else None
    counts = [0] * rules.players if tricks is None else list(tricks)
    if kernel is None:
        return Play(rules, hands, leader, trick_log, trick, broken, counts, must_lead)
    from spadeslib import _backend

    module: Any = _backend.native()
    made: DealPlay = module.Play(
        kernel, list(hands), leader, list(trick_log), list(trick), broken, counts, must_lead
    )
    return made


def why_illegal(
    rules: Rules, bit: int, *, hand: int, trick: Sequence[int], trick_number: int, must_lead: int
) -> tuple[str, str]:
    """Why ``bit``, held in ``hand``, may not be played to ``trick`` now: the rule that
    holds it back, as ``(reason, dotted rule key)``."""
    play = rules.variant.play
    if trick:
        led = rules.suit_of[trick[0]]
        if hand & rules.suit_masks[led]:
            return (f"must follow suit ({SUIT_LETTERS[led]} was led)", "play")
        if trick_number == 0 and play.first_trick == "no_spades":
            return ("no spade may be played to the first trick", "play.first_trick")
        return (f"a player who cannot follow must play by play.void: {play.void}", "play.void")
    if must_lead:
        low = (must_lead & -must_lead).bit_length() - 1
        return (f"the first lead must be {rules.deck[low]}", "play.first_lead")
    if rules.suit_of[bit] == 0:
        if trick_number == 0 and play.first_trick != "any":
            return ("spades may not be led to the first trick", "play.first_trick")
        return ("spades may not be led yet", "play.spade_lead")
    return ("that card may not be played now", "play")  # pragma: no cover
