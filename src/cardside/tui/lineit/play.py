"""``lineit play``: you (or several people) against bots, saved after every decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardside.core.loop import Loop
from cardside.core.words import counted, whose
from cardside.games.lineit import rules
from cardside.games.lineit.notation import format_action, format_card, format_cards
from cardside.games.lineit.sheet import action_text
from cardside.games.lineit.state import END, TAKE, Jackpot, LineitState, Scored, stage
from cardside.sessions.journal import Journal
from cardside.tui.console import Console
from cardside.tui.human import Human, recap_start
from cardside.tui.lineit.screen import LineitScreen, LineitTurn, deck_said, round_ended
from cardside.tui.play import bot_seed, record_undo, run_loop, say_seen, seat_players
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
        (seat, said(a, snaps[i], snaps[i + 1], names), stage(snaps[i]))
        for i, (seat, a) in enumerate(zip(done, state.actions()))
    ]

    def recap_since(seat: int) -> list[str]:
        """The turns since ``seat``'s last turn began, its own included, as history lists
        them (before its first turn, every turn so far): drawn under the table, so that a
        30-row terminal keeps them in view."""
        # The seat's move the last and its turn begun afresh: the round it ended starts with
        # it, not a turn resumed half made.
        begins = state.current_player() == seat and state.snapshot.step in (TAKE, END)
        movers = [mover for mover, _, _ in history]
        begun = recap_start(movers, seat, begins, turn_starts(history))
        start = 0 if begun is None else begun
        if start == len(history):
            return []
        # Worded as IOTA words it.
        heading = (
            f"Since {whose(names[seat])} last turn:"
            if begun is not None
            else "Since the game began:"
        )
        return [heading, *screen.history(history[start:]).splitlines()]

    seats = seat_players(
        journal,
        lambda seat: Human(
            seat.name,
            console,
            LineitTurn(screen, hint_bot, recap_since),
            lambda: screen.history(history),
        ),
        lambda name, seed: make_bot(name, seed=seed),
    )
    humans_here = set(humans)
    before: list[Any] = [state.snapshot]
    if not state.actions():
        console.say(screen.round_start(state.snapshot))
    # (Resumed within a turn, a person's first decision draws the whole table: LineitTurn.)

    def on_action(seat: int, action: Any) -> None:
        journal.append({"type": "action", "seat": seat, "action": action_text(action)})
        prior, after = before[0], state.snapshot
        history.append((seat, said(action, prior, after, names), stage(prior)))
        before[0] = after
        if seat not in humans_here:
            # A bot's move is told under the table the next person to move sees (the turns
            # since their own), where a redrawn table cannot push it out of view; at the end,
            # before the final scores.
            if state.is_terminal():
                last = max(
                    humans_here,
                    key=lambda h: max(
                        (i for i, (m, _, _) in enumerate(history) if m == h), default=-1
                    ),
                )
                for line in recap_since(last):
                    console.say(line)
                screen.final(state)
            return
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

    def on_undo(count: int, seen: str) -> None:
        record_undo(journal, count, seen)
        del history[len(history) - count :]
        before[0] = state.snapshot
        console.say(f"  Took back {counted(count, 'action')}.")
        say_seen(console, seen)

    loop = Loop(state, seats, on_action=on_action, on_undo=on_undo, movers=movers)
    return run_loop(loop, console, journal, "Game")


def turn_starts(history: Sequence[tuple[int, str, str]]) -> list[bool]:
    """Which moves of the history (mover, as said, stage) begin a turn: a card taken from the
    market in a round; in the end phase, each player's first move there. Who ends a round may
    start the next, two turns running."""
    out = []
    for i, (mover, text, when) in enumerate(history):
        if when == "the end":
            prior = history[i - 1] if i else None
            out.append(prior is None or prior[0] != mover or prior[2] != when)
        else:
            out.append(text.startswith(("line ", "hand ")))
    return out


def said(action: Any, prior: Any, after: Any, names: Sequence[str] = ()) -> str:
    """An action as the history lists it, with what it set off: the line it forced to be
    scored first (a card that fit neither line nor hand), what a scored line gave, a jackpot
    taken, and at the end every line scored (each on a line of its own after the action)."""
    # Cards with their colour letters (57r), as the table shows them: a jackpot is a colour's.
    text = format_action(action)
    if action.kind in ("line", "hand", "play"):
        text = f"{action.kind} {format_card(action.card, letter=True)}"
    for event in after.log[len(prior.log) :]:
        if isinstance(event, Scored):
            sc = event.score
            gave = f"{format_cards(sc.cards, letter=True)}: {describe_gain(sc)}"
            if event.how == "forced":
                text += f" (line {format_cards(sc.cards, letter=True)} scored first, {sc.total:+d})"
            elif event.how == "end":
                owner = names[event.seat] if event.seat < len(names) else f"seat {event.seat + 1}"
                # A line of its own under the action: at the end every line is scored.
                text += f"\nat the end, {whose(owner)} line {gave}"
            else:
                text += f" (line {gave})"
        elif isinstance(event, Jackpot):
            text += f" (third {rules.COLOURS[event.colour]}: jackpot of {event.cards})"
    # Whoever ended the round, the history (and the turns since a person's last) says so.
    ended = round_ended(prior, after, action.card if action.kind in ("line", "hand") else None)
    if ended is not None:
        numbers, bets, to_end, deck = ended
        parts = [f"{format_cards(numbers, letter=True)} to the jackpots"] if numbers else []
        parts += [f"{format_cards(bets)} discarded"] if bets else []
        if parts:
            text += f"\nround over: {'; '.join(parts)}"
        if to_end:
            written = deck_said(deck, lambda cards: format_cards(cards, letter=True))
            text += f"\nthe deck cannot fill a market: {written}"
    return text


def describe_gain(score: Any) -> str:
    """What a scored line gave: ``points 57 60 = 2, bet B4 won +4, total +6``."""
    parts = [f"points {score.points}"]
    if score.bet is not None:
        parts.append(f"bet B{score.bet} {score.token:+d}")
    return ", ".join(parts) + f", total {score.total:+d}"
