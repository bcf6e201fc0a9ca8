"""What a keeper at a real table reads and types: partners named as the sheet names them,
examples with a card a player, the result said mid-sentence, and a look before answering."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from cardside.cli.main import main
from cardside.core import corrections
from cardside.sessions import store

PARTNERS = ["octrix", "keep", "--names", "Ann,Bob,Cy,Di", "--partnership", "--no-hands"]


def keep(runner: CliRunner, args: list[str], lines: list[str], name: str = "t") -> Result:
    result = runner.invoke(main, [*args, "--session", name], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    return result


def test_a_partnership_round_is_typed_under_the_side_s_name(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["Ann & Cy 1 2 3", "Bob & Cy 1", "ann & cy 1 2 3 4 5 6 7", "fix", "Ann 1 2 3 4 5 6 7"]
    out = keep(runner, PARTNERS, [*lines, "", "quit"]).output
    assert "  Ann & Cy: [1 2 3] = 9  (total 9)" in out
    assert "  Bob's partner is Di: Bob & Di 1 3 4 (type help)" in out
    assert "      1  Ann & Cy 1 2 3 Bob & Di 4 5 6 7 8 (round 1)" in out
    assert "      2  Ann & Cy 1 2 3 4 5 6 7 Bob & Di 8 (round 2)" in out
    assert "The game is over (Ann & Cy win). Type undo" in out
    session = store.load(data_dir / "sessions" / "t.toml")
    assert corrections.in_force(session.entries).entries[0]["counting"] == [
        [1, 2, 3],
        [4, 5, 6, 7, 8],
        [],
        [],
    ]


def test_and_between_players_who_are_no_partners_is_refused_with_the_way(
    runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, ["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], ["Ann & Bob 1 2"])
    assert (
        "  & joins partners, and this game has none: give each player's counting cards after "
        "their name (Ann 1 3 4) (type help)"
    ) in out.output


def test_a_trick_s_example_has_a_card_for_each_player(runner: CliRunner, data_dir: Path) -> None:
    out = keep(runner, PARTNERS, ["help", "quit"]).output
    assert "  Each trick's cards in seat order (8C 3H 2D 4S), or a whole round" in out
    assert (
        "  Enter the cards of each trick in seat order (Ann, Bob, Cy, Di), e.g. 8C 3H 2D 4S." in out
    )
    args = ["octrix", "keep", "--names", "Ann,Bob,Cy", "--no-hands"]
    three = keep(runner, args, ["quit"], name="three")
    assert "seat order (8C 3H 2D)" in three.output


def test_a_card_not_in_the_hand_points_to_the_hand_s_entry(
    runner: CliRunner, data_dir: Path
) -> None:
    hands = ["y", "AC 2C 3C 4C 5C 6C 7C 8C", "AD 2D 3D 4D 5D 6D 7D 8D"]
    out = keep(runner, ["octrix", "keep", "--names", "Ann,Bob"], [*hands, "8S 8D", "quit"]).output
    assert (
        "  Ann does not hold 8S (if Ann's hand was typed wrong, fix its entry: fix lists them) "
        "(type help)"
    ) in out


def test_linesbeta_says_its_result_as_words_and_its_last_entry_in_effect(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid"]
    out = keep(runner, args, ["round 1 5", "w", "undo", "show", "quit"]).output
    assert "  Last entry in effect: round 1-5" in out.split("show")[-1]
    lost = ["round 1 5", *["l"] * 6, ""]
    assert "The game is over (the grid wins). Type undo" in keep(runner, args, lost, "l").output
    won = ["round 5 1", "round 5 1", "w", "w", "w", "w", ""]
    assert "The game is over (you win). Type undo" in keep(runner, args, won, "w").output


def test_linesbeta_asks_for_the_trump_with_an_example_from_the_hand(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(main, ["linesbeta", "play", "--seed", "5"], input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Trump card (one of your cards, e.g. " in result.output


def test_line_it_counts_not_yet_given_are_not_a_score_of_0(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["counts Ann 23 +4-3", "counts Bob 10 +3", "undo", "quit"]
    out = keep(runner, ["lineit", "keep", "--names", "Ann,Bob"], lines).output
    assert out.count("  scores: Ann 24, Bob - (no counts yet)") == 2
    assert "  scores: Ann 24, Bob 13" in out


def test_show_at_the_take_back_question_lists_every_entry_it_takes_back(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["iota", "keep", "--names", "Ann,Bob", "--grid"]
    lines = ["RC2", "Ann YC2 1,0", "Bob GC2 2,0 BC2 3,0", "Ann RS2 0,1", "fix 1 RC3", "show"]
    out = keep(runner, args, [*lines, "cancel", "quit"]).output
    listed = out.split("fix/cancel]: show")[1].splitlines()
    assert listed[1].startswith("  With this correction, entry ") and "no longer fits" in listed[1]
    assert [line.split()[0] for line in listed[2:4]] == ["3", "4"]
    assert "  Cancelled; nothing changed." in out


def test_a_side_named_without_cards_or_a_partner_named_twice_is_refused(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["Ann & Cy", "Ann & Cy 1 3 Cy 4", "Cy 1 Ann & Cy 2", "Ann & Cy -", "quit"]
    out = keep(runner, PARTNERS, lines).output
    assert (
        "  give the counting cards Ann & Cy won after the name, e.g. Ann & Cy 1 3 4 "
        "(Ann & Cy - for none) (type help)"
    ) in out
    assert out.count("  Cy is named twice (type help)") == 2
    assert "  say which of" not in out
    session = store.load(data_dir / "sessions" / "t.toml")
    assert session.entries == [
        {"type": "round", "counting": [[], [1, 2, 3, 4, 5, 6, 7, 8], [], []]}
    ]


def test_partners_of_several_words_are_named_whole(runner: CliRunner, data_dir: Path) -> None:
    args = ["octrix", "keep", "--names", "Ann Lee,Bob,Cy Po,Di", "--partnership", "--no-hands"]
    out = keep(runner, args, ["Ann Lee & Cy Po 1 2 3", "Ann 1", "quit"]).output
    assert "  Ann Lee & Cy Po: [1 2 3] = 9  (total 9)" in out
    # A plain name with nothing after it says the player's own name, not the side's.
    assert "  give the counting cards Ann Lee won after the name, e.g. Ann Lee 1 3 4" not in out
    session = store.load(data_dir / "sessions" / "t.toml")
    assert session.entries[0]["counting"] == [[1, 2, 3], [4, 5, 6, 7, 8], [], []]
    bare = keep(runner, PARTNERS, ["Ann", "quit"], name="bare").output
    assert "  give the counting cards Ann won after the name, e.g. Ann 1 3 4 (Ann - for" in bare
