"""The deal engine and the match state: rulebook cases, observation, determinize, properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.errors import IllegalActionError
from cardside.games.schnapsen import rules
from cardside.games.schnapsen.deal import (
    NO_CARD,
    NOBODY,
    Deal,
    is_legal_code,
    legal_codes,
    new_deal,
    step,
)
from cardside.games.schnapsen.notation import parse_action
from cardside.games.schnapsen.rules import (
    ALL_CARDS_MASK,
    CLOSE_CODE,
    EXCHANGE_CODE,
    MARRIAGE_BASE,
    mask_points,
)
from cardside.games.schnapsen.state import (
    SchnapsenState,
    determinize_deal,
    excluded_from_opponent,
)

from .schnapsen_helpers import c, m, make_deal

STOCK = "JC QC KC 10C AC QS KS 10S AS 10D"  # top first; 10D is the face-up indicator


def play(d: Deal, *texts: str) -> Deal:
    """Apply actions written as text (``KH``, ``marriage QH``, ``close``, ``exchange``)."""
    for text in texts:
        action = parse_action(text)
        code = rules.action_code(action)
        assert code in legal_codes(d), f"{text} should be legal"
        d = step(d, code)
    return d


# -- dealing -----------------------------------------------------------------------------------


def test_new_deal_shape() -> None:
    d = new_deal(random.Random(1), dealer=1)
    assert d.hands[0].bit_count() == d.hands[1].bit_count() == 5
    assert len(d.stock) == 10 and d.trump == d.stock[-1] // 5
    assert d.to_move == 0  # the non-dealer leads
    assert d.hands[0] | d.hands[1] | sum(1 << i for i in d.stock) == ALL_CARDS_MASK


def test_same_seed_same_match() -> None:
    a, b = SchnapsenState(seed=42), SchnapsenState(seed=42)
    rng = random.Random(0)
    while not a.is_terminal():
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.history == b.history and a.history
    assert [r.dealer for r in a.history][:2] == [1, 0]  # the dealer alternates


# -- marriages ---------------------------------------------------------------------------------


def test_marriage_before_first_trick_is_pending_then_counted() -> None:
    d = make_deal("QH KH JC AS 10D", "AH JS QD KD JD", stock=STOCK, trump="D")
    d = play(d, "marriage QH")
    assert d.pending == (20, 0) and d.points == (0, 0)
    d = play(d, "AH")  # seat 1 takes it: seat 0 still has no trick
    assert d.pending == (20, 0) and d.points == (0, 14)
    d = play(d, "JS", "AS")  # seat 1 leads, seat 0 wins its first trick
    assert d.pending == (0, 0)
    assert d.points == (20 + 11 + 2, 14)


def test_pending_marriage_counts_nothing_at_the_end() -> None:
    # Seat 0 declared 20 but never took a trick; seat 1 reaches 66: Schwarz, 3 points.
    d = make_deal(
        "JC",
        "AC KC",
        stock="QS 10D",
        trump="D",
        to_move=0,
        points=(0, 60),
        pending=(20, 0),
        won=("", "AH 10H KS JS QH JH AS 10S 10C QC"),
    )
    d = play(d, "JC", "AC")
    assert d.result == (1, 3, rules.NORMAL_3)


def test_66_reached_by_a_marriage_ends_the_deal_at_once() -> None:
    d = make_deal(
        "QD KD JC AS 10S",
        "AH JS QH KH JD",
        stock=STOCK,
        trump="D",
        points=(30, 40),
        won=("AC 10C JH 10H", "QC KC QS KS 10D"),
    )
    d = play(d, "marriage KD")  # trump marriage: 30 + 40
    assert d.result == (0, 1, rules.NORMAL_1)
    assert d.hands[0] >> c("KD") & 1  # the deal ended before the card was played


def test_marriage_needs_both_cards_and_only_when_leading() -> None:
    d = make_deal("QH JC AS 10S JD", "AH KH JS QD KD", stock=STOCK, trump="D")
    assert not [x for x in legal_codes(d) if x >= MARRIAGE_BASE and x < EXCHANGE_CODE]
    d = play(d, "JC")
    assert all(x < MARRIAGE_BASE for x in legal_codes(d))  # replying: no declaring


def test_marriage_declared_in_phase_two() -> None:
    d = make_deal("QH KH", "AC JS", trump="D", points=(40, 40), won=("JD QD", "KD 10D"))
    d = play(d, "marriage KH")
    assert d.points == (60, 40) and d.marriages == ((0, 2),)


# -- closing -----------------------------------------------------------------------------------


def test_closer_succeeds_scored_from_the_record_at_closing() -> None:
    # At closing seat 1 has 20 points and a trick; later it passes 33, still Schneider (2).
    d = make_deal(
        "AD 10D KD AH 10H",
        "JD QD JS QS KS",
        stock=STOCK[:-3] + "JH",
        trump="D",
        points=(22, 20),
        won=("AC 10C QH", "KC QC JC KH"),
    )
    d = play(d, "close")
    assert d.record == (20, True) and d.strict
    d = play(d, "AD", "JD", "10D", "QD", "AH", "JS")
    assert d.result is None and d.points == (22 + 13 + 13 + 13, 20)
    d = play(d, "10H", "QS")
    assert d.result == (0, 2, rules.CLOSER_2)


def test_closer_fails_opponent_gets_two_or_three() -> None:
    d = make_deal(
        "JC QC KC JH QH", "AC 10C AH 10H AS", stock="JS QS KS 10S JD", trump="D", to_move=0
    )
    d = play(d, "close")
    assert d.record == (0, False)
    d = play(d, "JC", "AC", "10C", "QC", "AH", "JH", "10H", "QH")
    assert d.result is None and d.points == (0, 52)
    d = play(d, "AS", "KC")  # seat 1 reaches 67 first; seat 0 had no trick at closing
    assert d.result == (1, 3, rules.CLOSER_BEATEN_3)


def test_closer_fails_all_tricks_played_without_66() -> None:
    d = make_deal(
        "AC JS",
        "10C QS",
        trump="D",
        to_move=0,
        closer=0,
        record=(30, True),
        points=(40, 30),
        won=("AD 10D KD QD JD JH QH", "KC QC JC AH 10H KH"),
    )
    d = play(d, "AC", "10C", "JS", "QS")
    assert d.points[0] < 66
    assert d.result == (1, 2, rules.CLOSER_FAILED_2)


def test_close_rules() -> None:
    d = make_deal("JD AC 10C AH 10H", "QC KC QS KS JS", stock=STOCK, trump="D")
    codes = legal_codes(d)
    assert CLOSE_CODE in codes and EXCHANGE_CODE in codes  # before the first trick
    d = play(d, "exchange", "close")  # exchange then close, in that order
    assert d.closer == 0 and d.hands[0] >> c("10D") & 1
    assert EXCHANGE_CODE not in legal_codes(d) and CLOSE_CODE not in legal_codes(d)
    d2 = play(make_deal("JD AC 10C AH 10H", "QC KC QS KS JS", stock=STOCK, trump="D"), "AC")
    assert CLOSE_CODE not in legal_codes(d2)  # only the leader closes


# -- exchange and drawing ----------------------------------------------------------------------


def test_exchange_swaps_trump_unter_for_indicator() -> None:
    d = make_deal("JD AC 10C AH 10H", "QC KC QS KS JS", stock=STOCK, trump="D")
    d = play(d, "exchange")
    assert d.stock[-1] == c("JD") and d.hands[0] == m("10D AC 10C AH 10H")
    assert d.known[0] == m("10D")  # the opponent saw the indicator go
    assert d.to_move == 0 and d.lead == NO_CARD


def test_no_exchange_when_stock_closed_or_empty() -> None:
    d = make_deal("JD AC", "QC KC", trump="D", points=(50, 50), won=("AD", "10D"))
    assert EXCHANGE_CODE not in legal_codes(d)


def test_loser_takes_the_indicator_at_the_last_draw() -> None:
    d = make_deal(
        "AC JS QS KS 10S",
        "JC QC KC 10C AS",
        stock="JH 10D",
        trump="D",
        points=(30, 30),
        won=("QD KD AH 10H", "AD QH KH JD"),
    )
    d = play(d, "AC", "JC")  # seat 0 wins and draws JH; seat 1 takes the indicator 10D
    assert not d.stock and d.strict
    assert d.hands[0] >> c("JH") & 1 and d.hands[1] >> c("10D") & 1
    assert d.known[1] == m("10D")


def test_exchange_with_two_stock_cards_left_then_the_loser_draws_the_unter() -> None:
    d = make_deal(
        "JD AC JS QS KS",
        "JC QC KC 10C AS",
        stock="JH 10D",
        trump="D",
        points=(30, 30),
        won=("QD KD AH 10H", "AD QH KH 10S"),
    )
    d = play(d, "exchange")
    assert d.stock == (c("JH"), c("JD")) and d.hands[0] >> c("10D") & 1
    d = play(d, "JS", "AS")  # seat 1 wins and draws JH; seat 0 takes the Unter it gave up
    assert d.hands[0] >> c("JD") & 1 and d.hands[1] >> c("JH") & 1 and d.strict


def test_closer_beaten_by_the_opponents_marriage() -> None:
    # Seat 0 closed when seat 1 had 10 points and a trick; seat 1 then reaches 66 by a marriage.
    d = make_deal(
        "AC 10C",
        "QH KH JS",
        trump="D",
        to_move=1,
        closer=0,
        record=(10, True),
        points=(40, 46),
        won=("AD 10D KD QD JD", "AH 10H JH KS QS JC"),
    )
    d = play(d, "marriage QH")
    assert d.result == (1, 2, rules.CLOSER_BEATEN_2)


def test_last_trick_rule() -> None:
    d = make_deal(
        "AC",
        "JC",
        trump="D",
        to_move=0,
        points=(50, 55),
        won=("AD 10D KD QD JD 10H", "AH KH QH JH 10C QC KC AS 10S KS QS JS"),
    )
    d = play(d, "AC", "JC")
    assert d.points[0] == 63  # no bonus for the last trick
    assert d.result == (0, 1, rules.LAST_TRICK)


# -- the match state ---------------------------------------------------------------------------


def test_illegal_apply_gives_a_reason_and_undo_restores() -> None:
    s = SchnapsenState(seed=3)
    before = s.snapshot
    with pytest.raises(IllegalActionError, match="do not hold"):
        s.apply(parse_action("AH"))
    s.apply(s.legal_actions()[0])
    s.undo()
    assert s.snapshot == before


def test_phase_two_illegal_reply_reason() -> None:
    s = SchnapsenState.from_deal(
        make_deal("AH JS", "KH QC", trump="D", points=(40, 40), won=("AD 10D", "KD QD"))
    )
    s.apply(parse_action("AH"))
    with pytest.raises(IllegalActionError, match="follow suit"):
        s.apply(parse_action("QC"))


def test_match_deals_next_hand_and_counts_down() -> None:
    s = SchnapsenState(seed=5)
    rng = random.Random(5)
    while not s.history:
        s.apply(rng.choice(s.legal_actions()))
    r = s.history[0].result
    assert s.counts[r.winner] == 7 - r.points and s.deal_no == 2
    assert s.previous_deal is not None and s.previous_deal.result is not None
    assert s.deal.dealer == 0 and s.current_player() == 1


def test_observation_hides_exactly_the_hidden_cards() -> None:
    s = SchnapsenState(seed=11)
    obs = s.observation(0)
    assert obs.hand == s.hand(0) and obs.known_opponent_cards == ()
    assert obs.opponent_hand_size == 5 and obs.stock_size == 10
    assert obs.indicator == s.indicator
    assert set(obs.deal.stock[:-1]) == {NO_CARD}
    assert obs.unseen_mask().bit_count() == 5 + 9


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30))
def test_determinize_is_consistent_with_the_observation(seed: int, moves: int) -> None:
    s = SchnapsenState(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    for seat in (0, 1):
        twin = s.determinize(seat, rng)
        assert twin.observation(seat) == s.observation(seat)
        d = twin.deal
        assert (
            d.hands[0]
            | d.hands[1]
            | d.won[0]
            | d.won[1]
            | sum(1 << i for i in d.stock)
            | (0 if d.lead == NO_CARD else 1 << d.lead)
            == ALL_CARDS_MASK
        )
        assert d.known[1 - seat] & d.hands[1 - seat] == d.known[1 - seat]


# -- properties --------------------------------------------------------------------------------


def _check_invariants(d: Deal) -> None:
    parts = [d.hands[0], d.hands[1], d.won[0], d.won[1], sum(1 << i for i in d.stock)]
    if d.lead != NO_CARD:
        parts.append(1 << d.lead)
    assert sum(p.bit_count() for p in parts) == 20
    union = 0
    for p in parts:
        union |= p
    assert union == ALL_CARDS_MASK
    for seat in (0, 1):
        declared = sum(rules.marriage_points(s, d.trump) for w, s in d.marriages if w == seat)
        assert d.points[seat] + d.pending[seat] == mask_points(d.won[seat]) + declared
        if d.won[seat]:
            assert d.pending[seat] == 0
    if d.result is None:
        assert legal_codes(d)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_random_deals_keep_cards_and_points(seed: int) -> None:
    rng = random.Random(seed)
    d = new_deal(rng, rng.randrange(2))
    _check_invariants(d)
    while d.result is None:
        d = step(d, rng.choice(legal_codes(d)))
        _check_invariants(d)
    winner, points, rule = d.result
    assert points in (1, 2, 3) and rule in rules.RULE_TEXT


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_determinized_deal_plays_to_the_end(seed: int) -> None:
    rng = random.Random(seed)
    s = SchnapsenState(seed=seed)
    d = determinize_deal(s.observation(1), rng)
    while d.result is None:
        d = step(d, rng.choice(legal_codes(d)))
    assert d.result[1] in (1, 2, 3)


# -- inference: samples respect what play has proved ---------------------------------------


def test_samples_respect_a_void_shown_after_closing() -> None:
    # Seat 0 closes and leads AC; seat 1 has no club and must trump with JD (trumps are
    # diamonds). Seat 1 then leads KH and seat 0 takes it with AH: seat 1 has shown no club.
    d = make_deal(
        "AC 10C AH JS QS",
        "JD KH QH 10S KS",
        stock="KC QC JC JH 10H AD",
        trump="D",
        points=(20, 10),
        won=("10D KD", "QD AS"),
    )
    d = step(d, CLOSE_CODE)
    d = step(d, c("AC"))
    d = step(d, c("JD"))  # seat 1 cannot follow clubs and must trump
    assert d.to_move == 1
    d = step(d, c("KH"))
    d = step(d, c("AH"))
    assert d.to_move == 0
    s = SchnapsenState.from_deal(d)
    obs = s.observation(0)
    assert excluded_from_opponent(obs.deal, 0) & m("KC QC JC")
    rng = random.Random(5)
    clubs = rules.SUIT_MASK[c("AC") // 5]
    for _ in range(200):
        twin = determinize_deal(obs, rng)
        assert not twin.hands[1] & clubs
        assert twin.hands[1].bit_count() == obs.opponent_hand_size


def test_not_heading_the_trick_proves_no_higher_card() -> None:
    d = make_deal(
        "10S JC QC KC AH",
        "JS KH QH JH 10H",
        stock="AS KS QS AC 10C AD",
        trump="D",
        points=(12, 7),
        won=("10D JD", "KD QD"),
    )
    d = step(d, CLOSE_CODE)
    d = step(d, c("10S"))
    d = step(d, c("JS"))  # follows spades with the Jack: no Ace of spades in that hand
    obs = SchnapsenState.from_deal(d).observation(0)
    assert excluded_from_opponent(obs.deal, 0) == m("AS")
    rng = random.Random(1)
    assert not any(determinize_deal(obs, rng).hands[1] & m("AS") for _ in range(100))


def test_without_closing_nothing_is_excluded() -> None:
    d = make_deal("AC 10C AH JS QS", "JD KH QH 10S KS", stock="KC QC JC JH 10H AD", trump="D")
    d = step(step(d, c("AC")), c("JD"))  # a free answer while the stock is open proves nothing
    assert excluded_from_opponent(d, 0) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_what_play_proves_is_always_true(seed: int) -> None:
    # Random deals, closed at a random moment: the real hand never holds an excluded card.
    rng = random.Random(seed)
    d = new_deal(rng, rng.randrange(2))
    close_at = rng.randrange(1, 5)
    while d.result is None:
        codes = legal_codes(d)
        if CLOSE_CODE in codes and len(d.tricks) >= close_at:
            d = step(d, CLOSE_CODE)
            continue
        d = step(d, rng.choice([x for x in codes if x != CLOSE_CODE] or codes))
        for seat in (0, 1):
            assert not excluded_from_opponent(d, seat) & d.hands[1 - seat]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 99), min_size=20, max_size=20))
def test_is_legal_code_agrees_with_legal_codes_in_every_phase(seed: int, picks: list[int]) -> None:
    """Stock open, closed or run out, leading or replying: the quick check and the list agree
    for every code there is (and a few that are not), down to the end of the deal."""
    d = new_deal(random.Random(seed), dealer=seed % 2)
    phases = set()
    for pick in picks:
        legal = legal_codes(d)
        assert [code for code in range(-2, CLOSE_CODE + 3) if is_legal_code(d, code)] == sorted(
            legal
        )
        if not legal:
            break
        phases.add("closed" if d.closer != NOBODY else "open" if d.stock else "run out")
        # Close whenever the pick says so (half the time): closed stocks are reached early,
        # often with the trump Jack still in hand.
        d = step(d, CLOSE_CODE if CLOSE_CODE in legal and pick < 50 else legal[pick % len(legal)])
    assert phases


def test_no_exchange_once_the_stock_is_closed() -> None:
    """Holding the trump Jack, the leader may exchange with the stock open, not once closed."""
    d = make_deal("JD QH KH AH 10H", "JH JS QD KD AD", stock=STOCK, trump="D", to_move=0)
    assert is_legal_code(d, EXCHANGE_CODE) and EXCHANGE_CODE in legal_codes(d)
    closed = step(d, CLOSE_CODE)
    assert closed.to_move == 0 and closed.closer == 0
    assert not is_legal_code(closed, EXCHANGE_CODE) and EXCHANGE_CODE not in legal_codes(closed)
