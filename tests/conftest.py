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
collected.
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]

settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--grundy-plugins",
        default=None,
        help="comma-separated plugin modules whose games join the property tests "
        "(the same as $GRUNDY_PLUGINS)",
    )


def pytest_configure(config: pytest.Config) -> None:
    names = config.getoption("--grundy-plugins") or os.environ.get("GRUNDY_PLUGINS")
    if names:
        from registry import load_plugins

        load_plugins({"GRUNDY_PLUGINS": names})


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
