"""Reading the other player's kept cards from its last play (two players)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

from cardside.games.iota import inference
from cardside.games.iota.bots import BOT_NAMES, GreedyBot, StrongBot, StrongBot2, make_bot
from cardside.games.iota.inference import Clue, last_plays, read_hand
from cardside.games.iota.moves import best_move
from cardside.games.iota.notation import parse_action, parse_cards
from cardside.games.iota.rules import WILD, Pass, Play
from cardside.games.iota.state import IotaState, View

from .iota_helpers import dealt, grid_of


def last_play(view: View) -> Clue | None:
    """The clue of the other player's last play, or None."""
    clues = last_plays(view)
    return clues[0] if clues else None


def two_turns() -> IotaState:
    """Seat 1 makes its best play, YC1 RT4 BS2 for 15, after seat 0's GT1 and keeps GC1."""
    state = dealt(["GT1 RS3 BX4 YT2", "YC1 GC1 BS2 RT4"], "RC1", "YS3 BC4 GS4 RX2 BT3 YX4")
    state.apply(parse_action("GT1 1,0"))
    state.apply(parse_action("YC1 -1,-1 RT4 0,-1 BS2 1,-1"))
    return state


def test_the_last_play_is_read_from_the_grid_before_it() -> None:
    state = two_turns()
    clue = last_play(state.observation(0))
    assert clue is not None
    assert clue.grid == grid_of("RC1 0,0 GT1 1,0")
    assert sorted(clue.played) == sorted(parse_cards("YC1 RT4 BS2"))
    assert clue.score == state.snapshot.log[-1].score == 15
    assert clue.kept == 1  # GC1 kept, three cards drawn after the play


def test_nothing_to_read_after_a_pass_at_four_players_or_with_the_pile_empty() -> None:
    state = dealt(["GT1 RS3 BX4 YT2", "YC1 GC1 BS2 RT4"], "RC1", "YS3 BC4 GS4 RX2 BT3 YX4")
    state.apply(parse_action("GT1 1,0"))
    state.apply(Pass(tuple(state.snapshot.hands[1][:2])))
    assert last_play(state.observation(0)) is None
    seen = last_play(state.observation(1))  # its own pass passed over, GT1 read
    assert seen is not None and seen.played == tuple(parse_cards("GT1")) and seen.kept == 3
    assert last_play(IotaState(4, seed=1).observation(0)) is None
    played = two_turns().observation(0)
    assert last_play(replace(played, pile_size=0)) is None  # the other hand is known then


def test_a_recycled_wild_of_ones_own_this_turn_is_put_back() -> None:
    state = dealt(["GT1 RS3 BX4 YT2", "W GC1 BS2 RT4"], "RC1", "YS3 BC4 GS4 RX2 BT3 YX4")
    state.apply(parse_action("GT1 1,0"))
    state.apply(parse_action("W 0,1"))
    view = state.observation(0)
    swaps = view.swaps()
    assert swaps, "GT1's hand cannot take the wild back"
    state.apply(swaps[0])
    clue = last_play(state.observation(0))
    assert clue is not None
    assert clue.grid == grid_of("RC1 0,0 GT1 1,0")
    assert clue.played == (WILD,)


@pytest.mark.parametrize("seed", range(12))
def test_kept_cards_that_would_have_scored_more_are_turned_down(seed: int) -> None:
    """From a real greedy turn: a consistent set exists (the one really kept), and with no
    doubt every hand read keeps cards that make no better play with the cards played."""
    rng = random.Random(seed)
    state = IotaState(2, seed=seed)
    for _ in range(rng.randrange(2, 12)):
        seat = state.current_player()
        assert seat is not None
        state.apply(GreedyBot(seed).choose(state.observation(seat), seat))
    grid = dict(state.grid)
    pool = [c for c in range(64) if c not in grid.values()]
    hand = rng.sample(pool, 4)
    move = best_move(grid, hand)
    assert move is not None
    played = tuple(card for card, _, _ in move.play.cards)
    assert len(played) < 4, "a play of the whole hand keeps nothing to read"
    clue = Clue(grid, played, move.score, 4 - len(played))
    unseen = [c for c in pool if c not in played]
    counts: Counter[bool] = Counter()
    for _ in range(20):
        read = read_hand(unseen, 4, clue, rng, doubt=0.0, tries=400)
        assert len(read) == 4 and not Counter(read) - Counter(unseen)
        kept = read[: clue.kept]
        counts[best_move(grid, [*kept, *played], above=move.score) is None] += 1
    assert counts[True] == 20


def test_doubt_one_takes_the_first_draw_whatever_it_says() -> None:
    clue = Clue(grid_of("RC1 0,0"), tuple(parse_cards("GC1")), 0, 3)
    pool = list(range(64))
    a = read_hand(pool, 4, clue, random.Random(3), doubt=1.0)
    b = random.Random(3).sample(pool, 3)
    assert a[:3] == b and len(set(a)) == 4


def test_the_strong_bot_deals_every_unseen_card_once_and_reads_the_clue() -> None:
    state = two_turns()
    view = state.observation(0)
    bot = StrongBot(5)
    deals = bot._duel_deal(view, 8)
    assert len(deals) == 8
    for hand, pile in deals:
        assert len(hand) == 4 and len(pile) == view.pile_size
        assert sorted(hand + pile) == sorted(view.unseen)
    # The hands read keep no card that scores more than 15 with the cards played.
    clue = last_play(view)
    assert clue is not None
    better = [best_move(clue.grid, [*h[:1], *clue.played], above=15) for h, _ in deals]
    assert better.count(None) >= 7
    assert isinstance(bot.choose(view, 0), (Play, Pass))


def four_turns() -> tuple[IotaState, dict]:
    """``two_turns`` and one more turn each, seat 1 greedy again: the state, and the grid
    before seat 1's second play."""
    state = two_turns()
    state.apply(GreedyBot(1).choose(state.observation(0), 0))
    before = dict(state.grid)
    state.apply(GreedyBot(2).choose(state.observation(1), 1))
    return state, before


def test_two_plays_are_read_each_from_the_grid_before_it() -> None:
    state, before = four_turns()
    view = state.observation(0)
    latest, earlier = last_plays(view, 2)
    assert latest == last_play(view)
    assert latest.grid == before and latest.score == state.snapshot.log[-1].score
    assert earlier.grid == grid_of("RC1 0,0 GT1 1,0")  # seat 0's own play in between undone
    assert sorted(earlier.played) == sorted(parse_cards("YC1 RT4 BS2")) and earlier.kept == 1
    assert len(last_plays(view, 5)) == 2  # seat 0's first turn came before any of seat 1's
    assert last_plays(view, 0) == ()


def test_reading_two_plays_checks_the_cards_held_at_the_one_before() -> None:
    """With no doubt, a hand read from two clues keeps cards that pass the latest clue, and
    some split of the hand held then passes the earlier one (the true hand does)."""
    state, _ = four_turns()
    view = state.observation(0)
    clues = last_plays(view, 2)
    rng = random.Random(7)
    for _ in range(10):
        hand = read_hand(view.unseen, 4, clues, rng, doubt=0.0, tries=400)
        kept = hand[: clues[0].kept]
        assert best_move(clues[0].grid, [*kept, *clues[0].played], above=clues[0].score) is None
        held = [*kept, *clues[0].played]
        splits = itertools.combinations(held, clues[1].kept)
        assert any(
            best_move(clues[1].grid, [*old, *clues[1].played], above=clues[1].score) is None
            for old in splits
        )


def test_each_try_checks_a_split_of_the_hand_held_at_the_earlier_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The earlier clue is asked about ``kept`` cards of the hand held at the latest play
    (its kept cards and the cards it played), and its refusal turns the hand down."""
    latest = Clue(grid_of("RC1 0,0"), (1, 2), 10, 2)
    earlier = Clue(grid_of("RC1 0,0"), (3,), 5, 3)
    asked: list[tuple[Clue, list[int]]] = []

    def refuse_earlier(clue: Clue, kept: list[int]) -> bool:
        asked.append((clue, list(kept)))
        return clue is earlier

    monkeypatch.setattr(inference, "_better", refuse_earlier)
    pool = list(range(10, 40))
    read_hand(pool, 4, (latest, earlier), random.Random(1), doubt=0.0, tries=6)
    assert [clue for clue, _ in asked] == [latest, earlier] * 6
    for (_, kept), (_, old) in zip(asked[::2], asked[1::2]):
        assert len(old) == 3 and set(old) <= {*kept, 1, 2}
    asked.clear()
    read_hand(pool, 4, (latest, earlier), random.Random(1), doubt=1.0, tries=6)
    assert len(asked) == 2  # with full doubt the first hand stands


def test_strong2_deals_the_opponents_hand_uniformly_as_before() -> None:
    view = two_turns().observation(0)
    assert isinstance(make_bot("strong2"), StrongBot2) and "strong2" in BOT_NAMES
    rng = random.Random(5)
    pool = list(view.unseen)
    uniform = []
    for _ in range(8):
        rng.shuffle(pool)
        uniform.append((tuple(pool[:4]), tuple(pool[4:])))
    assert StrongBot2(5)._duel_deal(view, 8) == uniform
    assert StrongBot(5)._duel_deal(view, 8) != uniform
