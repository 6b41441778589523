"""Types of the native core (``src/native/``); see :mod:`spadeslib._backend`."""

from collections.abc import Callable, Sequence
from typing import Any

MAX_CARDS: int
MAX_PLAYERS: int

class Kernel:
    size: int
    players: int
    has_sources: bool
    def __init__(
        self,
        numbers: Sequence[int],
        suit_masks: Sequence[int],
        breaking: Sequence[int],
        beats: Sequence[int],
        face_mask: Sequence[int],
        above: Sequence[int],
        suit_of: bytes,
        keys: bytes,
        canonical: bytes,
        order: Sequence[int],
        side_of: bytes,
        partner_of: bytes,
        orders: bytes,
        captains: bytes,
    ) -> None: ...
    def deal(
        self, seed: int, index: int, dealer: int, cut: int, per_hand: int, /
    ) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    def legal_mask(
        self, hand: int, trick: Sequence[int], broken: bool, trick_number: int, must_lead: int, /
    ) -> int: ...
    def trick_winner(self, trick: Sequence[int], /) -> int: ...
    def deal_order(
        self, order: Sequence[int], dealer: int, cut: int, per_hand: int, /
    ) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    def quick_bids(
        self,
        deals: Sequence[Sequence[int]],
        seats: int,
        fill: Sequence[int],
        tops: Sequence[int],
        copies: int,
        lengths: int,
        values: bytes,
        /,
    ) -> list[list[int]]: ...
    def set_sources(
        self,
        bids: Callable[..., Sequence[int]],
        scores: Callable[..., Sequence[int]],
        bags: tuple[int, int, int, int],
        /,
    ) -> None: ...
    def cache_sizes(self) -> tuple[int, int]: ...
    def playouts(
        self,
        n: int,
        seed: int,
        dealer: int,
        policies: bytes,
        standings: Sequence[Sequence[int]],
        bids_itself: bool,
        relevant: Sequence[bool],
        ids: Sequence[int],
        hands: Sequence[Sequence[int]] | None = None,
        winners: bool = False,
        actions: bool = False,
        auction: bool = False,
        dealt: bool = False,
    ) -> dict[str, Any]: ...
    def standard_playouts(
        self,
        hands: Sequence[Sequence[int]],
        contracts: Sequence[Sequence[int | None]],
        nils: Sequence[int],
        leaders: Sequence[int],
        must_leads: Sequence[int],
        tricks: Sequence[int],
        trick: Sequence[int],
        trick_number: int,
        broken: bool,
        played: int,
        voids: Sequence[int],
        first: int,
        one_trick: bool,
        /,
    ) -> tuple[list[list[int]], list[int]]: ...

class Play:
    """The play of one deal (compiler/play.py's DealPlay and AuctionPlay): read-only
    attributes, each list a new one."""

    actor: int
    done: bool
    bidding: bool
    with_auction: bool
    hands: list[int]
    trick: list[int]
    leader: int
    trick_number: int
    broken: bool
    tricks: list[int]
    must_lead: int
    trick_log: list[tuple[int, tuple[int, ...]]]
    winning: int
    played: tuple[int, ...]
    bids: list[int]
    contracts: list[int]
    nil_seats: int
    sides_bid: int
    step: int
    auction_decisions: list[tuple[int, int]]
    def __init__(
        self,
        kernel: Kernel,
        hands: Sequence[int],
        leader: int,
        trick_log: Sequence[tuple[int, tuple[int, ...]]],
        trick: Sequence[int],
        broken: bool,
        tricks: Sequence[int],
        must_lead: int,
    ) -> None: ...
    def legal_ids(self) -> list[int]: ...
    def legal_mask(self) -> int: ...
    def apply(self, action_id: object, /) -> int: ...
    def rollout(self, random: Callable[[], float], /) -> int: ...
    def scores(
        self, standings: Sequence[Sequence[int]], /
    ) -> list[tuple[int, int, int, int]] | None: ...
    def clone(self) -> Play: ...
    def standard_card(self, contracts: Sequence[int | None], nils: int, /) -> int: ...

class StateCore:
    """The two fields of the engine's State that a Game's native loop reads (game.c)."""

    play: Any
    deals_played: int

class GameLoop:
    """A Game's public loop, natively (the base of spadeslib.engine.Game)."""

    _s: Any

class Table:
    """A read-only rows x columns table of int32 with the buffer protocol."""

def shuffle(count: int, state: int, /) -> bytes: ...
def start_auction(
    kernel: Kernel,
    hands: Sequence[int],
    dealer: int,
    ids: Sequence[int],
    relevant: Sequence[bool],
    /,
) -> Play: ...
def cpu_features() -> str: ...
def place(
    state: int,
    free: bytes,
    rooms: Sequence[int],
    places: Sequence[int],
    known: Sequence[int],
    n: int,
    /,
) -> tuple[list[list[int]], int]: ...
def double_dummy(
    kernel: Kernel,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    broken: bool,
    trick_number: int,
    must_lead: int,
    counted: int,
    maximizers: int,
    options: int = 0,
    focus: int = 0,
    seconds: float = 0.0,
    levels: Sequence[int] | None = None,
    up_to: int = 0,
    /,
) -> list[tuple[int, int]]: ...
