"""The review of a played Line-it game: the strong bot's play-on from the player's view."""

from __future__ import annotations

import random

import pytest

from cardside.core.record import Seat, Session
from cardside.core.review import run
from cardside.games.lineit.bots import make_bot
from cardside.games.lineit.notation import DONE, format_action
from cardside.games.lineit.state import LineitState
from cardside.games.lineit.values import move_values


def game(seed: int, turns: int, plant: int = 0) -> tuple[Session, list[int]]:
    """The first ``turns`` turns of a game of the strong bot against itself; seat 0 plays
    its worst valued move at the first ``plant`` turns where that gives up over 20%."""
    state = LineitState(2, seed=seed)
    bots = [make_bot("strong", seed=seed + s) for s in (0, 1)]
    entries: list[dict[str, object]] = []
    planted: list[int] = []
    while (
        not state.is_terminal() and len(entries) < turns and not (plant and len(planted) == plant)
    ):
        seat = state.current_player()
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), seat)
        if seat == 0 and len(planted) < plant and len(state.legal_actions()) > 1:
            v = move_values(state, 0, random.Random(50 + len(entries)))
            worst = min(v.moves, key=lambda m: m.chance)
            if v.best().chance - worst.chance > 0.2:
                action = worst.action  # type: ignore[assignment]
                planted.append(len(entries) + 1)
        entries.append({"type": "action", "seat": seat, "action": format_action(action)})
        state.apply(action)
    session = Session(
        game="lineit",
        mode="play",
        name=f"l{seed}",
        seed=seed,
        seats=[Seat("Ann", "human"), Seat("Bot", "bot:strong")],
        entries=entries,
    )
    return session, planted


def test_the_strong_bots_own_turns_are_no_mistake() -> None:
    session, _ = game(4, turns=10)
    review = run("lineit", session, [0], depth=1)
    assert review.complete and review.decisions
    assert not {d.label for d in review.decisions} & {"mistake", "blunder"}


def test_planted_worst_turns_are_mistakes_or_blunders() -> None:
    session, planted = game(6, turns=40, plant=2)
    assert len(planted) == 2
    review = run("lineit", session, [0], depth=1)
    by_move = {d.judged.number: d for d in review.decisions}
    for number in planted:
        assert by_move[number].label in ("mistake", "blunder")


def test_no_leak_the_same_values_when_only_unseen_cards_differ() -> None:
    state = LineitState(2, seed=9)
    seat = state.current_player()
    assert seat is not None
    twin = state.determinize(seat, random.Random(3))  # the deck re-dealt
    assert twin.snapshot.deck != state.snapshot.deck
    assert move_values(state, seat, random.Random(1)) == move_values(twin, seat, random.Random(1))


def test_estimates_stay_within_their_stated_error_over_seeds() -> None:
    state = LineitState(2, seed=5)
    bots = [make_bot("strong", seed=s) for s in (0, 1)]
    for _ in range(6):  # into the game, where the hands and the lines matter
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat), seat))
    seat = state.current_player()
    assert seat is not None
    reference = move_values(state, seat, random.Random(0), depth=4)
    for sample_seed in range(1, 5):
        v = move_values(state, seat, random.Random(sample_seed), depth=1)
        for move in v.moves:
            ref = reference.of(move.action)
            assert abs(move.chance - ref.chance) <= 4 * (move.error + ref.error) + 1e-9


def test_the_position_writes_an_empty_line_or_hand_as_the_table_does() -> None:
    session, _ = game(4, turns=2)
    review = run("lineit", session, [0], depth=1)
    first = review.decisions[0].judged
    assert first.number == 1
    assert first.position[-2] == "Ann's line: (empty); hand: (empty)", first.position
    # What decides a take: the jackpots, the other players' lines and hands (face up), and
    # the market, every card with its colour letter as the screen shows it.
    assert first.position[0].endswith("; jackpots: red 0, blue 0, green 0, yellow 0")
    assert first.position[1] == "Bot's line: (empty); hand: (empty)", first.position
    market = first.position[-1].removeprefix("market: ").split()
    assert market and all(c[-1] in "rbgy" or c.startswith("B") for c in market), market


def test_a_decision_of_the_end_phase_is_placed_at_the_end_not_in_a_round() -> None:
    from cardside.games.lineit.review import at_move, judge, plan
    from cardside.games.lineit.state import END

    session, _ = game(3, turns=10_000)  # the whole game
    decisions = plan(session, [0, 1])
    ends = [n for n, _ in decisions if at_move(session, n).snapshot.step == END]
    assert ends, "seed 3's end phase offers a choice"
    assert judge(session, ends[0], 0, 1, ascii=True).where == "the end"
    before = max(n for n, _ in decisions if n < ends[0] and n not in ends)
    last_round = at_move(session, before).snapshot.round_no
    assert judge(session, before, 0, 1, ascii=True).where.startswith(f"round {last_round}, ")


def test_the_steps_of_one_turn_are_told_apart() -> None:
    """A turn's take, and its choices after it, are each placed at their step of the round."""
    from cardside.games.lineit.review import STEPS, at_move, plan, step_of

    session, _ = game(2, turns=40)
    seen = set()
    for number, _ in plan(session, [0]):
        snap = at_move(session, number).snapshot
        where = step_of(snap)
        assert where == f"round {snap.round_no}, {STEPS[snap.step]}"
        seen.add(where.split(", ")[1])
    assert {"the take", "after the take"} <= seen


def test_a_step_is_worth_the_best_way_to_finish_the_turn_that_starts_with_it() -> None:
    """A step valued by the heuristic's favourite way on from it (not the best) made the strong
    bot's own turns look like mistakes over a whole game; valued by the best of its ways, none
    of them gives up more than a good move's share."""
    for seed in (5, 7):
        session, _ = game(seed, turns=400)
        review = run("lineit", session, [0], depth=2)
        assert review.complete and len(review.decisions) > 30
        assert not {d.label for d in review.decisions} & {"mistake", "blunder"}, seed


def test_a_step_with_more_ways_on_gains_nothing_from_the_luck_of_its_best_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where every way of finishing the turn is worth the same (play-outs of pure noise), a
    step with several ways on (a card played from hand, then score or done) must not come out
    ahead of ``done``, which has one: the best way is chosen on some samples and valued on
    others."""
    from cardside.games.lineit import values

    noise = random.Random(3)
    monkeypatch.setattr(values, "playout_margin", lambda *args: noise.gauss(0.0, 1.0))
    gaps: list[float] = []
    for seed in range(60):
        state = LineitState(2, seed=seed)
        mover = random.Random(seed)
        while not state.is_terminal() and len(gaps) < 40:
            seat = state.current_player()
            assert seat is not None
            legal = state.legal_actions()
            if DONE in legal and any(a.kind == "play" for a in legal):
                found = {m.action: m.points for m in move_values(state, seat, mover).moves}
                plays = [p for a, p in found.items() if a.kind == "play"]
                if plays and DONE in found:
                    gaps.append(sum(plays) / len(plays) - found[DONE])
                break
            state.apply(mover.choice(legal))
    assert len(gaps) >= 20
    assert abs(sum(gaps) / len(gaps)) < 0.15, sum(gaps) / len(gaps)


@pytest.mark.parametrize(
    "players, seed, bot",
    [(2, 0, "heuristic"), (2, 2, "heuristic"), (2, 3, "heuristic"), (3, 32, "random")],
)
def test_a_step_that_ends_the_game_is_valued_at_its_outcome(
    players: int, seed: int, bot: str
) -> None:
    """The last step of the end phase: 100% won, 0% lost, a tie for first a share of the win
    (seed 32 of three players ends in a tie of two)."""
    state = LineitState(players, seed=seed)
    bots = [make_bot(bot, seed=seed + s) for s in range(players)]
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        ends = {}
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            outcome = after.outcome()
            if outcome is not None:
                ends[action] = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
        if ends:
            valued = move_values(state, seat, random.Random(1), also=list(ends))
            assert {a: valued.of(a).chance for a in ends} == ends
            checked += 1
        state.apply(bots[seat].choose(state.observation(seat), seat))
    assert checked
