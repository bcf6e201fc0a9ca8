"""Every test runs in temporary folders, whatever it asks for: the person's own stay untouched."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest
from click.testing import CliRunner

from cardside.cli.main import main

from .conftest import OWN_FOLDERS
from .sessions.procs import env_for


def test_a_test_asking_for_no_folder_still_has_its_own(tmp_path: Path) -> None:
    assert Path(os.environ["CARDSIDE_HOME"]) == tmp_path / "data"
    assert Path(os.environ["HOME"]).is_relative_to(tmp_path)
    for kind in (platformdirs.user_data_path, platformdirs.user_config_path):
        assert kind("cardside", appauthor=False).is_relative_to(tmp_path)
    assert not any(folder.is_relative_to(tmp_path) for folder in OWN_FOLDERS)


def test_without_cardside_home_sessions_go_to_the_temporary_home(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CARDSIDE_HOME")
    result = runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bob", "--session", "t"])
    assert result.exit_code == 0 and result.exception is None, result.output
    (saved,) = tmp_path.rglob("t.toml")
    assert saved.parent == platformdirs.user_data_path("cardside", appauthor=False) / "sessions"


def test_a_process_a_test_starts_has_the_same_home(data_dir: Path, tmp_path: Path) -> None:
    assert env_for(data_dir)["HOME"] == os.environ["HOME"]
    code = "import platformdirs; print(platformdirs.user_data_path('cardside'))"
    shown = subprocess.run(
        [sys.executable, "-c", code], env=env_for(data_dir), capture_output=True, text=True
    )
    assert shown.returncode == 0, shown.stderr
    assert Path(shown.stdout.strip()).is_relative_to(tmp_path)
