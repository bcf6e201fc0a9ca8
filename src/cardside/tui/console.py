"""Line input for the interactive modes, with Tab completion on a real terminal.

prompt-toolkit is used only when both stdin and stdout are terminals; otherwise lines are read
plainly from stdin, so every interactive mode can be scripted (and tested) through a pipe.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession

import click

from cardside.core.players import not_a_player, person
from cardside.core.schema import CONTROL, cut, escaped
from cardside.tui.table import display_width

Words = Callable[[str], Iterable[str]]  # given the text typed so far


#: How every question before a session starts ends its help.
SETUP_HELP = "quit leaves (nothing is saved yet)"


#: The lines after the first of a paste of several at a terminal prompt, still to be
#: answered: each is the answer to the next question, as when the lines are piped. Kept for
#: the process, as stdin's own buffer is: a paste may answer the setup questions and then the
#: game's, which different consoles ask.
_PASTED: list[str] = []


#: The words that leave any prompt (a lone q does not: Q is a card rank).
QUIT_WORDS = ("quit", "exit")


def _terminal_mode() -> list[Any] | None:
    """stdin's terminal mode, or None where stdin is not a terminal (or has no such mode)."""
    try:
        import termios
    except ImportError:
        return None
    try:
        if not sys.stdin.isatty():
            return None
        return termios.tcgetattr(sys.stdin.fileno())
    except (termios.error, OSError, ValueError, AttributeError):
        return None


@contextmanager
def keys_not_echoed() -> Iterator[None]:
    """While a bot (or a hint) thinks, keys typed at the terminal are not echoed: the terminal
    would print them over the note and the screen to come. They wait, unread, for the next
    prompt."""
    before = _terminal_mode()
    if before is None:
        yield
        return
    import termios

    quiet = list(before)
    quiet[3] &= ~termios.ECHO
    termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, before)


class Console:
    """Prints lines and asks questions; ``ask`` returns ``None`` at the end of input.

    On a terminal, lines longer than its width are wrapped at spaces (``width`` fixes the
    width, e.g. in tests); piped output is left as it is.
    """

    def __init__(
        self,
        *,
        interactive: bool | None = None,
        width: int | None = None,
        height: int | None = None,
    ) -> None:
        #: A terminal that understands no escape codes (``TERM=dumb``: an editor's shell
        #: window): lines are read plainly, with no line editing, and no passing notes.
        self.dumb = False
        #: Whether the line editor may colour what it draws (``--no-color`` and ``NO_COLOR``
        #: say no).
        self.colour = True
        if interactive is None:
            interactive = sys.stdin.isatty() and sys.stdout.isatty()
            self.dumb = interactive and os.environ.get("TERM", "") == "dumb"
        self.interactive = interactive
        self.width = width
        self.height = height
        #: Lines said so far (as wrapped): a screen measures its own height by it.
        self.said_lines = 0
        #: Shows the game's rules page: ``rules`` typed at any prompt of a game (play, keep)
        #: shows it and asks again. Set by the game's command.
        self.rules: Callable[[], None] | None = None
        self._session: PromptSession[Any] | None = None
        self._status = False
        self._lock = threading.Lock()
        #: The line at the terminal prompt grew longer than MAX_LINE: refused on Enter.
        self._too_long = False

    def columns(self) -> int | None:
        """The width to wrap to: ``width`` if given, the terminal's on a terminal, else none."""
        if self.width is not None:
            return self.width
        if sys.stdout.isatty():
            return shutil.get_terminal_size().columns
        return None

    def rows(self) -> int | None:
        """The height a screen should fit: ``height`` if given, the terminal's on a terminal,
        else none (piped output is read as a whole)."""
        if self.height is not None:
            return self.height
        if sys.stdout.isatty():
            return shutil.get_terminal_size().lines
        return None

    def rows_of(self, text: str) -> int:
        """How many rows ``text`` takes when said: its lines as wrapped to the width."""
        width = self.columns()
        lines = text.split("\n")
        return len(lines) if width is None else sum(len(wrap(line, width)) for line in lines)

    def fit(
        self,
        lines: list[str],
        used: int,
        shorter: Callable[[list[str]], list[str]],
        keep: int = 1,
    ) -> list[str]:
        """``lines`` (as said) made to fit the rows left under ``used`` rows and above the
        prompt: as they are, else ``shorter(lines)``, else the last of those that fit, the
        first ``keep`` (a heading) kept and the others said to be in ``history``, else the
        last line alone (after the note where there is room), else one line saying where
        they are: never taller than the room. Where ``used`` fills the screen alone, the
        shorter lines whole (the top is out of sight anyway, and the turns are what the player
        reads next); all of them where the height is not known (piped output)."""
        rows = self.rows()
        if rows is None:
            return lines
        room = rows - used - 1

        def height(part: list[str]) -> int:
            return sum(self.rows_of(line) for line in part)

        if height(lines) <= room:
            return lines
        lines = shorter(lines)
        if height(lines) <= room or room < 1:
            # Where what is above already fills the screen (a grid taller than it), its top
            # is out of sight whatever comes next: the turns, shortened, stay by the prompt.
            return lines
        head, body = lines[:keep], lines[keep:]
        indent = body[0][: len(body[0]) - len(body[0].lstrip())] if body else "  "
        note = f"{indent}(before these: history lists them)"
        # Something must go (the shorter lines do not fit): the oldest first, said so.
        while body and height([*head, note, *body]) > room:
            body = body[1:]
        if body:
            return [*head, note, *body]
        # No room for the heading too: the latest line (what was just played, which the
        # player must see) goes before the heading, then before the note.
        latest = lines[keep:][-1:]
        for part in ([note, *latest], latest):
            if latest and height(part) <= room:
                return part
        # Not even that: a line that says where they are, where there is room for it.
        alone = f"{indent[:2] or '  '}(the latest turns: history lists them)"
        return [alone] if height([alone]) <= room else []

    def say(self, text: str = "") -> None:
        self.clear_status()
        width = self.columns()
        if width is not None:
            text = "\n".join(part for line in text.split("\n") for part in wrap(line, width))
        self.said_lines += text.count("\n") + 1
        # A no-break space keeps words together through the wrapping (``Type help for help.``).
        click.echo(text.replace("\u00a0", " "))

    def say_command(self, lead: str, command: str) -> None:
        """``lead`` and then a command to type, kept whole on one line so that it can be copied:
        under ``lead``, indented, when both do not fit the terminal's width together."""
        width = self.columns()
        if width is None or len(lead) + 1 + len(command) <= width:
            self.say(f"{lead} {command}")
            return
        self.say(lead)
        self.clear_status()
        click.echo("  " + command)

    def status(self, text: str) -> None:
        """Show a passing note (``Bot 2 is thinking...``) on a terminal; the next line replaces
        it. Nothing is shown when output is piped."""
        if not self.interactive or self.dumb:
            return
        with self._lock:
            sys.stdout.write("\r" + text[: max(1, (self.columns() or 80) - 1)])
            sys.stdout.flush()
            self._status = True

    def clear_status(self) -> None:
        with self._lock:
            if self._status:
                sys.stdout.write("\r\x1b[K")
                sys.stdout.flush()
                self._status = False

    @contextmanager
    def thinking(self, note: str, delay: float = 0.4) -> Iterator[None]:
        """Around a bot's (or a hint's) thinking: ``note`` shown on a terminal once it has
        taken ``delay`` seconds and cleared after; keys typed meanwhile are not echoed.
        Nothing is shown when output is piped."""
        if not self.interactive:
            yield
            return
        timer = threading.Timer(delay, self.status, [note])
        timer.daemon = True
        timer.start()
        try:
            with keys_not_echoed():
                yield
        finally:
            timer.cancel()
            timer.join()
            self.clear_status()

    def ask_setup(self, prompt: str, words: Words | None = None) -> str | None:
        """A question before a session starts: like ``ask``, and ``quit`` is the end of input
        (nothing is saved yet, so there is nothing to keep)."""
        answer = self.ask(prompt, words)
        return None if answer is not None and answer.lower() in QUIT_WORDS else answer

    def ask_yes_no(
        self, prompt: str, yes: tuple[str, ...] = (), no: tuple[str, ...] = ()
    ) -> bool | None:
        """A yes/no setup question (Enter is no); asked again until the answer is one of
        them; None on ``quit`` or the end of input. ``yes`` and ``no`` are further words for
        each answer (``short`` and ``full`` for a game's length)."""
        while True:
            answer = self.ask_setup(prompt)
            if answer is None:
                return None
            word = answer.lower()
            if word in ("", "n", "no", *no):
                return False
            if word in ("y", "yes", *yes):
                return True
            also = f", or {yes[0]} or {no[0]}" if yes and no else ""
            if word in ("help", "?"):
                self.say(f"  answer y (yes) or n (no){also}; Enter is no; {SETUP_HELP}")
                continue
            self.say(f"  answer y or n{also} (type help)")

    def pasting(self) -> bool:
        """Whether lines of a paste of several are still waiting to be read as typed."""
        return bool(_PASTED)

    def ask(self, prompt: str, words: Words | None = None, default: str = "") -> str | None:
        """Read one line (stripped). Tab offers ``words(typed so far)`` on a terminal, where
        ``default`` is the line offered for editing (piped input reads the next line).
        ``rules`` alone, in a game that set :attr:`rules`, shows its rules and asks again."""
        while True:
            answer = self._ask_once(prompt, words, default)
            if answer is None or self.rules is None or answer.lower() != "rules":
                return answer
            self.rules()
            # The page (or its first screen, left by the pager) now stands where the table
            # was: say how to see the table again.
            self.say("  (rules shown; show draws the table again)")

    def _ask_once(self, prompt: str, words: Words | None, default: str) -> str | None:
        self.clear_status()
        if self.interactive and not self.dumb:
            if _PASTED:
                # The next line of a paste of several: answered as if typed, and shown so.
                text = _PASTED.pop(0)
                click.echo(prompt + shown(text))
                return text
            return self._ask_terminal(prompt, words, default)
        while True:
            try:
                click.echo(prompt, nl=False)
                line = read_line()
            except KeyboardInterrupt:
                # Ctrl-C while reading piped input ends it, as Ctrl-C at a terminal prompt does.
                click.echo()
                return None
            except ValueError as exc:
                # One bad line (not text, or absurdly long) is refused; the rest are kept.
                click.echo()
                self.say(f"  {refusal(f'{exc}; type it again')}")
                continue
            if line is None:
                click.echo()
                return None
            text = line.strip()
            if typed_at_a_terminal():
                # Output piped on (`| tee game.log`) while typing at a terminal, which has
                # shown the line already: only the line's end, so the output goes on below.
                click.echo()
                return text
            # Echo scripted input so a transcript reads like a real session; a control
            # character is shown as its code, never sent to the terminal.
            click.echo(shown(text))
            return text

    def _ask_terminal(self, prompt: str, words: Words | None, default: str = "") -> str | None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion

        class _Completer(Completer):
            def get_completions(self, document, complete_event):  # type: ignore[no-untyped-def]
                if words is None:
                    return
                yield from (
                    Completion(text, start_position=start)
                    for text, start in completions(
                        document.text_before_cursor, words(document.text_before_cursor)
                    )
                )

        if self._session is None:
            from prompt_toolkit.output import ColorDepth
            from prompt_toolkit.shortcuts import CompleteStyle

            plain = not self.colour or bool(os.environ.get("NO_COLOR"))
            # Tab inserts the matches' common part, as shells do; a second Tab lists them above
            # the prompt and leaves the line as typed (a menu would put its first choice in the
            # line, and Enter would then play a move never typed).
            self._session = PromptSession(
                color_depth=ColorDepth.DEPTH_1_BIT if plain else None,
                complete_while_typing=False,
                complete_style=CompleteStyle.READLINE_LIKE,
                key_bindings=_ignored_escapes(),
            )
            self._session.default_buffer.on_text_changed += self._refuse_long
        width = self.columns()
        if width is not None:
            prompt = fit_prompt(prompt, width)
        while True:
            self._too_long = False
            try:
                line = self._session.prompt(prompt, completer=_Completer(), default=default)
            except EOFError:
                return None
            except KeyboardInterrupt:
                return None
            if self._too_long:
                why = f"that line is longer than {MAX_LINE} characters"
            elif any("\udc80" <= ch <= "\udcff" for ch in line):
                # Bytes that are no text in the locale's encoding, kept as stand-ins: the
                # terminal sends another encoding than the one the locale names.
                encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
                why = (
                    f"that line is not {encoding} text (does the terminal's character set "
                    "match the locale's?)"
                )
            else:
                first, *rest = line.rstrip("\n").split("\n")
                _PASTED.extend(part.strip() for part in rest)
                return first.strip()
            self.say(f"  {refusal(f'{why}; type it again')}")

    def _refuse_long(self, buffer: Any) -> None:
        """Empty the line being typed once it is longer than :data:`MAX_LINE` characters, and
        keep it empty until Enter, which then refuses it: as with piped input, an absurd line
        (a paste of 100,000 characters) costs only itself, and is never drawn or kept whole."""
        if buffer.text and (self._too_long or len(buffer.text) > MAX_LINE):
            self._too_long = True
            buffer.text = ""


MAX_LINE = 4096  # bytes in one typed line


def _ignored_escapes() -> Any:
    """Key bindings that drop what reads as a mouse report: a colour code pasted with text
    (``ESC [31m``) has a mouse report's shape, and prompt_toolkit's own handler stops on it
    with an error. Mouse reporting is never turned on, so no real report is lost."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    bindings = KeyBindings()

    @bindings.add(Keys.Vt100MouseEvent)
    def _drop(event: Any) -> None:
        return None

    return bindings


def shown(line: str) -> str:
    """A typed line as it is echoed: each control character as its code (``\\x1b``), never
    sent to the terminal, and each one that shows nothing (a right-to-left override, a
    zero-width space, a joiner that joins nothing: see :func:`~cardside.core.schema.hidden_at`)
    as its code point (``\\u202e``)."""
    return escaped(line, CONTROL)


def typed_at_a_terminal() -> bool:
    """Whether the standard input is a terminal (whatever the output is)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


#: The byte-order mark, as a line read decodes it.
BOM = "\ufeff"


def read_line() -> str | None:
    """One line from stdin, ``None`` at its end; ``ValueError`` for a line that is not text
    in the terminal's encoding or is longer than :data:`MAX_LINE` (the line is used up).

    Lines are read as bytes and decoded one by one, so a stray invalid byte costs only its
    own line, whatever the locale's error handling. A byte-order mark at a line's start (a
    file saved by Notepad begins with one) is left out: it means nothing typed.
    """
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        text = stream.readline(MAX_LINE + 1)
        if len(text) > MAX_LINE and not text.endswith("\n"):
            _drain(stream)
            raise ValueError(f"that line is longer than {MAX_LINE} characters")
        return text.removeprefix(BOM) or None
    raw = buffer.readline(MAX_LINE + 1)
    if not raw:
        return None
    if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
        _drain(buffer)
        raise ValueError(f"that line is longer than {MAX_LINE} bytes")
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return raw.decode(encoding).removeprefix(BOM)
    except (UnicodeDecodeError, LookupError):
        raise ValueError(f"that line is not {encoding} text") from None


def _drain(stream: Any) -> None:
    """Skip the rest of an over-long line."""
    while True:
        chunk = stream.readline(MAX_LINE)
        if not chunk or chunk.endswith(b"\n" if isinstance(chunk, bytes) else "\n"):
            return


def completions(typed: str, options: Iterable[str]) -> list[tuple[str, int]]:
    """What Tab offers for ``typed``: (text, start position relative to the cursor).

    An option that extends the whole line (``marriage K`` -> ``marriage KH``) replaces the
    line; otherwise an option that extends the last word (``JS r`` -> ``r3R``) replaces that
    word. Matching ignores case.
    """
    line = typed.lstrip()
    parts = typed.split()
    word = "" if not parts or typed[-1:].isspace() else parts[-1]
    options = list(dict.fromkeys(options))
    if " " in line:
        whole = [(o, -len(line)) for o in options if o.lower().startswith(line.lower())]
        if whole:
            return whole
    return [(o, -len(word)) for o in options if o.lower().startswith(word.lower())]


def fit_prompt(prompt: str, width: int) -> str:
    """A prompt longer than the terminal broken at spaces onto lines of its own (the
    terminal would break it mid-word); the answer is typed after its last line."""
    if visible_len(prompt) < width:
        return prompt
    body = prompt.rstrip(" ")
    return "\n".join(wrap(body, width - 1)) + prompt[len(body) :]


def wrap(line: str, width: int) -> list[str]:
    """``line`` broken at spaces into pieces at most ``width`` wide (colour codes take no
    room); continuation lines keep the line's indent, or in a table row (``  term    what it
    does``) start under its last column. A word longer than the width stays whole on its own
    line."""
    if visible_len(line) <= width:
        return [line]
    # A coloured line's indent may sit inside its colour: the indent goes first.
    line = _STYLED_INDENT.sub(r"\2\1", line, count=1)
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body))
    column = _TABLE_ROW.match(click.unstyle(body))
    if column is not None:
        # Columns on the screen: a wide letter of a name before it takes two.
        indent = " " * (len(indent) + visible_len(click.unstyle(body)[: column.end()]))
    if len(indent) > width // 2:
        indent = " " * (len(line) - len(body)) if len(line) - len(body) <= width // 2 else ""
    out: list[str] = []
    current = " " * (len(line) - len(body))
    for word in body.split(" "):
        if current.strip() and visible_len(current) + 1 + visible_len(word) > width:
            out.append(current.rstrip(" "))
            current = indent + word
        elif current.strip():
            current += " " + word
        else:
            current += word
    out.append(current)
    return out


_STYLED_INDENT = re.compile(r"^((?:\x1b\[[0-9;]*m)+)( +)")
#: A table row up to its last column: columns stand apart by gaps of two spaces or more.
_TABLE_ROW = re.compile(r".*\S  +(?=\S)")


def visible_len(text: str) -> int:
    """The width of ``text`` on the screen (colour codes left out, wide characters two)."""
    return display_width(text)


def refusal(reason: object) -> str:
    """How every play and keep prompt refuses a line: the reason, and where the commands are
    (``8X is not a card (type help)``)."""
    return f"{reason} (type help)"


def not_alone(
    line: str,
    commands: Iterable[str],
    *,
    entries: Iterable[str] = (),
    undo: str = "",
    moves: Iterable[str] = (),
) -> str | None:
    """The refusal of a command word typed with more after it (``undo 5``, ``show all``), or
    None: every prompt takes its commands alone. A line starting with one of ``entries`` (a
    player's name, a game's action word) is not a command; ``undo`` says what one undo takes
    back, for the refusal of ``undo 5``; a command word that begins one of the game's
    ``moves`` (``h 12`` for ``hand 12``) is answered with the move to type."""
    words = line.split()
    if len(words) < 2:
        return None
    word = words[0].lower()
    if word not in commands or word in {e.lower() for e in entries}:
        return None
    alone = f"type it alone, once for each {undo} to take back" if word == "undo" and undo else ""
    meant = [m for m in moves if m.startswith(word)]
    if len(meant) == 1:
        written = " ".join([meant[0], *words[1:]])
        return refusal(f"{word} takes nothing after it; for the move, type {written}")
    return refusal(f"{word} takes nothing after it: {alone or 'type it alone'}")


def _rules_elsewhere() -> str:
    """Where a game's rules page is, for ``rules`` typed at a prompt: its own command."""
    from cardside.games.registry import GAMES

    ctx = click.get_current_context(silent=True)
    game = next(
        (c.info_name for c in _lineage(ctx) if c.info_name in GAMES),
        None,
    )
    command = f"cardside {game} rules" if game else "cardside GAME rules"
    return f"the rules are a command of their own: {command} (in another terminal, or after quit)"


def _lineage(ctx: click.Context | None) -> list[click.Context]:
    """``ctx`` and the contexts it was invoked from."""
    out = []
    while ctx is not None:
        out.append(ctx)
        ctx = ctx.parent
    return out


def not_understood(
    line: str, words: Iterable[str], noun: str = "a card", names: Sequence[str] = ()
) -> str | None:
    """The answer to a typed word that is neither a move nor a command, else ``None``.

    ``words`` are what may be typed (moves as written, and commands). A line whose first word
    is three or more letters and starts none of them is such a word: ``hello``. Anything else
    is left to the game's own reading, which says what is wrong with it. Every play and keep
    prompt answers such a word with this one line. Where an entry may start with a player's
    name, a word with more after it is a misspelt name (``Anm 8 4``), answered as every keep
    answers a name that fits nobody (:func:`cardside.core.players.not_a_player`).
    """
    split = line.split()
    first = split[0] if split else ""
    if len(first) < 3 or not first.isalpha():
        return None
    # Compared as names are (a name given with its accent apart fits one typed whole).
    known = {person(w.split()[0]) for w in words if w.split()}
    typed = person(first)
    if typed == "rules" and len(split) == 1 and "rules" not in known:
        return refusal(_rules_elsewhere())
    if any(k.startswith(typed) for k in known):
        return None
    if names and len(split) > 1:
        return refusal(not_a_player(first, names))
    return refusal(f"not {noun} or a command: {cut(first, 24)}")
