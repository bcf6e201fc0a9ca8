"""IOTA's own part of its commands (declared in ``games/commands.py``)."""

from __future__ import annotations

import re
from typing import Any

import click

from cardside.cli.common import (
    ask_names,
    echo_score_json,
    kept_seats,
    parse_names,
)
from cardside.cli.options import app_of, note_typed_after
from cardside.core.words import listed


def welcome(journal: Any, state: Any) -> str:
    return f"IOTA: {', '.join(journal.session.player_names)}. Session {journal.name}."


def keep(
    ctx: click.Context, console: Any, names: str | None, track_grid: bool | None
) -> tuple[list[Any], dict[str, Any], str]:
    """The seats, options and greeting of a kept game (``track_grid`` None: not said, no)."""
    seat_names, seats = kept_seats(console, names, _ask_names, _parse_names)
    return seats, {"grid": bool(track_grid)}, f"Keeping IOTA for {listed(seat_names)}"


def _ask_names(console: Any) -> str | None:
    prompt = "Players in turn order (2-4 names, comma-separated): "
    return ask_names(console, prompt, _parse_names, "in turn order (2 to 4, one word each)")


def _parse_names(text: str) -> list[str]:
    from cardside.games.iota.keep import name_reads_as

    names = parse_names(text, 2, 4, "IOTA", people=True)
    for n in names:
        if n.split()[0] != n:
            raise click.BadParameter(f"{n[:20]!r}: one word per name", param_hint="'--names'")
        if len(n) > 20:
            raise click.BadParameter(
                f"an IOTA name is at most 20 characters, not {len(n)}", param_hint="'--names'"
            )
        reads_as = name_reads_as(n)
        if reads_as:
            raise click.BadParameter(
                f"{n!r} reads as {reads_as}; choose another name", param_hint="'--names'"
            )
    return names


def score(
    ctx: click.Context,
    values: tuple[str, ...],
    lots: int,
    all4: bool,
    final: bool,
    grid_text: str | None,
    play_text: str | None,
    best: bool,
    hand_text: str | None,
    as_json: bool,
) -> None:
    """Score a turn from its lines' values, or check a play on the grid."""
    from cardside.core.arith import parse_number
    from cardside.core.errors import NotationError
    from cardside.games.iota import score as scoring

    result: scoring.QuickScore | scoring.GridScore
    try:
        if grid_text is not None:
            if values or lots or all4:
                given = "line values" if values else "--lots" if lots else "--all4"
                raise click.UsageError(
                    f"with --grid the lines, lots and all 4 cards are found from the play; "
                    f"leave out {given}"
                )
            if not play_text and not best:
                raise click.UsageError("with --grid give --play, --best or both")
            result = scoring.on_grid(
                grid_text, play_text, best=best, hand_text=hand_text, final=final
            )
        else:
            if play_text or best or hand_text:
                raise click.UsageError("--play, --best and --hand need --grid")
            keep_word_fault(values, lots)
            values = _line_values(values)
            if not values:
                raise click.UsageError(
                    "give the value of each line the turn made (e.g. 8 4 5 --lots 1), "
                    "or the grid with --grid"
                )
            if len(values) > scoring.rules.MAX_LINES:
                raise scoring.ScoreError(
                    f"a turn makes at most {scoring.rules.MAX_LINES} lines, not {len(values)}"
                )
            try:
                numbers = [parse_number(v) for v in values]
            except NotationError as exc:
                # A value that reads as no number is mistyped (status 2, as every game's);
                # a turn that cannot happen is refused with status 1 below.
                raise click.BadParameter(str(exc), param_hint="'[VALUES]...'") from None
            written = [scoring.rules.written_cards(v) for v in values]
            fault = next(
                (f for ns in written if ns and (f := scoring.rules.written_fault(ns))), None
            )
            if not fault and (fault := scoring.rules.written_lots_fault(written, lots)):
                fitting = scoring.rules.lots_fitting(written, lots)
                fault += f" (give --lots {fitting})" if fitting else " (leave out --lots)"
            if fault:
                raise scoring.ScoreError(fault)
            result = scoring.quick(numbers, lots, all4, final)
    except scoring.Mistyped as exc:
        # A card or cell that reads as none is mistyped (status 2, as every game's).
        raise click.BadParameter(exc.reason, param_hint=f"'{exc.option}'") from None
    except scoring.ScoreError as exc:
        raise click.ClickException(str(exc)) from None
    if grid_text is None:
        note_typed_after("--lots", "a line's value", "lines' values")
    if as_json:
        echo_score_json(result.to_dict(), result.explain(app_of(ctx).style.ascii))
    else:
        click.echo(result.explain(app_of(ctx).style.ascii))
    if isinstance(result, scoring.GridScore) and result.play and result.reason is not None:
        ctx.exit(1)


def _line_values(words: tuple[str, ...]) -> tuple[str, ...]:
    """The lines' values typed, separated by spaces or commas as in the other games (``8 4 5``,
    ``8,4,5``, or ``"8 4 5"`` as one word). A value written as its cards' numbers added up
    (``1+2+3``, each 0 to 4) is one line, with or without spaces round the signs; any other
    sum (``8+4``, ``8 + 4``) is the lines it adds, as a person reads a turn's total out."""
    from cardside.games.iota.rules import line_words

    if sum(len(w) for w in words) > MAX_VALUES_TEXT:
        raise click.BadParameter("too much text for the lines' values", param_hint="'[VALUES]...'")
    out: list[str] = []
    for word in words:
        parts = word.split(",")
        if not word.strip():
            continue  # a blank word is nothing typed, as in the other games' scores
        for n, part in enumerate(parts):
            if not part.strip():
                if 0 < n < len(parts) - 1:
                    raise click.BadParameter(
                        "a value is missing between two commas", param_hint="'[VALUES]...'"
                    )
                continue  # a comma before the next word: 8, 4, 5
            # A sum keeps its spaces (8 + 4); values apart are separated by them (8 4+5).
            out.extend(re.sub(r"\s*\+\s*", "+", part).split())
    # 8 + 4 typed without quotes comes as three words: one sum again, then read as keep reads it.
    return tuple(line_words(out))


#: Far more than a turn's lines and their separators.
MAX_VALUES_TEXT = 1_000


def keep_word_fault(values: tuple[str, ...], lots: int = 0) -> None:
    """Raise ScoreError naming the option for a word of keep's notation (``lot``, ``lots=2``,
    ``all4``, ``final``) typed among the line values, as ``score 8 4 5 lot``; ``lots`` is what
    ``--lots`` already gave."""
    from cardside.core.arith import is_digits
    from cardside.games.iota.score import ScoreError

    low = [v.lower() for v in values]
    typed = sum(1 for v in low if v == "lot") + sum(
        int(v[5:]) for v in low if v.startswith("lots=") and is_digits(v[5:]) and len(v) < 8
    )
    for word in ("lot", "all4", "final"):
        if word in low or (word == "lot" and any(v.startswith("lots=") for v in low)):
            option = f"--lots {lots + typed}" if word == "lot" else f"--{word}"
            shown = next(v for v in values if v.lower().startswith(word))
            raise ScoreError(
                f"{shown[:12]!r} is written as an option here: write {option} "
                "(the options are --lots N, --all4, --final)"
            )
