"""Line-it bots: legal choices, reasons, and deciding only from what their seat sees."""

from __future__ import annotations

import random

import pytest

from cardside.games.lineit.bots import BOT_NAMES, evaluate, make_bot, plans
from cardside.games.lineit.search import StrongBot
from cardside.games.lineit.state import LineitState


def midgame(seed: int, steps: int = 40, players: int = 3) -> LineitState:
    state = LineitState(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_bot_plays_a_whole_game_legally() -> None:
    for name in BOT_NAMES:
        state = LineitState(2, seed=11)
        bots = [make_bot(name, seed=1, level="easy"), make_bot("random", seed=2)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat), seat))
        assert state.outcome() is not None


def test_strong_decides_the_same_when_only_hidden_cards_differ() -> None:
    for seed in (1, 2, 3):
        state = midgame(seed)
        seat = state.current_player()
        assert seat is not None
        other = state.determinize(seat, random.Random(99))
        assert other.snapshot != state.snapshot  # the hidden cards really differ
        assert other.observation(seat).snapshot == state.observation(seat).snapshot
        a = StrongBot("easy", seed=5).choose(state, seat)
        b = StrongBot("easy", seed=5).choose(other, seat)
        assert a == b


def test_the_heuristic_plans_a_whole_turn_and_says_why() -> None:
    state = midgame(4, steps=0, players=2)
    seat = state.current_player()
    assert seat is not None
    found = plans(state, seat)
    assert found and all(path[0] in state.legal_actions() for _, path in found)
    assert [v for v, _ in found] == sorted((v for v, _ in found), reverse=True)
    hint = make_bot("heuristic", seed=1).hint(state, seat)
    assert hint.action == found[0][1][0]
    assert "room" in hint.reason and not hint.reason.startswith("plan")


def test_the_evaluation_is_zero_sum_between_two_players() -> None:
    state = midgame(5, players=2)
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))


def test_a_won_bet_counts_and_a_line_out_of_room_should_be_scored() -> None:
    from cardside.games.lineit.bots import line_value

    piles = ((), (), (), ())
    # A rising line at 97 has no room: its value is what it scores now plus a new line.
    stuck = line_value((10, 20, 30, 40, 97), 5.0, piles)
    assert stuck == pytest.approx(2 + line_value((), 5.0, piles))
    assert line_value((104, 1, 2, 3, 4), 0.0, piles) == pytest.approx(1 + 4)
    assert line_value((104, 1), 0.0, piles) == pytest.approx(-4)


def test_unknown_bots_and_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown Line-it bot"):
        make_bot("clever")
    with pytest.raises(ValueError, match="unknown level"):
        StrongBot("insane")


def test_every_hint_gives_a_reason_after_its_plan() -> None:
    """A plan that starts by playing from hand or by ending the turn still says why, and a
    count of one card is said as one card."""
    state = LineitState(2, seed=0)
    bot = make_bot("heuristic", seed=0)
    reasons: dict[str, str] = {}
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        hint = bot.hint(state, seat)
        reasons.setdefault(hint.action.kind, hint.reason)
        assert not hint.reason.rstrip().endswith(":"), hint.reason
        assert "1 cards" not in hint.reason
        state.apply(hint.action)
    assert {"play", "done"} <= set(reasons)
    assert " from hand " in reasons["play"]
    assert reasons["done"].startswith("no card from hand helps your line now")


def test_hints_say_the_room_of_a_line_once_and_never_a_placeholder() -> None:
    """A line with no numbers has all its room (never "99 numbers"); the room a bet leaves is
    said once; a bet kept in hand still says the line's room."""
    import re

    bets_in_hand = 0
    for seed in range(6):
        state = LineitState(3, seed=seed)
        bot = make_bot("heuristic", seed=seed)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            hint = bot.hint(state, seat)
            assert "99 numbers" not in hint.reason, hint.reason
            counts = re.findall(r"(\d+) numbers (?:free|of room left)", hint.reason)
            assert len(set(counts)) == len(counts), hint.reason  # each room said once
            line = state.snapshot.lines[seat]
            bet = hint.action.kind == "hand" and hint.action.card > 100
            if bet and any(c <= 100 for c in line):
                bets_in_hand += 1
                assert "numbers of room left" in hint.reason, hint.reason
            state.apply(hint.action)
    assert bets_in_hand


def test_a_plan_that_scores_says_what_that_line_gives() -> None:
    """The reason for a plan that scores names what the line scored by choice gives, bet
    included (never a forced score earlier in the turn), and says it runs out of room only
    when its free numbers are few."""
    import re

    from cardside.games.lineit.bots import CRAMPED, explain, plans, room
    from cardside.games.lineit.state import Scored

    seen: set[str] = set()
    for seed in range(3):
        state = LineitState(3, seed=seed)
        bot = make_bot("heuristic", seed=seed)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            for _, path in plans(state, seat):
                if not any(a.kind == "score" for a in path):
                    continue
                twin = state.clone()
                for action in path:
                    twin.apply(action)
                events = twin.snapshot.log[len(state.snapshot.log) :]
                if any(isinstance(e, Scored) and e.how == "forced" for e in events):
                    seen.add("after a forced score")
                (score,) = [e.score for e in events if isinstance(e, Scored) and e.how == "chosen"]
                reason = explain(state, seat, path)
                assert not re.search(r"\b0 (points|cards)\b", reason), reason
                if score.total or score.points:
                    assert f"scores the line now for {score.total:+d}" in reason, reason
                    seen.add("bet" if score.token else "points")
                else:
                    assert "scores the line now for nothing, to start a new line" in reason
                    seen.add("nothing")
                    assert "runs out of room" not in reason
                    continue
                cramped = room(score.cards) <= CRAMPED
                assert ("before it runs out of room" in reason) == cramped, reason
            state.apply(bot.choose(state, seat))
    assert {"bet", "points", "nothing", "after a forced score"} <= seen, seen


def test_the_end_phase_hint_speaks_of_the_end_not_of_keeping_or_room() -> None:
    from cardside.games.lineit.bots import explain
    from cardside.games.lineit.state import END

    seen = 0
    for seed in range(6):
        state = LineitState(3, seed=seed)
        bot = make_bot("random", seed=seed)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            if state.snapshot.step == END:
                for action in state.legal_actions():
                    why = explain(state, seat, (action,))
                    assert "worth more kept" not in why and "room left" not in why, why
                    seen += 1
            state.apply(bot.choose(state, seat))
    assert seen


def test_a_hint_midway_through_a_turn_goes_on_with_the_plan_it_gave() -> None:
    from cardside.games.lineit.notation import format_action

    followed = 0
    for seed in range(6):
        state = LineitState(2, seed=seed)
        others = [make_bot("random", seed=seed), make_bot("random", seed=seed + 1)]
        adviser = make_bot("strong", seed=seed)
        while not state.is_terminal() and followed < 3:
            seat = state.current_player()
            assert seat is not None
            hint = adviser.hint(state.observation(seat), seat)
            if "(then " not in hint.reason:
                state.apply(others[seat].choose(state.observation(seat), seat))
                continue
            planned = hint.reason.split("(then ", 1)[1].split(")", 1)[0].split(", ")
            state.apply(hint.action)
            for step in planned:
                again = adviser.hint(state.observation(seat), seat)
                assert format_action(again.action) == step, (seed, planned, again)
                state.apply(again.action)
            followed += 1
    assert followed == 3


def test_a_hint_says_a_line_s_room_the_way_it_can_grow() -> None:
    """A line of one number may still rise or fall: its room is said both ways, not as the
    larger alone; a line with a direction says which way its room lies."""
    from cardside.games.lineit.bots import room_text

    assert room_text((12,)) == "numbers of room left: 88 above 12, 11 below"
    assert room_text((103, 12)) == "numbers of room left: 88 above 12, 11 below"
    assert room_text((12, 20, 40)) == "60 numbers of room left above 40"
    assert room_text((80, 60)) == "59 numbers of room left below 60"
