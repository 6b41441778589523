"""Regenerate the docs pages that are derived from the code.

    python docs/generate.py           # rewrite the generated files
    python docs/generate.py --check   # exit 1, naming them, if any is out of date

Each generated page is one entry of :func:`outputs`: its path and its text. To add a
generated page (the rules cards of docs/variants/, say), add an entry there; the check
and the test in tests/test_docs.py pick it up.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
VARIANTS = ROOT / "variants"

sys.path.insert(0, str(ROOT / "src"))  # run from a checkout, installed or not


def bundled_names() -> tuple[list[str], list[str]]:
    """The bundled variants and house-rule fragments, by name, from the files on disk."""
    variants = sorted(path.stem for path in VARIANTS.glob("*.yaml"))
    house_rules = sorted(path.stem for path in (VARIANTS / "house-rules").glob("*.yaml"))
    return variants, house_rules


def _schema() -> str:
    from spadeslib.variant.schema import schema_text

    variants, house_rules = bundled_names()
    return schema_text(variants=variants, house_rules=house_rules)


def _format_reference() -> str:
    from spadeslib.variant.reference import format_reference

    return format_reference()


GENERATORS: dict[Path, Callable[[], str]] = {
    DOCS / "variant.schema.json": _schema,
    DOCS / "format.md": _format_reference,
}
"""Every generated file and the function that writes its text."""


def outputs() -> dict[Path, str]:
    """Every generated file's path and its up-to-date text."""
    return {path: generate() for path, generate in GENERATORS.items()}


def stale() -> list[Path]:
    """The generated files whose text on disk is not the up-to-date text."""
    return [
        path
        for path, text in outputs().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    if argv == ["--check"]:
        out_of_date = stale()
        for path in out_of_date:
            print(f"{path.relative_to(ROOT)} is out of date: run python docs/generate.py")
        return 1 if out_of_date else 0
    for path, text in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
