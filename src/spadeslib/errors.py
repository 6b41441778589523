"""The library's error types.

Every error spadeslib raises on bad input is a :class:`SpadesError`, so a caller can catch
one type. Subclasses say which kind of input was bad, and carry enough structure (a list
of :class:`Problem`, the offending action, the state) for a program to react and for a
person to fix the input without reading our source.
"""

from __future__ import annotations

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
]


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
        text = f"illegal action {str(action)!r}: {reason}"
        if rule:
            text += f" (rule: {rule})"
        if state:
            text += f" [{state}]"
        super().__init__(text)


class RecordError(SpadesError, ValueError):
    """A game record (or a deal, or an action string) that cannot be read or replayed."""


class ArgumentError(SpadesError, ValueError):
    """An argument a function cannot take: a seed out of range, a seat that is not at the
    table, a number of deals or simulations below 1, a missing bot. Nothing was changed."""


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
