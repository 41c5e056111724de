"""Shared fixtures. ``shared_data`` points at ../shared/data and skips when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests judge results, not speed: no per-example deadline (200 ms by default) and no
# too-slow health check, which a loaded machine can trip. Built on the loaded profile, so under
# CI=true Hypothesis' own "ci" profile (derandomised, no database) stays in force.
settings.register_profile(
    "lingeval",
    settings(settings.default, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)
settings.load_profile("lingeval")

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not present (third-party data, not shipped)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT
