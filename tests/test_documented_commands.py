"""Every ``cardside`` line in a fenced ``sh`` block of the README and of ``docs/`` runs.

Each block runs in its own data folder holding the example sessions of ``scoresheets/`` (found
by path too, as from a clone's top folder) and a
Schnapsen match kept as ``friday`` and not yet over (the session the README's examples use),
its lines in order (so a block may rename a session and then use the new name). Interactive
commands get ``quit`` on stdin, everything else a closed stdin; a simulation runs one game,
as its options matter here, not its length. Each block runs in a folder of its own, so a
file a command writes never lands in the repository.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
INTERACTIVE = {"play", "keep", "resume"}
FENCE = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)


def command_lines(text: str) -> list[list[str]]:
    """The ``cardside`` lines of a block's text as argument lists, comments dropped."""
    lines = []
    for line in text.splitlines():
        words = shlex.split(line, comments=True)
        if words and words[0] == "cardside":
            lines.append(words[1:])
    return lines


def blocks() -> list[tuple[str, list[list[str]]]]:
    """Every ``sh`` block with a ``cardside`` line, named by its file and line."""
    found = []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            lines = command_lines(match.group(1))
            if lines:
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{path.relative_to(ROOT)}:{line}", lines))
    return found


def shortened(args: list[str]) -> list[str]:
    """The same command with one game where it simulates many."""
    args = list(args)
    if "--games" in args:
        args[args.index("--games") + 1] = "1"
    return args


def stdin_for(args: list[str]) -> str:
    """``quit`` for a command that asks, nothing for one that does not."""
    words = [a for a in args if not a.startswith("-")]
    return "quit\n" if INTERACTIVE & set(words[:2]) else ""


BLOCKS = blocks()


def test_the_readme_and_every_game_guide_show_commands() -> None:
    where = {name.split(":")[0] for name, _ in BLOCKS}
    assert "README.md" in where
    for game in ("iota", "lineit", "linesbeta", "octrix", "schnapsen"):
        assert f"docs/{game}.md" in where


def test_the_extraction_reads_a_block_as_a_shell_would() -> None:
    text = (
        "cardside octrix score 1 3 4 5 8            # 11: runs\n"
        '                                           # (--fix: "quoted")\n'
        'cardside octrix score --trick "8C 3H"\n'
        "python3 -m venv .venv && .venv/bin/cardside octrix play\n"
    )
    assert command_lines(text) == [
        ["octrix", "score", "1", "3", "4", "5", "8"],
        ["octrix", "score", "--trick", "8C 3H"],
    ]
    assert shortened(["iota", "simulate", "--games", "500", "--seed", "1"])[3] == "1"
    assert stdin_for(["sessions", "resume", "last"]) == "quit\n"
    assert stdin_for(["--ascii", "octrix", "play"]) == "quit\n"
    assert stdin_for(["sessions", "show", "last"]) == ""


@pytest.mark.parametrize(("where", "lines"), BLOCKS, ids=[name for name, _ in BLOCKS])
def test_each_documented_command_runs(
    runner: CliRunner,
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    where: str,
    lines: list[list[str]],
) -> None:
    work = tmp_path / "work"  # a file a command writes (-o friday.html) lands here
    work.mkdir()
    # Run from a clone's top folder, where the examples are also found by path.
    shutil.copytree(ROOT / "scoresheets", work / "scoresheets")
    monkeypatch.chdir(work)
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    for example in sorted((ROOT / "scoresheets").glob("*.toml")):
        shutil.copy(example, folder)
    friday = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "friday"]
    kept = runner.invoke(main, friday, input="Ann 2\nBob 1\nquit\n")
    assert kept.exit_code == 0, kept.output
    for args in lines:
        result = runner.invoke(main, shortened(args), input=stdin_for(args))
        shown = f"{where}: cardside {shlex.join(args)}\n{result.output}"
        assert result.exit_code == 0, shown
        assert result.exception is None, shown
        assert result.output.strip(), shown


def test_the_review_of_the_example_games_is_what_sessions_md_shows(
    runner: CliRunner, data_dir: Path
) -> None:
    """The tables of ``sessions review --all-sessions`` over ``scoresheets/`` in sessions.md
    are the program's own output, so they cannot drift from it."""
    root = Path(__file__).resolve().parents[1]
    folder = data_dir / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    for path in (root / "scoresheets").glob("*.toml"):
        shutil.copy(path, folder / path.name)
    text = (root / "docs" / "sessions.md").read_text(encoding="utf-8")
    shown = text.split("Over the examples of `scoresheets/`:", 1)[1].split("```")[1]
    tables = shown.split("Each session:", 1)[1].split("Not reviewed", 1)[0]
    rows = [line for line in tables.splitlines() if line.strip()]
    assert len(rows) >= 12  # both tables, each with its header and rule
    args = ["sessions", "review", "--all-sessions", "--depth", "1", "--jobs", "1"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0 and result.exception is None, result.output
    lines = [line.rstrip() for line in result.output.splitlines()]
    missing = [row for row in rows if row.rstrip() not in lines]
    assert not missing, missing
