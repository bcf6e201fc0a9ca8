"""Shared fixtures: every test that touches sessions gets its own data folder.

Property tests run the same examples on every run (a failure is the code's, never the luck
of one run); ``HYPOTHESIS_PROFILE=explore`` draws fresh ones on every run to hunt for new
failures, which then go into the test as an ``@example``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder, also set as CARDSIDE_HOME so nothing touches the real one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("CARDSIDE_HOME", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
