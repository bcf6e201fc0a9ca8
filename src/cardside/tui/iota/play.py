"""``iota play``: you (or several people) against bots, the session saved after every action."""

from __future__ import annotations

from typing import Any

from cardside.core.loop import Loop
from cardside.core.words import counted, listed
from cardside.games.iota.notation import format_action
from cardside.games.iota.rules import value
from cardside.games.iota.state import IotaState
from cardside.sessions.journal import Journal
from cardside.tui.console import Console
from cardside.tui.human import Human
from cardside.tui.iota.screen import IotaScreen, IotaTurn, last_play_cells
from cardside.tui.play import bot_seed, record_undo, run_loop, say_seen, seat_players
from cardside.tui.style import Style


def run_play(
    journal: Journal,
    state: IotaState,
    console: Console,
    style: Style,
    movers: list[int] | None = None,
) -> str:
    """Play (or continue) the game in ``journal``; return ``"over"`` or ``"quit"``."""
    from cardside.games.iota.bots import DEFAULT_BOT, make_bot

    names = journal.session.player_names
    screen = IotaScreen(console, style, names)
    hint_bot = make_bot(DEFAULT_BOT, seed=bot_seed(journal, "hint"))
    seats = seat_players(
        journal,
        lambda seat: Human(
            seat.name,
            console,
            IotaTurn(screen, hint_bot),
            lambda: "\n".join(screen.history(state.snapshot.log)),
        ),
        lambda name, seed: make_bot(name, seed=seed),
    )
    if not state.actions():
        rounds = [
            ", ".join(f"{names[s]} {screen.card(c)}" for s, c in round_) for round_ in state.draws
        ]
        # A tie for the highest number draws again: said, as the rules page has it.
        draws = rounds[0] + "".join(
            f"; {listed([names[s] for s, _ in again])} tied at "
            f"{max(value(c) for _, c in before)} and drew again: {text}"
            for before, again, text in zip(state.draws, state.draws[1:], rounds[1:])
        )
        first = names[state.first]
        goes = "go" if first == "You" else "goes"
        console.say(f"Draw for the first player: {draws}. {first} {goes} first.")

    humans = {i for i, seat in enumerate(journal.session.seats) if seat.kind == "human"}

    def on_action(seat: int, action: Any) -> None:
        journal.append({"type": "action", "seat": seat, "action": format_action(action)})
        log = state.snapshot.log
        if seat in humans:
            for line in screen.turn(log[-1]):
                console.say(line)
        elif state.is_terminal():
            # A bot's turn is told under the next grid a person sees; the last ones here.
            told = max((i for i, t in enumerate(log) if t.seat in humans), default=-1)
            for t in log[told + 1 :]:
                for line in screen.turn(t):
                    console.say(line)
        if state.is_terminal():
            announce_end(state, screen)

    def on_undo(count: int, seen: str) -> None:
        record_undo(journal, count, seen)
        console.say(f"  Took back {counted(count, 'move')}.")
        say_seen(console, seen)

    loop = Loop(state, seats, on_action=on_action, on_undo=on_undo, movers=movers)
    return run_loop(loop, console, journal, "Game")


def announce_end(state: IotaState, screen: IotaScreen) -> None:
    """The final grid, the totals and the winner(s)."""
    outcome = state.outcome()
    assert outcome is not None
    say = screen.console.say
    for line in screen.grid(state.grid, last_play_cells(state.snapshot.log)):
        say("  " + line)
    if state.snapshot.end == "last card":
        say(f"{screen.names[state.snapshot.log[-1].seat]} played the last card.")
    elif state.snapshot.end == "blocked":
        say(
            "No one played for as many passes as the whole pile takes to come to hand, and "
            "a round more: the grid is blocked."
        )
    else:
        say("Every player passed in turn with the pile empty.")
    say(f"Final scores: {screen.scores(outcome.scores)}")
    winners = [screen.names[w] for w in outcome.winners]
    if len(winners) > 1:
        say(screen.style.good(f"{' and '.join(winners)} share the win."))
    else:
        verb = "win" if winners[0] == "You" else "wins"
        say(screen.style.good(f"{winners[0]} {verb}!"))
