"""What every play and keep prompt shares: unknown words, Ctrl-C, a bot thinking, the only
legal move, history and again, and lines wrapped to the terminal's width."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.octrix.notation import format_card
from cardside.games.octrix.state import OctrixState
from cardside.games.registry import GAMES
from cardside.sessions import store
from cardside.sessions.names import resolve
from cardside.tui.console import Console, fit_prompt, not_understood, wrap
from cardside.tui.play import Thinking

PLAY_ARGS = {"schnapsen": ["--level", "easy"]}
KEEP_ARGS = {
    "iota": ["--names", "Ann,Bob"],
    "octrix": ["--names", "Ann,Bob", "--no-hands"],
    "linesbeta": ["--difficulty", "normal", "--short", "--no-grid"],
    "schnapsen": ["--names", "Ann,Bob"],
    "lineit": ["--names", "Ann,Bob"],
}
UNKNOWN = re.compile(
    r"^  not an? (card|player|entry|trick result) or a command: hello \(type help\)$", re.M
)


# -- 9: a word that is neither a move nor a command --------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_unknown_word_at_every_play_prompt(runner: CliRunner, data_dir: Path, game: str) -> None:
    args = [game, "play", "--seed", "1", *PLAY_ARGS.get(game, [])]
    result = runner.invoke(main, args, input="hello\nquit\n")
    assert result.exit_code == 0, result.output
    assert "  not a card or a command: hello (type help)" in result.output.splitlines()


@pytest.mark.parametrize("game", list(GAMES))
def test_hint_and_history_at_every_keep_prompt_say_they_are_for_play(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    args = [game, "keep", *KEEP_ARGS.get(game, [])]
    # Schnapsen: also at its questions of what the table saw (Enter starts them).
    more = "\nhint\ncancel\n" if game == "schnapsen" else ""
    result = runner.invoke(main, args, input=f"hint\nhistory\n{more}quit\n")
    assert result.exit_code == 0, result.output
    for word in ("hint", "history"):
        said = f"  {word} is for play: here you enter what the table saw (type help)"
        assert said in result.output.splitlines(), result.output
    if more:
        said = "  hint is for play: here you enter what the table saw (type help)"
        assert result.output.splitlines().count(said) == 2, result.output


@pytest.mark.parametrize("game", list(GAMES))
def test_unknown_word_at_every_keep_prompt(runner: CliRunner, data_dir: Path, game: str) -> None:
    result = runner.invoke(main, [game, "keep", *KEEP_ARGS.get(game, [])], input="hello\nquit\n")
    assert result.exit_code == 0, result.output
    assert UNKNOWN.search(result.output), result.output


def refusals(output: str) -> list[str]:
    """The lines that refuse what was typed and point to the commands."""
    return [line for line in output.splitlines() if line.startswith("  ") and "help)" in line]


PROMPTS = {
    **{f"{game} play": [game, "play", "--seed", "1", *PLAY_ARGS.get(game, [])] for game in GAMES},
    **{f"{game} keep": [game, "keep", *KEEP_ARGS[game]] for game in GAMES},
    "octrix keep hands": ["octrix", "keep", "--names", "Ann,Bob", "--hands"],
    "linesbeta keep grid": ["linesbeta", "keep", "--difficulty", "easy", "--short", "--grid"],
    "iota keep grid": ["iota", "keep", "--names", "Ann,Bob", "--grid"],
}


@pytest.mark.parametrize("prompt", sorted(PROMPTS))
def test_every_prompt_refuses_a_line_in_one_wording(
    runner: CliRunner, data_dir: Path, prompt: str
) -> None:
    # 'ZZ' is read by the game (too short to be an unknown word), 'hello' is not; both get
    # their reason and the same pointer to the commands.
    result = runner.invoke(main, PROMPTS[prompt], input="ZZ\nhello\nquit\n")
    assert result.exit_code == 0, result.output
    found = refusals(result.output)
    assert len(found) == 2, result.output
    assert all(line.endswith(" (type help)") and line.count("help") == 1 for line in found)
    assert "zz" in found[0].lower() and "hello" in found[1]


TABLE_ROW = re.compile(r"\S  +\S")  # a term and what it means, apart by 2 spaces or more


def help_block(output: str) -> list[str]:
    """The lines ``help`` printed: after the prompt that read it, to the prompt that read
    ``quit``."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith(": help")) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].endswith(": quit"))
    return lines[start:end]


@pytest.mark.parametrize("prompt", sorted(PROMPTS))
def test_help_is_written_in_paragraphs_the_terminal_wraps(
    runner: CliRunner, data_dir: Path, prompt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    piped = help_block(runner.invoke(main, PROMPTS[prompt], input="help\nquit\n").output)
    # A sentence is never broken by hand: on a narrow terminal that leaves ragged lines.
    piped = piped[: next(i for i, line in enumerate(piped) if line.startswith("  commands:"))]
    prose = [line for line in piped if line[2] != " " and not TABLE_ROW.search(line)]
    assert all(line.endswith((".", ":")) for line in prose), piped
    monkeypatch.setattr(Console, "columns", lambda self: 60)
    narrow = help_block(runner.invoke(main, PROMPTS[prompt], input="help\nquit\n").output)
    assert all(len(line) <= 60 for line in narrow), narrow
    words = " ".join(piped).split()
    assert " ".join(narrow).split()[: len(words)] == words


def test_a_long_prompt_is_broken_at_spaces_with_the_answer_after_its_last_line() -> None:
    prompt = "Round 1/4, trick 1 (you 0/14, grid 0/10), e.g. w r3R r3c4: "
    assert fit_prompt(prompt, 80) == prompt
    lines = fit_prompt(prompt, 30).split("\n")
    assert all(len(line) < 30 for line in lines) and lines[-1].endswith("r3c4: ")
    assert " ".join(lines).split() == prompt.split()  # no word broken


def test_a_help_table_row_wraps_under_its_second_column() -> None:
    row = "  counts NAME PILE TOK  the cards in the score pile and the sum of the bet tokens"
    pieces = wrap(row, 50)
    assert pieces[0].startswith("  counts NAME PILE TOK  the cards")
    assert len(pieces) > 1 and all(p.startswith(" " * 24) and p[24] != " " for p in pieces[1:])
    assert all(len(p) <= 50 for p in pieces)
    # A name of wide letters before the column: the column starts where it shows.
    wide = "  李小龍  7♣ 8♣ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 1♠ 2♠ 3♠ 4♠ 5♠"
    rows = wrap(wide, 30)
    assert len(rows) > 1 and all(r.startswith(" " * 10) and r[10] != " " for r in rows[1:])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_help_at_the_first_setup_question_explains_it(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    result = runner.invoke(main, [game, "keep"], input="help\n?\nquit\n")
    explained = "the difficulty sets the targets" if game == "linesbeta" else "separated by commas"
    assert result.output.count(explained) == 2, result.output
    assert "quit leaves (nothing is saved yet)" in result.output
    assert "is for" not in result.output and "not a difficulty" not in result.output


@pytest.mark.parametrize("game", sorted(GAMES))
def test_quit_at_a_setup_question_leaves(runner: CliRunner, data_dir: Path, game: str) -> None:
    # Before any entry there is nothing to save: 'quit' leaves like the end of input, and is
    # never read as a name or a difficulty.
    result = runner.invoke(main, [game, "keep"], input="quit\nAnn,Bob\n")
    assert result.exit_code == 0, result.output  # a choice, not an error
    assert result.output.rstrip().endswith("entered; nothing saved.")
    assert "Error" not in result.output
    assert "is for" not in result.output and "not a difficulty" not in result.output
    assert not (data_dir / "sessions").exists() or not list((data_dir / "sessions").iterdir())


def test_input_ending_after_the_names_says_not_every_setting_was_entered(
    runner: CliRunner, data_dir: Path
) -> None:
    """The players were named, then the input ended at the next question: no "No settings"."""
    result = runner.invoke(main, ["octrix", "keep"], input="Ann,Bob\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.rstrip().endswith("Not every setting was entered; nothing saved.")
    assert not (data_dir / "sessions").exists() or not list((data_dir / "sessions").iterdir())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_taken_or_bad_session_name_is_refused_before_any_question(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    (data_dir / "sessions").mkdir(parents=True)
    (data_dir / "sessions" / "tie.toml").write_text("kept = 1\n")
    for name, reason in (("tie", "a session named 'tie' already exists"), ("a/b", "not a usable")):
        result = runner.invoke(main, [game, "keep", "--session", name], input="Ann,Bob\n")
        assert result.exit_code == 1, result.output
        assert result.output.startswith("Error: ") and reason in result.output
    assert (data_dir / "sessions" / "tie.toml").read_text() == "kept = 1\n"


MISSPELT_NAME = {
    "octrix": (["--names", "Ann,Bob", "--no-hands"], "'Anm' is not a player here (Ann or Bob)"),
    "schnapsen": (["--names", "Ann,Bob"], "'Anm' is not a player here (Ann or Bob)"),
    "iota": (["--names", "Ann,Bob"], "'Anm' is not a player here (Ann or Bob)"),
}


@pytest.mark.parametrize("game", list(MISSPELT_NAME))
def test_a_misspelt_name_before_an_entry_is_answered_with_the_names(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    args, said = MISSPELT_NAME[game]
    result = runner.invoke(main, [game, "keep", *args], input="Anm 2\nquit\n")
    assert result.exit_code == 0, result.output
    said = said if said.startswith("'") else f"{said}: Anm"
    assert f"  {said} (type help)" in result.output.splitlines()


def test_words_of_a_move_are_not_unknown() -> None:
    assert not_understood("hello", ["8C", "help"]) == "not a card or a command: hello (type help)"
    assert not_understood("marriage", ["KH"]) == "not a card or a command: marriage (type help)"
    assert not_understood("marriage", ["KH", "marriage"]) is None
    assert not_understood("Anm 2", ["Ann"], "a player", ["Ann", "Bo"]) == (
        "'Anm' is not a player here (Ann or Bo) (type help)"
    )
    assert not_understood("Anm", ["Ann"], "a player", ["Ann"]).startswith("not a player or")
    assert not_understood("hel", ["help"]) is None  # a command's beginning: the game answers
    assert not_understood("ZZ", ["8C"]) is None  # short: the game says what is wrong
    assert not_understood("10H", ["8C"]) is None
    # A pasted run of junk is quoted short, so the answer stays one line.
    assert (
        not_understood("x" * 300, ["8C"]) == f"not a card or a command: {'x' * 21}... (type help)"
    )


# -- 5: Ctrl-C while a bot is thinking -------------------------------------------------------------
class Interrupted:
    """A bot that is interrupted (Ctrl-C) while it thinks."""

    name = "strong"

    def choose(self, obs: Any, seat: int) -> Any:
        raise KeyboardInterrupt


def test_ctrl_c_while_a_bot_thinks_saves_like_ctrl_c_at_the_prompt(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = OctrixState(2, seed=5).snapshot.hands[0]
    first = format_card(hand[0], ascii=True)
    # Ctrl-C at the prompt (reading piped input is interrupted the same way).
    with monkeypatch.context() as m:
        m.setattr(Console, "ask", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt))
        at_prompt = runner.invoke(main, ["octrix", "play", "--seed", "5", "--session", "a"])
    monkeypatch.setattr(
        "cardside.games.octrix.bots.make_bot", lambda name, seed=0, **k: Interrupted()
    )
    thinking = runner.invoke(
        main, ["octrix", "play", "--seed", "5", "--session", "b"], input=first + "\n"
    )
    for result, name in ((at_prompt, "a"), (thinking, "b")):
        assert result.exit_code == 0, result.output
        assert "Aborted" not in result.output
        assert result.output.splitlines()[-1] == (
            f"Saved. Continue with: cardside sessions resume {name}"
        )
    saved = store.load(resolve(data_dir, "b"))
    assert [e["card"] for e in saved.entries] == [first]


# -- 20: a bot that takes its time shows it is thinking, on a terminal only ----------------------
class Slow:
    def choose(self, obs: Any, seat: int) -> str:
        time.sleep(0.3)
        return "8C"


def test_a_thinking_bot_is_shown_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    bot = Thinking(Slow(), "Bot 3", Console(interactive=True), delay=0.05)
    assert bot.choose(None, 2) == "8C"
    out = capsys.readouterr().out
    assert "Bot 3 is thinking..." in out
    assert out.endswith("\r\x1b[K")  # the note is gone before the next line


def test_nothing_is_shown_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    bot = Thinking(Slow(), "Bot 3", Console(interactive=False), delay=0.05)
    assert bot.choose(None, 2) == "8C"
    assert capsys.readouterr().out == ""


@pytest.mark.skipif(sys.platform == "win32", reason="terminal modes are POSIX")
def test_keys_typed_while_a_bot_thinks_are_not_echoed(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import termios

    leader, follower = os.openpty()
    with open(follower, closefd=True) as tty:
        monkeypatch.setattr(sys, "stdin", tty)
        seen: list[bool] = []

        class Watching:
            def choose(self, obs: Any, seat: int) -> str:
                seen.append(bool(termios.tcgetattr(follower)[3] & termios.ECHO))
                raise KeyboardInterrupt  # Ctrl-C while it thinks: the terminal is restored

        assert termios.tcgetattr(follower)[3] & termios.ECHO
        with pytest.raises(KeyboardInterrupt):
            Thinking(Watching(), "Bot 2", Console(interactive=True), delay=5).choose(None, 1)
        assert seen == [False]
        assert termios.tcgetattr(follower)[3] & termios.ECHO
    os.close(leader)


class Typed(Console):
    """A terminal's console whose lines are typed by the test."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(interactive=True)
        self.lines = lines

    def ask(self, prompt: str, words: Any = None, default: str = "") -> str | None:
        self.clear_status()
        return self.lines.pop(0) if self.lines else None


class SlowHint:
    """A turn whose hint takes its time, as a strong bot's search can."""

    def prompt(self, obs: Any, seat: int) -> str:
        return "Your card: "

    def show(self, obs: Any, seat: int) -> None:
        pass

    def words(self, obs: Any, seat: int, typed: str = "") -> list[str]:
        return ["8C", "3H"]

    def parse(self, text: str, obs: Any, seat: int) -> str:
        return text.upper()

    def hint(self, obs: Any, seat: int) -> str:
        time.sleep(0.6)
        return "hint: 8C"

    def help(self) -> str:
        return "a card"


def test_a_hint_that_takes_its_time_says_so_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardside.tui import human

    assert human.Human("You", Typed(["hint", "8c"]), SlowHint()).choose(None, 0) == "8C"
    out = capsys.readouterr().out
    assert f"\r{human.HINT_NOTE}\r\x1b[K  hint: 8C" in out  # shown, then cleared for the hint
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("hint\n8c\n"))
    assert human.Human("You", Console(interactive=False), SlowHint()).choose(None, 0) == "8C"
    assert human.HINT_NOTE not in capsys.readouterr().out  # piped: no note


def test_a_quick_bot_shows_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    class Quick:
        def choose(self, obs: Any, seat: int) -> str:
            return "3H"

    assert Thinking(Quick(), "Bot 2", Console(interactive=True), delay=5).choose(None, 1) == "3H"
    assert capsys.readouterr().out == ""


# -- 21: the only legal move is offered; Enter plays it -------------------------------------------
def test_enter_plays_the_only_legal_card(runner: CliRunner, data_dir: Path) -> None:
    hand = [format_card(c, ascii=True) for c in OctrixState(2, seed=8).snapshot.hands[0]]
    script = "\n".join(hand[:7]) + "\n\nquit\n"
    result = runner.invoke(
        main, ["octrix", "play", "--seed", "8", "--bot", "random", "--session", "o"], input=script
    )
    assert result.exit_code == 0, result.output
    # Seed 8: the bot's seven cards leave highest-wins in force for the last trick.
    assert f"Your card (highest wins) [{hand[7]}]: " in result.output
    assert "[" not in result.output.split(hand[6])[0].splitlines()[-1]  # no default before
    played = [e["card"] for e in store.load(resolve(data_dir, "o")).entries if e["seat"] == 0]
    assert played == hand

    # help there says what Enter does; before it, where two or more cards are legal, it does not.
    script = "\n".join(hand[:7]) + "\nhelp\n\nquit\n"
    helped = runner.invoke(main, ["octrix", "play", "--seed", "8", "--bot", "random"], input=script)
    assert helped.exit_code == 0 and helped.exception is None, helped.output
    # Said once in words where a move is first offered so, and again by help.
    assert helped.output.count("Enter plays") == 2
    assert f"  Only {hand[7]} may be played: Enter plays it (in brackets)." in helped.output
    assert f"  Enter plays {hand[7]}, the one legal move (in brackets)." in helped.output


# -- 23: history, and again at a game's end --------------------------------------------------------
def test_history_lists_the_tricks_so_far(runner: CliRunner, data_dir: Path) -> None:
    hand = [format_card(c, ascii=True) for c in OctrixState(2, seed=8).snapshot.hands[0]]
    script = f"{hand[0]}\n{hand[1]}\nhistory\nquit\n"
    out = runner.invoke(
        main, ["--ascii", "octrix", "play", "--seed", "8", "--bot", "random"], input=script
    ).output
    listed = out.split("history\n")[1]
    assert "Round 1 (dealer" in listed
    assert re.search(rf"trick 1: You {hand[0]}, Bot 2 \w+ -> (You|Bot 2)", listed)
    assert re.search(rf"trick 2: You {hand[1]}, Bot 2 \w+ -> (You|Bot 2)", listed)
    assert "trick 3" not in listed


@pytest.mark.parametrize("game", list(GAMES))
def test_history_answers_in_every_game(runner: CliRunner, data_dir: Path, game: str) -> None:
    args = [game, "play", "--seed", "2", *PLAY_ARGS.get(game, [])]
    out = runner.invoke(main, args, input="history\nquit\n").output
    after = out.split("history\n")[1].splitlines()
    assert after and "not a card" not in after[0] and "no history" not in after[0]


SHORT_HARD = ["linesbeta", "play", "--difficulty", "hard", "--short", "--seed", "31"]


def lost_short_game() -> list[str]:
    """The moves of the short LinesBeta game of SHORT_HARD as the planner plays it: lost at
    once, as the grid needs 6 tricks at hard."""
    from cardside.games.linesbeta.bots import make_bot
    from cardside.games.linesbeta.notation import format_action
    from cardside.games.linesbeta.state import LinesBetaState

    state = LinesBetaState("hard", "short", seed=31)
    bot = make_bot("planner", seed=1)
    lines = []
    while not state.is_terminal():
        action = bot.choose(state, 0)
        lines.append(format_action(action))
        state.apply(action)
    return lines


def test_again_starts_a_new_game_with_the_same_options_and_the_next_seed(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = lost_short_game()
    args = SHORT_HARD
    result = runner.invoke(main, args, input="\n".join(lines) + "\nhint\nhelp\nagain\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Type again for a new game" in result.output
    # a word that is neither is refused (it used to leave), and help says what the prompt takes
    assert (
        "  the game is over: type again, review, or press Enter to leave (type help)"
        in result.output
    )
    assert "  again starts a new game with the same players and options" in result.output
    sessions = [store.load(p) for p in store.list_paths(data_dir)]
    assert sorted(s.seed for s in sessions) == [31, 32]
    assert all(s.options == sessions[0].options for s in sessions)
    assert result.output.rstrip().endswith("resume " + max(sessions, key=lambda s: s.seed).name)


def test_again_after_resume_takes_the_next_seed_and_the_end_points_to_show(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = lost_short_game()
    args = SHORT_HARD
    first = runner.invoke(main, [*args, "--session", "evening"], input=f"{lines[0]}\nquit\n")
    assert first.exit_code == 0, first.output
    rest = "\n".join(lines[1:]) + "\nhistory\nagain\nquit\n"
    result = runner.invoke(main, ["sessions", "resume", "evening"], input=rest)
    assert result.exit_code == 0, result.output
    assert "the game is over: 'cardside sessions show evening' shows it" in result.output
    sessions = [store.load(p) for p in store.list_paths(data_dir)]
    assert sorted(s.seed for s in sessions) == [31, 32]


# -- 19: lines wrap at word boundaries to the terminal's width ------------------------------------
@pytest.mark.parametrize("width", [40, 60])
def test_wrap_breaks_at_spaces_only(width: int) -> None:
    text = (
        "  Octrix: You, Bot 2. Session octrix-play-20261130-1144. Type help for help, "
        "or quit to leave; the session is saved after every card."
    )
    pieces = wrap(text, width)
    assert all(len(p) <= width for p in pieces)
    assert " ".join(p.strip() for p in pieces) == text.strip()
    assert "octrix-play-20261130-1144." in [w for p in pieces for w in p.split()]
    assert all(p.startswith("  ") for p in pieces)


def test_a_coloured_line_keeps_its_indent_when_wrapped() -> None:
    """A deal's report is green from its indent on: the lines it wraps onto keep the indent."""
    line = click.style("  Deal 2: Ann wins 2 game points", fg="green") + (
        " (66 reached, opponent had a trick but under 33, so Schneider: 2 game points)."
    )
    pieces = [click.unstyle(p) for p in wrap(line, 60)]
    assert len(pieces) == 2 and all(p.startswith("  ") and len(p) <= 60 for p in pieces)
    assert " ".join(p.strip() for p in pieces) == click.unstyle(line).strip()


@pytest.mark.parametrize("width", [40, 60])
def test_console_wraps_to_its_width(width: int, capsys: pytest.CaptureFixture[str]) -> None:
    console = Console(interactive=False, width=width)
    console.say("Saved. Continue with: cardside sessions resume octrix-play-20261130-1144")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 1 and all(len(line) <= width for line in lines)
    assert lines[-1].endswith("octrix-play-20261130-1144")


def test_piped_output_is_not_wrapped(capsys: pytest.CaptureFixture[str]) -> None:
    if sys.stdout.isatty():
        pytest.skip("needs piped output")
    Console(interactive=False).say("word " * 40)
    assert len(capsys.readouterr().out.splitlines()) == 1


@pytest.mark.parametrize("width", [40, 60])
def test_score_explanations_wrap_on_a_narrow_terminal(
    runner: CliRunner, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Console, "columns", lambda self: width)
    args = ["schnapsen", "score", "--closer", "Ann", "--reached", "Bob", "--trick"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert all(len(line) <= width for line in lines)
    monkeypatch.undo()
    assert " ".join(result.output.split()) == " ".join(runner.invoke(main, args).output.split())


class _Asked(Console):
    """A console that keeps what Tab would offer at the prompt, then quits."""

    def __init__(self) -> None:
        super().__init__(interactive=False)
        self.offer: Any = None

    def ask(self, prompt: str, words: Any = None) -> str | None:
        self.offer = words
        return "quit"


class _View:
    def show(self, obs: Any, seat: int) -> None: ...
    def prompt(self, obs: Any, seat: int) -> str:
        return "Your play: "

    def words(self, obs: Any, seat: int, typed: str = "") -> list[str]:
        return ["YS2", "RT1"] if not typed.strip() else ["0,1", "2,1"]


def test_tab_offers_the_commands_only_for_the_first_word() -> None:
    from cardside.tui.human import COMMANDS, Human

    console = _Asked()
    Human("You", console, _View()).choose(None, 0)  # type: ignore[arg-type]
    assert set(COMMANDS) <= set(console.offer("")) and "hint" in console.offer("hi")
    assert console.offer("YS2 ") == ["0,1", "2,1"]
    assert console.offer("YS2 0") == ["0,1", "2,1"]


@pytest.mark.parametrize("width", [60, 80])
def test_a_keeps_show_table_fits_the_terminal(
    runner: CliRunner, data_dir: Path, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schnapsen's table of deals (a long rule in its last column) and IOTA's table of rounds
    (four long names) keep every row within the width, the header on one line."""
    monkeypatch.setattr(Console, "columns", lambda self: width)
    deals = "Ann 2\nBob 1\n\nno\nAnn\n20\nshow\nquit\n"
    result = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann,Bob"], input=deals)
    lines = result.output.splitlines()
    assert all(len(line) <= width for line in lines), result.output
    if width == 80:
        assert "deal  match  winner  game points  Ann countdown  Bob countdown  rule" in lines
        assert any(line.startswith("3         1  Ann               2") for line in lines)
    else:  # too narrow for the columns: each deal as a record
        third = lines.index("deal 3")
        assert lines[third + 1].startswith("  match 1, winner Ann, game points 2")
    names = "Annabelle-Long,Bartholomew-Smith,Cordelia-Whitmore,Dietrich-Braunfels"
    turns = "Annabelle-Long 8 4 5 lot\nBartholomew-Smith 6\nshow\nquit\n"
    result = runner.invoke(main, ["iota", "keep", "--names", names], input=turns)
    lines = result.output.splitlines()
    assert all(len(line) <= width for line in lines), result.output
    if width == 80:
        header = "round  Annabelle-Long  Bartholomew-Smith  Cordelia-Whitmore  Dietrich-Braunfels"
        assert header in lines
    else:
        first = lines.index("round 1")
        assert lines[first + 1] == "  Annabelle-Long 34, Bartholomew-Smith 6"


def test_lineit_keeps_show_table_fits_a_narrow_terminal(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Console, "columns", lambda self: 40)
    entries = "line Ann 12 30 45\nshow\nquit\n"
    result = runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bob"], input=entries)
    lines = result.output.splitlines()
    last = len(lines) - 1 - lines[::-1].index("  player Ann")  # the show after the entry
    table = lines[last : last + 6]
    assert table[1].startswith("    lines 1, line points 0") and table[3] == "  player Bob"
    assert all(len(line) <= 40 for line in table), result.output


@pytest.mark.parametrize("game", ["iota", "lineit", "octrix", "schnapsen"])
def test_undo_with_nothing_to_take_back_is_a_refusal(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    args = [game, "keep", "--names", "Ann,Bob"] + (["--no-hands"] if game == "octrix" else [])
    result = runner.invoke(main, args, input="undo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "  nothing to undo (type help)" in result.output


KEEP_ARGS = {
    "iota": ["--names", "Ann,Bob"],
    "lineit": ["--names", "Ann,Bob"],
    "octrix": ["--names", "Ann,Bob", "--no-hands"],
    "schnapsen": ["--names", "Ann,Bob"],
    "linesbeta": ["--difficulty", "normal", "--full", "--no-grid"],
}
FIRST_ENTRY = {
    "iota": "Ann 5",
    "lineit": "line Ann 1 2 3",
    "octrix": "8C 3H",
    "schnapsen": "Ann 2",
    "linesbeta": "w",
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_command_word_with_more_after_it_is_refused_and_does_nothing(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    script = [FIRST_ENTRY[game], "undo 5", "show all", "help me", "quit now", "show", "quit"]
    result = runner.invoke(main, [game, "keep", *KEEP_ARGS[game]], input="\n".join(script))
    assert result.exit_code == 0, result.output
    out = result.output
    # undo N takes back entry N alone: there is no entry 5.
    assert "there is no entry 5: the entries are numbered 1 to 1 (type help)" in out
    assert "show takes nothing after it: type it alone (type help)" in out
    assert "help takes nothing after it" in out and "quit takes nothing after it" in out
    session = store.load(store.list_paths(data_dir)[0])
    assert [e.get("type") for e in session.entries].count("undo") == 0  # the entry stands
    assert len(session.entries) == 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_play_command_with_more_after_it_is_refused(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    script = "undo 5\nshow all\nhint me\nquit\n"
    result = runner.invoke(main, [game, "play", "--seed", "1"], input=script)
    assert result.exit_code == 0, result.output
    for word in ("undo", "show"):
        assert f"  {word} takes nothing after it: type it alone (type help)" in result.output
    hint = "hint takes nothing after it" + (
        " but sample: hint, or hint sample" if game == "octrix" else ": type it alone"
    )
    assert f"  {hint} (type help)" in result.output
    if game == "octrix":  # the one command of two words still works
        sampled = runner.invoke(main, [game, "play", "--seed", "1"], input="hint sample\nquit\n")
        assert sampled.exit_code == 0 and sampled.exception is None, sampled.output
        assert (
            "  hint sample: " in sampled.output and "takes nothing after it" not in sampled.output
        )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_exit_at_a_setup_question_leaves_like_quit(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    result = runner.invoke(main, [game, "keep"], input="exit\nAnn,Bob\n")
    assert result.exit_code == 0 and "nothing saved" in result.output
    assert "not a difficulty" not in result.output and "is for" not in result.output


def test_schnapsen_names_that_leave_or_answer_its_questions_are_refused(
    runner: CliRunner, data_dir: Path
) -> None:
    for word in ("Exit", "quit", "nobody", "cancel", "show"):
        result = runner.invoke(main, ["schnapsen", "keep", "--names", f"{word},Bob"])
        assert result.exit_code == 2
        assert f"{word!r} is a command word; choose another name" in result.output


def test_a_command_to_type_is_never_broken_across_lines(capsys: pytest.CaptureFixture[str]) -> None:
    command = "cardside sessions resume iota-play-20261201-2245 --data-dir /tmp/some/folder"
    Console(interactive=False, width=60).say_command("Saved. Continue with:", command)
    assert capsys.readouterr().out.splitlines() == ["Saved. Continue with:", "  " + command]
    Console(interactive=False, width=60).say_command("Saved. Continue with:", "cardside x")
    assert capsys.readouterr().out.splitlines() == ["Saved. Continue with: cardside x"]


@pytest.mark.parametrize("game", ["iota", "lineit", "schnapsen"])
def test_a_hint_asked_again_in_the_same_position_is_the_same_hint(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    result = runner.invoke(main, [game, "play", "--seed", "4"], input="hint\nhint\nquit\n")
    hints = [ln for ln in result.output.splitlines() if ln.lstrip().startswith("hint:")]
    assert len(hints) == 2 and hints[0] == hints[1], result.output


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("command", ["play", "keep"])
def test_rules_typed_at_a_prompt_says_where_the_rules_are(
    runner: CliRunner, data_dir: Path, game: str, command: str
) -> None:
    extra = [*PLAY_ARGS.get(game, []), "--seed", "1"] if command == "play" else KEEP_ARGS[game]
    result = runner.invoke(main, [game, command, *extra], input="rules\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    # The game's rules page, a line saying how to see the table again, then the same prompt
    # again; quit then leaves as ever.
    page = runner.invoke(main, [game, "rules"])
    assert page.exit_code == 0 and page.output.strip() in result.output
    before, after = result.output.split(page.output.strip(), 1)
    prompt = before.rstrip().splitlines()[-1].removesuffix("rules")
    told = "  (rules shown; show draws the table again)\n"
    assert after.lstrip("\n").startswith(told), after[:200]
    assert prompt and after.lstrip("\n")[len(told) :].startswith(prompt.strip()), after[:200]
    assert "Saved. Continue with: " in after


def test_rules_typed_where_no_game_shows_its_rules_says_where_they_are() -> None:
    from cardside.tui.console import not_understood

    said = not_understood("rules", ["help", "quit"])
    assert said == (
        "the rules are a command of their own: cardside GAME rules (in another terminal, "
        "or after quit) (type help)"
    )


@pytest.mark.parametrize("game", ["octrix", "schnapsen", "iota", "lineit", "linesbeta"])
def test_the_command_to_go_on_keeps_the_display_options_typed(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    started = runner.invoke(
        main, ["--ascii", game, "play", "--seed", "5", "--session", "g"], input="quit\n"
    )
    assert started.exit_code == 0 and started.exception is None, started.output
    assert started.output.splitlines()[-1] == (
        "Saved. Continue with: cardside sessions resume g --ascii"
    )
    resumed = runner.invoke(main, ["sessions", "resume", "g", "--no-color"], input="quit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    assert resumed.output.splitlines()[-1] == (
        "Saved. Continue with: cardside sessions resume g --no-color"
    )


def test_people_sharing_a_terminal_hand_it_over_with_the_screen_cleared(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardside.tui import console

    original = console.Console.__init__

    def init(self: console.Console, *, interactive: object = None, width: object = None) -> None:
        original(self, interactive=True, width=None)

    def typed(self: console.Console, prompt: str, words: object, default: str) -> str | None:
        click.echo(prompt)
        line = console.read_line()
        return None if line is None else line.rstrip("\n")

    args = ["iota", "play", "--players", "3", "--humans", "2", "--names", "Ann,Bob,Cy"]
    alone = ["iota", "play", "--players", "3", "--seed", "6"]
    # Only the console is patched here, so the test's own folders stay as they are after.
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(console.Console, "__init__", init)
        patched.setattr(console.Console, "_ask_terminal", typed)
        # Ann's turn waits for her too (the first); then she hides her cards, Bob comes to the
        # keys, and leaves.
        result = runner.invoke(main, [*args, "--seed", "4"], input="\npass\n\n\nquit\n")
        one = runner.invoke(main, alone, input="pass\nquit\n")
        # quit (or the end of input) at the question saves and leaves, showing no hand.
        left = runner.invoke(main, [*args, "--seed", "7", "--session", "q"], input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    before, after = result.output.split("\x1b[H\x1b[2J\x1b[3J")
    asks = "turn: press Enter when {} is at the keys (quit leaves)."
    assert before.count(asks.format("Ann")) == 1 and asks.format("Bob") not in before
    # Ann hides her cards herself, once she has seen the end of her turn: the screen is
    # cleared before Bob is asked to the keys, so her hand is not on it when he comes.
    assert before.rstrip().endswith("Ann: press Enter to hide your cards for Bob (quit leaves).")
    assert "Ann's hand: " in before and "Bob's hand: " not in before
    assert after.count(asks.format("Bob")) == 1 and after.index(asks.format("Bob")) < after.index(
        "Bob's hand: "
    )
    assert "Ann's hand: " not in after
    assert left.exit_code == 0 and left.exception is None, left.output
    assert "hand: " not in left.output and "Saved." in left.output
    # One person at the terminal: no hand-over.
    assert one.exit_code == 0 and "\x1b[3J" not in one.output and "at the keys" not in one.output
    # Several people, input from a pipe (a script): no hand-over either.
    piped = runner.invoke(main, [*args, "--seed", "5"], input="pass\npass\nquit\n")
    assert piped.exit_code == 0 and piped.exception is None, piped.output
    assert "\x1b[3J" not in piped.output and "at the keys" not in piped.output

    # A terminal that reads no escape codes: blank lines push the cards out of sight.
    def init_dumb(
        self: console.Console, *, interactive: object = None, width: object = None
    ) -> None:
        init(self)
        self.dumb = True  # as TERM=dumb at a terminal makes it

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(console.Console, "__init__", init_dumb)
        patched.setattr(console.Console, "_ask_terminal", typed)
        dumb = runner.invoke(main, [*args, "--seed", "4"], input="\npass\n\n\nquit\n")
    assert dumb.exit_code == 0 and dumb.exception is None, dumb.output
    assert "\x1b" not in dumb.output and "\n" * 60 in dumb.output


def test_the_opening_line_keeps_type_help_for_help_whole_where_it_wraps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardside.cli.commands import HELP_TO_TYPE
    from cardside.tui.console import Console, wrap

    line = f"Line-it: You, Bot 2. Session lineit-play-20261205-1636. {HELP_TO_TYPE}"
    for width in (60, 70, 74, 80):
        pieces = wrap(line, width)
        assert any(p.endswith(HELP_TO_TYPE) for p in pieces), (width, pieces)
        assert all(len(p) <= width for p in pieces)
    Console(interactive=False).say(line)
    assert capsys.readouterr().out.endswith("1636. Type help for help, rules for the rules.\n")


@pytest.mark.parametrize(
    ("game", "unit"), [("octrix", "game"), ("schnapsen", "match"), ("iota", "game")]
)
def test_again_speaks_of_a_match_where_the_game_plays_matches(
    runner: CliRunner, data_dir: Path, game: str, unit: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After "Match over", the prompt offers a new match, not a new game."""
    from types import SimpleNamespace

    from cardside.cli import review
    from cardside.cli.common import play_games

    monkeypatch.setattr(review, "refusal", lambda session: None)  # a game one can review

    session = SimpleNamespace(game=game, mode="play", entries=[], seats=[], options={})
    journal = SimpleNamespace(
        session=session, command=lambda verb: f"cardside sessions {verb} x", close=lambda: None
    )
    with runner.isolation(input="help\nnonsense\n\n") as (out, _err, *_):
        play_games(SimpleNamespace(data_dir=data_dir), journal, lambda app, j: "over", None)
        shown = out.getvalue().decode()
    assert f"Type again for a new {unit} with the same options" in shown
    assert f"again starts a new {unit} with the same players" in shown
    assert f"the {unit} is over: type again" in shown
    # rules there too, as at every prompt of a game: its page, then the question again.
    shown_rules: list[str] = []
    monkeypatch.setattr("cardside.cli.common.echo_rules", shown_rules.append)
    with runner.isolation(input="rules\n\n") as (out, _err, *_):
        play_games(SimpleNamespace(data_dir=data_dir), journal, lambda app, j: "over", None)
        asked = out.getvalue().decode()
    assert shown_rules == [game]
    assert asked.count(f"Type again for a new {unit} with the same options") == 2


def test_again_gives_up_the_finished_game_before_the_next_is_begun(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finished game's lock is gone once the next game begins, so another terminal may
    show, rename or delete it while the evening goes on."""
    from cardside.cli import common

    locks_then: list[list[str]] = []
    begin = common.start_journal

    def start(*args: Any, **kwargs: Any) -> Any:
        folder = store.sessions_dir(data_dir)
        locks_then.append(sorted(p.name for p in folder.glob(".*.lock")))
        return begin(*args, **kwargs)

    monkeypatch.setattr(common, "start_journal", start)
    lines = lost_short_game()
    result = runner.invoke(main, SHORT_HARD, input="\n".join(lines) + "\nagain\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    # The again's new game is the last begun (the first may be begun before the patch).
    assert locks_then and locks_then[-1] == [], locks_then
    assert not list(store.sessions_dir(data_dir).glob(".*.lock"))


def test_a_taken_session_name_asks_for_another_and_names_how_to_see_that_one(
    runner: CliRunner, data_dir: Path
) -> None:
    """The session already named so may be another game, finished or damaged, which resume
    would not go on with as this command would: the way on is another name."""
    kept = runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "friday"], input="quit\n"
    )
    assert kept.exit_code == 0 and kept.exception is None, kept.output
    for args in (
        ["octrix", "play", "--session", "friday"],
        ["iota", "keep", "--session", "FRIDAY"],
    ):
        refused = runner.invoke(main, args, input="quit\n")
        assert refused.exit_code == 1 and isinstance(refused.exception, SystemExit)
        said = refused.output.strip()
        assert "already exists" in said and "give --session another name" in said, said
        assert said.endswith("(to see that one: cardside sessions show friday)"), said
        assert "resume" not in said
