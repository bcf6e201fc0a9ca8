"""``cardside sessions review`` of many games: several NAMEs, --all-sessions, --game, --since;
each game as reviewed on its own, the same for any --jobs and on a cluster, Ctrl-C keeps what
finished."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core import many_reviews
from cardside.core.parallel import map_items
from cardside.core.record import Seat, Session
from cardside.games.linesbeta.bots import make_bot
from cardside.games.linesbeta.notation import format_action
from cardside.games.linesbeta.state import LinesBetaState
from cardside.games.linesbeta.values import move_values
from cardside.sessions import sheets, store


def game(seed: int, plant: int) -> Session:
    """A hard short LinesBeta game played by the planner, but its worst move at the first
    ``plant`` decisions where that gives up more than 15% of the chance to win."""
    state = LinesBetaState("hard", "short", seed=seed)
    bot = make_bot("planner", seed=seed)
    entries: list[dict[str, object]] = []
    while not state.is_terminal():
        action = bot.choose(state)
        if plant and len(state.legal_actions()) > 1:
            v = move_values(state)
            worst = min(v.moves, key=lambda m: m.chance)
            if v.best().chance - worst.chance > 0.15:
                action, plant = worst.action, plant - 1
        entries.append({"type": "action", "action": format_action(action, ascii=True)})
        state.apply(action)
    return Session(
        game="linesbeta",
        mode="play",
        name="g",
        seed=seed,
        seats=[Seat("You", "human")],
        options={"difficulty": "hard", "length": "short"},
        entries=entries,
    )


def saved(
    data_dir: Path, name: str, seed: int, *, player: str = "Ann", plant: int = 0, day: int = 1
) -> None:
    """A played LinesBeta game of ``player`` (its worst move at ``plant`` decisions), started
    on 2026-11-``day``."""
    session = game(seed, plant)
    session = replace(
        session,
        name=name,
        seats=[Seat(player, "human")],
        created=datetime(2026, 11, day, 20, 0),
    )
    sheets.refresh(session)
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    store.save(session, folder / f"{name}.toml", create=True)


def review(runner: CliRunner, *args: str) -> Any:
    result = runner.invoke(main, ["sessions", "review", *args, "--json", "--depth", "1"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    return json.loads(result.stdout)


@pytest.fixture
def three(data_dir: Path) -> Path:
    saved(data_dir, "a", 6, plant=2, day=1)
    saved(data_dir, "b", 3, day=5)
    saved(data_dir, "c", 4, player="Bea", plant=1, day=9)
    return data_dir


def test_each_game_is_reviewed_as_on_its_own(runner: CliRunner, three: Path) -> None:
    many = review(runner, "a", "b", "c", "--jobs", "1")
    assert many["complete"] and many["games_planned"] == 3
    assert [r["session"] for r in many["reviews"]] == ["a", "b", "c"]
    for r in many["reviews"]:
        assert r == review(runner, r["session"], "--jobs", "1")


def test_the_players_figures_sum_their_games(runner: CliRunner, three: Path) -> None:
    many = review(runner, "--all-sessions", "--jobs", "1")
    by_name = {p["player"]: p for p in many["players"]}
    assert set(by_name) == {"Ann", "Bea"}
    ann = by_name["Ann"]
    mine = [r for r in many["reviews"] if r["session"] in ("a", "b")]
    assert ann["games"] == 2 and ann["game"] == "linesbeta"
    assert ann["decisions"] == sum(len(r["decisions"]) for r in mine)
    labels = [d["label"] for r in mine for d in r["decisions"]]
    assert ann["labels"]["mistake"] + ann["labels"]["blunder"] == sum(
        lab in ("mistake", "blunder") for lab in labels
    )
    # Two planted worst moves in game a: mistakes or blunders, and an accuracy below Bea's
    # game with one, below game b's none.
    assert ann["labels"]["mistake"] + ann["labels"]["blunder"] >= 2
    total = sum(d["loss"] for r in mine for d in r["decisions"])
    assert ann["given_up"] == pytest.approx(total, abs=1e-3)


def test_jobs_do_not_change_the_review(runner: CliRunner, three: Path) -> None:
    one = review(runner, "--all-sessions", "--jobs", "1")
    two = review(runner, "--all-sessions", "--jobs", "2")
    assert one == two


def test_a_copy_of_a_file_is_reviewed_once_unless_named(runner: CliRunner, three: Path) -> None:
    """Chosen by filters, a copy of a session's file (the same entries) is reviewed once, as
    statistics count it once, and said so; named one by one, every file is reviewed."""
    import shutil

    folder = store.sessions_dir(three)
    shutil.copy(folder / "a.toml", folder / "a-copy.toml")
    result = runner.invoke(
        main, ["sessions", "review", "--all-sessions", "--json", "--depth", "1", "--jobs", "1"]
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    reviewed = [r["session"] for r in json.loads(result.stdout)["reviews"]]
    assert sorted(reviewed) in (["a", "b", "c"], ["a-copy", "b", "c"])
    assert "hold the same session (a copy of a file?): reviewed once" in result.stderr
    named = review(runner, "a", "a-copy", "--jobs", "1")
    assert [r["session"] for r in named["reviews"]] == ["a", "a-copy"]
    # Begun under the same name with the same seed and player, but other moves: no copy.
    other = replace(store.load(folder / "a.toml"), entries=game(6, 0).entries)
    sheets.refresh(other)
    store.save(other, folder / "a-other.toml", create=True)
    (folder / "a-copy.toml").unlink()
    both = review(runner, "--all-sessions", "--jobs", "1")
    assert sorted(r["session"] for r in both["reviews"]) == ["a", "a-other", "b", "c"]


def test_filters_choose_the_games(runner: CliRunner, three: Path) -> None:
    since = review(runner, "--since", "2026-11-05", "--jobs", "1")
    assert [r["session"] for r in since["reviews"]] == ["b", "c"]
    bea = review(runner, "--all-sessions", "--player", "bea", "--jobs", "1")
    assert [r["session"] for r in bea["reviews"]] == ["c"]
    assert {p["player"] for p in bea["players"]} == {"Bea"}
    assert review(runner, "--game", "linesbeta", "--jobs", "1")["games_planned"] == 3


def test_text_has_a_line_per_game_and_per_player(
    runner: CliRunner, three: Path, schnapsen_match: Callable[..., None]
) -> None:
    schnapsen_match()
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "kept"],
        input="Ann 2\nquit\n",
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["sessions", "review", "--all-sessions", "--depth", "1"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    out = result.output
    assert out.startswith("Reviewed 4 sessions (3 LinesBeta games, 1 Schnapsen match), ")
    assert "Each session:" in out and "Each player over these games:" in out
    rows = [line.split() for line in out.splitlines()]
    assert ["LinesBeta", "a", "2026-11-01", "Ann"] in [r[:4] for r in rows]
    # Ann played both games: one row for each game she played
    assert sum(1 for r in rows if r[:2] in (["Ann", "LinesBeta"], ["Ann", "Schnapsen"])) == 2
    assert "Not reviewed (1):" in out
    assert "kept: a kept Schnapsen match holds each deal's result" in out


def test_refusals(runner: CliRunner, three: Path) -> None:
    cases = [
        (["a", "--all-sessions"], "give session NAMEs or choose with"),
        ([], "give a session's NAME (or several)"),
        (["a", "b", "--all"], "--all, --chart, --move and --step are for the review of one game"),
        (["--game", "linesbeta", "--chart"], "--move and --step are for the review"),
        # The same words as stats gives a date that is none.
        (
            ["--since", "2026-13-01"],
            "'2026-13-01' is written YYYY-MM-DD but is no day of the calendar",
        ),
    ]
    for args, said in cases:
        result = runner.invoke(main, ["sessions", "review", *args])
        assert result.exit_code == 2, (args, result.output)
        assert said in result.output
    result = runner.invoke(main, ["sessions", "review", "--game", "octrix"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.strip() == "Error: no Octrix game in the data folder can be reviewed"
    result = runner.invoke(main, ["sessions", "review", "--all-sessions", "--player", "Zed"])
    assert result.exit_code == 1
    assert "no game of 'Zed' in the data folder can be reviewed" in result.output


def test_a_broken_file_is_named_and_the_rest_reviewed(runner: CliRunner, three: Path) -> None:
    (store.sessions_dir(three) / "broken.toml").write_text("game = [", encoding="utf-8")
    data = review(runner, "--all-sessions", "--jobs", "1")
    assert len(data["reviews"]) == 3
    (left,) = data["not_reviewed"]
    assert left["session"] == "broken" and left["why"].startswith("cannot be read")


def test_a_file_whose_entries_do_not_replay_is_named_and_the_rest_reviewed(
    runner: CliRunner, three: Path
) -> None:
    """A file that reads as TOML and as a session but whose moves are no game's: left out
    with its entry's fault, the others reviewed; with nothing else, the error names each."""
    folder = store.sessions_dir(three)
    text = (folder / "a.toml").read_text(encoding="utf-8")
    moves = [line for line in text.splitlines() if line.startswith("action = ")]
    (folder / "odd.toml").write_text(text.replace(moves[1], 'action = "ZZ r9Q"'), "utf-8")
    data = review(runner, "--all-sessions", "--jobs", "1")
    assert sorted(r["session"] for r in data["reviews"]) == ["a", "b", "c"]
    (left,) = data["not_reviewed"]
    assert left["session"] == "odd" and "entry 2" in left["why"]
    for name in ("a", "b", "c"):
        (folder / f"{name}.toml").unlink()
    (folder / "broken.toml").write_text("game = [", encoding="utf-8")
    result = runner.invoke(main, ["sessions", "review", "--all-sessions", "--depth", "1"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    said = result.output
    assert "can be reviewed (" in said and "; " in said and "entry 2" in said
    assert "broken: cannot be read" in said and "odd: cannot be read" in said


def test_ctrl_c_prints_the_games_finished(
    runner: CliRunner, three: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = many_reviews.run
    calls: list[str] = []

    def stop_at_the_second(game: str, session: Any, *args: Any, **kw: Any) -> Any:
        calls.append(session.name)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(game, session, *args, **kw)

    monkeypatch.setattr(many_reviews, "run", stop_at_the_second)
    args = ["sessions", "review", "a", "b", "c", "--depth", "1", "--jobs", "1"]
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 130, result.output
    data = json.loads(result.stdout)
    assert [r["session"] for r in data["reviews"]] == ["a"] and not data["complete"]
    assert "Stopped after 1 of 3 games: the figures are for that one." in result.stderr
    calls.clear()
    monkeypatch.setattr(
        many_reviews, "run", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt)
    )
    result = runner.invoke(main, args)
    assert result.exit_code == 130
    assert "Stopped before any game was reviewed." in result.stderr


def test_map_items_keeps_order_and_the_prefix_on_ctrl_c() -> None:
    items = [3, 1, 4, 1, 5, 9, 2, 6]
    assert map_items(abs, items, 1) == items
    assert map_items(abs, items, 2) == items

    def tick(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    assert map_items(abs, items, 1, tick) == items[:3]


def test_a_cluster_gives_the_review_of_one_process(runner: CliRunner, three: Path) -> None:
    pytest.importorskip("dask.distributed")
    one = review(runner, "--all-sessions", "--jobs", "1")
    shared = review(runner, "--all-sessions", "--cluster", "local:2")
    assert shared == one
    single = review(runner, "a", "--cluster", "local:2")
    assert single == one["reviews"][0]


def test_a_copied_file_is_named_as_the_listing_names_it(runner: CliRunner, three: Path) -> None:
    folder = store.sessions_dir(three)
    (folder / "copy.toml").write_bytes((folder / "a.toml").read_bytes())
    data = review(runner, "a", "copy", "--jobs", "1")
    assert [r["session"] for r in data["reviews"]] == ["a", "copy"]
    assert data["reviews"][1]["decisions"] == data["reviews"][0]["decisions"]


def test_a_game_with_no_decision_yet_is_not_reviewed_nor_counted(
    runner: CliRunner, three: Path
) -> None:
    """A game quit before its first move holds no decision: alone it is refused, among many
    it is named with those not reviewed and counts in no player's figures (not as a perfect
    game)."""
    empty = replace(game(5, 0), name="d", entries=[], seats=[Seat("Ann", "human")])
    sheets.refresh(empty)
    store.save(empty, store.sessions_dir(three) / "d.toml", create=True)
    alone = runner.invoke(main, ["sessions", "review", "d", "--depth", "1"])
    assert alone.exit_code == 1 and "d holds no decision of Ann to review yet" in alone.output
    many = review(runner, "--all-sessions", "--jobs", "1")
    assert [r["session"] for r in many["reviews"]] == ["a", "b", "c"]
    assert many["not_reviewed"] == [
        {"session": "d", "why": "holds no decision of Ann to review yet"}
    ]
    ann = {p["player"]: p for p in many["players"]}["Ann"]
    assert ann["games"] == 2
    text = runner.invoke(main, ["sessions", "review", "--all-sessions", "--depth", "1"])
    assert text.exit_code == 0, text.output
    assert "Reviewed 3 sessions" in text.output and "holds no decision of Ann" in text.output
    only = runner.invoke(main, ["sessions", "review", "d", "d", "--depth", "1"])
    assert only.exit_code == 1 and isinstance(only.exception, SystemExit)


def test_a_file_that_disagrees_with_itself_is_named_as_when_reviewed_alone(
    runner: CliRunner, three: Path
) -> None:
    path = store.sessions_dir(three) / "b.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace('status = "finished"', 'status = "in progress"'),
        encoding="utf-8",
    )
    alone = runner.invoke(main, ["sessions", "review", "b", "--json", "--depth", "1"])
    assert alone.exit_code == 0 and "b does not agree with itself" in alone.stderr
    many = runner.invoke(
        main, ["sessions", "review", "--all-sessions", "--json", "--depth", "1", "--jobs", "1"]
    )
    assert many.exit_code == 0 and many.exception is None, many.output
    said = [line for line in many.stderr.splitlines() if "does not agree with itself" in line]
    assert len(said) == 1 and said[0].startswith("b does not agree with itself"), many.stderr


def test_a_game_not_over_is_marked_in_the_table_and_the_json(
    runner: CliRunner, data_dir: Path
) -> None:
    saved(data_dir, "done", 3)
    unfinished = game(4, 0)
    unfinished = replace(
        unfinished, name="open", entries=unfinished.entries[:9], seats=[Seat("Ann", "human")]
    )
    sheets.refresh(unfinished)
    assert not unfinished.finished
    store.save(unfinished, store.sessions_dir(data_dir) / "open.toml", create=True)
    many = review(runner, "done", "open", "--jobs", "1")
    finished = {r["session"]: r["game_finished"] for r in many["reviews"]}
    assert finished == {"done": True, "open": False}
    assert review(runner, "open", "--jobs", "1")["game_finished"] is False
    text = runner.invoke(main, ["sessions", "review", "done", "open", "--depth", "1"])
    assert text.exit_code == 0 and text.exception is None, text.output
    table = text.output.split("Each session:")[1]
    assert "open (in progress)" in table and "done (in progress)" not in table


def test_nothing_chosen_by_a_filter_says_so_and_not_only_which_files_cannot_be_read(
    runner: CliRunner, three: Path
) -> None:
    folder = store.sessions_dir(three)
    (folder / "broken.toml").write_text("game = [", encoding="utf-8")
    result = runner.invoke(main, ["sessions", "review", "--since", "2099-01-01"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "no game begun on or after 2099-01-01 in the data folder can be reviewed" in (
        result.output
    )
    assert "(1 file cannot be read: broken)" in result.output


def test_named_games_none_reviewable_are_each_named_with_why(
    runner: CliRunner, three: Path
) -> None:
    """Among several games named, one with no decision yet and one refused are both named."""
    for name, args in (("q", ["iota", "play"]), ("o3", ["octrix", "play", "--players", "3"])):
        made = runner.invoke(main, [*args, "--seed", "2", "--session", name], input="quit\n")
        assert made.exit_code == 0, made.output
    result = runner.invoke(main, ["sessions", "review", "q", "o3", "--depth", "1"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "q: holds no decision of You to review yet" in result.output
    assert "o3: " in result.output and "two-player" in result.output


def test_games_chosen_by_filters_come_oldest_first_by_when_they_began(
    runner: CliRunner, three: Path
) -> None:
    """The files' order is their last save's: a game begun first but saved last (resumed
    later) still comes first."""
    import os

    folder = store.sessions_dir(three)
    for offset, name in enumerate(["c", "b", "a"]):  # a saved last of all
        os.utime(folder / f"{name}.toml", (1_900_000_000 + offset, 1_900_000_000 + offset))
    many = review(runner, "--all-sessions", "--jobs", "1")
    assert [r["session"] for r in many["reviews"]] == ["a", "b", "c"]


def test_a_player_is_named_as_the_statistics_name_them(runner: CliRunner, data_dir: Path) -> None:
    """First typed Ann, later ann: the players' figures say Ann, as `stats` does."""
    saved(data_dir, "first", 3, player="Ann", day=1)
    saved(data_dir, "later", 4, player="ann", day=2)
    got = review(runner, "later", "first")  # reviewed in the order named: ann first
    assert [p["player"] for p in got["players"]] == ["Ann"]
    stats = runner.invoke(main, ["stats", "--json"])
    assert [p["name"] for p in json.loads(stats.stdout)["players"]] == ["Ann"]


def test_player_finds_a_name_given_with_other_spaces(runner: CliRunner, data_dir: Path) -> None:
    """``--player "ann  lee"`` is Ann Lee, as stats and every keep read names."""
    saved(data_dir, "one", 3, player="Ann Lee", day=1)
    saved(data_dir, "two", 4, player="Ann Lee", day=2)
    alone = review(runner, "one", "--player", "ann  lee")
    assert alone["players"] and alone["players"][0]["player"] == "Ann Lee"
    many = review(runner, "--all-sessions", "--player", " ANN\u00a0LEE ")
    assert [p["player"] for p in many["players"]] == ["Ann Lee"] and len(many["reviews"]) == 2
