"""Fuzzing the loader and the records (issue 15): the bundled files mutated, values under
every YAML tag, tampered records. Whatever the input, it loads or it raises a
:class:`~spadeslib.errors.SpadesError` subclass, after bounded work: YAML parser events
are counted (never timed), per document and in documents read.

The default profile runs a few dozen cases of each; ``HYPOTHESIS_PROFILE=thorough`` runs
the long campaign.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from unittest import mock

import yaml
from hypothesis import given
from hypothesis import strategies as st

from spadeslib.engine import Game
from spadeslib.errors import RecordError, VariantError
from spadeslib.loader.compose import MAX_EXTENDS, MAX_HOUSE_RULES
from spadeslib.loader.yaml_source import MAX_NODES
from spadeslib.variant import Variant, parse_variant

VARIANTS = Path(__file__).resolve().parents[1] / "variants"
FILES = sorted(VARIANTS.glob("*.yaml")) + sorted((VARIANTS / "house-rules").glob("*.yaml"))
TEXTS = [(path, path.read_text(encoding="utf-8")) for path in FILES]

MOST_DOCUMENTS = 1 + MAX_EXTENDS + MAX_HOUSE_RULES
"""The text itself, the files it stands on, and its house rules: each read once."""
MOST_EVENTS = 2 * MAX_NODES + 8
"""A node event per key and value, an end per collection, and the stream's own events."""


class Work:
    """The YAML parser events read, document by document."""

    def __init__(self) -> None:
        self.documents: list[int] = []

    @contextmanager
    def counted(self) -> Iterator[Work]:
        parse = yaml.parse

        def counting(*args: Any, **kwargs: Any) -> Iterator[Any]:
            self.documents.append(0)
            for event in parse(*args, **kwargs):
                self.documents[-1] += 1
                yield event

        with mock.patch.object(yaml, "parse", counting):
            yield self

    def check(self) -> None:
        assert len(self.documents) <= MOST_DOCUMENTS, f"read {len(self.documents)} documents"
        assert max(self.documents, default=0) <= MOST_EVENTS, f"read {max(self.documents)} events"


def loads_or_refuses(text: str, base_dir: Path = VARIANTS) -> None:
    """The one property: a variant that round-trips, or a VariantError, after bounded work."""
    with Work().counted() as work:
        try:
            variant = parse_variant(text, source="fuzz.yaml", base_dir=base_dir)
        except VariantError as error:
            assert error.problems
            assert all(problem.message for problem in error.problems)
            variant = None
    work.check()
    if variant is not None:
        assert parse_variant(variant.to_yaml()) == variant


# ---------------------------------------------------------------------------------------
# The bundled files, mutated.

PIECES = [
    *("!!bool ", "!!int ", "!!float ", "!!null ", "!!str ", "!!binary ", "!!set ", "!!omap "),
    *("!!python/object/apply:os.system ", "!custom ", "&a ", "*a ", "<<: ", "? "),
    *("[", "]", "{", "}", ": ", ", ", "- ", "\t", "\n", "  ", "'", '"', "#", "---\n", "...\n"),
    *("~", "null", "yes", "off", "0x1F", "0o17", "1e999", ".nan", "-.inf", "1" * 5000, "_"),
    *("extends: nyc\n", "extends: ./nyc.yaml\n", "extends: ./house-rules/no-nil.yaml\n"),
    *("applies_to: nyc\n", "applies_to: no-nil\n", "house_rules: [no-nil, ./missing.yaml]\n"),
    *("house_rules: [" + ", ".join(["no-nil"] * 150) + "]\n", "extends: " + "a" * 300 + "\n"),
    *('extends: "./a\\0b.yaml"\n', "\x00", "\x85", "\u2028", "\ufeff", "\ud800", "é"),
    *("kind: ", "kind: kitty", "AS", "BJ", "2C", "-1", "14", "10001", "1000000", "x" * 200),
]


@st.composite
def mutated_files(draw: st.DrawFn) -> tuple[Path, str]:
    """A bundled file with a few pieces inserted, spans deleted, lines repeated or dropped."""
    path, text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "delete", "repeat", "drop"]))
        if how == "insert":
            text = text[:at] + draw(st.sampled_from(PIECES) | st.text(max_size=8)) + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        else:
            lines = text.splitlines(keepends=True) or [""]
            index = draw(st.integers(0, len(lines) - 1))
            lines[index : index + 1] = [lines[index]] * (2 if how == "repeat" else 0)
            text = "".join(lines)
    return path, text


@given(mutated_files())
def test_mutated_bundled_files_load_or_raise_a_variant_error(case: tuple[Path, str]) -> None:
    path, text = case
    loads_or_refuses(text, path.parent)


# ---------------------------------------------------------------------------------------
# Values under every tag, at keys of every type.

TAGS = [
    *("bool", "int", "float", "null", "str", "timestamp", "binary", "value", "merge"),
    *("set", "omap", "pairs", "seq", "map", "python/none", "python/tuple"),
]
KEYS = ["name", "game_end.target", "bidding.raise_round", "deck.remove", "deal.leftover", "a"]


def at(key: str, value: str) -> str:
    """``value`` written at the dotted ``key``, one indented mapping per part."""
    parts = key.split(".")
    lines = [f"{'  ' * depth}{part}:" for depth, part in enumerate(parts[:-1])]
    lines.append(f"{'  ' * (len(parts) - 1)}{parts[-1]}: {value}")
    return "\n".join(lines) + "\n"


@given(
    st.sampled_from(TAGS),
    st.text(max_size=20) | st.sampled_from(["", "-", "_", "x", "0x", "1:", "1_0", "1" * 5000]),
    st.sampled_from(KEYS),
    st.sampled_from(["plain", "single", "double", "flow"]),
)
def test_tagged_scalars_load_or_raise_a_variant_error(
    tag: str, text: str, key: str, style: str
) -> None:
    if style == "single":
        text = "'" + text.replace("'", "''") + "'"
    elif style == "double":
        text = json.dumps(text)
    elif style == "flow":
        text = f"[{text}]"
    loads_or_refuses(at(key, f"!!{tag} {text}"))


# ---------------------------------------------------------------------------------------
# Tampered records.

RECORD = Game("standard", seed=11, dealer=0).record()
for _action in ("bid 3", "bid 4", "nil", "bid 3"):
    RECORD["actions"].append(_action)
PLACES = [
    ("format",),
    ("version",),
    ("seed",),
    ("variant",),
    ("variant", "name"),
    ("variant", "scoring", "trick_value"),
    ("variant", "deal"),
    ("deals",),
    ("deals", 0),
    ("deals", 0, "dealer"),
    ("deals", 0, "hands"),
    ("deals", 0, "hands", 2),
    ("deals", 0, "rest"),
    ("actions",),
    ("actions", 2),
    ("summary",),
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(["AS KS", "bid 14", "play AS", "nil", "spadeslib.record", "standard"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


@given(st.lists(st.tuples(st.sampled_from(PLACES), json_values), min_size=1, max_size=3))
def test_tampered_records_replay_or_raise_a_record_error(
    changes: list[tuple[tuple[str | int, ...], object]],
) -> None:
    record: Any = copy.deepcopy(RECORD)
    for place, value in changes:
        target = record
        for part in place[:-1]:
            try:
                target = target[part]
            except (KeyError, IndexError, TypeError):
                break
        else:
            with suppress(IndexError, TypeError):
                target[place[-1]] = value
    try:
        text = json.dumps(record)
    except ValueError:
        return
    attempts: list[Callable[[], Game]] = [
        lambda: Game.replay(record),
        lambda: Game.from_json(text),
    ]
    for attempt in attempts:
        with suppress(RecordError):
            attempt()


@given(st.integers(0, 4000), st.sampled_from(["[", "{", '"', "]", "}", ",", "x", "[" * 2000]))
def test_a_records_text_cut_or_spliced_raises_a_record_error(at: int, piece: str) -> None:
    text = json.dumps(RECORD)
    at %= len(text)
    for broken in (text[:at], text[:at] + piece + text[at:]):
        with suppress(RecordError):
            Game.from_json(broken)


def test_the_fuzzed_record_is_a_good_one() -> None:
    # Without this, every tampering case could be refused for a reason of its own.
    assert Game.replay(RECORD).record() == RECORD
    assert Variant.model_validate(RECORD["variant"]).name == "standard"
