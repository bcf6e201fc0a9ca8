"""Line input for the interactive modes, with Tab completion on a real terminal.

prompt-toolkit is used only when both stdin and stdout are terminals; otherwise lines are read
plainly from stdin, so every interactive mode can be scripted (and tested) through a pipe.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

import click

Words = Callable[[], Iterable[str]]


class Console:
    """Prints lines and asks questions; ``ask`` returns ``None`` at the end of input."""

    def __init__(self, *, interactive: bool | None = None) -> None:
        if interactive is None:
            interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.interactive = interactive
        self._session = None

    def say(self, text: str = "") -> None:
        click.echo(text)

    def ask(self, prompt: str, words: Words | None = None) -> str | None:
        """Read one line (stripped). Tab offers ``words()`` on a terminal."""
        if self.interactive:
            return self._ask_terminal(prompt, words)
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo()
            return None
        text = line.strip()
        click.echo(text)  # echo scripted input so a transcript reads like a real session
        return text

    def _ask_terminal(self, prompt: str, words: Words | None) -> str | None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion

        class _Completer(Completer):
            def get_completions(self, document, complete_event):  # type: ignore[no-untyped-def]
                if words is None:
                    return
                word = document.get_word_before_cursor(WORD=True)
                for option in words():
                    if option.lower().startswith(word.lower()):
                        yield Completion(option, start_position=-len(word))

        if self._session is None:
            self._session = PromptSession()
        try:
            return self._session.prompt(prompt, completer=_Completer()).strip()
        except EOFError:
            return None
        except KeyboardInterrupt:
            return None
