"""Parsing and printing cards, challenges, cells and actions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.cards import Card, Suit
from cardside.core.errors import NotationError
from cardside.games.linesbeta.notation import (
    format_action,
    format_card,
    format_cards,
    format_challenge,
    parse_action,
    parse_card,
    parse_cell,
    parse_challenge,
)
from cardside.games.linesbeta.rules import (
    CARDS,
    CELL_ACTIONS,
    CHALLENGE_ACTIONS,
    TRUMP_ACTIONS,
    Challenge,
    ChooseCell,
    Line,
)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("JS", Card(11, Suit.SPADES)),
        ("10h", Card(10, Suit.HEARTS)),
        ("th", Card(10, Suit.HEARTS)),
        ("A♦", Card(14, Suit.DIAMONDS)),
        ("2c", Card(2, Suit.CLUBS)),
        ("q♠", Card(12, Suit.SPADES)),
    ],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["1S", "11H", "ZZ", "J", "", "JX"])
def test_bad_cards(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


def test_format_card_and_cards() -> None:
    assert format_card(Card(10, Suit.HEARTS)) == "10♥"
    assert format_card(Card(11, Suit.SPADES), ascii=True) == "JS"
    assert format_cards([parse_card("AD"), parse_card("2C"), parse_card("KS")], ascii=True) == (
        "2C KS AD"
    )


@pytest.mark.parametrize(
    ("text", "line", "end"),
    [
        ("JS r3 right", Line.R3, "R"),
        ("QH c2 bottom", Line.C2, "B"),
        ("JS r3R", Line.R3, "R"),
        ("QH c2B", Line.C2, "B"),
        ("JS row 3 left", Line.R3, "L"),
        ("QH column 6 t", Line.C6, "T"),
        ("js R1l", Line.R1, "L"),
    ],
)
def test_parse_challenge(text: str, line: Line, end: str) -> None:
    ch = parse_challenge(text)
    assert (ch.line, ch.end) == (line, end)


def test_parse_challenge_with_card_given_separately() -> None:
    ch = parse_challenge("r3 right", card=parse_card("JS"))
    assert ch == Challenge(parse_card("JS"), Line.R3, "R")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("JS r7 right", "no such row: 7"),
        ("JS c0 top", "no such column: 0"),
        ("JS r3 top", "bad end for a row"),
        ("QH c2 left", "bad end for a column"),
        ("JS r3", "say which end of r3"),
        ("JS r3 sideways", "is not an end"),
        ("JS x3 left", "no line"),
        ("r3 right", "name the card to play first"),
        ("JS r3 right again", "unexpected 'again'"),
        ("", "empty challenge"),
        ("JS", "name a line and an end"),
    ],
)
def test_bad_challenges(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_challenge(text)


@pytest.mark.parametrize("text", ["r3c4", "3,4", "3 4", "(3, 4)", "R3C4", "row 3 col 4"])
def test_parse_cell(text: str) -> None:
    assert parse_cell(text) == (3, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("r7c1", "no such row"),
        ("3,9", "no such column"),
        ("here", "not a cell"),
        ("3", "not a cell"),
    ],
)
def test_bad_cells(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_cell(text)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CHALLENGE_ACTIONS), st.booleans(), st.booleans())
def test_challenge_round_trip(ch: Challenge, ascii: bool, long: bool) -> None:
    assert parse_challenge(format_challenge(ch, ascii=ascii, long=long)) == ch


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(CARDS), st.booleans())
def test_card_round_trip(card: Card, ascii: bool) -> None:
    assert parse_card(format_card(card, ascii=ascii)) == card


def test_action_round_trips_by_phase() -> None:
    for phase, actions in (("trump", TRUMP_ACTIONS), ("cell", CELL_ACTIONS)):
        for a in actions:
            assert parse_action(format_action(a), phase) == a
    assert parse_action("r2c5", "cell") == ChooseCell(2, 5)
    with pytest.raises(NotationError, match="no action"):
        parse_action("JS", "over")


def test_a_long_line_is_cut_short_in_the_reason() -> None:
    """Words after the end of a long line are quoted cut short, never the whole line twice."""
    for text in ("2C r1L " + "x " * 1000, "KD r2L " * 400, "2C " + "q" * 3000):
        with pytest.raises(NotationError) as caught:
            parse_action(text, "play")
        assert len(str(caught.value)) < 100, str(caught.value)[:300]
        assert "after the end" in str(caught.value) or "no line" in str(caught.value)
