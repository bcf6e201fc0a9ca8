"""A move-by-move review as terminal text: the players' figures, the deals or rounds, the
costliest decisions explained, every decision (``--all``) and the chart (``--chart``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from cardside.core.arith import is_digits
from cardside.core.many_reviews import Standing
from cardside.core.review import LABELS, Decision, Review
from cardside.core.words import counted, signed
from cardside.tui.chart import ASCII_LEVELS, BLOCKS, _axis, level
from cardside.tui.table import display_width, pad, render, wrap_words

#: Marks under the chart: a mistake and a blunder.
MARKS = {"mistake": "?", "blunder": "!"}


def _pct(chance: float) -> str:
    return f"{chance:.0%}"


def _loss(loss: float, label: str = "", thresholds: Sequence[float] = ()) -> str:
    """A loss of the chance to win, to a tenth of a point under 10% (``5.2%``); a loss too
    small to show as a tenth is ``<0.1%``, never ``0.0%`` beside a better move. Where that
    figure would sit on or past a bound of ``label`` (``5.0%`` for an inaccuracy, past
    ``good up to 5%``; ``20%`` for a blunder), it gets one more decimal, as many times as
    it takes: ``5.04%``, ``20.4%``."""
    if 0 < loss < 0.0005:
        return "<0.1%"
    digits = 1 if loss < 0.0995 else 0
    if label not in LABELS[1:]:
        return f"{loss:.{digits}%}"
    place = LABELS.index(label)
    bounds = [0.0, *thresholds, float("inf")]
    low, high = bounds[place - 1] * 100, bounds[place] * 100
    text = f"{loss:.{digits}%}"
    while digits < 6 and not low + 1e-9 < float(text[:-1]) <= high + 1e-9:
        digits += 1
        text = f"{loss:.{digits}%}"
    return text


def _bound(chance: float) -> str:
    """A threshold as written in the docs: ``2%``, ``2.5%``."""
    return f"{round(chance * 100, 2):g}%"


def _signed(points: float) -> str:
    return signed(points) if abs(points - round(points)) > 1e-9 else f"{round(points):+d}"


def head(review: Review, title: str) -> list[str]:
    """What was reviewed and how it was valued."""
    players = " and ".join(review.players)
    exact = sum(1 for d in review.decisions if d.judged.exact)
    estimated = [d for d in review.decisions if not d.judged.exact]
    lines = [
        f"Review of {review.session} ({title}): {players}, "
        f"each decision valued from what its player could see",
        f"expected result: the chance to win {review.result}; beside it {review.unit}",
    ]
    parts: list[tuple[int, str]] = [(exact, "exact")] if exact else []
    sampled = [d for d in estimated if d.judged.samples]
    if sampled:
        samples = max(d.judged.samples for d in sampled)
        parts.append(
            (
                len(sampled),
                f"estimated from up to {samples} samples of the hidden cards "
                f"(seed {review.seed}, depth {review.depth})",
            )
        )
    modelled = [d for d in estimated if not d.judged.samples]
    if modelled:
        parts.append((len(modelled), f"estimated by {modelled[0].judged.method}"))
    # "values: 16 decisions estimated ...", never "0 decisions exact"
    said = [f"{counted(n, 'decision') if i == 0 else n} {how}" for i, (n, how) in enumerate(parts)]
    lines.append(f"values: {', '.join(said) if said else 'no decision to value'}")
    bounds = ", ".join(
        f"{name} up to {_bound(bound)}" for name, bound in zip(LABELS[1:-1], review.thresholds)
    )
    lines.append(f"labels by the chance given up: {bounds}, blunder beyond")
    return lines


def _points_given_up(share: float) -> str:
    """``1.6 percentage points``: a tenth where the figure is small and not whole, so that a
    single loss of 1.6% is not said as 2; whole from 10 on."""
    points = share * 100
    if points < 10 and abs(points - round(points)) >= 0.05:
        return f"{points:.1f} percentage points"
    return counted(round(points), "percentage point")


def players(review: Review) -> list[str]:
    """Each reviewed player's line."""
    out = []
    for s in review.summaries:
        counts = ", ".join(f"{name} {s.counts[name]}" for name in LABELS)
        out.append(
            f"{s.name}: {counted(s.decisions, 'decision')}, accuracy {s.accuracy:.1f}%; "
            f"{counts}; given up {_points_given_up(s.given_up)} of the "
            f"chance to win {review.result}, summed over the decisions "
            f"({s.points_given_up:.1f} {review.unit})"
        )
    return out


def groups(review: Review, width: int | None) -> list[str]:
    """The deals or rounds: every card known, what the player could expect, what was scored."""
    if not review.groups:
        return []
    headers = [
        review.group_name,
        "player",
        "every card known",
        "could expect",
        "scored",
        "given up",
        "note",
    ]

    def shown(v: float | None) -> str:
        return "-" if v is None else _signed(v)

    rows = [
        [
            g.number,
            g.player,
            shown(g.known),
            shown(g.expected),
            shown(g.scored),
            f"{g.given_up:.1f}",
            g.note,
        ]
        for g in review.groups
    ]
    # LinesBeta's rounds are never searched with every card known: no column of dashes,
    # and no empty column of notes; Octrix's hands are open, so what every card known gives
    # is what the player could expect: one column of the two.
    same = review.game == "octrix" or all(g.known is None for g in review.groups)
    keep = [
        i
        for i, _ in enumerate(headers)
        if not (i == 2 and same) and not (i == 6 and not any(g.note for g in review.groups))
    ]
    headers = [headers[i] for i in keep]
    rows = [[row[i] for i in keep] for row in rows]
    return [
        f"{review.group_name.capitalize()}s, in {review.unit}:",
        render(headers, rows, width=width),
    ]


def costly(review: Review, decisions: Sequence[Decision]) -> list[str]:
    """The costliest decisions: the position, the move played, the better one and why."""
    if not decisions:
        return ["No decision gave up any of the chance to win."]
    return ["Costliest decisions:", *_detailed(review, decisions)]


def asked(review: Review) -> list[str]:
    """The decisions asked for by number, in order, each as the costliest are shown."""
    return [
        "The decision asked for:" if len(review.decisions) == 1 else "The decisions asked for:",
        *_detailed(review, review.decisions),
    ]


def _detailed(review: Review, decisions: Sequence[Decision]) -> list[str]:
    out = []
    for i, d in enumerate(decisions, 1):
        j = d.judged
        loss = _loss(d.loss, d.label, review.thresholds)
        out.append(
            f"{i}. move {j.number}, {j.where} ({d.player}): {d.label}, "
            f"gave up {loss} of the chance to win {review.result} "
            f"({d.points_loss:.1f} {review.unit})"
        )
        out += [f"   {line}" for line in j.position]
        why = j.why
        if d.label == "best":
            if j.played == j.best:
                out.append(f"   played {j.played}: the best move")
            elif j.exact:
                # Solved with every card known: the two are worth the same, no estimate.
                out.append(f"   played {j.played}: as good as {j.best}, worth the same")
            else:
                # Another move valued a little higher, by less than the estimate's error.
                out.append(
                    f"   played {j.played}: as good as the best ({j.best}) within the "
                    "estimate's error"
                )
            # "10H: 44% ...; 10H: 44% ...": the move played is the best, said once.
            if j.played == j.best and why.startswith(f"{j.best}: "):
                why = why.split(f"; {j.played}: ")[0]
        else:
            out.append(f"   played {j.played}; better {j.best}")
        out.append(f"   why: {why}")
        out.append(f"   ({j.method})")
    return out


def every(review: Review, width: int | None) -> list[str]:
    """Every decision in a table."""
    headers = [
        "move",
        "where",
        "player",
        "played",
        "best",
        "chance",
        "best chance",
        "loss",
        "label",
    ]
    rows = [
        [
            d.judged.number,
            d.judged.where,
            d.player,
            d.judged.played,
            # A move labelled best is a best move, though another scored as much (or a little
            # more, within the estimate's error): the column does not name another as best...
            d.judged.played if d.label == "best" else d.judged.best,
            _pct(d.judged.played_chance),
            # ... and its chance beside it, so that each row's move and chance go together.
            _pct(d.judged.played_chance if d.label == "best" else d.judged.best_chance),
            # A loss too small to count (or within the estimate's error) is none, as labelled.
            _loss(d.loss, d.label, review.thresholds) if d.loss and d.label != "best" else "0",
            d.label + ("" if d.judged.exact else " ~"),
        ]
        for d in review.decisions
    ]
    return [
        "Every decision (~: estimated):",
        render(headers, rows, width=width),
    ]


def chart(review: Review, *, ascii: bool, width: int) -> list[str]:
    """The expected result after each decision, one line per player; ``?`` marks a mistake,
    ``!`` a blunder, under the decision. More decisions than ``width`` columns go on in bands
    below one another, so that none is left out."""
    chars = ASCII_LEVELS if ascii else BLOCKS
    room = max((display_width(n) for n in review.players), default=0)  # wide letters: 2
    lines = [
        f"The chance to win {review.result} after each decision; {chars[-1]} = 100%",
        "marked below: ? mistake, ! blunder; numbered by decision",
    ]
    last: dict[str, float | None] = dict.fromkeys(review.players)
    span = max(1, width)
    for start in range(0, len(review.decisions), span):
        shown = review.decisions[start : start + span]
        if start:
            lines.append("")
        for name in review.players:
            bar = ""
            for d in shown:
                if d.player == name:
                    last[name] = d.judged.played_chance
                chance = last[name]
                bar += " " if chance is None else chars[level(chance * 100, 0, 100, len(chars))]
            chance = last[name]
            now = f"{chance:.0%}" if chance is not None else "-"
            lines.append(f"{pad(name, room)}  {bar.ljust(len(shown))}  {now}")
        marks = "".join(MARKS.get(d.label, " ") for d in shown)
        lines.append((" " * (room + 2) + marks).rstrip())
        lines.append(" " * (room + 2) + _axis(list(range(start + 1, start + len(shown) + 1))))
    return lines


def fit(text: str, width: int | None) -> str:
    """``text`` for a terminal of ``width``: a line of words too long for it wraps at spaces,
    its following lines indented as it is (a numbered decision's under its text); table rows,
    positions and charts (lines with column gaps) stay whole."""
    if width is None:
        return text
    out: list[str] = []
    for line in text.split("\n"):
        if display_width(line) <= width or re.search(r"\S  +\S", line):
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip())]
        number = re.match(r"\d+\. ", line)
        more = " " * len(number.group()) if number else lead
        out += wrap_words(line.strip(), max(20, width), lead, more)
    return "\n".join(out)


def many_head(reviews: Sequence[Review], seed: int, depth: int) -> list[str]:
    """What a review of many games covered: how many of each game, with which samples."""
    from cardside.games.registry import GAMES
    from cardside.sessions.sheets import unit_of

    kinds: dict[str, int] = {}
    for r in reviews:
        kinds[r.game] = kinds.get(r.game, 0) + 1
    # Each in its game's word: a played Schnapsen session is a match, the others' a game.
    each = ", ".join(f"{counted(n, f'{GAMES[g].title} {unit_of(g)}')}" for g, n in kinds.items())
    decisions = sum(len(r.decisions) for r in reviews)
    results = " or ".join(dict.fromkeys(r.result for r in reviews))  # the games' own words
    return [
        f"Reviewed {counted(len(reviews), 'session')} ({each}), "
        f"{counted(decisions, 'decision')}, "
        f"each valued from what its player could see (seed {seed}, depth {depth})",
        "accuracy: the mean of every decision's; given up: percentage points of the chance "
        f"to win ({results}), summed over a game's decisions (for a player over these games, "
        "the mean per game)",
    ]


def many_games(
    reviews: Sequence[Review], sessions: Sequence[object], width: int | None
) -> list[str]:
    """A line for each reviewed player of each game, in the order reviewed."""
    from cardside.games.registry import GAMES

    rows = []
    for review, session in zip(reviews, sessions):
        began = getattr(session, "began", None)
        day = f"{began:%Y-%m-%d}" if began else "-"
        # A game not over yet is reviewed as far as it went: said beside its name.
        name = (
            review.session
            if getattr(session, "finished", True)
            else f"{review.session} (in progress)"
        )
        for s in review.summaries:
            rows.append(
                [
                    GAMES[review.game].title,
                    name,
                    day,
                    s.name,
                    s.decisions,
                    f"{s.accuracy:.1f}",
                    *(s.counts[lab] for lab in LABELS[3:]),
                    f"{s.given_up * 100:.0f}",
                ]
            )
    headers = ["game", "session", "started", "player", "decisions", "accuracy", "inaccuracies"]
    headers += ["mistakes", "blunders", "given up"]
    return ["Each session:", render(headers, rows, width=width)]


def many_players(standings: Sequence[Standing], width: int | None) -> list[str]:
    """Each player's figures per game over the games reviewed."""
    from cardside.games.registry import GAMES

    rows = [
        [
            s.name,
            GAMES[s.game].title,
            s.games,
            s.decisions,
            f"{s.accuracy:.1f}",
            *(s.counts[lab] for lab in LABELS[3:]),
            f"{s.given_up_a_game * 100:.1f}",
        ]
        for s in standings
    ]
    headers = ["player", "game", "games", "decisions", "accuracy", "inaccuracies", "mistakes"]
    headers.append("blunders")
    headers.append("given up per game")
    return ["Each player over these games:", render(headers, rows, width=width)]


def left_out(skipped: Sequence[tuple[str, str]], shown: int = 10) -> list[str]:
    """The sessions chosen that could not be reviewed, and why (the first ``shown``)."""
    if not skipped:
        return []
    lines = [f"Not reviewed ({len(skipped)}):"]
    lines += [f"  {name}: {why}" for name, why in skipped[:shown]]
    if len(skipped) > shown:
        lines.append(f"  and {len(skipped) - shown} more")
    return lines


#: What the stepper's prompt takes, for its help.
STEP_HELP = (
    "  Enter (or next, n): the next decision; back (or b): the one before; a move's number "
    "(the move, not the decision's count): that move; first, last; q (or quit): leave"
)


def step(
    review: Review, ask: Callable[[str], str | None], say: Callable[[str], None], start: int = 0
) -> None:
    """Go through the review's decisions one at a time, each shown in full as the costliest
    are, as a chess trainer steps through a game: Enter for the next, ``b`` for the one
    before, a move's number to jump there; ``q`` or the end of input leaves."""
    decisions = list(review.decisions)
    if not decisions:
        return
    numbers = [d.judged.number for d in decisions]
    i = max(0, min(start, len(decisions) - 1))
    shown = True
    while True:
        if shown:
            d = decisions[i]
            lines = _detailed(review, [d])
            lines[0] = re.sub(r"^1\. ", f"{i + 1} of {len(decisions)}: ", lines[0])
            say("")
            for line in lines:
                say(line)
        shown = True
        # The move and its label again at the prompt: a tall position (an IOTA grid) may have
        # scrolled the decision's first line away.
        d = decisions[i]
        answer = ask(
            f"Move {d.judged.number} ({d.label}), decision {i + 1} of {len(decisions)} "
            "(Enter: next, b: back, a move's number, q: leave): "
        )
        word = "q" if answer is None else answer.strip().lower()
        if word in ("q", "quit", "exit", "leave"):
            return
        if word in ("", "n", "next"):
            if i + 1 == len(decisions):
                say("  That was the last decision (b goes back, q leaves).")
                shown = False
            else:
                i += 1
        elif word in ("b", "back", "p", "prev", "previous"):
            if i == 0:
                say("  That is the first decision (Enter goes on, q leaves).")
                shown = False
            else:
                i -= 1
        elif word == "first":
            i = 0
        elif word == "last":
            i = len(decisions) - 1
        elif is_digits(word):
            move = int(word) if len(word.lstrip("0")) <= 7 else None
            if move is None:
                say(f"  no move is that large; the last decision is move {numbers[-1]}")
                shown = False
            elif move in numbers:
                i = numbers.index(move)
            else:
                below = max((n for n in numbers if n < move), default=None)
                above = min((n for n in numbers if n > move), default=None)
                near = " and ".join(str(n) for n in (below, above) if n is not None)
                say(f"  move {move} is no decision here; the nearest: {near}")
                shown = False
        elif word in ("help", "?", "h"):
            say(STEP_HELP)
            shown = False
        else:
            say("  type Enter, b, a move's number or q (type help)")
            shown = False
