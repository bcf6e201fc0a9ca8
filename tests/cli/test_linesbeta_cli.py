"""``cardside linesbeta``: play, keep, score, rules and simulate through the real command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.linesbeta.bots import PlannerBot
from cardside.games.linesbeta.notation import format_card, parse_action
from cardside.games.linesbeta.rules import CARDS
from cardside.games.linesbeta.sheet import action_text, replay_state
from cardside.games.linesbeta.state import LinesBetaState
from cardside.sessions import sheets, store


def bot_moves(
    seed: int,
    count: int,
    difficulty: str = "normal",
    length: str = "full",
    state: LinesBetaState | None = None,
) -> list[str]:
    """The planner's next ``count`` decisions in the game dealt from ``seed``, as typed."""
    state = state or LinesBetaState(difficulty, length, seed=seed)
    bot = PlannerBot(0)
    moves = []
    for _ in range(count):
        if state.is_terminal():
            break
        action = bot.choose(state, 0)
        moves.append(action_text(action))
        state.apply(action)
    return moves


# -- help, rules -------------------------------------------------------------------------------
def test_help_lists_the_five_commands(runner: CliRunner) -> None:
    result = runner.invoke(main, ["linesbeta", "--help"])
    assert result.exit_code == 0
    for command in ("play", "keep", "score", "rules", "simulate"):
        assert command in result.output
    assert "linesbeta" in runner.invoke(main, ["--help"]).output


def test_rules_text(runner: CliRunner) -> None:
    result = runner.invoke(main, ["linesbeta", "rules"])
    assert result.exit_code == 0
    assert "26 / 16" in result.output and "diagonal" in result.output


# -- score -------------------------------------------------------------------------------------
def test_score_win_with_reasoning(runner: CliRunner) -> None:
    result = runner.invoke(
        main,
        ["linesbeta", "score", "--difficulty", "normal", "4-2", "5-1", "3-3", "4-2", "5-1", "5-1"],
    )
    assert result.exit_code == 0, result.output
    # The answer first, then the reasoning indented, as every game's score gives it.
    assert result.output.splitlines()[0] == "You win: you reached your target of 26."
    assert "\n  round 6: you 5, grid 1; totals 26-10" in result.output
    assert "Result:" not in result.output  # said once


def test_score_both_targets_reached_is_a_loss_json(runner: CliRunner) -> None:
    # normal, full: 26-16 after seven rounds, the grid reaching 16 on the very last trick
    rounds = ["4-2", "4-2", "4-2", "4-2", "4-2", "4-2", "2-4"]
    result = runner.invoke(
        main, ["linesbeta", "score", "--json", "--difficulty", "normal", *rounds]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["result"], data["player"], data["grid"]) == ("loss", 26, 16)
    assert data["targets"] == {"player": 26, "grid": 16} and data["early_stop"] is False
    assert data["reasoning"][0].startswith("You lose: the grid reached its target of 16")
    assert "the grid's target decides" in data["reasoning"][0]
    assert data["reasoning"][-2] == "round 7: you 2, grid 4; totals 26-16"
    # Only your two tricks before the grid's four let the round reach its last trick.
    assert data["reasoning"][-1].startswith("(round 7 went this far only in some orders")
    assert [r["grid_total"] for r in data["rounds"]][-1] == 16


def test_score_short_game_early_stop(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["linesbeta", "score", "--json", "--difficulty", "hard", "--short", "1-5", "0-1"]
    )
    data = json.loads(result.output)
    assert data["result"] == "loss" and data["grid"] == 6 and data["length"] == "short"
    assert any("stopped early" in line for line in data["reasoning"])
    assert data["early_stop"] is True and data["targets"]["grid"] == 6


@pytest.mark.parametrize(
    "args, message",
    [
        (["--difficulty", "normal", "4-x"], "not YOU-GRID tricks"),
        (["--difficulty", "normal", "7-0"], "a round has 6 tricks, not 7"),
        (["--difficulty", "normal"], "give each round's tricks"),
        (["4-2"], "--difficulty"),
        (
            ["--difficulty", "hard", "--short", "6-0", "6-0", "6-0", "1-0"],
            "the game ended in round 3",
        ),
        (["--difficulty", "easy", "3-1"], "no order of them stops it exactly there"),
    ],
)
def test_score_bad_input_is_one_line_and_nonzero(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(main, ["linesbeta", "score", *args])
    assert result.exit_code != 0, result.output
    assert message in result.output
    assert isinstance(result.exception, SystemExit)
    assert len([line for line in result.output.splitlines() if "Error" in line]) == 1


# -- simulate ----------------------------------------------------------------------------------
def test_simulate_json_and_table(runner: CliRunner) -> None:
    args = [
        "linesbeta",
        "simulate",
        "--games",
        "6",
        "--bot",
        "random",
        "--short",
        "--difficulty",
        "easy",
        "--seed",
        "3",
        "--json",
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (bot,) = data["bots"]
    (own,) = data["linesbeta"]["bots"]
    assert data["games"] == 6 and own["length"] == "short" and own["targets"]["player"] == 12
    assert bot["bot"] == "random" and bot["share"] == bot["wins"] / 6 and bot["games"] == 6
    assert 0 <= bot["interval"][0] <= bot["share"] <= bot["interval"][1] <= 1
    again = runner.invoke(main, args)
    assert json.loads(again.output) == data
    table = runner.invoke(
        main, ["linesbeta", "simulate", "--games", "3", "--all", "--bot", "random"]
    )
    assert table.exit_code == 0
    lines = table.output.splitlines()
    settings = [line.split()[2:4] for line in lines if line[:1].isdigit()]
    assert [s[0] for s in settings] == ["easy", "easy", "normal", "normal", "hard", "hard"]
    assert [s[1] for s in settings] == ["full", "short"] * 3
    assert "95% interval" in table.output and "early stop" in table.output
    # With --all, each row names its setting and its own games; the top counts them all.
    every = runner.invoke(main, [*args[:2], "--games", "2", "--all", "--bot", "random", "--json"])
    assert every.exit_code == 0 and every.exception is None, every.output
    data = json.loads(every.output)
    assert data["games"] == 12 and [b["games"] for b in data["bots"]] == [2] * 6
    assert [b["setting"] for b in data["bots"]][:2] == ["easy full", "easy short"]


def test_simulate_bad_options(runner: CliRunner) -> None:
    for args in (["--games", "0"], ["--bot", "oracle"], ["--difficulty", "brutal"]):
        result = runner.invoke(main, ["linesbeta", "simulate", *args])
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
        assert "Error: Invalid value for '--" in result.output, result.output


# -- play --------------------------------------------------------------------------------------
def test_play_scripted_with_refusals_undo_quit_and_resume(
    runner: CliRunner, data_dir: Path
) -> None:
    moves = bot_moves(seed=5, count=4)
    trump, first = moves[0], moves[1]
    card = first.split()[0]
    script = [
        "hint",
        "9Z",
        "AS AH",
        trump,
        "hint",
        f"{card} r7L",
        f"{card} r1",
        "XX r1L",
        first,
        "undo",
        "help",
        first,
        *moves[2:],
        "show",
        "quit",
    ]
    result = runner.invoke(
        main, ["linesbeta", "play", "--seed", "5", "--session", "p"], input="\n".join(script) + "\n"
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "hint: trump" in out
    assert "estimated chance of" in out
    assert "no such row: 7" in out
    assert "say which end of r1" in out
    assert "Took back 1 decision" in out
    assert "(case a)." in out
    assert "Saved. Continue with: cardside sessions resume p" in out
    assert result.exception is None
    path = data_dir / "sessions" / "p.toml"
    session = store.load(path)
    assert [e["type"] for e in session.entries].count("undo") == 1
    # The challenge taken back had turned up grid cards: the player chose again knowing them.
    (undo,) = [e for e in session.entries if e["type"] == "undo"]
    assert undo.get("seen") is True
    assert "Cards of the grid were turned up since, and what you saw stays known" in out
    assert [e["action"] for e in session.entries if e["type"] == "action"][-3:] == moves[1:]
    assert sheets.mismatches(session) == []
    # resume continues from the same position
    state = replay_state(session)
    more = bot_moves(seed=5, count=3, state=state)
    resumed = runner.invoke(main, ["sessions", "resume", "p"], input="\n".join(more) + "\n")
    assert resumed.exit_code == 0, resumed.output
    assert len(store.load(path).entries) == len(session.entries) + len(more)


def test_play_never_shows_a_card_the_player_has_not_seen(runner: CliRunner, data_dir: Path) -> None:
    moves = bot_moves(seed=9, count=4)
    script = ["hint", moves[0], "hint", *moves[1:], "show", "help", "quit"]
    result = runner.invoke(
        main, ["linesbeta", "play", "--seed", "9"], input="\n".join(script) + "\n"
    )
    assert result.exit_code == 0, result.output
    state = LinesBetaState(seed=9)
    for text in moves:
        state.apply(parse_action(text, state.phase))
    obs = state.observation(0)
    assert len(obs.unseen) > 20
    names = {format_card(CARDS[c]) for c in obs.unseen}
    shown = {name for name in names if re.search(rf"(?<![0-9]){re.escape(name)}", result.output)}
    assert shown == set()
    seen = {format_card(CARDS[c]) for c in obs.grid if c >= 0}
    assert all(name in result.output for name in seen)


def test_play_to_the_end_verifies(runner: CliRunner, data_dir: Path) -> None:
    moves = bot_moves(seed=11, count=200, difficulty="hard", length="short")
    result = runner.invoke(
        main,
        [
            "linesbeta",
            "play",
            "--seed",
            "11",
            "--difficulty",
            "hard",
            "--short",
            "--session",
            "whole",
        ],
        input="\n".join(moves) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "Game over; saved as whole." in result.output
    # Seed 11 deals the same game every time, and the planner loses it.
    assert "You lose: the grid reached its target of 6." in result.output.splitlines()
    assert "You win:" not in result.output
    session = store.load(data_dir / "sessions" / "whole.toml")
    assert session.finished and session.winners == ["Grid"]
    assert sheets.mismatches(session) == []
    rows = session.rounds
    assert rows[-1].totals == session.totals
    assert all(sum(r.scores) == 6 for r in rows[:-1])
    done = runner.invoke(main, ["sessions", "resume", "whole"])
    assert isinstance(done.exception, SystemExit) and "is finished" in done.output


def test_play_case_c_asks_for_the_grids_card(runner: CliRunner, data_dir: Path) -> None:
    # Find a seed whose game, played by the planner, soon has a case-c win to choose from.
    for seed in range(40):
        state = LinesBetaState(seed=seed)
        moves = bot_moves(seed, 40, state=state)
        if state.is_terminal():
            continue
        fresh = LinesBetaState(seed=seed)
        for i, text in enumerate(moves):  # noqa: B007 (i is used after the loop)
            fresh.apply(parse_action(text, fresh.phase))
            if fresh.phase == "cell":
                break
        else:
            continue
        break
    else:
        pytest.skip("no case-c win in the seeds tried")
    cells = [action_text(a) for a in fresh.legal_actions()]
    outside = next(
        f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7) if f"r{r}c{c}" not in cells
    )
    script = moves[: i + 1] + ["r9c9", "ZZ", outside, cells[0]]
    result = runner.invoke(
        main, ["linesbeta", "play", "--seed", str(seed)], input="\n".join(script) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "you choose which card the grid gives up" in result.output
    assert "no such row: 9" in result.output
    assert "'ZZ' is neither a cell nor a card: type a cell of" in result.output
    assert "The grid's card from" in result.output
    assert "is not in the challenged line" in result.output
    assert "The grid gives up" in result.output


def test_play_case_c_takes_a_cell_of_the_line_or_its_card(
    runner: CliRunner, data_dir: Path
) -> None:
    # Seed 4, short: with 7S as trump, 3C against c2 finds no club and no spade (case c).
    script = ["7S", "3C c2T", "r3c4", "JC", "2H", "8H"]
    result = runner.invoke(
        main,
        ["linesbeta", "play", "--short", "--seed", "4", "--ascii", "--session", "c"],
        input="\n".join(script) + "\n",
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "Cards of c2: r1c2 8H," in out
    assert "The grid's card from c2 (its cell or the card, e.g. r1c2 or 8H): " in out
    assert "  r3c4 is not in the challenged line c2 (type help)" in out
    assert "JC is at r1c6, not in the challenged line c2: type a cell of c2 or its card" in out
    assert "2H is not among the cards of c2" in out
    assert "is not a cell" not in out
    assert "The grid gives up 8H from r1c2." in out
    session = store.load(data_dir / "sessions" / "c.toml")
    assert [e["action"] for e in session.entries] == ["7S", "3C c2T", "r1c2"]


def test_play_options_are_checked(runner: CliRunner, data_dir: Path) -> None:
    assert runner.invoke(main, ["linesbeta", "play", "--difficulty", "x"]).exit_code == 2
    result = runner.invoke(main, ["linesbeta", "play", "--name", "Grid"], input="quit\n")
    assert result.exit_code == 2 and "other than 'Grid'" in result.output
    for empty in ("", "  "):
        result = runner.invoke(main, ["linesbeta", "play", "--name", empty], input="quit\n")
        assert result.exit_code == 2 and "the name is empty" in result.output
        assert "Grid" not in result.output
    runner.invoke(main, ["linesbeta", "play", "--session", "dup"], input="quit\n")
    again = runner.invoke(main, ["linesbeta", "play", "--session", "dup"], input="quit\n")
    assert again.exit_code == 1 and "already exists" in again.output
    assert "cardside sessions show dup" in again.output


# -- keep --------------------------------------------------------------------------------------
def test_keep_counters_asked_settings_undo_refusal_quit_resume(
    runner: CliRunner, data_dir: Path
) -> None:
    script = [
        "hard",
        "y",
        "n",
        "w",
        "l",
        "w w",
        "x",
        "w r3R r3c4",
        "undo",
        "round 2 2",
        "w l w",
        "show",
        "round",
        "2+2",
        "7-5",
        "quit",
    ]
    result = runner.invoke(
        main, ["linesbeta", "keep", "--session", "k"], input="\n".join(script) + "\n"
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "Keeping LinesBeta, hard, short game" in out
    assert "'x' is not a trick result" in out
    assert "this session does not track the grid: enter just w or l" in out
    assert "Undone: trick w." in out
    refused = "  round 1 already has 3 tricks; finish it trick by trick (type help)"
    assert refused in out.splitlines()
    assert "Round 1 over: this round you 4, grid 2" in out
    # A round entered whole is said as the round, not as its last trick.
    assert "Round 2: total you 8, grid 4" in out and "Round 2, trick 6" not in out
    path = data_dir / "sessions" / "k.toml"
    session = store.load(path)
    assert session.options == {"difficulty": "hard", "length": "short", "grid": False}
    assert [e["type"] for e in session.entries] == ["trick"] * 4 + ["undo"] + ["trick"] * 3 + [
        "round"
    ]
    assert session.totals == [8, 4] and sheets.mismatches(session) == []
    # round 3 of the short hard game: the grid needs 2 more, you need 10 more
    resumed = runner.invoke(main, ["sessions", "resume", "k"], input="l\nl\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Early stop after trick 2 of round 3" in resumed.output
    assert "You lose: the grid reached its target of 6." in resumed.output
    final = store.load(path)
    assert final.finished and final.winners == ["Grid"]
    assert sheets.mismatches(final) == []


def test_keep_help_names_every_setting_it_asks_for(runner: CliRunner, data_dir: Path) -> None:
    asked = runner.invoke(main, ["linesbeta", "keep"], input="easy\nn\nn\nquit\n").output
    assert "Short game" in asked and "Track the grid" in asked
    shown = " ".join(runner.invoke(main, ["linesbeta", "keep", "--help"]).output.split())
    for option in ("--difficulty", "--short / --full", "--grid / --no-grid"):
        described = shown.split(option, 1)[1].split(" --", 1)[0]
        assert "[asked if not given]" in described, option


def test_keep_with_grid_tracking(runner: CliRunner, data_dir: Path) -> None:
    script = [
        "w r3R r3c4",
        "w r3L r3c1",
        "l r1 left r1c1 b",
        "w",
        "w c6 top r2c6 c",
        "w r7L r7c1",
        "turned r3c6",
        "show",
        "round 3 3",
        "quit",
    ]
    result = runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "normal", "--full", "--grid"],
        input="\n".join(script) + "\n",
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "no such row: 7 (rows are 1-6)" in out and "unexpected" not in out
    assert "'turned' and its cells end the trick's line, e.g. w r3R r3c4 turned" in out
    assert "[w r3R r3c4]" not in out and "grid 0/16), e.g. w r3R r3c4: " in out
    assert "r3 has a gap this round and cannot be challenged" in out
    assert "give the line and end and the grid's cell" in out
    assert "Complete lines: r4 r5 r6 c2 c3 c5" in out
    assert "All face up now: r1 c6" in out
    assert "enter the round trick by trick" in out
    session = store.load(store.list_paths(data_dir)[0])
    assert session.entries[1] == {
        "type": "trick",
        "result": "l",
        "line": "r1",
        "end": "L",
        "cell": "r1c1",
        "case": "b",
    }
    assert sheets.mismatches(session) == []


def test_keep_grid_round_end_reports_face_up_lines(runner: CliRunner, data_dir: Path) -> None:
    # Row 1 is turned entirely (case b), its gap is at r1c1; five more tricks elsewhere.
    script = [
        "l r1L r1c1 b",
        "w r2L r2c2",
        "w r3L r3c3",
        "w r4R r4c6",
        "w r5R r5c5",
        "w r6R r6c4",
        "quit",
    ]
    result = runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "easy", "--full", "--grid"],
        input="\n".join(script) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "All face up, back to the deck: r1" in result.output


def test_keep_end_of_input_saves(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "easy", "--short", "--no-grid", "--session", "eof"],
        input="w\nl\n",
    )
    assert result.exit_code == 0
    assert "Saved. Continue with" in result.output
    assert len(store.load(data_dir / "sessions" / "eof.toml").entries) == 2
    nothing = runner.invoke(main, ["linesbeta", "keep"], input="")
    assert nothing.exit_code == 0 and "nothing saved" in nothing.output


def test_a_hand_edited_impossible_file_is_refused(runner: CliRunner, data_dir: Path) -> None:
    runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "easy", "--short", "--no-grid", "--session", "bad"],
        input="w\n",
    )
    path = data_dir / "sessions" / "bad.toml"
    text = path.read_text().replace('result = "w"', 'result = "z"')
    path.write_text(text)
    result = runner.invoke(main, ["sessions", "verify", str(path)])
    assert result.exit_code == 1 and "entry 1" in result.output
    assert isinstance(result.exception, SystemExit)
    assert len(result.output.strip().splitlines()) == 1


def test_a_hand_edited_grid_entry_is_refused_on_resume(runner: CliRunner, data_dir: Path) -> None:
    runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "easy", "--short", "--grid", "--session", "g"],
        input="w r3R r3c4 turned r3c6\n",
    )
    path = data_dir / "sessions" / "g.toml"
    text = path.read_text()
    assert "r3c6" in text
    start = text.index("turned = [")
    path.write_text(text[:start] + "turned = 5\n" + text[text.index("]", start) + 1 :])
    for args in (["sessions", "verify", str(path)], ["sessions", "resume", "g"]):
        result = runner.invoke(main, args, input="w r1L r1c1\n")
        assert result.exit_code == 1, result.output
        assert "entry 1: turned should be a list of text" in result.output
        assert isinstance(result.exception, SystemExit), result.exception


def test_scoresheet_examples_cover_a_played_and_a_kept_game() -> None:
    folder = Path(__file__).resolve().parents[2] / "scoresheets"
    sessions = [store.load(p) for p in folder.glob("linesbeta-*.toml")]
    assert {s.mode for s in sessions} >= {"play", "keep"}
    for session in sessions:
        assert session.finished and sheets.mismatches(session) == []


@pytest.mark.parametrize("extra", [["--difficulty", "easy"], ["--short"]])
def test_simulate_all_refuses_a_single_setting(runner: CliRunner, extra: list[str]) -> None:
    result = runner.invoke(main, ["linesbeta", "simulate", "--all", "--games", "1", *extra])
    assert result.exit_code == 2
    assert f"--all runs every difficulty, full and short; leave out {extra[0]}" in result.output


def test_the_challenge_prompt_gives_an_example_the_position_allows() -> None:
    """The example names a card in hand and a line still open, not a fixed JS r3R."""
    import random

    from cardside.tui.console import Console
    from cardside.tui.linesbeta.screen import LinesBetaScreen, LinesBetaTurn
    from cardside.tui.style import Style

    turn = LinesBetaTurn(LinesBetaScreen(Console(interactive=False), Style(ascii=True)), print)
    state = LinesBetaState(seed=5)
    rng = random.Random(5)
    examples = set()
    while not state.is_terminal():
        obs = state.observation(0)
        if state.phase == "play":
            example = turn.prompt(obs, 0).split("e.g. ")[1].rstrip("): ")
            examples.add(example)
            action = turn.parse(example, obs, 0)  # refused if the card or line were not free
            assert action in state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
    assert len(examples) > 3


@pytest.mark.parametrize("answer, length", [("short", "short"), ("FULL", "full"), ("y", "short")])
def test_keep_takes_the_length_asked_for_by_its_name(
    answer: str, length: str, runner: CliRunner, data_dir: Path
) -> None:
    script = f"easy\nlong\n{answer}\nn\nquit\n"
    result = runner.invoke(main, ["linesbeta", "keep", "--session", "k"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "  answer y or n, or short or full (type help)" in result.output  # for "long"
    session = store.load(store.sessions_dir(data_dir) / "k.toml")
    assert session.options["length"] == length


def test_keep_with_the_grid_gives_examples_and_help_that_fit_it(runner: CliRunner) -> None:
    """With row 3 and column 4 blocked, the prompt's example is a line still open, and the
    help says nothing of 'w w l', which grid tracking refuses."""
    args = ["linesbeta", "keep", "--difficulty", "easy", "--short", "--grid"]
    result = runner.invoke(main, args, input="w r3R r3c4\nhelp\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "trick 2 (you 1/12, grid 0/12), e.g. w r1R r1c4: " in result.output
    assert "undo (take back the last trick entered, or the last fix)" in result.output
    assert "w w l" not in result.output


def test_keep_with_a_name_names_the_player_in_the_prompt_and_the_sheet(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid", "--name", "Ann"]
    result = runner.invoke(main, [*args, "--session", "n"], input="w\nshow\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.output
    assert "Round 1/4, trick 2 (Ann 1/14, grid 0/10), w or l: " in out
    assert "  round  Ann  grid  Ann total  grid total\n" in out
    assert "(you " not in out


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Ann", ["total Ann 14, grid 0", "Ann wins: Ann reached their target of 14 and"]),
        (None, ["total you 14, grid 0", "You win: you reached your target of 14 and"]),
    ],
)
def test_keep_says_the_result_of_the_player_it_names(
    runner: CliRunner, data_dir: Path, name: str | None, said: list[str]
) -> None:
    """The sheet names the player (``Ann``), so the result and the running totals do too."""
    args = ["linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid"]
    args += ["--name", name] if name else []
    result = runner.invoke(main, args, input="6-0\n6-0\nw w\nshow\n\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    for line in said:
        assert line in result.output
    assert result.output.count(said[1]) == 2  # as entered, and in show
    if name:  # the game's own sentences, before the closing question, never say "you"
        played = result.output.split("The game is over.")[0]
        assert re.search(r"\byou\b", played, re.IGNORECASE) is None, played


def test_score_of_an_empty_round_says_why_it_cannot_be(runner: CliRunner) -> None:
    result = runner.invoke(main, ["linesbeta", "score", "--difficulty", "normal", "0-0"])
    assert result.exit_code == 1, result.output
    assert "0-0 gives none, and the game cannot stop before a round's first trick" in result.output


def test_simulate_offers_every_bot_by_its_name() -> None:
    """The command's list of bots is written apart from the bots (so that --help does not load
    them): it names the same bots, in the same order."""
    import click

    from cardside.games.linesbeta.bots import BOT_NAMES

    ctx = click.Context(main)
    group = main.get_command(ctx, "linesbeta")
    assert isinstance(group, click.Group)
    simulate = group.get_command(ctx, "simulate")
    assert simulate is not None
    (bot,) = [p for p in simulate.params if p.name == "bot"]
    assert isinstance(bot.type, click.Choice)
    assert tuple(bot.type.choices) == BOT_NAMES


def test_a_challenge_typed_at_the_trump_prompt_gets_an_example_from_the_deal(
    runner: CliRunner, data_dir: Path
) -> None:
    dealt = LinesBetaState("hard", "short", seed=7).observation(0).hand
    result = runner.invoke(
        main,
        ["linesbeta", "play", "--seed", "7", "--difficulty", "hard", "--short"],
        input="JS r3R\nquit\n",
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    said = re.search(r"name one of the seven dealt cards as trump, e\.g\. (\S+)", result.output)
    assert said, result.output
    assert said.group(1) in {format_card(CARDS[c], ascii=True) for c in dealt}


def test_full_is_said_as_short_is_in_every_command(runner: CliRunner, data_dir: Path) -> None:
    """``--short/--full`` in play, keep, score and simulate alike (``--full`` was keep's only)."""
    played = runner.invoke(
        main, ["linesbeta", "play", "--full", "--seed", "2", "--session", "f"], input="quit\n"
    )
    assert played.exit_code == 0 and played.exception is None, played.output
    assert "full game (7 rounds)" in played.output
    rounds = ["4-2", "5-1", "3-3", "4-2", "5-1", "5-1"]
    scored = runner.invoke(
        main, ["linesbeta", "score", "--difficulty", "normal", "--full", *rounds]
    )
    assert scored.exit_code == 0 and scored.output.startswith("You win: ")
    simulated = runner.invoke(
        main, ["linesbeta", "simulate", "--full", "--games", "2", "--bot", "random", "--jobs", "1"]
    )
    assert simulated.exit_code == 0 and "full" in simulated.output
    both = runner.invoke(main, ["linesbeta", "simulate", "--full", "--all", "--games", "2"])
    assert both.exit_code == 2 and "leave out --short or --full" in both.output


@pytest.mark.parametrize("seed", [3, 5, 11])
def test_the_trump_hint_counts_the_tricks_as_the_review_of_that_card(
    runner: CliRunner, data_dir: Path, seed: int
) -> None:
    """The hint's "plans about N tricks" is the review's "the round brings about N tricks"
    for the card it proposes (seed 3: 4.6, where the hint once said 5.7)."""
    args = ["--ascii", "linesbeta", "play", "--difficulty", "hard", "--short", "--seed", str(seed)]
    first = runner.invoke(main, args, input="hint\nquit\n")
    assert first.exit_code == 0 and first.exception is None, first.output
    hinted = re.search(r"hint: trump (\S+) \(plans about ([\d.]+) tricks of 6", first.output)
    assert hinted is not None, first.output
    card, tricks = hinted.groups()
    resumed = runner.invoke(main, ["sessions", "resume", "last"], input=f"{card}\nquit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    review = runner.invoke(main, ["--ascii", "sessions", "review", "last", "--move", "1"])
    assert review.exit_code == 0 and review.exception is None, review.output
    assert f"why: {card}: the round brings about {tricks} tricks" in review.output
    if seed == 3:
        assert (card, tricks) == ("7D", "4.6")


@pytest.mark.parametrize(
    ("before", "told", "entered"),
    [
        # At a round's start: how a round is written; it is then entered as one.
        ([], "a whole round is round YOURS GRID: round 5 1 (or 5-1); a trick is w (you won)", 1),
        # Mid-round: a round goes in before its first trick.
        (
            ["w"],
            "a trick is w (you won) or l (lost); round 5 1 (or 5-1) enters a whole round, "
            "before its first trick (type help)",
            1,
        ),
    ],
)
def test_keep_two_counts_typed_as_a_trick_are_told_how_and_when_a_round_is_written(
    runner: CliRunner, data_dir: Path, before: list[str], told: str, entered: int
) -> None:
    args = ["linesbeta", "keep", "--difficulty", "hard", "--full", "--no-grid", "--session", "t"]
    result = runner.invoke(main, args, input="\n".join([*before, "5 1", "5-1", "quit"]) + "\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert f"  {told}" in result.output
    session = store.load(data_dir / "sessions" / "t.toml")
    # The round typed as 5-1 after it: entered at a round's start; mid-round only the trick.
    kinds = [e["type"] for e in session.entries]
    assert len(kinds) == entered and kinds == (["trick"] if before else ["round"])


def test_score_says_when_only_some_orders_of_a_round_could_have_been_played(
    runner: CliRunner,
) -> None:
    """Round 6's 5-1 reaches 26 only if the grid's trick came before the player's fifth win
    (else the game would have stopped after it): the reasoning says so, and only there."""
    rounds = ["4-2", "5-1", "3-3", "4-2", "5-1", "5-1"]
    result = runner.invoke(main, ["linesbeta", "score", "--difficulty", "normal", *rounds])
    assert result.exit_code == 0 and result.exception is None, result.output
    notes = [line for line in result.output.splitlines() if "only in some orders" in line]
    assert notes == [
        "    (round 6 went this far only in some orders of its tricks, such as: you, you, you, "
        "you, the grid, you; in the others an earlier trick settled the game, and play stops "
        "at the trick that settles it)"
    ]
