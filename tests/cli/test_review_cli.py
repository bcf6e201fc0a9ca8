"""``cardside sessions review``: text, --json, --all, --chart, --player and refusals."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import store


def test_review_names_the_players_figures_and_the_costliest_decisions(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    result = runner.invoke(main, ["sessions", "review", "match", "--depth", "1", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    out = result.output
    assert "Review of match (Schnapsen, played, in progress: the decisions so far): Ann" in out
    assert "expected result: the chance to win the match" in out
    assert "Ann: " in out and "accuracy" in out
    assert "Deals, in game points of the deal:" in out
    assert "Every decision" not in out
    # How to see the rest, under the costliest three.
    assert out.rstrip().endswith("(add --all to list every decision, --move N to see one in full)")
    every = runner.invoke(main, ["sessions", "review", "match", "--all", "--depth", "1"])
    assert every.exit_code == 0 and "add --all" not in every.output


def test_review_json_has_every_decision_with_label_loss_and_exact(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    args = ["sessions", "review", "match", "--json", "--depth", "1", "--jobs", "1"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["complete"] and data["decisions"]
    for d in data["decisions"]:
        assert d["label"] in ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
        assert d["loss"] >= 0 and isinstance(d["exact"], bool)
        assert d["player"] == "Ann"
    (ann,) = data["players"]
    assert 0 <= ann["accuracy"] <= 100 and ann["decisions"] == len(data["decisions"])
    # The same seed, the same review.
    again = json.loads(runner.invoke(main, args).output)
    assert again == data


def test_review_all_and_chart(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    result = runner.invoke(
        main, ["--ascii", "sessions", "review", "match", "--all", "--chart", "--depth", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "Every decision (~: estimated):" in result.output
    assert "The chance to win the match after each decision" in result.output
    assert "numbered by decision" in result.output


def test_review_of_the_bot_when_named(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    args = ["sessions", "review", "match", "--player", "bot", "--json", "--depth", "1"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {d["player"] for d in data["decisions"]} == {"Bot"}


def test_review_refuses_an_unknown_player(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    result = runner.invoke(main, ["sessions", "review", "match", "--player", "Zed"])
    assert result.exit_code == 2
    assert "'Zed' is not a player here (Ann or Bot)" in result.output


def test_review_refuses_a_kept_schnapsen_match_with_the_reason(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "bummerl"]
    runner.invoke(main, args, input="Ann 2\nquit\n")
    result = runner.invoke(main, ["sessions", "review", "bummerl"])
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)
    assert "bummerl cannot be reviewed: a kept Schnapsen match holds each deal's result" in (
        result.output
    )


def test_review_of_an_unknown_session_is_one_line(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["sessions", "review", "nothing"])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1


def end_prompt(data_dir: Path, monkeypatch: pytest.MonkeyPatch, typed: str) -> None:
    """The prompt after a played game (the match of ``schnapsen_match``) fed ``typed``,
    with reviews kept quick: one core, the smallest depth."""
    import io

    from cardside.cli.app import App
    from cardside.cli.common import play_games
    from cardside.sessions.journal import Journal

    journal = Journal.open(store.sessions_dir(data_dir) / "match.toml")
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    monkeypatch.setattr("cardside.core.parallel.cores", lambda: 1)
    monkeypatch.setattr("cardside.core.review.DEFAULT_DEPTH", 1)
    play_games(App(data_dir_option=data_dir), journal, lambda app, j: "over", 0)
    journal.close()


def ours_and_theirs(data_dir: Path) -> tuple[list[int], int]:
    """The move numbers of Ann's decisions in the match, and the first of Bot's."""
    from cardside.core.review import decisions_of

    session = store.load(store.sessions_dir(data_dir) / "match.toml")
    ours = [n for n, seat in decisions_of("schnapsen", session, [0])]
    everyone = dict(decisions_of("schnapsen", session, [0, 1]))
    return ours, next(n for n, seat in everyone.items() if seat == 1)


def test_review_at_the_end_prompt_of_a_played_game(
    data_dir: Path,
    schnapsen_match: Callable[..., None],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    schnapsen_match()
    end_prompt(data_dir, monkeypatch, "help\nshow\nreview\n\n")
    out = capsys.readouterr().out
    assert "review to see each of your moves valued" in out
    assert (
        "review values each of your decisions (review all lists every one, review N shows "
        "move N in full, review step goes through them; 'cardside sessions review match' does "
        "it later)"
    ) in out
    assert "'cardside sessions review match' values each move" in out
    assert "Review of match (Schnapsen, played, in progress: the decisions so far): Ann" in out
    assert "accuracy" in out
    assert (
        "(review all lists every decision here, review N shows move N in full, review step "
        "goes through them one at a time)"
    ) in out


def test_review_n_and_review_all_at_the_end_prompt(
    data_dir: Path,
    schnapsen_match: Callable[..., None],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    schnapsen_match()
    ours, theirs = ours_and_theirs(data_dir)
    typed = (
        f"review {ours[1]}\nreview {theirs}\nreview x\nreview 999\n"
        "review 99999999999999999999\nreview all\n\n"
    )
    end_prompt(data_dir, monkeypatch, typed)
    out = capsys.readouterr().out
    shown, rest = out.split(f"review {theirs}", 1)
    assert "The decision asked for:" in shown and f"1. move {ours[1]}, " in shown
    assert "Costliest" not in shown  # one move in full, no figures of the whole game
    assert f"  move {theirs} is Bot's, not Ann's (type help)" in rest
    assert f"the nearest: move {ours[-1]} (review all lists them) (type help)" in rest
    assert "  no move is that large (review all lists them) (type help)" in rest
    assert (
        "  review alone values your moves; review all lists every decision, review N shows "
        "move N in full, review step goes through them one at a time (type help)"
    ) in rest
    every = rest.split("leave: review all\n", 1)[1]
    assert "accuracy" in every and "Every decision (~: estimated):" in every
    assert [line.split()[0] for line in every.splitlines() if "deal 1, trick" in line][-1] == str(
        ours[-1]
    )


def test_a_review_at_the_end_prompt_stopped_by_ctrl_c_gives_ctrl_c_back_to_the_game(
    data_dir: Path,
    schnapsen_match: Callable[..., None],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The run of the review ignores a second Ctrl-C while it says what it reviewed; the
    game's prompt that follows acts on Ctrl-C again (a bot thinking, a hint)."""
    import io
    import signal

    from cardside.cli.app import App
    from cardside.cli.common import play_games
    from cardside.core import parallel, review
    from cardside.sessions.journal import Journal

    default = signal.getsignal(signal.SIGINT)
    held: list[object] = []
    run = review.run

    def stopped(*args: object, **kwargs: object) -> object:
        parallel._hold_interrupts()  # as a run of decisions stopped by Ctrl-C leaves it
        held.append(signal.getsignal(signal.SIGINT))
        return run(*args, **kwargs)

    schnapsen_match()
    journal = Journal.open(store.sessions_dir(data_dir) / "match.toml")
    monkeypatch.setattr(review, "run", stopped)
    monkeypatch.setattr("sys.stdin", io.StringIO("review\n\n"))
    monkeypatch.setattr("cardside.core.parallel.cores", lambda: 1)
    monkeypatch.setattr("cardside.core.review.DEFAULT_DEPTH", 1)
    play_games(App(data_dir_option=data_dir), journal, lambda app, j: "over", 0)
    journal.close()
    assert held == [signal.SIG_IGN] and "accuracy" in capsys.readouterr().out
    assert signal.getsignal(signal.SIGINT) is default


def test_ctrl_c_prints_what_was_reviewed(
    data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    schnapsen_match()
    env = dict(os.environ, CARDSIDE_HOME=str(data_dir), PYTHONPATH=os.pathsep.join(sys.path))
    args = [sys.executable, "-m", "cardside", "sessions", "review", "match", "--depth", "4"]
    args += ["--player", "Ann", "--player", "Bot"]  # both seats: long enough to stop
    proc = subprocess.Popen(
        [*args, "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err
    assert err.startswith("Stopped ")
    if "any decision" not in err:
        assert "accuracy" in out and "the figures are for those" in err


def test_show_of_a_finished_played_game_points_to_its_review(
    runner: CliRunner, data_dir: Path
) -> None:
    import shutil

    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    root = Path(__file__).resolve().parents[2] / "scoresheets"
    shutil.copy(root / "octrix-played-vs-strong.toml", folder)
    shutil.copy(root / "schnapsen-kept-bummerl.toml", folder)
    result = runner.invoke(main, ["sessions", "show", "octrix-played-vs-strong"])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("cardside sessions review octrix-played-vs-strong")
    kept = runner.invoke(main, ["sessions", "show", "schnapsen-kept-bummerl"])
    assert kept.exit_code == 0, kept.output
    assert "sessions review" not in kept.output


@pytest.mark.parametrize("game", ["linesbeta", "lineit", "iota", "octrix", "schnapsen"])
def test_a_game_quit_before_its_first_move_is_refused_in_one_line(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    for seed in range(4):  # some seeds let a bot move first; every one must be refused cleanly
        name = f"{game}-{seed}"
        played = runner.invoke(
            main, [game, "play", "--seed", str(seed), "--session", name], input="quit\n"
        )
        assert played.exit_code == 0, played.output
        result = runner.invoke(main, ["sessions", "review", name, "--depth", "1"])
        assert isinstance(result.exception, SystemExit), (name, result.exception)
        if result.exit_code:
            assert f"{name} holds no decision of You to review yet" in result.output


def test_review_of_moves_asked_for_by_number(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    base = ["--ascii", "sessions", "review", "match", "--depth", "1", "--jobs", "1"]
    result = runner.invoke(main, [*base, "--move", "8", "--move", "5"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    out = result.output
    assert "The decisions asked for:" in out
    assert out.index("1. move 5, deal 1, trick 3 (Ann)") < out.index("2. move 8, deal 1, trick 4")
    assert "hand: " in out and "why: " in out
    # Only what was asked: no figures of the whole game.
    assert "\nAnn: " not in out and "Costliest" not in out and "Deals, in" not in out
    assert "   Ann: " in out  # the position's line of her points, under its decision
    data = json.loads(runner.invoke(main, [*base, "--move", "5", "--json"]).output)
    assert [d["move"] for d in data["decisions"]] == [5]
    # Nor in JSON: one move gives no player's accuracy and no deal's figures.
    assert data["moves"] == [5] and data["players"] == [] and data["deals"] == []
    whole = json.loads(runner.invoke(main, [*base, "--json"]).output)
    assert "moves" not in whole and whole["players"] and whole["deals"]
    assert data["decisions"][0] == next(d for d in whole["decisions"] if d["move"] == 5)


@pytest.mark.parametrize(
    ("extra", "code", "said"),
    [
        (["--move", "6"], 1, "move 6 is Bot's, not Ann's: add --player Bot"),
        (["--move", "99"], 1, "the nearest: move 16 (--all lists them)"),
        (["--move", "2", "--player", "Ann"], 1, "move 2 is Bot's"),
        (["--move", "0"], 2, "'--move'"),
        (["--move", "5", "--chart"], 2, "--chart draws a whole game"),
    ],
)
def test_review_refuses_a_move_it_cannot_review(
    runner: CliRunner,
    data_dir: Path,
    schnapsen_match: Callable[..., None],
    extra: list[str],
    code: int,
    said: str,
) -> None:
    schnapsen_match()
    result = runner.invoke(main, ["sessions", "review", "match", "--depth", "1", *extra])
    assert result.exit_code == code, result.output
    assert said in result.output
    assert "Traceback" not in result.output


def test_review_of_a_bots_move_by_number(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    args = ["sessions", "review", "match", "--move", "6", "--player", "Bot", "--depth", "1"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "1. move 6, deal 1" in result.output and "(Bot)" in result.output


def test_step_goes_through_the_decisions_one_at_a_time(
    runner: CliRunner, data_dir: Path, schnapsen_match: Callable[..., None]
) -> None:
    from cardside.core.review import decisions_of

    schnapsen_match()
    session = store.load(store.sessions_dir(data_dir) / "match.toml")
    ours = [n for n, seat in decisions_of("schnapsen", session, [0])]
    typed = ["", "b", "b", str(ours[3]), "999", "99999999999", "\u00b9", "last", "", "help", "x"]
    typed += ["first", "q"]
    args = ["sessions", "review", "match", "--step", "--depth", "1", "--jobs", "1"]
    result = runner.invoke(main, args, input="\n".join(typed) + "\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.output
    n = len(ours)
    heads = [line for line in out.splitlines() if line.split(":")[0].endswith(f" of {n}")]
    shown = [int(line.split(" of ")[0]) for line in heads]
    assert shown == [1, 2, 1, 4, n, 1], heads
    assert f"1 of {n}: move {ours[0]}, " in out and f"4 of {n}: move {ours[3]}, " in out
    assert "  That is the first decision (Enter goes on, q leaves)." in out
    assert f"  move 999 is no decision here; the nearest: {ours[-1]}" in out
    assert "  That was the last decision (b goes back, q leaves)." in out
    assert "  Enter (or next, n): the next decision; back (or b): the one before" in out
    assert out.count("  type Enter, b, a move's number or q (type help)") == 2  # x, and ¹
    assert f"  no move is that large; the last decision is move {ours[-1]}" in out
    assert f"Move {ours[0]} (" in out and f"), decision 1 of {n} (Enter: next, b: back" in out
    assert "accuracy" in out.split(f"1 of {n}: ")[0]  # the players' figures come first
    started = runner.invoke(main, [*args, "--move", str(ours[2])], input="q\n")
    assert started.exit_code == 0 and f"3 of {n}: move {ours[2]}, " in started.output
    for other in ("--all", "--json", "--chart"):
        refused = runner.invoke(main, [*args, other])
        assert refused.exit_code == 2 and "--step goes through the decisions one at a time" in (
            refused.output
        )


def test_review_step_at_the_end_prompt(
    data_dir: Path,
    schnapsen_match: Callable[..., None],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    schnapsen_match()
    ours, _ = ours_and_theirs(data_dir)
    typed = f"review step all\nreview step {ours[2]}\nq\nreview step\n\nq\n\n"
    end_prompt(data_dir, monkeypatch, typed)
    out = capsys.readouterr().out
    first, rest = out.split(f"review step {ours[2]}", 1)
    assert "review step goes through them one at a time (type help)" in first  # step all
    started, again = rest.split("leave: review step\n", 1)
    assert f"), decision 3 of {len(ours)} " in started  # from move N, all decisions there
    assert "decision 1 of " not in started
    assert "decision 1 of " in again and "decision 2 of " in again
    assert "decision 3 of " not in again
    assert out.rstrip().endswith("or Enter to leave:")  # back at the end prompt, then left


def test_a_review_stopped_early_is_not_stepped_through(
    runner: CliRunner,
    data_dir: Path,
    schnapsen_match: Callable[..., None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while the review is worked out leaves moves unreviewed: the steps would skip
    them as if the game had none, so it says so and stops."""
    from dataclasses import replace

    from cardside.core import review

    schnapsen_match()
    run = review.run

    def stopped(*args: object, **kwargs: object) -> object:
        whole = run(*args, **kwargs)  # type: ignore[arg-type]
        return replace(whole, decisions=whole.decisions[:2])

    monkeypatch.setattr(review, "run", stopped)
    args = ["sessions", "review", "match", "--step", "--depth", "1", "--jobs", "1"]
    result = runner.invoke(main, args, input="q\n")
    assert result.exit_code == 130
    assert "Stopped after 2 of " in result.stderr and "nothing to step through" in result.stderr
    assert "decision 1 of" not in result.output
