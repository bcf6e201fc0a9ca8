"""The review of a played LinesBeta game: the planner's odds from the player's view."""

from __future__ import annotations

import random

import pytest

from cardside.core.record import Seat, Session
from cardside.core.review import run
from cardside.games.linesbeta.bots import make_bot
from cardside.games.linesbeta.notation import format_action
from cardside.games.linesbeta.state import LinesBetaState
from cardside.games.linesbeta.values import move_values


def game(seed: int, plant: int = 0, difficulty: str = "normal") -> tuple[Session, list[int]]:
    """A short game played by the planner, but its worst move at the first ``plant``
    decisions where that gives up more than 15% of the chance to win."""
    state = LinesBetaState(difficulty, "short", seed=seed)
    bot = make_bot("planner", seed=seed)
    entries: list[dict[str, object]] = []
    planted: list[int] = []
    while not state.is_terminal():
        action = bot.choose(state)
        if len(planted) < plant and len(state.legal_actions()) > 1:
            v = move_values(state)
            worst = min(v.moves, key=lambda m: m.chance)
            if v.best().chance - worst.chance > 0.15:
                action = worst.action  # type: ignore[assignment]
                planted.append(len(entries) + 1)
        entries.append({"type": "action", "action": format_action(action, ascii=True)})
        state.apply(action)
    session = Session(
        game="linesbeta",
        mode="play",
        name=f"g{seed}",
        seed=seed,
        seats=[Seat("You", "human")],
        options={"difficulty": difficulty, "length": "short"},
        entries=entries,
    )
    return session, planted


def test_the_planners_own_moves_are_no_mistake() -> None:
    session, _ = game(3)
    review = run("linesbeta", session, [0])
    assert review.complete and review.decisions
    assert not {d.label for d in review.decisions} & {"inaccuracy", "mistake", "blunder"}


def test_planted_worst_moves_are_mistakes_or_blunders() -> None:
    # at hard the game is close, so a bad card costs much of the chance to win
    session, planted = game(6, plant=2, difficulty="hard")
    assert len(planted) == 2 and planted[0] == 1  # the trump card, then a challenge
    review = run("linesbeta", session, [0])
    by_move = {d.judged.number: d for d in review.decisions}
    for number in planted:
        assert by_move[number].label in ("mistake", "blunder")


def test_no_leak_the_same_values_when_only_unseen_cards_differ() -> None:
    state = LinesBetaState("normal", "short", seed=8)
    state.apply(state.legal_actions()[0])  # the trump card; a challenge is next
    twin = state.determinize(0, random.Random(4))
    assert twin.snapshot.grid != state.snapshot.grid or twin.snapshot.deck != state.snapshot.deck
    assert move_values(state) == move_values(twin)


def test_a_decision_after_an_undo_keeps_what_the_undone_move_showed_and_no_earlier_one_does() -> (
    None
):
    from cardside.games.linesbeta.review import at_move

    state = LinesBetaState("normal", "short", seed=2)
    bot = make_bot("planner", seed=2)
    trump = bot.choose(state)
    state.apply(trump)
    tried = bot.choose(state)
    entries: list[dict[str, object]] = [
        {"type": "action", "action": format_action(trump, ascii=True)},
        {"type": "action", "action": format_action(tried, ascii=True)},
        {"type": "undo", "moves": 1},
    ]
    other = next(a for a in state.legal_actions() if a != tried)
    entries.append({"type": "action", "action": format_action(other, ascii=True)})
    session = Session(
        game="linesbeta",
        mode="play",
        name="undone",
        seed=2,
        seats=[Seat("You", "human")],
        options={"difficulty": "normal", "length": "short"},
        entries=entries,
    )
    assert at_move(session, 1).memory == frozenset()
    assert at_move(session, 2).memory  # the cards the taken-back challenge turned up


def test_the_chance_at_the_start_is_about_the_planners_share_of_games_won() -> None:
    # linesbeta simulate --all: the planner wins about 95% at normal, 55-65% at hard
    for difficulty, low, high in (("normal", 0.85, 1.0), ("hard", 0.35, 0.8)):
        for seed in range(4):
            state = LinesBetaState(difficulty, "full", seed=seed)
            chance = move_values(state).best().chance
            assert low <= chance <= high, (difficulty, seed, chance)


def test_each_rounds_tricks_scored_count_its_last_trick() -> None:
    """The tricks won in each round, as the review gives them, are those the game recorded,
    the round's sixth trick too (seen only once the next round has begun)."""
    session, _ = game(3)
    review = run("linesbeta", session, [0])
    state = LinesBetaState("normal", "short", seed=3)
    bot = make_bot("planner", seed=3)
    won: dict[int, int] = {}
    while not state.is_terminal():
        number = state.round
        state.apply(bot.choose(state))
        if state.round != number:
            won[number] = sum(1 for t in state.last_round_tricks if t.player_wins)
    won[state.round] = sum(1 for t in state.tricks if t.player_wins)
    assert {g.number: g.scored for g in review.groups} == {r: float(w) for r, w in won.items()}
    assert sum(won.values()) == state.points[0]


def test_the_position_names_the_columns_as_a_challenge_names_them() -> None:
    """A review says "played 10♣ c4 top": the grid it shows numbers its columns and says
    what its marks are (those of the game's screen), each column's name over its cells."""
    from cardside.games.linesbeta.review import position

    lines = position(LinesBetaState("normal", "short", seed=1), ascii=True)
    header = next(line for line in lines if line.lstrip().startswith("c1"))
    # The marks are said below the grid, so that no line is wider than 30 columns.
    assert lines[-1] == "(## face down, -- gap)" and max(map(len, lines[2:])) <= 30
    assert "##" in "".join(lines) and "??" not in "".join(lines)
    plain = position(LinesBetaState("normal", "short", seed=1), ascii=False)
    assert plain[-1] == "(░░ face down, ·· gap)" and "░░" in "".join(plain[3:-1])
    for row in (line for line in lines if line.startswith("r")):
        cells = row.split()[1:]
        for col in range(6):
            at = header.index(f"c{col + 1}")
            assert row[at : at + 2] == cells[col][-2:], (header, row)  # under its name


def test_a_trump_card_is_worth_the_best_first_challenge_it_leaves() -> None:
    """Choosing the trump shows nothing new: its value is the best move's after it, so the
    review draws no spike at the trump and no fall at the first challenge."""
    for seed in (5, 11):
        state = LinesBetaState("hard", "short", seed=seed)
        valued = move_values(state)
        for move in valued.moves:
            after = LinesBetaState("hard", "short", seed=seed)
            after.apply(move.action)  # type: ignore[arg-type]
            best = move_values(after).best()
            assert abs(move.points - best.points) < 1e-9
            assert abs(move.chance - best.chance) < 1e-9


def test_a_target_reached_wins_only_when_the_grid_cannot_reach_its_own() -> None:
    """The grid reaching its target is a loss, even after the player reached theirs: with
    the player's target reached and the grid one trick short of its own, two tricks left in
    the round and each won with chance p, the player wins only by taking one of the two."""
    from cardside.games.linesbeta.values import _race

    for p in (0.25, 0.5, 0.9):
        assert abs(_race(0, 2, 2, p, 0, 0.75) - (1 - (1 - p) ** 2)) < 1e-12
        assert abs(_race(0, 1, 2, p, 0, 0.75) - p**2) < 1e-12  # the grid needs 1: take both
        assert abs(_race(0, 2, 3, p, 0, 0.75) - (p**3 + 3 * p**2 * (1 - p))) < 1e-12
        assert _race(0, 3, 2, p, 0, 0.75) == 1.0  # the grid cannot take 3 of the 2 left
    # Reached at a round's end (no trick left in it), the game is won at once.
    assert _race(0, 5, 0, 0.25, 12, 0.75) == 1.0
    assert _race(0, 1, 0, 0.25, 12, 0.75) == 1.0
    # Mid-round of a later round: the grid's trick can still come first in that round.
    assert _race(1, 1, 1, 0.5, 6, 0.5) < 1.0
    # The grid at its target has won, whatever the player has.
    assert _race(-1, 0, 3, 0.9, 6, 0.9) == 0.0


def test_a_bot_choosing_its_trump_does_no_work_for_the_words_only_a_hint_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The trump hint's tricks are the review's value of the card, worked out for the hint
    alone: the planner's and the deep bot's own choices never pay for it."""
    from cardside.games.linesbeta.planner import PlannerBot

    state = LinesBetaState("hard", "short", seed=3)
    hinted = PlannerBot(3).decide(state.observation(0))
    assert hinted[2].startswith("plans about ")

    def refused(*_: object) -> float:
        raise AssertionError("valued for words no one reads")

    monkeypatch.setattr(PlannerBot, "trump_value", refused)
    for name in ("planner", "deep"):
        assert make_bot(name, seed=3).choose(state, 0) == hinted[0]


def test_the_race_table_kept_between_positions_is_bounded() -> None:
    """A review of many games values thousands of positions, each with chances of its own:
    the table of races kept between them has a bound, so memory stays flat game to game."""
    from cardside.games.linesbeta.values import _race

    _race.cache_clear()
    size = _race.cache_info().maxsize
    assert size is not None and size <= 1 << 17  # None: no bound at all
    chances = 0
    while _race.cache_info().currsize < size:  # positions until the table is full
        _race(20, 20, 6, round(0.3 + chances / 10_000, 4), 30, 0.5)
        chances += 1
    # Full, it makes room for new positions rather than growing: one more position's
    # whole table is solved and kept.
    _race(20, 20, 6, 0.9999, 30, 0.5)
    assert _race.cache_info().currsize == size
    assert _race.cache_info().misses > size
