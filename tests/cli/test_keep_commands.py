"""The command words every scorekeeper's prompt shares."""

from __future__ import annotations

from cardside.tui.keeping import keep_command


def test_command_words_call_their_action_and_entries_pass_through() -> None:
    calls: list[str] = []

    def run(line: str) -> str | None:
        return keep_command(
            line,
            help=lambda: calls.append("help"),
            show=lambda: calls.append("show"),
            undo=lambda: calls.append("undo"),
        )

    assert [run(w) for w in ("HELP", "?", "show", "score", " undo ")] == ["handled"] * 5
    assert calls == ["help", "help", "show", "show", "undo"]
    assert run("Exit") == run("quit") == "quit"
    assert run("q") is None  # a card rank in some games, never a way out
    assert run("Ann 2") is None and run("undo 2") is None and run("w") is None
    assert len(calls) == 5
    said: list[str] = []
    assert keep_command("undo 2", help=print, show=print, undo=print, say=said.append) == "handled"
    assert said == [
        "  undo takes nothing after it: type it alone, once for each entry to take back (type help)"
    ]
