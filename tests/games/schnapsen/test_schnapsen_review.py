"""The review of a played Schnapsen match: values from the player's view, labels, accuracy."""

from __future__ import annotations

import random

import pytest

from cardside.core.record import Seat, Session
from cardside.core.review import run
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.deal import NOBODY
from cardside.games.schnapsen.notation import format_action, parse_action
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import SchnapsenState
from cardside.games.schnapsen.values import move_values

#: Two deals each, seat 0 playing the strong bot's own moves (level normal, as between equal
#: players) against the heuristic bot, saved as the actions typed.
STRONG_GAMES = {
    0: "marriage_QC JC KC QD AC KH JS 10H 10C AH QH JH AS QS AD JD exchange marriage_QC AC JS "
    "KS JC 10C marriage_QD",
    2: "KH JC exchange QH JD close AS QS 10S JH KS KC AH AC JS AS AD JC JH AH QH JD KH 10H "
    "10S KS 10D QD QS QC AC KC 10C KD",
}


def session(seed: int, actions: list[str], name: str = "s") -> Session:
    state = SchnapsenState(seed=seed, first_dealer=1)
    entries: list[dict[str, object]] = []
    for text in actions:
        seat = state.current_player()
        state.apply(parse_action(text))
        entries.append({"type": "action", "seat": seat, "action": text})
    return Session(
        game="schnapsen",
        mode="play",
        name=name,
        seed=seed,
        seats=[Seat("Ann", "human"), Seat("Bot", "bot:heuristic")],
        options={"first_dealer": 1},
        entries=entries,
    )


def typed(text: str) -> list[str]:
    return [a.replace("_", " ") for a in text.split()]


@pytest.mark.parametrize("seed", sorted(STRONG_GAMES))
def test_the_strong_bots_own_moves_are_no_mistake(seed: int) -> None:
    review = run("schnapsen", session(seed, typed(STRONG_GAMES[seed])), [0], depth=1)
    assert review.complete and review.decisions
    labels = {d.label for d in review.decisions}
    assert not labels & {"mistake", "blunder"}, [
        (d.judged.number, d.label, d.judged.played, d.judged.best) for d in review.decisions
    ]
    assert review.summaries[0].accuracy > 90


def planted_game(seed: int, plants: int) -> tuple[Session, list[int]]:
    """Seat 0 plays the rule of thumb, but the worst legal move where that costs a lot (by a
    valuation on other samples than the review's); the move numbers planted."""
    state = SchnapsenState(seed=seed, first_dealer=1)
    bot = make_bot("heuristic")
    actions: list[str] = []
    planted: list[int] = []
    while not state.is_terminal() and len(planted) < plants:
        seat = state.current_player()
        assert seat is not None
        action = bot.choose(state, seat)
        if seat == 0 and len(planted) < plants and len(state.legal_actions()) > 1:
            v = move_values(state, 0, random.Random(99), depth=2)
            worst = min(v.moves, key=lambda m: m.chance)
            if v.best().chance - worst.chance > 0.15:
                action = worst.action  # type: ignore[assignment]
                planted.append(len(actions) + 1)
        actions.append(format_action(action, ascii=True))
        state.apply(action)
    return session(seed, actions), planted


def test_planted_worst_moves_are_mistakes_or_blunders() -> None:
    game, planted = planted_game(4, 3)
    assert len(planted) == 3
    review = run("schnapsen", game, [0], depth=1)
    by_move = {d.judged.number: d for d in review.decisions}
    for number in planted:
        assert by_move[number].label in ("mistake", "blunder")


def phase_two_state() -> SchnapsenState:
    """A match in its first deal, the stock used up, seat 0 to lead."""
    state = SchnapsenState(seed=11, first_dealer=1)
    while state.deal.stock or state.current_player() != 0:
        legal = [a for a in state.legal_actions() if format_action(a) != "close"]
        state.apply(legal[0])
    return state


def test_exact_values_are_the_solvers_on_the_true_deal() -> None:
    state = phase_two_state()
    v = move_values(state, 0, random.Random(1))
    assert v.exact and v.samples == 0
    solved = Solver().action_values(state.deal)
    sign = 1 if state.deal.to_move == 0 else -1
    assert sorted(m.points for m in v.moves) == sorted(float(sign * x) for x in solved.values())


def test_no_leak_the_same_values_when_only_unseen_cards_differ() -> None:
    state = SchnapsenState(seed=4, first_dealer=1)
    state.apply(state.legal_actions()[0])  # seat 0 leads; seat 1 to reply, stock open
    seat = state.current_player()
    assert seat == 1
    twin = state.determinize(seat, random.Random(7))  # seat 0's hand and the stock re-dealt
    assert twin.deal.hands[0] != state.deal.hands[0] or twin.deal.stock != state.deal.stock
    a = move_values(state, seat, random.Random(3))
    b = move_values(twin, seat, random.Random(3))
    assert a == b


def test_estimates_stay_within_their_stated_error_over_seeds() -> None:
    state = SchnapsenState(seed=8, first_dealer=1)
    reference = move_values(state, 0, random.Random(0), depth=4)  # 800 samples
    for seed in range(1, 6):
        v = move_values(state, 0, random.Random(seed), depth=1)
        for move in v.moves:
            ref = reference.of(move.action)
            # Four standard errors of both: a failure here is not luck.
            assert abs(move.chance - ref.chance) <= 4 * (move.error + ref.error) + 1e-9


def test_a_closed_stock_is_estimated_not_exact() -> None:
    state = SchnapsenState(seed=2, first_dealer=1)
    close = parse_action("close")
    while close not in state.legal_actions():
        state.apply(state.legal_actions()[0])
    state.apply(close)
    seat = state.current_player()
    assert seat is not None and state.deal.closer != NOBODY and state.deal.stock
    v = move_values(state, seat, random.Random(1))
    assert not v.exact and v.samples > 0


def test_the_same_review_for_any_number_of_jobs() -> None:
    game = session(0, typed(STRONG_GAMES[0])[:12])
    one = run("schnapsen", game, [0], depth=1, jobs=1)
    two = run("schnapsen", game, [0], depth=1, jobs=2)
    assert [d.as_dict() for d in one.decisions] == [d.as_dict() for d in two.decisions]


def test_a_deal_summary_has_the_solved_value_from_phase_two_and_the_score() -> None:
    actions = typed(STRONG_GAMES[2])
    review = run("schnapsen", session(2, actions), [0], depth=1)
    deal = review.groups[0]
    state = SchnapsenState(seed=2, first_dealer=1)
    known = None
    for text in actions:
        if known is None and state.deal.strict:
            v = Solver().value(state.deal)
            known = v if state.deal.to_move == 0 else -v
        state.apply(parse_action(text))
    result = state.history[0].result
    assert deal.number == 1 and deal.known == known
    assert deal.scored == (result.points if result.winner == 0 else -result.points)
    assert deal.expected == review.decisions[0].judged.best_points


def test_the_position_shows_the_hand_in_the_tables_order() -> None:
    """Trumps first, then clubs, spades, hearts, diamonds, high cards first: as at the table."""
    from cardside.games.schnapsen.notation import format_card, sort_hand
    from cardside.games.schnapsen.review import position

    state = SchnapsenState(seed=0, first_dealer=1)
    obs = state.observation(state.current_player())
    hand = position(obs, ["Ann", "Bot"], ascii=True)[-1]
    trump = obs.trump
    shown = hand.removeprefix("hand: ").split()
    assert shown == [format_card(c, True) for c in sort_hand(obs.hand, trump)]
    suits = [c.suit for c in sort_hand(obs.hand, trump)]
    assert suits == sorted(suits, key=lambda s: (s != trump, "CSHD".index(s.letter)))
    assert shown != [format_card(c, True) for c in obs.hand]  # this deal's hand is not in order


def test_an_exchange_is_worth_the_best_move_it_allows() -> None:
    """After the exchange the same seat moves again: here exchanging and then closing beats
    closing at once, so the exchange ranks above the close (the rule of thumb, which would
    not close after it, valued it below)."""
    from cardside.games.schnapsen.rules import CLOSE, EXCHANGE

    state = SchnapsenState(seed=3, first_dealer=1)
    for text in ["marriage Q♠", "K♦", "marriage Q♥", "10♥"]:
        state.apply(parse_action(text))
    valued = move_values(state, 0, random.Random(5))
    then = state.clone()
    then.apply(EXCHANGE)
    after = move_values(then, 0, random.Random(5))
    assert after.best().action == CLOSE
    assert valued.of(EXCHANGE).chance > valued.of(CLOSE).chance
    assert valued.best().action == EXCHANGE
    assert valued.of(EXCHANGE).chance == pytest.approx(after.best().chance, abs=0.03)


def test_a_deal_worth_nothing_either_way_is_said_to_be_even() -> None:
    from cardside.games.schnapsen.review import _deal_words

    assert _deal_words(0.0) == "even (0 game points on average)"
    assert _deal_words(-0.02) == "even (0 game points on average)"
    assert _deal_words(-2.0) == "lost by 2 game points"
    assert _deal_words(1.4) == "won by 1.4 game points on average"


def test_the_position_shows_what_the_table_showed_of_the_points() -> None:
    """Tricks, marriages and points pending (no trick yet), as the table shows them, and the
    record at closing, on which a closed deal's game points turn."""
    from cardside.games.schnapsen.notation import points_text
    from cardside.games.schnapsen.review import position
    from cardside.games.schnapsen.rules import CLOSE, Marriage

    rng = random.Random(4)
    pending = closed = False
    for seed in range(40):
        state = SchnapsenState(seed=seed)
        while not state.is_terminal() and not (pending and closed):
            seat = state.current_player()
            assert seat is not None
            obs = state.observation(seat)
            lines = position(obs, ["Ann", "Bot"], ascii=True)
            for s in (0, 1):
                assert points_text(obs, s, ["Ann", "Bot"], lambda x: x.letter) in lines
            if obs.pending(seat):
                pending = True
                assert any("pending (counts after a first trick)" in line for line in lines)
            if obs.closer is not None and obs.closing_record is not None:
                closed = True
                assert any(line.startswith("at closing ") for line in lines), lines
            legal = state.legal_actions()
            marriages = [a for a in legal if isinstance(a, Marriage)]
            choice = marriages[0] if marriages else CLOSE if CLOSE in legal else rng.choice(legal)
            state.apply(choice)
        if pending and closed:
            break
    assert pending and closed
