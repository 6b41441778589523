"""Variants from files and text: the loader's functions bound to the format's model.

The loader (:mod:`spadeslib.loader`) reads YAML, composes ``extends`` and
``house_rules`` and places every problem, for any pydantic model it is given; it never
names this one. These are the three calls people make, with :class:`Variant` as the
model: ``spadeslib.load_variant("nyc")``.
"""

from __future__ import annotations

import os

from spadeslib import loader
from spadeslib.errors import Problem
from spadeslib.variant.root import Variant

__all__ = ["load_variant", "parse_variant", "validate"]


def load_variant(name_or_path: str | os.PathLike[str]) -> Variant:
    """A validated variant: a bundled name like ``"nyc"``, or a path to a YAML file.

    Raises :class:`~spadeslib.errors.VariantError` listing every problem, each with its
    file, line, column and dotted key. Loaded once while none of its files changes
    (:func:`spadeslib.loader.load`), so ``Game("nyc")`` costs what ``Game(variant)``
    costs."""
    return loader.load(name_or_path, Variant)


def parse_variant(
    text: str | bytes, source: str = "<string>", *, base_dir: str | os.PathLike[str] | None = None
) -> Variant:
    """A validated variant from YAML text; ``source`` names it in problems. Relative
    paths in ``extends``/``house_rules`` resolve against ``base_dir`` (default: the
    working directory)."""
    return loader.parse(text, Variant, source, base_dir=base_dir)


def validate(name_or_path_or_text: str | bytes | os.PathLike[str]) -> list[Problem]:
    """Every problem in a variant (a path, a bundled name or YAML text, as
    :func:`spadeslib.loader.problems_in` tells them apart), or ``[]``; never raises on
    bad content."""
    return loader.problems_in(name_or_path_or_text, Variant)
