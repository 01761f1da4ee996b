"""Shared pytest configuration: Hypothesis profiles and plugin games.

``HYPOTHESIS_PROFILE=ci`` (the default) keeps example counts modest so the
suite fits CI; ``HYPOTHESIS_PROFILE=thorough`` runs many more. A test asks
for more examples than the profile with ``strategies.at_least(n)`` (never a
fixed ``max_examples``, which a larger profile could not raise); the shared
strategies themselves are in tests/strategies.py.

Plugin games join the property tests (every test drawn over
``registry.conformance_games()``): ``python -m pytest --grundy-plugins
mymodule`` or ``GRUNDY_PLUGINS=mymodule python -m pytest`` imports
``mymodule`` (from the current directory too) before the tests are
collected, and adds the property tests of its games
(``grundy/cli/plugin_tests.py``). The option comes from the package's pytest
plugin (``grundy/pytest_plugin.py``, an entry point, so it works in any
directory); ``pytest_plugins`` below loads it here also where the package
was installed before the entry point existed.
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]

# pytest-xdist (``python -m pytest -n auto``) sets COLUMNS=80 in its workers, the width of
# the controller's terminal; the tests read the output as a pipe gets it (grundy.cli.output's
# 140 columns), as in a serial run.
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.pop("COLUMNS", None)

settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

pytest_plugins = ["grundy.pytest_plugin"]  # --grundy-plugins (also an entry point)


@pytest.fixture(scope="session")
def client() -> Iterator[Any]:
    """A local cluster of 2 single-threaded worker processes, shared by the session."""
    import logging

    import distributed

    dist: Any = distributed  # untyped library
    Client, LocalCluster = dist.Client, dist.LocalCluster

    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    cluster = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    dask_client = Client(cluster)
    yield dask_client
    dask_client.close()
    cluster.close()
    if saved is None:
        del os.environ["PYTHONPATH"]
    else:
        os.environ["PYTHONPATH"] = saved
