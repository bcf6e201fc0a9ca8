"""``cardside octrix``: score, rules, keep and play through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.octrix.notation import format_card
from cardside.games.octrix.state import OctrixState
from cardside.sessions import sheets, store

ROUND = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]


def only_session(data_dir: Path) -> Path:
    files = store.list_paths(data_dir)
    assert len(files) == 1
    return files[0]


# -- score -------------------------------------------------------------------------------------
def test_score_counting_cards(runner: CliRunner) -> None:
    result = runner.invoke(main, ["octrix", "score", "1", "3", "4", "5", "8"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "11"
    assert "[1] [3 4 5] [8]" in result.output


@pytest.mark.parametrize(
    "typed", [["1,3,4,5,8"], ["1 3 4 5 8"], ["1,", "3", "4,5", "8"], ["1, 3 ,4", "5,8"]]
)
def test_score_counting_cards_with_commas_or_as_one_word(
    runner: CliRunner, typed: list[str]
) -> None:
    result = runner.invoke(main, ["octrix", "score", *typed])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.splitlines()[0] == "11"


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        (["9"], "9 is not a counting card (a whole number from 1 to 8)"),
        (["1,x"], "'x' is not a counting card"),
        ([","], "give counting-card numbers, e.g. 1 3 4 5 8"),
        ([""], "give counting-card numbers, e.g. 1 3 4 5 8"),
        (["1" * 2_000], "too much text for counting cards"),
    ],
)
def test_score_counting_cards_that_cannot_be_read_are_usage_errors(
    runner: CliRunner, typed: list[str], reason: str
) -> None:
    result = runner.invoke(main, ["octrix", "score", *typed])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert reason in result.output and len(result.output.strip().splitlines()) == 1


def test_score_counting_cards_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["octrix", "score", "--json", "1", "3", "4", "5", "8"])
    assert json.loads(result.output) == {
        "counting": [1, 3, 4, 5, 8],
        "runs": [[1], [3, 4, 5], [8]],
        "score": 11,
        "answer": "11",
        "reasoning": [
            "11",
            "runs: [1] [3 4 5] [8] = 1+9+1 = 11",
            "(a run of k counting cards in a row scores k x k: 1, 4, 9, 16, ...)",
        ],
    }


def test_score_round_from_tricks(runner: CliRunner) -> None:
    args = ["octrix", "score", "--json", "--names", "Ann,Bob"]
    for t in ROUND:
        args += ["--trick", t]
    data = json.loads(runner.invoke(main, args).output)
    assert [t["winner"] for t in data["tricks"]] == [
        "Ann",
        "Ann",
        "Bob",
        "Ann",
        "Ann",
        "Ann",
        "Bob",
        "Bob",
    ]
    assert [t["rule"] for t in data["tricks"]][:3] == ["highest", "lowest", "lowest"]
    assert [(s["name"], s["score"]) for s in data["scores"]] == [("Ann", 13), ("Bob", 5)]
    assert data["complete"] is True


def test_score_bad_input_is_one_line_and_nonzero(runner: CliRunner) -> None:
    for args, message in [
        (["3", "1", "3"], "counting card 3 appears twice"),
        (["--trick", "8C"], "trick 1 has 1 card: a trick has one card per player, 2 to 4"),
        (["--names", "Ann,Bob,Cy", "--trick", "8C 3H"], "give one name per card of a trick"),
        (["9"], "9 is not a counting card (a whole number from 1 to 8)"),
        (["x"], "'x' is not a counting card"),
        (["--trick", "x 3H"], "'x' is not a card (write rank then suit, e.g. 8C or 3H)"),
        (["--trick", "8C 9H"], "not a rank in Octrix"),
        (["--trick", "8C 3H", "--trick", "8C 2H"], "trick 2: 8C was already played"),
        ([], "give counting-card numbers (e.g. 1 3 4 5 8) or --trick for each trick"),
        (["1", "--trick", "8C 3H"], "or --trick for each trick, not both"),
        # A round has 8 tricks: a 9th (of cards not yet played) is refused, not a new round.
        (
            [arg for t in [*ROUND, "AH 2H"] for arg in ("--trick", t)],
            "a round has 8 tricks: give 1 to 8 (--trick), not 9",
        ),
    ]:
        result = runner.invoke(main, ["octrix", "score", *args])
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert isinstance(result.exception, SystemExit)
        assert len([line for line in result.output.splitlines() if "Error" in line]) == 1
        assert ("not both" in result.output) == (args == ["1", "--trick", "8C 3H"]), args


def test_rules_text(runner: CliRunner) -> None:
    result = runner.invoke(main, ["octrix", "rules"])
    assert result.exit_code == 0
    assert "88" in result.output and "k x k" in result.output and "partnership" in result.output


# -- keep --------------------------------------------------------------------------------------
def test_keep_scripted_round_then_show_and_verify(runner: CliRunner, data_dir: Path) -> None:
    script = "\n".join(["Ann, Bob", "n", *ROUND, "quit"]) + "\n"
    result = runner.invoke(main, ["octrix", "keep", "--session", "friday"], input=script)
    assert result.exit_code == 0, result.output
    assert "Ann wins (highest card) and takes counting card 1" in result.output
    assert "Next trick: lowest card wins" in result.output
    assert "Ann: [1 2] [4 5 6] = 4+9 = 13" in result.output
    assert "Bob: [3] [7 8] = 1+4 = 5" in result.output
    path = data_dir / "sessions" / "friday.toml"
    session = store.load(path)
    assert session.totals == [13, 5] and len(session.entries) == 8
    shown = runner.invoke(main, ["sessions", "show", "friday"])
    assert shown.exit_code == 0 and "13" in shown.output and "round" in shown.output
    verified = runner.invoke(main, ["sessions", "verify", str(path)])
    assert verified.exit_code == 0 and verified.output.startswith("ok")


def test_keep_refuses_bad_cards_and_keeps_what_was_entered(
    runner: CliRunner, data_dir: Path
) -> None:
    script = (
        "\n".join(
            [
                "8C 3H",
                "8C 2H",
                "XX 3H",
                "2C",
                "2C 2C",
                "2C 3D",
                "help",
                "undo",
                "show",
                "2C 3D",
                "quit",
            ]
        )
        + "\n"
    )
    result = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], input=script
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "8C was already played this round (trick 1)" in out
    assert "'XX': X is not a suit (end it with C, S, H or D)" in out
    assert "a trick has 2 cards, one per player" in out
    assert "2C is named twice" in out
    assert "Undone: trick 2C 3D. Round 1, 1 trick entered." in out
    assert result.exception is None
    session = store.load(only_session(data_dir))
    kinds = [e["type"] for e in session.entries]
    assert kinds == ["trick", "trick", "undo", "trick"]
    assert sheets.mismatches(session) == []


@pytest.mark.parametrize(("answer", "teams"), [("y", True), ("n", False), ("", False)])
def test_keep_asks_whether_four_players_named_at_the_prompt_are_two_teams(
    runner: CliRunner, data_dir: Path, answer: str, teams: bool
) -> None:
    script = f"Ann,Bob,Cy,Dee\n{answer}\nn\nquit\n"
    result = runner.invoke(main, ["octrix", "keep", "--session", "k"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Two partnerships, Ann and Cy against Bob and Dee? [y/N]" in result.output
    session = store.load(data_dir / "sessions" / "k.toml")
    assert session.options["partnership"] is teams and session.options["hands"] is False
    assert ("Ann & Cy" in result.output) is teams


@pytest.mark.parametrize("given", [["--names", "Ann,Bob,Cy,Dee"], ["--partnership"]])
def test_keep_asks_no_team_question_of_names_given_or_teams_said(
    runner: CliRunner, data_dir: Path, given: list[str]
) -> None:
    script = ("" if "--names" in given else "Ann,Bob,Cy,Dee\n") + "n\nquit\n"
    result = runner.invoke(main, ["octrix", "keep", "--session", "k", *given], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Two partnerships" not in result.output
    session = store.load(data_dir / "sessions" / "k.toml")
    assert session.options["partnership"] is ("--partnership" in given)


def test_keep_with_hands_checks_each_card(runner: CliRunner, data_dir: Path) -> None:
    hands = ["8C 2C 7H 6H 5H 4H 2S AS", "3H 3D 7D 6D 5D 4D 3S 8S"]
    script = "\n".join(
        [hands[0], "8C 3H 7D 6D 5D 4D 3S 8S", hands[1], "3H 8C", "8C 3H", "Ann 1 Zed", "quit"]
    )
    result = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--hands"], input=script + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "8C is already in Ann's hand" in result.output
    assert "Ann does not hold 3H" in result.output
    # A whole round is refused for what it is, before its numbers are read.
    assert "this game is kept with hands: enter the round trick by trick" in result.output
    assert "'Zed' is not a player" not in result.output
    session = store.load(only_session(data_dir))
    assert [e["type"] for e in session.entries] == ["hand", "hand", "trick"]


def test_keep_with_hands_offers_the_last_trick_and_enter_enters_it(
    runner: CliRunner, data_dir: Path
) -> None:
    hands = ["8C 2C 7H 6H 5H 4H 2S AS", "3H 3D 7D 6D 5D 4D 3S 8S"]
    tricks = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D"]
    script = [*hands, *tricks, "", "2S 3S", "help", "", "quit"]
    args = ["--ascii", "octrix", "keep", "--names", "Ann,Bob", "--hands"]
    result = runner.invoke(main, args, input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    assert "trick 7 (highest wins): cards for Ann, Bob: \n" in result.output  # not offered
    assert "trick 8 (highest wins): cards for Ann, Bob [AS 8S]: " in result.output
    assert (
        "The last trick's cards, and with four players the last hand, are offered in brackets"
        in (result.output)
    )
    assert "Trick 8: Ann AS, Bob 8S -> Bob wins" in result.output
    session = store.load(only_session(data_dir))
    assert [e["type"] for e in session.entries] == ["hand", "hand", *["trick"] * 8]


def test_keep_with_four_hands_offers_the_last_hand_and_says_what_an_empty_line_lacks(
    runner: CliRunner, data_dir: Path
) -> None:
    """With four players every card is dealt: the last hand is the cards no other holds,
    offered for Enter; with three, an empty line is told what to type."""
    hands = ["AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H", "AS 2S 3S 4S 5S 6S 7S 8S"]
    args = ["--ascii", "octrix", "keep", "--names", "Ann,Bob,Cy,Dee", "--hands", "--session"]
    script = [hands[0], "", *hands[1:], "", "quit"]
    result = runner.invoke(main, [*args, "t"], input="\n".join(script) + "\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "  type the 8 cards Bob was dealt, e.g. AC 2C 3H 4H 5S 6S 7D 8D (type help)" in (
        result.output
    )
    assert "  Cy's cards: " in result.output and "[" not in result.output.split("Cy's")[1][:3]
    assert "  Dee's cards [AD 2D 3D 4D 5D 6D 7D 8D]: " in result.output
    session = store.load(data_dir / "sessions" / "t.toml")
    assert [e["type"] for e in session.entries] == ["hand"] * 4
    assert session.entries[-1]["cards"] == "AD 2D 3D 4D 5D 6D 7D 8D"
    three = ["--ascii", "octrix", "keep", "--names", "Ann,Bob,Cy", "--hands", "--session", "u"]
    result = runner.invoke(main, three, input="\n".join([*hands[:2], "", "quit"]) + "\n")
    assert "Cy's cards [" not in result.output
    assert "type the 8 cards Cy was dealt" in result.output


def test_keep_resume_continues_the_same_session(runner: CliRunner, data_dir: Path) -> None:
    runner.invoke(
        main,
        ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", "k"],
        input="\n".join(ROUND[:3]) + "\n",
    )  # end of input: saved and left
    result = runner.invoke(main, ["sessions", "resume", "k"], input="\n".join(ROUND[3:]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Round 1 (dealer Ann), 3 of 8 tricks entered" in result.output
    assert "trick 2 (lowest wins): Ann 2♣, Bob 3♦ → Ann" in result.output
    assert "trick 3 (lowest wins): Ann 7♥, Bob 7♦ → Bob" in result.output
    assert store.load(data_dir / "sessions" / "k.toml").totals == [13, 5]


# -- play --------------------------------------------------------------------------------------
def my_round_cards(seed: int, round_no: int) -> list[str]:
    state = OctrixState(2, seed=seed)
    return [format_card(c, ascii=True) for c in state._deal(round_no)[0]]


def test_play_history_names_the_rule_each_trick_was_won_under(runner: CliRunner) -> None:
    """The seed-3 deal: 8D beats 6S under the first trick's rule (highest); a red and a black
    card turn the next to lowest, where AC beats 2S."""
    result = runner.invoke(
        main,
        ["--ascii", "octrix", "play", "--seed", "3", "--session", "h"],
        input="8D\nAC\nhistory\nquit\n",
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    history = result.output.split("so far:\n", 1)[1].splitlines()
    assert history[:2] == [
        "  trick 1: You 8D, Bot 2 6S -> You (highest card)",
        "  trick 2: You AC, Bot 2 2S -> You (lowest card)",
    ]


def test_play_scripted_round_quit_and_resume(runner: CliRunner, data_dir: Path) -> None:
    cards = my_round_cards(seed=9, round_no=0)
    script = "\n".join(["hint", "9Z", cards[0], "undo", *cards, "quit"]) + "\n"
    result = runner.invoke(
        main, ["octrix", "play", "--seed", "9", "--bot", "greedy", "--session", "p"], input=script
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "\n  hint" in out and "Took back 2 cards" in out
    assert "Round 1 scores:" in out and "Saved. Continue with" in out
    path = data_dir / "sessions" / "p.toml"
    session = store.load(path)
    assert len(session.rounds) == 1 and sheets.mismatches(session) == []
    assert sum(1 for e in session.entries if e["type"] == "undo") == 1
    more = my_round_cards(seed=9, round_no=1)
    resumed = runner.invoke(main, ["sessions", "resume", "p"], input="\n".join(more) + "\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Round 2 scores:" in resumed.output
    session = store.load(path)
    assert len(session.rounds) == 2
    assert session.rounds[1].totals == [
        a + b for a, b in zip(session.rounds[0].totals, session.rounds[1].scores)
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["--bot", "strong"],
        ["--bot", "random"],
        ["--players", "4", "--partnership", "--bot", "greedy"],
    ],
    ids=["strong", "random", "partnership"],
)
def test_a_game_stopped_and_resumed_plays_on_as_it_would_have(
    runner: CliRunner, data_dir: Path, args: list[str]
) -> None:
    """The same seed, the same game: the bots' cards laid at once do not depend on where the
    game was stopped (only an undo, which shows them, has them chosen afresh)."""
    every = [f"{r}{s}" for r in "A2345678" for s in "CSHD"]  # refused ones are asked again
    play = ["octrix", "play", "--seed", "5", *args]
    whole = runner.invoke(main, [*play, "--session", "a"], input="\n".join(every * 4) + "\n")
    assert whole.exit_code == 0 and whole.exception is None, whole.output
    stop = runner.invoke(main, [*play, "--session", "b"], input="\n".join(every[:20]) + "\n")
    assert stop.exit_code == 0 and stop.exception is None, stop.output
    done = store.load(data_dir / "sessions" / "b.toml").entries
    assert 0 < len(done)
    resumed = runner.invoke(main, ["sessions", "resume", "b"], input="\n".join(every * 4) + "\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    straight = store.load(data_dir / "sessions" / "a.toml").entries
    again = store.load(data_dir / "sessions" / "b.toml").entries
    assert len(again) > len(done) + 8
    n = min(len(straight), len(again))
    assert straight[:n] == again[:n]


def test_play_options_are_checked(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["octrix", "play", "--players", "3", "--partnership"])
    assert result.exit_code == 2 and "partnership" in result.output
    result = runner.invoke(main, ["octrix", "play", "--players", "5"])
    assert result.exit_code == 2
    result = runner.invoke(main, ["octrix", "play", "--names", "A,A"], input="quit\n")
    assert result.exit_code == 2 and "names must differ" in result.output


def test_play_partnership_second_step_sees_the_first_cards(
    runner: CliRunner, data_dir: Path
) -> None:
    state = OctrixState(4, partnership=True, seed=12)
    assert state.steps() == [(2, 3), (0, 1)]  # you (seat 0) play in the second step
    result = runner.invoke(
        main,
        ["octrix", "play", "--partnership", "--seed", "12", "--bot", "greedy"],
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "face up on the table" in x)
    assert "Bot 3 " in line and "Bot 4 " in line and "Bot 2" not in line
    card = line.split("Bot 3 ")[1].split(",")[0].strip()
    again = runner.invoke(
        main,
        ["--ascii", "octrix", "play", "--partnership", "--seed", "12", "--bot", "greedy"],
        input=f"{card}\nquit\n",
    )
    assert "was already played this round" in again.output
    assert "teams You & Bot 3 vs Bot 2 & Bot 4" in again.output


def test_keep_announces_equal_totals_past_88_and_plays_on(
    runner: CliRunner, data_dir: Path
) -> None:
    ann_all = ["8C AD", "AH 8S", "AC 7S", "7H 3D", "6H 5D", "5H 4D", "4H 3S", "2D 3H"]
    bob_all = [" ".join(reversed(t.split())) for t in ann_all]
    halves = ann_all[:4] + bob_all[4:]  # 16 points each
    script = "\n".join(ann_all + bob_all + halves + halves + ["quit"]) + "\n"
    result = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", "t"], input=script
    )
    assert result.exit_code == 0, result.output
    assert "88 reached, but the highest totals are equal: another round." in result.output
    assert "Round 5, trick 1" in result.output and "wins the game" not in result.output
    session = store.load(data_dir / "sessions" / "t.toml")
    assert session.totals == [96, 96] and not session.finished


def test_play_speaks_to_you_in_the_second_person(runner: CliRunner, data_dir: Path) -> None:
    cards = my_round_cards(seed=9, round_no=0)
    result = runner.invoke(
        main,
        ["--ascii", "octrix", "play", "--seed", "9", "--bot", "random"],
        input="\n".join(cards) + "\nquit\n",
    )
    assert result.exit_code == 0, result.output
    tricks = [x for x in result.output.splitlines() if x.startswith("Trick ")]
    assert len(tricks) == 8
    for line in tricks:
        assert " You wins " not in line and " You takes " not in line
        assert " You win (" in line or " Bot 2 wins (" in line
    assert any(" You win (" in line and "and take counting card" in line for line in tricks)


def test_simulate_partnership_needs_four_players(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["octrix", "simulate", "--partnership", "--players", "3", "--games", "1"]
    )
    assert result.exit_code == 2 and "partnership game is for 4 players" in result.output
    result = runner.invoke(
        main,
        ["octrix", "simulate", "--partnership", "--games", "1", "--bots", "random,random"]
        + ["--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["octrix"]["players"] == 4 and data["octrix"]["partnership"] is True
    assert sum(bot["wins"] for bot in data["bots"]) == 1


def test_simulate_takes_one_bot_per_seat_as_the_other_games_do(runner: CliRunner) -> None:
    """``--bots greedy,random,random --players 3`` seats one bot against two of another, as
    IOTA and Line-it take their bots; a list that is neither two bots nor one per seat, or
    that names three different bots, is refused with how to write it."""
    args = ["octrix", "simulate", "--games", "3", "--players", "3", "--seed", "2", "--jobs", "1"]
    result = runner.invoke(main, [*args, "--bots", "greedy,random,random", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    data = json.loads(result.output)
    assert data["octrix"]["seats"] == ["greedy", "random", "random"]
    # One row per bot listed, as IOTA and Line-it give them.
    assert [bot["bot"] for bot in data["bots"]] == ["greedy", "random", "random"]
    assert sum(bot["wins"] for bot in data["bots"]) == 3
    shared = runner.invoke(main, [*args, "--bots", "greedy,random", "--json"])
    assert shared.exit_code == 0 and json.loads(shared.output)["octrix"]["seats"] is None
    for bots, why in [
        ("greedy,random,classic", "one per seat for 3 players, the first against one other"),
        ("greedy,random,random,random", "or one per seat for 3 players"),
        ("greedy,random,random,random", "(e.g. strong,greedy,greedy)"),
        ("greedy,nobody,random", "unknown Octrix bot 'nobody' (choose from: "),
    ]:
        refused = runner.invoke(main, [*args, "--bots", bots])
        assert refused.exit_code == 2 and isinstance(refused.exception, SystemExit), bots
        assert why in refused.output, refused.output
    # A game is won by a team: partners play the same bot, or one would be credited with
    # the other's play.
    teams = ["octrix", "simulate", "--games", "2", "--partnership", "--jobs", "1"]
    for bots in ("greedy,random,random,greedy", "greedy,random,random,random"):
        refused = runner.invoke(main, [*teams, "--bots", bots])
        assert refused.exit_code == 2 and isinstance(refused.exception, SystemExit), bots
        assert "partners play the same bot, seats 1 and 3 against seats 2 and 4" in (refused.output)
    paired = runner.invoke(main, [*teams, "--bots", "greedy,random,greedy,random", "--json"])
    assert paired.exit_code == 0 and paired.exception is None, paired.output


def test_resuming_a_finished_kept_game_shows_its_end_not_a_new_round(
    runner: CliRunner, data_dir: Path
) -> None:
    example = Path(__file__).parents[2] / "scoresheets" / "octrix-kept-partnership.toml"
    (data_dir / "sessions").mkdir(parents=True)
    (data_dir / "sessions" / example.name).write_bytes(example.read_bytes())
    result = runner.invoke(main, ["--no-color", "sessions", "resume", example.stem], input="\n")
    assert result.exit_code == 0, result.output
    assert "Game over after 4 rounds; won by Ann and Cid." in result.output
    assert "tricks entered" not in result.output


def test_a_bots_card_for_the_open_trick_is_not_saved_before_you_choose(
    runner: CliRunner, data_dir: Path
) -> None:
    # Seed 7, three players: Cy (a bot) chooses before Ann in the first trick. Cards are
    # chosen at once and unseen, so the file must not tell Ann what Cy chose.
    args = ["--no-color", "octrix", "play", "--names", "Ann,Bob,Cy", "--seed", "7"]
    first = runner.invoke(main, [*args, "--session", "o"], input="quit\n")
    assert first.exit_code == 0, first.output
    assert store.load(data_dir / "sessions" / "o.toml").entries == []
    # Play a card, take it back (with the bots' cards after it and any held one), quit: the
    # file still replays to the same position, and resumes.
    mine = [format_card(c, ascii=True) for c in OctrixState(3, seed=7)._deal(0)[0]]
    played = runner.invoke(
        main, [*args, "--session", "u"], input=f"{mine[0]}\n{mine[1]}\nundo\nquit\n"
    )
    assert played.exit_code == 0, played.output
    # Trick 3 had a bot's card chosen before Ann's undo: it was never saved, so the file
    # takes back only the saved cards of trick 2: Ann's, Bob's after it, and Cy's laid
    # face down before it (the trick has shown it to Ann since, so Cy chooses again).
    assert (
        "Took back 3 cards; the trick's cards go back to their hands and the bots choose again."
        in played.output
    )
    session = store.load(data_dir / "sessions" / "u.toml")
    assert [e["type"] for e in session.entries] == ["card"] * 6 + ["undo"]
    # The trick had shown Ann Cy's card: the undo is marked, and the game no longer counts.
    assert session.entries[-1] == {"type": "undo", "moves": 3, "seen": True}
    assert "this game no longer counts in ratings, the league or records" in played.output
    assert sheets.mismatches(session) == []
    resumed = runner.invoke(main, ["sessions", "resume", "u"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output


def test_face_up_cards_of_the_partnership_trick_are_saved_at_once(
    runner: CliRunner, data_dir: Path
) -> None:
    # Seed 0: Cy and Dee lay the first two cards of the third trick face up before Ann
    # chooses. Ann has seen them, so they are saved, and resuming shows the same two cards.
    args = ["--no-color", "--ascii", "octrix", "play", "--partnership", "--bot", "random"]
    args += ["--names", "Ann,Bob,Cy,Dee", "--seed", "0", "--session", "p"]
    played = runner.invoke(main, args, input="AD\n2C\nquit\n")
    assert played.exit_code == 0, played.output
    seen = [line for line in played.output.splitlines() if "face up on the table:" in line]
    resumed = runner.invoke(
        main, ["--no-color", "--ascii", "sessions", "resume", "p"], input="quit\n"
    )
    again = [line for line in resumed.output.splitlines() if "face up on the table:" in line]
    assert seen and again and seen[-1] == again[-1], (seen[-1:], again[-1:])


# -- what a refusal quotes, names, undo counts, hands on the sheet ------------------------------
def test_play_refuses_several_words_as_one_line_not_by_a_piece_of_them(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main, ["--ascii", "octrix", "play", "--seed", "1"], input="2d 3d\né☃ 8♥\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "'2d 3d' is not one card; type one, e.g. 8C (type help)" in result.output
    assert "'é☃ 8♥' is not one card" in result.output
    assert "is not a rank" not in result.output


def test_keep_quotes_the_word_of_a_round_that_is_at_fault(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], input="Ann 1 2; Bob 3\n"
    )
    assert result.exit_code == 0, result.output
    assert "'2;' is not a counting card (1 to 8, separated by spaces)" in result.output
    assert "Bob'" not in result.output


def test_names_that_read_as_a_card_or_a_command_are_refused(
    runner: CliRunner, data_dir: Path
) -> None:
    for command, names, message in [
        ("keep", "8C,3H", "'8C' reads as the card 8C; choose another name"),
        ("keep", "Ann,h3 Lee", "'h3 Lee' reads as the card 3H"),
        ("keep", "show,quit", "'show' is a command word; choose another name"),
        ("play", "Ann,hint", "'hint' is a command word"),
        ("play", "AS,Bob", "'AS' reads as the card AS"),
    ]:
        result = runner.invoke(main, ["octrix", command, "--names", names], input="quit\n")
        assert result.exit_code == 2 and message in result.output, (names, result.output)
    assert store.list_paths(data_dir) == []
    typed = runner.invoke(main, ["octrix", "keep"], input="quit,Bob\nAnn,Bob\nn\nquit\n")
    assert typed.exit_code == 0, typed.output
    assert "'quit' is a command word; choose another name (type help)" in typed.output
    assert "Keeping Octrix for Ann and Bob." in typed.output


def test_undo_after_a_round_counts_the_cards_that_come_back(
    runner: CliRunner, data_dir: Path
) -> None:
    # Seed 1: Bot 2 leads round 2 and lays its card face down before you choose; undo takes
    # that unseen card back too, but only the last trick's two cards return to the hands.
    cards = my_round_cards(seed=1, round_no=0)
    result = runner.invoke(
        main,
        ["--ascii", "octrix", "play", "--seed", "1", "--session", "r"],
        input="\n".join([*cards, "undo", "quit"]) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "Round 1 scores:" in result.output
    assert "Took back 2 cards; the trick's cards go back" in result.output
    session = store.load(data_dir / "sessions" / "r.toml")
    assert session.entries[-1] == {"type": "undo", "moves": 2, "seen": True}
    assert "A new round was dealt since, and what you saw stays known" in (result.output)


def test_keep_shows_the_hands_entered_and_resumes_with_the_rounds_header(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["--ascii", "octrix", "keep", "--names", "Ann,Bob", "--hands", "--session", "h"]
    first = runner.invoke(main, args, input="8C 2C 7H 6H 5H 4H 2S AS\nshow\nquit\n")
    assert first.exit_code == 0, first.output
    shown = first.output.split("Bob's cards: show\n")[1]
    assert "Ann       AS 2S 2C 4H 5H 6H 7H 8C" in shown
    assert "Bob       not entered yet" in shown
    resumed = runner.invoke(main, ["--ascii", "sessions", "resume", "h"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Round 1: enter each player's 8 cards.\n  Bob's cards: " in resumed.output


def test_undo_takes_back_a_bot_card_laid_before_yours_and_the_bot_chooses_again(
    runner: CliRunner, data_dir: Path
) -> None:
    """In round 2 the bot lays its card face down first. Once the trick has shown it, an undo
    of your card takes the bot's back too: kept down, it would let you choose against it."""
    state = OctrixState(2, seed=5)
    first = [format_card(c, ascii=True) for c in state.snapshot.hands[0]]
    while state.snapshot.round_no == 0:
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 1  # the bot lays first in round 2
    retries = ["6H", "undo"] * 6
    script = "\n".join([*first, *retries, "quit"]) + "\n"
    result = runner.invoke(
        main, ["--ascii", "octrix", "play", "--seed", "5", "--session", "u"], input=script
    )
    assert result.exit_code == 0, result.output
    round_two = result.output.split("Round 2 (dealer")[1:]
    laid = {
        line.split("Bot 2 ")[1].split()[0]
        for part in round_two
        for line in part.splitlines()
        if line.startswith("Trick 1: You 6H")
    }
    assert len(laid) > 1  # chosen again each time, not the card already seen
    assert (
        result.output.count(
            "  Took back 2 cards; the trick's cards go back to their hands and the bots "
            "choose again."
        )
        == 6
    )
    undos = [e for e in store.load(data_dir / "sessions" / "u.toml").entries if e["type"] == "undo"]
    assert [e["moves"] for e in undos] == [2] * 6 and all(e["seen"] for e in undos)
    # Each says what it means: the game no longer counts in ratings, the league or records.
    assert result.output.count("The trick was turned up since, and what you saw stays known") == 6


def test_undo_with_four_players_and_partnerships_leaves_a_file_that_replays(
    runner: CliRunner, data_dir: Path
) -> None:
    for extra, players in (([], 4), (["--partnership"], 4)):
        state = OctrixState(players, seed=4, partnership=bool(extra))
        mine = [format_card(c, ascii=True) for c in state.snapshot.hands[0]]
        args = ["--ascii", "octrix", "play", "--players", "4", *extra, "--seed", "4"]
        script = f"{mine[0]}\n{mine[1]}\nundo\n{mine[2]}\nundo\nundo\nquit\n"
        name = f"u{len(extra)}"
        result = runner.invoke(main, [*args, "--session", name], input=script)
        assert result.exit_code == 0, result.output
        assert result.output.count("  Took back") == 3
        session = store.load(data_dir / "sessions" / f"{name}.toml")
        assert sheets.mismatches(session) == []
        resumed = runner.invoke(main, ["sessions", "resume", name], input="quit\n")
        assert resumed.exit_code == 0 and "Saved. Continue with" in resumed.output


@pytest.mark.parametrize("option", [["--partnership"], ["--names", "Ann,Bob"]])
def test_score_of_counting_cards_refuses_the_options_of_a_replayed_round(
    runner: CliRunner, option: list[str]
) -> None:
    result = runner.invoke(main, ["octrix", "score", *option, "1", "2", "3"])
    assert result.exit_code == 2, result.output
    assert f"Error: {option[0]} is for a round replayed from its tricks (--trick)" in result.output


def test_keep_help_speaks_of_hands_only_where_hands_are_entered(runner: CliRunner) -> None:
    without = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], input="help\nquit\n"
    )
    assert without.exit_code == 0 and without.exception is None, without.output
    assert "hands" not in without.output.split("help\n")[1].split("commands:")[0]
    assert "a whole round at once" in without.output
    with_hands = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--hands"], input="help\nquit\n"
    )
    assert "While entering hands, give a player's 8 cards on one line." in with_hands.output


def test_keep_at_a_partnership_table_asks_for_four_and_says_who_lays_first(
    runner: CliRunner, data_dir: Path
) -> None:
    script = "Ann,Bob,Cy\nAnn,Bob,Cy,Dee\nn\nAnn 1 2 3\nquit\n"
    result = runner.invoke(main, ["octrix", "keep", "--partnership"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    lines = result.output.splitlines()
    asked = "Players in seat order (4 names, comma-separated; partners opposite: 1+3, 2+4): "
    assert lines[0].startswith(asked)
    assert "the partnership game is for 4 players, not 3" in lines[1]
    # The dealer and the player on the dealer's left lay first, face up (the rulebook).
    assert any(
        line.startswith("Round 1 (dealer Ann; Ann and Bob lay first, face up), 0 of 8")
        for line in lines
    )
    assert "  Round 2: Bob deals; Bob and Cy lay first, face up." in lines
    alone = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], input="quit\n"
    )
    assert "lay first" not in alone.output


def test_play_with_two_names_and_partnership_names_the_option_given(runner: CliRunner) -> None:
    """Two names for a partnership game: --names is what to mend, not --players (not given)."""
    args = ["octrix", "play", "--names", "Ann,Bob", "--partnership"]
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "Invalid value for '--names': the partnership game is for 4 players, not 2" in (
        result.output
    )


@pytest.mark.parametrize(("ascii", "arrow"), [([], "\u2192"), (["--ascii"], "->")])
def test_score_draws_the_trick_arrow_as_the_screens_do(
    runner: CliRunner, ascii: list[str], arrow: str
) -> None:
    result = runner.invoke(main, [*ascii, "octrix", "score", "--trick", "8C 3H"])
    assert result.exit_code == 0 and result.exception is None
    assert f"highest wins {arrow} P1 takes 1" in result.output
    # Why a run scores what it does, last, as for counting cards.
    assert result.output.splitlines()[-1] == (
        "  (a run of k counting cards in a row scores k x k: 1, 4, 9, 16, ...)"
    )


def test_tab_in_a_kept_trick_offers_the_cards_of_the_seat_being_typed() -> None:
    """With the hands entered, a trick's cards go in seat order: Tab offers Ann's cards
    first, then Bob's, never a card the seat does not hold."""
    from cardside.games.octrix.keep import OctrixLedger
    from cardside.games.octrix.notation import parse_cards
    from cardside.tui.octrix.keep import KeepScreen

    ledger = OctrixLedger(["Ann", "Bob"], hands=True)
    ledger.enter_hands(
        [parse_cards("AC 2C 3C 4C 5C 6C 7C 8C"), parse_cards("AD 2D 3D 4D 5D 6D 7D 8D")]
    )
    words = KeepScreen._words
    screen = type("S", (), {"ledger": ledger})()
    assert words(screen, "") == words(screen, "A") == "AC 2C 3C 4C 5C 6C 7C 8C".split()  # type: ignore[arg-type]
    assert words(screen, "AC ") == words(screen, "AC 4") == "AD 2D 3D 4D 5D 6D 7D 8D".split()  # type: ignore[arg-type]
    assert words(screen, "AC AD ") == []  # type: ignore[arg-type]


def test_a_hand_may_be_typed_after_its_players_name_as_fix_shows_it(
    runner: CliRunner, data_dir: Path
) -> None:
    hands = ["Ann AC 2C 3C 4C 5C 6C 7C 8C", "bob's hand: AD 2D 3D 4D 5D 6D 7D 8D"]
    args = ["octrix", "keep", "--names", "Ann,Bob", "--hands", "--session", "h"]
    result = runner.invoke(main, args, input="\n".join([*hands, "quit"]) + "\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "not a card" not in result.output
    entries = store.load(store.sessions_dir(data_dir) / "h.toml").entries
    assert [e["type"] for e in entries] == ["hand", "hand"]
    assert [e["seat"] for e in entries] == [0, 1]
    # fix reads the same form.
    fixed = runner.invoke(
        main,
        ["sessions", "resume", "h"],
        input="fix 1 Ann AC 2C 3C 4C 5C 6C 7C 8H\nquit\n",
    )
    assert fixed.exit_code == 0 and fixed.exception is None, fixed.output
    assert "not a card" not in fixed.output
    entries = store.load(store.sessions_dir(data_dir) / "h.toml").entries
    assert entries[-1]["fixes"] == 1 and entries[-1]["cards"].endswith("8H")
    # Another player's name is no label of this hand: refused, saying whose hand is asked for.
    wrong = runner.invoke(
        main,
        ["octrix", "keep", "--names", "Ann,Bob", "--hands", "--session", "w"],
        input="Bob AC 2C 3C 4C 5C 6C 7C 8C\nquit\n",
    )
    assert wrong.exit_code == 0 and wrong.exception is None, wrong.output
    assert (
        "  Ann's cards are asked for now, not Bob's (the hands go in seat order: Ann, Bob) "
        "(type help)\n"
    ) in wrong.output
    assert store.load(store.sessions_dir(data_dir) / "w.toml").entries == []
    # The name is read however it was typed: the accent apart or not, full width.
    args = ["octrix", "keep", "--names", "Zoe\u0301,\uff21nn", "--hands", "--session", "u"]
    typed = "Zo\u00e9 AC 2C 3C 4C 5C 6C 7C 8C\nAnn's hand: AD 2D 3D 4D 5D 6D 7D 8D\nquit\n"
    accented = runner.invoke(main, args, input=typed)
    assert accented.exit_code == 0 and accented.exception is None, accented.output
    entries = store.load(store.sessions_dir(data_dir) / "u.toml").entries
    assert [e["seat"] for e in entries] == [0, 1], accented.output


def test_help_at_the_prompt_for_a_hand_says_first_how_a_hand_is_entered(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["octrix", "keep", "--names", "Ann,Bob", "--hands", "--session", "hh"]
    result = runner.invoke(main, args, input="?\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    said = result.output.split("Ann's cards: ?\n", 1)[1].splitlines()
    assert said[0].startswith("  Enter Ann's 8 cards on one line, e.g. AC 2C"), said[0]
    assert said[1].startswith("  Enter the cards of each trick in seat order")


def test_keep_says_at_its_start_that_a_whole_round_may_be_given_at_once(
    runner: CliRunner, data_dir: Path
) -> None:
    """The first prompt asks for a trick; a table keeping the sheet alone is told once that a
    round may be given as each player's counting cards (not with hands, nor on resuming)."""
    line = "or a whole round before its first trick as each player's counting cards (Ann 1 3 4)"
    keep = ["octrix", "keep", "--names", "Ann,Bob", "--session", "k"]
    first = runner.invoke(main, [*keep, "--no-hands"], input="Ann 1 3 4\nquit\n")
    assert first.exit_code == 0 and first.exception is None, first.output
    assert first.output.count(line) == 1 and "Round 1 scores:" in first.output
    again = runner.invoke(main, ["sessions", "resume", "k"], input="quit\n")
    assert again.exit_code == 0 and line not in again.output
    hands = runner.invoke(main, [*keep[:-1], "h", "--hands"], input="quit\n")
    assert hands.exit_code == 0 and line not in hands.output


def test_play_in_partnerships_marks_your_partner_s_hand(runner: CliRunner) -> None:
    args = ["octrix", "play", "--players", "4", "--partnership", "--seed", "2", "--ascii"]
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("  Bot ")][1:4]
    assert [row[2:18].strip() for row in rows] == ["Bot 2", "Bot 3 (partner)", "Bot 4"]
    alone = runner.invoke(main, ["octrix", "play", "--players", "3", "--seed", "2"], input="quit\n")
    assert alone.exit_code == 0 and "(partner)" not in alone.output


def test_keep_puts_right_a_first_dealer_set_wrong(runner: CliRunner, data_dir: Path) -> None:
    """dealer NAME, as in Schnapsen's keep: NAME deals the round under way, the deal passing
    to the left from there; saved, so a resumed sheet says the same; no trick changes."""
    args = ["octrix", "keep", "--names", "Ann,Bob,Cy", "--no-hands", "--session", "o"]
    lines = "Ann 1 2 3 Bob 4 5 Cy 6 7 8\ndealer\ndealer c\ndealer Dee\nquit\n"
    result = runner.invoke(main, ["--no-color", *args], input=lines)
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.output
    assert "  Round 2: Bob deals; dealer NAME says who does instead\n" in out
    assert "  Cy deals round 2, the deal passing to the left from there (round 1 was Bob's).\n" in (
        out
    )
    assert "'Dee' is not a player here" in out
    resumed = runner.invoke(main, ["--no-color", "sessions", "resume", "o"], input="show\nquit\n")
    assert "Round 2 (dealer Cy)" in resumed.output
    assert runner.invoke(main, ["sessions", "verify", "o"]).exit_code == 0


def test_help_says_a_hints_value_comes_with_two_players_only(
    runner: CliRunner, data_dir: Path
) -> None:
    """With four players the hint gives the chances alone; help does not promise more."""
    args = ["octrix", "play", "--players", "4", "--bot", "greedy", "--seed", "7"]
    result = runner.invoke(main, args, input="help\nhint\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "(each card with its chance; with two players, what it is worth too)" in result.output
