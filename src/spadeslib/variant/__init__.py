"""The variant format: pydantic models for every rule of the format, grouped by phase
(docs/format.md).

The models are data: frozen, hashable, with defaults that spell out the standard game.
Loading YAML into them is :mod:`spadeslib.loader`'s job, for any model; :mod:`.files`
binds its calls to this one (``load_variant``, ``parse_variant``, ``validate``). Turning
them into fast tables is :mod:`spadeslib.compiler`'s.
"""

from spadeslib.variant.bidding import (
    AllowedBids,
    Bidding,
    FixedBid,
    Mirror,
    Partnership,
    RoundTheTable,
    Suicide,
    Whiz,
)
from spadeslib.variant.blind import BlindBids
from spadeslib.variant.deal import (
    Deal,
    DrawAndDiscard,
    Kitty,
    Mitchell,
    NoLeftover,
    RoundRobin,
    Widow,
)
from spadeslib.variant.deck import Deck
from spadeslib.variant.eligibility import Always, BehindBy, BehindByValue
from spadeslib.variant.files import load_variant, parse_variant, validate
from spadeslib.variant.game_end import GameEnd
from spadeslib.variant.misdeal import AtMostSpades, LongSuit, Misdeal, NoFaceCards, NoSpades
from spadeslib.variant.nil import BlindNil, Nil
from spadeslib.variant.passing import Passing
from spadeslib.variant.play import AfterTricks, AnyTime, OnlySpadesLeft, Play, WhenBroken
from spadeslib.variant.root import Variant
from spadeslib.variant.scoring import (
    Bags,
    BostonPoints,
    BostonRecord,
    BostonWinsGame,
    NoBoston,
    Scoring,
)
from spadeslib.variant.special import Moon, NormalValue, ScorePoints, TenForTwoHundred, WinGame
from spadeslib.variant.table import Table

__all__ = [
    "AfterTricks",
    "AllowedBids",
    "Always",
    "AnyTime",
    "AtMostSpades",
    "Bags",
    "BehindBy",
    "BehindByValue",
    "Bidding",
    "BlindBids",
    "BlindNil",
    "BostonPoints",
    "BostonRecord",
    "BostonWinsGame",
    "Deal",
    "Deck",
    "DrawAndDiscard",
    "FixedBid",
    "GameEnd",
    "Kitty",
    "LongSuit",
    "Mirror",
    "Misdeal",
    "Mitchell",
    "Moon",
    "Nil",
    "NoBoston",
    "NoFaceCards",
    "NoLeftover",
    "NoSpades",
    "NormalValue",
    "OnlySpadesLeft",
    "Partnership",
    "Passing",
    "Play",
    "RoundRobin",
    "RoundTheTable",
    "ScorePoints",
    "Scoring",
    "Suicide",
    "Table",
    "TenForTwoHundred",
    "Variant",
    "WhenBroken",
    "Whiz",
    "Widow",
    "WinGame",
    "load_variant",
    "parse_variant",
    "validate",
]
