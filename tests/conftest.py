"""Shared test settings: Hypothesis profiles.

``fast`` (the default) keeps the whole suite quick enough to run on every change, and
draws the same examples every run (``derandomize``), so that CI's verdict is the code's,
not the draw's; ``thorough`` (``HYPOTHESIS_PROFILE=thorough``) searches much harder, with
new random examples every run, for a nightly or pre-release run: it is the search.
Deadlines are off in both: timings on shared CI machines vary too much for a per-example
deadline to mean anything, and the loader has its own explicit timing tests for hostile
input.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("fast", max_examples=30, deadline=None, derandomize=True)
settings.register_profile(
    "thorough",
    max_examples=2_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))

THOROUGH_FACTOR = 20
"""How many times its own count of examples a test that sets one runs under ``thorough``."""


def examples(fast: int) -> int:
    """The examples of a test that sets its own count (a slow test fewer than the
    profile's, a quick one more): ``fast`` under ``fast``, and ``THOROUGH_FACTOR`` times as
    many under ``thorough``, so that the long run searches harder there too (a count set
    in the test's own settings overrides the profile's)."""
    return fast * THOROUGH_FACTOR if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else fast
