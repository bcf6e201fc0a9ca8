"""The Schnapsen play screen's words: "You win", and each kind of number named for what it is."""

from __future__ import annotations

from cardside.games.schnapsen.deal import step
from cardside.games.schnapsen.notation import parse_card
from cardside.games.schnapsen.rules import DealResult, Marriage, action_code
from cardside.games.schnapsen.state import DealRecord, SchnapsenState
from cardside.tui.console import Console
from cardside.tui.schnapsen.screen import SchnapsenScreen, card_points
from cardside.tui.style import Style

from .schnapsen_helpers import make_deal


class Recorder(Console):
    def __init__(self) -> None:
        super().__init__(interactive=False)
        self.lines: list[str] = []

    def say(self, text: str = "") -> None:
        self.lines.append(text)


def _screen(names: tuple[str, str]) -> tuple[SchnapsenScreen, Recorder]:
    console = Recorder()
    return SchnapsenScreen(console, Style(ascii=True), list(names)), console


def _marriage_deal():  # type: ignore[no-untyped-def]
    """You hold 30 in tricks and end the deal with the trump marriage (40): 70 card points."""
    d = make_deal(
        "KH QH AS", "JC JD", stock="10C AC", trump="H", points=(30, 20), won=("AD 10D", "KD QD")
    )
    return step(d, action_code(Marriage(parse_card("QH"))))


def test_you_win_the_deal_and_the_match_and_a_name_wins() -> None:
    after = _marriage_deal()
    assert after.result is not None
    winner, points, rule = after.result
    record = DealRecord(1, 1, DealResult(winner, points, rule), (0, 7))
    for names, words in ((("You", "Bot"), "You win"), (("Ann", "Bot"), "Ann wins")):
        s, console = _screen(names)
        s.deal_over(after, record, match_over=True)
        text = "\n".join(console.lines)
        assert f"Deal 1: {words} {points} game point" in text
        assert f"{words} the match; a Bummerl for Bot." in text
        assert "You wins" not in text


def test_card_points_show_the_marriage_apart_and_the_countdown_is_named() -> None:
    after = _marriage_deal()
    assert after.counted_marriages(0) == 40 and after.points[0] == 70
    assert card_points(70, 40) == "30 + 40 marriage" and card_points(38, 0) == "38"
    winner, points, rule = after.result  # type: ignore[misc]
    s, console = _screen(("You", "Bot"))
    s.deal_over(after, DealRecord(1, 1, DealResult(winner, points, rule), (6, 7)), False)
    text = "\n".join(console.lines)
    assert "card points: You 30 + 40 marriage, Bot 20" in text
    assert "countdown: You 6, Bot 7" in text
    assert "match:" not in text


def test_the_table_names_the_countdown_and_card_points() -> None:
    state = SchnapsenState(seed=3)
    s, console = _screen(("You", "Bot"))
    s.table(state.observation(0))
    text = "\n".join(console.lines)
    assert "countdown: You 7, Bot 7 (first to 0 wins the match)" in text
    assert "You: 0 card points, 0 tricks" in text
