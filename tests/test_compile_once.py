"""A variant compiles once and a file loads once (issue "one home for each rule", item 1).

The compiler keeps the compiled rules (the variants used most recently, and any in use:
``spadeslib.compiler.cache``), so asking again for the same variant object is a dict
lookup; equal variants share them; a copy with changed fields compiles afresh. ``load_variant``
keeps what it loaded while none of the files it was made from has changed, so a game
made from a name costs what a game made from a loaded variant costs.
"""

from __future__ import annotations

import copy
import gc
import os
import pickle
from pathlib import Path

import pytest

import spadeslib
from spadeslib import Game, VariantError
from spadeslib.variant import Variant


def test_the_rules_are_kept_and_shared_by_equal_variants() -> None:
    first, twin = Variant(name="a"), Variant(name="a")
    rules = first.compile()
    assert first.compile() is rules
    assert twin.compile() is rules
    assert first == twin  # compiling takes no part in equality


def test_the_variant_keeps_nothing_of_its_rules() -> None:
    """The cache lives in the compiler: a variant holds no reference to its rules, so a
    variant kept (by a loader, a lobby) does not keep its rules alive (issue 27)."""
    variant = Variant(name="kept")
    rules = variant.compile()
    assert variant.__pydantic_private__ in (None, {})
    assert rules not in gc.get_referents(variant)
    assert variant.compile() is rules


def test_compiling_does_not_change_equality_copies_or_pickles() -> None:
    compiled, fresh = Variant(name="b"), Variant(name="b")
    rules = compiled.compile()
    assert compiled == fresh and hash(compiled) == hash(fresh)
    for other in (
        copy.copy(compiled),
        copy.deepcopy(compiled),
        pickle.loads(pickle.dumps(compiled)),
    ):
        assert other == compiled
        assert other.compile() is rules  # an equal variant: the shared rules
    assert pickle.loads(pickle.dumps(rules)) is rules


def test_a_copy_with_changed_fields_compiles_afresh() -> None:
    nine = Variant()
    rules = nine.compile()
    seven = nine.model_copy(update={"deal": nine.deal.model_copy(update={"hand_size": 7})})
    assert seven.compile() is not rules
    assert seven.compile().hand_size == 7
    assert nine.compile() is rules


def test_the_rules_hold_what_the_engine_and_scoring_read() -> None:
    rules = spadeslib.load_variant("nyc").compile()
    assert rules.scoring.target == 500
    assert rules.phases[-1].name == "PLAY"
    assert rules.after[rules.phases[0]] == rules.phases[1:]
    for dealer in range(4):
        assert rules.bidding_orders[dealer][0] == (dealer + 1) % 4
        assert [rules.side_of[seat] for seat in rules.captains[dealer]] == [
            (dealer + 1) % 2,
            dealer % 2,
        ]


def test_the_rules_hold_the_deal_and_auction_tables_the_engine_reads() -> None:
    standard = spadeslib.load_variant("standard").compile()
    assert standard.bid_turns[0] == (("bid", 1, 0), ("bid", 2, 0), ("bid", 3, 0), ("bid", 0, 0))
    assert standard.look_orders[0] == (1, 2, 0, 3)  # the captains first, then by seat
    nyc = spadeslib.load_variant("nyc").compile()
    assert nyc.bid_turns[3] == (("bid", 0, 0), ("bid", 1, 0))  # one team bid per side
    faces = standard.cards_of(standard.face_cards)
    assert len(faces) == 12 and {card.rank for card in faces} == {"K", "Q", "J"}
    assert standard.first_round_only and standard.first_copies is None
    assert not spadeslib.load_variant("mitchell-spades").compile().first_round_only
    six = spadeslib.load_variant("six-handed").compile()
    first = six.first_copies
    assert first is not None and first.bit_count() == six.size // 2
    for dealer in range(six.players):
        labels = six.deal_positions[dealer][0]
        assert labels[: six.players] == tuple((dealer + 1 + k) % 6 for k in range(6))


def test_a_table_of_a_step_above_is_built_once_and_kept_with_its_rules() -> None:
    """Rules.derived: what the bots and the tensors build per variant, without the
    compiler importing them."""
    built: list[object] = []

    def build(rules: object) -> list[object]:
        built.append(rules)
        return [rules]

    standard = spadeslib.load_variant("standard").compile()
    nyc = spadeslib.load_variant("nyc").compile()
    first = standard.derived(build)
    assert standard.derived(build) is first and first == [standard]
    assert nyc.derived(build) == [nyc]
    assert built == [standard, nyc]


def test_a_bundled_name_loads_once() -> None:
    nyc = spadeslib.load_variant("nyc")
    assert spadeslib.load_variant("nyc") is nyc
    assert Game("nyc", seed=1).variant is nyc


def _write(path: Path, text: str) -> None:
    """Write ``text`` and move the modification time on, as an editor saving would (some
    file systems keep times to the second)."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text)
    os.utime(path, ns=(before + 10**9, before + 10**9))


def test_a_file_loads_once_until_it_or_a_file_it_extends_changes(tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    club = tmp_path / "club.yaml"
    _write(base, "extends: standard\ngame_end: {target: 300}\n")
    _write(club, "name: club\nextends: ./base.yaml\n")
    first = spadeslib.load_variant(club)
    assert spadeslib.load_variant(str(club)) is first
    assert first.game_end.target == 300

    _write(base, "extends: standard\ngame_end: {target: 250}\n")
    second = spadeslib.load_variant(club)
    assert second is not first and second.game_end.target == 250

    _write(club, "name: renamed\nextends: ./base.yaml\n")
    assert spadeslib.load_variant(club).name == "renamed"


def test_a_file_that_failed_to_load_is_read_again(tmp_path: Path) -> None:
    club = tmp_path / "club.yaml"
    _write(club, "game_end: {targte: 300}\n")
    with pytest.raises(VariantError):
        spadeslib.load_variant(club)
    _write(club, "game_end: {target: 300}\n")
    assert spadeslib.load_variant(club).game_end.target == 300


def test_a_deleted_file_is_no_longer_served_from_the_cache(tmp_path: Path) -> None:
    club = tmp_path / "club.yaml"
    _write(club, "name: gone\n")
    spadeslib.load_variant(club)
    club.unlink()
    with pytest.raises(VariantError, match="file not found"):
        spadeslib.load_variant(club)
