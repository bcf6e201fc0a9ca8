"""An undo takes back a decision, never knowledge: each game names the moves that showed a
player something hidden from it, and a game whose player undid one of them no longer counts
in ratings, the league or records."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.iota.rules import Pass, Play, Swap
from cardside.games.iota.state import IotaState
from cardside.games.lineit.state import LineitState
from cardside.games.octrix.state import OctrixState
from cardside.games.schnapsen.rules import Close, Exchange
from cardside.games.schnapsen.state import SchnapsenState


def played(state: Any, seed: int, limit: int = 400) -> Any:
    """``state`` played on at random (every legal action as likely) to its end or ``limit``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def transitions(state: Any) -> list[tuple[Any, Any, Any]]:
    """(before, action, after) for every action taken."""
    snaps = state.snapshots()
    return list(zip(snaps, state.actions(), snaps[1:]))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_iota_a_draw_or_another_players_cards_on_the_grid_are_shown(
    seed: int, players: int
) -> None:
    state = played(IotaState(players, seed=seed), seed)
    for before, action, after in transitions(state):
        mover = before.turn
        for seat in range(players):
            said = state.shown(seat, before, after)
            if seat != mover:
                laid = isinstance(action, (Play, Swap))
                assert said == ("another player has laid cards since" if laid else "")
            elif isinstance(action, Swap) or action == Pass():
                assert said == ""
            elif isinstance(action, Play):
                assert said == ("you drew cards since" if before.pile else "")


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_schnapsen_every_move_of_the_other_player_and_every_draw_are_shown(seed: int) -> None:
    state = played(SchnapsenState(seed=seed), seed)
    for before, action, after in transitions(state):
        mover = before.deal.to_move
        said = state.shown(mover, before, after)
        other = state.shown(1 - mover, before, after)
        if after.deal_no != before.deal_no:
            assert said == other == "the next deal was dealt since"
            continue
        assert other == "the other player has moved since"
        if (
            isinstance(action, (Close, Exchange))
            or before.deal.lead == -1
            or not before.deal.stock_open
        ):
            # A close, the Jack exchanged for the card face up, a lead, a trick with no draw.
            assert said == "", (action, before.deal)
        else:
            # A card from the stock, unless the last draw of the stock took the card face up.
            new = after.deal.hands[mover] & ~before.deal.hands[mover]
            face_up = len(before.deal.stock) == 2 and new == 1 << before.deal.indicator
            assert said == ("" if face_up else "you drew from the stock since")


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_octrix_a_trick_turned_up_is_shown(seed: int, players: int) -> None:
    state = played(OctrixState(players, seed=seed), seed)
    for before, _, after in transitions(state):
        said = state.shown(0, before, after)
        if after.round_no != before.round_no or after.winner != before.winner:
            assert said == "a new round was dealt since"
        elif len(after.tricks) != len(before.tricks):
            assert said == "the trick was turned up since"
        else:
            assert said == ""


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 5]))
def test_lineit_only_cards_turned_up_from_the_deck_are_shown(seed: int, players: int) -> None:
    state = played(LineitState(players, seed=seed), seed, limit=600)
    rounds = 0
    for before, _, after in transitions(state):
        said = state.shown(0, before, after)
        rounds += after.round_no != before.round_no
        assert said == ("new cards were turned up since" if after.deck != before.deck else "")
    assert rounds  # the game went past a round's end, where the next market is turned up


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["easy", "normal", "hard"]))
def test_linesbeta_a_challenge_that_turned_up_grid_cards_is_shown(
    seed: int, difficulty: str
) -> None:
    """The trump chosen shows nothing; a challenge shows what it turned up (taken back, the
    cards go face down again, but the player saw them)."""
    from cardside.games.linesbeta.rules import ChooseTrump
    from cardside.games.linesbeta.state import LinesBetaState, seen_by

    state = played(LinesBetaState(difficulty, "short", seed=seed), seed)
    turned = 0
    for before, action, after in transitions(state):
        said = state.shown(0, before, after)
        assert said == ("cards of the grid were turned up since" if seen_by(before, after) else "")
        if isinstance(action, ChooseTrump):
            assert said == ""
        turned += bool(said)
    assert turned  # a game of challenges turns up some face-down card


def test_shown_since_names_the_latest_thing_shown_and_is_empty_otherwise() -> None:
    state = OctrixState(2, seed=3)
    first = state.current_player()
    assert first is not None
    state.apply(state.legal_actions()[0])
    # One card laid face down: taking it back shows nothing.
    assert state.shown_since(first, 1) == ""
    state.apply(state.legal_actions()[0])
    assert state.shown_since(first, 2) == "the trick was turned up since"
    assert state.shown_since(first, 0) == ""
    with pytest.raises(ValueError, match="no seat"):
        state.observation(5)


def test_iota_a_wild_laid_and_the_other_wild_drawn_is_a_draw() -> None:
    """Both wilds are one value: the hand looks the same before and after, yet a card came
    from the pile."""
    from dataclasses import replace

    from cardside.games.iota.rules import WILD
    from cardside.games.iota.state import Turn

    state = IotaState(2, seed=1)
    before = state.snapshot
    seat = before.turn
    hand = (WILD, *before.hands[seat][1:])
    before = replace(
        before, hands=tuple(hand if i == seat else h for i, h in enumerate(before.hands))
    )
    play = Play(((WILD, 1, 0),))
    after = replace(
        before,
        grid={**before.grid, (1, 0): WILD},
        pile=before.pile[1:],
        turn=1 - seat,
        log=(*before.log, Turn(seat, play)),
    )
    assert after.hands[seat] == before.hands[seat]  # the other wild drawn in its place
    assert state.shown(seat, before, after) == "you drew cards since"


def test_an_octrix_undo_back_past_a_rounds_end_says_a_new_round_was_dealt() -> None:
    """In the partnership game too, where the first cards of a trick of the new round may
    have turned up since: the new round is what the undo took back."""
    crossed = 0
    for seed in range(12):
        state, rng = OctrixState(4, partnership=True, seed=seed), random.Random(seed)
        last = moves = 0
        while not state.is_terminal():
            if state.current_player() == 0:
                count = moves - last
                snapshots = state.snapshots()
                if moves and snapshots[-count - 1].round_no != snapshots[-1].round_no:
                    crossed += 1
                    assert state.shown_since(0, count) == "a new round was dealt since"
                last = moves
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    assert crossed >= 20


class _Scripted:
    """A game whose movers follow a script, the moves in ``showing`` showing seat 0 (the
    person) a card: enough to see which undos ``replay_moves`` finds took back what was seen."""

    def __init__(self, movers: list[int], showing: set[int]) -> None:
        self.movers = movers  # who makes the n-th move applied (in order of application)
        self.showing = showing  # the applications (0-based) that show seat 0 something
        self.applied: list[int] = []  # the applications in effect
        self.count = 0

    def is_terminal(self) -> bool:
        return False

    def current_player(self) -> int:
        return self.movers[self.count]

    def apply(self, action: object) -> None:
        self.applied.append(self.count)
        self.count += 1

    def take_back(self) -> None:
        self.applied.pop()

    def shown_since(self, seat: int, count: int) -> str:
        taken = self.applied[len(self.applied) - count :]
        return "a card" if seat == 0 and any(a in self.showing for a in taken) else ""


def test_replay_finds_an_undo_that_took_back_what_its_person_had_seen() -> None:
    """Every move an undo takes back counts, not only its last; a bot's moves show the person
    nothing here, and moves taken back before no longer count among the movers."""
    from cardside.core.replay import replay_moves

    move = {"type": "action", "action": "m"}
    # Seat 0 moves (shown a card), the bot moves: an undo of both took back what was seen,
    # though the last of them showed nothing.
    seen: list[int] = []
    state = _Scripted([0, 1], showing={0})
    replay_moves(
        state, [move, move, {"type": "undo", "moves": 2}], str, "action", seen=seen, humans={0}
    )
    assert seen == [3]
    # The bot, then the person (shown a card), undo 1; the bot again, undo 2: that undo takes
    # back the bot's two moves (the person's went with the first undo), so it took back no
    # move of the person's, whatever those moves showed: not counted as seen.
    seen = []
    state = _Scripted([1, 0, 1], showing={1, 2})
    entries = [move, move, {"type": "undo", "moves": 1}, move, {"type": "undo", "moves": 2}]
    replay_moves(state, entries, str, "action", seen=seen, humans={0})
    assert seen == [3]
