"""The strong bot's reading of the opponent's moves: what their play says about their hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.deal import NO_CARD
from cardside.games.schnapsen.inference import belief, deal_with_hand, likelihood
from cardside.games.schnapsen.rules import ALL_CARDS_MASK, EXCHANGE_CODE
from cardside.games.schnapsen.state import SchnapsenState


def _opening_lead_without_exchange() -> SchnapsenState:
    """A deal where the heuristic bot (seat 1) led the first trick without exchanging, the
    trump Jack being out of sight of seat 0 (in seat 1's hand or in the stock)."""
    heuristic = make_bot("heuristic")
    for seed in range(200):
        s = SchnapsenState(seed=seed, first_dealer=0)  # seat 1 leads the first trick
        d = s.deal
        jack = d.trump * 5
        if d.hands[0] >> jack & 1 or d.stock[-1] == jack:
            continue
        action = heuristic.choose(s.observation(1), 1)
        s.apply(action)
        if s.deal.lead != NO_CARD and not s.deal.hands[1] >> jack & 1:
            return s
    raise AssertionError("no such deal among the first 200 seeds")


def test_a_declined_exchange_makes_the_trump_jack_unlikely() -> None:
    s = _opening_lead_without_exchange()
    obs = s.observation(0)
    jack = obs.deal.trump * 5
    assert obs.past and obs.past[-1].actor == 1
    bel = belief(obs, random.Random(1), proposals=400)
    assert bel is not None
    weight = dict(zip(bel.hands, (b - a for a, b in zip((0.0, *bel.cumulative), bel.cumulative))))
    with_jack = sum(w for h, w in weight.items() if h >> jack & 1)
    proposed_with_jack = sum(1 for h in weight if h >> jack & 1) / len(weight)
    # Holding the Jack, the model player exchanges first: each such hand keeps EPSILON.
    assert proposed_with_jack > 0.2
    assert with_jack / sum(weight.values()) < 0.1
    rng = random.Random(2)
    assert sum(bel.draw(rng) >> jack & 1 for _ in range(200)) < 20


def test_the_first_move_fits_or_not_exactly() -> None:
    """With no draw since the opponent's only move, a hand fits the model (1) or not (0.1)."""
    s = _opening_lead_without_exchange()
    obs = s.observation(0)
    jack = obs.deal.trump * 5
    rng = random.Random(3)
    for _ in range(30):
        hand = deal_with_hand(obs, s.deal.hands[1], rng).hands[1]
        assert likelihood(obs, hand, rng, 0.1) == 1.0
        other = hand & ~(1 << (hand & ~obs.deal.known[1]).bit_length() - 1) | (1 << jack)
        assert likelihood(obs, other, rng, 0.1) == 0.1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 24), st.sampled_from(["random", "heuristic"]))
def test_the_true_hand_is_never_ruled_out(seed: int, moves: int, opponent: str) -> None:
    """Whatever the opponent's style, the hand they really hold keeps a weight above 0, and
    every hand the belief holds is one they could hold."""
    s = SchnapsenState(seed=seed)
    rng = random.Random(seed)
    bots = [make_bot("random", seed=seed), make_bot(opponent, seed=seed)]
    for _ in range(moves):
        if s.is_terminal():
            return
        seat = s.current_player()
        assert seat is not None
        s.apply(bots[seat].choose(s.observation(seat), seat))
    obs = s.observation(0)
    if obs.deal_no != s.deal_no or s.is_terminal():
        return
    assert likelihood(obs, s.deal.hands[1], rng, 0.1) > 0
    bel = belief(obs, rng, proposals=40)
    if bel is None:
        return
    unseen = obs.unseen_mask() | obs.deal.known[1]
    for hand in bel.hands:
        assert hand & ~unseen == 0
        assert hand.bit_count() == obs.opponent_hand_size
        d = deal_with_hand(obs, hand, rng)
        cards = d.hands[0] | d.hands[1] | d.won[0] | d.won[1] | sum(1 << i for i in d.stock)
        assert cards | (0 if d.lead == NO_CARD else 1 << d.lead) == ALL_CARDS_MASK


def test_a_strong_bot_sees_the_moves_of_the_deal_only_as_its_seat_saw_them() -> None:
    s = _opening_lead_without_exchange()
    obs = s.observation(0)
    # The opponent's hand before its lead stays hidden in what seat 0 remembers.
    assert obs.past[-1].view.hands[1] == 0
    assert obs.past[-1].code != EXCHANGE_CODE
    twin = s.determinize(0, random.Random(5))
    assert twin.observation(0) == obs


def test_the_hint_says_when_the_opponents_play_was_weighed() -> None:
    s = _opening_lead_without_exchange()
    bot = make_bot("strong", "easy", seed=1)
    _, reason = bot.hint(s.observation(0), 0)
    assert "weighed by the opponent's play" in reason
    fresh = SchnapsenState(seed=3, first_dealer=1)  # seat 0 leads: nothing to weigh yet
    _, first = make_bot("strong", "easy", seed=1).hint(fresh.observation(0), 0)
    assert "weighed" not in first
