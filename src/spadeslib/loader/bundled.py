"""The variant files that ship with spadeslib, found the same way installed or not.

In an installed wheel they live in the package as ``spadeslib/_bundled`` (pyproject
force-includes the checkout's ``variants/`` there). In a checkout or an editable install
that directory does not exist, so we fall back to the top-level ``variants/``. Full variants
are ``<dir>/*.yaml``; house-rule fragments are ``<dir>/house-rules/*.yaml``; a file's name
without ``.yaml`` is the name users type.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

__all__ = [
    "bundled_dir",
    "bundled_house_rule_path",
    "bundled_house_rules",
    "bundled_variant_path",
    "bundled_variants",
    "house_rule_summary",
]

_SUFFIX = ".yaml"
_HOUSE_RULES = "house-rules"


@functools.cache
def bundled_dir() -> Path | None:
    """The directory of bundled variants, or ``None`` if the installation has none."""
    installed = resources.files("spadeslib") / "_bundled"
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    # src/spadeslib/loader/bundled.py -> parents: loader, spadeslib, src, checkout root.
    checkout = Path(__file__).resolve().parents[3] / "variants"
    if checkout.is_dir():
        return checkout
    return None


def _names(directory: Path | None) -> list[str]:
    """The names in ``directory``, listed again only when it changes (its modification
    time moves when a file is added, removed or renamed): a lookup costs one ``stat``,
    not one per bundled file."""
    if directory is None:
        return []
    try:
        changed = directory.stat().st_mtime_ns
    except OSError:
        return []
    return list(_listed(directory, changed))


@functools.lru_cache(maxsize=8)
def _listed(directory: Path, changed: int) -> tuple[str, ...]:
    if not directory.is_dir():
        return ()
    return tuple(
        sorted(
            path.name[: -len(_SUFFIX)] for path in directory.glob("*" + _SUFFIX) if path.is_file()
        )
    )


def _lookup(directory: Path | None, name: str) -> Path | None:
    if directory is None or name not in _names(directory):
        return None
    return directory / (name + _SUFFIX)


def _house_rules_dir() -> Path | None:
    root = bundled_dir()
    return None if root is None else root / _HOUSE_RULES


def bundled_variants() -> list[str]:
    """Names of the bundled full variants, sorted (``["barmore", "nyc", "standard"]``)."""
    return _names(bundled_dir())


def bundled_house_rules() -> list[str]:
    """Names of the bundled house-rule fragments, sorted."""
    return _names(_house_rules_dir())


def bundled_variant_path(name: str) -> Path | None:
    """The file of bundled variant ``name``, or ``None`` if there is no such variant.

    Only listed names are looked up, so a name like ``../x`` can never escape the directory.
    """
    return _lookup(bundled_dir(), name)


def bundled_house_rule_path(name: str) -> Path | None:
    """The file of bundled house-rule fragment ``name``, or ``None`` if there is none."""
    return _lookup(_house_rules_dir(), name)


def house_rule_summary(name: str) -> str:
    """Bundled house rule ``name``'s one-line summary: its file's first comment line that
    says something (after the editor's ``yaml-language-server`` line), as ``spadeslib
    list``, the rules card and the table's lobby show it; ``""`` if it has none."""
    path = bundled_house_rule_path(name)
    if path is None:
        return ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        text = line.lstrip("#").strip()
        if text and not text.startswith("yaml-language-server:"):
            return text
    return ""
