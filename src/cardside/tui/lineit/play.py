"""``lineit play``: you (or several people) against bots, saved after every decision."""

from __future__ import annotations

from typing import Any

from cardside.core.loop import Loop
from cardside.core.words import counted
from cardside.games.lineit.notation import format_action, format_cards
from cardside.games.lineit.sheet import action_text
from cardside.games.lineit.state import Jackpot, LineitState, Scored
from cardside.sessions.journal import Journal
from cardside.tui.console import Console
from cardside.tui.human import Human
from cardside.tui.lineit.screen import LineitScreen, LineitTurn, stage
from cardside.tui.play import bot_seed, run_loop, seat_players
from cardside.tui.style import Style


def run_play(
    journal: Journal,
    state: LineitState,
    console: Console,
    style: Style,
    movers: list[int] | None = None,
) -> str:
    """Play (or continue) the game in ``journal``; return ``"over"`` or ``"quit"``."""
    from cardside.games.lineit.bots import make_bot

    session = journal.session
    names = session.player_names
    humans = [i for i, seat in enumerate(session.seats) if seat.kind == "human"]
    you = humans[0] if len(humans) == 1 else None
    screen = LineitScreen(console, style, names)
    hint_bot = make_bot("strong", seed=bot_seed(journal, "hint"))
    done = list(movers or [])
    snaps = state.snapshots()
    history: list[tuple[int, str, str]] = [
        (seat, said(a, snaps[i], snaps[i + 1]), stage(snaps[i]))
        for i, (seat, a) in enumerate(zip(done, state.actions()))
    ]
    seats = seat_players(
        journal,
        lambda seat: Human(
            seat.name, console, LineitTurn(screen, hint_bot), lambda: screen.history(history)
        ),
        lambda name, seed: make_bot(name, seed=seed),
    )
    before: list[Any] = [state.snapshot]
    if not state.actions():
        console.say(screen.round_start(state.snapshot))

    def on_action(seat: int, action: Any) -> None:
        journal.append({"type": "action", "seat": seat, "action": action_text(action)})
        prior, after = before[0], state.snapshot
        history.append((seat, said(action, prior, after), stage(prior)))
        console.say(screen.action(seat, action, you))
        for event in after.log[len(prior.log) :]:
            if isinstance(event, Scored):
                for line in screen.scored(event):
                    console.say(line)
            elif isinstance(event, Jackpot):
                console.say(screen.jackpot(event))
        taken = action.card if action.kind in ("line", "hand") else None
        for line in screen.between(prior, after, taken):
            console.say(line)
        if state.is_terminal():
            screen.final(state)
        before[0] = after

    def on_undo(count: int) -> None:
        journal.append({"type": "undo", "moves": count})
        del history[len(history) - count :]
        before[0] = state.snapshot
        console.say(f"  Took back {counted(count, 'action')}.")

    loop = Loop(state, seats, on_action=on_action, on_undo=on_undo, movers=movers)
    return run_loop(loop, console, journal, "Game")


def said(action: Any, prior: Any, after: Any) -> str:
    """An action as the history lists it, with the line it forced to be scored (a card that
    fit neither line nor hand), since nobody typed that scoring."""
    text = format_action(action)
    for event in after.log[len(prior.log) :]:
        if isinstance(event, Scored) and event.how == "forced":
            text += (
                f" (line {format_cards(event.score.cards)} scored first, {event.score.total:+d})"
            )
    return text
