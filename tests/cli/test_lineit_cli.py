"""``cardside lineit``: score, rules, keep, play and simulate through the real command line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardside.cli.main import main
from cardside.core import corrections
from cardside.games.lineit.rules import JACKPOT_MOST
from cardside.sessions import sheets, store


# -- score -------------------------------------------------------------------------------------
def test_score_the_issue_example(runner: CliRunner) -> None:
    result = runner.invoke(main, ["lineit", "score", "12", "30", "B4", "45", "57", "60", "71"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "7"
    assert "rising line: 12 30 B4 45 57 60 71" in result.output
    assert "discarded 12 30 45" in result.output
    assert "bet B4 won (4 number cards after it, 4 needed) +4" in result.output
    assert "points 57 60 71 = 3" in result.output
    assert "total 3 points + 4 bet = 7" in result.output


def test_score_with_a_jackpot_and_json(runner: CliRunner) -> None:
    args = ["lineit", "score", "--json", "90", "80", "B5", "70", "13", "9", "5", "--jackpot", "4+3"]
    data = json.loads(runner.invoke(main, args).output)
    assert data["direction"] == "falling"
    assert data["discarded"] == ["90", "80", "70"]
    assert data["bet"] == {"card": "B5", "after": 4, "won": False, "token": -5}
    assert data["points_cards"] == ["13", "9", "5"]
    assert data["jackpot_colours"] == [{"colour": "red", "card": "5"}]  # 13, 9, 5 are red
    assert data["jackpots"] == [7]
    assert data["total"] == 3 - 5 + 7


def test_score_explains_a_lost_bet_on_a_short_line(runner: CliRunner) -> None:
    """One number card after B3: the bet is lost, nothing scores, the line has no direction."""
    result = runner.invoke(main, ["lineit", "score", "B3", "12"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "-3",
        "  open line: B3 12 (fewer than two number cards)",
        "  discarded 12 (all its number cards: fewer than three)",
        "  bet B3 lost (1 number card after it, 3 needed) -3",
        "  points: none (3 or fewer number cards)",
        "  no colour reached three cards (no jackpot)",
        "  total 0 points - 3 bet = -3",
    ]
    result = runner.invoke(main, ["lineit", "score", "B3"])
    assert "  discarded nothing (no number card)" in result.output.splitlines()
    data = json.loads(runner.invoke(main, ["lineit", "score", "--json", "B3"]).output)
    assert data["direction"] == "open" and data["total"] == -3  # as the text says


def test_score_counts_one_point_and_an_empty_jackpot(runner: CliRunner) -> None:
    """One point in words and in JSON, and a jackpot pile that was empty."""
    result = runner.invoke(main, ["lineit", "score", "B3", "12", "13", "14", "15"])
    assert result.output.splitlines()[-1] == "  total 1 point + 3 bet = 4"
    result = runner.invoke(main, ["lineit", "score", "13", "9", "5", "--jackpot", "0"])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "  total 0 points + 0 jackpot = 0"
    args = ["lineit", "score", "--json", "B3", "1", "2", "3", "4"]
    data = json.loads(runner.invoke(main, args).output)
    assert (data["points"], data["total"]) == (1, 4)


def test_score_says_when_a_jackpot_taken_is_left_out_of_the_total(runner: CliRunner) -> None:
    line = ["lineit", "score", "1", "5", "B3", "9", "13", "17", "21"]
    lines = runner.invoke(main, line).output.splitlines()
    assert lines[-2:] == [
        "  total 3 points + 3 bet = 6",
        "  the jackpot's pile is not in the total: add --jackpot N (N its cards)",
    ]
    # The answer itself says a pile is still to add: no one reads 6 as the whole score.
    assert lines[0] == "6 + the jackpot's pile (not given)"
    lines = runner.invoke(main, [*line, "--jackpot", "4"]).output.splitlines()
    assert lines[-1] == "  total 3 points + 3 bet + 4 jackpot = 10" and lines[0] == "10"
    two = runner.invoke(main, ["lineit", "score", "1", "2", "5", "6", "9", "10", "13"])
    assert two.exit_code == 0 and two.exception is None, two.output
    assert two.output.splitlines()[0].endswith(" + 2 jackpot piles (not given)")


def test_score_notes_a_card_typed_after_a_jackpot(runner: CliRunner) -> None:
    """``13 9 5 --jackpot 4 2`` scores the line 13 9 5 2 and says, on stderr, that the 2 was
    read as a card; cards all on one side of the option are read without a note."""
    result = runner.invoke(main, ["lineit", "score", "13", "9", "5", "--jackpot", "4", "2"])
    assert result.exit_code == 0
    assert "  falling line: 13 9 5 2" in result.stdout.splitlines()
    assert result.stderr == (
        "note: 2, typed after --jackpot 4, is read as a card of the line "
        "(each --jackpot takes one value)\n"
    )
    args = ["lineit", "score", "--json", "13", "9", "--jackpot=4", "5", "2"]
    result = runner.invoke(main, args)
    assert json.loads(result.stdout)["cards"] == ["13", "9", "5", "2"]
    assert result.stderr.startswith("note: 5 2, typed after --jackpot 4, are read as cards")
    for args in (["--jackpot", "4", "13", "9", "5", "2"], ["13", "9", "5", "2", "--jackpot", "4"]):
        result = runner.invoke(main, ["lineit", "score", *args])
        assert result.stdout.splitlines()[-1] == "  total 1 point + 4 jackpot = 5"
        assert result.stderr == "", args


def test_score_bad_input_is_one_line_and_nonzero(runner: CliRunner) -> None:
    for args, message in [
        (["12", "30", "29"], "29 does not continue the rising line after 30"),
        (["B3", "12", "B4"], "at most one Bet card"),
        (["12", "12"], "12 appears twice"),
        (["57b"], "57 is red, not blue"),
        (["101"], "numbers run from 1 to 100"),
        (["12", "--jackpot", "x"], "not a number"),
        (["12", "--jackpot", "500"], "a jackpot pile holds 0 to 22 cards, not 500"),
        # 12 is the only card: no colour reached three, so the line took no jackpot.
        (["12", "--jackpot", "4"], "but no colour reached three cards in the line 12"),
        (
            ["13", "9", "5", "--jackpot", "4", "--jackpot", "2"],
            "2 jackpot piles given, but only 1 colour reached three cards in the line 13 9 5",
        ),
        # Two piles after one --jackpot: the second is read as a card, and the line shows it.
        (["71", "--jackpot", "5", "6"], "reached three cards in the line 71 6"),
    ]:
        result = runner.invoke(main, ["lineit", "score", *args])
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert isinstance(result.exception, SystemExit) and result.output.startswith("Error: ")
        assert len(result.output.strip().splitlines()) == 1


def test_score_mistyped_is_a_usage_error_and_impossible_is_refused(runner: CliRunner) -> None:
    # As in every game: what cannot be read is status 2, naming the help; a line that cannot
    # happen is status 1.
    for args, status, message in [
        (["12", "3x", "45"], 2, "Invalid value for 'CARDS...': 'x' is not a colour"),
        (["12", "hello"], 2, "Invalid value for 'CARDS...'"),
        (["12", "30", "--jackpot", "x"], 2, "Invalid value for '--jackpot': not a number"),
        (["12", "30", "29"], 1, "29 does not continue the rising line after 30"),
        (["101"], 2, "101 is not a card: numbers run from 1 to 100"),
        (["12", "12"], 1, "12 appears twice"),
        ([str(n) for n in range(1, 28)], 1, "a line holds at most 26 cards, not 27"),
    ]:
        result = runner.invoke(main, ["lineit", "score", *args])
        assert result.exit_code == status, (args, result.output)
        assert message in result.output, (args, result.output)
        assert ("lineit score --help'" in result.output) == (status == 2)


def test_keep_and_score_bound_a_jackpot_alike(runner: CliRunner, data_dir: Path) -> None:
    # A pile holds one colour's cards; three of its 25 are in the line taking it: 22 at most.
    refused = "a jackpot pile holds 0 to 22 cards, not 23"
    line = ["lineit", "score", "13", "9", "5"]
    assert runner.invoke(main, [*line, "--jackpot", "22"]).exit_code == 0
    scored = runner.invoke(main, [*line, "--jackpot", "20+3"])
    assert scored.exit_code == 1 and scored.output.strip() == f"Error: {refused}"
    script = "jackpot Ann 20+3\njackpot Ann 22\nshow\nquit\n"
    kept = runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bob"], input=script)
    assert kept.exit_code == 0, kept.output
    assert f"  {refused} (type help)" in kept.output.splitlines()
    assert "Ann took a jackpot of 22 cards" in kept.output
    helps = runner.invoke(main, ["lineit", "score", "--help"]).output
    helps += runner.invoke(main, ["lineit", "keep", "--names", "A,B"], input="help\nquit\n").output
    assert helps.count(f"0 to {JACKPOT_MOST}") == 2


def test_score_bounds_the_jackpot_piles_together_as_keep_does(runner: CliRunner) -> None:
    """Only the cards no player takes reach the jackpots, 54 at most (with 2 players)."""
    line = ["lineit", "score", *map(str, range(1, 13))]
    piles = ["--jackpot", "21", "--jackpot", "21", "--jackpot", "21"]
    scored = runner.invoke(main, [*line, *piles[:4], "--jackpot", "12"])
    assert scored.exit_code == 0, scored.output
    assert "= 63" in scored.output
    refused = runner.invoke(main, [*line, *piles, "--jackpot", "21"])
    assert refused.exit_code == 1 and refused.exception is not None
    assert refused.output == (
        "Error: jackpot piles of 21, 21, 21, 21 cards hold 84 together, but at most 54 cards "
        "reach the jackpots in a game (those no player takes, with 2 players)\n"
    )


def test_rules_text(runner: CliRunner) -> None:
    result = runner.invoke(main, ["lineit", "rules"])
    assert result.exit_code == 0
    text = result.output.lower()
    assert "line-it" in text and "jackpot" in text and "b4" in text and "ruling" in text


# -- keep --------------------------------------------------------------------------------------
def only_session(data_dir: Path) -> Path:
    files = store.list_paths(data_dir)
    assert len(files) == 1
    return files[0]


KEPT = [
    "line Ann 12 30 B4 45 57 60 71",  # +4 bet, 3 points
    "line Bo 90 80 70 52 50",  # 90 70 50 are blue: a jackpot
    "jackpot Bo 4+3",
    "line Cy 5 13 25",  # 5 13 25 are red: a jackpot
    "end",  # its pile is not entered yet
    "jackpot Cy 0",
    "line Cy 13 14",  # 13 is in a scored line already
    "line Ann 44 45 43",  # turns
    "counts Ann 3 +4+4+4",  # only two tokens of 4
    "counts Ann 3 4+4+4",  # the first token unsigned: the same
    "counts Ann 3 +7-2",  # no token of 7
    "counts Ann 3 4",  # this game goes line by line
    "jackpot Zed 3",  # no such player
    "line 3 B5",  # no name: 3 reads as a card, so it asks whose
    "line Cy B5",  # a lost bet
    "show",
    "undo",
    "line Cy B5 99 98 97 96 95",
    "end",
    "",
]


def test_keep_scripted_through_stdin(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main, ["lineit", "keep", "--names", "Ann,Bo,Cy"], input="\n".join(KEPT) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ann: discarded 12 30 45; bet B4 won (4 number cards after it, 4 needed) +4" in out
    assert "blue reached three with 50 (took the blue jackpot)" in out
    assert "Bo took a jackpot of 7 cards" in out
    assert "13 is already in a scored line (Cy's); each number is in the game once" in out
    assert "Cy's lines took 1 jackpot whose pile is not entered: jackpot Cy N first" in out
    assert out.count("3 tokens of 4 named; the game has 2") == 2
    assert "7 is not a bet token: they are 3, 3, 4, 4, 5 and 5 (or give their sum)" in out, out
    assert "43 does not continue the rising line after 45" in out
    assert "this game is kept line by line" in out
    assert "'Zed' is not a player here (Ann, Bo or Cy)" in out
    assert "say whose first, by name (Ann, Bo, Cy): line Ann 3 ..." in out
    assert "Cy: discarded nothing; bet B5 lost" in out
    assert "Undone: line for Cy (B5)." in out
    assert "bet B5 won (5 number cards after it, 5 needed) +5; points 96 95 = 2" in out
    assert "Bo wins with 9, 2 ahead of Ann and Cy." in out  # both second, with 7
    session = store.load(only_session(data_dir))
    assert session.finished and session.winners == ["Bo"]
    assert session.totals == [7, 9, 7]
    assert sheets.mismatches(session) == []
    assert {"type": "undo"} in session.entries


def test_each_kept_row_knows_its_entry_and_the_export_its_time(
    runner: CliRunner, data_dir: Path
) -> None:
    runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bo,Cy"], input="\n".join(KEPT) + "\n")
    session = store.load(only_session(data_dir))
    rows = sheets.compute(session).rounds
    kinds = [session.entries[row.entry - 1]["type"] for row in rows]
    # The undone 'line Cy B5' has no row; the line entered after the undo has its own.
    assert kinds == ["line", "line", "jackpot", "line", "jackpot", "line", "end"]
    assert session.entries[rows[5].entry - 1]["cards"] == "B5 99 98 97 96 95"
    exported = runner.invoke(main, ["sessions", "export", "last", "--format", "csv"]).output
    for line in exported.splitlines()[1:]:
        assert line.split(",")[4].startswith("20"), line  # the entry's time


def test_stats_tally_line_it_games_by_the_winners_lead(runner: CliRunner, data_dir: Path) -> None:
    for name, lines in [
        ("a", ["line Ann 12 30 B4 45 57 60 71", "line Bo 90 80 70 52 50", "jackpot Bo 0"]),
        ("b", ["line Ann 1 2 3 4 5 6", "line Bo 90 80 70 60 50 40", *["jackpot Bo 0"] * 2]),
    ]:
        script = "\n".join([*lines, "end", ""])
        result = runner.invoke(
            main, ["lineit", "keep", "--names", "Ann,Bo", "--session", name], input=script
        )
        assert result.exit_code == 0, result.output
    data = json.loads(runner.invoke(main, ["stats", "--game", "lineit", "--json"]).output)
    (game,) = data["games"]
    assert {c["result"]: c["count"] for c in game["commonest"]} == {
        "won by 1-5": 1,
        "shared win": 1,
    }


def test_keep_takes_the_longest_line_there_can_be(runner: CliRunner, data_dir: Path) -> None:
    """A player takes one card a round: 26 with 2 players (106 cards, markets of 4), and no
    more in the lines of one player; 15 with 5 players (markets of 7)."""
    longest = " ".join(str(n) for n in range(1, 26)) + " B3"
    result = runner.invoke(
        main,
        ["lineit", "keep", "--names", "Ann,Bo"],
        input=f"line Bo {longest}\nline Bo 99 100\n" + "jackpot Bo 0\n" * 4 + "end\n",
    )
    assert result.exit_code == 0, result.output
    assert result.exception is None and "bet B3 lost" in result.output
    assert (
        "Bo's scored lines would hold 28 cards; a player takes one card a round, 26 in a game "
        "of 2 players (type help)" in result.output
    )
    session = store.load(only_session(data_dir))
    assert session.finished and sheets.mismatches(session) == []
    five = runner.invoke(
        main,
        ["lineit", "keep", "--names", "A,B,C,D,E", "--session", "five"],
        input="line A " + " ".join(map(str, range(1, 17))) + "\nquit\n",
    )
    assert five.exit_code == 0 and five.exception is None, five.output
    assert "A's scored lines would hold 16 cards; a player takes one card a round, 15" in (
        five.output
    )


def test_keep_by_counts_ends_when_everyone_is_counted(runner: CliRunner, data_dir: Path) -> None:
    script = ["counts Ann 20 +4-3", "line Bo 1 2", "counts Ann 5 0", "counts Bo 21", ""]
    result = runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bo"], input="\n".join(script))
    assert result.exit_code == 0, result.output
    assert "kept by end-of-game counts" in result.output
    assert "Ann's counts are in already; undo takes them back (type help)" in result.output
    assert "Bo: 21 cards in the score pile, tokens +0" in result.output  # no tokens to give
    assert "Ann and Bo share the win with 21." in result.output
    assert result.output.count("scores: Ann 21, Bo 21") == 1  # said once, with the result
    # A kept game's rows are its entries, not rounds of the game.
    shown = runner.invoke(main, ["sessions", "show", "last"]).output
    assert shown.splitlines()[4].split()[:3] == ["entry", "Ann", "Bo"]
    verified = runner.invoke(main, ["sessions", "verify", "last"]).output
    assert verified.rstrip().endswith(": 2 entries, totals Ann 21, Bo 21")
    session = store.load(only_session(data_dir))
    assert session.winners == ["Ann", "Bo"] and session.totals == [21, 21]


def keep_three(runner: CliRunner, *lines: str) -> Result:
    """``lineit keep`` for Ann, Bob and Cy fed ``lines``, then quit; it must end well."""
    script = "\n".join([*lines, "quit"]) + "\n"
    result = runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bob,Cy"], input=script)
    assert result.exit_code == 0, result.output
    return result


def test_keep_counts_entered_twice_say_how_to_reach_them(runner: CliRunner, data_dir: Path) -> None:
    result = keep_three(
        runner, "counts Ann 23 +3", "counts Bob 10", "counts Ann 20", "undo 1", "counts Ann 20"
    )
    assert (
        "Ann's counts are in already; fix N corrects them and undo N takes them back (fix "
        "alone lists the entries) (type help)"
    ) in result.output
    # undo 1 took Ann's first counts back alone: Bob's stand, and Ann's second went in.
    assert "  Entry 1 taken back: counts Ann 23 +3." in result.output
    session = store.load(only_session(data_dir))
    assert [e.get("pile") for e in corrections.in_force(session.entries).entries] == [10, 20]


def test_keep_counts_take_tokens_typed_apart_but_never_numbers_side_by_side(
    runner: CliRunner, data_dir: Path
) -> None:
    result = keep_three(
        runner, "counts Bob 10 +4 -3", "counts Ann 2 3 +4", "counts Ann 1 0 -3", "counts Ann +4 -3"
    )
    assert "Bob: 10 cards in the score pile, tokens +1" in result.output
    # 2 3 is not 23 nor a pile of 2 with tokens 3+4; a pile has no sign.
    assert result.output.count("give the score pile, then the tokens if any") == 3
    session = store.load(only_session(data_dir))
    assert [e.get("tokens") for e in session.entries] == [1]


def test_keep_resumes_and_refuses_bad_names(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main, ["lineit", "keep", "--names", "Ann,Bo", "--session", "t"], input="line Ann 1 2 3 4\n"
    )
    assert "Continue with: cardside sessions resume t" in result.output
    result = runner.invoke(main, ["sessions", "resume", "t"], input="show\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Ann         1            1" in result.output
    for names in ["Ann", "A,B,C,D,E,F", "Ann,ann", "Ann,12"]:
        result = runner.invoke(main, ["lineit", "keep", "--names", names])
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
        assert "Error: Invalid value for '--names': " in result.output, result.output


def test_keep_refuses_a_name_that_reads_as_a_card_or_a_command(
    runner: CliRunner, data_dir: Path
) -> None:
    """Entries name their player beside cards (line Ann 12 B4): a name B4, 57r or undo would
    read as a card or a command, so it is refused with the reason and nothing is started."""
    refused = [("B4", "reads as a card"), ("57r", "reads as a card"), ("12", "reads as a number")]
    refused += [(word, "is a command word") for word in ("undo", "Hint", "hand", "jackpot")]
    for name, why in refused:
        result = runner.invoke(main, ["lineit", "keep", "--names", f"Ann,{name}"])
        assert result.exit_code == 2
        assert f"{name!r} {why}; choose another name" in result.output
    spaced = runner.invoke(main, ["lineit", "keep", "--names", "Ann Lee,Bob"])
    assert spaced.exit_code == 2
    assert "'Ann Lee': one word per name" in spaced.output
    prompted = runner.invoke(main, ["lineit", "keep"], input="Ann,line\nAnn,Bob\nquit\n")
    assert "'line' is a command word" in prompted.output
    assert "Keeping Line-it for Ann and Bob." in prompted.output
    assert prompted.exit_code == 0 and prompted.exception is None
    # Only the prompted names started a session, and in the test's own data folder.
    assert len(list((data_dir / "sessions").glob("lineit-keep-*.toml"))) == 1


def test_keep_quotes_a_huge_typed_word_cut_short(runner: CliRunner, data_dir: Path) -> None:
    """A reason quotes what was typed, but never floods the screen with it."""
    script = ["line " + "9" * 3000, "jackpot Ann " + " ".join(["7"] * 500), "line " + "z" * 3000]
    result = runner.invoke(
        main, ["lineit", "keep", "--names", "Ann,Bob"], input="\n".join([*script, "quit"]) + "\n"
    )
    assert result.exit_code == 0, result.output
    reasons = [line for line in result.output.splitlines() if line.startswith("  ")]
    assert "say whose first, by name (Ann, Bob): line Ann 999999999999 ..." in result.output
    assert "is 500 numbers: enter one jackpot pile per entry" in result.output
    assert "'zzzzzzzzzzzzzzzzz...' is not a player here (Ann or Bob)" in result.output
    assert max(len(line) for line in reasons) < 200
    assert len(list((data_dir / "sessions").glob("lineit-keep-*.toml"))) == 1


# -- play --------------------------------------------------------------------------------------
def hot_seat_script(seed: int) -> list[str]:
    """A whole 2-player game's actions, each seat playing the heuristic's choice."""
    from cardside.games.lineit.bots import HeuristicBot
    from cardside.games.lineit.notation import format_action
    from cardside.games.lineit.state import LineitState

    state = LineitState(2, seed=seed)
    bot = HeuristicBot(seed=1)
    out = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = bot.choose(state.observation(seat), seat)
        out.append(format_action(action))
        state.apply(action)
    return out


def test_play_hot_seat_to_the_end(runner: CliRunner, data_dir: Path) -> None:
    actions = hot_seat_script(seed=3)
    first = actions[0]
    script = ["line 200", "score", "history", "hint", first, "undo", "history", *actions, ""]
    result = runner.invoke(
        main,
        ["lineit", "play", "--players", "2", "--humans", "2", "--seed", "3", "--session", "hs"],
        input="\n".join(script),
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "200 is not a card: numbers run from 1 to 100" in out
    assert "take a card from the market first (you score after taking)" in out
    assert "nothing played yet" in out
    assert "hint: " in out and "Took back 1 action." in out
    assert "is scored" in out and "discarded" in out
    assert "Round over:" in out and "starts round 2" in out
    assert "  market: " in out and "  jackpots: red " in out and "cards in the deck" in out
    # The other player's hand is shown card by card: it was taken from the face-up market.
    assert re.search(r", hand: [0-9B]+[rbgy]?\n", out) and re.search(r", hand: \S+ \S+\n", out)
    assert "if scored now:" in out and "colours: " in out
    assert "Final scores (score pile + bet tokens):" in out
    assert "Game over; saved as hs." in out
    session = store.load(data_dir / "sessions" / "hs.toml")
    assert session.finished and session.winners
    assert sheets.mismatches(session) == []
    assert session.rounds[-1].totals == session.totals


def test_play_tells_what_the_bots_did_before_your_first_turn(runner: CliRunner) -> None:
    from cardside.games.lineit.state import LineitState

    seed = next(s for s in range(100) if LineitState(3, seed=s).snapshot.first == 1)
    args = ["lineit", "play", "--players", "3", "--seed", str(seed), "--bot", "random"]
    result = runner.invoke(main, [*args, "--session", "bf"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    first_prompt = result.output.index("line N or hand N")
    before = result.output[:first_prompt]
    assert "  Since the game began:\n" in before, before
    assert "      Bot 2: " in before and "      Bot 3: " in before, before
    assert "Since your last turn" not in before


def test_play_against_a_bot_quit_and_resume(runner: CliRunner, data_dir: Path) -> None:
    from cardside.games.lineit.state import LineitState

    seed = next(s for s in range(100) if LineitState(2, seed=s).snapshot.first == 0)
    market = LineitState(2, seed=seed).snapshot.market
    take = f"hand {market[0] if market[0] <= 100 else 'B' + str(market[0] - 100)}"
    args = ["lineit", "play", "--seed", str(seed), "--bot", "random", "--session", "vb"]
    result = runner.invoke(main, args, input=f"{take}\ndone\nquit\n")
    assert result.exit_code == 0, result.output
    assert "You take" in result.output and "into hand" in result.output
    # The bot's turn is told under the next table, with your own before it.
    assert "  Since your last turn:\n" in result.output and "      Bot 2: " in result.output
    assert "Continue with: cardside sessions resume vb" in result.output
    resumed = runner.invoke(main, ["sessions", "resume", "vb"], input="show\nundo\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    # Round 2's market was turned up from the deck: the undo goes back before it, marked.
    said = "New cards were turned up since, and what you saw stays known"
    assert "Round 2" in resumed.output and "Took back" in resumed.output
    assert said in resumed.output
    session = store.load(data_dir / "sessions" / "vb.toml")
    assert session.entries[-1]["type"] == "undo" and session.entries[-1]["seen"] is True
    assert sheets.mismatches(session) == []


def test_a_turn_resumed_or_undone_midway_draws_the_table_once(
    runner: CliRunner, data_dir: Path
) -> None:
    """Resumed after the market card was taken, the table is drawn with the line and hand in
    it, not again under it; an undo within a turn draws the whole table, market and all."""
    from cardside.games.lineit.state import LineitState

    seed = next(s for s in range(100) if LineitState(2, seed=s).snapshot.first == 0)
    market = LineitState(2, seed=seed).snapshot.market
    card = str(market[0]) if market[0] <= 100 else f"B{market[0] - 100}"
    args = ["lineit", "play", "--seed", str(seed), "--bot", "random", "--session", "mid"]
    assert runner.invoke(main, args, input=f"hand {card}\nquit\n").exit_code == 0
    resumed = runner.invoke(main, ["sessions", "resume", "mid"], input="undo\nquit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    before, after = resumed.output.split("Took back 1 action.")
    assert before.count("    hand: ") == 1 and before.count("  market: ") == 1
    assert after.count("  market: ") == 1 and "line N or hand N" in after
    # An undo refused changes nothing: the step after it draws only the line and hand.
    args[-1] = "refused"
    fresh = runner.invoke(main, args, input=f"undo\nhand {card}\nquit\n")
    assert fresh.exit_code == 0 and "nothing of yours to undo yet" in fresh.output
    assert fresh.output.split("nothing of yours to undo yet")[1].count("  market: ") == 0


def test_play_options_are_checked(runner: CliRunner, data_dir: Path) -> None:
    for args, message in [
        (["--players", "6"], "6 is not from 2 to 5"),
        (["--players", "2", "--humans", "3"], "3 people cannot sit at a table of 2"),
        (["--names", "A,A"], "names must differ"),
        (["--players", "2", "--names", "A,B,C"], "3 names for --players 2"),
        (["--names", "A,,B"], "a name is empty"),
    ]:
        result = runner.invoke(main, ["lineit", "play", *args], input="quit\n")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


# -- simulate ----------------------------------------------------------------------------------
def test_simulate_json_and_reproducible(runner: CliRunner) -> None:
    args = ["lineit", "simulate", "--games", "4", "--bots", "heuristic,random", "--seed", "5"]
    first = runner.invoke(main, [*args, "--json"])
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["games"] == 4 and [b["bot"] for b in data["bots"]] == ["heuristic", "random"]
    assert data["game"] == "lineit" and data["lineit"]["players"] == 2
    for bot, own in zip(data["bots"], data["lineit"]["bots"], strict=True):
        assert bot["share"] == bot["wins"] / 4
        assert 0 <= bot["interval"][0] <= bot["share"] <= bot["interval"][1] <= 1
        parts = own["line_points"] + own["jackpot_points"] + own["tokens"]
        assert abs(parts - own["score"]) < 1e-9
    assert json.loads(runner.invoke(main, [*args, "--json"]).output) == data
    text = runner.invoke(main, args).output
    assert "Line-it, 2 players, 4 games" in text and "heuristic" in text


def test_simulate_ties_share_the_win(runner: CliRunner) -> None:
    # Five random bots tie often; each game hands out exactly one win, split among the tied.
    args = ["lineit", "simulate", "--games", "10", "--players", "5", "--seed", "3", "--json"]
    result = runner.invoke(main, [*args, "--bots", "random,random,random,random,random"])
    assert result.exit_code == 0, result.output
    bots = json.loads(result.output)["bots"]
    assert abs(sum(b["wins"] for b in bots) - 10) < 1e-9
    assert any(b["wins"] != int(b["wins"]) for b in bots)  # a tie was split in these games


def test_simulate_measures_the_strong_bot_against_the_classic_one(runner: CliRunner) -> None:
    args = ["lineit", "simulate", "--games", "2", "--bots", "strong,classic", "--seed", "4"]
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    data = json.loads(result.output)
    assert [b["bot"] for b in data["bots"]] == ["strong", "classic"]
    assert sum(b["wins"] for b in data["bots"]) == 2


def test_simulate_refuses_bad_bots(runner: CliRunner) -> None:
    for bots, players, message in [
        ("heuristic", "2", "give one bot per seat, or two: 2 names, not 1 (e.g. strong,heuristic)"),
        ("random,heuristic,random", "4", "4 names, not 3"),
        ("strong", "5", "5 names, not 1 (e.g. strong,heuristic,heuristic,heuristic,heuristic)"),
        ("heuristic,clever", "2", "unknown Line-it bot"),
    ]:
        args = ["lineit", "simulate", "--games", "1", "--players", players, "--bots", bots]
        result = runner.invoke(main, args)
        assert result.exit_code == 2 and message in result.output, result.output


def test_history_is_told_round_by_round_and_again_after_resume(
    runner: CliRunner, data_dir: Path
) -> None:
    from cardside.games.lineit.notation import parse_action
    from cardside.games.lineit.state import LineitState

    actions = hot_seat_script(seed=3)
    state = LineitState(2, seed=3)
    count = 0
    while state.snapshot.round_no == 1:
        state.apply(parse_action(actions[count]))
        count += 1
    shown = actions[: count + 2]
    args = ["lineit", "play", "--players", "2", "--humans", "2", "--seed", "3", "--session", "r"]
    first = runner.invoke(main, args, input="\n".join([*shown, "history", "quit", ""]))
    assert first.exit_code == 0, first.output[-2000:]
    told = first.output[first.output.rindex("  round 1:") :]
    assert told.startswith(
        "  round 1:\n    Player 1: line B3, done\n    Player 2: hand 55g, done\n"
    )
    assert "\n  round 2:\n    Player 2: line 2b, done\n" in told
    again = runner.invoke(main, ["sessions", "resume", "r"], input="history\nquit\n")
    assert again.exit_code == 0, again.output[-2000:]
    retold = again.output[again.output.rindex("  round 1:") :]
    assert retold.split("\n")[:6] == told.split("\n")[:6]


def test_keep_never_runs_a_jackpot_s_numbers_together(runner: CliRunner, data_dir: Path) -> None:
    """``jackpot Ann 1 2`` is two numbers, not a pile of 12; a sum with spaces still counts."""
    script = ["jackpot Ann 1 2", "jackpot Ann 5 6", "jackpot Ann 4 + 3", "quit"]
    result = runner.invoke(
        main, ["lineit", "keep", "--names", "Ann,Bo"], input="\n".join(script) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "took a jackpot of 12 cards" not in out
    assert "not 56" not in out
    assert "'1 2' is 2 numbers: enter one jackpot pile per entry" in out
    assert "(a pile counted in parts is a sum: 5+6)" in out
    assert "Ann took a jackpot of 7 cards" in out


def test_keep_says_a_line_s_jackpot_is_still_to_enter(runner: CliRunner, data_dir: Path) -> None:
    """The line's total leaves its jackpot out, so the report says how to enter the pile."""
    script = ["line Cy 5 B5 9 13 17", "line Ann 3 7 11 12 16 20", "quit"]
    result = runner.invoke(
        main, ["lineit", "keep", "--names", "Ann,Bo,Cy"], input="\n".join(script) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert (
        "red reached three with 13 (took the red jackpot); line total -4 "
        "the line's total leaves the jackpot out: enter its pile with jackpot Cy N" in out
    )
    assert "leaves the jackpots out: enter each pile with jackpot Ann N" in out


def test_a_jackpot_entered_before_its_line_is_not_asked_for_again(
    runner: CliRunner, data_dir: Path
) -> None:
    # Cy's pile comes two entries before the line that took it, with Bo's line between.
    script = [
        "jackpot Cy 4",
        "line Bo 41 42",
        "line Cy 5 B5 9 13 17",
        "jackpot Ann 3",
        "line Ann 3 7 11 12 16 20",
    ]
    result = runner.invoke(
        main, ["lineit", "keep", "--names", "Ann,Bo,Cy"], input="\n".join([*script, "quit"]) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "took the red jackpot" in out
    assert "enter its pile with jackpot Cy N" not in out
    # Ann's line took two jackpots and one pile was entered: the other is still asked for.
    assert "1 of the line's 2 jackpot piles still to enter: jackpot Ann N" in out


def test_a_full_hand_says_the_card_may_go_to_the_line(runner: CliRunner, data_dir: Path) -> None:
    """``hand N`` with two cards in hand names the way on: ``line N``, and whether that first
    scores the line (the card does not continue it) or simply adds the card."""
    from cardside.games.lineit import rules
    from cardside.games.lineit.notation import DONE, HAND, LINE, format_card
    from cardside.games.lineit.state import LineitState

    state = LineitState(2, seed=4)
    script: list[str] = []
    fits_seen = misfit_seen = False
    while not (fits_seen and misfit_seen):
        s = state.snapshot
        seat = state.current_player()
        assert seat is not None
        if len(s.hands[seat]) == 2:
            for card in s.market:
                fits = rules.why_not_fits(s.lines[seat], card) is None
                script.append(f"hand {format_card(card)}")
                fits_seen, misfit_seen = fits_seen or fits, misfit_seen or not fits
        playable = [c for c in s.market if state.is_legal(HAND[c])]
        action = HAND[playable[0]] if playable else LINE[s.market[0]]
        script.append(f"{action.kind} {format_card(action.card)}")
        state.apply(action)
        script.append("done")
        state.apply(DONE)
    args = ["lineit", "play", "--humans", "2", "--seed", "4", "--session", "fh"]
    result = runner.invoke(main, args, input="\n".join([*script, "quit", ""]))
    out = " ".join(result.output.split())
    assert "your hand is full (2 cards); take it for your line instead (line " in out
    assert "; line " in out and (
        "takes it for your line, which is scored first as the card does not continue it" in out
    )


def test_play_help_says_where_a_card_that_fits_neither_goes(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(main, ["lineit", "play", "--seed", "1"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert "A card that fits neither" in result.output
    assert "your line is scored first and the card starts a new one" in result.output


def test_a_kept_row_is_numbered_by_its_entry_in_the_file(runner: CliRunner, data_dir: Path) -> None:
    """After an undo the rows skip the undone entry and the undo: ``entry 4`` in show, verify
    and the exports is the file's fourth entry."""
    script = ["line Ann 3 7 11 12", "line Bob 5 9 13 17", "undo", "line Bob 5 9 13 20", "quit"]
    args = ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"]
    assert runner.invoke(main, args, input="\n".join(script) + "\n").exit_code == 0
    session = store.load(data_dir / "sessions" / "k.toml")
    assert [r.number for r in session.rounds] == [1, 4]
    shown = runner.invoke(main, ["sessions", "show", "k"]).output
    assert any(line.startswith("4 ") and "Bob" in line for line in shown.splitlines())
    path = data_dir / "sessions" / "k.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('cards = "5 9 13 20"', 'cards = "5 9 13 20 24"'), encoding="utf-8")
    said = runner.invoke(main, ["sessions", "verify", "k"]).output
    assert "entry 4: stored scores [0, 1], entries give [0, 2]" in said, said
    # A file of an earlier cardside numbered the rows 1, 2: it still verifies, and a wrong
    # row is still named.
    path.write_text(text.replace("round = 4", "round = 2"), encoding="utf-8")
    assert runner.invoke(main, ["sessions", "verify", "k"]).output.startswith("ok")
    bad = text.replace("round = 4\nscores = [0, 1]", "round = 2\nscores = [0, 3]")
    path.write_text(bad, encoding="utf-8")
    said = runner.invoke(main, ["sessions", "verify", "k"]).output
    assert "entry 4: stored scores [0, 3], entries give [0, 1]" in said, said


def test_keep_refuses_an_end_with_a_pile_no_line_took_but_lets_an_older_file_end(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"]
    typed = runner.invoke(main, args, input="jackpot Ann 5\nend\nquit\n")
    assert "Ann has 1 jackpot pile entered, but Ann's lines took 0 jackpots" in typed.output
    assert not store.load(data_dir / "sessions" / "k.toml").finished
    resumed = runner.invoke(main, ["sessions", "resume", "k"], input="end\nquit\n")
    assert "Ann's lines took 0 jackpots" in resumed.output  # typed now, after resume too
    # A game that ended before the rule with a pile no line took still opens, and an end
    # taken back to correct it may be entered again; a pile typed now is asked for its line.
    ledger_entries = '[[entries]]\ntype = "end"\n'
    path = data_dir / "sessions" / "k.toml"
    path.write_text(path.read_text(encoding="utf-8") + ledger_entries, encoding="utf-8")
    assert runner.invoke(main, ["sessions", "verify", "k", "--fix"]).exit_code == 0
    assert store.load(path).finished
    corrected = runner.invoke(main, ["sessions", "resume", "k"], input="undo\nend\n\n")
    assert corrected.exit_code == 0 and corrected.exception is None, corrected.output
    assert "Ann's lines took" not in corrected.output, corrected.output
    assert store.load(path).finished
    more = runner.invoke(
        main, ["sessions", "resume", "k"], input="undo\njackpot Ann 2\nend\nquit\n"
    )
    assert "Ann has 2 jackpot piles entered, but Ann's lines took 0 jackpots" in more.output


def test_verify_notes_and_fix_renumbers_rows_numbered_by_an_earlier_cardside(
    runner: CliRunner, data_dir: Path
) -> None:
    script = ["line Ann 3 7 11 12", "line Bob 5 9 13 17", "undo", "line Bob 5 9 13 20", "quit"]
    args = ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"]
    runner.invoke(main, args, input="\n".join(script) + "\n")
    path = data_dir / "sessions" / "k.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("round = 4", "round = 2"), encoding="utf-8"
    )
    noted = runner.invoke(main, ["sessions", "verify", "k"])
    assert noted.exit_code == 0 and "numbered 1, 2, 3 as an earlier cardside did" in noted.output
    fixed = runner.invoke(main, ["sessions", "verify", "k", "--fix"])
    assert "now numbered by their entries" in fixed.output
    assert [r.number for r in store.load(path).rounds] == [1, 4]
    assert "earlier cardside" not in runner.invoke(main, ["sessions", "verify", "k"]).output


def test_keep_finds_a_name_that_starts_like_a_number_or_a_token(
    runner: CliRunner, data_dir: Path
) -> None:
    """Names are matched first: -x and 2pac are players; 2 alone is a card, never a start."""
    script = "line 2 13 31\nline 2pac 13 31\nline -x 40 50 60 70\nquit\n"
    out = runner.invoke(main, ["lineit", "keep", "--names=-x,2pac"], input=script).output
    assert "say whose first, by name (-x, 2pac): line -x 2 ..." in out
    assert "2pac: discarded 13 31;" in out and "-x: discarded 40 50 60; no bet; points 70" in out


def test_play_keeps_a_turn_in_view_on_a_30_row_terminal(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four players on an 80-column terminal: at each of your turns, the turns since your last
    one began (your own scoring among them, and the bots' moves since) are listed under the
    table, within the 30 rows above the prompt; history says what each scored line gave."""
    from cardside.tui import console as console_module

    monkeypatch.setattr(console_module.Console, "columns", lambda self: 80)
    lines = played_for_you(
        runner, monkeypatch, players=4, seed=3, answers=200, typed={30: "history"}
    )
    prompts = [i for i, ln in enumerate(lines) if ln.startswith("line N or hand N")]
    assert len(prompts) >= 10
    scored = 0
    recaps = [i for i, ln in enumerate(lines) if ln == "  Since your last turn:"]
    assert len(recaps) >= 10
    for since in recaps:
        # The next prompt, or at the end the final scores.
        at = next(i for i in range(since, len(lines)) if i in prompts or "Final" in lines[i])
        assert at - since < 29, lines[since : at + 1]
        told = "\n".join(lines[since:at])
        assert "      You: " in told and "      Bot " in told, told
        scored += "score (line " in told
    assert scored
    # history, asked at the 31st answer
    start = lines.index("  round 1:")
    history = " ".join(ln.strip() for ln in lines[start : next(i for i in prompts if i > start)])
    gave = r"score \(line [0-9Brbgy ]+: points \d+(, bet B\d [+-]\d)?, total [+-]\d+\)"
    assert re.search(gave, history), history


def test_help_answers_for_the_step_of_the_turn(runner: CliRunner, data_dir: Path) -> None:
    """``help`` before the market card is taken tells how to take one; once it is taken, what
    may follow (play, score, done), not how to take a card again."""
    from cardside.games.lineit.state import LineitState

    seed = next(s for s in range(100) if LineitState(2, seed=s).snapshot.first == 0)
    market = LineitState(2, seed=seed).snapshot.market
    take = f"hand {market[0] if market[0] <= 100 else 'B' + str(market[0] - 100)}"
    args = ["lineit", "play", "--seed", str(seed), "--bot", "random"]
    result = runner.invoke(main, args, input=f"help\n{take}\nhelp\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    before, after = result.output.split(take, 1)
    assert "  Take a market card: line 57" in before
    assert "Your market card is taken. Now, if you like, play 23" in after
    assert "Take a market card" not in after


def test_help_at_the_end_of_the_game_says_the_deck_cannot_fill_a_market() -> None:
    from cardside.games.lineit.bots import make_bot
    from cardside.games.lineit.state import END, LineitState
    from cardside.tui.lineit.screen import HELP_END, LineitScreen, LineitTurn

    state = LineitState(2, seed=4)
    bot = make_bot("random", seed=1)
    while state.snapshot.step != END:
        state.apply(bot.choose(state, state.current_player()))
    turn = LineitTurn(LineitScreen(None, None, ["You", "Bot 2"]), None)  # type: ignore[arg-type]
    assert turn.help_now(state, state.current_player()) == HELP_END
    assert HELP_END.startswith("  The deck cannot fill a market: play 23 (a last card from hand")


def test_a_game_resumed_within_a_turn_draws_the_whole_table(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["lineit", "play", "--seed", "4", "--session", "mid"]
    first = runner.invoke(main, args, input="hand B3\nquit\n")
    assert first.exit_code == 0 and first.exception is None, first.output
    resumed = runner.invoke(main, ["sessions", "resume", "mid"], input="quit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    before_prompt = resumed.output.split("play from hand or done:")[0]
    assert "jackpots: red 0" in before_prompt and "market: 28y 60y 3g" in before_prompt
    assert "Bot 2: score 0" in before_prompt


def test_keep_counts_keep_the_tokens_named_and_check_them_across_players(
    runner: CliRunner, data_dir: Path
) -> None:
    """Ann names two 3s: a third named by Bob cannot be; his sum alone still may be (+5-4-4
    makes -3). The file and the list of entries keep the tokens as typed."""
    result = keep_three(runner, "counts Ann 10 -3-3", "counts Bob 5 +4-3", "counts Bob 5 -3", "fix")
    out = result.output
    assert (
        "the tokens +4 -3 cannot come from the six tokens (3, 3, 4, 4, 5 and 5, each + or -, "
        "each one player's) beside the others' tokens entered"
    ) in out
    assert "      1  counts Ann 10 -3-3\n" in out and "      2  counts Bob 5 -3\n" in out
    entries = store.load(only_session(data_dir)).entries
    assert entries[0]["named"] == [-3, -3] and entries[0]["tokens"] == -6
    assert "named" not in entries[1]


@pytest.mark.parametrize(
    "named",
    [[-3, -3, -3], [7], [-3, 2], "x", [True]],
)
def test_keep_counts_with_bad_tokens_named_in_a_file_are_refused(named: object) -> None:
    from cardside.core.errors import EntryError
    from cardside.games.lineit.keep import LineitLedger

    total = sum(named) if isinstance(named, list) and all(type(t) is int for t in named) else -6
    entry = {"type": "counts", "seat": 0, "pile": 3, "tokens": total, "named": named}
    with pytest.raises(EntryError):
        LineitLedger.from_entries(["Ann", "Bob"], [entry])


def test_keep_counts_whose_tokens_named_do_not_add_up_are_refused() -> None:
    from cardside.core.errors import EntryError
    from cardside.games.lineit.keep import LineitLedger

    entry = {"type": "counts", "seat": 0, "pile": 3, "tokens": -5, "named": [-3, -3]}
    with pytest.raises(EntryError, match="the tokens named add up to -6, not -5"):
        LineitLedger.from_entries(["Ann", "Bob"], [entry])


@pytest.mark.parametrize(
    ("piles", "code", "said"),
    [
        (
            ["22"],
            1,
            "a jackpot pile of 22 cards cannot be: a pile holds cards of its colour not "
            "in the line, at most 17 for red here",
        ),
        (["17"], 0, "total 5 points + 17 jackpot = 22"),
    ],
)
def test_score_refuses_a_pile_larger_than_its_colour_leaves(
    runner: CliRunner, piles: list[str], code: int, said: str
) -> None:
    """Eight red cards in the line: its red pile holds at most the other 17 reds."""
    args = ["lineit", "score", "1 5 9 13 17 21 25 29"]
    for pile in piles:
        args += ["--jackpot", pile]
    result = runner.invoke(main, args)
    assert result.exit_code == code, result.output
    assert said in result.output


def test_score_matches_several_piles_to_their_colours_in_any_order() -> None:
    from cardside.games.lineit.rules import jackpots_in
    from cardside.games.lineit.score import line_report

    # Red (1 5 9) and blue (2 6 10) reach three; red has 4 in the line, blue 3.
    cards = "1 2 5 6 9 10 13"
    assert len(jackpots_in([int(c) for c in cards.split()])) == 2
    assert line_report(cards, [22, 21]).total == line_report(cards, [21, 22]).total
    with pytest.raises(ValueError, match="jackpot piles of 22, 22 cards cannot all be"):
        line_report(cards, [22, 22])


@pytest.mark.parametrize("game", ["lineit", "iota"])
def test_simulate_two_bots_at_a_bigger_table_the_first_against_the_second(
    runner: CliRunner, game: str
) -> None:
    """As in Octrix: two bots for 3 players is the first against the second in every other
    seat, the same games as naming every seat."""
    other = "heuristic" if game == "lineit" else "greedy"
    base = [game, "simulate", "--games", "3", "--players", "3", "--jobs", "1", "--json"]
    two = runner.invoke(main, [*base, "--bots", f"random,{other}"])
    three = runner.invoke(main, [*base, "--bots", f"random,{other},{other}"])
    assert two.exit_code == 0 and two.exception is None, two.output
    assert json.loads(two.output) == json.loads(three.output)


def test_score_without_cards_says_what_to_give(runner: CliRunner) -> None:
    result = runner.invoke(main, ["lineit", "score"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "give the cards of the scored line in the order laid, e.g. 12 30 B4 45 57" in (
        result.output
    )
    assert "Missing argument" not in result.output


def test_keep_a_line_typed_without_its_word_is_answered_with_the_entry_meant(
    runner: CliRunner, data_dir: Path
) -> None:
    script = "Bea 12 30 45 57\nZed 12\nB 12\nBea jackpot 5\nbea counts 3 +2\nquit\n"
    result = runner.invoke(main, ["lineit", "keep", "--names", "Bea,Bob,Al"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    said = [line.strip() for line in result.output.splitlines()]
    assert "start with what happened: line Bea 12 30 45 57 (or jackpot, counts) (type help)" in said
    # No player's name first (or the start of two): as before.
    assert "not an entry or a command: Zed (type help)" in said
    assert "start with what happened: jackpot Bea 5 (type help)" in said
    assert "start with what happened: counts bea 3 +2 (type help)" in said
    assert sum("start with what happened" in line for line in said) == 3


def test_show_names_the_end_row_of_a_played_game_end_not_a_round_never_played(
    runner: CliRunner, data_dir: Path
) -> None:
    """The example game's last round is 21; the lines scored at its end are the row ``end``."""
    example = Path(__file__).resolve().parents[2] / "scoresheets" / "lineit-played-vs-strong.toml"
    result = runner.invoke(main, ["sessions", "show", str(example)])
    assert result.exit_code == 0 and result.exception is None, result.output
    rows = [line.split()[0] for line in result.output.splitlines() if line[:1].isalnum()]
    table = rows[rows.index("round") + 1 :]
    assert "21" in table and "22" not in table
    assert [line for line in result.output.splitlines() if line.startswith("end ")] == [
        line for line in result.output.splitlines() if "end: Bot 2 line +0" in line
    ]


def test_resumed_within_a_turn_the_recap_keeps_the_turns_before_it(
    runner: CliRunner, data_dir: Path
) -> None:
    """Left after the first half of a turn: resumed, the recap still tells the bot's turn
    before it, as it was told when the turn began."""
    args = ["lineit", "play", "--seed", "3", "--session", "r"]
    first = runner.invoke(main, args, input="line 55\ndone\nl 79\nquit\n")
    assert first.exit_code == 0 and first.exception is None, first.output
    told = first.output[first.output.rindex("Since your last turn:") :]
    assert "Bot 2: line 24y, play B3, done" in told
    resumed = runner.invoke(main, ["sessions", "resume", "r"], input="quit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    recap = resumed.output[resumed.output.rindex("Since your last turn:") :]
    assert "Bot 2: line 24y, play B3, done" in recap and "You: line 79" in recap


def test_a_resumed_keep_says_which_jackpot_piles_are_still_to_enter(
    runner: CliRunner, data_dir: Path
) -> None:
    """The reminder given when the line was entered is given again wherever the sheet is
    drawn: a game resumed, and show."""
    keep = ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"]
    entered = runner.invoke(main, keep, input="line Bob 10 20 31 40 50 60 70 80 90\nquit\n")
    assert entered.exit_code == 0 and entered.exception is None, entered.output
    owed = "Bob's lines took 2 jackpots and {} entered: enter each pile still to come"
    resumed = runner.invoke(
        main, ["sessions", "resume", "k"], input="jackpot Bob 4\nshow\njackpot Bob 3\nshow\nquit\n"
    )
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    out = resumed.output
    first, after_one, after_two = out.split("Line-it, line by line.")[1:4]
    assert owed.format("0 piles are") in first
    assert owed.format("1 pile is") in after_one
    assert "still to come" not in after_two


def played_for_you(
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    players: int,
    seed: int,
    answers: int,
    typed: dict[int, str] | None = None,
) -> list[str]:
    """The lines of ``lineit play`` against heuristic bots with a heuristic bot typing your
    moves (``answers`` of them, then quit; answer N is ``typed[N]`` where given), as a person
    at a terminal would see them."""
    from cardside.games.lineit.bots import HeuristicBot
    from cardside.games.lineit.notation import format_action
    from cardside.tui import console as console_module
    from cardside.tui.human import Human

    you = HeuristicBot(seed=5)
    current: dict[str, Any] = {}
    original = Human.choose

    def choose(self: Human, obs: Any, seat: int) -> Any:
        current["obs"], current["seat"] = obs, seat
        return original(self, obs, seat)

    left = iter(range(answers))

    def read_line() -> str:
        n = next(left, None)
        if n is None:
            return "quit"
        if typed and n in typed:
            return typed[n]
        return format_action(you.choose(current["obs"], current["seat"]))

    monkeypatch.setattr(Human, "choose", choose)
    monkeypatch.setattr(console_module, "read_line", read_line)
    args = ["--players", str(players), "--bot", "heuristic", "--seed", str(seed)]
    result = runner.invoke(main, ["lineit", "play", *args, "--session", "p"], input="")
    assert result.exit_code == 0 and result.exception is None, result.output[-2000:]
    return result.output.splitlines()


def test_the_recap_starts_at_your_last_turn_when_you_end_a_round_and_start_the_next(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two players: who ends a round often starts the next, with no move between. The turns
    since theirs begin at that last turn (one turn of yours told), not at the one before."""
    lines = played_for_you(runner, monkeypatch, players=2, seed=3, answers=120)
    recaps = [i for i, ln in enumerate(lines) if ln == "  Since your last turn:"]
    assert len(recaps) >= 10
    back_to_back = 0
    for since in recaps:
        end = next(i for i in range(since + 1, len(lines)) if not lines[i].startswith("    "))
        told = lines[since + 1 : end]
        assert sum(ln.startswith("      You: ") for ln in told) == 1, told
        back_to_back += not any(ln.startswith("      Bot 2: ") for ln in told)
    assert back_to_back, "no round ended by you was started by you"


@pytest.mark.parametrize("players", [3, 4])
def test_each_turn_s_screen_fits_a_24_row_terminal(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """At 80x24, from the top of the table to the prompt, each turn of yours fits: the turns
    since your last one go a round a line, and the oldest go to history where even that is
    too tall (said so, and only then)."""
    from cardside.tui import console as console_module

    monkeypatch.setattr(console_module.Console, "columns", lambda self: 80)
    monkeypatch.setattr(console_module.Console, "rows", lambda self: 24)
    lines = played_for_you(runner, monkeypatch, players=players, seed=2, answers=400)
    prompts = [i for i, ln in enumerate(lines) if ln.startswith("line N or hand N")]
    assert len(prompts) >= 12
    fitted = 0
    for at in prompts:
        top = max(i for i in range(at) if lines[i].startswith(("Round ", "The end:")))
        since = next((i for i in range(top, at) if lines[i].startswith("  Since ")), at)
        told = lines[since:at]
        assert at - top + 1 <= 24, "\n".join(lines[top : at + 1])
        fitted += "    (before these: history lists them)" not in told
    assert fitted >= 5


def test_a_jackpot_no_scored_line_took_yet_is_said_at_once(runner: CliRunner) -> None:
    lines = (
        "line Ann 12 30 B4 45 57 60 71\njackpot Ann 7\nline Bob 3 14 25 36\njackpot Bob 5\nquit\n"
    )
    result = runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bob,Cy"], input=lines)
    assert result.exit_code == 0 and result.exception is None, result.output
    said = "  (no scored line of {}'s took it yet: enter the line that took it before the end, or "
    assert result.output.count(said.format("Ann")) == 1
    assert result.output.count(said.format("Bob")) == 1
