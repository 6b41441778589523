"""The library's error types, and the two helpers every message about bad input uses.

Every error spadeslib raises on bad input is a :class:`SpadesError`, so a caller can catch
one type. Subclasses say which kind of input was bad, and carry enough structure (a list
of :class:`Problem`, the offending action, the state) for a program to react and for a
person to fix the input without reading our source.

A message quotes the bad value with :func:`quoted`, never with a bare ``repr``: the value
comes from someone else (a record, a file, a dict built in Python) and may nest a hundred
thousand levels or hold megabytes, and the message must still be short and cheap to make.
It counts things with :func:`counted`, so that one trick is never "1 tricks".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "ActionParseError",
    "ArgumentError",
    "CardNotInDeckError",
    "CardParseError",
    "IllegalActionError",
    "Problem",
    "RecordError",
    "RulesArgumentError",
    "ScoringError",
    "SpadesError",
    "VariantError",
    "counted",
    "quoted",
]

QUOTE_LIMIT = 60
"""Most characters of a user's value :func:`quoted` shows by default: enough to recognise
what was written, short enough to keep a message on a line or two."""

_DEPTH = 8
"""Most levels of a nested value :func:`quoted` opens; deeper ones read ``...``."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters (ending ``...`` when cut).

    Safe on any value a user can hand over: it opens at most a few levels of lists and
    mappings and reads only as much of each as it shows, so a list nested 100,000 deep or
    a string of 10 MB costs what a short one does, where ``repr`` would raise
    ``RecursionError`` (or ``ValueError`` for an int of more than 4,300 digits).

    >>> quoted("play ZZ")
    "'play ZZ'"
    >>> quoted("x" * 100, limit=12)
    "'xxxxxxxx..."
    """
    text = _bounded(value, limit + 1, 0)
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


def counted(count: int, noun: str, plural: str = "") -> str:
    """A number and its noun, agreeing: ``1 trick``, ``2 tricks``, ``1 copy``/``2 copies``.

    >>> counted(1, "trick"), counted(13, "trick"), counted(2, "copy", "copies")
    ('1 trick', '13 tricks', '2 copies')
    """
    return f"{count:,} {noun if abs(count) == 1 else plural or noun + 's'}"


def _bounded(value: object, size: int, depth: int) -> str:
    """The first ``size`` characters of ``repr(value)``, or about that, reading no more."""
    if depth > _DEPTH or size <= 0:
        return "..."
    if isinstance(value, dict):
        pairs = (
            f"{_bounded(key, size, depth + 1)}: {_bounded(item, size, depth + 1)}"
            for key, item in value.items()
        )
        return "{" + _joined(pairs, size) + "}"
    if isinstance(value, list | tuple | set | frozenset):
        text = _joined((_bounded(item, size, depth + 1) for item in value), size)
        if isinstance(value, list):
            return f"[{text}]"
        if isinstance(value, tuple):
            return f"({text},)" if len(value) == 1 else f"({text})"
        return "{" + text + "}" if value else f"{type(value).__name__}()"
    if isinstance(value, str | bytes):
        return repr(value[:size])  # the quotes close even when the text is cut
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * size:
        return f"<an int of about {int(value.bit_length() * 0.30103):,} digits>"
    try:
        text = repr(value)
    except Exception:  # an object of the caller's whose repr fails: say what it is
        return f"<{type(value).__name__}>"
    return text[:size]


def _joined(parts: Iterator[str], size: int) -> str:
    shown: list[str] = []
    length = 0
    for part in parts:
        if length > size:
            shown.append("...")
            break
        shown.append(part)
        length += len(part) + 2
    return ", ".join(shown)


class SpadesError(Exception):
    """Base class of every error spadeslib raises on bad input."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a variant definition, located as precisely as we can.

    ``line`` and ``column`` are 1-based and ``None`` when the problem has no single place
    (a contradiction between two sections is reported at the first of them). ``path`` is
    the dotted key path in the merged variant, like ``scoring.bags.limit``; it is empty for
    problems with the document as a whole.
    """

    source: str
    line: int | None
    column: int | None
    path: str
    message: str
    code: str = "invalid"

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        path = f" {self.path}:" if self.path else ""
        return f"{where}:{path} {self.message}"

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form, stable for tools (the ``--json`` output of ``validate``)."""
        return {
            "source": self.source,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "code": self.code,
            "message": self.message,
        }


class VariantError(SpadesError, ValueError):
    """A variant definition (YAML text, file, or values) is not valid.

    ``problems`` lists every problem found, not only the first, so a user can fix a file
    in one pass.
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(self._message())

    def _message(self) -> str:
        if not self.problems:
            return "invalid variant"
        count = len(self.problems)
        head = "1 problem" if count == 1 else f"{count} problems"
        return (
            head
            + " in variant definition:\n"
            + "\n".join(f"  {problem}" for problem in self.problems)
        )

    def __reduce__(self) -> tuple[type[VariantError], tuple[tuple[Problem, ...]]]:
        return (type(self), (self.problems,))


class IllegalActionError(SpadesError, ValueError):
    """An action that the rules do not allow in the current state.

    The game is left exactly as it was. ``action`` is what was attempted, ``rule`` names
    the rule that forbids it (a dotted variant key where there is one) and ``state`` is a
    short description of the situation.
    """

    def __init__(self, action: object, reason: str, *, rule: str = "", state: str = "") -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        self.state = state
        text = f"illegal action {_action_text(action)}: {reason}"
        if rule:
            text += f" (rule: {rule})"
        if state:
            text += f" [{state}]"
        super().__init__(text)


def _action_text(action: object) -> str:
    """An action as it was given, quoted: its text form for an ``Action`` (or anything with
    one), the value itself for data that is no action at all (a list, a huge int)."""
    if action is None or isinstance(
        action, str | int | float | bytes | list | tuple | dict | set | frozenset
    ):
        return quoted(action)
    try:
        return quoted(str(action))
    except Exception:  # a caller's object whose str fails
        return quoted(action)


class RecordError(SpadesError, ValueError):
    """A game record (or a deal, or an action string) that cannot be read or replayed."""


class ArgumentError(SpadesError, ValueError):
    """An argument a function cannot take: a seed out of range, a seat that is not at the
    table, a number of deals or simulations below 1, a missing bot. Nothing was changed."""


class SearchTimeout(SpadesError, TimeoutError):
    """A search given a time limit (``seconds=`` of :func:`spadeslib.analysis.double_dummy`)
    did not finish within it; nothing else changed. Ask again with more time, or from
    later in the deal: the search's time grows quickly with the cards left."""


class RulesArgumentError(ArgumentError):
    """An argument the compiled rules cannot use (like a missing list of bids)."""


class CardNotInDeckError(RulesArgumentError):
    """A card this variant's deck does not hold: removed, a joker not added, or named more
    times than the deck has copies."""


class CardParseError(SpadesError, ValueError):
    """A card name that is not one of ``AS``..``2C``, ``BJ``, ``LJ``."""


class ActionParseError(SpadesError, ValueError):
    """Text that is not an action (see :class:`spadeslib.Action` for the grammar)."""


class ScoringError(SpadesError, ValueError):
    """Inputs to a scoring function that do not describe a deal of the variant: wrong
    number of sides or seats, negative tricks, more tricks than the hand holds, a Nil in a
    variant without Nil, and so on. The message quotes the bad value and says why."""
