"""The review's wording as a player reads it: thresholds as documented, counts and totals
that read as what they are, and the reviewed player's own things called theirs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.record import Seat, Session
from cardside.core.review import Judged, Review, decide, summarise
from cardside.core.words import whose
from cardside.games.octrix.review import THRESHOLDS as OCTRIX_THRESHOLDS
from cardside.games.schnapsen.notation import parse_action
from cardside.games.schnapsen.state import SchnapsenState
from cardside.sessions import sheets, store
from cardside.tui.review import head, players

EXAMPLES = Path(__file__).resolve().parents[2] / "scoresheets"


def judged(number: int, played: float, best: float, samples: int = 0) -> Judged:
    return Judged(
        number,
        0,
        f"turn {number}",
        0,
        "a",
        "b",
        played,
        best,
        0.0,
        1.0,
        0.0,
        False,
        samples,
        "the planner's odds",
    )


def review(thresholds: tuple[float, ...], decisions: list[Judged]) -> Review:
    r = Review(
        "octrix",
        "s",
        "the match",
        "points margin of the round",
        "round",
        thresholds,
        ["Ann"],
        planned=len(decisions),
    )
    r.decisions = [decide(j, "Ann", thresholds) for j in decisions]
    r.summaries = [summarise("Ann", r.decisions)]
    return r


def test_octrix_thresholds_read_as_the_docs_give_them() -> None:
    lines = head(review(tuple(OCTRIX_THRESHOLDS), [judged(1, 0.5, 0.5)]), "Octrix, played")
    assert lines[3] == (
        "labels by the chance given up: excellent up to 1%, good up to 2.5%, "
        "inaccuracy up to 5%, mistake up to 10%, blunder beyond"
    )


def test_no_exact_decision_is_not_counted_as_zero_exact() -> None:
    lines = head(review(tuple(OCTRIX_THRESHOLDS), [judged(1, 0.5, 0.5), judged(2, 0.4, 0.5)]), "t")
    assert lines[2] == "values: 2 decisions estimated by the planner's odds"


def test_the_chance_given_up_in_all_is_in_percentage_points() -> None:
    # three blunders of 40 points each: 120 points of the chance in all, more than one match
    r = review(tuple(OCTRIX_THRESHOLDS), [judged(n, 0.1, 0.5) for n in (1, 2, 3)])
    line = players(r)[0]
    said = "given up 120 percentage points of the chance to win the match, summed over the decision"
    assert said in line
    assert "(3.0 points margin of the round)" in line


def test_whose_calls_the_human_seat_yours() -> None:
    assert whose("You") == "your"
    assert whose("Ann") == "Ann's"


def test_a_line_it_review_calls_your_line_yours(runner: CliRunner, data_dir: Path) -> None:
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "lineit-played-vs-strong.toml", folder)
    result = runner.invoke(
        main, ["sessions", "review", "lineit-played-vs-strong", "--depth", "1", "--all"]
    )
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "your line: " in result.output
    assert "You's" not in result.output
    assert "(estimated))" not in result.output


def test_the_chart_fits_a_terminal_of_60_columns(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "linesbeta-played-normal.toml", folder)
    monkeypatch.setattr("cardside.cli.common.terminal_width", lambda: 60)
    result = runner.invoke(main, ["sessions", "review", "linesbeta-played-normal", "--chart"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("The chance to win"))
    chart = lines[start:]
    assert all(len(line) <= 60 for line in chart), chart
    # The legend's two lines, then bands of a bar, its marks and its numbers: the 51
    # decisions in two bands, none left out.
    first, second = chart[2:5], chart[6:]
    assert chart[5] == "" and len(second) == 3
    bars = [len(band[0].split("  ")[1]) for band in (first, second)]
    assert first[2].split()[0] == "1" and second[2].split()[0] == str(bars[0] + 1)
    assert sum(bars) == 51


def test_a_review_on_a_narrow_terminal_wraps_at_spaces(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "linesbeta-played-normal.toml", folder)
    args = ["sessions", "review", "linesbeta-played-normal"]
    piped = runner.invoke(main, args)
    monkeypatch.setattr("cardside.cli.common.terminal_width", lambda: 60)
    narrow = runner.invoke(main, args)
    assert narrow.exit_code == 0, narrow.output
    assert narrow.exception is None
    lines = narrow.output.splitlines()
    assert max(len(line) for line in lines) <= 60
    # the words are the same words, none cut in two (tables are laid out for the width)
    words = set(piped.output.split())
    table = narrow.output.index("Costliest decisions:")
    assert set(narrow.output[table:].split()) <= words
    first = next(i for i, line in enumerate(lines) if line.startswith("1. move 43, "))
    assert lines[first + 1].startswith("   the chance to win the game")  # under its text


def in_progress(data_dir: Path, actions: list[str]) -> None:
    """A played Schnapsen match stopped after ``actions`` (Ann, the human seat, leads)."""
    state = SchnapsenState(seed=0, first_dealer=1)
    entries: list[dict[str, object]] = []
    for text in actions:
        entries.append({"type": "action", "seat": state.current_player(), "action": text})
        state.apply(parse_action(text))
    session = Session(
        game="schnapsen",
        mode="play",
        name="stopped",
        seed=0,
        seats=[Seat("Ann", "human"), Seat("Bot", "bot:strong")],
        options={"first_dealer": 1},
        entries=entries,
    )
    sheets.refresh(session)
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    store.save(session, folder / "stopped.toml", create=True)


def test_a_game_with_no_decision_yet_is_refused_in_one_line(
    runner: CliRunner, data_dir: Path
) -> None:
    in_progress(data_dir, [])
    result = runner.invoke(main, ["sessions", "review", "stopped"])
    assert result.exit_code == 1
    assert result.output == "Error: stopped holds no decision of Ann to review yet\n"


def test_a_game_in_progress_is_reviewed_so_far_and_says_so(
    runner: CliRunner, data_dir: Path
) -> None:
    in_progress(data_dir, ["marriage QC", "JC"])
    result = runner.invoke(main, ["sessions", "review", "stopped", "--depth", "1"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert result.output.startswith(
        "Review of stopped (Schnapsen, played, in progress: the decisions so far): Ann,"
    )
    assert "Ann: 1 decision, " in result.output


def test_linesbeta_rounds_have_no_column_of_dashes(runner: CliRunner, data_dir: Path) -> None:
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "linesbeta-played-normal.toml", folder)
    result = runner.invoke(main, ["sessions", "review", "linesbeta-played-normal"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    lines = result.output.splitlines()
    header = lines[lines.index("Rounds, in tricks of the round, as planned:") + 1]
    assert header.split("  ") == ["round", "player", "could expect", "scored", "given up"]


def test_one_percentage_point_is_said_in_the_singular() -> None:
    r = review(tuple(OCTRIX_THRESHOLDS), [judged(1, 0.49, 0.5)])
    said = "given up 1 percentage point of the chance to win the match, summed over the decisions"
    assert said in players(r)[0]
    # A small loss that is not whole keeps its tenth: 1.6, not 2.
    small = review(tuple(OCTRIX_THRESHOLDS), [judged(1, 0.484, 0.5)])
    assert "given up 1.6 percentage points of the chance" in players(small)[0]


def test_a_move_within_the_estimates_error_of_a_higher_one_says_so() -> None:
    """Labelled best, as noise is no mistake, but not called "the best move" beside another
    move valued higher; the move that is the best is said to be so once."""
    from dataclasses import replace

    from cardside.tui.review import asked

    close = replace(judged(5, 0.56, 0.59), noise=0.05, played="GC4 2,2", best="BX1 2,2")
    r = review(tuple(OCTRIX_THRESHOLDS), [close])
    lines = asked(r)
    assert r.decisions[0].label == "best"
    assert "   played GC4 2,2: as good as the best (BX1 2,2) within the estimate's error" in lines
    assert not any(line.endswith(": the best move") for line in lines)
    same = replace(judged(6, 0.5, 0.5), played="8D", best="8D")
    assert "   played 8D: the best move" in asked(review(tuple(OCTRIX_THRESHOLDS), [same]))
    # Solved exactly, two moves worth the same are simply that: no estimate, no error.
    tied = replace(judged(7, 0.5, 0.5), played="8D", best="9D", exact=True)
    lines = asked(review(tuple(OCTRIX_THRESHOLDS), [tied]))
    assert "   played 8D: as good as 9D, worth the same" in lines
    assert not any("estimate's error" in line for line in lines)


def test_an_octrix_card_that_is_the_best_is_not_compared_with_itself(runner: CliRunner) -> None:
    path = str(EXAMPLES / "octrix-played-vs-strong.toml")
    result = runner.invoke(main, ["--ascii", "sessions", "review", path, "--move", "5"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "   played 6H: the best move" in result.output
    (why,) = [line for line in result.output.splitlines() if line.startswith("   why:")]
    assert why.endswith("6H ends the round +1.3 on average, 52% to win the game")


def test_a_loss_too_small_for_a_tenth_is_not_written_as_none() -> None:
    """An ``excellent`` move beside a better one never reads ``gave up 0.0%``."""
    from cardside.tui.review import _loss

    assert [_loss(x) for x in (0.0003, 0.00049, 0.0005, 0.0)] == ["<0.1%", "<0.1%", "0.1%", "0.0%"]


def test_a_loss_just_past_a_bound_is_not_written_as_the_bound(
    runner: CliRunner, data_dir: Path
) -> None:
    """The legend says `inaccuracy up to 5%`; a mistake that gave up 5.1% says 5.1%."""
    from cardside.tui.review import _loss

    assert [_loss(x) for x in (0.0512, 0.05, 0.004, 0.0994, 0.0996, 0.14)] == [
        "5.1%",
        "5.0%",
        "0.4%",
        "9.9%",
        "10%",
        "14%",
    ]
    example = Path(__file__).resolve().parents[2] / "scoresheets" / "octrix-played-vs-strong.toml"
    result = runner.invoke(main, ["sessions", "review", str(example)])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "inaccuracy up to 5%" in result.output
    assert "(Ann): mistake, gave up 5.1% of the chance to win the game" in result.output
    # The hands are open: what every card known gives is what Ann could expect, one column.
    assert "round  player  could expect  scored  given up" in result.output
    assert "every card known" not in result.output


def test_the_column_with_every_card_known_goes_only_where_it_says_nothing_more() -> None:
    """Octrix's hands are open (the two columns are one); a Schnapsen deal whose figures
    happen to agree keeps both, and LinesBeta, never searched so, has neither dashes."""
    from cardside.core.review import GroupSummary
    from cardside.tui.review import groups

    def table(game: str, known: float | None) -> str:
        r = Review(game, "s", "the match", "game points of the deal", "deal", (0.1,), ["Ann"])
        r.groups = [GroupSummary(1, 0, "Ann", known, 2.0, 2.0, 0.0)]
        return "\n".join(groups(r, None))

    assert "every card known" in table("schnapsen", 2.0)
    assert "every card known" not in table("octrix", 2.0)
    assert "every card known" not in table("linesbeta", None)


@pytest.mark.parametrize(
    "loss, said",
    [
        (0.0504, "inaccuracy, gave up 5.04%"),
        (0.2043, "blunder, gave up 20.4%"),
        (0.1004, "mistake, gave up 10.04%"),
        (0.0201, "good, gave up 2.01%"),
        (0.05, "good, gave up 5.0%"),
        (0.0512, "inaccuracy, gave up 5.1%"),
        (0.0996, "inaccuracy, gave up 10%"),
        (0.14, "mistake, gave up 14%"),
    ],
)
def test_a_loss_past_a_bound_never_reads_as_on_it(loss: float, said: str) -> None:
    """The figure beside a label is past the bound the label is past: one more decimal
    where the usual one would read as the bound, and the usual figure otherwise."""
    from cardside.core.review import CHESS_THRESHOLDS
    from cardside.tui.review import asked, every

    r = review(CHESS_THRESHOLDS, [judged(1, 0.6 - loss, 0.6)])
    assert any(said in line for line in asked(r)), asked(r)
    label, figure = said.split(", gave up ")
    table = "\n".join(every(r, None)).splitlines()
    (row,) = [line.split() for line in table if line.startswith("1 ")]
    assert row[-3:] == [figure, label, "~"], row


def test_an_iota_review_says_5_04_beside_an_inaccuracy(runner: CliRunner, data_dir: Path) -> None:
    """Seed 4's first move gave up 5.04%, past `good up to 5%`: not written 5.0%."""
    played = runner.invoke(main, ["iota", "play", "--seed", "4"], input="YC4 0,1\nquit\n")
    assert played.exit_code == 0 and played.exception is None, played.output
    result = runner.invoke(main, ["sessions", "review", "last", "--move", "1"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "good up to 5%" in result.output
    assert "(You): inaccuracy, gave up 5.04% of the chance to win the game" in result.output
