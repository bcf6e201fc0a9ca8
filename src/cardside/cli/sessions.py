"""``cardside sessions``: list, show, review, resume, verify, export, rename, delete sessions."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from cardside.cli.common import (
    Day,
    begun_since,
    echo_document,
    echo_json,
    echo_page,
    echo_text,
    folder_option,
    indexed,
    json_option,
    json_text,
    open_journal,
    play_games,
    refuse_own_file,
    session_path,
    terminal_width,
    with_folder,
    write_output,
)
from cardside.cli.options import GameGroup, app_of
from cardside.core.schema import clip, cut, path_text
from cardside.core.words import quoted
from cardside.games.registry import GAMES

MISMATCH = "does not verify"  # a file whose stored totals the entries do not give


def _load(app: Any, path: Path):  # type: ignore[no-untyped-def]
    """Load and recompute a session; a one-line error if the file is unusable, and one line
    (on stderr) if it does not agree with itself."""
    from cardside.core.errors import SessionError
    from cardside.sessions import store

    try:
        session = store.load(path)
        _say_disagreement(app, path, session)
    except SessionError as exc:
        raise click.ClickException(str(exc)) from None
    return session


def _name_of(app: Any, path: Path) -> str:
    """How a command names the session at ``path``: its name, or its path for a file outside
    the sessions folder."""
    from cardside.sessions import tidy
    from cardside.sessions.names import path_word, shell_name

    return shell_name(path) if tidy.inside(app.data_dir, path) else path_word(path)


def _outside(app: Any, path: Path) -> bool:
    """Whether ``path`` is outside the sessions folder (such a file is only read)."""
    from cardside.sessions import tidy

    return not tidy.inside(app.data_dir, path)


def _say_disagreement(app: Any, path: Path, session: Any) -> bool:
    """Give a session just read the derived fields of its entries; say on one line (stderr)
    if the file disagrees with them. True if it does."""
    from cardside.sessions import integrity

    found = integrity.opened(session)
    if found:
        exc = integrity.Disagrees(
            _name_of(app, path), integrity.summary(found), outside=_outside(app, path)
        )
        click.echo(with_folder(exc, app), err=True)
    return bool(found)


class SessionsGroup(GameGroup):
    """The ``sessions`` group; ``sessions stats`` points to ``cardside stats``."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] == "stats":
            raise click.UsageError(
                "statistics are a command of their own: cardside stats (see cardside stats --help)",
                ctx,
            )
        from cardside.cli.lazy import SYNONYMS

        other = SYNONYMS.get(args[0].lower()) if args else None
        if other is not None and args[0] not in self.list_commands(ctx):
            raise click.UsageError(f"No such command {args[0]!r}. Did you mean {other!r}?", ctx)
        return super().resolve_command(ctx, args)


@click.group(cls=SessionsGroup)
def sessions() -> None:
    """Saved sessions: every played or kept game is a TOML file in the data folder.

    Statistics across them: cardside stats.
    """


@sessions.command("list")
@click.option(
    "--game",
    type=click.Choice(list(GAMES), case_sensitive=False),
    default=None,
    help="Only this game's.",
)
@json_option
@click.pass_context
def list_(ctx: click.Context, game: str | None, as_json: bool) -> None:
    """List saved sessions, the last saved first, numbered (show, resume and the rest take
    the number)."""
    from cardside.sessions import store
    from cardside.sessions.names import shell_name
    from cardside.tui.listing import render_list, row_of

    app = app_of(ctx)
    items: list[dict[str, object]] = []
    rows: list[list[object]] = []
    broken: list[tuple[int, str]] = []
    differ: list[tuple[str, str]] = []
    for number, item in enumerate(indexed(app), 1):
        if item.summary is None:
            broken.append((number, item.error or f"{path_text(item.path)}: unreadable"))
            continue
        if game and item.summary["game"] != game:
            continue
        # The time played is "seconds", as stats names it ("played" counts games there).
        summary = {("seconds" if k == "played" else k): v for k, v in item.summary.items()}
        items.append({"number": number, **summary})
        rows.append(row_of(number, item.summary, ascii=app.style.ascii))
        if not item.summary["verified"]:
            # Listed by what its entries give, and marked: the result stays in sight.
            rows[-1][-1] = f"{rows[-1][-1]} ({MISMATCH})"
            differ.append((shell_name(item.path), item.summary.get("disagrees") or "?"))
    if as_json:
        echo_json({"sessions": items, "unreadable": [problem for _, problem in broken]})
        return
    if rows:
        width = terminal_width()
        # Paged where taller than the terminal: the newest sessions, at the top, stay in view.
        echo_page(render_list(rows, width))
    elif broken:
        click.echo("No readable sessions" + (f" of {game}." if game else "."))
    elif game:
        click.echo(f"No {game} sessions yet.")
    else:
        click.echo(f"No sessions yet in {path_text(store.sessions_dir(app.data_dir))}.")
    _say_problems(app, broken, differ)


#: The files ``list`` names one line each on standard error; past that, one line for the rest
#: (a club that brings in its old sheets may have hundreds).
MOST_PROBLEMS = 5


def _say_problems(app: Any, broken: list[tuple[int, str]], differ: list[tuple[str, str]]) -> None:
    """Say on standard error which listed files are unreadable (with their number in the list)
    and which disagree with their own entries: each on its line, or a few and a count."""
    from cardside.core.errors import Suggests
    from cardside.core.words import counted, first_few
    from cardside.sessions.integrity import Disagrees

    for number, problem in broken[:MOST_PROBLEMS]:
        # The number keeps the list's numbering whole: ``resume 2`` names this file.
        click.echo(f"{number}  unreadable: {problem}", err=True)
    if len(broken) > MOST_PROBLEMS:
        later = [number for number, _ in broken[MOST_PROBLEMS:]]
        more = counted(len(later), "more unreadable file")
        numbers = ", ".join(map(str, later[:10])) + (", ..." if len(later) > 10 else "")
        click.echo(
            with_folder(
                Suggests(
                    f"... and {more}, numbered {numbers} ('",
                    "cardside sessions verify --all",
                    "' names each)",
                ),
                app,
            ),
            err=True,
        )
    if len(differ) <= MOST_PROBLEMS:
        for stem, said in differ:
            click.echo(with_folder(Disagrees(stem, said), app), err=True)
        return
    shown = first_few([stem for stem, _ in differ], MOST_PROBLEMS)
    summed = Suggests(
        f"{len(differ)} sessions do not agree with their own entries, marked ({MISMATCH}): "
        f"{shown} ('",
        "cardside sessions verify --all",
        "' lists every difference, and with --fix accepts what the entries give)",
    )
    click.echo(with_folder(summed, app), err=True)


@sessions.command()
@click.argument("name")
@click.option(
    "--chart", is_flag=True, help="Draw the running totals row by row (deal by deal in Schnapsen)."
)
@json_option
@click.pass_context
def show(ctx: click.Context, name: str, chart: bool, as_json: bool) -> None:
    """Show a session's score table, one row per round (or deal, or entry, as the game
    counts them) and what is entered of the next."""
    from cardside.core.words import counted
    from cardside.games.registry import GAMES
    from cardside.sessions import sheets
    from cardside.sessions.export import as_dict, corrections_of
    from cardside.tui.table import KEEP, display_width, render, wrap_words

    app = app_of(ctx)
    path = session_path(app, name)
    session = _load(app, path)
    if as_json:
        session.name = path.stem  # by its file, as the text, list and export name it
        echo_json(as_dict(session))
        return
    width = terminal_width()
    # The whole page at once: on a terminal too short for it, in the pager the rules and
    # statistics use, so that the table's head is not scrolled away.
    page: list[str] = []

    def echo(text: str = "") -> None:
        page.append(text)

    def say(text: str) -> None:
        """A line of words, wrapped at spaces on a terminal narrower than it."""
        lines = wrap_words(text, width) if width and display_width(text) > width else [text]
        echo("\n".join(lines).replace(KEEP, " "))

    players = _players_text(session.seats)
    if session.game == "linesbeta":  # the grid is the other column of the table
        players += ", against the Grid"
    # Named as the listing names it: a copied or renamed file keeps the name stored inside.
    say(f"{_name_of(app, path)}: {session.game} {session.mode}, {session.status}")
    say(f"players: {players}")
    if session.began:
        echo(f"started: {session.began:%Y-%m-%d %H:%M}")
    if session.seed is not None:
        echo(f"seed: {session.seed}")
    if session.options:
        say(f"options: {_options_text(session.options, session.player_names)}")
    seen = len(sheets.seen_undos(session))
    if seen:
        say(
            f"not rated: {counted(seen, 'undo')} took back what the player had seen "
            "(not counted in ratings, the league or records)"
        )
    matches = any(r.match for r in session.rounds)
    row_name = GAMES[session.game].row_name(session.mode)
    headers = [
        *(["match"] if matches else []),
        row_name,
        *session.columns,
        *(f"{c} {GAMES[session.game].round_totals}" for c in session.columns),
        "note",
    ]
    # A turn that never came is blank, not a turn that scored 0.
    rows = [
        [
            *([r.match] if matches else []),
            f"{sheets.row_label(session, r)}{'*' if r.corrected or r.corrections else ''}",
            *("" if i in r.unplayed else score for i, score in enumerate(r.scores)),
            *r.totals,
            app.style.plain(r.note),
        ]
        for r in session.rounds
    ]
    echo()
    echo(render(headers, rows, width=width) if rows else _no_rows(row_name, session))
    numbers = [r.number for r in session.rounds]
    if row_name == "entry" and numbers != list(range(1, len(numbers) + 1)):
        say(
            "(rows are numbered by entry in the file, as verify and fix name them: "
            "entries undone or taken back, undos and corrections keep their numbers)"
        )
    elif row_name != "entry" and numbers != list(range(1, len(numbers) + 1)):
        # A played Line-it game has a row for each round in which a line or a jackpot scored.
        say(f"(a {row_name} in which nothing was scored has no row)")
    corrected = corrections_of(session)
    if corrected:
        say("* corrected: " + "; ".join(corrected))
    extra = [] if session.finished else sheets.progress(session, ascii=app.style.ascii)
    if extra:
        echo()
        for line in extra:
            say(line)
    if chart and session.rounds:
        from cardside.tui.chart import draw

        columns = width or shutil.get_terminal_size().columns
        # Room for the bars beside the longest name and the latest total.
        bars = max(10, min(200, columns) - max(map(len, session.columns), default=0) - 12)
        lines = draw(
            session.columns,
            [r.totals for r in session.rounds],
            sheets.chart_scale(session),
            ascii=app.style.ascii,
            width=bars,
            targets=sheets.has_targets(session.game),
            numbers=[r.number for r in session.rounds],
            row_name=row_name,
        )
        echo()
        say(lines[0])  # the legend, wrapped; the bars fit beside the names
        echo("\n".join(lines[1:]))
    echo()
    totals = ", ".join(f"{c} {t}" for c, t in zip(session.columns, session.totals))
    say(f"{GAMES[session.game].totals_name(session.mode)}: {totals}")
    if len(session.results) > 1 or (session.results and not session.finished):
        unit = sheets.unit_of(session.game)
        # Not "matches won: 1: Ann" under "matches won: Ann 1, Bob 0": who won each one.
        won = "; ".join(
            f"{unit} {r.number} won by {' & '.join(r.winners)}" for r in session.results
        )
        say(won)
    if session.winners:
        from cardside.sessions.export import winners_cell
        from cardside.tui.listing import tied

        said = "tied" if tied(session.columns, session.winners) else "winner"
        echo(f"{said}: " + winners_cell(list(session.columns), list(session.winners)))
    from cardside.cli.review import refusal

    if session.finished and refusal(session) is None:
        command = f"cardside sessions review {_name_of(app, path)}{folder_option(app)}"
        say(f"each decision valued from what its player saw: {command}")
    echo_page("\n".join(page))


@sessions.command()
@click.argument("name")
@click.pass_context
def resume(ctx: click.Context, name: str) -> None:
    """Continue a played or kept game where it stopped (a finished kept game: to correct it).

    A file outside the sessions folder is left as it is: a copy in the sessions folder goes on.
    """
    from cardside.cli.commands import keep_session, play_session
    from cardside.sessions import tidy

    app = app_of(ctx)
    path = session_path(app, name)
    if not tidy.inside(app.data_dir, path):
        target = _linked_in(app, path)
        # A link from elsewhere to a session of the folder goes on with that session: a
        # copy of it would be played on apart from it.
        path = target if target is not None else _copy_in(app, path)
    journal = open_journal(path)
    if journal.session.finished and journal.session.mode == "play":
        raise click.ClickException(
            f"{journal.name} is finished; {quoted(journal.command('show'))} shows it"
        )
    # A finished kept game may still be opened: its keeper offers to undo the last entry.
    if journal.session.mode == "play":
        # A new game after this one is dealt from the next seed, as after play --seed N.
        play_games(app, journal, play_session, journal.session.seed)
    else:
        keep_session(app, journal)


def _linked_in(app: Any, path: Path) -> Path | None:
    """The session of the sessions folder that ``path`` (outside it) is a link to, if it is
    one; the folder's own file, not followed further."""
    from cardside.sessions import store, tidy

    if not path.is_symlink():
        return None
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None  # a link to nothing, or a loop: loading says what is wrong
    folder = store.sessions_dir(app.data_dir)
    if target.suffix != store.SUFFIX or not tidy.inside(app.data_dir, target):
        return None
    return folder / target.name


def _copy_in(app: Any, path: Path) -> Path:
    """Copy a session file from outside the sessions folder into it, under a free name (its
    own when it can be), and say so; the file outside is only read. Returns the copy."""
    from cardside.core.errors import SessionError
    from cardside.sessions import integrity, store
    from cardside.sessions.lock import SessionLock, SessionLocked

    try:
        session = store.load(path)
        found = integrity.problems(session)
    except SessionError as exc:
        raise click.ClickException(str(exc)) from None
    if session.finished and session.mode == "play":
        # Nothing to go on with: no copy is made.
        shown = _name_of(app, path)
        command = quoted(f"cardside sessions show {shown}")
        raise click.ClickException(f"{shown} is a finished game; {command} shows it")
    if found:
        damaged = integrity.Disagrees(
            _name_of(app, path),
            integrity.summary(found),
            refused="nothing is copied from it",
            outside=True,
        )
        raise click.ClickException(with_folder(damaged, app))
    name = _usable_name(path.stem, session.game, session.mode)
    folder = store.sessions_dir(app.data_dir)
    try:
        # The first session of a new data folder may be this copy.
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.ClickException(f"cannot make the sessions folder: {exc.strerror}") from None
    base, n = name, 1
    while True:
        target = folder / (name + store.SUFFIX)
        try:
            if store.case_twin(folder, name) is not None:
                raise FileExistsError(name)  # a name that differs only in capitals: the next
            with SessionLock(target):
                # The copy keeps the name the session was begun under, as a rename does, so
                # that statistics count the file and its copy as one session.
                session.begun_as = session.begun_as or session.name
                session.name = name
                store.save(session, target, create=True)
            break
        except (FileExistsError, SessionLocked):
            n += 1
            name = f"{base}-{n}"
            if n > 999:
                raise click.ClickException(
                    f"no free name for a copy of {path_text(path)}"
                ) from None
        except OSError as exc:
            raise click.ClickException(f"cannot copy {path_text(path)}: {exc.strerror}") from None
    echo_text(
        f"{_name_of(app, path)} is outside the sessions folder and stays as it is; going on "
        f"with a copy: {name} ({path_text(target)})"
    )
    return target


def _usable_name(stem: str, game: str, mode: str) -> str:
    """A session name made from a file's name: its letters, digits, '.', '_' and '-'."""
    import re

    from cardside.sessions import store

    name = re.sub(r"[^A-Za-z0-9._-]+", "-", stem)[:90].strip("._-")
    # A name a session cannot take (last, a number) is kept with -copy after it.
    for tried in (name, f"{name}-copy") if name else ():
        try:
            return store.check_name(tried)
        except ValueError:
            continue
    return f"{game}-{mode}-copy"


@sessions.command()
@click.argument("names", nargs=-1)
@click.option("--all", "all_", is_flag=True, help="Verify every session in the data folder.")
@click.option(
    "--fix",
    is_flag=True,
    help="Write the totals and rows the entries give over the stored ones (after an entry was "
    "corrected by hand).",
)
@click.pass_context
def verify(ctx: click.Context, names: tuple[str, ...], all_: bool, fix: bool) -> None:
    """Recompute every total from the entries; name each mismatch (exit 1 if any).

    NAMES are sessions (a name, last, a list number, a unique prefix) or files. With --fix a
    session whose entries replay has its stored totals and rows written from them.
    """
    from cardside.core.errors import SessionError
    from cardside.core.words import counted
    from cardside.sessions import integrity, sheets, store

    app = app_of(ctx)
    if bool(names) == all_:
        raise click.UsageError(
            "give session NAMES (or files) or --all, not both"
            if all_
            else "give session NAMES (or files) or --all"
        )
    from cardside.sessions.names import UnknownSession, resolve

    paths: list[Path | str] = []
    if all_:
        paths += store.list_paths(app.data_dir)
    for name in names:
        try:
            paths.append(resolve(app.data_dir, name))
        except UnknownSession as exc:
            # Said in its place; the other names are still checked.
            paths.append(with_folder(exc, app))
    failed = mended = 0
    for path in paths:
        if isinstance(path, str):
            click.echo(f"FAIL {path_text(path)}")
            failed += 1
            continue
        try:
            session = store.load(path)
            problems = integrity.problems(session)
        except SessionError as exc:
            click.echo(f"FAIL {exc}")
            failed += 1
            continue
        if problems:
            why, copy = _rewrite(app, path, keep=True) if fix else (None, None)
            fixed = fix and why is None
            head = "fixed" if fixed else "FAIL"
            click.echo(f"{head} {path_text(path)}: {counted(len(problems), 'mismatch')}")
            for p in problems[:SHOWN_PROBLEMS]:
                click.echo(f"  - {p}")
            if len(problems) > SHOWN_PROBLEMS:
                click.echo(f"  - and {len(problems) - SHOWN_PROBLEMS:,} more")
            if fixed:
                mended += 1
                click.echo(
                    "  the stored totals, rows and count of entries are now the entries' own; "
                    f"the file as it was is kept as {copy}"
                )
            else:
                failed += 1
                if why:
                    click.echo(f"  not fixed: {why}")
        else:
            # The game's own words, as show and list use them: "3 deals, matches won Ann 1".
            info = GAMES[session.game]
            totals = ", ".join(f"{c} {t}" for c, t in zip(session.columns, session.totals))
            row_name = info.row_name(session.mode)
            # Where a row is an entry, the file's entries (undos too) are the count to give.
            rows = "" if row_name == "entry" else f"{counted(len(session.rounds), row_name)}, "
            click.echo(
                f"ok   {path_text(path)}: {counted(len(session.entries), 'entry')}, {rows}"
                f"{info.totals_name(session.mode)} {totals or 'none'}"
            )
            if sheets.renumbered(session):
                why = _rewrite(app, path)[0] if fix else "--fix numbers them by their entries"
                done = "now numbered by their entries" if why is None else why
                click.echo(f"  its rows were numbered 1, 2, 3 as an earlier cardside did: {done}")
    if all_ and not paths:
        click.echo(f"No sessions yet in {path_text(store.sessions_dir(app.data_dir))}.")
    if len(paths) > 1:
        # Among thousands of ok lines a FAIL is easily missed: the count, last.
        good = len(paths) - failed - mended
        tally = [f"{good:,} ok", *([f"{mended:,} fixed"] if mended else [])]
        tally.append(f"{failed:,} failed (the FAIL lines above)" if failed else "none failed")
        click.echo(f"{len(paths):,} sessions checked: {', '.join(tally)}")
    if failed:
        ctx.exit(1)


#: The mismatches ``verify`` lists for one file; a file mangled throughout has thousands.
SHOWN_PROBLEMS = 50


def _rewrite(app: Any, path: Path, *, keep: bool = False) -> tuple[str | None, Path | None]:
    """Save the session at ``path`` again, its derived fields from its entries (with ``keep``,
    a copy of the file as it was goes into the trash folder first). Returns why it cannot be
    (outside the sessions folder, read-only, open in another cardside, a folder it cannot
    write to) or None, and where the copy is."""
    from cardside.core.errors import SessionError
    from cardside.sessions import store, tidy
    from cardside.sessions.journal import Journal, ReadOnly, SessionLocked

    if not tidy.inside(app.data_dir, path):
        return (
            f"{path_text(path)} is outside the sessions folder, and cardside only reads such a "
            f"file (copy it into {path_text(store.sessions_dir(app.data_dir))} to fix it there)",
            None,
        )
    copy: Path | None = None
    try:
        tidy.own_file(path, "rewrite")
        with Journal.open(path, accept=True) as journal:
            if keep:
                copy = tidy.keep_copy(app.data_dir, path, store.read_bounded(path), "before-fix")
            journal.save()
    except (SessionError, SessionLocked, ReadOnly, ValueError, OSError) as exc:
        if copy is not None:
            # Not fixed, so the file is as it was: a copy of it would only be litter.
            copy.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            return f"cannot save ({exc.strerror})", None
        return str(exc), None
    return None, copy


@sessions.command()
@click.argument("old")
@click.argument("new")
@click.pass_context
def rename(ctx: click.Context, old: str, new: str) -> None:
    """Give session OLD the name NEW (the file and the name inside it)."""
    from cardside.sessions import tidy
    from cardside.sessions.integrity import Disagrees
    from cardside.sessions.lock import SessionLocked

    app = app_of(ctx)
    path = session_path(app, old)
    try:
        target = tidy.rename(app.data_dir, path, new)
    except Disagrees as exc:
        raise click.ClickException(with_folder(exc, app)) from None
    except (ValueError, SessionLocked) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot rename {path.stem}: {exc.strerror}") from None
    click.echo(f"renamed {path.stem} to {target.stem}")


@sessions.command()
@click.argument("names", nargs=-1, required=True)
@click.option("--yes", "-y", is_flag=True, help="Do not ask (for scripts).")
@click.pass_context
def delete(ctx: click.Context, names: tuple[str, ...], yes: bool) -> None:
    """Move sessions into the trash folder beside the sessions folder (restore by hand)."""
    from cardside.sessions import tidy
    from cardside.sessions.lock import SessionLocked

    app = app_of(ctx)
    paths = list(dict.fromkeys(session_path(app, n) for n in names))
    try:
        tidy.check_deletable(app.data_dir, paths)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    listed = ", ".join(p.stem for p in paths)
    answered = True
    try:
        sure = yes or click.confirm(f"Move {listed} to the trash?", default=False)
    except click.Abort:  # the input ended (or Ctrl-C) before an answer
        click.echo()
        answered = sure = False
    if not sure:
        click.echo(
            "Nothing deleted."
            if answered
            else "Nothing deleted (no answer; --yes deletes without asking)."
        )
        ctx.exit(1)
    for path in paths:
        try:
            moved = tidy.trash(app.data_dir, path)
        except (SessionLocked, ValueError) as exc:
            raise click.ClickException(str(exc)) from None
        except OSError as exc:
            why = f"{path_text(exc.filename)}: {exc.strerror}" if exc.filename else exc.strerror
            raise click.ClickException(f"cannot move {path.stem} to the trash ({why})") from None
        click.echo(f"deleted {path.stem} (kept as {moved})")


@sessions.command()
@click.argument("name", required=False)
@click.option("--all", "all_", is_flag=True, help="Export every session.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "json", "html"], case_sensitive=False),
    default="csv",
    show_default=True,
    help="CSV: one row per round (deal, entry) and player; JSON: also the options and every entry; "
    "HTML: a page to share, with the score table and its chart (with --all, the whole "
    "report of 'cardside stats --html').",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to FILE (outside the sessions folder; - for the standard output).",
)
@click.option(
    "--game",
    type=click.Choice(list(GAMES), case_sensitive=False),
    default=None,
    help="Export every session of this game (CSV or JSON).",
)
@click.option(
    "--since",
    type=Day(),
    default=None,
    metavar="DATE",
    help="Export every session started on or after DATE (YYYY-MM-DD; CSV or JSON).",
)
@click.pass_context
def export(
    ctx: click.Context,
    name: str | None,
    all_: bool,
    fmt: str,
    output: Path | None,
    game: str | None,
    since: datetime | None,
) -> None:
    """Export one session (NAME) or all (--all) as CSV, JSON or an HTML page; --game and
    --since export those of one game, or started since a day."""

    from cardside.core.errors import SessionError
    from cardside.sessions import store
    from cardside.sessions.export import as_dict, to_csv

    app = app_of(ctx)
    chosen = game is not None or since is not None
    if name and chosen:
        raise click.UsageError("--game and --since choose among all sessions: give them, or NAME")
    if chosen and fmt.lower() == "html":
        raise click.UsageError(
            "a page of some sessions is made by cardside stats --html FILE, which takes "
            "--game and --since"
        )
    all_ = all_ or chosen
    if bool(name) == all_:
        raise click.UsageError(
            "give a session NAME or --all, not both"
            if all_
            else "give a session NAME, or --all (or --game or --since to choose some)"
        )
    if output is not None and output.is_dir():  # -o "" (click turns a real folder away)
        raise click.UsageError(f"-o needs a file name, e.g. -o games.{fmt}")
    if output is not None and str(output) != "-":
        refuse_own_file(app.data_dir, output, f"-o {output}")
    if fmt == "html":
        _export_html(app, name if not all_ else None, output)
        return
    if all_:
        found = []
        skipped = 0
        for path in _paths_to_export(app, game, since):
            try:
                s = store.load(path)
                _say_disagreement(app, path, s)
                found.append(s)
            except SessionError as exc:
                click.echo(f"skipped: {exc}", err=True)
                skipped += 1
                continue
            s.name = path.stem  # as list, show and stats name it (a copied file's own)
        if skipped and not found:
            raise click.ClickException("no session could be read: nothing exported")
        if chosen:
            found = [s for s in found if _started_within(s, game, since)]
            if not found and store.list_paths(app.data_dir):
                raise click.ClickException(f"no {_chosen_text(game, since)}: nothing exported")
        if not found:  # as the page and --game say it: an empty export is no answer
            raise click.ClickException("no session is saved yet: nothing exported")
    else:
        path = session_path(app, name or "")
        found = [_load(app, path)]
        found[0].name = path.stem  # by its file, as show and the page name it
    if fmt == "csv":
        text = to_csv(found)
    else:
        text = json_text([as_dict(s) for s in found]) + "\n"
    if output is not None and str(output) != "-":  # "-" is the standard output
        try:
            write_output(output, text)
        except OSError as exc:
            raise click.ClickException(
                f"cannot write {path_text(output)}: {exc.strerror}"
            ) from None
        from cardside.core.words import counted

        click.echo(f"wrote {counted(len(found), 'session')} to {path_text(output)}", err=True)
    else:
        echo_document(text)
    if fmt == "csv":
        _note_rowless(found)


def _note_rowless(found: list[Any]) -> None:
    """Say on standard error which sessions a CSV leaves out: a CSV line is a row of a score
    table, and a session with none yet has no line."""
    from cardside.core.words import counted_are, first_few

    empty = [s.name for s in found if not s.rounds]
    if empty:
        shown = first_few(empty)
        click.echo(
            f"note: {counted_are(len(empty), 'session')} not in the CSV, with no row of scores "
            f"yet: {shown} (--format json holds {'it' if len(empty) == 1 else 'them'})",
            err=True,
        )


def _paths_to_export(app: Any, game: str | None, since: datetime | None) -> list[Path]:
    """The session files that may be of ``game`` and begun since ``since``: every file, less
    those the index says are of another game or begun before that day (a file the index
    cannot read is kept, to be read and said). Each kept file is then loaded and checked."""
    from cardside.sessions import store

    if game is None and since is None:
        return store.list_paths(app.data_dir)
    out = []
    for entry in indexed(app):
        summary = entry.summary
        if summary is not None:
            if game is not None and summary.get("game") != game:
                continue
            began = summary.get("created") or summary.get("start")  # as Session.began
            if since is not None and _day_before(began, since):
                continue
        out.append(entry.path)
    return out


def _day_before(moment: object, since: datetime) -> bool:
    """Whether a summary's time (ISO text) falls on a day before ``since``'s."""
    if not isinstance(moment, str):
        return False
    try:
        return datetime.fromisoformat(moment).date() < since.date()
    except ValueError:
        return False


def _started_within(session: Any, game: str | None, since: datetime | None) -> bool:
    """Whether a session is of ``game`` and started on or after the day ``since`` (either
    ``None``: any)."""
    return (game is None or session.game == game) and begun_since(session, since)


def _chosen_text(game: str | None, since: datetime | None) -> str:
    """``Line-it session started since 2026-12-01``: what --game and --since asked for."""
    kind = f"{GAMES[game].title} session" if game else "session"
    return kind + (f" started since {since:%Y-%m-%d}" if since else "") + " is saved"


def _export_html(app: Any, name: str | None, output: Path | None) -> None:
    """One session's page (its score table and running totals), or with no name the whole
    report over every session, as ``stats --html`` writes it."""
    from cardside.cli.standings import write_page
    from cardside.sessions import index, store
    from cardside.sessions.league import league, records
    from cardside.sessions.ratings import rate
    from cardside.sessions.results import finished_games
    from cardside.sessions.stats import bots_named_by_kind, choose, respelt
    from cardside.tui.htmlreport import head_to_head, page

    if name is not None:
        session = _load(app, session_path(app, name))
        summaries = [
            bots_named_by_kind(index.summarize(session) | {"name": session_path(app, name).stem})
        ]
        title = f"cardside: {summaries[0]['name']}"
    else:
        from cardside.cli.stats import without_copies

        entries = indexed(app)
        for entry in entries:
            if entry.summary is None:
                click.echo(f"skipped: {entry.error or entry.path}", err=True)
        summaries = without_copies(
            respelt([bots_named_by_kind(e.summary) for e in entries if e.summary is not None])
        )
        if entries and not summaries:
            raise click.ClickException("no session could be read: no page written")
        if not entries:  # as stats --html says it: a page of nothing is not written
            raise click.ClickException("no session is saved yet: no page written")
        title = "cardside report"
    finished = finished_games(summaries)
    rated = rate(finished)
    chosen = choose(summaries)
    text = page(
        league(finished, rated),
        rated,
        rated,
        head_to_head(chosen),
        records(finished, chosen),
        chosen,
        store.now(),
        title=title,
        whole=name is None,
    )
    write_page(app, output if output is not None else Path("-"), text, len(chosen))
    if name is None:
        from cardside.cli.stats import say_notes

        # As stats --html says them: files counted as their entries give, though they say
        # otherwise (the unreadable were named above, one by one).
        say_notes(app, chosen, 0)


def _seat_text(kind: str) -> str:
    """Who sits in a seat, in words: ``at the table`` (a kept game), ``at the keyboard`` or
    ``strong bot``."""
    if kind.startswith("bot:"):
        return f"{kind[4:]} bot"
    return {"table": "at the table", "human": "at the keyboard"}.get(kind, kind)


def _players_text(seats: Sequence[Any]) -> str:
    """``Ann, Bob (all at the table)`` when every seat is alike, else each seat with its own;
    a name is kept whole where the line is wrapped."""
    from cardside.tui.table import KEEP

    names = [s.name.replace(" ", KEEP) for s in seats]
    kinds = {seat.kind for seat in seats}
    if len(kinds) == 1 and len(seats) > 1:
        return f"{', '.join(names)} (all {_seat_text(kinds.pop())})"
    return ", ".join(f"{n} ({_seat_text(s.kind)})" for n, s in zip(names, seats))


def _options_text(options: dict[str, Any], names: list[str]) -> str:
    """``difficulty normal, short game, grid yes``: a session's options as the file names
    them (the keys are checked by each game's schema, so they are plain words); a seat is
    shown by its player's name."""

    def shown(key: str, value: Any) -> str:
        if key == "first_dealer" and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        if key == "matches" and value == 0:
            return "no limit"
        if isinstance(value, bool):
            return "yes" if value else "no"
        return clip(value, 40) if not isinstance(value, int | str) else cut(str(value), 40)

    def said(key: str, value: Any) -> str:
        if key == "length" and value in ("short", "full"):
            return f"{value} game"  # LinesBeta's words: a short game, a full game
        return f"{key.replace('_', ' ')} {shown(key, value)}"

    return ", ".join(said(key, v) for key, v in options.items())


def _no_rows(row_name: str, session: Any) -> str:
    """What ``show`` says of a session with no rows yet (a played Line-it game has a row for
    each round where a line was scored, and none for the rounds where none was)."""
    if session.game == "lineit" and session.mode == "play" and session.entries:
        return "No line scored yet."
    return "Nothing entered yet." if row_name == "entry" else f"No {row_name} finished yet."


def _add_review() -> None:
    from cardside.cli.review import review

    sessions.add_command(review)


_add_review()
