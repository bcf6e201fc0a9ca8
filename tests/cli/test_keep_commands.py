"""The command words every scorekeeper's prompt shares."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import store
from cardside.tui.keeping import keep_command


def test_command_words_call_their_action_and_entries_pass_through() -> None:
    calls: list[str] = []
    said: list[str] = []

    def run(line: str) -> str | None:
        return keep_command(
            line,
            help=lambda: calls.append("help"),
            show=lambda: calls.append("show"),
            undo=lambda: calls.append("undo"),
            say=said.append,
        )

    assert [run(w) for w in ("HELP", "?", "show", "score", " undo ")] == ["handled"] * 5
    assert calls == ["help", "help", "show", "show", "undo"]
    assert run("Exit") == run("quit") == "quit"
    assert run("q") is None  # a card rank in some games, never a way out
    assert run("Ann 2") is None and run("w") is None
    assert len(calls) == 5 and said == []
    assert run("undo 2") == "handled" and len(calls) == 5  # refused, nothing undone
    assert said == [
        "  undo takes nothing after it: type it alone, once for each entry to take back (type help)"
    ]


def test_a_player_named_by_a_command_word_still_enters_turns() -> None:
    """A file written before such names were refused: ``H 8 4`` is H's turn, not help."""
    said: list[str] = []

    def run(line: str, names: list[str]) -> str | None:
        return keep_command(line, help=print, show=print, undo=print, say=said.append, names=names)

    assert run("H 8 4", ["H", "Ann"]) is None and run("score 8", ["Score", "Ann"]) is None
    assert said == []
    assert run("h 8 4", ["Ann", "Bob"]) == "handled" and len(said) == 1


def test_iota_names_that_are_command_words_are_refused(runner: CliRunner) -> None:
    for name in ("H", "Score", "exit", "?"):
        result = runner.invoke(main, ["iota", "keep", "--names", f"{name},Ann"])
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
        assert "choose another name" in result.output, result.output


# -- short names: one rule in every keep ----------------------------------------------------------
def test_a_name_typed_another_way_at_a_keep_prompt_is_that_player(
    runner: CliRunner, data_dir: Path
) -> None:
    """Zoé given with the accent apart and typed as one character enters her deal."""
    args = ["schnapsen", "keep", "--names", "Zoe\u0301,Ann", "--session", "z"]
    result = runner.invoke(main, args, input="Zo\u00e9 2\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "is not a player here" not in result.output
    assert store.load(store.sessions_dir(data_dir) / "z.toml").entries[0]["winner"] == 0


def test_a_unique_start_of_a_name_is_that_player_and_two_fits_are_refused() -> None:
    from hypothesis import given
    from hypothesis import strategies as st

    from cardside.core.errors import NotationError
    from cardside.core.players import seat_named, seats_named

    names = ["Ann", "Anna", "Bob"]
    assert seats_named("ann", names) == [0]  # a whole name wins over a longer one it starts
    assert seats_named("B", names) == [2] and seats_named("bO", names) == [2]
    assert seats_named("A", names) == [0, 1] and seats_named("Cy", names) == []
    assert seats_named("", names) == []
    # A name is read however it was typed: an accent as its own character or not, full width.
    assert seats_named("Zo\u00e9", ["Zoe\u0301", "Ann"]) == [0]
    assert seats_named("Zoe\u0301", ["Zo\u00e9", "Ann"]) == [0]
    assert seats_named("\uff3a\uff4f\uff45", ["Zoe", "Ann"]) == [0]
    for word, reason in [("A", "'A' could be Ann or Anna"), ("Cy", "'Cy' is not a player here")]:
        try:
            seat_named(word, names)
        except NotationError as exc:
            assert str(exc).startswith(reason)
        else:
            raise AssertionError(word)

    @given(st.lists(st.text("abAB", min_size=1, max_size=4), min_size=2, max_size=4, unique=True))
    def every_name_and_its_unique_starts(names: list[str]) -> None:
        if len({n.casefold() for n in names}) < len(names):
            return
        for seat, name in enumerate(names):
            assert seats_named(name.upper(), names) == [seat]
            for end in range(1, len(name)):
                fits = [
                    s for s, n in enumerate(names) if n.casefold().startswith(name[:end].casefold())
                ]
                if name[:end].casefold() not in [n.casefold() for n in names]:
                    assert seats_named(name[:end], names) == fits

    every_name_and_its_unique_starts()


def test_every_keep_takes_a_unique_start_of_a_name(runner: CliRunner, data_dir: Path) -> None:
    """``A`` is Ann wherever a keep's entry names a player: IOTA's turns, Line-it's lines,
    Octrix's rounds, Schnapsen's deals and its table questions."""
    cases = [
        (["iota", "keep"], "a 5 5\n", "Ann: 5 + 5 = 10"),
        (["lineit", "keep"], "line a 2 6 10\n", "Ann: "),
        (["octrix", "keep", "--no-hands"], "a 1 3 4\n", "Ann: [1] [3 4] = 1+4 = 5"),
        (["schnapsen", "keep"], "a 2\n", "Ann wins 2 game points"),
        (["schnapsen", "keep"], "table\nb\nb\n0\n", "Bob wins 3 game points"),
    ]
    for i, (command, script, said) in enumerate(cases):
        args = [*command, "--names", "Ann,Bob", "--session", f"k{i}"]
        result = runner.invoke(main, args, input=script + "quit\n")
        assert result.exit_code == 0, result.output
        assert said in result.output, (command, result.output)
        assert "not a player" not in result.output


def test_every_keep_refuses_a_name_that_fits_nobody_in_the_same_words(
    runner: CliRunner, data_dir: Path
) -> None:
    """IOTA, Line-it, Octrix and Schnapsen (and --dealer) say one sentence for 'Zed'."""
    sentence = "  'Zed' is not a player here (Ann or Bob) (type help)"
    scripts = {
        "iota": ["Zed 8 4"],
        "lineit": ["line Zed 3 4 5"],
        "octrix": ["n", "Zed 1"],
        "schnapsen": ["ask", "nobody", "no", "Zed", "quit"],
    }
    for game, script in scripts.items():
        args = [game, "keep", "--names", "Ann,Bob"]
        result = runner.invoke(main, args, input="\n".join([*script, "quit"]) + "\n")
        assert result.exit_code == 0 and result.exception is None, (game, result.output)
        assert sentence in result.output.splitlines(), (game, result.output)
    for game in ("octrix", "schnapsen"):  # the keeps with a --dealer
        dealer = runner.invoke(main, [game, "keep", "--names", "Ann,Bob", "--dealer", "Zed"])
        assert dealer.exit_code == 2, (game, dealer.output)
        assert "'--dealer': 'Zed' is not a player here (Ann or Bob)" in dealer.output, game


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (["schnapsen", "keep", "--names", "Ann,Bob"], "Keeping Schnapsen for Ann and Bob"),
        (
            ["octrix", "keep", "--names", "Ann,Bob,Cy", "--no-hands"],
            "Keeping Octrix for Ann, Bob and Cy",
        ),
        (["lineit", "keep", "--names", "Ann,Bob"], "Keeping Line-it for Ann and Bob"),
        (["iota", "keep", "--names", "Ann,Bob"], "Keeping IOTA for Ann and Bob"),
        (
            ["linesbeta", "keep", "--difficulty", "hard", "--short", "--no-grid"],
            "Keeping LinesBeta, hard, short game",
        ),
    ],
)
def test_a_resumed_kept_game_says_what_is_kept_and_the_session(
    runner: CliRunner, data_dir: Path, args: list[str], first: str
) -> None:
    started = runner.invoke(main, [*args, "--session", "r"], input="quit\n")
    assert started.exit_code == 0, started.output
    resumed = runner.invoke(main, ["sessions", "resume", "r"], input="quit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    assert (
        resumed.output.splitlines()[0]
        == f"{first} (resumed). Session r. Type help for help, rules for the rules."
    )
    # Said as keep said it at the start.
    assert (
        started.output.splitlines()[0]
        == f"{first}. Session r. Type help for help, rules for the rules."
    )


def test_octrix_show_lists_the_rounds_so_far(runner: CliRunner, data_dir: Path) -> None:
    args = ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", "o"]
    result = runner.invoke(main, args, input="Ann 1 2 3\nBob 4 5 6 7 8\nshow\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    shown = result.output.split("cards for Ann, Bob: show\n", 1)[1]
    assert shown.startswith("  round  Ann  Bob  Ann total  Bob total\n")
    assert "  1        9   25          9         25\n" in shown
    assert "  2        9   25         18         50\n" in shown


@pytest.mark.parametrize(
    ("example", "said"),
    [
        ("iota-kept-grid", "The game is over (Bob wins). "),
        ("lineit-kept-three-players", "The game is over (Cleo wins). "),
        ("linesbeta-kept-short-grid", "The game is over (Ann wins). "),
        ("octrix-kept-partnership", "The game is over (Ann & Cid win). "),
        ("schnapsen-kept-bummerl", "The match is over (Ann wins). "),
    ],
)
def test_a_finished_kept_game_reopened_says_who_won_next_to_its_question(
    runner: CliRunner, data_dir: Path, example: str, said: str
) -> None:
    """Reopened, a finished game shows its sheet, not the line that said who won when it
    ended: the question says it."""
    import shutil

    folder = data_dir / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(__file__).resolve().parents[2] / "scoresheets" / f"{example}.toml", folder)
    result = runner.invoke(main, ["sessions", "resume", example], input="\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert said + "Type undo to take back the last entry" in result.output
