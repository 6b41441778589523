"""What every check of :mod:`spadeslib.variant.checks` returns, and the check of a section
that is switched off."""

from __future__ import annotations

from collections.abc import Iterator

from spadeslib.variant._base import Model

__all__ = ["Clash", "Found", "idle_settings"]

Found = Iterator[tuple[str, str]]


class Clash(tuple[str, str]):
    """A contradiction found across keys: ``(path, message)`` like any other, and
    ``involves``, the other keys that decide it.

    The loader places a problem at a key the user's own file sets, so that a file saying
    ``extends: standard`` and ``table: {players: 6}`` hears about the hand size at its
    ``players: 6``, not at the bundled file's ``hand_size: 13`` it never wrote. A pair
    still: whatever unpacks ``(path, message)`` reads it unchanged."""

    involves: tuple[str, ...]

    def __new__(cls, path: str, message: str, *involves: str) -> Clash:
        clash = super().__new__(cls, (path, message))
        clash.involves = involves
        return clash


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
