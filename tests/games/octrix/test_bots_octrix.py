"""Octrix bots: legal choices from every kind of view, reproducibility, no peeking, hints."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.cards import Card, Suit
from cardside.games.octrix.bots import (
    BOT_NAMES,
    GreedyBot,
    Hint,
    RandomBot,
    StrongBot,
    make_bot,
)
from cardside.games.octrix.equilibrium import solve_matrix_game
from cardside.games.octrix.notation import parse_card, parse_cards
from cardside.games.octrix.position import round_position
from cardside.games.octrix.simulate import play_match
from cardside.games.octrix.state import OctrixState

from .octrix_helpers import last_two_tricks

FAST = 0.05  # a small strong-bot budget so the tests stay quick


def bots(seed: int) -> list[RandomBot | GreedyBot | StrongBot]:
    return [RandomBot(seed), GreedyBot(seed), StrongBot(seed, time_limit=FAST)]


def test_make_bot_names() -> None:
    assert set(BOT_NAMES) == {"random", "greedy", "strong", "classic"}
    assert isinstance(make_bot("random", 1), RandomBot)
    classic = make_bot("classic", 1)
    assert isinstance(classic, StrongBot) and classic.round_solver is None
    assert make_bot("strong", 1).round_solver is not None
    assert isinstance(make_bot("Greedy", 1), GreedyBot)
    assert isinstance(make_bot("strong", 1), StrongBot)
    assert isinstance(make_bot(seed=1), StrongBot)
    for name in BOT_NAMES:
        assert make_bot(name, 3).name == name
    quick, slow = make_bot("strong", 1, time_limit=0.05), make_bot("strong", 1, time_limit=2.0)
    assert isinstance(quick, StrongBot) and isinstance(slow, StrongBot)
    assert quick.iterations < slow.iterations
    assert quick.solver.exact_cards < slow.solver.exact_cards


def test_unknown_bot_lists_the_names() -> None:
    with pytest.raises(ValueError) as err:
        make_bot("clever", 1)
    for name in BOT_NAMES:
        assert name in str(err.value)


def walk_views(players: int, partnership: bool, seed: int, tricks: int):  # type: ignore[no-untyped-def]
    """Every (observation, seat) a play loop would ask for, over ``tricks`` random tricks."""
    state = OctrixState(players, partnership=partnership, seed=seed)
    rng = random.Random(seed)
    while len(state.snapshot.rounds) == 0 and len(state.snapshot.tricks) < tricks:
        seat = state.current_player()
        yield state, seat
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players, partnership", [(2, False), (3, False), (4, False), (4, True)])
def test_every_bot_returns_a_card_it_holds(players: int, partnership: bool) -> None:
    seen_second_step = False
    for state, seat in walk_views(players, partnership, seed=players * 7, tricks=8):
        view = state.observation(seat)
        if partnership and any(c is not None for c in view.snapshot.pending):
            seen_second_step = True
        for bot in bots(seat):
            card = bot.choose(view, seat)
            assert card in view.snapshot.hands[seat]
            assert state.is_legal(card)
    assert seen_second_step == partnership


def test_a_view_has_the_same_player_to_move_as_the_match() -> None:
    """Three players commit at once: the seat after the first sees the first card back in its
    owner's hand, and in its view that player lays after it, so the view's player to move
    and legal cards are the match's (an outside bot may play ``view.legal_actions()``)."""
    state = OctrixState(3, seed=4)
    first = state.current_player()
    state.apply(state.legal_actions()[0])
    seat = state.current_player()
    assert seat != first
    view = state.observation(seat)
    assert len(view.snapshot.hands[first]) == 8 and view.snapshot.pending[first] is None
    assert view.current_player() == seat and view.legal_actions() == state.legal_actions()
    for bot in bots(1):
        assert bot.choose(view, seat) in state.snapshot.hands[seat]
    # Played on in the view, the hidden card's player lays again, after this seat; from the
    # next trick on the view lays in the round's own order.
    view.apply(view.legal_actions()[0])
    assert view.current_player() == first
    while len(view.snapshot.tricks) == 0:
        view.apply(view.legal_actions()[0])
    assert view.current_player() == state.steps()[0][0] == state._orders[state.snapshot.dealer][0]
    # Every seat's view names the match's player to move, whoever laid face down.
    for _ in range(40):
        mover = state.current_player()
        for x in range(3):
            assert state.observation(x).current_player() == mover
        assert state.observation(mover).legal_actions() == state.legal_actions()
        state.apply(state.legal_actions()[-1])


def test_a_seat_that_already_played_is_refused() -> None:
    state = OctrixState(2, seed=4)
    seat = state.current_player()
    state.apply(state.legal_actions()[0])
    for bot in bots(1):
        with pytest.raises(ValueError):
            bot.choose(state, seat)


@pytest.mark.parametrize("players, partnership", [(2, False), (4, True)])
def test_a_fixed_seed_is_reproducible(players: int, partnership: bool) -> None:
    def run(seed: int) -> list[Card]:
        state = OctrixState(players, partnership=partnership, seed=11)
        seats = [StrongBot(seed + s, time_limit=FAST) for s in range(players)]
        while len(state.snapshot.rounds) == 0:
            seat = state.current_player()
            state.apply(seats[seat].choose(state.observation(seat), seat))
        return state.actions()

    assert run(5) == run(5)


@pytest.mark.parametrize("players, partnership", [(2, False), (3, False), (4, True)])
def test_strong_bot_does_not_use_cards_laid_face_down(players: int, partnership: bool) -> None:
    """Whatever the others committed face down, the bot chooses the same card."""
    base = OctrixState(players, partnership=partnership, seed=21)
    order = [s for group in base.steps() for s in group]
    last = order[len(base.steps()[0]) - 1]  # the last seat of the first step
    others = [s for s in base.steps()[0] if s != last]
    choices = set()
    for pick in range(3):
        state = base.clone()
        for s in others:
            state.apply(state.snapshot.hands[s][pick])
        bot = StrongBot(9, time_limit=FAST)
        choices.add(bot.choose(state, last))
        assert round_position(state, last) == round_position(state.observation(last), last)
    assert len(choices) == 1


def test_partnership_second_step_sees_the_first_step() -> None:
    state = OctrixState(4, partnership=True, seed=3)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    view = state.observation(seat)
    pos = round_position(view, seat)
    assert sum(1 for c in pos.pending if c >= 0) == 2
    hint = StrongBot(2, time_limit=FAST).hint(view, seat)
    assert hint.card in view.snapshot.hands[seat]
    assert hint.reason.startswith("search")


def play_tricks(state: OctrixState, cards: str) -> None:
    for card in parse_cards(cards):
        state.apply(card)


HANDS_2P = [
    parse_cards("8C 8D 2S 3H 4D 5C 6S 7H"),
    parse_cards("7C AS 2H 3D 4C 5S 6H AD"),
]


def test_greedy_wins_with_the_cheaper_sure_winner() -> None:
    # Trick 1: the highest card wins. 8♣ and 8♦ both beat everything seat 2 holds; the greedy
    # bot keeps the extreme 8♣ and spends 8♦.
    state = OctrixState(2, seed=0, hands=[list(h) for h in HANDS_2P])
    hint = GreedyBot(0).hint(state.observation(0), 0)
    assert hint.card == parse_card("8D")
    assert "p=1.00" in hint.reason


def test_greedy_counts_the_run_it_would_extend() -> None:
    state = OctrixState(2, seed=0, hands=[list(h) for h in HANDS_2P])
    first = state.current_player()
    cards = {0: parse_card("8C"), 1: parse_card("AD")}
    state.apply(cards[first])
    state.apply(cards[1 - first])
    # 8♣ (black) and A♦ (red): different colours, the lowest card wins trick 2; seat 1 holds the
    # run of length 1, so trick 2 is worth 3 to it.
    hint = GreedyBot(0).hint(state.observation(0), 0)
    assert "worth 3" in hint.reason


def test_strong_hint_states_the_equilibrium() -> None:
    state = OctrixState(2, seed=5)
    for _ in range(6):  # three tricks: five cards left each
        state.apply(state.legal_actions()[-1])
    hint = StrongBot(1).hint(state.observation(0), 0)
    assert isinstance(hint, Hint)
    assert hint.reason.startswith("equilibrium: play ")
    assert "value " in hint.reason and "p=" in hint.reason
    assert hint.card in state.snapshot.hands[0]


def test_strong_bot_last_card_and_look_ahead_reason() -> None:
    state = OctrixState(2, seed=5)
    assert StrongBot(1).hint(state, 0).reason.startswith("equilibrium: play ")
    assert make_bot("classic", 1).hint(state, 0).reason.startswith("look-ahead equilibrium")
    for _ in range(14):
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    assert len(state.snapshot.hands[seat]) == 1
    hint = StrongBot(1).hint(state, seat)
    assert "only" in hint.reason


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_strong_hint_value_is_the_round_margin_for_each_seat(seed: int) -> None:
    """With two cards left, the value shown is the equilibrium of the engine's own results."""
    state = OctrixState(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))

    def margin(done: OctrixState) -> float:
        scores = done.snapshot.rounds[-1].scores
        return float(scores[0] - scores[1])

    margins = last_two_tricks(state, margin)
    value = solve_matrix_game(margins).value
    assert f"value {value:+.1f}" in StrongBot(1).hint(state.observation(0), 0).reason
    assert f"value {-value + 0.0:+.1f}" in StrongBot(1).hint(state.observation(1), 1).reason


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 7))
def test_strong_two_player_card_has_positive_equilibrium_weight(seed: int, tricks: int) -> None:
    state = OctrixState(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(2 * tricks):
        state.apply(rng.choice(state.legal_actions()))
    seat = rng.randrange(2)
    bot = StrongBot(seed, time_limit=0.3)
    hint = bot.hint(state.observation(seat), seat)
    assert hint.card in state.snapshot.hands[seat]
    if len(state.snapshot.hands[seat]) > 1:
        from cardside.games.octrix.notation import format_card

        assert format_card(hint.card, ascii=True) + " with p=" in hint.reason


def test_suits_order_used_by_the_position() -> None:
    state = OctrixState(2, seed=0, hands=[list(h) for h in HANDS_2P])
    pos = round_position(state, 0)
    assert pos.high and pos.prev_side == -1 and pos.run == 0 and pos.tricks_left == 8
    assert pos.hands[0] & pos.hands[1] == 0
    assert Card(8, Suit.CLUBS) in state.snapshot.hands[0]


@pytest.mark.parametrize(("players", "partnership"), [(2, False), (3, False), (4, True)])
def test_the_full_state_lists_the_movers_cards_as_its_observation_does(
    players: int, partnership: bool
) -> None:
    """A simulation's random bot picks from the full state's legal cards, with no view taken:
    they must be the seat's own hand as it sees it, in the same order, at every decision."""
    state = OctrixState(players, partnership=partnership, seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions()
        assert legal == list(state.observation(seat).snapshot.hands[seat])
        state.apply(rng.choice(legal))


class _Viewing:
    """A random bot that is not a ``RandomBot``: the match gives it the seat's view."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.name = "random"

    def choose(self, view: OctrixState, seat: int) -> Card:
        return self.inner.choose(view, seat)

    def hint(self, view: OctrixState, seat: int) -> Hint:
        return self.inner.hint(view, seat)


@pytest.mark.parametrize(("players", "partnership"), [(3, False), (4, True)])
def test_random_bots_play_the_same_match_with_or_without_views(
    players: int, partnership: bool
) -> None:
    plain = play_match([RandomBot(s) for s in range(players)], players, partnership, 8)
    viewed = play_match([_Viewing(s) for s in range(players)], players, partnership, 8)
    assert plain.snapshot == viewed.snapshot
    assert plain.actions() == viewed.actions()
