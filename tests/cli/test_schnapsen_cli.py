"""``cardside schnapsen``: play, keep, score, rules and simulate through the real command line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.schnapsen.notation import format_action
from cardside.games.schnapsen.sheet import replay_state
from cardside.games.schnapsen.state import SchnapsenState
from cardside.sessions import sheets, store

SUITS = "CSHD"
#: Every action a player could type, marriages and the exchange first: fed line after line,
#: the first one that is legal at each prompt is played and the others are refused.
CANDIDATES = (
    [f"marriage Q{s}" for s in SUITS]
    + ["exchange"]
    + [r + s for s in SUITS for r in ("J", "Q", "K", "10", "A")]
)


def session_file(data_dir: Path, name: str) -> Path:
    return data_dir / "sessions" / f"{name}.toml"


# -- help and rules ----------------------------------------------------------------------------
def test_help_lists_every_command(runner: CliRunner) -> None:
    result = runner.invoke(main, ["schnapsen", "--help"])
    assert result.exit_code == 0
    for command in ("play", "keep", "score", "rules", "simulate"):
        assert command in result.output
    assert "schnapsen" in runner.invoke(main, ["--help"]).output
    score_help = runner.invoke(main, ["schnapsen", "score", "--help"]).output
    assert "--closer" in score_help and "--last-trick" in score_help


def test_rules_prints_the_rules_page(runner: CliRunner) -> None:
    result = runner.invoke(main, ["schnapsen", "rules"])
    assert result.exit_code == 0
    assert "66" in result.output and "Bummerl" in result.output and "marriage" in result.output


# -- score -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, winner, points, rule",
    [
        (["--reached", "Ann", "--points", "40"], "Ann", 1, "normal-1"),
        (["--reached", "Ann", "--points", "11+10+4"], "Ann", 2, "normal-2"),
        (["--reached", "Ann", "--no-trick"], "Ann", 3, "normal-3"),
        (["--closer", "Ann", "--reached", "Ann", "--points", "20"], "Ann", 2, "closer-2"),
        (["--closer", "Ann", "--reached", "Ann", "--points", "40"], "Ann", 1, "closer-1"),
        (["--closer", "Ann", "--reached", "Bob", "--trick"], "Bob", 2, "closer-beaten-2"),
        (["--closer", "Ann", "--reached", "Bob", "--no-trick"], "Bob", 3, "closer-beaten-3"),
        (["--names", "Ann,Bob", "--closer", "Ann", "--trick"], "Bob", 2, "closer-failed-2"),
        (["--names", "Ann,Bob", "--closer", "Ann", "--points", "0"], "Bob", 3, "closer-failed-3"),
        (["--last-trick", "Bob"], "Bob", 1, "last-trick"),
    ],
)
def test_score_applies_each_game_point_rule(
    runner: CliRunner, args: list[str], winner: str, points: int, rule: str
) -> None:
    result = runner.invoke(main, ["schnapsen", "score", "--json", *args])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["winner"], data["game_points"], data["rule"]) == (winner, points, rule)
    assert data["rule_text"]


def test_score_text_names_the_rule(runner: CliRunner) -> None:
    result = runner.invoke(
        main,
        [
            "schnapsen",
            "score",
            "--closer",
            "Ann",
            "--reached",
            "Ann",
            "--points",
            "20",
            "--names",
            "Ann,Bob",
        ],
    )
    assert result.exit_code == 0
    assert "Bob had 20 card points at that moment" in result.output
    assert "Ann wins 2 game points: closer reached 66" in result.output
    # The answer first, the facts after it indented; the points said once.
    assert result.output.splitlines()[0].endswith("under 33 at closing, so Schneider.")
    assert "\n  Ann closed the stock; Bob had 20 card points at that moment." in result.output
    assert result.output.count("game points") == 1


@pytest.mark.parametrize("name", ["N", "Noone", "no one"])
def test_a_word_for_nobody_is_no_name(runner: CliRunner, name: str) -> None:
    for command in (["score", "--reached", "Bob", "--points", "40"], ["keep"]):
        result = runner.invoke(main, ["schnapsen", *command, "--names", f"{name},Bob"])
        assert result.exit_code == 2 and "command word" in result.output, result.output


@pytest.mark.parametrize("nobody", ["no", "nobody", "None", "no one"])
def test_score_reads_no_and_nobody_as_no_player(runner: CliRunner, nobody: str) -> None:
    """The keep questions' answers for nobody mean the same as options."""
    closed = runner.invoke(
        main, ["schnapsen", "score", "--closer", nobody, "--reached", "Ann", "--points", "40"]
    )
    assert closed.exit_code == 0, closed.output
    assert "Nobody closed the stock." in closed.output
    assert "Ann wins 1 game point" in closed.output
    reached = runner.invoke(
        main, ["schnapsen", "score", "--closer", "Ann", "--reached", nobody, "--trick"]
    )
    assert reached.exit_code == 0, reached.output
    assert "Ann played out the tricks without reaching 66, and no one else did" in reached.output
    assert "The other player wins 2 game points" in reached.output


def test_score_json_leaves_a_player_no_fact_named_without_a_name(runner: CliRunner) -> None:
    """ "the other player" is words for the text, never a name a script could take as one."""
    result = runner.invoke(
        main, ["schnapsen", "score", "--closer", "Ann", "--points", "40", "--json"]
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    data = json.loads(result.output)
    assert (data["players"], data["winner"]) == (["Ann", None], None)
    assert data["answer"] == "The other player wins 2 game points: closer failed to reach 66."
    named = runner.invoke(
        main, ["schnapsen", "score", "--last-trick", "Bob", "--names", "Ann,Bob", "--json"]
    )
    assert json.loads(named.output)["players"] == ["Ann", "Bob"]


@pytest.mark.parametrize(
    "args, message",
    [
        ([], "say who reached 66"),
        (["--reached", "Ann", "--points", "2"], "at least 4 card points"),
        # Where the points do not decide the game points, they are still checked when given.
        (["--closer", "Ann", "--reached", "Bob", "--points", "2"], "at least 4 card points"),
        (["--closer", "Ann", "--points", "3", "--trick"], "at least 4 card points, not 3"),
        (["--closer", "Ann", "--points", "0", "--trick"], "at least 4 card points, not 0"),
        (["--reached", "Ann", "--trick"], "give the other player's card points at the end"),
        (
            ["--closer", "Ann", "--reached", "Ann", "--trick", "--names", "Ann,Bob"],
            "give Bob's card points when the stock was closed (--points)",
        ),
        (["--last-trick", "nobody"], "someone took the last trick"),
        (["--last-trick", "Bob", "--points", "30"], "the winner of the last trick held 90"),
        (["--reached", "Ann", "--points", "70"], "cannot hold 70"),
        (["--reached", "Ann", "--points", "x"], "not a number"),
        (["--reached", "Ann"], "give the other player's card points at the end"),
        (["--reached", "Zed", "--names", "Ann,Bob", "--points", "40"], "'Zed' is not one of"),
        (["--closer", "Ann", "--reached", "Bob", "--last-trick", "Cid", "--trick"], "two players"),
        (["--reached", "Ann", "--points", "10", "--no-trick"], "without a trick"),
        (["--closer", "Ann", "--last-trick", "Ann", "--trick"], "nobody closed and no one"),
        # The reason that decides comes first, before any asking for card points.
        (["--closer", "Ann", "--last-trick", "Ann"], "nobody closed and no one"),
        (["--reached", "Ann", "--points", "40", "--last-trick", "Bob"], "nobody closed and no"),
        (["--closer", " ", "--reached", "Bob", "--points", "20"], "not an empty one"),
        (["--reached", "A" * 100_000, "--points", "40"], "at most 30 characters"),
        (["--last-trick", "B\x1b[2Job"], "'--last-trick': a name cannot hold control"),
        (["--reached", "Ann,Bob", "--points", "40"], "give 1 player, not 2"),
    ],
)
def test_score_bad_input_is_one_line_and_nonzero(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(main, ["schnapsen", "score", *args])
    assert result.exit_code != 0, args
    assert message in result.output, (args, result.output[:300])
    assert isinstance(result.exception, SystemExit) and len(result.output) < 600


# -- simulate ----------------------------------------------------------------------------------
def test_simulate_text_and_json(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["schnapsen", "simulate", "--games", "4", "--bots", "heuristic,random", "--seed", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "deals won" in result.output and "matches won" in result.output
    assert "[" in result.output  # intervals
    title = result.output.splitlines()[0]
    # no level: neither bot searches
    assert title == "Schnapsen, heuristic vs random, 4 matches, seats swapped every match, seed 2"
    data = json.loads(
        runner.invoke(
            main,
            [
                "schnapsen",
                "simulate",
                "--games",
                "4",
                "--bots",
                "heuristic,random",
                "--seed",
                "2",
                "--json",
            ],
        ).output
    )
    assert data["games"] == 4 and [b["bot"] for b in data["bots"]] == ["heuristic", "random"]
    assert data["schnapsen"]["unit"] == "matches"
    rate = data["bots"][0]
    assert rate["interval"][0] <= rate["share"] <= rate["interval"][1]
    assert sum(b["wins"] for b in data["bots"]) == 4
    assert data["schnapsen"]["deals"] >= 4 * 3  # a match needs at least three deals (3+3+1)
    deals = json.loads(
        runner.invoke(
            main,
            [
                "schnapsen",
                "simulate",
                "--games",
                "3",
                "--deals",
                "--bots",
                "random,random",
                "--json",
            ],
        ).output
    )
    assert deals["games"] == 3 and deals["schnapsen"]["deals"] == 3 and deals["seed"] == 0
    assert deals["schnapsen"]["unit"] == "deals"
    assert sum(b["wins"] for b in deals["bots"]) == 3  # every deal has a winner


def test_simulate_refuses_unknown_bots(runner: CliRunner) -> None:
    result = runner.invoke(main, ["schnapsen", "simulate", "--bots", "strong"])
    assert result.exit_code == 2 and "give two of" in result.output
    result = runner.invoke(main, ["schnapsen", "simulate", "--bots", "strong,nobody"])
    assert result.exit_code == 2 and "unknown Schnapsen bot 'nobody'" in result.output


# -- keep --------------------------------------------------------------------------------------
KEEP_SCRIPT = [
    "Ann 2",  # direct
    "",
    "no",
    "Ann",
    "11+10+4",  # Ann reached 66, Bob had 25: Schneider, 2
    "Bob 4",  # refused: 4 game points
    "Bob 3",
    "ask",
    "Bob",
    "Bob",
    "20",  # Bob closed and made it; Ann had 20 at closing: 2
    "undo",  # takes that deal back
    "ask",
    "Bob",
    "Ann",
    "maybe",
    "y",  # Bob closed, Ann got there first: 2 to Ann
    "show",
    "",
    "nobody",
    "no",
    "Cid",
    "Ann",  # last trick: 1 to Ann, match 1 won by Ann
    "Ann 3",
    "quit",
]


def test_keep_scripted_session_with_undo_and_refusals(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "k"],
        input="\n".join(KEEP_SCRIPT) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ann wins 2 game points (66 reached, opponent had a trick but under 33" in out
    assert "a deal is worth 1 to 3 game points, not 4" in out
    assert "Bob wins 2 game points (closer reached 66" in out
    assert "under 33, so Schneider).\n" in out and "Schneider: 2 game points)" not in out
    assert "Undone: deal 4 (Bob 2)" in out
    assert "answer y or n (type help)" in out
    assert "'Cid' is not a player here" in out
    assert "Ann wins 1 game point (stock used up and no one reached 66" in out
    assert "Ann wins match 1; a Bummerl for Bob" in out
    assert "Match 2 starts at 7:7" in out
    assert result.exception is None
    session = store.load(session_file(data_dir, "k"))
    assert [e["type"] for e in session.entries] == [
        "result",
        "table",
        "result",
        "table",
        "undo",
        "table",
        "table",
        "result",
    ]
    assert session.totals == [1, 0]  # matches won
    assert [r.totals for r in session.rounds][-2:] == [[0, 4], [4, 7]]
    assert sheets.mismatches(session) == []
    shown = runner.invoke(main, ["sessions", "show", "k"])
    assert shown.exit_code == 0 and "Ann wins match 1" in shown.output


def test_keep_questions_help_cancel_and_reasons(runner: CliRunner, data_dir: Path) -> None:
    script = ["", "help", "Bob", "?", "nobody", "cancel", "", "no", "Ann", "70", "2", "3+1", "show"]
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "q"],
        input="\n".join(script) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("'cancel' leaves the questions") == 2
    assert "Cancelled; nothing entered for this deal." in out
    assert "card points here run from 0 to 65 (66 wins the deal), not 70" in out
    assert "(card points include a marriage declared, once its player has taken a trick)" in out
    assert "a trick holds at least 4 card points, not 2" in out
    assert "Ann wins 3 game points (66 reached, opponent had a trick but under 33" not in out
    assert "Deal 1: Ann wins 2 game points (66 reached, opponent had a trick but under 33" in out
    entries = store.load(session_file(data_dir, "q")).entries
    assert entries == [
        {"type": "table", "reached_66": 0, "opponent_points": 4, "opponent_trick": True}
    ]


def test_keep_end_of_input_saves_and_resume_continues(runner: CliRunner, data_dir: Path) -> None:
    first = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "r", "--matches", "1"],
        input="Ann 3\n\nBob\n",
    )  # ends mid-question
    assert first.exit_code == 0, first.output
    assert "Saved. Continue with" in first.output
    # the answer given is not kept, and the keeper is told so
    assert "The deal being entered is not saved: a deal is saved with its last answer." in (
        first.output
    )
    assert len(store.load(session_file(data_dir, "r")).entries) == 1
    quiet = runner.invoke(main, ["sessions", "resume", "r"], input="\nquit\n")
    assert quiet.exit_code == 0 and quiet.exception is None, quiet.output
    assert "Saved. Continue with" in quiet.output
    assert "not saved" not in quiet.output  # nothing answered yet: nothing to lose
    result = runner.invoke(main, ["sessions", "resume", "r"], input="Ann 3\nAnn 1+0\n")
    assert result.exit_code == 0, result.output
    assert "Match 1 countdown: Ann 4, Bob 7" in result.output
    assert "Match over; saved as r." in result.output  # a session of one match is that match
    session = store.load(session_file(data_dir, "r"))
    assert session.finished and session.winners == ["Ann"]
    # A finished kept session opens only to correct its last entry.
    again = runner.invoke(
        main, ["sessions", "resume", "r"], input="show\nhelp\nAnn 2\nundo\nBob 1\n\n"
    )
    assert again.exit_code == 0, again.output
    assert "The match is over (Ann wins). Type undo" in again.output
    assert "deal  match  winner  game points" in again.output  # show
    assert "undo takes back the last entry and the match goes on" in again.output
    assert "  type undo, undo N, fix N or show, or press Enter to close (type help)" in again.output
    session = store.load(session_file(data_dir, "r"))
    assert session.entries[-2:] == [
        {"type": "undo"},
        {"type": "result", "winner": 1, "points": 1},
    ]
    assert not session.finished and session.totals == [0, 0]


def test_keep_asks_for_names_and_refuses_bad_ones(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["schnapsen", "keep"], input="Ann\nAnn,ann\nAnn, Bob\nquit\n")
    assert result.exit_code == 0, result.output
    assert "for 2 players, not 1" in result.output and "names must differ" in result.output
    assert "Keeping Schnapsen for Ann and Bob" in result.output
    bad = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann,nobody"])
    assert bad.exit_code == 2 and "command word" in bad.output


def test_keep_refuses_a_file_edited_into_an_impossible_deal(
    runner: CliRunner, data_dir: Path
) -> None:
    runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "e"], input="Ann 2\n"
    )
    path = session_file(data_dir, "e")
    text = path.read_text(encoding="utf-8").replace("points = 2", "points = 5")
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(main, ["sessions", "verify", str(path)])
    assert result.exit_code == 1
    assert "entry 1: a deal is worth 1 to 3 game points, not 5" in result.output


# -- play --------------------------------------------------------------------------------------
def test_play_hints_value_the_match_between_equal_players(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bot opponent plays as the favourite; the adviser for the person does not assume it.
    from cardside.games.schnapsen import bots

    built: list[tuple[str, bool]] = []
    real = bots.make_bot

    def recording(name: str, level: str = "normal", seed: object = None, favourite: bool = True):
        built.append((name, favourite))
        return real(name, level, seed, favourite)  # type: ignore[arg-type]

    monkeypatch.setattr(bots, "make_bot", recording)
    result = runner.invoke(
        main,
        ["schnapsen", "play", "--seed", "3", "--level", "easy", "--session", "h"],
        input="hint\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert ("strong", False) in built  # the adviser
    assert ("strong", True) in built  # the opponent


def test_play_scripted_match_hint_undo_quit_and_resume(runner: CliRunner, data_dir: Path) -> None:
    state = SchnapsenState(seed=11)
    first = format_action(state.legal_actions()[0], ascii=True)
    opening = ["hint", "ZZ", "marriage", "close", "undo", first, "undo", "show", "quit"]
    result = runner.invoke(
        main,
        ["schnapsen", "play", "--seed", "11", "--level", "easy", "--session", "p"],
        input="\n".join(opening) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "hint: " in out and "to win the match" in out
    hint = next(line for line in out.splitlines() if "hint: " in line)
    # One notation in a hint: with suit symbols on screen, the next best card has them too.
    assert "next best " in hint and not re.search(r"next best \S*[CSHD] ", hint), hint
    assert "'ZZ': Z is not a suit" in out
    assert "say which card to lead" in out
    assert "You close the stock" in out
    assert "Took back 1 move." in out  # the close, which showed nothing
    # The lead was answered by the bot's card: taken back, but the game leaves the ratings.
    assert "The other player has moved since, and what you saw stays known" in out
    assert "your hand:" in out and "trumps" in out and "stock 10 cards" in out
    assert "Saved. Continue with: cardside sessions resume p" in out
    session = store.load(session_file(data_dir, "p"))
    assert session.entries[0] == {"type": "action", "seat": 0, "action": "close"}
    assert session.entries[1] == {"type": "undo", "moves": 1}  # the close: nothing seen
    assert [e for e in session.entries if e.get("seen")] == [
        next(e for e in session.entries[2:] if e["type"] == "undo")
    ]
    # Whatever else happened, the resumed game runs on to the end of the match.
    resumed = runner.invoke(
        main, ["sessions", "resume", "p"], input="\n".join(CANDIDATES * 60) + "\n"
    )
    assert resumed.exit_code == 0, resumed.output
    assert "wins the match; a Bummerl for" in resumed.output
    assert resumed.exception is None
    session = store.load(session_file(data_dir, "p"))
    assert session.finished and len(session.winners) == 1
    assert min(session.totals) == 0
    assert sheets.mismatches(session) == []
    # One row per deal: the game points each deal gave and the counts after it.
    before = [7, 7]
    for row in session.rounds:
        assert sorted(row.scores)[0] == 0 and 1 <= max(row.scores) <= 3
        assert row.totals == [max(0, b - s) for b, s in zip(before, row.scores)]
        before = row.totals
    # The saved seed and entries replay the same match.
    replayed = replay_state(session)
    assert replayed.is_terminal() and list(replayed.counts) == session.totals


def test_an_undo_back_into_the_last_deal_says_the_next_deal_was_dealt(
    runner: CliRunner, data_dir: Path
) -> None:
    """Seed 3: the last trick of deal 1, then the bot leads in deal 2; the undo goes back past
    the deal's end: that is the reason given, and the game leaves the ratings."""
    script = "marriage KS\n10H\nexchange\nclose\nAH\nAD\nundo\nquit\n"
    args = ["--ascii", "schnapsen", "play", "--seed", "3", "--session", "d"]
    result = runner.invoke(main, args, input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.output
    assert "Deal 2: You deal, Bot 2 leads; trumps " in out and "Took back 4 moves." in out
    assert "The next deal was dealt since, and what you saw stays known" in out
    assert "has moved since" not in out
    session = store.load(session_file(data_dir, "d"))
    assert [e for e in session.entries if e["type"] == "undo"] == [
        {"type": "undo", "moves": 4, "seen": True}
    ]
    shown = runner.invoke(main, ["sessions", "show", "d"])
    assert shown.exit_code == 0 and shown.exception is None, shown.output
    assert "not rated: 1 undo took back what the player had seen" in shown.output


def test_play_refuses_bad_options(runner: CliRunner, data_dir: Path) -> None:
    assert runner.invoke(main, ["schnapsen", "play", "--level", "expert"]).exit_code == 2
    assert runner.invoke(main, ["schnapsen", "play", "--bot", "oracle"]).exit_code == 2
    result = runner.invoke(main, ["schnapsen", "play", "--session", "bad name"], input="quit\n")
    assert result.exit_code == 1 and "not a usable session name" in result.output


def test_the_bot_is_named_for_its_seat_like_every_other_games_bots(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["schnapsen", "play", "--seed", "4", "--level", "easy", "--session", "b"]
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 0, result.output
    assert "You against Bot 2 (strong, level easy)" in result.output
    plain = runner.invoke(main, [*args[:-1], "h", "--bot", "heuristic"], input="quit\n")
    assert "You against Bot 2 (heuristic). Session h." in plain.output
    assert "(dealer Bot 2); countdown: You 7, Bot 2 7" in result.output
    session = store.load(session_file(data_dir, "b"))
    assert [(s.name, s.kind) for s in session.seats] == [("You", "human"), ("Bot 2", "bot:strong")]
    exported = runner.invoke(main, ["sessions", "export", "b", "--format", "json"])
    assert json.loads(exported.output)[0]["columns"] == ["You", "Bot 2"]
    # Calling yourself Bot is fine now; taking the bot's own name is not.
    named = runner.invoke(main, [*args[:-1], "c", "--name", "Bot"], input="quit\n")
    assert named.exit_code == 0 and "Bot against Bot 2" in named.output
    taken = runner.invoke(main, [*args[:-1], "d", "--name", " bot 2 "], input="quit\n")
    assert taken.exit_code == 2 and "'bot 2' is how cardside names a bot's seat" in taken.output
    wide = runner.invoke(main, [*args[:-1], "e", "--name", "\uff22ot 2"], input="quit\n")
    assert wide.exit_code == 2 and "names a bot's seat" in wide.output  # full-width B
    # --names, as in every game: yours and the bot's.
    both = runner.invoke(main, [*args[:-1], "f", "--names", "Ann,Strong"], input="quit\n")
    assert both.exit_code == 0 and both.exception is None, both.output
    assert "Schnapsen: Ann against Strong (strong, level easy)" in both.output
    seats = store.load(session_file(data_dir, "f")).seats
    assert [(s.name, s.kind) for s in seats] == [("Ann", "human"), ("Strong", "bot:strong")]
    for names, reason in (("Ann", "Schnapsen is for 2 players, not 1"), ("Ann,ann", "differ")):
        refused = runner.invoke(main, [*args[:-1], "g", "--names", names], input="quit\n")
        assert refused.exit_code == 2 and reason in refused.output, names
    twice = runner.invoke(main, [*args[:-1], "g", "--names", "A,B", "--name", "C"])
    assert twice.exit_code == 2 and "give --names (yours and the bot's) or --name" in twice.output


def test_a_session_whose_bot_is_called_bot_still_loads_and_resumes(
    runner: CliRunner, data_dir: Path
) -> None:
    runner.invoke(main, ["schnapsen", "play", "--seed", "4", "--session", "old"], input="quit\n")
    path = session_file(data_dir, "old")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"Bot 2"', '"Bot"'), encoding="utf-8")
    assert [s.name for s in store.load(path).seats] == ["You", "Bot"]
    resumed = runner.invoke(main, ["sessions", "resume", "old"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "You against Bot (strong" in resumed.output
    verified = runner.invoke(main, ["sessions", "verify", str(path)])
    assert verified.exit_code == 0, verified.output


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('kind = "bot:strong"', 'kind = "bot:oracle"', "unknown bot 'oracle'"),
        ('kind = "human"', 'kind = "bot:random"', "one human against one bot"),
        ('kind = "bot:strong"', 'kind = "human"', "one human against one bot"),
    ],
)
def test_play_file_edited_to_impossible_seats_is_refused(
    runner: CliRunner, data_dir: Path, old: str, new: str, message: str
) -> None:
    runner.invoke(main, ["schnapsen", "play", "--seed", "4", "--session", "s"], input="quit\n")
    path = session_file(data_dir, "s")
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    for args in (["sessions", "resume", "s"], ["sessions", "verify", str(path)]):
        result = runner.invoke(main, args, input="quit\n")
        assert result.exit_code == 1, result.output
        assert message in result.output and isinstance(result.exception, SystemExit)
        assert not isinstance(result.exception, ValueError)


def test_example_scoresheets_verify(runner: CliRunner) -> None:
    folder = Path(__file__).resolve().parents[2] / "scoresheets"
    files = sorted(folder.glob("schnapsen-*.toml"))
    assert {store.load(p).mode for p in files} == {"play", "keep"}
    result = runner.invoke(main, ["sessions", "verify", *map(str, files)])
    assert result.exit_code == 0, result.output
    assert result.output.count("ok ") == len(files)


def test_keep_survives_being_killed(data_dir: Path) -> None:
    """Kill the tracker mid-session: the deals entered are on disk and resume goes on."""
    env = dict(os.environ, CARDSIDE_HOME=str(data_dir))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardside",
            "schnapsen",
            "keep",
            "--names",
            "Ann,Bob",
            "--session",
            "killed",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdin is not None
    proc.stdin.write(b"Ann 2\nBob 3\n\nno\n")  # the third deal is half answered
    proc.stdin.flush()
    path = session_file(data_dir, "killed")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if path.exists() and len(store.load(path).entries) == 2:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert len(store.load(path).entries) == 2
    result = CliRunner().invoke(main, ["sessions", "resume", "killed"], input="Ann 3\n")
    assert result.exit_code == 0, result.output
    assert "Match 1 countdown: Ann 5, Bob 4" in result.output
    assert store.load(path).rounds[-1].totals == [2, 4]


def test_q_alone_is_a_card_typed_short_not_quit(runner: CliRunner, data_dir: Path) -> None:
    """Q is a rank here, so a lone q is refused as a card and the deal goes on; quit leaves."""
    result = runner.invoke(main, ["schnapsen", "play", "--seed", "2"], input="q\nquit\n")
    assert result.exit_code == 0
    assert "'q' is not a card (write rank then suit, e.g. AC or QH) (type help)" in result.output
    assert result.output.count("Saved. Continue with") == 1
    assert result.output.index("'q' is not a card") < result.output.index("Saved.")


def test_keep_questions_answer_an_empty_line_with_every_choice(
    runner: CliRunner, data_dir: Path
) -> None:
    """Enter alone at "Who closed the stock?" and at "Who reached 66?" names the players and
    ``nobody`` (``no`` is taken too); at "Who took the last trick?" the players alone."""
    script = "table\n\nno\n\nnobody\n\nA\nquit\n"
    result = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann,Bob"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Who closed the stock? (Ann, Bob or nobody): " in out
    assert out.count("answer with a name or the start of one (Ann, Bob or nobody) (type help)") == 2
    assert "answer with a name or the start of one (Ann or Bob) (type help)" in out
    assert "is not a player here" not in out
    assert "Ann wins 1 game point (stock used up and no one reached 66" in out


def test_with_exchange_first_set_the_hint_exchanges_before_closing(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 3 after a marriage and a trick: the search alone advises closing at once; the
    # setting the benchmarks compare (off by default) exchanges first.
    from cardside.games.schnapsen import bots

    monkeypatch.setattr(bots, "EXCHANGE_FIRST", True)
    result = runner.invoke(
        main,
        ["schnapsen", "play", "--seed", "3", "--session", "x"],
        input="20 KS\n10H\nhint\nquit\n",
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    (line,) = [ln.strip() for ln in result.output.splitlines() if ln.strip().startswith("hint:")]
    assert line.startswith("hint: exchange: the trump Unter for the face-up trump, first"), line


def test_history_shows_the_marriages_exchange_and_close_of_the_deal() -> None:
    from cardside.games.schnapsen.rules import Close, Exchange, Marriage
    from cardside.tui.console import Console
    from cardside.tui.schnapsen.play import history
    from cardside.tui.schnapsen.screen import SchnapsenScreen
    from cardside.tui.style import Style

    # A deal in which the first to lead may exchange, then declare a marriage after a trick,
    # then close: found by playing the first legal card otherwise.
    for seed in range(200):
        state = SchnapsenState(seed=seed)
        done: list[str] = []
        while not state.is_terminal() and state.deal_no == 1 and len(done) < 3:
            legal = state.legal_actions()
            special = [a for a in legal if isinstance(a, (Exchange, Marriage, Close))]
            wanted = [a for a in special if type(a).__name__ not in done]
            action = wanted[0] if wanted else legal[0]
            if wanted:
                done.append(type(action).__name__)
            state.apply(action)
        if len(done) == 3 and state.deal_no == 1 and not state.is_terminal():
            break
    else:
        pytest.fail("no deal of the first 200 seeds exchanges, marries and closes")
    screen = SchnapsenScreen(Console(), Style(ascii=True, color=False), ["Ann", "Bob"])
    text = history(state, screen)
    lines = text.splitlines()
    assert lines[0] == "Deal 1, so far:", text
    assert sum("exchange" in line and "the trump Jack for" in line for line in lines) == 1
    assert sum("close" in line and "the stock" in line for line in lines) == 1
    assert sum(re.search(r"declares? (20|40) in [CSHD]", line) is not None for line in lines) == 1
    tricks = [line for line in lines if line.startswith("  trick ")]
    assert len(tricks) == len(state.snapshot.deal.tricks)


@pytest.mark.parametrize(
    "script, told",
    [
        ("close\nJC\nhistory\nquit\n", "  the trick under way: Bot 2 led AC"),
        (
            "marriage KS\n10H\nexchange\nclose\nAH\nAD\nhistory\nquit\n",
            "  the trick under way: Bot 2 led KD (Bot 2 declares 40 in D)",
        ),
    ],
)
def test_history_gives_the_card_led_in_the_trick_under_way(
    runner: CliRunner, data_dir: Path, script: str, told: str
) -> None:
    """The card the other player led (and the marriage declared with it) is in the history."""
    args = ["--ascii", "schnapsen", "play", "--seed", "3", "--session", "u"]
    result = runner.invoke(main, args, input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    deal = result.output.split("so far:\n", 1)[1].split("\nYour answer", 1)[0]
    assert deal.splitlines()[-1] == told, deal


def test_keep_words_beside_a_deal_get_the_reason_that_fits(
    runner: CliRunner, data_dir: Path
) -> None:
    """``Ann 1 extra`` and ``Ann wins 2`` were refused as if ``Ann 1`` or ``Ann wins`` were
    a name; a deal is a winner and game points, at the prompt and in ``fix``."""
    script = "Ann 1 extra\nAnn wins 2\nZed 2\nAnn 2\nfix 1 Bob 2 points\nquit\n"
    result = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann,Bob"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.output
    assert "'extra' is not a number of game points (type help)" in out
    assert "a deal is a winner and game points only, e.g. 'Ann 2' (type help)" in out
    assert "'points' is not a number of game points" in out
    assert "'Zed' is not a player here (Ann or Bob)" in out
    assert "'Ann 1' is not a player" not in out and "'Ann wins' is not" not in out
    assert "Deal 1: Ann wins 2 game points" in out and "Entry 1 corrected" not in out


def test_play_help_gives_the_duty_to_trump_and_what_wins_a_deal(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(main, ["schnapsen", "play", "--seed", "3"], input="help\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    said = " ".join(result.output.split())
    assert (
        "follow suit, beating the lead if you can (a lower card of its suit if you cannot), "
        "and with none of its suit play a trump" in said
    )
    assert "won at 66 card points (A 11, 10 10, K 4, Q 3, J 2, and marriages)" in said


def test_score_by_the_last_trick_repeats_the_card_points_given(runner: CliRunner) -> None:
    args = ["schnapsen", "score", "--last-trick", "Ann", "--names", "Ann,Bob", "--points", "60"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Nobody reached 66; Ann took the last trick (Bob had 60 card points)." in result.output


def test_help_at_a_question_says_what_that_question_takes(
    runner: CliRunner, data_dir: Path
) -> None:
    script = "ask\nhelp\nnobody\nAnn\nhelp\n40\nquit\n"
    result = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann,Bob"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    lines = result.output.splitlines()
    asked = [lines[i + 1] for i, line in enumerate(lines) if line.endswith("help")]
    assert asked == [
        "  type Ann, Bob or nobody (the start of a name will do)",
        "  type the card points, 0 to 65: the tricks' cards (Ace 11, Ten 10, King 4, Queen 3, "
        "Jack 2) and the marriages declared; a sum will do, e.g. 11+10+4",
    ]
    assert "Deal 1: Ann wins 1 game point" in result.output


def test_the_play_help_says_what_the_german_letters_are(runner: CliRunner, data_dir: Path) -> None:
    """``DH`` plays the Ace of hearts: D is the Daus, not the Dame; the help says so."""
    result = runner.invoke(main, ["schnapsen", "play", "--seed", "2"], input="help\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "DH the Daus, an Ace; OS the Ober, a Queen; US the Unter, a Jack" in result.output


def test_a_match_stopped_before_the_bot_answered_says_the_lead_first(
    runner: CliRunner, data_dir: Path
) -> None:
    """Stopped while the bot was thinking over your lead: resumed, the screen says what it
    answers before its answer, which comes ahead of any table."""
    from cardside.core.record import Seat, Session
    from cardside.games.schnapsen.state import SchnapsenState
    from cardside.sessions import sheets

    state = SchnapsenState(seed=4)
    lead = next(a for a in state.legal_actions() if format_action(a, True)[0] in "JQK")
    session = Session(
        game="schnapsen",
        mode="play",
        name="p",
        seed=4,
        seats=[Seat("You", "human"), Seat("Bot 2", "bot:strong")],
        options={},
        entries=[{"type": "action", "seat": 0, "action": format_action(lead, True)}],
    )
    sheets.refresh(session)
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    store.save(session, folder / "p.toml", create=True)
    result = runner.invoke(main, ["--ascii", "sessions", "resume", "p"], input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    lines = result.output.splitlines()
    assert lines[1] == f"You led {format_action(lead, True)}; Bot 2 answers."
    assert lines[2].startswith("Bot 2 plays ")


def test_the_first_move_offered_in_brackets_is_said_once(runner: CliRunner, data_dir: Path) -> None:
    """A one-card answer is offered in brackets for Enter: said in words the first time."""
    cards = [rank + suit for rank in ("A", "10", "K", "Q", "J") for suit in "CSHD"]
    script = "\n".join(["close", *cards * 6, "quit"]) + "\n"
    result = runner.invoke(main, ["--ascii", "schnapsen", "play", "--seed", "4"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    lines = result.output.splitlines()
    told = [i for i, line in enumerate(lines) if "may be played: Enter plays it" in line]
    assert len(told) == 1
    assert lines[told[0]] == "  Only JC may be played: Enter plays it (in brackets)."
    assert lines[told[0] + 1].startswith("Your answer to KD [JC]:")


@pytest.mark.parametrize("option", ["--reached", "--closer", "--last-trick"])
def test_score_refuses_the_name_its_answer_gives_the_unnamed_player(
    runner: CliRunner, option: str
) -> None:
    result = runner.invoke(main, ["schnapsen", "score", option, "The Other  player"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "'the other player' is how the answer names a player no option named" in result.output


def test_keep_puts_right_a_first_dealer_set_wrong(runner: CliRunner, data_dir: Path) -> None:
    """dealer NAME: NAME deals the deal being entered, the deal passing in turn from there;
    saved with the session, so a resumed sheet says the same, and no score changes."""
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--dealer", "Ann", "--session", "d"]
    lines = "Ann 2\nBob 1\ndealer\ndealer bo\ndealer Cy\nquit\n"
    result = runner.invoke(main, ["--no-color", *args], input=lines)
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.output
    assert "  Deal 3: Ann deals; dealer NAME says who does instead\n" in out
    assert "  Bob deals deal 3, the deal passing in turn from there (deal 1 was Bob's).\n" in out
    assert "'Cy' is not a player here" in out
    assert out.rstrip().splitlines()[-2].startswith("Deal 3, Bob deals")
    resumed = runner.invoke(main, ["sessions", "resume", "d"], input="quit\n")
    assert "Deal 3, Bob deals" in resumed.output
    assert runner.invoke(main, ["sessions", "verify", "d"]).exit_code == 0
    named = runner.invoke(main, ["schnapsen", "keep", "--names", "Dealer,Bob"], input="quit\n")
    assert named.exit_code == 2 and "'Dealer' is a command word" in named.output
