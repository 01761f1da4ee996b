"""Shared pytest configuration: Hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (the default) keeps example counts modest so the
suite fits CI; ``HYPOTHESIS_PROFILE=thorough`` runs many more.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
