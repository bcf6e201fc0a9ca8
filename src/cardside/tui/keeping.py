"""What every scorekeeper shares: its command words, and a last chance to correct an entry."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardside.core.errors import NotationError
from cardside.core.players import seat_named
from cardside.tui.console import QUIT_WORDS, Console, not_alone, refusal
from cardside.tui.correcting import Corrector, QuitAsked, fix_command, winners_said
from cardside.tui.grammar import agree

if TYPE_CHECKING:
    from cardside.core.record import Session
    from cardside.sessions.journal import Journal

#: Every word a keep prompt reads as a command, so a player cannot be named by one.
COMMAND_WORDS = (*QUIT_WORDS, "help", "?", "h", "show", "score", "undo", "fix", "rules")
#: Command words that take nothing after them (``fix`` takes an entry's number).
ALONE_WORDS = tuple(w for w in COMMAND_WORDS if w != "fix")


def offer_correction(
    console: Console,
    undo: Callable[[], None],
    what: str,
    show: Callable[[], None],
    corrections: Corrector | None = None,
) -> bool:
    """Ask before closing a finished game; ``True`` if the last entry was taken back (or an
    entry corrected with ``corrections``: ``fix N`` and ``undo N``).

    A mistyped final entry would otherwise end the game for good, so the table gets one more
    prompt: ``undo`` takes the entry back (and the keeper carries on), ``fix N`` corrects
    entry N and ``undo N`` takes it back alone, Enter or end of input closes; ``show`` draws
    the sheet and ``help`` says what the prompt takes.
    """
    undone: list[bool] = []
    fix = corrections.fix if corrections is not None else None
    remove = corrections.remove if corrections is not None else None

    def explain() -> None:
        fixing = (
            "; fix N corrects entry N (fix alone lists the latest, fix all every one)"
            if fix
            else ""
        )
        fixing += "; undo N takes back entry N alone" if remove else ""
        console.say(
            f"  undo takes back the last entry and the {what} goes on from there{fixing}; "
            f"show (the sheet); Enter closes the {what} (it is saved)"
        )

    def fixed(args: str) -> None:
        if fix is not None and fix(args):
            undone.append(True)

    def take_back() -> None:
        undo()
        undone.append(True)

    def removed(args: str) -> None:
        if remove is not None and remove(args):
            undone.append(True)

    while True:
        fixing = ", undo N to take back entry N" if remove else ""
        fixing += ", fix N to correct entry N," if fix else ""
        # Who won, next to the question: a finished game reopened shows its sheet, and the
        # line that said so when it ended is not there.
        session = corrections.journal.session if corrections is not None else None
        result = (
            f" ({_result(session.columns, session.winners)})" if session and session.winners else ""
        )
        line = console.ask(
            f"The {what} is over{result}. Type undo to take back the last entry{fixing} or "
            "press Enter to close: "
        )
        if line is None or line.strip().lower() in ("", "close", "done"):
            return False
        done = keep_command(
            line,
            help=explain,
            show=show,
            undo=take_back,
            say=console.say,
            fix=fixed if fix else None,
            remove=removed if remove else None,
        )
        if done == "quit":
            return False
        if undone:
            return True
        if done is None:
            also = (", undo N" if remove else "") + (", fix N" if fix else "")
            console.say("  " + refusal(f"type undo{also} or show, or press Enter to close"))


#: Commands of play that a scorekeeper answers with where it has them.
PLAY_ONLY = ("hint", "history")


def play_only(line: str) -> str | None:
    """The answer to a command of play typed at a keep prompt (``hint``), else ``None``."""
    word = line.strip().lower()
    if word not in PLAY_ONLY:
        return None
    return f"  {word} is for play: here you enter what the table saw (type help)"


def _result(columns: list[str], winners: list[str]) -> str:
    """``Ann wins``; a tie as show says it: ``tied: Ann; Bob``."""
    from cardside.sessions.export import winners_cell
    from cardside.tui.listing import tied

    if tied(columns, winners):
        return f"tied: {winners_cell(list(columns), list(winners))}"
    # Partners who won together are their side, as the sheet names it (Bob & Di).
    side = next((c for c in columns if c.split(" & ") == list(winners)), None)
    if side is not None and len(winners) > 1:
        return agree(side, "win", plural=True)
    # Mid-sentence, "You" and LinesBeta's grid read as words, not names.
    if list(winners) == ["You"]:
        return "you win"
    if list(winners) == ["Grid"] and len(columns) == 2 and columns[1] == "Grid":
        return "the grid wins"
    return winners_said(list(winners))


def keep_command(
    line: str,
    *,
    help: Callable[[], None],
    show: Callable[[], None],
    undo: Callable[[], None],
    say: Callable[[str], None],
    names: Sequence[str] = (),
    fix: Callable[[str], object] | None = None,
    remove: Callable[[str], object] | None = None,
    dealer: Callable[[str], object] | None = None,
) -> str | None:
    """Handle a keep prompt's command word: ``"quit"``, ``"handled"``, or ``None`` if ``line``
    is not a command (then it is an entry). A command word with more after it (``undo 5``)
    is refused through ``say``, as no entry starts with one, unless it is one of ``names``
    (a player named H in a file written before such names were refused). ``fix`` is given
    what follows ``fix`` (``fix 3 ...``), ``remove`` what follows ``undo`` (``undo 3``),
    ``dealer`` what follows ``dealer`` (``dealer Bob``: who deals the round under way)."""
    word = line.strip().lower()
    if word in QUIT_WORDS:
        return "quit"
    args = fix_command(line)
    target = undo_number(line)
    try:
        if fix is not None and args is not None and not _a_name(line, names):
            fix(args)
            return "handled"
        if remove is not None and target is not None and not _a_name(line, names):
            remove(target)
            return "handled"
        if dealer is not None and word.split()[:1] == ["dealer"] and not _a_name(line, names):
            dealer(line.strip()[len("dealer") :].strip())
            return "handled"
    except QuitAsked:
        return "quit"
    actions = {"help": help, "?": help, "h": help, "show": show, "score": show, "undo": undo}
    if word in actions:
        actions[word]()
        return "handled"
    said = play_only(word)
    if said is not None:
        say(said)
        return "handled"
    more = command_with_more(line, names)
    if more is not None:
        say(f"  {more}")
        return "handled"
    return None


def undo_number(line: str) -> str | None:
    """What follows ``undo`` when ``line`` is ``undo`` with more after it (``undo 3``)."""
    words = line.split(maxsplit=1)
    if len(words) < 2 or words[0].lower() != "undo":
        return None
    return words[1].strip()


def command_with_more(line: str, names: Sequence[str] = ()) -> str | None:
    """A keep prompt's refusal of a command word with more after it (``undo 5``); a line that
    starts with one of ``names`` is an entry (see :func:`console.not_alone`)."""
    return not_alone(line, ALONE_WORDS, entries=names, undo="entry")


def _a_name(line: str, names: Sequence[str]) -> bool:
    """Whether ``line`` is an entry starting with one of ``names`` (a player named Fix in an
    old file): the name and more (``fix`` alone is the command)."""
    words = line.split()
    return len(words) > 1 and words[0].lower() in {n.lower() for n in names}


def dealer_named(console: Console, text: str, names: Sequence[str]) -> int | None:
    """The seat ``dealer NAME`` names (NAME read as every keep reads one); ``None``, refused
    in one line, when NAME is nobody's."""
    try:
        return seat_named(text, names)
    except NotationError as exc:
        console.say(f"  {refusal(exc)}")
        return None


def say_saved(console: Console, journal: Journal) -> None:
    """After ``quit``: saved, and the command that continues the session."""
    console.say_command("Saved. Continue with:", journal.command())


def corrected_rows(session: Session) -> set[tuple[int, int]]:
    """The rows a correction changed, as (match, number): the rows ``sessions show`` stars."""
    return {(r.match, r.number) for r in session.rounds if r.corrected or r.corrections}


def starred(cell: object, key: tuple[int, int], marked: set[tuple[int, int]]) -> str:
    """A table's first cell, with ``*`` after it when that row was corrected."""
    return f"{cell}{'*' if key in marked else ''}"


def corrected_note(
    session: Session, console: Console, indent: str = "", *, starred: bool = True
) -> None:
    """Under a keep screen's table (indented as it is), the line ``sessions show`` prints
    there: which correction changed each starred row, and when (``starred=False`` for a
    table without the rows, Line-it's by player)."""
    from cardside.sessions.export import corrections_of

    made = corrections_of(session)
    if made:
        console.say(indent + ("* " if starred else "") + "corrected: " + "; ".join(made))
