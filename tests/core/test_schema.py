"""Typed numbers and file fields are bounded and type-checked before use."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.arith import LIMIT, parse_number, whole
from cardside.core.errors import NotationError
from cardside.core.schema import (
    Flag,
    Schema,
    SchemaError,
    Text,
    TextList,
    Whole,
    clip,
    hidden_at,
    without_hidden,
)
from cardside.games.registry import GAMES


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="0123456789+- x٣", max_size=400))
def test_parse_number_gives_a_bounded_number_or_a_notation_error(text: str) -> None:
    try:
        value = parse_number(text)
    except NotationError as exc:
        assert len(str(exc)) < 120
    else:
        assert abs(value) <= LIMIT


def test_huge_numbers_are_refused_before_conversion() -> None:
    assert whole("000000000000123") == 123
    assert parse_number("11+10+4") == 25 and parse_number(str(LIMIT)) == LIMIT
    for text in ("9" * 5000, str(LIMIT + 1), f"{LIMIT}+1", "1" + "+1" * 3000):
        with pytest.raises(NotationError, match="too"):
            parse_number(text)


@pytest.mark.parametrize(
    ("kind", "value", "problem"),
    [
        (Whole(0, 3), True, "should be a whole number"),
        (Whole(0, 3), 4, "from 0 to 3"),
        (Whole(0, 3), 1.0, "should be a whole number"),
        (Text(5), "toolong", "longer than 5"),
        (Text(choices=("a", "b")), "c", "should be one of a, b"),
        (Text(choices=("a", "b")), ["a"], "should be text, not an array"),
        (Flag(), 1, "true or false"),
        (TextList(2), ["a", "b", "c"], "more than 2"),
        (TextList(), ["a", 1], "short text only"),
    ],
)
def test_each_kind_names_its_problem(kind, value, problem: str) -> None:  # type: ignore[no-untyped-def]
    assert problem in (kind.problem(value) or "")


def test_a_schema_checks_types_fields_and_entry_kinds() -> None:
    schema = Schema(
        options={"level": Text(choices=("easy",))},
        entries={"keep": {"deal": {"seat": Whole(0, 1), "note": Text(optional=True)}}},
    )
    schema.check_options({"level": "easy"})
    schema.check_entries("keep", [{"type": "deal", "seat": 1}])
    for options, message in (({"level": "x"}, "options: level"), ({"nope": 1}, "unknown field")):
        with pytest.raises(SchemaError, match=message):
            schema.check_options(options)
    for entry, message in (
        ({"type": "deal"}, "missing 'seat'"),
        ({"type": "deal", "seat": 1, "extra": 2}, "unknown field 'extra'"),
        ({"type": "bid", "seat": 1}, "type 'bid' is not one of deal"),
        ({"seat": 1}, r"entry 1: missing 'type' \(one of deal\)"),
        ("deal", "entry 1 is not a table"),
    ):
        with pytest.raises(SchemaError, match=message):
            schema.check_entries("keep", [entry])


def test_every_game_declares_a_schema_for_both_modes() -> None:
    for info in GAMES.values():
        schema = info.schema()
        assert isinstance(schema, Schema)
        assert set(schema.entries) == {"play", "keep"}
        assert all("undo" in types for types in schema.entries.values())


def test_clip_never_returns_a_long_text() -> None:
    assert len(clip("x" * 1_000_000)) <= 60 and clip(10**5000) == "<huge number>"
    # Cut inside its quotes, so the quote still closes, however the characters escape.
    for text in ("9" * 100, "\x00" * 80, "it's" * 40, "\U0001f600" * 70, "a" * 59):
        shown = clip(text)
        assert len(shown) <= 60 and shown[0] == shown[-1] in "'\"" and shown[-4:-1] == "..."
    assert clip({"a": 1}) == "a table" and clip(True) == "the value true" and clip(3) == "3"
    # A TOML date or time where another type was wanted is shown as the file writes it.
    from datetime import date, datetime, time

    assert clip(date(2026, 11, 29)) == "2026-11-29" and clip(time(10, 5)) == "10:05:00"
    assert clip(datetime(2026, 11, 29, 10, 5)) == "2026-11-29T10:05:00"


#: Letters of several scripts, emoji, the joiners, tags, a black flag and invisible marks.
_NAME_PARTS = st.sampled_from(
    ["A", "n", " ", "é", "ی", "क", "्", "👨", "🏴", "\u200d", "\u200c", "\u200b", "\u202e"]
    + ["\U000e0067", "\U000e0062", "\U000e007f", "\ufe0f"]
)


@given(st.lists(_NAME_PARTS, max_size=12).map("".join))
@settings(max_examples=300, deadline=None)
def test_a_name_made_plain_shows_everything_it_holds(text: str) -> None:
    plain = without_hidden(text)
    assert hidden_at(plain) == [] and without_hidden(plain) == plain
    # Only what can show nothing is taken out; every letter, mark and emoji stays, in order.
    can_hide = set("\u200b\u200c\u200d\u202e\U000e0067\U000e0062\U000e007f")
    assert [c for c in plain if c not in can_hide] == [c for c in text if c not in can_hide]


@pytest.mark.parametrize(
    ("name", "hidden"),
    [
        ("Ann", []),
        ("Ann\u200d", [3]),
        ("\u200cAnn", [0]),
        ("👨\u200d👩\u200d👧", []),  # a family: joiners between emoji
        ("\u0645\u06cc\u200c\u0631", []),  # Persian: a non-joiner between letters
        ("\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", []),
        ("\U0001f3f4\U000e0067 Ann", [1]),  # tags that never end in a cancel tag
        ("A\U000e0067", [1]),
        ("B\u200bob", [1]),
    ],
)
def test_what_shows_nothing_where_it_stands(name: str, hidden: list[int]) -> None:
    assert hidden_at(name) == hidden


@pytest.mark.parametrize(
    ("typed", "shown"),
    [("\\033[2J hello", "'\\033[2J hello'"), ("a\x1bb", "'a\\x1bb'"), ("O'Brien", '"O\'Brien"')],
)
def test_text_is_quoted_as_typed_with_control_characters_as_codes(typed: str, shown: str) -> None:
    """A backslash the person typed is shown once; an escape character as its code."""
    assert clip(typed) == shown
