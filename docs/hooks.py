"""mkdocs hooks: a nav that tolerates pages other people generate or write later.

- "Rules cards" lists every page in docs/variants/ (one per bundled variant, written by
  ``spadeslib explain``), standard, barmore and nyc first, the rest by name.
- A nav entry whose page does not exist is dropped, with a note in the build log, so the
  site builds in strict mode while a page is still being written.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.spadeslib")

_FIRST = ("standard", "barmore", "nyc")


def _title(page: Path) -> str:
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return page.stem


def _rules_cards(docs: Path) -> list[dict[str, str]]:
    pages = sorted((docs / "variants").glob("*.md"))
    pages.sort(key=lambda page: _FIRST.index(page.stem) if page.stem in _FIRST else 99)
    return [{_title(page): f"variants/{page.name}"} for page in pages]


def on_config(config: Any) -> Any:
    docs = Path(config["docs_dir"])
    nav: list[Any] = []
    for entry in config["nav"] or []:
        ((title, target),) = entry.items()
        if title == "Rules cards":
            target = _rules_cards(docs)
            if not target:
                log.info("no rules cards in docs/variants/ yet: leaving them out of the nav")
                continue
        elif isinstance(target, str) and not (docs / target).exists():
            log.info("%s does not exist yet: leaving it out of the nav", target)
            continue
        nav.append({title: target})
    config["nav"] = nav
    return config
