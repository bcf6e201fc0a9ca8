"""The Line-it game state: a 3-player game worked by hand, each refusal, and properties."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.errors import IllegalActionError
from cardside.games.lineit import rules
from cardside.games.lineit.notation import Action, parse_action
from cardside.games.lineit.state import END, OVER, TAKE, Jackpot, LineitState, Scored, Snap

A, B, C = 0, 1, 2


def worked_start() -> LineitState:
    """Three players in the middle of a game, first player A, arranged by hand.

    A's line 13 25 rises with two red cards; B's line B4 90 80 falls with its bet; C's line
    40 50 60 rises and C holds 30 and 35 (a full hand). Jackpots: red 1 5, blue 2, yellow 4 8 12.
    The deck holds 12 cards: two more markets of 5 and then 2 left over, which end the game.
    """
    return arranged(
        market=(37, 70, 10, 3, 99),
        # Drawn from the end: round 2 gets 66 64 6 B3 31, round 3 72 44 20 96 17; 7 and 11 stay.
        deck=(7, 11, 72, 44, 20, 96, 17, 66, 64, 6, 103, 31),
        hands=((), (), (30, 35)),
        lines=((13, 25), (104, 90, 80), (40, 50, 60)),
        piles=((1, 5), (2,), (), (4, 8, 12)),
    )


def arranged(
    market: tuple[int, ...],
    deck: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    lines: tuple[tuple[int, ...], ...],
    piles: tuple[tuple[int, ...], ...],
) -> LineitState:
    """A 3-player position in round 1 with A to take; every other card is in the discard."""
    used = Counter(market + deck + sum(hands, ()) + sum(lines, ()) + sum(piles, ()))
    discard = tuple((Counter(rules.DECK) - used).elements())
    empty: tuple[tuple[int, ...], ...] = ((), (), ())
    snap = Snap(deck, market, hands, lines, piles, empty, empty, discard, 1, A, 0, TAKE, 0, ())
    return LineitState.from_snapshot(3, snap)


def play(state: LineitState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def test_a_three_player_game_worked_by_hand() -> None:
    g = worked_start()
    s = g.snapshot
    # Round 1. A adds 37, the third red card of the line: the red jackpot (1 5) is A's.
    play(g, "line 37")
    assert g.snapshot.scored[A] == (1, 5) and g.snapshot.piles[rules.RED] == ()
    assert g.snapshot.log == (Jackpot(A, 1, rules.RED, 37, 2),)
    play(g, "done")
    # B continues the falling line with 70 (3 number cards after the bet now).
    play(g, "line 70", "done")
    # C takes 10: it cannot continue 40 50 60 and the hand is full, so the line is scored
    # (three cards, all discarded, nothing scored) and 10 starts the new line; then C plays
    # 30 from hand, which makes the new line rise.
    play(g, "line 10")
    scored = g.snapshot.log[-1]
    assert isinstance(scored, Scored) and scored.how == "forced"
    assert scored.score.discarded == (40, 50, 60) and scored.score.total == 0
    assert g.snapshot.lines[C] == (10,)
    play(g, "play 30", "done")
    s = g.snapshot
    # The leftovers 3 and 99 are green: they go to the green jackpot. B starts round 2.
    assert s.round_no == 2 and s.first == B and s.piles[rules.GREEN] == (3, 99)
    assert s.market == (66, 64, 6, 103, 31)
    # Round 2. B adds 64 (four cards after B4) and scores: +4, 90 80 70 discarded, 64 scores.
    play(g, "line 64", "score")
    scored = g.snapshot.log[-1]
    assert isinstance(scored, Scored) and scored.how == "chosen"
    assert scored.score.token == 4 and scored.score.points_cards == (64,)
    assert g.score(B) == 5 and g.current_player() == C
    # C adds 66: 10, 30 and 66 are blue, so the blue jackpot (2) is C's.
    play(g, "line 66", "done")
    assert g.snapshot.log[-1] == Jackpot(C, 2, rules.BLUE, 66, 1)
    # A takes B3 into hand and plays it to the line at once.
    play(g, "hand B3", "play B3", "done")
    s = g.snapshot
    assert s.lines[A] == (13, 25, 37, 103)
    assert s.round_no == 3 and s.first == C and s.piles[rules.BLUE] == (6,)
    assert s.piles[rules.GREEN] == (3, 99, 31)  # the leftovers 6 (blue) and 31 (green)
    # Round 3. C adds 72; 35 from hand would not continue the rising line.
    play(g, "line 72")
    with pytest.raises(IllegalActionError, match="35 does not continue your rising line after 72"):
        play(g, "play 35")
    play(g, "done")
    play(g, "line 44", "done")  # A: one number card after B3
    play(g, "hand 20", "done")  # B keeps 20 for the end
    s = g.snapshot
    # The leftovers 96 (yellow) and 17 (red) go to their jackpots; only 7 and 11 are left, not
    # enough for a market of 5, so they join the green jackpot. A starts the end phase (the
    # first-player token passed), but only B can play.
    assert s.step == END and s.deck == () and g.current_player() == B
    assert s.piles[rules.GREEN] == (3, 99, 31, 7, 11) and s.piles[rules.YELLOW] == (4, 8, 12, 96)
    assert g.legal_actions() == [Action("play", 20), Action("done")]
    play(g, "play 20")
    # C's 35 cannot join its line, so the game ends and every line is scored.
    s = g.snapshot
    assert s.step == OVER
    end = [e for e in s.log if isinstance(e, Scored) and e.how == "end"]
    assert [(e.seat, e.score.token, e.score.points) for e in end] == [
        (A, -3, 1),
        (B, 0, 0),
        (C, 0, 1),
    ]
    # A: red jackpot 2 + 44, bet lost -3 = 0. B: 64 and +4 = 5. C: blue jackpot 1 + 72 = 2.
    assert g.scores() == (0, 5, 2)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (B,)
    assert s.hands[C] == (35,)  # left in hand: scores nothing
    assert g.card_count() == 106


def test_each_refusal_has_its_reason() -> None:
    g = worked_start()
    cases = [
        ("play 30", "take a card from the market first"),
        ("score", "take a card from the market first (you score after taking)"),
        ("done", "take a card from the market first"),
        ("line 50", "50 is not in the market"),
        ("line 10", "10 does not continue your rising line after 25; put it in your hand instead"),
    ]
    for text, reason in cases:
        with pytest.raises(IllegalActionError) as info:
            play(g, text)
        assert str(info.value) == reason
    play(g, "hand 10")
    with pytest.raises(IllegalActionError, match="you have taken your card this turn"):
        play(g, "line 70")
    with pytest.raises(IllegalActionError, match="35 is not in your hand"):
        play(g, "play 35")
    play(g, "done")
    play(g, "line 70", "done")
    # C: hand full, so 'hand' is refused.
    with pytest.raises(IllegalActionError, match=r"your hand is full \(2 cards\)"):
        play(g, "hand 3")
    play(g, "line 3", "play 30")  # forced: 40 50 60 scored, 3 starts the line
    with pytest.raises(IllegalActionError, match="played a card from your hand this round"):
        play(g, "play 35")
    play(g, "done")
    # The round is over: B starts the next, and the hand card may be played again.
    assert g.current_player() == B and g.snapshot.played == 0


def test_a_bet_card_that_fits_nowhere_is_forced_to_start_a_line() -> None:
    g = arranged(
        market=(103, 70, 10, 3, 99),
        deck=(7, 11, 72, 44, 20),
        hands=((1, 2), (), (30, 35)),
        lines=((104, 13, 25), (90, 80), (40, 50, 60)),
        piles=((5,), (), (), (4, 8, 12)),
    )
    assert Action("hand", 103) not in g.legal_actions()
    play(g, "line B3")
    assert g.snapshot.lines[A] == (103,) and g.snapshot.tokens[A] == (-4,)


def test_score_needs_a_line_and_the_end_phase_only_plays() -> None:
    s = worked_start().snapshot
    g = arranged(s.market, s.deck, s.hands, ((), s.lines[1], s.lines[2]), s.piles)
    play(g, "hand 37")
    with pytest.raises(IllegalActionError, match="your line is empty"):
        play(g, "score")
    end = LineitState.from_snapshot(3, s._replace(step=END))
    for text, reason in [
        ("line 37", "the deck is out: you may only play a card from your hand, or done"),
        ("score", "every line is scored at the end; play a card or done"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            play(end, text)


def test_a_deck_of_exactly_one_market_is_dealt_as_the_next_round() -> None:
    """Five cards left fill a market of 5, so the game goes on rather than ending."""
    g = arranged(
        market=(37, 70, 10, 3, 99),
        deck=(7, 11, 72, 44, 20),
        hands=((), (), ()),
        lines=((), (), ()),
        piles=((), (), (), ()),
    )
    play(g, "line 37", "done", "line 70", "done", "line 10", "done")
    s = g.snapshot
    assert (s.round_no, s.step, s.deck, s.market) == (2, TAKE, (), (7, 11, 72, 44, 20))


def test_a_jackpot_taken_in_the_end_phase_is_logged_as_the_end() -> None:
    """A's 37 from hand is the third red card of 13 25: the red jackpot, in round 0 (the end)."""
    g = arranged(
        market=(70, 10, 3, 99, 50),
        deck=(),
        hands=((37,), (), ()),
        lines=((13, 25), (), ()),
        piles=((1, 5), (), (), ()),
    )
    play(g, "hand 10", "done", "line 3", "done", "line 99", "done")
    assert g.snapshot.step == END and g.current_player() == A
    play(g, "play 37")
    jackpots = [e for e in g.snapshot.log if isinstance(e, Jackpot)]
    assert jackpots == [Jackpot(A, 0, rules.RED, 37, 2)]
    assert g.snapshot.step == OVER and g.score(A) == 2


def test_the_first_player_is_drawn_from_the_seed_and_the_deal_replays() -> None:
    firsts = {LineitState(4, seed=s).snapshot.first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    a, b = LineitState(3, seed=9), LineitState(3, seed=9)
    assert a.snapshot == b.snapshot
    assert len(a.snapshot.market) == 5 and len(a.snapshot.deck) == 101


def test_observation_hides_the_deck_and_its_seed_and_determinize_deals_only_the_deck() -> None:
    """A hand's cards were taken from the face-up market in sight of the table: a view shows
    them, and a deal of what a seat cannot see keeps them where they are."""
    g = LineitState(3, seed=4)
    rng = random.Random(0)
    while g.snapshot.hands[1] == () or g.snapshot.hands[0] == ():
        g.apply(rng.choice(g.legal_actions()))
    view = g.observation(0)
    assert set(view.snapshot.deck) == {0}
    assert view.snapshot.hands == g.snapshot.hands
    # The game's seed would deal the deck again: the view has one of its own.
    assert view.seed != g.seed
    assert LineitState(3, seed=view.seed).snapshot.deck != LineitState(3, seed=4).snapshot.deck
    assert sorted(view.unseen(0)) == sorted(g.snapshot.deck)
    full = view.determinize(0, random.Random(1))
    assert full.card_count() == 106
    assert sorted(full.snapshot.deck) == sorted(g.snapshot.deck)
    assert full.snapshot.deck != g.snapshot.deck
    assert full.snapshot.hands == g.snapshot.hands
    assert full.snapshot.market == g.snapshot.market
    assert full.observation(0).snapshot == view.snapshot
    for seat in (-1, 3, None, "0", True):
        with pytest.raises(ValueError, match="no seat"):
            g.observation(seat)  # type: ignore[arg-type]


def check_invariants(state: LineitState, hand_plays: dict[tuple[int, int], int]) -> None:
    s = state.snapshot
    zones = s.deck + s.market + s.discard
    for group in (s.hands, s.lines, s.piles, s.scored):
        for cards in group:
            zones += cards
    assert Counter(zones) == Counter(rules.DECK)
    for line in s.lines:
        if line:
            rules.check_line(line)
    assert all(len(h) <= rules.HAND_LIMIT for h in s.hands)
    assert all(n <= 1 for n in hand_plays.values())
    # No jackpot a line takes is bigger than keep and score accept.
    assert all(e.cards <= rules.JACKPOT_MOST for e in s.log if isinstance(e, Jackpot))
    assert all(len(pile) <= rules.CARDS_PER_COLOUR for pile in s.piles)
    # Each score pile is exactly the points of its scored lines plus the jackpots taken.
    for seat in range(state.players):
        from_log = sum(
            e.score.points if isinstance(e, Scored) else e.cards for e in s.log if e.seat == seat
        )
        tokens = sum(e.score.token for e in s.log if isinstance(e, Scored) and e.seat == seat)
        assert len(s.scored[seat]) == from_log
        assert state.score(seat) == from_log + tokens


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 10**6))
def test_properties_hold_through_random_games(players: int, seed: int, choices: int) -> None:
    state = LineitState(players, seed=seed)
    rng = random.Random(choices)
    plays: dict[tuple[int, int], int] = {}
    check_invariants(state, plays)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = rng.choice(state.legal_actions())
        if action.kind == "play" and state.snapshot.step != END:
            key = (seat, state.snapshot.round_no)
            plays[key] = plays.get(key, 0) + 1
        state.apply(action)
        check_invariants(state, plays)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == state.scores()
    assert set(outcome.winners) == {
        p for p in range(players) if state.score(p) == max(state.scores())
    }
    assert all(not line for line in state.snapshot.lines)


def candidate_actions(state: LineitState) -> list[Action]:
    """Every action that could be legal now: each way to take each market card, each hand card
    played, score and done (any other card is neither in the market nor in the hand)."""
    s = state.snapshot
    seat = state.current_player()
    assert seat is not None
    out = [Action(kind, c) for c in s.market for kind in ("line", "hand")]
    out += [Action("play", c) for c in s.hands[seat]]
    return out + [Action("score"), Action("done")]


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 10**6))
def test_the_legal_actions_are_exactly_those_the_checks_allow(
    players: int, seed: int, choices: int
) -> None:
    """The move generator works out what fits a line its own way (once for every card); it
    must list exactly the actions ``why_illegal`` accepts, each once."""
    state = LineitState(players, seed=seed)
    rng = random.Random(choices)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        allowed = {a for a in candidate_actions(state) if state.why_illegal(a) == ""}
        assert set(legal) == allowed
        state.apply(rng.choice(legal))


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 10**6), st.data())
def test_undo_snapshots_clone_and_peek_agree_with_the_game_as_played(
    players: int, seed: int, choices: int, data: st.DataObject
) -> None:
    """The game is changed in place and replayed for undo: every earlier snapshot, an undo
    of any length, a clone and a peek give back exactly what was seen when it was played."""
    state = LineitState(players, seed=seed)
    rng = random.Random(choices)
    seen = [state.snapshot]
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        before = state.snapshot
        assert state.current_player() == (before.first + before.turn) % players
        peeked = state.peek(action)
        assert state.snapshot == before  # a peek leaves the game as it was
        state.apply(action)
        assert state.snapshot == peeked
        seen.append(state.snapshot)
    assert state.snapshots() == seen
    twin = state.clone()
    back = data.draw(st.integers(1, len(seen) - 1), label="actions undone")
    actions = state.actions()
    for k in range(1, back + 1):
        assert state.undo() == actions[-k]
        assert state.snapshot == seen[-1 - k]
        assert (
            state.legal_actions()
            == LineitState.from_snapshot(players, seen[-1 - k]).legal_actions()
        )
    assert state.actions() == actions[: len(actions) - back]
    assert twin.snapshot == seen[-1] and twin.actions() == actions  # the clone is untouched
    replayed = LineitState(players, seed=seed)
    replayed.replay(actions)
    assert replayed.snapshot == seen[-1]


def test_a_move_made_without_a_record_starts_the_record_again() -> None:
    """``advance`` keeps no undo record, and what came before it cannot be undone: undo and the
    list of snapshots start from it, never replay the earlier actions onto a later position."""
    state = LineitState(2, seed=5)
    state.apply(state.legal_actions()[0])
    state.advance(parse_action("done"))
    assert state.actions() == [] and state.snapshots() == [state.snapshot]
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        state.undo()
    before = state.snapshot
    action = state.legal_actions()[0]
    state.apply(action)
    after = state.snapshot
    assert state.actions() == [action] and state.snapshots() == [before, after]
    twin = state.clone()
    assert state.undo() == action and state.snapshot == before
    assert twin.snapshot == after and twin.actions() == [action]
    assert twin.undo() == action and twin.snapshot == before


def test_a_seed_of_true_is_not_dealt_as_the_seed_1() -> None:
    """Deals are kept for games that share one; the seed True (str "True") is another deal."""
    assert LineitState(2, seed=1).snapshot.deck != LineitState(2, seed=True).snapshot.deck
