"""Bots: legal choices, no information leak, the factory and hints."""

from __future__ import annotations

import random

import pytest

from cardside.games.schnapsen import bots
from cardside.games.schnapsen import ismcts as tree
from cardside.games.schnapsen.bots import HeuristicBot, StrongBot, make_bot
from cardside.games.schnapsen.deal import Deal, legal_codes, step
from cardside.games.schnapsen.equity import outcome_values
from cardside.games.schnapsen.ismcts import ismcts
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.rules import (
    CLOSE,
    CLOSE_CODE,
    EXCHANGE_CODE,
    MARRIAGE_BASE,
    action_code,
)
from cardside.games.schnapsen.search import search
from cardside.games.schnapsen.simulate import simulate
from cardside.games.schnapsen.state import Observation, SchnapsenState

from .schnapsen_helpers import c, make_deal


def positions(seed: int, count: int) -> list[SchnapsenState]:
    """States reached by random play from a seeded match, at various stages."""
    rng = random.Random(seed)
    out = []
    s = SchnapsenState(seed=seed)
    while len(out) < count and not s.is_terminal():
        if rng.random() < 0.4:
            out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


@pytest.mark.parametrize("name", ["random", "heuristic", "strong", "classic"])
def test_bots_choose_legal_actions(name: str) -> None:
    bot = make_bot(name, "easy", seed=1)
    for s in positions(7, 12):
        seat = s.current_player()
        assert s.is_legal(bot.choose(s.observation(seat), seat))


def test_no_information_leak() -> None:
    """Same observation, different hidden cards, same seed: the same decision."""
    rng = random.Random(3)
    differing = 0
    for s in positions(21, 10):
        seat = s.current_player()
        other = s.determinize(seat, rng)
        assert other.observation(seat) == s.observation(seat)
        differing += other.deal.hands[1 - seat] != s.deal.hands[1 - seat]
        for name in ("heuristic", "strong", "classic"):
            a = make_bot(name, "easy", seed=9).choose(s, seat)
            b = make_bot(name, "easy", seed=9).choose(other, seat)
            assert a == b
    assert differing > 0  # the hidden cards really were different


def test_strong_bot_solves_phase_two_exactly() -> None:
    # Seat 0 to lead, stock used up: leading the trump ace then the ten wins; hint says so.
    d = make_deal(
        "AD 10D JC", "AC 10C QC", trump="D", points=(40, 45), won=("KD QD JD AS", "10S KS QS JS AH")
    )
    s = SchnapsenState.from_deal(d)
    action, reason = StrongBot("easy", seed=0).hint(s.observation(0), 0)
    assert action_code(action) in legal_codes(d)
    assert "solved exactly: wins the deal" in reason


def test_strong_bot_closes_to_keep_the_opponent_under_33() -> None:
    # Seat 0 holds five plain aces and tens, 28 points and two tricks; seat 1 has 5 points and
    # a trick. Closed now, strict answers make seat 1 follow suit and seat 0 reaches 66 with
    # the record at closing (5 points): 2 game points in every sample. Left open, seat 1 may
    # trump the aces and tens freely and draw, so every plain lead is worth less.
    d = make_deal(
        "AC 10C AS 10S AH",
        "QC JS 10H QD JD",
        stock="KC KS JC KD",
        trump="D",
        points=(28, 5),
        won=("AD 10D KH QH", "JH QS"),
    )
    obs = SchnapsenState.from_deal(d).observation(0)
    result = search(obs, 16, random.Random(0))
    others = [v for code, v in result.values.items() if code != CLOSE_CODE]
    assert result.code == CLOSE_CODE and result.values[CLOSE_CODE] == 2.0
    assert max(others) < 2.0 - 0.25
    action, reason = StrongBot("easy", seed=0, classic=True).hint(obs, 0)
    assert action == CLOSE and reason.startswith("close: +2.00 game points")
    # Played for the match, closing is worth the chance to win from 5:7 in every sample.
    chance = outcome_values(obs.counts, 0, obs.deal.dealer)[2]
    action, reason = StrongBot("easy", seed=0).hint(obs, 0)
    assert action == CLOSE and reason.startswith(f"close: {chance:.0%} to win the match")
    # Advice for a person values the match between equal players, a lower chance than the
    # bot's own as the favourite.
    even = outcome_values(obs.counts, 0, obs.deal.dealer, favourite=False)[2]
    assert even < chance - 0.05
    adviser = make_bot("strong", "easy", seed=0, favourite=False)
    action, reason = adviser.hint(obs, 0)
    assert action == CLOSE and reason.startswith(f"close: {even:.0%} to win the match")


def test_make_bot_rejects_unknown_names() -> None:
    with pytest.raises(ValueError):
        make_bot("genius")
    with pytest.raises(ValueError):
        make_bot("strong", "impossible")
    assert isinstance(make_bot("heuristic"), HeuristicBot)


def test_wrong_seat_observation_refused() -> None:
    s = SchnapsenState(seed=1)
    with pytest.raises(ValueError):
        StrongBot(seed=0).choose(s.observation(1), 0)


def test_simulate_reports_rates_with_intervals() -> None:
    seen = []
    r = simulate(
        "heuristic",
        "random",
        6,
        unit="matches",
        seed=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (6, 6) and r.matches == 6
    assert r.deals >= 6 * 3  # at least 3 deals per match (3 points at most each)
    for iv in (r.deal_win_rate, r.match_win_rate):
        assert 0.0 <= iv.low <= iv.estimate <= iv.high <= 1.0
    assert r.points_per_deal.low <= r.points_per_deal.estimate <= r.points_per_deal.high
    d = simulate("random", "random", 4, unit="deals", seed=1)
    assert d.deals == 4 and d.matches == 0


def test_tree_search_takes_a_marriage_that_ends_the_deal() -> None:
    # Seat 0 has 27 points in tricks and the trump marriage: declaring it reaches 66 at once,
    # and seat 1 has no trick, so it is worth 3 game points for sure.
    d = make_deal(
        "KH QH JC JS 10D",
        "AC 10C KC QC AS",
        stock="10S KS QS JD QD AH",
        trump="H",
        points=(27, 0),
        won=("AD 10H KD JH", ""),
    )
    obs = SchnapsenState.from_deal(d).observation(0)
    utility = outcome_values(obs.counts, 0, obs.deal.dealer)
    result = ismcts(obs, 200, random.Random(2), utility)
    assert result.tree and MARRIAGE_BASE <= result.code < EXCHANGE_CODE
    assert (result.code - MARRIAGE_BASE) // 5 == c("KH") // 5
    assert result.value == pytest.approx(utility[3])
    _, reason = StrongBot("easy", seed=0).hint(obs, 0)
    assert f"{utility[3]:.0%} to win the match (tree search" in reason


def tree_steps(
    monkeypatch: pytest.MonkeyPatch, share: float, opponent_share: float
) -> tuple[int, list[list[tuple[Deal, int]]]]:
    """The seat that searched, and the moves made inside the tree (not the play-outs) in each
    iteration of a search from the first lead of a deal, with :data:`ismcts.MODEL_SHARE` at
    ``share`` and :data:`ismcts.OPPONENT_MODEL_SHARE` at ``opponent_share``."""
    iterations: list[list[tuple[Deal, int]]] = []
    real_step, real_deal = tree.step, tree.determinize_deal

    def new_iteration(obs: Observation, rng: random.Random) -> Deal:
        iterations.append([])
        return real_deal(obs, rng)

    def recorded_step(d: Deal, code: int) -> Deal:
        iterations[-1].append((d, code))
        return real_step(d, code)

    monkeypatch.setattr(tree, "MODEL_SHARE", share)
    monkeypatch.setattr(tree, "OPPONENT_MODEL_SHARE", opponent_share)
    monkeypatch.setattr(tree, "determinize_deal", new_iteration)
    monkeypatch.setattr(tree, "step", recorded_step)
    state = SchnapsenState(seed=5)
    seat = state.current_player()
    obs = state.observation(seat)
    tree.ismcts(obs, 400, random.Random(3), outcome_values(obs.counts, seat, obs.deal.dealer))
    monkeypatch.undo()
    return seat, iterations


def test_below_the_root_each_player_may_play_the_rule_of_thumb_for_its_own_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A node below the root serves every hand its player may hold; with the model shares at 1
    # each player there plays the rule of thumb's move for the hand it holds in the iteration.
    below = [move for moves in tree_steps(monkeypatch, 1.0, 1.0)[1] for move in moves[1:]]
    assert {d.to_move for d, _ in below} == {0, 1}
    assert all(code == heuristic_code(d) for d, code in below)
    # By UCB alone (shares 0) both often choose otherwise. At the defaults the opponent always
    # plays the rule of thumb; the seat itself does both, the rule of thumb more often than by
    # UCB alone.
    own: dict[float, float] = {}
    for share, opponent_share in ((0.0, 0.0), (tree.MODEL_SHARE, tree.OPPONENT_MODEL_SHARE)):
        seat, iterations = tree_steps(monkeypatch, share, opponent_share)
        below = [move for moves in iterations for move in moves[1:]]
        mine = [(d, code) for d, code in below if d.to_move == seat]
        theirs = [(d, code) for d, code in below if d.to_move != seat]
        assert mine and theirs
        own[share] = sum(code != heuristic_code(d) for d, code in mine) / len(mine)
        assert own[share] > 0.1, share
        off = sum(code != heuristic_code(d) for d, code in theirs) / len(theirs)
        assert (off > 0.1) if opponent_share == 0.0 else (off == 0.0)
    assert own[tree.MODEL_SHARE] < own[0.0]
    assert 0 < tree.MODEL_SHARE < 1
    assert tree.OPPONENT_MODEL_SHARE == 1.0


def test_tree_search_stops_once_no_other_move_can_catch_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The move played is the most visited at the root; the search stops as soon as its lead is
    # larger than the iterations left, so it plays what the full count would have played.
    stopped, full = [], []
    for seed in range(12):
        state = SchnapsenState(seed=seed)
        seat = state.current_player()
        obs = state.observation(seat)
        utility = outcome_values(obs.counts, seat, obs.deal.dealer)
        stopped.append(tree.ismcts(obs, 600, random.Random(seed), utility))
        with monkeypatch.context() as m:
            m.setattr(tree, "CHECK_EVERY", 10**6)
            full.append(tree.ismcts(obs, 600, random.Random(seed), utility))
    assert [r.code for r in stopped] == [r.code for r in full]
    assert all(r.samples == 600 for r in full)
    assert all(r.samples <= 600 for r in stopped)
    assert any(r.samples < 600 for r in stopped)
    for r, f in zip(stopped, full):
        if r.samples == 600:
            assert r.values == f.values


#: Small stand-in budgets per level: (tree iterations, strong's closed-stock samples, classic's
#: samples), so that the test shows each count is the one used.
SMALL_BUDGETS = {"easy": (7, 5, 3), "normal": (11, 9, 4), "hard": (13, 12, 6)}


def test_levels_set_the_search_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Strong searches its level's iterations with the stock open and its samples once it is
    # closed; classic samples throughout. The hints report the counts.
    for level, (iterations, closed, classic) in SMALL_BUDGETS.items():
        monkeypatch.setitem(bots.LEVEL_ITERATIONS, level, iterations)
        monkeypatch.setitem(bots.LEVEL_CLOSED_SAMPLES, level, closed)
        monkeypatch.setitem(bots.LEVEL_SAMPLES, level, classic)
    open_stock = make_deal(
        "AC 10C AS 10S AH", "QC JS 10H QD JD", stock="KC KS JC KD", trump="D", won=("JH", "QS")
    )
    closed_stock = step(open_stock, CLOSE_CODE)
    for level, (iterations, closed, classic) in SMALL_BUDGETS.items():
        for deal, strong_how in (
            (open_stock, f"(tree search, {iterations} samples of the hidden cards"),
            (closed_stock, f"(mean over {closed} samples"),
        ):
            obs = SchnapsenState.from_deal(deal).observation(0)
            assert strong_how in StrongBot(level, seed=1).hint(obs, 0)[1]
            reason = StrongBot(level, seed=1, classic=True).hint(obs, 0)[1]
            assert f"(mean over {classic} samples" in reason


def test_levels_grow_the_budget_within_a_second_a_move() -> None:
    for table in (bots.LEVEL_ITERATIONS, bots.LEVEL_CLOSED_SAMPLES, bots.LEVEL_SAMPLES):
        assert [table[level] for level in bots.LEVELS] == sorted(table.values())
        assert len(set(table.values())) == len(bots.LEVELS)


def test_tree_search_closes_to_win_the_match() -> None:
    # Seat 0 at 2 (seat 1 at 4) holds the trump Ace and Queen, the Ace of Spades and two plain
    # Tens, with 19 points to seat 1's 24. Closed now, the strict rules make seat 1 follow
    # suit, seat 0 reaches 66 in every deal of the hidden cards, and with seat 1 under 33 that
    # is 2 game points: the match. The rule of thumb (too few sure tricks) would lead the Ace.
    d = make_deal(
        "10C 10S AS QH AH",
        "QC KC AC QS KD",
        stock="AD KH JS 10H",
        trump="H",
        points=(19, 24),
        won=("KS JD QD 10D", "JC JH"),
    )
    obs = SchnapsenState.from_deal(d, counts=(2, 4)).observation(0)
    assert heuristic_code(obs.deal) != CLOSE_CODE
    utility = outcome_values(obs.counts, 0, obs.deal.dealer)
    assert utility[2] == 1.0
    for seed in range(3):
        result = ismcts(obs, bots.LEVEL_ITERATIONS["normal"], random.Random(seed), utility)
        assert result.code == CLOSE_CODE and result.value == pytest.approx(1.0)
        assert max(v for code, v in result.values.items() if code != CLOSE_CODE) < 0.95
    action, reason = StrongBot(seed=0).hint(obs, 0)
    assert action == CLOSE and reason.startswith("close: 100% to win the match (tree search")


@pytest.mark.parametrize("seed", [3, 11])
def test_the_full_state_lists_the_movers_legal_moves_as_its_observation_does(seed: int) -> None:
    """A simulation's random bot picks from the full state's legal moves, with no view taken:
    they must be the seat's own view's, in the same order, at every decision of a match."""
    state = SchnapsenState(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions()
        assert legal == state.observation(seat).legal_actions()
        state.apply(rng.choice(legal))


class _Viewing:
    """A random bot that is not a ``RandomBot``: the simulation gives it the seat's view."""

    def __init__(self, name: str, level: str, seed: str) -> None:
        self.inner = bots.RandomBot(seed)
        self.name = name

    def choose(self, view: Observation, seat: int) -> object:
        return self.inner.choose(view, seat)


def test_random_bots_play_the_same_matches_with_or_without_views() -> None:
    plain = simulate("random", "random", 12, seed=4)
    viewed = simulate("random", "random", 12, seed=4, factory=_Viewing)  # type: ignore[arg-type]
    assert plain == viewed
