"""A terminal that cannot write the suit symbols (Latin-1, ASCII): letters, never a crash."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.tui.style import Style, shows_symbols


@pytest.mark.parametrize(
    ("encoding", "shows"), [("utf-8", True), ("latin-1", False), ("ascii", False)]
)
def test_symbols_are_used_only_where_the_terminal_can_write_them(
    encoding: str, shows: bool
) -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    assert shows_symbols(stream) is shows


def test_style_falls_back_to_letters_on_a_latin1_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    assert Style.detect().ascii
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not Style.detect().ascii


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
@pytest.mark.parametrize(
    "args",
    [
        ["schnapsen", "play", "--seed", "1"],
        ["linesbeta", "play", "--seed", "1"],
        ["iota", "rules"],
        ["lineit", "rules"],
        ["linesbeta", "rules"],
    ],
)
def test_a_narrow_encoding_gives_letters_and_no_error(
    data_dir: Path, encoding: str, args: list[str]
) -> None:
    runner = CliRunner(charset=encoding)
    result = runner.invoke(main, args, input="quit\n")
    assert result.exception is None, result.output
    assert result.exit_code == 0, result.output
    assert "♦" not in result.output and "♠" not in result.output
    if args[:2] == ["schnapsen", "play"]:
        assert re.search(r"trumps [CSHD], indicator [JQKA1][0]?[CSHD];", result.output)
    if args[1] == "play":
        assert "Saved. Continue with" in result.output


def test_ratings_on_a_latin1_terminal_write_their_formula_in_ascii(
    data_dir: Path,
) -> None:
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    for sheet in (Path(__file__).resolve().parents[2] / "scoresheets").glob("*.toml"):
        shutil.copy(sheet, folder / sheet.name)
    result = CliRunner(charset="latin-1").invoke(main, ["stats", "--ratings"])
    assert result.exception is None, result.output
    assert result.exit_code == 0
    # The formula's minus sign (U+2212) is not in Latin-1: written in ASCII, as with --ascii.
    assert "rating = 1000 + 40 x (mu - 3 x sigma)" in result.output
