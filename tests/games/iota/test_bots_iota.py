"""IOTA bots decide from what their seat sees; greedy takes the best score; strong looks ahead."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from cardside.games.iota.bots import (
    BOT_NAMES,
    GreedyBot,
    RandomBot,
    StrongBot,
    StrongBot1,
    StrongBot3,
    make_bot,
)
from cardside.games.iota.moves import legal_moves
from cardside.games.iota.notation import parse_cards
from cardside.games.iota.rules import DECK, WILD, Pass, Play, Swap
from cardside.games.iota.simulate import play_game, seating, simulate
from cardside.games.iota.state import IotaState

from .iota_helpers import dealt, grid_of


def test_greedy_takes_the_highest_score_this_turn() -> None:
    state = IotaState(2, seed=8)
    for _ in range(6):
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        action = GreedyBot(1).choose(view, seat)
        moves = view.moves()
        if moves:
            assert isinstance(action, Play)
            chosen = next(m for m in moves if m.play == action)
            assert chosen.score == max(m.score for m in moves)
        state.apply(action)


def test_with_no_play_greedy_passes_keeping_its_wilds() -> None:
    # The hand of a real game's position with no legal play (see test_moves), plus a wild.
    state = IotaState(2, seed=72)
    view = state.observation(0)
    hand = tuple(sorted(parse_cards("RC4 RS2 YS1") + [WILD]))
    stuck = replace(view, grid={(0, 0): WILD}, hand=hand)
    stuck_moves = stuck.moves()
    assert stuck_moves  # next to a lone wild anything goes; now a closed grid:
    grid = dict(
        zip(
            [(0, 0), (0, -1), (1, -1), (2, -1), (1, -2), (1, 0), (2, -2)],
            parse_cards("YT2 RC3 YT4 BX1 YT1") + [WILD] + parse_cards("RX4"),
        )
    )
    closed = replace(view, grid=grid, hand=tuple(sorted(parse_cards("RC4 RS2 YS1 BT1"))))
    assert closed.moves() == []
    action = GreedyBot(1).choose(closed, 0)
    assert action == Pass(tuple(sorted(parse_cards("RC4 RS2 YS1 BT1"))))


def test_bots_see_only_their_seat() -> None:
    state = IotaState(3, seed=5)
    seat = state.current_player()
    assert seat is not None
    twin = state.determinize(seat, random.Random(9))
    assert twin.observation(seat) == state.observation(seat)
    assert twin.snapshot.hands != state.snapshot.hands or twin.snapshot.pile != state.snapshot.pile
    for name in BOT_NAMES:
        a = make_bot(name, seed=3).choose(state.observation(seat), seat)
        b = make_bot(name, seed=3).choose(twin.observation(seat), seat)
        assert a == b, name


def test_determinize_keeps_what_the_seat_knows() -> None:
    state = dealt(["RC2 YC3 GC4 BC4", "GS1 BS1 RS1 YS1"], "RC1", top="RT1 RT2")
    state.apply(Pass(tuple(sorted(parse_cards("RC2 YC3")))))  # seat 0 puts two at the bottom
    twin = state.determinize(0, random.Random(1))
    s, t = state.snapshot, twin.snapshot
    assert t.hands[0] == s.hands[0] and t.grid == s.grid and t.scores == s.scores
    assert t.pile[-2:] == s.pile[-2:] and len(t.pile) == len(s.pile)
    held = [*t.grid.values(), *(c for h in t.hands for c in h), *t.pile]
    assert Counter(held) == Counter(DECK)
    assert twin.legal_actions()  # a playable state


def test_strong_plays_legally_with_a_reason() -> None:
    state = IotaState(2, seed=3)
    bots = [StrongBot(1), GreedyBot(2)]
    for _ in range(10):
        seat = state.current_player()
        assert seat is not None
        hint = bots[seat].hint(state.observation(seat), seat) if seat == 0 else None
        action = hint.action if hint else bots[seat].choose(state.observation(seat), seat)
        assert state.is_legal(action)
        if hint is not None:
            assert hint.reason
        state.apply(action)


def test_strong_recycles_a_wild_it_can_take_back() -> None:
    # Seat 0 holds RC2 YC2 GC3 BX4 with the wild at 1,0 next to the starter RC1: taking the
    # wild back (for RC2 or YC2) costs nothing and puts a wild in hand for a later lot.
    state = dealt(["W YC2 GC3 BX4", "RS1 YS1 GS1 BS1"], "RC1", top="RC2")
    state.apply(Play.of([(WILD, 1, 0)]))
    state.apply(Pass())
    action = StrongBot(0).choose(state.observation(0), 0)
    assert isinstance(action, Swap) and (action.x, action.y) == (1, 0)
    assert action.card in parse_cards("RC2 YC2")
    state.apply(action)
    after = StrongBot(0).choose(state.observation(0), 0)
    assert isinstance(after, Play) and state.is_legal(after)


def test_bots_refuse_a_seat_that_is_not_to_move() -> None:
    state = IotaState(2, seed=1)
    seat = state.current_player()
    assert seat is not None
    other = 1 - seat
    for bot in (RandomBot(), GreedyBot(), StrongBot()):
        with pytest.raises(ValueError):
            bot.choose(state.observation(other), other)
    with pytest.raises(ValueError):
        make_bot("clever")


def test_simulation_is_the_same_game_by_game_and_with_workers() -> None:
    assert seating(0, 3) == [0, 1, 2] and seating(1, 3) == [2, 0, 1]
    one = play_game(("greedy", "random"), 4, 3)
    assert one == play_game(("greedy", "random"), 4, 3)
    serial = simulate(4, ["greedy", "random"], seed=4)
    parallel = simulate(4, ["greedy", "random"], seed=4, jobs=2)
    assert serial == parallel
    assert sum(serial.wins) == 4


def test_strong_gives_up_two_points_rather_than_open_a_line_to_the_next_player() -> None:
    # The next player's four cards are the only ones strong has not seen, so its samples of
    # their hand are exact. Greedy's best play (14) leaves them a play worth 20; strong takes
    # 12 with a play after which they have nothing that scores.
    grid = grid_of("RS4 -2,-1 GX2 -2,0 GT3 -1,-1 RT4 -1,0 YC3 0,0")
    hand = tuple(sorted(parse_cards("YX1 GT1 BC4 BX3")))
    them = tuple(sorted(parse_cards("RC1 RS2 RT2 GC2")))
    base = dealt(["YX1 GT1 BC4 BX3", "RC1 RS2 RT2 GC2"], "YC3").observation(0)
    view = replace(base, grid=grid, hand=hand, unseen=them, pile_size=53)

    def reply(play: Play) -> int:
        after = dict(grid)
        for card, x, y in play.cards:
            after[(x, y)] = card
        return max((m.score for m in legal_moves(after, them)), default=0)

    scores = {m.play: m.score for m in view.moves()}
    greedy = GreedyBot(0).choose(view, 0)
    assert isinstance(greedy, Play) and scores[greedy] == 14 and reply(greedy) == 20
    for seed in range(5):
        # strong3 leaves them nothing; strong, which weighs its own next turn more, keeps
        # two cards for it and leaves them 9: both give up the 20.
        before = StrongBot3(seed).choose(view, 0)
        assert isinstance(before, Play)
        assert scores[before] == 12 and reply(before) == 0
        strong = StrongBot(seed).choose(view, 0)
        assert isinstance(strong, Play)
        assert scores[strong] == 12 and reply(strong) == 9 and len(strong.cards) == 2


def test_strong_judges_every_candidate_on_the_same_samples() -> None:
    # The unseen cards are dealt once a decision, so a candidate's estimate does not depend
    # on which candidates were looked at before it: the best estimate is the same whatever
    # order the plays are listed in.
    state = IotaState(2, seed=11)
    bots = [GreedyBot(1), GreedyBot(2)]
    checked = 0
    while not state.is_terminal() and checked < 6:
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        moves = view.moves()
        if len(moves) > 3 and view.pile_size:
            first, second = StrongBot(7), StrongBot(7)
            _, a, _ = first._best(view, view.grid, view.hand, moves, first._deal(view))
            _, b, _ = second._best(view, view.grid, view.hand, moves[::-1], second._deal(view))
            assert a == pytest.approx(b)
            checked += 1
        state.apply(bots[seat].choose(view, seat))
    assert checked == 6


def test_strong_weighs_the_best_play_of_every_set_of_cards_it_could_keep() -> None:
    state = IotaState(3, seed=4)
    bots = [GreedyBot(1), GreedyBot(2), GreedyBot(3)]
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        moves = view.moves()
        if moves:
            shortlist = StrongBot(0)._shortlist(moves)
            assert len({id(m) for m in shortlist}) == len(shortlist)  # each play once
            top = sorted((m.score for m in moves), reverse=True)[: StrongBot.CANDIDATES]
            assert sorted((m.score for m in shortlist), reverse=True)[: len(top)] == top
            best_of_set: dict[tuple[int, ...], int] = {}
            for m in moves:
                cards = tuple(sorted(c for c, _, _ in m.play.cards))
                best_of_set[cards] = max(best_of_set.get(cards, -1), m.score)
            weighed = {}
            for m in shortlist:
                cards = tuple(sorted(c for c, _, _ in m.play.cards))
                weighed[cards] = max(weighed.get(cards, -1), m.score)
            assert weighed == best_of_set
            checked += 1
        state.apply(bots[seat].choose(view, seat))
    assert checked > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strong_samples_the_next_hand_and_its_draws_from_unseen_cards(players: int) -> None:
    state = IotaState(players, seed=5)
    seat = state.current_player()
    assert seat is not None
    view = state.observation(seat)
    samples = StrongBot(3)._deal(view)
    unseen = Counter(view.unseen)
    assert len(samples.replies) == StrongBot.REPLIES
    for hand in samples.replies:
        assert len(hand) == view.hand_sizes[(seat + 1) % players]
        assert not Counter(hand) - unseen  # only cards this seat cannot see
    assert len(samples.draws) == StrongBot.OWN
    for order in samples.draws:
        assert Counter(order) == unseen


def test_strong1_is_the_strong_bot_before_it_played_two_player_games_differently() -> None:
    assert "strong1" in BOT_NAMES and isinstance(make_bot("strong1"), StrongBot1)
    state = IotaState(3, seed=6)
    for _ in range(12):
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        action = StrongBot(seed=4).choose(view, seat)
        assert action == StrongBot1(seed=4).choose(view, seat)  # the same beyond two players
        state.apply(action)


def test_with_one_opponent_strong_deals_its_hand_and_the_pile_from_the_unseen_cards() -> None:
    state = IotaState(2, seed=5)
    seat = state.current_player()
    assert seat is not None
    view = state.observation(seat)
    deals = StrongBot(3)._duel_deal(view, 6)
    assert len(deals) == 6
    for theirs, pile in deals:
        assert len(theirs) == view.hand_sizes[1 - seat] and len(pile) == view.pile_size
        assert Counter(theirs) + Counter(pile) == Counter(view.unseen)


def test_with_the_pile_empty_strong_takes_a_last_card_that_wins() -> None:
    checked = 0
    for seed in range(12):
        state = IotaState(2, seed=seed)
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            view = state.observation(seat)
            margin = view.scores[seat] - view.scores[1 - seat]
            winning = [
                m
                for m in view.moves()
                if len(m.play.cards) == len(view.hand) and margin + m.score > 0
            ]
            if view.pile_size == 0 and winning:
                action = StrongBot(seed).choose(view, seat)
                assert isinstance(action, Play) and len(action.cards) == len(view.hand)
                assert margin + next(m.score for m in view.moves() if m.play == action) > 0
                checked += 1
            state.apply(bots[seat].choose(view, seat))
    assert checked >= 3


def test_the_best_turn_takes_a_wild_back_first_where_that_scores_more() -> None:
    """A wild on the grid can be swapped back and played again the same turn: the opponent's
    reply the strong bot fears is the best such turn, not only the best play of the hand."""
    from cardside.games.iota.bots import best_turn
    from cardside.games.iota.moves import best_move
    from cardside.games.iota.notation import parse_card

    grid = {(0, 0): parse_card("RC1"), (1, 0): WILD}
    hand = tuple(sorted(parse_card(c) for c in ("RC2", "RC3", "RC4", "GX1")))
    plain = best_move(grid, hand, pile_empty=False)
    move, after, held = best_turn(grid, hand, False)
    assert plain is not None and move is not None and move.score > plain.score
    assert after[(1, 0)] != WILD and WILD in held and WILD in [c for c, _, _ in move.play.cards]
    assert sorted(held) == sorted([*without_one(hand, after[(1, 0)]), WILD])
    # No wild on the grid: the best play itself.
    alone = {(0, 0): parse_card("RC1")}
    assert best_turn(alone, hand, False)[0] == best_move(alone, hand, pile_empty=False)


def without_one(hand: tuple[int, ...], card: int) -> list[int]:
    left = list(hand)
    left.remove(card)
    return left


#: A game of seed 7 against strong4, each line the hint strong4 gave: at its end the pile is
#: empty, and the hint then was RX2 1,-6 YX1 2,-6 W 3,-6, which leaves a wild the opponent
#: takes back (for BX4) to lay a lot of 432 and win.
TRAP = [
    "swap YT2 0,0", "GC2 -1,-1 BT4 0,-1", "GX4 -2,0 BS1 -2,1", "GC4 1,-2",
    "BS4 -3,1 BC3 -3,2", "BT3 -5,3 RC1 -5,4", "YS3 -7,5 YC1 -7,6", "RX1 -8,5 GT1 -8,6",
    "swap RT1 0,2", "W 0,-3 W 1,-3 GS3 2,-3 BX1 3,-3", "RX4 -9,3 YS4 -9,4 BC4 -9,5",
    "RT2 -12,2 YX4 -11,2 BS3 -10,2", "RC2 -12,1 YS2 -11,1", "swap RC4 0,-3",
    "BX3 3,-5 RS2 4,-5", "BT2 -13,1 GC1 -13,2", "RC3 -11,4",
]  # fmt: skip


def test_strong_leaves_no_wild_the_opponent_takes_back_for_the_game(
    runner: Any, data_dir: Any
) -> None:
    from cardside.cli.main import main
    from cardside.games.iota.bots import best_turn, make_bot
    from cardside.games.iota.notation import parse_action
    from cardside.games.iota.sheet import replay_state
    from cardside.sessions import store

    script = "\n".join([*TRAP, "quit"]) + "\n"
    args = ["iota", "play", "--seed", "7", "--bot", "strong4", "--session", "trap"]
    result = runner.invoke(main, args, input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "(type help)" not in result.output  # every line was a legal turn
    state = replay_state(store.load(store.sessions_dir(data_dir) / "trap.toml"))
    seat = state.current_player()
    assert seat == 0 and state.observation(0).pile_size == 0
    theirs = tuple(state.observation(1).hand)

    def reply_after(action: Any) -> int:
        after = state.clone()
        after.apply(action)
        move = best_turn(after.observation(1).grid, theirs, True)[0]
        return 0 if move is None else move.score

    view = state.observation(0)
    old = make_bot("strong4", seed=0).choose(view, 0)
    assert old == parse_action("RX2 1,-6 YX1 2,-6 W 3,-6")
    assert reply_after(old) == 432  # the wild taken back for BX4, and a lot
    new = make_bot("strong", seed=0).choose(view, 0)
    assert reply_after(new) < 432 // 2


def test_the_hint_says_the_next_players_likely_score_not_its_weight() -> None:
    """With 4 players the bot counts the next player's gain at 0.6 (one rival of three), but the
    hint says what that player could make: the mean of its best replies over the samples."""
    from cardside.games.iota.bots import StrongBot, top_score
    from cardside.games.iota.state import IotaState

    state = IotaState(4, seed=1)
    greedy = GreedyBot(seed=1)
    for _ in range(6):
        seat = state.current_player()
        assert seat is not None
        state.apply(greedy.choose(state.observation(seat), seat))
    seat = state.current_player()
    assert seat is not None
    view = state.observation(seat)
    hint = StrongBot(seed=3).hint(view, seat)
    assert isinstance(hint.action, Play)
    bot = StrongBot(seed=3)
    samples = bot._deal(view)
    grid = dict(view.grid)
    for card, x, y in hint.action.cards:
        grid[(x, y)] = card
    mean = sum(top_score(grid, h, False) for h in samples.replies) / len(samples.replies)
    assert f"the next player could make about {mean:.0f} after it" in hint.reason


def test_a_swap_hint_names_the_play_it_makes_possible() -> None:
    """A swap scores nothing: its hint names the play after it, with that play's own figures."""
    from cardside.games.iota.bots import _swap_reason
    from cardside.games.iota.notation import parse_action

    then = parse_action("W 1,2 GT3 2,2")
    said = _swap_reason(then, "scores 30; the other player could make about 12 after it")
    assert said == (
        "swap for the wild, then W 1,2 GT3 2,2: scores 30; the other player could make about 12 "
        "after it"
    )


def test_a_reply_taking_a_wild_back_is_feared_of_an_opponent_seen_doing_it() -> None:
    """An opponent model learned from play: one that has taken a wild back in this game may do
    it again; one that never has (greedy never does) is not played against as if it might."""
    from cardside.games.iota.bots import StrongBot, swapped_before
    from cardside.games.iota.state import IotaState, Turn

    view = IotaState(2, seed=3).observation(0)
    assert not swapped_before(view) and StrongBot()._swap_level(view) == 0
    theirs = Turn(1, Swap(parse_cards("RC2")[0], 1, 0))
    seen = replace(view, log=(*view.log, theirs))
    assert swapped_before(seen) and StrongBot()._swap_level(seen) == StrongBot.REPLY_SWAPS > 0
    mine = replace(view, log=(*view.log, Turn(0, Swap(parse_cards("RC2")[0], 1, 0))))
    assert not swapped_before(mine)  # its own swaps say nothing of the opponent
