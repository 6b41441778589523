"""``spadeslib schema``: the JSON Schema of the variant format, or where its file is.

The schema ships inside the package beside the bundled variants (``variant.schema.json``
in the same directory, which is ``variants/`` in a checkout), so the ``$schema`` link in
the first line of every bundled file resolves in an install as in a checkout, and an
editor can be pointed at the file ``spadeslib schema --path`` prints.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from spadeslib.cli.common import Failure

__all__ = ["SCHEMA_FILE", "run", "schema_path", "setup"]

SCHEMA_FILE: Final = "variant.schema.json"


def schema_path() -> Path | None:
    """The schema file shipped with the bundled variants, or ``None`` if there is none."""
    from spadeslib.loader.bundled import bundled_dir

    directory = bundled_dir()
    if directory is None or not (directory / SCHEMA_FILE).is_file():
        return None
    return directory / SCHEMA_FILE


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--path",
        action="store_true",
        help="print where the schema file of this installation is, instead of the schema",
    )


def run(args: argparse.Namespace) -> int:
    if args.path:
        path = schema_path()
        if path is None:
            raise Failure(
                f"this installation has no {SCHEMA_FILE}; write one with "
                f"'spadeslib schema > {SCHEMA_FILE}'"
            )
        print(path)
        return 0
    from spadeslib.loader.bundled import bundled_house_rules, bundled_variants
    from spadeslib.variant.schema import schema_text

    print(schema_text(variants=bundled_variants(), house_rules=bundled_house_rules()), end="")
    return 0
