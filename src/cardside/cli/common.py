"""Options and helpers shared by the command modules."""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn, TypeVar, cast

import click

from cardside.cli.app import App
from cardside.cli.options import app_of
from cardside.core.arith import is_digits
from cardside.core.schema import ANY_CONTROL, clip, cut, hidden_at, invisible, path_text, shows
from cardside.core.words import quoted

F = TypeVar("F", bound=Callable[..., Any])


class Bounded(click.ParamType):
    """A whole number from ``low`` to ``high``, refused by its length before it is converted
    (so a number of thousands of digits costs nothing and is not echoed whole)."""

    name = "integer"

    def __init__(self, low: int, high: int, what: str = "") -> None:
        self.low, self.high = low, high
        #: What the number is, for the message (``a counting card``), if not just a number.
        self.what = what

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            longest = max(len(str(self.low)), len(str(self.high)))
            digits = text.lstrip("+-")
            if is_digits(digits) and len(text) > 1 + longest and text.count("-") <= 1:
                # A whole number, only too long to be in range: said as one out of range.
                range_ = self._expected() if self.what else f"from {self.low} to {self.high}"
                self.fail(f"{clip(text, 24)} is not {range_}")
            if not is_digits(digits) or text.count("-") > 1:
                self.fail(f"{clip(text, 24)} is not {self._expected()}")
            number = int(text)
        if not self.low <= number <= self.high:
            if self.what:
                self.fail(f"{number} is not {self._expected()}")
            self.fail(f"{number} is not from {self.low} to {self.high}")
        return number

    def _expected(self) -> str:
        numbers = f"a whole number from {self.low} to {self.high}"
        return f"{self.what} ({numbers})" if self.what else numbers


class Range(click.IntRange):
    """click's ``IntRange`` (its help shows the range), read and refused as :class:`Bounded`
    reads: the same words for every number option, and a value of thousands of digits refused
    by its length before it is converted."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(low, high)
        self._bounded = Bounded(low, high)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return self._bounded.convert(value, param, ctx)


MOST_GAMES = 1_000_000  # games one simulate command may be asked for
MAX_NAME = 30  # characters in a player's name


def _seed_option(help: str, **settings: Any) -> Callable[[F], F]:
    return click.option("--seed", type=Bounded(-(2**63), 2**63 - 1), help=help, **settings)


#: A game's seed; without it each game is dealt afresh.
seed_option = _seed_option("Seed for dealing and bots (same seed, same game).", default=None)
#: The seed of a run of games, 0 unless given: the same command, the same figures.
simulate_seed_option = _seed_option(
    "Seed for dealing and bots (same seed, same games).  [default: 0, so that a run can be "
    "repeated]",
    default=0,
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


class _BotChoice(click.Choice):  # type: ignore[type-arg]
    """A bot's name from the choices, in any case and with spaces around it, as ``--bots``
    takes names in the other games."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert(value.strip() if isinstance(value, str) else value, param, ctx)


def bot_option(choices: list[str], default: str, help: str, also: str = "") -> Callable[[F], F]:
    """``--bot NAME`` from ``choices``, named in the help so it wraps on a narrow terminal;
    ``also``: another spelling it answers to."""
    return click.option(
        "--bot",
        *((also,) if also else ()),
        type=_BotChoice(choices, case_sensitive=False),
        default=default,
        show_default=True,
        metavar="NAME",
        help=f"{help} One of: {', '.join(choices)}.",
    )


#: The most worker processes ``--jobs`` takes; the default, every core, stops there too.
MOST_JOBS = 64


def _default_jobs() -> int:
    from cardside.core.parallel import cores

    return min(cores(), MOST_JOBS)


class ClusterAddress(click.ParamType):
    """``local:N`` or a Dask scheduler's address, checked for its shape (not yet reached)."""

    name = "address"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from cardside.core.parallel import check_address

        try:
            return check_address(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def with_cluster(cluster: str | None, run: Callable[[Any], Any], jobs: int) -> Any:
    """``run(jobs)``, or with ``--cluster`` given, ``run`` with the connected cluster in place of
    ``--jobs`` (closed after); a cluster that cannot be used ends the command on one line."""
    if cluster is None:
        return run(jobs)
    ctx = click.get_current_context()
    if ctx.get_parameter_source("jobs") == click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("give --jobs or --cluster, not both")
    from cardside.core.parallel import ClusterError, connect

    try:
        with connect(cluster) as workers:
            ctx.meta[CLUSTER_KEY] = workers  # for end_if_stopped: why a run ended early
            for note in workers.notes:
                click.echo(note, err=True)
            return run(workers)
    except ClusterError as exc:
        raise click.ClickException(str(exc)) from None


#: Where ``with_cluster`` leaves the connected cluster in the command's context.
CLUSTER_KEY = "cardside.cluster"


def jobs_option(command: F) -> F:
    """``--jobs N`` (worker processes on this machine) and ``--cluster ADDRESS`` (the workers of
    a Dask cluster). With ``--cluster`` the command runs connected to it and receives the
    cluster as its ``jobs``, which it hands on to the games' ``map_games``; the results are
    the same either way."""

    @functools.wraps(command)
    def run(*args: Any, cluster: str | None, **kwargs: Any) -> Any:
        return with_cluster(
            cluster, lambda jobs: command(*args, **{**kwargs, "jobs": jobs}), kwargs["jobs"]
        )

    jobs = click.option(
        "--jobs",
        type=Range(1, MOST_JOBS),
        default=_default_jobs,
        show_default="the number of cores",
        help="Worker processes sharing the games; the results are the same for any number.",
    )
    on_cluster = click.option(
        "--cluster",
        type=ClusterAddress(),
        default=None,
        metavar="ADDRESS",
        help="Share the games with the workers of a Dask cluster instead: a scheduler's "
        "address (tcp://HOST:PORT), or local:N for N workers here; same results. Needs "
        "pip install 'cardside[cluster]'.",
    )
    return cast(F, jobs(on_cluster(run)))


def json_text(data: Any) -> str:
    """``data`` as indented JSON, letters of every script as they are, but each character
    that shows nothing (a line separator from a file, a right-to-left override) written as
    its escape: the same JSON to a reader, and no line broken or disguised on a terminal."""
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    return _BEYOND_ASCII.sub(lambda m: _escaped(m[0]) if invisible(m[0]) else m[0], text)


_BEYOND_ASCII = re.compile(r"[^\x00-\x7f]")


def _escaped(char: str) -> str:
    """A character as a JSON escape (a pair of them past the first 65,536)."""
    return json.dumps(char)[1:-1]


def echo_json(data: Any) -> None:
    """Print ``data`` as JSON for scripts: UTF-8, as JSON between programs is, whatever the
    terminal's encoding."""
    echo_document(json_text(data) + "\n")


def echo_score_json(data: dict[str, Any], explained: str) -> None:
    """A ``score --json`` answer: the game's own figures and, as in every game, ``answer`` (the
    text answer's first line, the verdict) and ``reasoning`` (all its lines, that one first)."""
    lines = [line.strip() for line in explained.splitlines() if line.strip()]
    echo_json({**data, "answer": lines[0] if lines else "", "reasoning": lines})


def echo_document(text: str) -> None:
    """An export or a page on the standard output: UTF-8 bytes whatever the terminal's
    encoding, as ``-o FILE`` writes it (a Latin-1 terminal would turn letters to ``?``, and
    a page that says it is UTF-8 must be)."""
    sys.stdout.flush()
    out = getattr(sys.stdout, "buffer", None)
    if out is None:  # a stream of text alone: written as text
        click.echo(text, nl=False)
        return
    out.write(text.encode("utf-8"))
    out.flush()


def echo_text(text: str) -> None:
    """Print prose (an explanation, a verdict), wrapped at spaces to the terminal's width
    when printing to one; piped output is left as it is."""
    from cardside.tui.console import Console

    Console(interactive=False).say(text)


def session_path(app: App, name: str) -> Path:
    """The file a session's name, ``last``, list number, unique prefix or path refers to.

    A one-line error if there is none, or if a prefix fits several sessions.
    """
    from cardside.sessions.names import UnknownSession, resolve

    try:
        return resolve(app.data_dir, name)
    except UnknownSession as exc:
        raise click.ClickException(with_folder(exc, app)) from None


def seat_of(name: str, names: list[str], option: str) -> int:
    """The seat of a player named in an option, by name or a unique start of one (any case)."""
    from cardside.core.players import not_a_player, seats_named

    seats = seats_named(name, names)
    if len(seats) > 1:
        meant = " or ".join(names[s] for s in seats)
        raise click.BadParameter(f"{clip(name)} could be {meant}", param_hint=f"'{option}'")
    if not seats:
        raise click.BadParameter(not_a_player(name, names), param_hint=f"'{option}'")
    return seats[0]


def check_name(name: str, option: str) -> None:
    """Refuse (``BadParameter`` for ``option``) a player's name with a control character (a
    tab or line break too), an invisible character (``core.schema.hidden_at``), what the
    exports join names with (`` & ``, ``; ``), or of more than :data:`MAX_NAME` characters."""
    if ANY_CONTROL.search(name):
        raise click.BadParameter(
            f"a name cannot hold control characters: {clip(name)}", param_hint=f"'{option}'"
        )
    if not any(shows(c) for c in name):
        raise click.BadParameter(
            f"a name needs a letter, digit or sign that shows: {clip(name)}",
            param_hint=f"'{option}'",
        )
    hidden = next((name[i] for i in hidden_at(name)), None)
    if hidden is not None:
        raise click.BadParameter(
            f"a name cannot hold invisible characters (U+{ord(hidden):04X}): {clip(name)}",
            param_hint=f"'{option}'",
        )
    if len(name) > MAX_NAME:
        raise click.BadParameter(
            f"a name is at most {MAX_NAME} characters, not {len(name)}", param_hint=f"'{option}'"
        )
    spaced = " ".join(name.split())
    if " & " in spaced or "; " in spaced:
        # The exports' winners cells join partners with " & " and tied players with "; ".
        raise click.BadParameter(
            f"a name cannot hold ' & ' or '; ' (they join partners and tied players in "
            f"exports): {clip(name)}",
            param_hint=f"'{option}'",
        )
    from cardside.sessions.stats import PERSON, bot_bracket, person

    # Read as statistics read names (full-width letters and brackets, any case, odd spaces).
    if re.fullmatch(rf".*\(\s*{PERSON}\s*\)\s*", person(name)):
        raise click.BadParameter(
            f"{clip(name)} ends as statistics name a person kept apart from a bot ({PERSON} in "
            "brackets); choose another name",
            param_hint=f"'{option}'",
        )
    kind = bot_bracket(name)
    if kind:
        raise click.BadParameter(
            f"{clip(name)} reads as a bot's name ({kind} in brackets, as statistics name the "
            "bots), and would count as that bot; choose another name",
            param_hint=f"'{option}'",
        )


def check_person(name: str, option: str) -> None:
    """:func:`check_name`, and refuse a person's name that is how a played game names a bot's
    seat (``Bot 2``): statistics would find the person with the bots of that seat. A play's
    ``--names``, which names its bots too, may give a bot that name."""
    from cardside.sessions.stats import person

    check_name(name, option)
    if re.fullmatch(r"bot ?\d+", person(name)):
        raise click.BadParameter(
            f"{clip(name)} is how cardside names a bot's seat (Bot 2); choose another name "
            "for a person",
            param_hint=f"'{option}'",
        )


def name_key(name: str) -> str:
    """What two names that look the same share: Ann and its full-width or accented twins, and
    Ann with a character that shows nothing (see ``sessions.stats.person``)."""
    from cardside.sessions.stats import person

    return person(name)


def your_name(text: str, option: str = "--name") -> str:
    """The one name ``--name`` gives, stripped, refused (``BadParameter``) when empty or
    against :func:`check_name`."""
    name = text.strip()
    if not name:
        raise click.BadParameter(
            f"the name is empty: give your name, e.g. {option} Ann", param_hint=f"'{option}'"
        )
    check_person(name, option)
    return " ".join(name.split())


def parse_names(
    text: str, low: int, high: int, game: str = "", *, people: bool = False
) -> list[str]:
    """Player names from a comma-separated list, for every ``--names`` and names prompt
    (``people``: every name is a person's, as at a kept table; see :func:`check_person`).

    Every name must be given (``Ann,,Bob`` has an empty one), of at most :data:`MAX_NAME`
    characters and no control character, no two may be the same ignoring case and how they are
    written in Unicode (``Ａnn`` in full width is ``Ann``), and there must
    be ``low`` to ``high`` of them; otherwise a ``BadParameter`` with a one-line reason.
    """
    if not text.strip():
        raise click.BadParameter(
            "give the players' names, separated by commas, e.g. Ann,Bob", param_hint="'--names'"
        )
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise click.BadParameter(
            f"a name is empty in {text.strip()!r}; separate names with single commas, e.g. Ann,Bob",
            param_hint="'--names'",
        )
    for name in names:
        (check_person if people else check_name)(name, "--names")
    # As a prompt reads them, where words are split on any space: "Ann  Lee" is "Ann Lee".
    names = [" ".join(n.split()) for n in names]
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise click.BadParameter(
                f"names must differ: {seen[key]!r} and {name!r}", param_hint="'--names'"
            )
        seen[key] = name
    if not low <= len(names) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        players = "player" if high == 1 else "players"
        for_what = f"{game} is for" if game else "give"
        spaced = len(names) < low and any(" " in n for n in names)
        # "Ann Bob" is one name with a space in it: say how several are written.
        how = "; separate names with commas, e.g. Ann,Bob" if spaced else ""
        raise click.BadParameter(
            f"{for_what} {wanted} {players}, not {len(names)}{how}", param_hint="'--names'"
        )
    return names


def refuse_command_words(names: Iterable[str], words: Iterable[str]) -> None:
    """Refuse (``BadParameter`` for ``--names``) a name that is one of ``words`` (any case): at
    a prompt that takes both, it would be read as the command, not as the player."""
    reserved = {w.lower() for w in words}
    for name in names:
        if name.lower() in reserved:
            raise click.BadParameter(
                f"{name!r} is a command word; choose another name", param_hint="'--names'"
            )


def bot_name(seat: int) -> str:
    """What a bot is called at a table where nobody named it: ``Bot 2`` in the second seat."""
    return f"Bot {seat}"


def seats_of(ctx: click.Context, players: int, bots: list[str], title: str) -> int:
    """The players of a simulation: ``--players``, or without it the number of bots listed
    when more than two (one per seat, as ``--names`` sets the players of ``play``)."""
    if len(bots) <= 2 or ctx.get_parameter_source("players") != click.core.ParameterSource.DEFAULT:
        return players
    (most,) = (p.type.max for p in ctx.command.params if p.name == "players")  # type: ignore[attr-defined]
    if len(bots) > most:
        raise click.BadParameter(
            f"{len(bots)} bots, one per seat, but {title} is for 2 to {most} players",
            param_hint="'--bots'",
        )
    return len(bots)


def table_seats(
    ctx: click.Context,
    players: int,
    humans: int,
    names: str | None,
    bot: str,
    *,
    low: int,
    high: int,
    title: str,
) -> list[Any]:
    """The seats of a played game: ``humans`` people first, bots after them.

    ``--names`` sets the number of players unless ``--players`` was given too, when the two
    must agree; without names the seats are "You" (or "Player 1", "Player 2" …) and "Bot N".
    """
    from cardside.core.record import Seat

    if names is not None:
        seat_names = parse_names(names, low, high, title)
        if ctx.get_parameter_source("players") != click.core.ParameterSource.DEFAULT:
            if len(seat_names) != players:
                raise click.BadParameter(
                    f"{len(seat_names)} names for --players {players}", param_hint="'--names'"
                )
        players = len(seat_names)
    if humans > players:
        raise click.BadParameter(
            f"{humans} people cannot sit at a table of {players}", param_hint="'--humans'"
        )
    if names is not None:
        for person_name in seat_names[:humans]:  # the bots' names may be Bot 2 and the like
            check_person(person_name, "--names")
    if names is None:
        if humans == 1:
            seat_names = ["You"] + [bot_name(i) for i in range(2, players + 1)]
        else:
            seat_names = [f"Player {i}" for i in range(1, humans + 1)]
            seat_names += [bot_name(i) for i in range(humans + 1, players + 1)]
    return [Seat(n, "human") for n in seat_names[:humans]] + [
        Seat(n, f"bot:{bot}") for n in seat_names[humans:]
    ]


def kept_seats(
    console: Any,
    names: str | None,
    ask: Callable[[Any], str | None],
    parse: Callable[[str], list[str]],
) -> tuple[list[str], list[Any]]:
    """The players of a kept game, from ``--names`` or else asked (``ask``), each read by
    ``parse``; their names and their seats at the table. Leaving the question saves nothing."""
    from cardside.core.record import Seat

    if names is None:
        names = ask(console)
        if names is None:
            left_at_setup("players")
    seat_names = parse(names)
    return seat_names, [Seat(n, "table") for n in seat_names]


def start_journal(
    app: App,
    game: str,
    mode: str,
    seats: list[Any],
    options: dict[str, Any],
    seed: int | None,
    name: str | None,
) -> Any:
    """Create, lock and save a new session; a one-line error if the name is taken or unwritable.

    The session stays locked until the command ends, and a save that fails asks to retry.
    """
    from cardside.core.errors import SessionError
    from cardside.sessions.journal import Journal, SessionLocked

    try:
        journal = Journal.start(
            app.data_dir, game=game, mode=mode, seats=seats, options=options, seed=seed, name=name
        )
    except FileExistsError as exc:
        raise click.ClickException(with_folder(exc, app)) from None
    except (ValueError, SessionLocked, SessionError) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(
            f"cannot write to {path_text(app.data_dir)}: {exc.strerror}"
        ) from None
    journal.folder_option = folder_option(app)
    journal.display_options = display_options(app)
    return _hold(journal)


def folder_option(app: App) -> str:
    """`` --data-dir DIR`` when the folder was typed that way (a command without it would look
    elsewhere), else nothing: for the commands cardside suggests."""
    if not app.data_dir_typed:
        return ""
    return f" --data-dir {shlex.quote(str(app.data_dir.absolute()))}"


def display_options(app: App) -> str:
    """`` --ascii`` and `` --no-color`` as typed: for the command that goes on with a session
    (a terminal that needed them still does)."""
    return " --ascii" * app.ascii + " --no-color" * app.no_color


def with_folder(exc: Exception, app: App) -> str:
    """An error's one-line reason; when it names a command of cardside's to run next, with
    :func:`folder_option` in that command, so it finds the same sessions."""
    from cardside.core.errors import Suggests

    return exc.told(folder_option(app)) if isinstance(exc, Suggests) else str(exc)


def left_at_setup(what: str) -> NoReturn:
    """End a command whose setup questions were left (``quit``, or the end of input) before
    anything was saved: a choice, not an error."""
    # Settings are asked after the players: some may have been typed already.
    said = "Not every setting was entered" if what == "settings" else f"No {what} entered"
    click.echo(f"{said}; nothing saved.")
    raise click.exceptions.Exit(0)


def claim_name(app: App, name: str | None) -> None:
    """Refuse a ``--session`` name that is unusable or taken before a keep asks its first
    question, so no answer is typed in vain."""
    if name is None:
        return
    from cardside.sessions.journal import Journal

    try:
        Journal.check_free(app.data_dir, name)
    except FileExistsError as exc:
        raise click.ClickException(with_folder(exc, app)) from None
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None


def open_journal(path: Path) -> Any:
    """Lock and load a saved session to continue it; a one-line error if that cannot be done."""
    from cardside.core.errors import SessionError
    from cardside.sessions.integrity import Disagrees
    from cardside.sessions.journal import Journal, ReadOnly, SessionLocked

    ctx = click.get_current_context(silent=True)
    app = ctx.find_object(App) if ctx is not None else None
    try:
        journal = Journal.open(path)
    except Disagrees as exc:
        raise click.ClickException(with_folder(exc, app) if app else str(exc)) from None
    except (SessionError, SessionLocked, ReadOnly) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot open {path_text(path)}: {exc.strerror}") from None
    if app is not None:
        journal.folder_option = folder_option(app)
        journal.display_options = display_options(app)
        if path.resolve().parent != (app.data_dir / "sessions").resolve():
            # A file outside the sessions folder (resumed by its path) is named by its path.
            journal.folder_option = ""
            from cardside.sessions.names import path_word

            journal.named_as = path_word(path)
    return _hold(journal)


def _hold(journal: Any) -> Any:
    """Keep the journal's lock until the command ends; ask before giving up a failed save."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.call_on_close(journal.close)
    journal.on_save_failure = lambda exc: ask_to_retry(journal, exc)
    return journal


def typing_at_terminal() -> bool:
    """Whether the input comes from a person at a terminal (not a pipe or a file)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # no stdin, or a closed one
        return False


def ask_to_retry(journal: Any, exc: OSError) -> bool:
    """Say a save failed (one line) and ask: Enter or ``retry`` tries again, ``quit`` leaves.

    The entry stays in memory meanwhile. Leaving (or the end of input) ends the command with
    a one-line error; the file then holds every entry before the one that could not be saved.
    A file at its size or entry cap, or input that is not a terminal, ends it at once.
    """
    import errno

    from cardside.sessions.journal import describe

    kept = "the file holds every entry before it"
    if exc.errno == errno.EFBIG:
        # The size or entry cap: trying again can never succeed.
        verb = "play" if journal.session.mode == "play" else "keep"
        raise click.ClickException(
            f"{journal.name} is full, the last entry is not saved: {exc.strerror}; {kept}: "
            f"go on in a new session ('cardside {journal.session.game} {verb}')"
        )
    if not typing_at_terminal():
        # The next lines of a script are entries, not answers to a question it never saw.
        raise click.ClickException(
            f"{journal.name}: {describe(exc)}; the input is not a terminal, so cardside stops "
            f"here: {kept} ({quoted(journal.command())} goes on)"
        )
    from cardside.tui.console import QUIT_WORDS, Console

    console = Console()
    ctx = click.get_current_context(silent=True)
    console.colour = ctx is None or not getattr(ctx.find_object(App), "no_color", False)
    console.rules = lambda: echo_rules(journal.session.game)
    console.say(f"  {journal.name}: {describe(exc)}; the entry is kept in memory.")
    while True:
        answer = console.ask("  Press Enter (or type retry) to save again, or quit to leave: ")
        if answer is None or answer.lower() in (*QUIT_WORDS, "cancel"):
            raise click.ClickException(
                f"{journal.name}: left without saving the last entry; "
                "the file holds every entry before it"
            )
        if answer.lower() in ("", "retry", "r", "save", "y", "yes"):
            return True
        console.say("  Press Enter to try again, or type quit.")


def play_games(
    app: App,
    journal: Any,
    play_session: Callable[[App, Any], str],
    seed: int | None,
) -> None:
    """Play ``journal``'s game; when it ends, offer ``again``: a new game with the same
    players and options, saved as a new session.

    Without ``--seed`` each new game is dealt from a fresh seed; with ``--seed N`` the games
    that follow use N+1, N+2, ... so a whole evening can be replayed from its first seed.
    """
    from cardside.core.rng import fresh_seed
    from cardside.sessions.sheets import unit_of
    from cardside.tui.console import QUIT_WORDS, Console, refusal

    console = Console()
    console.colour = not getattr(app, "no_color", False)
    console.rules = lambda: echo_rules(journal.session.game)
    while play_session(app, journal) == "over":
        from cardside.cli.review import refusal as review_refusal

        can_review = review_refusal(journal.session) is None
        # What one game is called there: a match in Schnapsen, a game elsewhere.
        unit = unit_of(journal.session.game)
        ask = f"Type again for a new {unit} with the same options, or Enter to leave: "
        if can_review:
            ask = (
                f"Type again for a new {unit} with the same options, review to see each of "
                "your moves valued, or Enter to leave: "
            )
        while True:
            try:
                line = console.ask(ask)
            except KeyboardInterrupt:  # the game is saved; Ctrl-C here just leaves
                line = None
            word = "" if line is None else line.strip().lower()
            if word in ("again", "a", "y", "yes", "", "n", "no", *QUIT_WORDS):
                break
            reviewing = quoted(journal.command("review"))
            if word in ("help", "?", "h"):
                console.say(
                    f"  again starts a new {unit} with the same players and options (saved as a "
                    "new session); "
                    + (
                        "review values each of your decisions (review all lists every one, "
                        "review N shows move N in full, review step goes through them; "
                        f"{reviewing} does it later); "
                        if can_review
                        else ""
                    )
                    + f"rules shows the rules; Enter leaves (this {unit} is saved)"
                )
            elif word in ("history", "show", "score"):
                later = f", {reviewing} values each move" if can_review else ""
                console.say(
                    f"  the {unit} is over: {quoted(journal.command('show'))} shows it{later}; "
                    f"type again{', review' if can_review else ''}, or press Enter to leave"
                )
            elif word.split()[:1] == ["review"] and can_review:
                from cardside.cli.review import review_now

                asked = word.split()[1:]
                stepping = asked[:1] == ["step"]
                if stepping:
                    asked = asked[1:]  # review step N: from move N
                    if len(asked) > 1 or asked == ["all"]:
                        asked = ["?"]
                if asked and asked != ["all"] and not all(is_digits(w) for w in asked):
                    console.say(
                        "  "
                        + refusal(
                            "review alone values your moves; review all lists every "
                            "decision, review N shows move N in full, review step goes "
                            "through them one at a time"
                        )
                    )
                    continue
                if any(len(w.lstrip("0")) > 6 for w in asked):
                    console.say("  " + refusal("no move is that large (review all lists them)"))
                    continue
                moves = tuple(sorted({int(w) for w in asked if w != "all"}))
                try:
                    review_now(app, journal.session, moves, all_=asked == ["all"], step=stepping)
                except click.ClickException as exc:
                    console.say("  " + refusal(exc.format_message()))
            else:
                choices = "again, review," if can_review else "again,"
                console.say(
                    "  " + refusal(f"the {unit} is over: type {choices} or press Enter to leave")
                )
        if word not in ("again", "a", "y", "yes"):
            journal.close()
            return
        session = journal.session
        seed = fresh_seed() if seed is None else seed + 1
        # The finished game is given up at once: it can be shown, renamed or moved to the
        # trash from another terminal while the next is played.
        journal.close()
        journal = start_journal(
            app, session.game, session.mode, list(session.seats), dict(session.options), seed, None
        )


def echo_rules(game: str) -> None:
    """Print a game's rules page (``games/<game>/rules.md``, Markdown) as terminal text:
    headings, bold and aligned tables, wrapped to :func:`reading_width`; plain text without
    colour. On a terminal too short for it the page opens in a pager (``less``, or
    ``$PAGER``), as ``man`` and ``git help`` do: its top is not scrolled away."""
    from importlib.resources import files

    from cardside.tui.markdown import render

    app = app_of(click.get_current_context())
    text = files(f"cardside.games.{game}").joinpath("rules.md").read_text(encoding="utf-8")
    page = render(text, reading_width(), app.style)
    echo_page(app.style.plain(page, page=True))


def echo_page(page: str) -> None:
    """Print ``page``; on a terminal too short for it, in a pager (``less``, or ``$PAGER``),
    as ``man`` and ``git help`` do, so that its top is not scrolled away."""
    if _too_tall(page):
        # As git does: less keeps the colours (R), leaves the page on the screen when it is
        # closed (X) and closes by itself on a page that fits after all (F); its prompt says
        # how to leave, as a bare ':' does not, short enough to stay whole on a narrow
        # terminal (less shows only the end of a prompt as wide as the screen).
        # On the last page (``?e``) "(END) q to leave", as less's own prompt says the end.
        # (less writes a conditional prompt's first letter in capitals: it starts with one.)
        os.environ.setdefault("LESS", "FRX -Ps?e(END) q to leave:Space for more\\, q to leave.$")
        if (getattr(sys.stdout, "encoding", "") or "").lower().replace("-", "") == "utf8":
            # The page goes to less in UTF-8 (Python writes UTF-8 under a C locale too), but
            # less in a C locale would show each suit symbol as byte codes.
            os.environ.setdefault("LESSCHARSET", "utf-8")
        click.echo_via_pager(page)
    else:
        click.echo(page)


def _too_tall(page: str) -> bool:
    """Whether ``page`` goes to a terminal (both ways) that cannot show it whole."""
    size = _terminal_size(sys.stdout) if _terminal_size(sys.stdin) else None
    return size is not None and page.count("\n") + 1 >= size.lines


def _terminal_size(stream: Any) -> os.terminal_size | None:
    """The size of the terminal ``stream`` goes to, or none when it is piped, closed or
    replaced by an object with no file behind it (as in tests), or when the terminal says
    no size (0 columns: a terminal made with none, as some runners make one)."""
    try:
        size = os.get_terminal_size(stream.fileno()) if stream.isatty() else None
    except (OSError, ValueError, AttributeError):
        return None
    return size if size is not None and size.columns > 0 and size.lines > 0 else None


def reading_width() -> int:
    """The width a page is read at: ``COLUMNS``, else the terminal's, also when the page is
    piped into a pager (``rules | less``: standard error is still the terminal), else 80."""
    columns = os.environ.get("COLUMNS", "")
    if is_digits(columns) and 0 < len(columns) < 5 and int(columns) > 0:
        return int(columns)
    for stream in (sys.stdout, sys.stderr):
        size = _terminal_size(stream)
        if size is not None:
            return size.columns
    return 80


def terminal_width() -> int | None:
    """The width of the terminal standard output goes to, or none when it is piped."""
    size = _terminal_size(sys.stdout)
    return None if size is None else size.columns


def echo_report(text: str, width: int | None = None) -> None:
    """Print a report of tables and notes; on a terminal of ``width`` the notes (lines with no
    column gaps) wrap at spaces, and table rows are left whole."""
    import re

    from cardside.tui.table import display_width, wrap_words

    if width is None:
        click.echo(text)
        return
    out: list[str] = []
    for line in text.split("\n"):
        if display_width(line) <= width or re.search(r"\S  +\S", line):
            out.append(line)
        else:
            out += wrap_words(line, width)
    click.echo("\n".join(out))


def echo_simulation(
    summary: Any, as_json: bool, stopped: tuple[int, int, str] | None = None
) -> None:
    """A simulation's report (a :class:`~cardside.core.simulation.Summary`): its JSON, or its
    table fitted to the terminal. ``stopped``: (done, asked, unit) of a run stopped early,
    which the JSON says under ``stopped`` (the text says it on stderr)."""
    if as_json:
        data = summary.to_dict()
        if stopped is not None and stopped[0] < stopped[1]:
            done, asked, unit = stopped
            data["stopped"] = {"done": done, "asked": asked, "unit": unit}
            # A cluster that went away stopped it, not Ctrl-C: why, for a script to read.
            ctx = click.get_current_context(silent=True)
            cluster = ctx.meta.get(CLUSTER_KEY) if ctx is not None else None
            if cluster is not None and cluster.lost:
                data["stopped"]["reason"] = cluster.lost[-1]
        echo_json(data)
        return
    from cardside.tui.simulation import render_summary

    width = terminal_width()
    echo_report(render_summary(summary, width), width)


@contextmanager
def progress(total: int, label: str, *, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """A callback moving a progress bar on stderr to ``done`` of ``total``.

    The bar is drawn only on a terminal and when not ``quiet`` (e.g. with ``--json``);
    otherwise the callback does nothing, so scripts and pipes stay clean. A worker process
    of the games killed from outside ends the command with a one-line error.
    """
    try:
        size = _terminal_size(sys.stderr)
        if quiet or size is None or os.environ.get("TERM", "") == "dumb":
            # A terminal that reads no escape codes (an editor's shell) gets no bar.
            yield lambda done: None
            return
        # The bar's line also holds the label, the percentage and the time left: keep it
        # inside the terminal (the bar's own, stderr), or every redraw leaves a broken line.
        room = size.columns - len(label) - 26
        width = max(8, min(36, room))
        with click.progressbar(length=total, label=label, file=sys.stderr, width=width) as bar:
            yield lambda done: bar.update(done - bar.pos)
    except Exception as error:
        # Worker processes exist only once their module is loaded (not for one core, which
        # starts sooner without it): only then can a pool have broken.
        pools = sys.modules.get("concurrent.futures.process")
        if pools is not None and isinstance(error, pools.BrokenProcessPool):
            raise click.ClickException(
                "a worker process ended unexpectedly (out of memory?); try a smaller --jobs"
            ) from None
        raise


def end_if_stopped(done: int, asked: int, unit: str) -> None:
    """After the figures of a run: when Ctrl-C stopped it early (``done < asked``), say so
    on stderr and leave with the status of an interrupted command (130); when the cluster
    went away during it, say why and leave with status 1."""
    if done >= asked:
        return
    ctx = click.get_current_context()
    cluster = ctx.meta.get(CLUSTER_KEY)
    lost = cluster.lost if cluster is not None else []
    if lost:
        click.echo(
            f"Error: {lost[-1]} after {done} of {asked} {unit}: {_figures_for(done)}.",
            err=True,
        )
        ctx.exit(1)
    click.echo(f"Stopped after {done} of {asked} {unit}: {_figures_for(done)}.", err=True)
    ctx.exit(130)


def _figures_for(done: int) -> str:
    """``the figures are for those 3`` (``for that one`` after one)."""
    return "the figures are for that one" if done == 1 else f"the figures are for those {done}"


def ask_names(console: Any, prompt: str, check: Callable[[str], object], order: str) -> str | None:
    """Ask for the players' names until ``check`` (which raises ``BadParameter``) takes them;
    ``help`` or ``?`` explains the answer. None on ``quit`` or the end of input."""
    from cardside.tui.console import SETUP_HELP

    while True:
        line = console.ask_setup(prompt)
        if line is None:
            return None
        if line.strip().lower() in ("help", "?"):
            console.say(
                f"  type the players' names {order}, separated by commas, e.g. Ann,Bob; "
                f"{SETUP_HELP}"
            )
            continue
        try:
            check(line)
            return line
        except click.BadParameter as exc:
            console.say(f"  {exc.message} (type help)")


def begun_since(session: Any, since: datetime | None) -> bool:
    """Whether ``session`` began on or after the day ``since`` (``None``: any day), as
    ``sessions review`` and ``sessions export`` choose sessions by ``--since``."""
    if since is None:
        return True
    began = session.began
    return began is not None and began.date() >= since.date()


class Day(click.ParamType):
    """A date written YYYY-MM-DD, with a plain message when it is not one."""

    name = "date"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> datetime:
        if isinstance(value, datetime):
            return value
        text = str(value).strip()
        try:
            if not text.isascii():  # strptime would take other scripts' digits
                raise ValueError(text)
            return datetime.strptime(text, "%Y-%m-%d")
        except ValueError:
            if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
                self.fail(f"{text!r} is written YYYY-MM-DD but is no day of the calendar")
            self.fail(f"{cut(text, 20)!r} is not a date written YYYY-MM-DD, e.g. 2026-11-30")


def write_output(path: Path, text: str) -> None:
    """Write an export or a page to ``path`` whole or not at all (OSError if it cannot be).

    The text goes to a temporary file beside it, renamed over it: a full disk leaves the file
    as it was, and a file that is also a session under another name (a hard link) keeps its
    own contents. A link is followed to the file it names; a path that is not a regular file
    (``/dev/null``, a pipe) is written as it stands; a file you may not write is refused.
    """
    import errno
    import stat
    import tempfile

    try:
        st: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        # Written through the name given: /dev/stdout's link names a pipe by no real path.
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        return
    target = Path(os.path.realpath(path))
    if st is not None and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    if st is not None:
        mode = stat.S_IMODE(st.st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8"))
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def refuse_own_file(data_dir: Path, path: Path, what: str) -> None:
    """Refuse to write ``path`` (given as ``what``, e.g. ``-o out.csv``) over cardside's own
    files: anything in the sessions or trash folder, or the index of sessions."""
    from cardside.sessions import index, store
    from cardside.sessions.tidy import TRASH

    target = path.resolve()
    for folder, called in ((store.sessions_dir(data_dir), "sessions"), (data_dir / TRASH, "trash")):
        where = folder.resolve()
        if target.parent == where or where in target.parents:
            raise click.UsageError(
                f"{what} is in the {called} folder: write to a file outside it "
                "(a session file there would be overwritten)"
            )
    if target == index.index_path(data_dir).resolve():
        raise click.UsageError(f"{what} is cardside's index of sessions: write to another file")


def indexed(app: App) -> list[Any]:
    """Every session file with its summary (``index.entries``), saying on a terminal when
    many files must be read first (the index's first build takes seconds for thousands)."""
    from cardside.sessions import index

    def notice(count: int) -> None:
        if sys.stderr.isatty():
            click.echo(
                f"Reading {count:,} session files to build the index of sessions...",
                err=True,
            )

    return index.entries(app.data_dir, notice)
