"""The review of a played two-player Octrix match: exact card values, labels, no leak."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardside.core.cards import Card, Suit
from cardside.core.record import Seat, Session
from cardside.core.review import run
from cardside.games.octrix.bots import make_bot
from cardside.games.octrix.exact import shared_solver
from cardside.games.octrix.notation import format_card
from cardside.games.octrix.position import round_position
from cardside.games.octrix.state import OctrixState
from cardside.games.octrix.values import move_values

TARGET = 30  # short matches: two or three rounds


def play(seed: int, choose: Callable[[OctrixState, int], Card], target: int = TARGET) -> Session:
    """A played match: seat 0 (the human) cards from ``choose``, seat 1 the strong bot."""
    state = OctrixState(2, seed=seed, target=target)
    bot = make_bot("strong", seed=seed)
    entries: list[dict[str, object]] = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        if seat == 0:
            card = choose(state, seat)
        else:
            card = bot.choose(state.observation(seat), seat)
        entries.append({"type": "card", "seat": seat, "card": format_card(card, ascii=True)})
        state.apply(card)
    return Session(
        game="octrix",
        mode="play",
        name=f"o{seed}",
        seed=seed,
        seats=[Seat("Ann", "human"), Seat("Strong", "bot:strong")],
        options={"partnership": False, "target": target},
        entries=entries,
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_the_strong_bots_own_cards_lose_nothing(seed: int) -> None:
    strong = make_bot("strong", seed=100 + seed)
    game = play(seed, lambda s, seat: strong.choose(s.observation(seat), seat))
    review = run("octrix", game, [0])
    assert review.complete and review.decisions
    assert {d.label for d in review.decisions} <= {"best", "excellent"}
    assert all(d.judged.exact and d.judged.samples == 0 for d in review.decisions)


def test_planted_worst_cards_are_mistakes_or_blunders() -> None:
    planted: list[int] = []
    made = [0]
    strong = make_bot("strong", seed=5)

    def choose(state: OctrixState, seat: int) -> Card:
        made[0] = len(state.actions()) + 1
        v = move_values(state, seat)
        worst = min(v.moves, key=lambda m: m.chance)
        if len(planted) < 3 and v.best().chance - worst.chance > 0.06:
            planted.append(made[0])
            return worst.action  # type: ignore[return-value]
        return strong.choose(state.observation(seat), seat)

    game = play(3, choose, target=50)
    assert len(planted) == 3
    review = run("octrix", game, [0])
    by_move = {d.judged.number: d for d in review.decisions}
    for number in planted:
        assert by_move[number].label in ("mistake", "blunder")


def test_no_leak_the_card_laid_face_down_does_not_change_the_values() -> None:
    values = []
    for card in (0, -1):
        state = OctrixState(2, seed=9)
        first = state.current_player()
        assert first is not None
        state.apply(state.legal_actions()[card])
        second = state.current_player()
        assert second is not None and second != first
        values.append(move_values(state, second))
    assert values[0] == values[1]


def test_the_best_card_is_worth_the_solved_round() -> None:
    state = OctrixState(2, seed=4)
    seat = state.current_player()
    assert seat is not None
    v = move_values(state, seat)
    pos = round_position(state, seat)
    solved = shared_solver().value(pos.hands[0], pos.hands[1], pos.high, pos.prev_side, pos.run)
    mine = solved if seat == 0 else -solved
    assert v.exact
    assert v.best().points == pytest.approx(mine, abs=1e-9)
    assert all(m.points <= mine + 1e-9 for m in v.moves)


def test_a_round_summary_is_the_solved_round_beside_the_margin_scored() -> None:
    strong = make_bot("strong", seed=8)
    game = play(6, lambda s, seat: strong.choose(s.observation(seat), seat))
    review = run("octrix", game, [0])
    first = review.groups[0]
    state = OctrixState(2, seed=6, target=TARGET)
    from cardside.games.octrix.position import mask_of

    hands = state.snapshot.hands
    assert first.known == pytest.approx(
        shared_solver().value(mask_of(hands[0]), mask_of(hands[1]), True, -1, 0)
    )
    assert first.expected == first.known
    assert first.scored is not None and first.scored == int(first.scored)


def test_three_players_are_refused_with_the_reason() -> None:
    game = Session(
        game="octrix",
        mode="play",
        name="three",
        seed=1,
        seats=[Seat("Ann", "human"), Seat("B", "bot:strong"), Seat("C", "bot:strong")],
    )
    from cardside.games.octrix.review import refusal

    assert "two-player" in (refusal(game) or "")


def kept_game(plant: bool = False) -> Session:
    """A kept two-player game with every hand entered: one round of the strong bots' cards
    (with ``plant``, seat 0 lays its worst card at the first trick where that costs 2% of
    the chance to win, named in the session's name)."""
    state = OctrixState(2, seed=12)
    bots = [make_bot("strong", seed=s) for s in (1, 2)]
    entries: list[dict[str, object]] = []
    planted: list[int] = []
    for seat, hand in enumerate(state.snapshot.hands):
        text = " ".join(format_card(c, ascii=True) for c in hand)
        entries.append({"type": "hand", "seat": seat, "cards": text})
    for trick in range(1, 9):
        cards: list[Card] = [Card(1, Suit.CLUBS)] * 2
        for _ in (0, 1):
            seat = state.current_player()
            assert seat is not None
            card = bots[seat].choose(state.observation(seat), seat)
            v = move_values(state, seat)
            worst = min(v.moves, key=lambda m: m.chance)
            if plant and seat == 0 and not planted and v.best().chance - worst.chance > 0.02:
                card = worst.action  # type: ignore[assignment]
                planted.append(trick)
            cards[seat] = card
            state.apply(card)
        entries.append(
            {"type": "trick", "cards": " ".join(format_card(c, ascii=True) for c in cards)}
        )
    return Session(
        game="octrix",
        mode="keep",
        name=f"kept-{planted[0] if planted else 0}",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"hands": True, "target": 88},
        entries=entries,
    )


def test_a_kept_game_with_its_hands_is_reviewed_card_by_card() -> None:
    clean = run("octrix", kept_game(), [0, 1])
    assert clean.planned == 14 and clean.complete  # 7 tricks of choices, both players
    assert {d.label for d in clean.decisions} <= {"best", "excellent"}
    (first,) = [g for g in clean.groups if g.player == "Ann"]
    assert first.known is not None and first.scored is not None
    game = kept_game(plant=True)
    trick = int(game.name.split("-")[1])
    assert trick > 0
    planted = run("octrix", game, [0])
    (bad,) = [d for d in planted.decisions if d.judged.where == f"round 1, trick {trick}"]
    assert bad.loss > 0.02 and bad.label != "best"


def test_a_game_kept_without_hands_is_refused_with_the_reason() -> None:
    from cardside.games.octrix.review import refusal

    game = kept_game()
    game.options["hands"] = False
    assert "kept without hands" in (refusal(game) or "")
