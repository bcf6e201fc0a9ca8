"""What is typed or pasted at a terminal prompt (prompt-toolkit), driven through a pipe."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from cardside.tui import console as console_module
from cardside.tui.console import MAX_LINE, Console


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    """Keys for the terminal prompts of a test, as if typed."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        yield pipe
    console_module._PASTED.clear()


def test_an_absurdly_long_line_at_a_terminal_prompt_is_refused_alone(
    keys: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    keys.send_text("Ann " + "2" * (3 * MAX_LINE) + "\r" + "Ann 2\r")  # a pipe holds 64 KiB
    console = Console(interactive=True)
    assert console.ask("Deal 1: ") == "Ann 2"
    assert f"longer than {MAX_LINE} characters; type it again (type help)" in (
        capsys.readouterr().out
    )


def test_bytes_no_text_of_the_locale_are_refused_as_such(
    keys: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    """A terminal sending Latin-1 to a UTF-8 locale: the line is said not to be text, with the
    likely cause, not read as a name or card holding odd characters."""
    keys.send_bytes(b"Zo\xeb,Bob\r")
    keys.send_text("Zoe,Bob\r")
    console = Console(interactive=True)
    assert console.ask("Players: ") == "Zoe,Bob"
    out = capsys.readouterr().out
    assert "text (does the terminal's character set match the locale's?); type it again" in out
    assert "\\udc" not in out and "invisible" not in out


def test_a_dumb_terminal_is_read_plainly_with_no_passing_notes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TERM=dumb (an editor's shell window) understands no escape codes: no line editor, no
    note that a bot is thinking; the line is read as typed."""
    import io

    class Typed(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr("sys.stdin", Typed("Ann 2\n"))
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    console = Console()
    assert console.interactive and console.dumb
    console.status("Bot 2 is thinking...")
    assert console.ask("Deal 1: ") == "Ann 2"
    assert "\x1b" not in capsys.readouterr().out
    monkeypatch.setenv("TERM", "xterm")
    assert not Console().dumb


def test_a_long_pasted_line_is_refused_whole(
    keys: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    # A bracketed paste arrives at once; typing after it, before Enter, is dropped with it.
    keys.send_text("\x1b[200~" + "w " * MAX_LINE + "\x1b[201~" + "w\r" + "l\r")
    console = Console(interactive=True)
    assert console.ask("Trick: ") == "l"
    assert capsys.readouterr().out.count("longer than") == 1


def test_a_paste_of_several_lines_answers_one_question_per_line(
    keys: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    # The paste ends with its own line break; Enter after it sends it.
    keys.send_text("\x1b[200~Ann 2\nBob 3\n\x1b\nAnn 1\n\x1b[201~\r" + "quit\r")
    console = Console(interactive=True)
    answers: list[str | None] = []
    while "quit" not in answers:
        answers.append(console.ask(f"Deal {len(answers) + 1}: "))
    assert answers == ["Ann 2", "Bob 3", "\x1b", "Ann 1", "quit"]
    shown = capsys.readouterr().out
    assert "Deal 2: Bob 3\n" in shown and "Deal 3: \\x1b\n" in shown  # as if typed


def test_a_colour_code_typed_or_pasted_is_dropped_not_an_error(
    keys: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    # ESC [31m has the shape of a mouse report, on which prompt-toolkit's own handler fails.
    keys.send_text("Ann 5 \x1b[31m\r" + "Bob 2\x1b[0m\r")
    console = Console(interactive=True)
    assert console.ask("Turn: ") == "Ann 5"
    assert console.ask("Turn: ") == "Bob 2"
    out = capsys.readouterr()
    assert "Unhandled exception" not in out.out + out.err


@pytest.mark.parametrize(("typed", "read"), [("4\t\t\r", "4"), ("A\t\r", "AC"), ("4D\t\r", "4D")])
def test_tab_completes_what_is_common_and_never_picks_a_move_for_you(
    keys: PipeInput, typed: str, read: str
) -> None:
    """As a shell: Tab inserts the one match, or the matches' common part; a second Tab lists
    them and leaves the line, so Enter never plays a card that was not typed."""
    keys.send_text(typed)
    console = Console(interactive=True)
    cards = ["AC", "4D", "4H", "4C", "8D"]
    assert console.ask("Your card: ", words=lambda typed: cards) == read


@pytest.mark.parametrize(
    ("movers", "start"),
    [
        ([], None),  # nothing yet: everything is to tell
        ([1, 1], None),  # before the seat's first turn
        ([0, 1, 1], 0),  # its turn, then the other's two moves
        ([0, 0, 1, 0], 0),  # its turn under way: from its turn before, the other's between
        ([0, 1, 0, 0], 0),
        ([1, 0, 0, 1, 1, 0, 0], 1),  # under way again, two moves in
        ([0], None),  # its first turn under way: everything
    ],
)
def test_a_recap_starts_at_the_last_turn_begun_and_before_one_under_way(
    movers: list[int], start: int | None
) -> None:
    from cardside.tui.human import recap_start

    assert recap_start(movers, 0) == start
