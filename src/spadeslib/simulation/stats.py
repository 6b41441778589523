"""95% confidence intervals: for a rate, a mean, and the difference of two of either.

- A rate (k of n): Wilson's score interval, which stays inside 0..1 and behaves at 0 and
  n, where the textbook interval collapses.
- A mean: the normal interval, mean +- 1.96 standard errors (simulations give hundreds
  of observations or more; below two observations there is no interval).
- An unpaired difference of rates: Newcombe's hybrid score interval (built from the two
  Wilson intervals); of means: Welch's normal interval.
- A paired difference (the same deals under both variants): the normal interval of the
  mean of the per-deal differences, which removes the luck of the cards both shared.

An interval that cannot be formed is ``(nan, nan)``; JSON output writes it as ``null``.
The values may be a list or a numpy array (a million of them cost a few array sums).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

__all__ = ["Z", "mean_difference", "mean_interval", "paired_interval", "rate_difference", "wilson"]

Z: Final = 1.959963984540054
"""The 97.5th percentile of the standard normal: a two-sided 95% interval."""

_NAN: Final = float("nan")

Interval = tuple[float, float]


def wilson(successes: int, n: int) -> Interval:
    """Wilson's 95% score interval of a rate of ``successes`` in ``n``."""
    if n <= 0:
        return _NAN, _NAN
    p = successes / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _mean_and_variance(values: Sequence[float]) -> tuple[float, float]:
    import numpy as np

    array = np.asarray(values, dtype=np.float64)
    n = len(array)
    mean = float(array.sum()) / n
    if n < 2:
        return mean, _NAN
    return mean, float(((array - mean) ** 2).sum()) / (n - 1)


def mean_interval(values: Sequence[float]) -> tuple[float, Interval]:
    """The mean of ``values`` and its 95% normal interval."""
    if len(values) == 0:
        return _NAN, (_NAN, _NAN)
    mean, variance = _mean_and_variance(values)
    half = Z * math.sqrt(variance / len(values))
    return mean, (mean - half, mean + half)


def rate_difference(a: tuple[int, int], b: tuple[int, int]) -> tuple[float, Interval]:
    """``rate(a) - rate(b)`` for ``(successes, n)`` pairs and Newcombe's 95% interval."""
    (ka, na), (kb, nb) = a, b
    if na <= 0 or nb <= 0:
        return _NAN, (_NAN, _NAN)
    pa, pb = ka / na, kb / nb
    (la, ua), (lb, ub) = wilson(ka, na), wilson(kb, nb)
    difference = pa - pb
    low = difference - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2)
    high = difference + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2)
    return difference, (low, high)


def mean_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, Interval]:
    """``mean(a) - mean(b)`` of two independent samples and Welch's 95% normal interval."""
    if len(a) == 0 or len(b) == 0:
        return _NAN, (_NAN, _NAN)
    mean_a, var_a = _mean_and_variance(a)
    mean_b, var_b = _mean_and_variance(b)
    difference = mean_a - mean_b
    half = Z * math.sqrt(var_a / len(a) + var_b / len(b))
    return difference, (difference - half, difference + half)


def paired_interval(differences: Sequence[float]) -> tuple[float, Interval]:
    """The mean of per-unit differences (the same deal under A and under B) and its 95%
    interval."""
    return mean_interval(differences)
