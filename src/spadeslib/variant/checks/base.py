"""What every check of :mod:`spadeslib.variant.checks` returns, and the check of a section
that is switched off."""

from __future__ import annotations

from collections.abc import Iterator

from spadeslib.variant._base import Model

__all__ = ["Found", "idle_settings"]

Found = Iterator[tuple[str, str]]


def idle_settings(section: Model, path: str, what: str, keep: tuple[str, ...] = ()) -> Found:
    """Keys of a switched-off section set to something other than their default.

    They would have no effect, which is never what the writer meant ("a Blind Nil
    exchange without Blind Nil"). Comparing with the default, not with what the file
    mentioned, keeps a dumped variant loadable.
    """
    for field, info in type(section).model_fields.items():
        if field == "enabled" or field in keep:
            continue
        if getattr(section, field) != info.get_default(call_default_factory=True):
            yield (f"{path}.{field}", f"set, but {what} is off ({path}.enabled: false)")
