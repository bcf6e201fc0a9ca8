"""``linesbeta play``: you against the grid, the session saved after every decision."""

from __future__ import annotations

from typing import Any

from cardside.core.loop import Loop
from cardside.core.words import counted
from cardside.games.linesbeta.rules import Action, Challenge, ChooseCell, Line
from cardside.games.linesbeta.sheet import action_text
from cardside.games.linesbeta.state import LinesBetaState
from cardside.games.linesbeta.view import Observation
from cardside.sessions.journal import Journal
from cardside.tui.console import Console
from cardside.tui.human import Human
from cardside.tui.linesbeta.screen import LinesBetaScreen, LinesBetaTurn, returned_lines
from cardside.tui.play import record_undo, run_loop, say_seen
from cardside.tui.style import Style


def run_play(journal: Journal, state: LinesBetaState, console: Console, style: Style) -> str:
    """Play (or continue) the game in ``journal``; return ``"over"`` or ``"quit"``."""
    from cardside.games.linesbeta.bots import PlannerBot

    name = journal.session.player_names[0]
    screen = LinesBetaScreen(console, style, name)
    planner = PlannerBot(seed=journal.session.seed or 0)

    def hint(obs: Observation) -> tuple[Action, float, str]:
        return planner.decide(obs)

    human = Human(name, console, LinesBetaTurn(screen, hint), lambda: history(state, screen))
    # The snapshot before the latest action: it still holds the cards a narration names,
    # even after the round's end has sent them back to the deck.
    before = [state.snapshot]

    def on_action(seat: int, action: Any) -> None:
        journal.append({"type": "action", "action": action_text(action)})
        narrate(state, before[0], action, screen)
        before[0] = state.snapshot

    def on_undo(count: int, seen: str) -> None:
        record_undo(journal, count, seen)
        before[0] = state.snapshot
        console.say(f"  Took back {counted(count, 'decision')}.")
        say_seen(console, seen)

    movers = [0] * len(state.actions())
    loop = Loop(state, [human], on_action=on_action, on_undo=on_undo, movers=movers)
    return run_loop(loop, console, journal, "Game")


def history(state: LinesBetaState, screen: LinesBetaScreen) -> str:
    """Every challenge so far, round by round: the card, the line and end, who won."""
    rounds: dict[int, Any] = {}
    for snap in state.snapshots():
        rounds[snap.round] = snap.tricks
        if snap.round > 1 and snap.last_round:
            rounds[snap.round - 1] = snap.last_round
    lines: list[str] = []
    for number in sorted(rounds):
        tricks = rounds[number]
        if not tricks:
            continue
        lines.append(f"Round {number}:")
        for t in tricks:
            line = Line(t.line)
            who = "you" if t.player_wins else "the grid"
            grid = "" if t.grid_card is None else f", the grid's card {screen.card(t.grid_card)}"
            lines.append(
                f"  trick {t.number}: {screen.card(t.played)} on {line}{line.ends[t.end]}"
                f"{grid}: {who}"
            )
    player, grid_points = state.points
    lines.append(f"Tricks won: you {player}, the grid {grid_points}")
    return "\n".join(lines) if len(lines) > 1 else "  no trick yet"


def narrate(state: LinesBetaState, before: Any, action: Action, screen: LinesBetaScreen) -> None:
    """What the action did: the challenge card by card, the trick's result, the end of a round
    and the end of the game."""
    if not isinstance(action, (Challenge, ChooseCell)):
        return
    new_round = state.round != before.round
    tricks = state.last_round_tricks if new_round else state.tricks
    trick = tricks[-1]
    if isinstance(action, Challenge):
        screen.challenge(before, trick, choose=not state.is_terminal())
        if trick.grid_cell is None and not state.is_terminal():
            return  # case c: the player picks the grid's card next
    else:
        screen.cell_chosen(before, action.cell)
    player, grid = state.points
    screen.after_trick(trick, player, grid, state.targets)
    if state.verdict is not None:
        screen.verdict(state.verdict, before.round, trick.number)
    elif new_round:
        won = sum(t.player_wins for t in tricks)
        assert trick.grid_cell is not None
        screen.round_over(
            before.round, won, len(tricks) - won, returned_lines(before, trick, trick.grid_cell)
        )
