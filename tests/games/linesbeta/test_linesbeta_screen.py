"""What the LinesBeta play screen says at a round's end."""

from __future__ import annotations

import pytest

from cardside.tui.console import Console
from cardside.tui.linesbeta.screen import LinesBetaScreen
from cardside.tui.style import Style


def test_the_lines_going_back_to_the_deck_are_one_line_or_several(
    capsys: pytest.CaptureFixture[str],
) -> None:
    screen = LinesBetaScreen(Console(interactive=False), Style(ascii=True))
    screen.round_over(1, 4, 2, [5])
    screen.round_over(2, 3, 3, [5, 8])
    screen.round_over(3, 3, 3, [])
    said = capsys.readouterr().out.splitlines()
    back = [line for line in said if line.startswith("  Back to the deck")]
    assert "and line r6 (all face up)." in back[0]
    assert "and lines r6 c3 (all face up)." in back[1]
    assert back[2] == (
        "  Back to the deck: the 12 trick cards and the trump card. Gaps are refilled face down."
    )


def test_the_history_counts_tricks_won_as_the_rules_do() -> None:
    from cardside.games.linesbeta.bots import make_bot
    from cardside.games.linesbeta.state import LinesBetaState
    from cardside.tui.linesbeta.play import history

    state = LinesBetaState("normal", "short", seed=2)
    bot = make_bot("random", seed=2)
    for _ in range(8):  # the trump card and some challenges
        state.apply(bot.choose(state.observation(0), 0))
    screen = LinesBetaScreen(Console(), Style(ascii=True, color=False), "You")
    player, grid = state.points
    assert history(state, screen).splitlines()[-1] == f"Tricks won: you {player}, the grid {grid}"


@pytest.mark.parametrize(("columns", "widest"), [(None, 37), (80, 37), (36, 29), (30, 29)])
def test_the_grid_fits_a_narrow_terminal_without_a_row_across_two_lines(
    columns: int | None, widest: int
) -> None:
    """Below the grid's 37 columns its cells and labels narrow: no row is wrapped."""
    from cardside.core.cards import Card, Suit
    from cardside.tui.linesbeta.screen import Seen

    screen = LinesBetaScreen(Console(interactive=False, width=columns), Style(color=False))
    marks: list[object] = [
        "down",
        "gap",
        "up",
        Card(10, Suit.SPADES),
        Seen(Card(9, Suit.HEARTS)),
        "down",
    ]
    lines = screen.grid(lambda i: marks[i % 6], blocked=(1 << 0) | (1 << 8))  # type: ignore[arg-type,return-value]
    assert len(lines) == 8  # the header, six rows, the columns' marks
    assert max(len(line) for line in lines) == widest
    assert all(line.lstrip().startswith(f"r{n} ") for n, line in enumerate(lines[1:7], 1))
    assert "10♠" in lines[1] and "9♥*" in lines[1]
