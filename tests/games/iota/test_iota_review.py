"""The review of a played IOTA game: the strong bot's estimate from the player's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from cardside.core.record import Seat, Session
from cardside.core.review import run
from cardside.games.iota.bots import make_bot
from cardside.games.iota.notation import format_action
from cardside.games.iota.rules import Pass
from cardside.games.iota.state import IotaState
from cardside.games.iota.values import move_values


def game(seed: int, turns: int, plant: int = 0) -> tuple[Session, list[int]]:
    """The first ``turns`` turns of a game of a strong bot against itself (``strong3``, the
    bot these examples were found with); seat 0 plays its worst valued move at the first
    ``plant`` turns where that gives up over 12%."""
    state = IotaState(2, seed=seed)
    bots = [make_bot("strong3", seed=seed + s) for s in (0, 1)]
    entries: list[dict[str, object]] = []
    planted: list[int] = []
    while (
        not state.is_terminal() and len(entries) < turns and not (plant and len(planted) == plant)
    ):
        seat = state.current_player()
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), seat)
        if seat == 0 and len(planted) < plant:
            v = move_values(state, 0, random.Random(50 + len(entries)))
            worst = min(v.moves, key=lambda m: m.chance)
            if v.best().chance - worst.chance > 0.12:
                action = worst.action  # type: ignore[assignment]
                planted.append(len(entries) + 1)
        entries.append({"type": "action", "seat": seat, "action": format_action(action)})
        state.apply(action)
    session = Session(
        game="iota",
        mode="play",
        name=f"i{seed}",
        seed=seed,
        seats=[Seat("Ann", "human"), Seat("Bot", "bot:strong")],
        entries=entries,
    )
    return session, planted


def test_the_strong_bots_own_turns_are_no_mistake() -> None:
    session, _ = game(4, turns=10)
    review = run("iota", session, [0], depth=1)
    assert review.complete and review.decisions
    assert not {d.label for d in review.decisions} & {"mistake", "blunder"}


def test_planted_worst_turns_are_mistakes_or_blunders() -> None:
    session, planted = game(6, turns=40, plant=2)
    assert len(planted) == 2
    review = run("iota", session, [0], depth=1)
    by_move = {d.judged.number: d for d in review.decisions}
    for number in planted:
        assert by_move[number].label in ("mistake", "blunder")


def test_no_leak_the_same_values_when_only_unseen_cards_differ() -> None:
    state = IotaState(2, seed=9)
    seat = state.current_player()
    assert seat is not None
    twin = state.determinize(seat, random.Random(3))
    other = 1 - seat
    assert twin.snapshot.hands[other] != state.snapshot.hands[other]
    assert move_values(state, seat, random.Random(1)) == move_values(twin, seat, random.Random(1))


def test_a_wild_swapped_and_the_play_after_it_are_one_turn_of_the_sheet_s_round() -> None:
    """Review names a move's round as `sessions show` numbers its rows: each player's turn
    once, a wild swapped and the play after it one turn."""
    from cardside.games.iota.review import round_of
    from cardside.games.iota.rules import Swap

    session, _ = game(0, turns=30)
    actions = [e["action"] for e in session.entries]
    state = IotaState(2, seed=0)
    swaps = []
    for number, text in enumerate(actions, 1):
        seat = state.current_player()
        action = next(a for a in state.legal_actions() if format_action(a) == text)
        if isinstance(action, Swap):
            swaps.append((number, seat))
        state.apply(action)
    assert swaps, "the strong bots of seed 0 swap a wild within 30 moves"
    number, _ = swaps[0]
    assert round_of(session, number + 1) == round_of(session, number)  # the play after it
    assert round_of(session, number) == (number + 1) // 2  # no swap before it: two a round
    # Each swap followed by its play is one turn; a swap as the last move opens its turn.
    joined = [n for n, _ in swaps if n < len(actions)]
    assert round_of(session, len(actions)) == (len(actions) - len(joined) + 1) // 2
    review = run("iota", session, [swaps[0][1]], depth=1)
    wheres = {d.judged.number: d.judged.where for d in review.decisions}
    assert wheres[number + 1] == f"round {(number + 1) // 2}"


def read_grid(lines: Sequence[str]) -> dict[tuple[int, int], str]:
    """The cells of a grid as a position prints it (ascii), read back from its coordinates."""
    xs = [int(x) for x in lines[0].split()]
    seen = {}
    for row in lines[1:-1]:
        y, *cells, again = row.split()
        assert y == again
        for x, cell in zip(xs, cells, strict=True):
            seen[(x, int(y))] = cell
    return seen


def test_a_position_shows_the_grid_round_both_moves_with_the_last_play_starred() -> None:
    from cardside.games.iota.notation import format_card
    from cardside.games.iota.review import GRID_WIDTH, INDENT, at_move, judge
    from cardside.games.iota.rules import Play

    session, _ = game(4, turns=24)
    number = 24  # Ann's 12th turn: 48 cards on the grid, and a better play named
    state = at_move(session, number)
    judged = judge(session, number, 0, 1, ascii=True)
    lines = judged.position
    assert lines[1].endswith("48 cards on the grid")
    assert lines[2] == "the grid within 3 cells of both moves, * the last play:"
    seen = read_grid(lines[3:])
    last = state.snapshot.log[-1].action
    assert isinstance(last, Play)
    played = next(a for a in state.legal_actions() if format_action(a) == judged.played)
    best = next(a for a in state.legal_actions() if format_action(a) == judged.best)
    assert isinstance(played, Play) and isinstance(best, Play) and played != best
    cells = [*played.cells, *best.cells]
    # Every cell within 3 of a cell either move fills (as far as the frame of the grid and the
    # moves' cells), and no other; each card at its cell, the last play starred.
    near = {
        (x, y)
        for x in range(min(c[0] for c in cells) - 3, max(c[0] for c in cells) + 4)
        for y in range(min(c[1] for c in cells) - 3, max(c[1] for c in cells) + 4)
    }
    xs = [x for x, _ in state.grid] + [x for x, _ in cells]
    ys = [y for _, y in state.grid] + [y for _, y in cells]
    near = {
        (x, y)
        for x, y in near
        if min(xs) - 1 <= x <= max(xs) + 1 and min(ys) - 1 <= y <= max(ys) + 1
    }
    assert set(seen) == near
    for cell in near:
        card = state.grid.get(cell)
        shown = "." if card is None else format_card(card) + "*" * (cell in last.cells)
        assert seen[cell] == shown, cell
    assert max(len(line) for line in lines) + INDENT <= GRID_WIDTH
    # The first turn: the whole grid (the starter and its margin), nothing starred.
    first = judge(session, 1, 0, 1, ascii=True).position
    assert first[1].endswith("1 card on the grid") and first[2] == "the grid:"
    assert read_grid(first[3:])[(0, 0)] == format_card(at_move(session, 1).grid[(0, 0)])


def test_a_play_reaching_past_the_cells_beside_the_grid_is_drawn_whole() -> None:
    """A line of cards laid outward from the grid's edge is shown to its last cell and one
    beyond, though the grid's own frame ends one cell out."""
    from cardside.games.iota.review import grid_near
    from cardside.games.iota.rules import Play

    state = IotaState(2, seed=3)
    view = state.observation(0)
    assert set(view.grid) == {(0, 0)}
    far = Play.of([(1, 0, 1), (2, 0, 2), (3, 0, 3)])  # up to 0,3; the frame ends at y=1
    lines = grid_near(view, [far], ascii=True)
    seen = read_grid(lines[1:])
    assert {(0, 1), (0, 2), (0, 3), (0, 4)} <= set(seen)
    assert lines[0] == "the grid:"


def end_of_game(players: int, seed: int) -> tuple[IotaState, int]:
    """A greedy game played on to the first turn, the pile empty, whose player can lay the
    last cards of the hand (ending the game); with the seat to move."""
    state = IotaState(players, seed=seed)
    bots = [make_bot("greedy", seed=seed + s) for s in range(players)]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        if view.pile_size == 0 and any(len(m.play.cards) == len(view.hand) for m in view.moves()):
            return state, seat
        state.apply(bots[seat].choose(view, seat))
    raise AssertionError(f"no game-ending play in seed {seed}")


@pytest.mark.parametrize("players", [2, 3])
def test_a_play_that_ends_the_game_is_valued_at_its_outcome(players: int) -> None:
    """The last card laid: 100% ahead, 0% behind, a tie for first a share of the win."""
    state, seat = end_of_game(players, 5)
    view = state.observation(seat)
    last = max(
        (m for m in view.moves() if len(m.play.cards) == len(view.hand)), key=lambda m: m.score
    )
    after = view.scores[seat] + last.score
    cases = [(after - 1, 1.0), (after + 1, 0.0), (after, 1 / players)]
    for other, chance in cases:
        scores = tuple(view.scores[seat] if i == seat else other for i in range(players))
        valued = move_values(replace(view, scores=scores), seat, random.Random(1), 1, [last.play])
        assert valued.of(last.play).chance == chance, (scores, chance)
    # The game played on gives the same outcome.
    state.apply(last.play)
    outcome = state.outcome()
    assert outcome is not None and state.is_terminal()
    valued = move_values(view, seat, random.Random(1), 1, [last.play])
    won = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    assert valued.of(last.play).chance == won


def test_a_pass_that_ends_the_game_is_valued_at_its_outcome() -> None:
    """Every other player passed with the pile empty: this pass ends the game as it stands."""
    state, seat = end_of_game(2, 5)
    view = replace(state.observation(seat), passes=1)
    for scores, chance in (((10, 5), 1.0), ((5, 10), 0.0), ((7, 7), 0.5)):
        mine = scores if seat == 0 else scores[::-1]
        valued = move_values(replace(view, scores=mine), seat, random.Random(1), 1, [Pass(())])
        assert valued.of(Pass(())).chance == chance, (scores, chance)


def test_a_better_swap_is_named_with_the_play_it_was_valued_with() -> None:
    """A swap scores nothing: its value is the play after it, which the review names and
    whose cells the grid shows."""
    from pathlib import Path

    from cardside.games.iota.review import judge
    from cardside.sessions import store

    example = Path(__file__).parents[3] / "scoresheets" / "iota-played-vs-greedy.toml"
    judged = judge(store.load(example), 27, 0, 1, ascii=True)
    assert judged.best == "swap RC2 1,-6"
    head = judged.why.split(":")[0]
    assert head.startswith("swap RC2 1,-6 (then ") and head.endswith(")")
    follow = head.removeprefix("swap RC2 1,-6 (then ").removesuffix(")")
    cells = [tuple(map(int, w.split(","))) for w in follow.split()[1::2]]
    # The grid in bands: each band's coordinates read on its own.
    seen: dict[tuple[int, int], str] = {}
    lines = [ln.strip() for ln in judged.position[3:]]
    starts = [i for i, ln in enumerate(lines) if ln.startswith("x ")] or [-1]
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        seen |= read_grid([ln for ln in lines[start + 1 : end] if ln])
    assert cells and all(cell in seen for cell in cells)
