"""``rules``: every game's rules.md printed as terminal text, within the width, plain when
piped or under --no-color."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.registry import GAMES
from cardside.tui.markdown import render
from cardside.tui.style import Style

MARKERS = re.compile(r"^\s*#|\*\*|\|\s*-{3}|^\s*\||`")


def colour_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Style as on a colour terminal: colour unless --no-color."""

    def detect(cls: type[Style], *, no_color: bool = False, ascii: bool = False) -> Style:
        return cls(color=not no_color, ascii=ascii)

    monkeypatch.setattr(Style, "detect", classmethod(detect))


def page(game: str) -> str:
    return files(f"cardside.games.{game}").joinpath("rules.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [40, 60, 100])
@pytest.mark.parametrize("game", list(GAMES))
def test_piped_rules_are_plain_text_within_the_width(
    runner: CliRunner, game: str, width: int
) -> None:
    result = runner.invoke(main, [game, "rules"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0
    assert "\x1b[" not in result.output
    for line in result.output.splitlines():
        assert not MARKERS.search(line), line
        assert len(line) <= width or " " not in line.strip(), line
    # Nothing of the page is lost: every word of the source is printed.
    words = re.findall(r"[a-z]{4,}", page(game).lower())
    assert set(words) <= set(re.findall(r"[a-z]{4,}", result.output.lower()))


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_on_a_colour_terminal_are_bold_and_no_color_is_plain(
    runner: CliRunner, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    colour_terminal(monkeypatch)
    shown = runner.invoke(main, [game, "rules"], color=True).output
    assert "\x1b[1m" in shown
    assert not any(MARKERS.search(click_unstyle(line)) for line in shown.splitlines())
    plain = runner.invoke(main, [game, "rules", "--no-color"], color=True).output
    assert "\x1b[" not in plain


def click_unstyle(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_tables_are_aligned() -> None:
    text = "| difficulty | full | short |\n|---|---|---|\n| easy | 21 / 21 | 12 / 12 |\n"
    text += "| normal | 26 / 16 | 14 / 10 |\n"
    lines = render(text, 60, Style()).splitlines()
    assert lines == [
        "difficulty  full     short",
        "----------  -------  -------",
        "easy        21 / 21  12 / 12",
        "normal      26 / 16  14 / 10",
    ]


def test_a_table_too_wide_becomes_one_block_per_row() -> None:
    text = "| how | game points |\n|---|---|\n| " + "a long case " * 6 + "| 2 to the other |\n"
    lines = render(text, 40, Style()).splitlines()
    assert all(len(line) <= 40 for line in lines)
    assert lines[-1] == "    game points: 2 to the other"


def test_lists_hang_and_inline_markers_go() -> None:
    text = "- **Close** (`close`): with 5 cards and cards left in the stock, turn it *down*.\n"
    lines = render(text, 30, Style()).splitlines()
    assert lines[0].startswith("- Close (close): ")
    assert all(line.startswith("  ") for line in lines[1:])
    assert "*" not in "".join(lines) and "`" not in "".join(lines)


@pytest.mark.parametrize(
    "args",
    [
        ["--no-color", "octrix", "rules"],
        ["octrix", "--no-color", "rules"],
        ["octrix", "rules", "--no-color"],
    ],
    ids=["before the game", "after the game", "after the command"],
)
def test_no_color_rules_at_every_level(
    runner: CliRunner, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    colour_terminal(monkeypatch)
    assert "\x1b[" in runner.invoke(main, ["octrix", "rules"], color=True).output
    result = runner.invoke(main, args, color=True)
    assert result.exit_code == 0 and "\x1b[" not in result.output


class _Stream:
    def __init__(self, tty: bool, fd: int) -> None:
        self.tty, self.fd = tty, fd

    def isatty(self) -> bool:
        return self.tty

    def fileno(self) -> int:
        return self.fd


def test_a_page_piped_into_a_pager_is_read_at_the_terminal_s_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``rules | less`` on a 60-column terminal: standard output is a pipe, standard error the
    terminal, and the page is wrapped to its 60 columns."""
    import os
    import sys

    from cardside.cli.common import reading_width

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(sys, "stdout", _Stream(False, 1))
    monkeypatch.setattr(sys, "stderr", _Stream(True, 2))
    sizes = {2: os.terminal_size((60, 20))}
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: sizes[fd])
    assert reading_width() == 60
    monkeypatch.setattr(sys, "stderr", _Stream(False, 2))
    assert reading_width() == 80  # no terminal at all: a file's page
    monkeypatch.setenv("COLUMNS", "72")
    assert reading_width() == 72
    monkeypatch.setenv("COLUMNS", "9" * 40)
    assert reading_width() == 80


def test_a_page_taller_than_the_terminal_opens_in_a_pager_and_a_short_one_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os
    import sys

    from cardside.cli.common import _too_tall

    monkeypatch.setattr(sys, "stdin", _Stream(True, 0))
    monkeypatch.setattr(sys, "stdout", _Stream(True, 1))
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((60, 24)))
    assert _too_tall("line\n" * 30) and not _too_tall("line\n" * 10)
    monkeypatch.setattr(sys, "stdout", _Stream(False, 1))  # piped: never paged
    assert not _too_tall("line\n" * 30)
    monkeypatch.setattr(sys, "stdout", _Stream(True, 1))
    monkeypatch.setattr(sys, "stdin", _Stream(False, 0))  # no keyboard to leave the pager
    assert not _too_tall("line\n" * 30)


def test_rules_on_a_short_terminal_go_through_the_pager(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    import click

    paged: list[tuple[str, str | None]] = []
    monkeypatch.setattr("cardside.cli.common._too_tall", lambda page: True)
    monkeypatch.setattr(
        click, "echo_via_pager", lambda text: paged.append((text, os.environ.get("LESS")))
    )
    monkeypatch.setenv("LESS", "")  # restored after the test
    monkeypatch.delenv("LESS")
    result = runner.invoke(main, ["iota", "rules"])
    assert result.exit_code == 0 and result.output == ""
    assert len(paged) == 1 and "wild" in paged[0][0].lower()
    # As git pages (colours kept, the page left on the screen), and the prompt says how to
    # leave.
    assert paged[0][1] == "FRX -Ps?e(END) q to leave:Space for more\\, q to leave.$"
    monkeypatch.setenv("LESS", "-N")
    runner.invoke(main, ["iota", "rules"])
    assert paged[1][1] == "-N"  # the reader's own setting stands


def test_a_review_and_the_statistics_too_tall_for_the_terminal_go_through_the_pager(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    """Their summaries come first: on a short terminal they would scroll away."""
    import click

    paged: list[str] = []
    monkeypatch.setattr("cardside.cli.common._too_tall", lambda page: True)
    monkeypatch.setattr(click, "echo_via_pager", paged.append)
    root = Path(__file__).resolve().parents[2]
    sheet = str(root / "scoresheets" / "octrix-played-vs-strong.toml")
    result = runner.invoke(main, ["sessions", "review", sheet])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert len(paged) == 1 and "accuracy" in paged[0]
    keep = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "1"]
    kept = runner.invoke(main, keep, input="Ann 3\nAnn 3\nAnn 1\n\n")
    assert kept.exit_code == 0
    stats = runner.invoke(main, ["stats"])
    assert stats.exit_code == 0 and stats.exception is None, stats.output
    assert len(paged) == 2 and "Players" in paged[1]
    # A session's table too: its players and columns above a long table stay in reach.
    shown = runner.invoke(main, ["sessions", "show", sheet])
    assert shown.exit_code == 0 and shown.exception is None and shown.output == ""
    assert len(paged) == 3 and paged[2].startswith(f"{sheet}: octrix play")
    assert "winner: Strong" in paged[2]
    # The list of sessions (the newest at its top), the ratings and the league: a club's
    # years of them run to hundreds of lines.
    for args, shows in (
        (["sessions", "list"], "schnapsen"),
        (["stats", "--ratings"], "Schnapsen"),
        (["stats", "--league"], "Schnapsen"),
    ):
        before = len(paged)
        result = runner.invoke(main, args)
        assert result.exit_code == 0 and result.exception is None, result.output
        assert len(paged) == before + 1 and shows in paged[-1], args


def test_a_terminal_that_says_no_size_is_read_as_no_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A terminal made with no size (0 columns, as some runners make one) would wrap every
    table a word a line and page every page: its size is read as unknown."""
    import os

    from cardside.cli import common

    class Tty:
        def isatty(self) -> bool:
            return True

        def fileno(self) -> int:
            return 1

    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((0, 0)))
    assert common._terminal_size(Tty()) is None
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((80, 24)))
    assert common._terminal_size(Tty()) == os.terminal_size((80, 24))
