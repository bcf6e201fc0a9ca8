"""Shared fixtures: every test that touches sessions gets its own data folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner


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
