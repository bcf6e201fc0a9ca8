"""The top-level command: help, version, global options and fast start-up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from cardside import __version__
from cardside.cli.main import main


def test_help_lists_games_and_global_options(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    for word in ("octrix", "sessions", "--data-dir", "--no-color", "--ascii", "CARDSIDE_HOME"):
        assert word in result.output


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output


def test_unknown_command_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["bridge"])
    assert result.exit_code == 2 and "No such command" in result.output


def test_a_mistyped_command_gets_the_nearest_name(runner: CliRunner) -> None:
    for typed, meant in [("iot", "iota"), ("sesions", "sessions"), ("schnapsn", "schnapsen")]:
        result = runner.invoke(main, [typed, "list"])
        assert result.exit_code == 2
        assert f"No such command '{typed}'. Did you mean '{meant}'?" in result.output
    assert "Did you mean" not in runner.invoke(main, ["zzz"]).output
    result = runner.invoke(main, ["iota", "plya"])
    assert result.exit_code == 2 and "Did you mean 'play'?" in result.output


def test_a_command_of_the_level_below_or_another_word_for_one_is_pointed_to(
    runner: CliRunner,
) -> None:
    for typed, word, meant in [
        (["list"], "list", "'cardside sessions list'"),
        (["review", "last"], "review", "'cardside sessions review'"),
        (["remove", "x"], "remove", "'cardside sessions delete'"),
        (["play"], "play", "'cardside GAME play', e.g. 'cardside iota play'"),
        (["sessions", "remove", "x"], "remove", "'delete'"),
        (["sessions", "ls"], "ls", "'list'"),
    ]:
        result = runner.invoke(main, typed, prog_name="cardside")
        assert result.exit_code == 2 and result.exception is not None
        assert f"No such command '{word}'. Did you mean {meant}?" in result.output, result.output


def test_help_imports_no_engine_and_no_prompt_toolkit() -> None:
    # The registry of games (names and summaries, standard library only) is all it may read.
    code = (
        "import sys\n"
        "from cardside.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in sys.modules if m.startswith(('prompt_toolkit', 'cardside.games.',"
        " 'cardside.tui', 'cardside.core', 'cardside.sessions',"
        " 'tomli_w', 'platformdirs')) and m != 'cardside.games.registry']\n"
        "print('HEAVY', heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "HEAVY []" in out.stdout


def test_ascii_and_no_color(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(main, ["--ascii", "octrix", "score", "--trick", "8C 3H"])
    assert result.exit_code == 0
    assert "8C" in result.output and "♣" not in result.output
    # As on a terminal (the test's output is not one): coloured, unless NO_COLOR is set.
    terminal = SimpleNamespace(stdout=SimpleNamespace(isatty=lambda: True))
    monkeypatch.setattr("cardside.tui.style.sys", terminal)
    coloured = runner.invoke(main, ["octrix", "rules"], color=True, env={"TERM": "xterm"})
    assert coloured.exit_code == 0 and coloured.exception is None, coloured.output
    assert "\x1b[" in coloured.output
    # NO_COLOR, or a terminal that shows no colour (TERM=dumb): plain text.
    for env in ({"NO_COLOR": "1", "TERM": "xterm"}, {"TERM": "dumb"}):
        result = runner.invoke(main, ["octrix", "rules"], color=True, env=env)
        assert result.exit_code == 0 and result.exception is None, result.output
        assert "The first to reach 88 wins." in result.output
        assert "\x1b[" not in result.output, env


@pytest.mark.parametrize(
    "args", [["--data-dir", "", "sessions", "list"], ["octrix", "keep", "--data-dir", " "]]
)
def test_an_empty_data_folder_is_refused(
    runner: CliRunner, args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty --data-dir is refused, not read as the current folder (nothing is written there)."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    assert "a folder name cannot be blank" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_blank_cardside_home_is_named_in_the_refusal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDSIDE_HOME", "  ")
    result = runner.invoke(main, ["sessions", "list"])
    assert result.exit_code == 2
    assert "CARDSIDE_HOME is blank: set it to a folder, or unset it" in result.output
    assert "--data-dir" not in result.output  # an option the person never typed


def test_a_cardside_home_that_is_a_file_is_named_in_the_refusal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", encoding="utf-8")
    monkeypatch.setenv("CARDSIDE_HOME", str(a_file))
    result = runner.invoke(main, ["stats"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"CARDSIDE_HOME names a file, not a folder: {a_file}" in result.output
    assert "--data-dir" not in result.output
    assert a_file.read_text(encoding="utf-8") == "mine"
    typed = runner.invoke(main, ["--data-dir", str(a_file), "stats"])
    assert typed.exit_code == 2 and "'--data-dir'" in typed.output


@pytest.mark.parametrize("args", [[], ["iota"], ["sessions"]])
def test_a_group_alone_prints_its_help_on_standard_output(
    runner: CliRunner, args: list[str]
) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.stdout.startswith("Usage: ") and "Commands:" in result.stdout
    assert result.stderr == ""
