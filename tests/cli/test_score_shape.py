"""Every game's ``score --json`` gives its reasoning the same way: the text answer's lines."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardside.cli.main import main

SCORES = {
    "iota": ["8", "4", "5", "--lots", "1"],
    "octrix": ["1", "3", "4", "5", "8"],
    "lineit": ["12", "30", "B4", "45", "57", "60", "71"],
    "schnapsen": ["--reached", "Ann", "--points", "40", "--names", "Ann,Bob"],
    "linesbeta": ["--difficulty", "normal", "4-2", "5-1", "3-3", "4-2", "5-1", "5-1"],
}


@pytest.mark.parametrize("game", sorted(SCORES))
def test_score_json_gives_the_reasoning_of_the_text_answer(runner: CliRunner, game: str) -> None:
    text = runner.invoke(main, ["--ascii", game, "score", *SCORES[game]])
    as_json = runner.invoke(main, ["--ascii", game, "score", *SCORES[game], "--json"])
    assert text.exit_code == as_json.exit_code == 0, text.output + as_json.output
    assert text.exception is None and as_json.exception is None
    answer = json.loads(as_json.output)
    reasoning = answer["reasoning"]
    assert reasoning and all(isinstance(line, str) and line for line in reasoning)
    assert answer["answer"] == reasoning[0] == text.output.splitlines()[0].strip()
    shown = " ".join(text.output.split())
    assert all(" ".join(line.split()) in shown for line in reasoning), reasoning
    # And every line the text answer gives, its verdict too.
    assert " ".join(" ".join(line.split()) for line in reasoning) == shown


@pytest.mark.parametrize(
    "args",
    [
        ["octrix", "score", "--trick", "8X 3H"],
        ["octrix", "score", "--trick", "10C 3H"],
        ["iota", "score", "--grid", "RC2 0,0", "--play", "QQ 1,0"],
        ["iota", "score", "--grid", "RC2 0,0 XX9 1,0", "--best", "--hand", "RC3"],
        ["iota", "score", "--grid", "RC2 0,0", "--best", "--hand", "ZZ9"],
        ["lineit", "score", "57x"],
        ["octrix", "score", "1,,3"],
        ["schnapsen", "score", "--reached", "Ann", "--points", "abc"],
    ],
)
def test_a_mistyped_card_or_number_is_a_usage_error_in_every_game(
    runner: CliRunner, args: list[str]
) -> None:
    """Status 2 for what reads as no card or number, as for any mistyped value; status 1 is
    kept for a score that cannot happen."""
    result = runner.invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Invalid value for" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["octrix", "score", "--trick", "8C"],
        ["octrix", "score", "--trick", "8C 8C"],  # every card reads: one named twice
        ["iota", "score", "--grid", "RC2 0,0", "--play", "RC2 1,0"],
        ["iota", "score", "--grid", "RC2 0,0 RC2 1,0", "--best"],
    ],
)
def test_a_score_that_cannot_happen_is_status_1(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 1, result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--reached", "Ann", "--names", "Ann,Bob"], "give Bob's card points at the end"),
        (["--closer", "Ann", "--reached", "Bob"], "give Bob's card points when the stock was"),
    ],
)
def test_schnapsen_says_whose_card_points_are_missing(
    runner: CliRunner, args: list[str], said: str
) -> None:
    result = runner.invoke(main, ["schnapsen", "score", *args])
    assert result.exit_code == 1 and said in result.output, result.output


#: The cards each score help's key writes, as that key names them.
KEYED = {
    "octrix": {"8C": "8 of clubs"},
    "iota": {"YS2": "yellow square 2", "W": "wild"},
    "lineit": {"57": "number card", "57r": "colour letter", "B3": "Bet card"},
}


@pytest.mark.parametrize("game", sorted(KEYED))
def test_a_score_help_that_takes_cards_says_how_to_write_them(runner: CliRunner, game: str) -> None:
    import importlib

    result = runner.invoke(main, [game, "score", "--help"])
    assert result.exit_code == 0 and result.exception is None, result.output
    key = " ".join(result.output.split("Cards:", 1)[1].split("Options:", 1)[0].split())
    notation = importlib.import_module(f"cardside.games.{game}.notation")
    for card, said in KEYED[game].items():
        assert card in key and said in key, key
        notation.parse_card(card)  # the key's own examples are cards the game reads


SHAPED = {
    **{game: args for game, args in SCORES.items() if game != "iota"},
    "octrix tricks": ["--names", "Ann,Bob", "--trick", "8C 3H", "--trick", "2C 3D"],
}


@pytest.mark.parametrize("case", sorted(SHAPED))
def test_every_score_gives_the_answer_first_then_its_reasons_indented(
    runner: CliRunner, case: str
) -> None:
    """One shape in every game: the answer on the first line, how it follows under it."""
    game = case.split()[0]
    result = runner.invoke(main, ["--ascii", game, "score", *SHAPED[case]])
    assert result.exit_code == 0 and result.exception is None, result.output
    first, *rest = result.output.rstrip("\n").splitlines()
    assert first and not first.startswith(" ") and rest
    assert all(line.startswith("  ") for line in rest), result.output
    expected = {
        "octrix": "11",
        "octrix tricks": "Ann 4, Bob 0 after 2 of 8 tricks",
        "lineit": "7",
        "schnapsen": "Ann wins 1 game point: 66 reached, opponent had 33 or more.",
        "linesbeta": "You win: you reached your target of 26.",
    }[case]
    assert first == expected
