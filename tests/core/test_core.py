"""Shared core: card notation, number entry, seeded RNG, intervals, and the play loop."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.core.arith import parse_number
from cardside.core.cards import Card, RankNames, Suit, format_card, parse_card
from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.rng import derive_rng
from cardside.core.stats import format_wins, mean_interval, wilson_interval

NAMES = RankNames("Test", {1: "A", 10: "10", 11: "J"}, {"T": 10, "1": 1})


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10H", Card(10, Suit.HEARTS)),
        ("TH", Card(10, Suit.HEARTS)),
        ("10♥", Card(10, Suit.HEARTS)),
        ("jc", Card(11, Suit.CLUBS)),
        ("♠A", Card(1, Suit.SPADES)),
        (" a♢ ", Card(1, Suit.DIAMONDS)),
        ("10♥\ufe0f", Card(10, Suit.HEARTS)),  # a phone's emoji heart
        ("J\u2663\ufe0f", Card(11, Suit.CLUBS)),
    ],
)
def test_parse_card_forms(text: str, card: Card) -> None:
    assert parse_card(text, NAMES) == card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a card"),
        ("10", "has no suit"),
        ("9H", "not a rank in Test"),
        ("QX", "X is not a suit"),
    ],
)
def test_parse_card_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_card(text, NAMES)


def test_format_card_round_trip() -> None:
    card = Card(10, Suit.DIAMONDS)
    assert format_card(card, NAMES) == "10♦"
    assert format_card(card, NAMES, ascii=True) == "10D"
    assert parse_card(format_card(card, NAMES), NAMES) == card
    assert Suit.HEARTS.is_red and not Suit.SPADES.is_red


@pytest.mark.parametrize(
    ("text", "value"), [("12+11+7", 30), ("40-5", 35), (" 7 ", 7), ("-3+10", 7), ("1 + 2 - 3", 0)]
)
def test_parse_number(text: str, value: int) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["", "abc", "3++4", "3 4", "4*2", "\u0663", "\u00b2", "1+\uff13"])
def test_parse_number_refuses(text: str) -> None:
    with pytest.raises(NotationError):
        parse_number(text)


def test_derive_rng_is_stable_and_keyed() -> None:
    a = derive_rng(7, "deal", 1).random()
    assert a == derive_rng(7, "deal", 1).random()
    assert a != derive_rng(7, "deal", 2).random()
    assert a != derive_rng(8, "deal", 1).random()
    # Stable across processes and machines: str seeding is SHA-512 based.
    assert round(derive_rng(1, "x").random(), 12) == round(derive_rng("1", "x").random(), 12)


@given(st.integers(0, 200), st.integers(1, 200))
def test_wilson_interval_contains_the_rate(k: int, n: int) -> None:
    k = min(k, n)
    lo, hi = wilson_interval(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_mean_interval() -> None:
    mean, (lo, hi) = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and lo < 2.0 < hi
    assert mean_interval([]) == (0.0, (0.0, 0.0))


def test_loop_undo_goes_back_to_the_seats_own_decision() -> None:
    """In a game with nothing hidden an undo takes back the seat's last decision and every
    move made since, the other players' too."""
    from cardside.core.loop import Loop
    from cardside.core.outcome import Outcome
    from cardside.core.players import Command
    from cardside.core.state import GameState

    class Count(GameState[tuple[int, int], int]):
        """Two seats take turns adding 1 or 2 to a count; at 20 it is over."""

        def current_player(self) -> int | None:
            return None if self.is_terminal() else self.snapshot[1] % 2

        def legal_actions(self) -> list[int]:
            return [1, 2]

        def _next(self, snapshot: tuple[int, int], action: int) -> tuple[int, int]:
            return snapshot[0] + action, snapshot[1] + 1

        def is_terminal(self) -> bool:
            return self.snapshot[0] >= 20

        def outcome(self) -> Outcome | None:
            return None

    script: list[object] = []

    class Scripted:
        name = "scripted"

        def __init__(self) -> None:
            self.refusals: list[str] = []

        def choose(self, view: object, seat: int) -> object:
            return script.pop(0) if script else Command("quit")

        def refused(self, reason: str) -> None:
            self.refusals.append(reason)

    class Two:
        name = "two"

        def choose(self, view: object, seat: int) -> int:
            return 2

    state = Count((0, 0))
    human = Scripted()
    undone: list[tuple[int, str]] = []
    loop = Loop(
        state,
        [human, Two()],  # type: ignore[list-item]
        on_undo=lambda count, seen: undone.append((count, seen)),
    )
    script[:] = [Command("undo"), 1, 2, Command("undo")]
    assert loop.run() == "quit"
    assert human.refusals == ["nothing of yours to undo yet"]
    # 1 (human), 2 (bot), 2 (human), 2 (bot): the undo took back the last two.
    assert undone == [(2, "")] and state.snapshot == (3, 2) and loop.movers == [0, 1]
    assert state.actions() == [1, 2]


def test_loop_undo_says_what_the_moves_taken_back_had_shown_the_seat() -> None:
    """An undo takes back a decision, never knowledge: once an Octrix trick has turned up the
    bot's card, the undo still goes back, and the loop says what the player had seen."""
    from cardside.core.loop import Loop
    from cardside.core.players import Command
    from cardside.games.octrix.state import OctrixState

    state = OctrixState(2, seed=1)
    script: list[object] = []

    class Scripted:
        name = "scripted"

        def choose(self, obs: OctrixState, seat: int) -> object:
            return script.pop(0) if script else Command("quit")

    class First:
        name = "first"

        def choose(self, obs: OctrixState, seat: int) -> object:
            return obs.snapshot.hands[seat][0]

    human_seat = 1 - (state.current_player() or 0)  # the human lays second
    seats: list[object] = [None, None]
    seats[human_seat] = Scripted()
    seats[1 - human_seat] = First()
    undone: list[tuple[int, str]] = []
    loop = Loop(
        state,
        seats,  # type: ignore[arg-type]
        on_undo=lambda count, seen: undone.append((count, seen)),
    )
    card = state.snapshot.hands[human_seat][0]
    script[:] = [card, Command("undo")]
    assert loop.run() == "quit"
    # The trick finished and the bot already laid its next card: undo takes back that card and
    # the human's, back to the human's own previous decision, and names the trick turned up.
    assert undone == [(2, "the trick was turned up since")]
    assert state.snapshot.tricks == () and state.snapshot.pending[1 - human_seat] is not None
    assert state.current_player() == human_seat and loop.movers == [1 - human_seat]


def test_tab_completion_offers_whole_actions_then_words() -> None:
    from cardside.tui.console import completions

    assert completions("A", ["AC", "AD", "8C"]) == [("AC", -1), ("AD", -1)]
    assert completions("marriage K", ["KH", "marriage KH", "marriage QH"]) == [("marriage KH", -10)]
    assert completions("JS ", ["r3R", "help"]) == [("r3R", 0), ("help", 0)]
    assert completions("JS r", ["r3R", "c2B"]) == [("r3R", -1)]
    assert completions("ma", ["marriage KH", "AC"]) == [("marriage KH", -2)]


def test_wins_shared_by_ties_show_one_decimal_and_whole_wins_none() -> None:
    assert format_wins(83.0) == "83" and format_wins(0.0) == "0"
    assert format_wins(84 + 5 / 6) == "84.8" and format_wins(238 + 1 / 6) == "238.2"
    assert format_wins(sum([1 / 3] * 300)) == "100"  # shares adding up to whole wins


def test_counts_in_words() -> None:
    from cardside.core.words import counted, counted_are, plural

    assert [plural(w) for w in ("match", "game", "box", "dish")] == [
        "matches",
        "games",
        "boxes",
        "dishes",
    ]
    assert [counted(n, "entry") for n in (0, 1, 2)] == ["0 entries", "1 entry", "2 entries"]
    assert counted(1, "match") == "1 match" and counted(3, "card") == "3 cards"
    assert counted_are(1, "match") == "1 match is" and counted_are(2, "match") == "2 matches are"


def test_an_illegal_action_keeps_its_plain_reason_and_order_through_a_pickle() -> None:
    """A worker process returns the error pickled: what a correction reads of it survives."""
    import pickle

    from cardside.core.errors import EntryError, IllegalActionError, numbered

    error = IllegalActionError(
        "it is Cy's turn: enter it first", plain="it is Cy's turn", order=True
    )
    back = pickle.loads(pickle.dumps(error))
    assert (str(back), back.plain, back.order) == (str(error), "it is Cy's turn", True)
    with pytest.raises(EntryError) as raised, numbered(4):
        raise back
    assert (raised.value.index, raised.value.reason, raised.value.order) == (
        4,
        "it is Cy's turn",
        True,
    )


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_a_signed_figure_never_reads_minus_zero(value: float) -> None:
    from cardside.core.words import signed

    text = signed(value)
    assert not text.startswith("-0.0") or float(text) != 0
    assert text[0] in "+-" and abs(float(text) - value) <= 0.05 + 1e-9
    assert signed(-0.04) == "+0.0" and signed(-0.004, 2) == "+0.00"


def test_the_moves_that_stand_are_those_made_less_those_taken_back() -> None:
    from cardside.core.replay import moves_in_effect

    move = {"type": "action", "action": "x"}
    assert moves_in_effect([]) == 0
    assert moves_in_effect([move, move, {"type": "undo", "moves": 2}, move]) == 1
    assert moves_in_effect([move, {"type": "undo"}, move, move]) == 2


class _Answering:
    """A person's seat that plays ``script`` (then quits) and answers ``answer`` when asked
    whether to undo what it has seen, noting each question in ``asked``."""

    name = "asked"

    def __init__(self, script: list[object], answer: bool) -> None:
        self.script, self.answer, self.asked = script, answer, []  # type: list[str]

    def choose(self, obs: object, seat: int) -> object:
        from cardside.core.players import Command

        return self.script.pop(0) if self.script else Command("quit")

    def confirm_undo(self, seen: str) -> bool:
        self.asked.append(seen)
        return self.answer


class _FirstCard:
    """A bot that lays the first card of its hand."""

    name = "first"

    def choose(self, obs: Any, seat: int) -> object:
        return obs.snapshot.hands[seat][0]


def _undo_after_a_trick(answer: bool, times: int) -> tuple[Any, Any, _Answering, list[int]]:
    """A 2-player Octrix game where the person lays their first card and undoes it once the
    trick has turned up, ``times`` times; the state, the loop, the person and the undos."""
    from cardside.core.loop import Loop
    from cardside.core.players import Command
    from cardside.games.octrix.state import OctrixState

    state = OctrixState(2, seed=1)
    human_seat = 1 - (state.current_player() or 0)
    card = state.snapshot.hands[human_seat][0]
    person = _Answering([card, Command("undo")] * times, answer)
    seats: list[object] = [None, None]
    seats[human_seat], seats[1 - human_seat] = person, _FirstCard()
    undone: list[int] = []
    loop = Loop(state, seats, on_undo=lambda count, seen: undone.append(count))  # type: ignore[arg-type]
    return state, loop, person, undone


@pytest.mark.parametrize("answer", [False, True])
def test_an_undo_of_what_was_seen_is_asked_first_and_a_no_changes_nothing(answer: bool) -> None:
    """Such an undo leaves the game out of ratings: the seat is asked (at a terminal), and
    its no takes nothing back; its yes goes on as before."""
    state, loop, person, undone = _undo_after_a_trick(answer, 1)
    assert loop.run() == "quit"
    assert person.asked == ["the trick was turned up since"]
    if answer:
        assert undone == [2] and loop.unrated
    else:
        assert undone == [] and len(state.snapshot.tricks) == 1 and not loop.unrated


def test_a_person_at_a_terminal_is_asked_before_an_undo_leaves_the_ratings() -> None:
    """y takes it back, n or Enter keeps it, another word asks again; quit, Ctrl-C or the end
    of input saves and leaves (as at the move's prompt); a pipe or a paste is not asked."""

    from cardside.tui.human import Human

    class Typed:
        def __init__(self, answers: list[str | None], interactive: bool = True) -> None:
            self.answers, self.interactive, self.said = answers, interactive, []  # type: list[Any]
            self.pasted = False

        def ask(self, prompt: str, *_: Any) -> str | None:
            self.said.append(prompt)
            return self.answers.pop(0)

        def say(self, text: str) -> None:
            self.said.append(text)

        def pasting(self) -> bool:
            return self.pasted

    def human(console: Typed) -> Human:
        return Human("You", console, view=None)  # type: ignore[arg-type]

    for answers, agreed in ((["n"], False), ([""], False), (["y"], True), (["yse", "Yes"], True)):
        console = Typed(answers)
        assert human(console).confirm_undo("the trick was turned up since") is agreed
        assert "leaves this game out of ratings" in console.said[0]
        assert ("  Nothing taken back." in console.said) is not agreed
        assert not console.answers  # every answer read: a word that is neither asks again
    for left in (None, "quit", "Exit"):
        with pytest.raises(KeyboardInterrupt):
            human(Typed([left])).confirm_undo("x")
    piped = Typed([], interactive=False)
    assert human(piped).confirm_undo("x") and piped.said == []
    pasted = Typed(["JC"])
    pasted.pasted = True
    assert human(pasted).confirm_undo("x") and pasted.answers == ["JC"]  # left for the move


def test_an_undo_of_what_was_seen_is_asked_once_a_game() -> None:
    """Agreed to once (or by a game resumed so), the game is out of ratings: not asked again."""
    _, loop, person, undone = _undo_after_a_trick(True, 2)
    assert loop.run() == "quit"
    assert len(person.asked) == 1 and undone == [2, 2] and loop.unrated


def test_a_game_resumed_out_of_the_ratings_asks_no_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """run_loop tells the loop of an undo of what was seen saved before: not asked again."""
    from types import SimpleNamespace

    from cardside.tui import play

    for entries, unrated in (
        ([{"type": "undo", "moves": 2, "seen": True}], True),
        ([{"type": "undo", "moves": 2}], False),
    ):
        loop = SimpleNamespace(unrated=None, run=lambda: "over")
        journal = SimpleNamespace(session=SimpleNamespace(entries=entries, mode="play"))
        shown: list[str] = []
        console = SimpleNamespace(say=shown.append, clear_status=lambda: None)
        monkeypatch.setattr(play, "closing_line", lambda *a: None)
        assert play.run_loop(loop, console, journal) == "over"  # type: ignore[arg-type]
        assert loop.unrated is unrated


def test_an_undo_the_game_refuses_is_not_asked_about_and_leaves_the_game_rated() -> None:
    """A game that will not go back (LinesBeta past a round's end) refuses the undo before
    the person is asked whether to leave the ratings, and nothing is marked."""
    from cardside.core.loop import Loop
    from cardside.core.players import Command

    class Refusing:
        """One move made; it showed something, and the game will not take it back."""

        moves: list[object] = []

        def is_terminal(self) -> bool:
            return False

        def current_player(self) -> int:
            return 0

        def observation(self, seat: int) -> object:
            return self

        def apply(self, action: object) -> None:
            self.moves.append(action)

        def shown_since(self, seat: int, count: int) -> str:
            return "cards of the grid were turned up since"

        def take_back(self) -> object:
            raise IllegalActionError("an undo cannot go back past the end of a round")

        def clone(self) -> Refusing:
            return self

    person = _Answering(["move", Command("undo")], True)
    refused: list[str] = []
    person.refused = refused.append  # type: ignore[attr-defined]
    undone: list[str] = []
    loop = Loop(Refusing(), [person], on_undo=lambda count, seen: undone.append(seen))  # type: ignore[arg-type, list-item]
    assert loop.run() == "quit"
    assert refused == ["an undo cannot go back past the end of a round"]
    assert person.asked == [] and undone == [] and not loop.unrated
