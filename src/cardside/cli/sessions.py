"""``cardside sessions``: list, show, resume, verify and export saved sessions."""

from __future__ import annotations

from pathlib import Path

import click

from cardside.cli.common import echo_json, json_option, open_journal, play_games, session_path
from cardside.cli.options import GameGroup, app_of

MISMATCH = "does not verify"  # a file whose stored totals the entries do not give


def _load(path: Path):  # type: ignore[no-untyped-def]
    """Load and recompute a session; a one-line error if the file is unusable."""
    from cardside.core.errors import SessionError
    from cardside.sessions import sheets, store

    try:
        session = store.load(path)
        sheets.refresh(session)
    except SessionError as exc:
        raise click.ClickException(str(exc)) from None
    return session


@click.group(cls=GameGroup)
def sessions() -> None:
    """Saved sessions: every played or kept game is a TOML file in the data folder."""


@sessions.command("list")
@click.option("--game", default=None, help="Only this game's sessions.")
@json_option
@click.pass_context
def list_(ctx: click.Context, game: str | None, as_json: bool) -> None:
    """List saved sessions, newest first."""
    from cardside.core.errors import SessionError
    from cardside.games.registry import GAMES
    from cardside.sessions import sheets, store
    from cardside.sessions.export import as_dict
    from cardside.tui.table import render

    app = app_of(ctx)
    rows, items, broken, differ = [], [], [], []
    for path in store.list_paths(app.data_dir):
        try:
            s = store.load(path)
            if game and s.game != game:
                continue
            verified = not sheets.mismatches(s)
        except SessionError as exc:
            broken.append(str(exc))
            continue
        # The file's name is what show and resume take, even if a copy keeps another inside.
        items.append(as_dict(s, entries=False) | {"name": path.stem, "verified": verified})
        updated = s.updated.strftime("%Y-%m-%d %H:%M") if s.updated else ""
        totals = " ".join(f"{c} {t}" for c, t in zip(s.columns, s.totals))
        status = s.status if verified else MISMATCH
        if not verified:
            differ.append(path.stem)
        named = GAMES[s.game].totals_name(s.mode) if s.game in GAMES else "totals"
        if totals and named != "totals":
            totals = f"{named}: {totals}"
        rows.append([path.stem, s.game, s.mode, status, len(s.rounds), totals, updated])
    if as_json:
        echo_json({"sessions": items, "unreadable": broken})
        return
    if not rows:
        click.echo(f"No sessions yet in {store.sessions_dir(app.data_dir)}.")
    else:
        click.echo(render(["name", "game", "mode", "status", "rounds", "totals", "updated"], rows))
    for problem in broken:
        click.echo(f"unreadable: {problem}", err=True)
    for stem in differ:
        click.echo(
            f"{MISMATCH}: {stem}: the stored totals do not replay from the entries "
            f"(see 'cardside sessions verify {stem}')",
            err=True,
        )


@sessions.command()
@click.argument("name")
@json_option
@click.pass_context
def show(ctx: click.Context, name: str, as_json: bool) -> None:
    """Show a session's score table, one row per round."""
    from cardside.games.registry import GAMES
    from cardside.sessions.export import as_dict
    from cardside.tui.table import render

    session = _load(session_path(app_of(ctx), name))
    if as_json:
        echo_json(as_dict(session))
        return
    players = ", ".join(f"{s.name} ({s.kind})" for s in session.seats)
    click.echo(f"{session.name}: {session.game} {session.mode}, {session.status}")
    click.echo(f"players: {players}")
    if session.seed is not None:
        click.echo(f"seed: {session.seed}")
    info = GAMES[session.game]
    headers = ["round", *session.columns, *(f"{c} {info.round_totals}" for c in session.columns)]
    headers.append("note")
    rows = [[r.number, *r.scores, *r.totals, r.note] for r in session.rounds]
    click.echo()
    click.echo(render(headers, rows) if rows else "No round finished yet.")
    click.echo()
    totals = ", ".join(f"{c} {t}" for c, t in zip(session.columns, session.totals))
    click.echo(f"{info.totals_name(session.mode)}: {totals}")
    if session.winners:
        click.echo("winner: " + " & ".join(session.winners))


@sessions.command()
@click.argument("name")
@click.pass_context
def resume(ctx: click.Context, name: str) -> None:
    """Continue a played or kept game where it stopped (a finished kept game: to correct it)."""
    import importlib

    app = app_of(ctx)
    journal = open_journal(session_path(app, name))
    if journal.session.finished and journal.session.mode == "play":
        raise click.ClickException(
            f"{journal.name} is finished; 'cardside sessions show {journal.name}' shows it"
        )
    # A finished kept game may still be opened: its keeper offers to undo the last entry.
    module = importlib.import_module(f"cardside.cli.{journal.session.game}")
    # Every game's command module continues its own played and kept sessions.
    if journal.session.mode == "play":
        play_games(app, journal, module.play_session, None)
    else:
        module.keep_session(app, journal)


@sessions.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.pass_context
def verify(ctx: click.Context, files: tuple[Path, ...]) -> None:
    """Recompute every total from the entries; name each mismatch (exit 1 if any)."""
    from cardside.core.errors import SessionError
    from cardside.sessions import sheets, store

    failed = 0
    for path in files:
        try:
            session = store.load(path)
            problems = sheets.mismatches(session)
        except SessionError as exc:
            click.echo(f"FAIL {exc}")
            failed += 1
            continue
        if problems:
            failed += 1
            click.echo(f"FAIL {path}: {len(problems)} mismatch(es)")
            for p in problems:
                click.echo(f"  - {p}")
        else:
            totals = ", ".join(f"{c} {t}" for c, t in zip(session.columns, session.totals))
            click.echo(
                f"ok   {path}: {len(session.entries)} entries, {len(session.rounds)} rounds, "
                f"totals {totals or 'none'}"
            )
    if failed:
        ctx.exit(1)


@sessions.command()
@click.argument("name", required=False)
@click.option("--all", "all_", is_flag=True, help="Export every session.")
@click.option(
    "--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to FILE."
)
@click.pass_context
def export(ctx: click.Context, name: str | None, all_: bool, fmt: str, output: Path | None) -> None:
    """Export one session (NAME) or all (--all) as CSV or JSON."""
    import json

    from cardside.core.errors import SessionError
    from cardside.sessions import sheets, store
    from cardside.sessions.export import as_dict, to_csv

    app = app_of(ctx)
    if bool(name) == all_:
        raise click.UsageError("give a session NAME or --all (not both)")
    if all_:
        found = []
        for path in store.list_paths(app.data_dir):
            try:
                s = store.load(path)
                sheets.refresh(s)
                found.append(s)
            except SessionError as exc:
                click.echo(f"skipped: {exc}", err=True)
    else:
        found = [_load(session_path(app, name or ""))]
    if fmt == "csv":
        text = to_csv(found)
    else:
        text = json.dumps([as_dict(s) for s in found], indent=2, ensure_ascii=False) + "\n"
    if output:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"cannot write {output}: {exc.strerror}") from None
        click.echo(f"wrote {len(found)} session(s) to {output}", err=True)
    else:
        click.echo(text, nl=False)
