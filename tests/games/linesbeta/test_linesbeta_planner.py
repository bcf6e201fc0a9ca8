"""The round-wide planner, the deep bot and sampling from the player's view."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.linesbeta.bots import (
    ClassicPlannerBot,
    DeepBot,
    DeepWinBot,
    Planner2Bot,
    PlannerBot,
    _walk,
    make_bot,
    win_chance,
)
from cardside.games.linesbeta.deep import ROUND_LOSSES, SETTLED, Deep1Bot, Deep2Bot, win_chances
from cardside.games.linesbeta.notation import parse_challenge
from cardside.games.linesbeta.odds import CellModel
from cardside.games.linesbeta.planner import Walk, _hidden_before, _turned
from cardside.games.linesbeta.rules import (
    LINE_CELLS,
    LINES,
    ORDER,
    Challenge,
    Line,
    challenge_action,
)
from cardside.games.linesbeta.state import (
    HIDDEN,
    PHASE_CELL,
    PHASE_PLAY,
    LinesBetaState,
    Observation,
)

from .lb_helpers import code, position


def _one_line_view(hidden: list[bool], known: list[int], pool: list[int]) -> CellModel:
    """A view whose row 1 is ``known`` with ``hidden`` cells face down, the rest face up."""
    st_ = LinesBetaState(seed=0)
    obs = st_.observation(0)
    rest = [c for c in range(52) if c not in pool and c not in known]
    grid = [HIDDEN if h else c for h, c in zip(hidden, known)] + rest[:30]
    return CellModel(replace(obs, grid=tuple(grid), unseen=tuple(sorted(pool))))


@settings(max_examples=40, deadline=None)
@given(
    st.permutations(range(52)),
    st.lists(st.booleans(), min_size=6, max_size=6),
    st.integers(0, 3),
    st.integers(6, 12),
)
def test_the_model_matches_the_exact_odds_when_nothing_seen_went_back(
    perm: list[int], hidden: list[bool], trumps: int, pool_size: int
) -> None:
    played, known, pool = perm[0], perm[1:7], perm[7 : 7 + pool_size]
    model = _one_line_view(hidden, known, pool)
    suit, rank = divmod(played, 13)
    higher = sum(1 for c in pool if c // 13 == suit and c % 13 > rank)
    lower = sum(1 for c in pool if c // 13 == suit and c % 13 < rank)
    trump_n = sum(1 for c in pool if c // 13 == trumps) if suit != trumps else 0
    grid = tuple(HIDDEN if h else c for h, c in zip(hidden, known)) + (-1,) * 30
    exact = _walk(grid, ORDER[0][0], suit, rank, trumps, len(pool), higher, lower, trump_n)
    win, stops, p_c, p_b = model.walk(ORDER[0][0], suit, rank, trumps)
    assert win == pytest.approx(exact, abs=1e-9)
    # Every outcome is counted once: a card of the suit somewhere, or case b, or case c.
    assert sum(p for _, p in stops) + p_c + p_b == pytest.approx(1.0, abs=1e-9)


def _late_positions(seed: int, shared_draws: bool = False) -> list[tuple[Observation, CellModel]]:
    """Every challenge decision from round 4 on of a hard game ``planner2`` plays (the same
    games whatever the model under test), with the model: by then the face-down cells were
    filled at several rounds, from different pools."""
    state = LinesBetaState("hard", "full", seed=seed)
    bot = Planner2Bot(seed)
    out: list[tuple[Observation, CellModel]] = []
    while not state.is_terminal():
        obs = state.observation(0)
        if obs.phase == PHASE_PLAY and obs.round >= 4:
            out.append((obs, CellModel(obs, shared_draws)))
        state.apply(bot.choose(state))
    return out


def _every_walk(obs: Observation, model: CellModel) -> list[tuple[int, int, int, Walk]]:
    """Every challenge the hand can make on an open line, with the model's walk of it."""
    return [
        (card, line, end, model.walk(ORDER[line][end], card // 13, card % 13, obs.trump // 13))
        for card in obs.hand
        for line in range(LINES)
        if not obs.blocked >> line & 1
        for end in (0, 1)
    ]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_every_chance_is_a_probability_when_cells_come_from_several_fill_rounds(seed: int) -> None:
    for obs, model in _late_positions(seed):
        for _, _, _, (win, stops, p_c, p_b) in _every_walk(obs, model):
            assert -1e-9 <= win <= 1.0 + 1e-9
            assert all(p >= -1e-12 for _, p in stops)
            assert sum(p for _, p in stops) + p_c + p_b == pytest.approx(1.0, abs=1e-9)


def test_the_draws_of_other_fill_rounds_no_longer_read_a_chance_above_one() -> None:
    """The count of draws shared over every fill round (``planner2``'s odds) read a chance
    above 1 in these games; the count by fill round does not."""
    over = [
        win
        for seed in (1, 7, 12)
        for obs, model in _late_positions(seed, shared_draws=True)
        for *_, (win, _, _, _) in _every_walk(obs, model)
        if win > 1.0 + 1e-9
    ]
    assert over
    for seed in (1, 7, 12):
        for obs, model in _late_positions(seed):
            assert max(w[3][0] for w in _every_walk(obs, model)) <= 1.0 + 1e-9


def test_late_round_odds_agree_with_deals_sampled_from_the_players_view() -> None:
    """Where the count by fill round and the shared count differ most, the model's chance of
    the trick is the share of 600 deals sampled from the player's view that the card wins."""
    rng = random.Random(5)
    worst_shared = 0.0
    for obs, model in _late_positions(7)[::2]:
        shared = {w[:3]: w[3][0] for w in _every_walk(obs, CellModel(obs, shared_draws=True))}
        walks = sorted(_every_walk(obs, model), key=lambda w: -abs(w[3][0] - shared[w[:3]]))
        deals = [LinesBetaState.sample(obs, rng) for _ in range(600)]
        for card, line, end, (win, _, _, _) in walks[:3]:
            action = challenge_action(card, line, end)
            won = 0
            for deal in deals:
                twin = deal.clone()
                before = twin.points[0]
                twin.apply(action)
                # A case-c win waits for the player's pick of the cell before it is scored.
                won += twin.points[0] > before or twin.phase == PHASE_CELL
            assert win == pytest.approx(won / len(deals), abs=0.07)
            worst_shared = max(worst_shared, abs(shared[(card, line, end)] - won / len(deals)))
    # The shared count was far off on some of them.
    assert worst_shared > 0.3


def _seen_spades_went_back() -> LinesBetaState:
    """Round 2: every spade not in hand was seen and went back at the end of round 1.

    Row 1's face-down cells were filled at round 1, so none of them can hold a spade; every
    other cell was refilled at round 2. Spades are trumps and the hand is the 2 of spades.
    Column 2 shows more cards (hearts and clubs) and hides only r1c2 and r6c2.
    """
    row1 = {(1, c): t for c, t in zip(range(1, 7), ["2C", "3C", "4C", "5C", "6C", "7C"])}
    diagonal = {(r, 7 - r): t for r, t in zip(range(2, 7), ["8C", "9C", "TC", "JC", "QC"])}
    col2 = {(2, 2): "8H", (3, 2): "9H", (4, 2): "TH"}
    st_ = position({**row1, **diagonal, **col2}, ["2S"], "AS", round_no=2, up=tuple(col2))
    s = st_.snapshot
    fill = tuple(1 if cell in LINE_CELLS[Line.R1] else 2 for cell in range(36))
    back = tuple(1 if c // 13 == 1 else 0 for c in range(52))
    st_._snapshot = replace(s, fill_round=fill, back_round=back)
    return st_


def test_a_card_seen_going_back_is_not_looked_for_in_older_cells() -> None:
    st_ = _seen_spades_went_back()
    obs = st_.observation(0)
    two = code("2S")
    # Today's planner thinks a spade may lie in row 1, which would beat the 2.
    assert win_chance(obs, two, Line.R1, 0, 1) < 0.9
    # The round-wide planner knows row 1 holds no spade: the 2 of trumps wins there.
    action, chance, _ = PlannerBot(0).decide(obs)
    assert isinstance(action, Challenge) and action.line == Line.R1 and chance == 1.0
    # Today's planner prefers column 2, where fewer cells are face down (but may hide a spade).
    assert ClassicPlannerBot(0).choose(obs) == parse_challenge("2S c2 top")


def _blocking_choice() -> LinesBetaState:
    """Row 1 and column 1 are face up. The 9 of spades beats row 1 from either end (5S at
    r1c1 from the left, 3S at r1c6 from the right); the king of hearts is sure to win only on
    column 1, which holds neither a heart nor a club (trumps). Taking row 1 from the left
    leaves a gap at r1c1, which blocks column 1 for the rest of the round."""
    row1 = {(1, c): t for c, t in zip(range(1, 7), ["5S", "2C", "3C", "4C", "2D", "3S"])}
    col1 = {(r, 1): t for r, t in zip(range(2, 7), ["6D", "7D", "8D", "9D", "TD"])}
    up = tuple(row1) + tuple(col1)
    return position({**row1, **col1}, ["9S", "KH"], "AC", up=up)


def test_the_planner_keeps_the_crossing_line_its_other_card_needs() -> None:
    obs = _blocking_choice().observation(0)
    scores = {a: s for s, _, a in PlannerBot(0).ranked(obs)}
    left, right = parse_challenge("9S r1 left"), parse_challenge("9S r1 right")
    # Both ends win the trick for certain; only the left end blocks column 1.
    assert scores[right] == pytest.approx(1.0 + PlannerBot.future)  # a sure trick, and the next
    assert scores[left] < scores[right] - 0.1
    assert PlannerBot(0).choose(obs) != left
    # Today's planner counts only the challenged line and takes the left end.
    assert ClassicPlannerBot(0).choose(obs) == left


def _bot(name: str) -> PlannerBot | DeepBot | ClassicPlannerBot:
    # The deep bots with fewer deals than their default, to keep the suite quick.
    if name == "deep":
        return DeepBot(7, samples=3)
    if name == "deep2":
        return Deep2Bot(7, samples=3)
    if name == "deep1":
        return Deep1Bot(7, samples=3)
    if name == "deepwin":
        return DeepWinBot(7, samples=3)
    return make_bot(name, 7)  # type: ignore[return-value]


@pytest.mark.parametrize(
    "name", ["planner", "deep", "deep2", "deep1", "deepwin", "planner2", "planner1", "classic"]
)
def test_bots_decide_only_from_what_the_player_sees(name: str) -> None:
    """Two states that differ only in face-down cards and the deck get the same decisions."""
    st_ = LinesBetaState("hard", "full", seed=41)
    st_.apply(make_bot("planner", 0).choose(st_))
    for step in range(3):
        twin = st_.determinize(0, random.Random(step))
        assert twin.snapshot.grid != st_.snapshot.grid
        assert _bot(name).choose(st_) == _bot(name).choose(twin)
        st_.apply(_bot(name).choose(st_))


def test_deep_is_reproducible_and_consults_its_own_generator() -> None:
    st_ = LinesBetaState("hard", "full", seed=8)
    st_.apply(make_bot("planner", 0).choose(st_))
    assert isinstance(make_bot("deep", 3), DeepBot)
    a, b = DeepBot(3, samples=3), DeepBot(3, samples=3)
    assert [a.choose(st_), a.choose(st_)] == [b.choose(st_), b.choose(st_)]
    middle = _play_until(st_.clone(), 4)  # a trick deep rolls out
    action, _, why = DeepBot(3, samples=3).decide(middle.observation(0))
    assert isinstance(action, Challenge) and middle.is_legal(action)
    assert "more tricks" in why
    assert isinstance(make_bot("deepwin", 3), DeepWinBot)
    action, _, why = DeepWinBot(3, samples=3).decide(st_.observation(0))
    assert isinstance(action, Challenge) and st_.is_legal(action)
    assert "wins the game with chance" in why


def test_the_chance_of_winning_falls_with_fewer_tricks_to_spare_and_more_rounds() -> None:
    table = win_chances(7)
    assert sum(ROUND_LOSSES) == pytest.approx(1.0)
    assert table[0] == [1.0]  # no round left: the grid is below its target
    assert table[1][0] == pytest.approx(ROUND_LOSSES[0])  # one round lost without a trick
    for r in range(1, 8):
        row = table[r]
        assert all(a <= b for a, b in zip(row, row[1:])) and row[-1] == pytest.approx(1.0)
        before = table[r - 1]
        assert all(row[k] <= before[min(k, len(before) - 1)] + 1e-12 for k in range(len(row)))


def test_deep_takes_the_sure_trick_of_the_worked_position() -> None:
    obs = _seen_spades_went_back().observation(0)
    action, chance, _ = DeepBot(0, samples=4).decide(obs)
    assert chance == 1.0 and isinstance(action, Challenge) and action.line == Line.R1


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40), st.integers(0, 10**6))
def test_a_sampled_game_looks_the_same_to_the_player(seed: int, steps: int, draw: int) -> None:
    state = LinesBetaState("hard", "full", seed=seed)
    bot = make_bot("classic", 0)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    obs = state.observation(0)
    sampled = LinesBetaState.sample(obs, random.Random(draw))
    assert sampled.observation(0) == obs
    s = sampled.snapshot
    # A face-down cell holds a card that could have been there: none that went back later.
    for cell in range(36):
        if obs.grid[cell] == HIDDEN:
            assert s.back_round[s.grid[cell]] < s.fill_round[cell]


def test_a_sampled_game_keeps_the_cards_remembered_after_an_undo() -> None:
    state = LinesBetaState("hard", "full", seed=3)
    bot = make_bot("classic", 0)
    state.apply(bot.choose(state))
    for action in state.legal_actions():
        state.apply(action)
        turned = len(state.tricks[-1].turned)
        state.take_back()
        if turned >= 2:
            break
    obs = state.observation(0)
    assert obs.remembered  # the undone challenge turned cards the player still knows
    sampled = LinesBetaState.sample(obs, random.Random(1))
    assert sampled.observation(0) == obs


def _game(bot: PlannerBot, seed: str) -> LinesBetaState:
    state = LinesBetaState("hard", "full", seed=seed)
    while not state.is_terminal():
        action = bot.choose(state)
        assert state.is_legal(action)
        state.apply(action)
    return state


def test_the_planner_replays_a_game_the_same_from_the_same_seed() -> None:
    first, second = _game(PlannerBot(4), "replay"), _game(PlannerBot(4), "replay")
    assert first.actions() == second.actions() and first.points == second.points


def test_the_planner_wins_a_clear_majority_of_a_fixed_set_of_games() -> None:
    """Twenty normal full games (the planner wins about 98% of them over thousands)."""
    wins = 0
    for game in range(20):
        state = LinesBetaState("normal", "full", seed=f"majority:{game}")
        bot = make_bot("planner", f"majority:{game}:bot")
        while not state.is_terminal():
            state.apply(bot.choose(state))
        assert state.verdict is not None
        wins += state.verdict.player_wins
    assert wins >= 16


def test_the_planner_counts_the_face_down_cards_a_challenge_turns() -> None:
    # Row 1 from the left: two face-down cards, then the ace of spades face up.
    grid = (HIDDEN, HIDDEN, code("AS"), 5, 6, 7) + (-1,) * 30
    stops = [(0, 0.25), (1, 0.25), (2, 0.5)]
    left, right = _hidden_before(grid, ORDER[0][0]), _hidden_before(grid, ORDER[0][1])
    assert _turned(left, stops, 0.0) == pytest.approx(0.25 + 0.5 + 1.0)
    # From the right the ace is the fourth card: nothing face down is turned before it.
    assert _turned(right, [(3, 1.0)], 0.0) == 0.0
    # Case b or c turns the whole line: both face-down cards.
    assert _turned(left, [], 1.0) == 2.0


def _play_until(state: LinesBetaState, cards: int) -> LinesBetaState:
    """``state`` played on by the planner to a challenge with ``cards`` cards in hand."""
    bot = make_bot("planner", 0)
    while not (state.phase == PHASE_PLAY and len(state.hand) == cards):
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize(("bot", "cards"), [(DeepBot, 2), (Deep2Bot, 6), (Deep2Bot, 2)])
def test_deep_leaves_a_rounds_fifth_trick_to_the_planner(bot: type[DeepBot], cards: int) -> None:
    """With two cards in hand little is left to choose: ``deep`` plays the planner's choice
    there, without a single deal (``deep2`` at a round's first trick too)."""
    obs = _play_until(LinesBetaState("hard", "full", seed=12), cards).observation(0)
    deep = bot(5)
    before = deep.rng.getstate()
    assert deep.decide(obs) == PlannerBot(5).decide(obs)
    assert deep.rng.getstate() == before
    assert cards not in bot.PLAN and set(Deep1Bot.PLAN) == {2, 3, 4, 5, 6}
    assert set(DeepBot.PLAN) == {3, 4, 5, 6} and set(Deep2Bot.PLAN) == {3, 4, 5}


def test_deep_tries_a_rounds_first_trick_on_sampled_deals() -> None:
    obs = _play_until(LinesBetaState("hard", "full", seed=12), 6).observation(0)
    deep = DeepBot(5)
    before = deep.rng.getstate()
    deep.decide(obs)
    assert deep.rng.getstate() != before  # it dealt the hidden cards


def test_deep_leaves_the_planners_choice_only_for_a_clear_gain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rollouts that favour another challenge by at most ``margin`` tricks a deal keep the
    planner's first choice; by more, they choose the other (``deep1`` takes any gain)."""
    obs = _play_until(LinesBetaState("hard", "full", seed=12), 4).observation(0)
    ranked = PlannerBot(0).ranked(obs)
    first, second = ranked[0][2], ranked[1][2]
    for gain, bot, chosen in [
        (DeepBot.margin, DeepBot(0), first),
        (DeepBot.margin + 0.01, DeepBot(0), second),
        (0.01, Deep1Bot(0), second),
    ]:
        values = {second: 1.0 + gain}
        monkeypatch.setattr(
            bot, "_rollout", lambda deal, action, values=values: values.get(action, 1.0)
        )
        assert bot.decide(obs)[0] == chosen, (gain, bot.name)


def test_deep1_values_a_settled_game_by_its_bonus_and_deep_by_its_tricks() -> None:
    """A challenge that ends the game: ``deep1`` counts SETTLED, won or lost; ``deep`` the
    tricks won in the round and the cards kept, as any other round's end."""
    state = LinesBetaState("normal", "short", seed=3)
    bot = make_bot("planner", 0)
    while True:
        before = state.clone()
        action = bot.choose(state)
        state.apply(action)
        if state.is_terminal():
            break
    assert state.verdict is not None and state.round == before.round
    sign = 1.0 if state.verdict.player_wins else -1.0
    assert Deep1Bot(0)._rollout(before, action) == sign * SETTLED
    won = state.points[0] - before.points[0]
    kept = state.snapshot.face_up.bit_count()
    assert DeepBot(0)._rollout(before, action) == pytest.approx(won + PlannerBot.carry * kept)


@settings(max_examples=300, deadline=None)
@given(
    chances=st.lists(st.floats(0.0, 1.0), min_size=1, max_size=72),
    card=st.integers(0, 51),
    blocked=st.integers(0, (1 << 12) - 1),
    a=st.integers(0, 11),
    b=st.integers(0, 11),
    need=st.integers(0, 6),
)
def test_blocking_lines_the_plan_does_not_take_leaves_the_same_plan(
    chances: list[float], card: int, blocked: int, a: int, b: int, need: int
) -> None:
    """The planner reuses the plan with only its card set aside wherever the lines a challenge
    blocks are not among those the plan takes: the same sum, to the last bit."""
    from cardside.games.linesbeta.planner import _greedy, _greedy_lines

    cards = [card, *range(52)]
    pairs = sorted(((p, cards[i % 7], i % 12) for i, p in enumerate(chances)), reverse=True)
    total, lines = _greedy_lines(pairs, 1 << card, blocked, need)
    assert total == _greedy(pairs, 1 << card, blocked, need)
    mask = 1 << a | 1 << b
    if not lines & mask:
        assert _greedy(pairs, 1 << card, blocked | mask, need) == total
