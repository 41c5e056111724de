"""Shared fixtures. ``shared_data`` points at ../shared/data and skips when it is absent."""

from __future__ import annotations

import os
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

# Tests never download (tiny models are built inside them). huggingface_hub reads the offline
# switch when it is imported, so a test's monkeypatch comes too late: without this, loading a
# model id still sent a request to huggingface.co (its agent-registry fetch, up to 3 s).
os.environ["HF_HUB_OFFLINE"] = "1"

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
