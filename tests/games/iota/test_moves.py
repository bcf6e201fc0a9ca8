"""The move generator against a brute-force check, and properties of whole games."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.iota import placement
from cardside.games.iota.moves import best_move, legal_moves
from cardside.games.iota.notation import parse_cards
from cardside.games.iota.rules import DECK, WILD, Play, quick_fault
from cardside.games.iota.state import IotaState

from .iota_helpers import grid_of


def brute_force(grid: dict, hand: list[int], pile_empty: bool) -> dict[Play, int]:
    """Every play found by asking the placement check about every cell set and card order."""
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    window_x = range(min(xs) - 4, max(xs) + 5)
    window_y = range(min(ys) - 4, max(ys) + 5)
    lines = [[(x, y) for x in window_x] for y in window_y]
    lines += [[(x, y) for y in window_y] for x in window_x]
    found: dict[Play, int] = {}
    for k in range(1, len(hand) + 1):
        orders = set(itertools.permutations(hand, k))
        for line in lines:
            free = [c for c in line if c not in grid]
            for cells in itertools.combinations(free, k):
                span = max(abs(cells[-1][0] - cells[0][0]), abs(cells[-1][1] - cells[0][1]))
                if span > 3:
                    continue  # no line may be longer than 4, so no play spans more
                for order in orders:
                    placed = [(c, x, y) for c, (x, y) in zip(order, cells)]
                    result = placement.check(grid, placed)
                    if isinstance(result, placement.Scored):
                        final = pile_empty and k == len(hand)
                        found[Play.of(placed)] = result.score(final)
    return found


def generated(grid: dict, hand: list[int], pile_empty: bool) -> dict[Play, int]:
    moves = legal_moves(grid, hand, pile_empty=pile_empty)
    out = {m.play: m.score for m in moves}
    assert len(out) == len(moves), "a play is listed twice"
    return out


def random_position(seed: int, turns: int) -> IotaState:
    state = IotaState(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if state.is_terminal():
            break
        moves = state.moves()
        state.apply(rng.choice(moves).play if moves else state.legal_actions()[-1])
    return state


def position_and_hand(seed: int, turns: int, size: int, wilds: int) -> tuple[dict, list[int]]:
    """The grid after ``turns`` random turns, and a hand of up to ``size`` cards not on it,
    the first ``wilds`` of them wild."""
    grid = dict(random_position(seed, turns).grid)
    rng = random.Random(seed)
    pool = [c for c in range(64) if c not in grid.values()]
    hand = rng.sample(pool, min(size, len(pool)))
    for i in range(min(wilds, len(hand))):
        hand[i] = WILD
    return grid, hand


def positions(turns: int, size: int) -> st.SearchStrategy[tuple[dict, list[int]]]:
    """Grids after up to ``turns`` random turns with hands of 1 to ``size`` cards (up to two
    wild)."""
    return st.builds(
        position_and_hand,
        st.integers(0, 10_000),
        st.integers(0, turns),
        st.integers(1, size),
        st.integers(0, 2),
    )


@settings(max_examples=25, deadline=None)
@given(position=positions(turns=6, size=3), pile_empty=st.booleans())
def test_generator_equals_brute_force_on_small_positions(
    position: tuple[dict, list[int]], pile_empty: bool
) -> None:
    grid, hand = position
    assert generated(grid, hand, pile_empty) == brute_force(grid, hand, pile_empty)


def first_best(grid: dict, hand: list[int], pile_empty: bool) -> object:
    moves = legal_moves(grid, hand, pile_empty=pile_empty)
    return max(moves, key=lambda m: m.score) if moves else None


@settings(max_examples=60, deadline=None)
@given(position=positions(turns=30, size=4), pile_empty=st.booleans())
def test_best_move_is_the_first_of_the_best_plays(
    position: tuple[dict, list[int]], pile_empty: bool
) -> None:
    """The bots' shortcut to the best play skips sets that cannot score more; it must find
    exactly the play that the full list's first best is, ties and doublings included."""
    grid, hand = position
    assert best_move(grid, hand, pile_empty=pile_empty) == first_best(grid, hand, pile_empty)


@settings(max_examples=40, deadline=None)
@given(position=positions(turns=30, size=4), above=st.integers(-1, 120))
def test_best_move_above_a_score_finds_only_better_plays(
    position: tuple[dict, list[int]], above: int
) -> None:
    """Asked only for a play scoring more than ``above``: the best play when it does, else
    none."""
    grid, hand = position
    best = first_best(grid, hand, False)
    found = best_move(grid, hand, above=above)
    if best is None or best.score <= above:
        assert found is None
    else:
        assert found == best


def test_best_move_of_a_lot_of_four_and_of_no_play() -> None:
    grid = grid_of("RC1 0,0")
    hand = parse_cards("YC1 YC2 YC3 YC4")
    best = best_move(grid, hand)
    assert best is not None and best.score == (10 + 5) * 2 * 2 and best.lots == 1
    assert best == first_best(grid, hand, False)
    stuck = grid_of("YT2 0,0 RC3 0,-1 YT4 1,-1 BX1 2,-1 YT1 1,-2 W 1,0 RX4 2,-2")
    assert best_move(stuck, parse_cards("RC4 RS2 YS1 BT1")) is None
    assert best_move(grid, []) is None
    assert best_move(grid, hand, above=best.score - 1) == best
    assert best_move(grid, hand, above=best.score) is None


def test_generator_with_wilds_on_the_grid_and_in_hand() -> None:
    grid = grid_of("RC1 0,0 W 1,0 YS2 1,1 W 0,-1 GT3 -1,-1")
    for hand in ([WILD, 5, 22], [3, 40, 61], [WILD, WILD]):
        assert generated(grid, hand, False) == brute_force(grid, hand, False)


def test_generator_equals_brute_force_for_a_hand_of_four() -> None:
    """A row of four may touch the grid only at its far end, as YC4 does above the starter."""
    grid = grid_of("RC1 0,0")
    hand = parse_cards("YC1 YC2 YC3 YC4")
    found = generated(grid, hand, False)
    assert found == brute_force(grid, hand, False)
    row = Play.of([(card, x, 1) for card, x in zip(hand, range(-3, 1))])
    assert found[row] == (10 + 5) * 2 * 2


def test_a_hand_with_no_legal_play_gets_an_empty_list() -> None:
    # From a real game: the wild at 1,0 must be a yellow triangle 2 or 3 for its column, which
    # leaves nothing in this hand a place next to the grid.
    grid = grid_of("YT2 0,0 RC3 0,-1 YT4 1,-1 BX1 2,-1 YT1 1,-2 W 1,0 RX4 2,-2")
    hand = parse_cards("RC4 RS2 YS1 BT1")
    assert generated(grid, hand, False) == {}
    assert brute_force(grid, hand[:2], False) == {}
    assert generated(grid, [], False) == {}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_whole_games_keep_every_invariant(seed: int, players: int) -> None:
    state = IotaState(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        state.apply(rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(actions))
        s = state.snapshot
        # The 66 cards are all somewhere, once.
        held = [*s.grid.values(), *(c for h in s.hands for c in h), *s.pile]
        assert Counter(held) == Counter(DECK)
        # Every line on the grid is valid and at most 4 long; every wild can stand for a card.
        assert placement.grid_fault(s.grid) is None
        assert all(len(h) <= 4 for h in s.hands)
        turn = s.log[-1]
        if turn.scored is not None:
            doublings = turn.scored.lots + turn.scored.all4 + turn.final
            total = sum(ln.value for ln in turn.scored.lines)
            assert turn.score == total * 2**doublings
            # Quick scoring takes every turn a game can make.
            values = [ln.value for ln in turn.scored.lines]
            assert quick_fault(values, turn.scored.lots, turn.scored.all4) is None
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == state.scores
    assert all(state.scores[w] == max(state.scores) for w in outcome.winners)


def test_generator_equals_brute_force_next_to_wilds_from_real_games() -> None:
    checked = 0
    for seed in range(400):
        state = random_position(seed, 8)
        grid = dict(state.grid)
        if WILD not in grid.values():
            continue
        hand = list(state.snapshot.hands[state.snapshot.turn][:2])
        assert generated(grid, hand, False) == brute_force(grid, hand, False), seed
        checked += 1
        if checked == 6:
            break
    assert checked == 6
