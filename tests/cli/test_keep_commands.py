"""The command words every scorekeeper's prompt shares."""

from __future__ import annotations

from click.testing import CliRunner

from cardside.cli.main import main
from cardside.tui.keeping import keep_command


def test_command_words_call_their_action_and_entries_pass_through() -> None:
    calls: list[str] = []
    said: list[str] = []

    def run(line: str) -> str | None:
        return keep_command(
            line,
            help=lambda: calls.append("help"),
            show=lambda: calls.append("show"),
            undo=lambda: calls.append("undo"),
            say=said.append,
        )

    assert [run(w) for w in ("HELP", "?", "show", "score", " undo ")] == ["handled"] * 5
    assert calls == ["help", "help", "show", "show", "undo"]
    assert run("Exit") == run("quit") == "quit"
    assert run("q") is None  # a card rank in some games, never a way out
    assert run("Ann 2") is None and run("w") is None
    assert len(calls) == 5 and said == []
    assert run("undo 2") == "handled" and len(calls) == 5  # refused, nothing undone
    assert said == [
        "  undo takes nothing after it: type it alone, once for each entry to take back (type help)"
    ]


def test_a_player_named_by_a_command_word_still_enters_turns() -> None:
    """A file written before such names were refused: ``H 8 4`` is H's turn, not help."""
    said: list[str] = []

    def run(line: str, names: list[str]) -> str | None:
        return keep_command(line, help=print, show=print, undo=print, say=said.append, names=names)

    assert run("H 8 4", ["H", "Ann"]) is None and run("score 8", ["Score", "Ann"]) is None
    assert said == []
    assert run("h 8 4", ["Ann", "Bob"]) == "handled" and len(said) == 1


def test_iota_names_that_are_command_words_are_refused(runner: CliRunner) -> None:
    for name in ("H", "Score", "exit", "?"):
        result = runner.invoke(main, ["iota", "keep", "--names", f"{name},Ann"])
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
        assert "choose another name" in result.output, result.output
