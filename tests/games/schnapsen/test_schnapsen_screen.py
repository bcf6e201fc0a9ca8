"""The Schnapsen play screen: what it says, and that it shows only what the seat may see."""

from __future__ import annotations

import pytest

from cardside.core.cards import Suit
from cardside.games.schnapsen.deal import step
from cardside.games.schnapsen.notation import format_card, parse_card
from cardside.games.schnapsen.rules import CARDS, DealResult, Marriage, action_code
from cardside.games.schnapsen.state import DealRecord, SchnapsenState
from cardside.tui.console import Console
from cardside.tui.schnapsen.screen import (
    SchnapsenScreen,
    card_points,
    describe_action,
    describe_trick,
    sort_hand,
)
from cardside.tui.style import Style

from .schnapsen_helpers import c, make_deal


class Recorder(Console):
    def __init__(self) -> None:
        super().__init__(interactive=False)
        self.lines: list[str] = []

    def say(self, text: str = "") -> None:
        self.lines.append(text)


def screen(names: tuple[str, str] = ("You", "Bot")) -> tuple[SchnapsenScreen, Recorder]:
    console = Recorder()
    return SchnapsenScreen(console, Style(ascii=True), list(names)), console


def test_hand_is_sorted_trumps_first_high_cards_first() -> None:
    hand = [parse_card(t) for t in "JC AH KS QH 10C".split()]
    assert [format_card(x, ascii=True) for x in sort_hand(hand, Suit.HEARTS)] == [
        "AH",
        "QH",
        "10C",
        "JC",
        "KS",
    ]


def test_verbs_agree_with_you_and_with_a_name() -> None:
    s, _ = screen(("You", "Bot"))
    assert s.does(0, "take") == "You take" and s.does(1, "take") == "Bot takes"
    assert s.does(1, "reach") == "Bot reaches"


def test_table_shows_only_what_the_seat_may_see() -> None:
    state = SchnapsenState(seed=3)
    s, console = screen()
    s.table(state.observation(0))
    text = "\n".join(console.lines)
    mine = [format_card(x, ascii=True) for x in state.hand(0)]
    theirs = [format_card(x, ascii=True) for x in state.hand(1)]
    hidden_stock = [
        format_card(x, ascii=True)
        for x in CARDS
        if x not in state.hand(0) and x not in state.hand(1) and x != state.indicator
    ]
    hand_line = next(line for line in console.lines if "your hand:" in line)
    assert sorted(hand_line.split(":")[1].split()) == sorted(mine)
    for card in theirs + hidden_stock:
        assert card not in text.split(), card
    assert "stock 10 cards" in text and f"indicator {format_card(state.indicator, True)}" in text


def test_a_marriage_that_reaches_66_leads_no_card() -> None:
    d = make_deal(
        "KH QH AS", "JC JD", stock="10C AC", trump="H", points=(30, 20), won=("AD 10D", "KD QD")
    )
    after = step(d, action_code(Marriage(parse_card("QH"))))
    assert after.result is not None
    s, _ = screen()
    words = describe_action(s, d, 0, Marriage(parse_card("QH")), show_card=False, ended=True)
    assert words == ["You declare the marriage in H (40) and reach 66."]
    pending = make_deal("KH QH AS", "JC JD", stock="10C AC", trump="H")
    words = describe_action(s, pending, 0, Marriage(parse_card("KH")), show_card=False)
    assert words == [
        "You declare the marriage in H (40) (pending until a first trick) and lead KH."
    ]


@pytest.mark.parametrize("last_draw", [False, True])
def test_a_trick_names_its_winner_and_the_card_you_drew(last_draw: bool) -> None:
    stock = "AC 10C" if last_draw else "AC KC QC 10C"
    d = make_deal("AS JC", "KS JD", stock=stock, trump="H", to_move=0)
    d = step(d, c("AS"))
    after = step(d, c("KS"))
    s, _ = screen()
    lines = describe_trick(s, d, after, 0)
    assert lines[0] == "  You AS, Bot KS -> You take the trick (15 card points)."
    assert lines[1] == "  You draw AC."
    assert ("  The stock is used up: phase 2 from now on." in lines) == last_draw
    # The player's own name, as every other line of the table gives it.
    named, _ = screen(("Zoë", "Bot"))
    assert describe_trick(named, d, after, 0)[1] == "  Zoë draws AC."


# -- the words for results and numbers ---------------------------------------------------------
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
        s, console = screen(names)
        s.deal_over(after, record, match_over=True)
        text = "\n".join(console.lines)
        assert f"Deal 1: {words} {points} game point" in text
        assert f"{words} the match; a Bummerl for Bot." in text
        assert "You wins" not in text


def test_card_points_show_the_marriage_apart_and_the_countdown_is_named() -> None:
    after = _marriage_deal()
    assert after.counted_marriages(0) == 40 and after.points[0] == 70
    assert card_points(70, 40) == "70 (40 of them from marriages)" and card_points(38, 0) == "38"
    winner, points, rule = after.result  # type: ignore[misc]
    s, console = screen(("You", "Bot"))
    s.deal_over(after, DealRecord(1, 1, DealResult(winner, points, rule), (6, 7)), False)
    text = "\n".join(console.lines)
    # The deal ended with cards unplayed, so the piles do not hold all 120 and it is not said.
    assert "card points: You 70 (40 of them from marriages), Bot 20\n" in text + "\n"
    assert "120" not in text
    assert "countdown: You 6, Bot 7" in text
    assert "match:" not in text


def test_the_table_names_the_countdown_and_card_points() -> None:
    state = SchnapsenState(seed=3)
    s, console = screen(("You", "Bot"))
    s.table(state.observation(0))
    text = "\n".join(console.lines)
    assert "countdown: You 7, Bot 7 (first to 0 wins the match)" in text
    assert "You: 0 card points, 0 tricks" in text


def test_history_tells_each_deal_in_the_screens_words() -> None:
    from cardside.games.schnapsen.bots import make_bot
    from cardside.tui.schnapsen.play import history

    state = SchnapsenState(seed=5)
    bot = make_bot("heuristic", seed=1)
    while not state.history:
        seat = state.current_player()
        assert seat is not None
        state.apply(bot.choose(state.observation(seat), seat))
    s, _ = screen(("You", "Bot 2"))
    told = history(state, s).splitlines()
    assert told[0] == (
        "Deal 1: Bot 2 wins 2 game points (closer reached 66, opponent had a trick but under 33 "
        "at closing, so Schneider); countdown: You 7, Bot 2 5"
    )
    assert told[1:3] == ["Deal 2, so far:", "  no trick yet"]


def test_a_deal_s_reason_drops_only_its_count_of_game_points() -> None:
    from cardside.games.schnapsen.keep import rule_reason

    last = "stock used up and no one reached 66, so the last trick wins"
    assert rule_reason("last-trick") == last
    assert rule_reason("closer-failed-2") == "closer failed to reach 66"
    assert rule_reason("normal-3") == "66 reached, opponent had no trick, so Schwarz"
    assert rule_reason("direct") == "entered directly"


def test_a_player_s_line_says_the_marriages_share_of_the_card_points() -> None:
    from types import SimpleNamespace

    seen = SimpleNamespace(
        tricks_won=lambda seat: 2,
        points=lambda seat: 58,
        marriage_points=lambda seat: 20,
        pending=lambda seat: 0,
        marriages=[(0, Suit.SPADES)],
        trump=Suit.HEARTS,
    )
    s, _ = screen(("You", "Bot"))
    line = s.points_line(seen, 0)  # type: ignore[arg-type]
    assert line.startswith("You: 58 card points (20 of them from marriages), 2 tricks; marriages")


def test_the_next_deal_s_trumps_are_said_before_its_first_moves() -> None:
    """A bot that leads the next deal may exchange or declare at once: its trumps come first."""
    after = _marriage_deal()
    winner, points, rule = after.result  # type: ignore[misc]
    coming = SchnapsenState(seed=3)
    s, console = screen(("You", "Bot"))
    s.deal_over(after, DealRecord(1, 1, DealResult(winner, points, rule), (6, 7)), False, coming)
    last = console.lines[-1]
    indicator = coming.indicator
    assert indicator is not None
    assert last.startswith("Deal 2: ") and last.endswith(
        f"; trumps {coming.trump.letter}, indicator {format_card(indicator, True)}."
    ), last
