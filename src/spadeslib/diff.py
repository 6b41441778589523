"""The rule-by-rule differences between two variants, in words: kept importable here;
the code is :mod:`spadeslib.explain.diff`, beside the rules card whose words it shares."""

from spadeslib.explain.diff import (
    card_words,
    changed_paths,
    describe_kind,
    diff,
    flatten,
    label_of,
)

__all__ = ["card_words", "changed_paths", "describe_kind", "diff", "flatten", "label_of"]
