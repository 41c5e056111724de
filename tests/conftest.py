"""Shared fixtures. ``shared_data`` points at ../shared/data and skips when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

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
