"""``schnapsen play``: you against a bot, a whole match, saved after every move."""

from __future__ import annotations

from typing import Any

from cardside.core.loop import Loop
from cardside.core.words import counted
from cardside.games.schnapsen.deal import NO_CARD
from cardside.games.schnapsen.rules import CARDS
from cardside.games.schnapsen.sheet import action_text
from cardside.games.schnapsen.state import SchnapsenState
from cardside.sessions.journal import Journal
from cardside.tui.console import Console
from cardside.tui.human import Human
from cardside.tui.play import bot_seed, record_undo, run_loop, say_seen, seat_players
from cardside.tui.schnapsen.screen import (
    SchnapsenScreen,
    SchnapsenTurn,
    describe_action,
    describe_trick,
    finished_deal,
)
from cardside.tui.style import Style


def run_play(
    journal: Journal,
    state: SchnapsenState,
    console: Console,
    style: Style,
    movers: list[int] | None = None,
) -> str:
    """Play (or continue) the match in ``journal``; return ``"over"`` or ``"quit"``."""
    from cardside.games.schnapsen.bots import make_bot

    session = journal.session
    names = session.player_names
    level = session.options.get("level", "normal")
    screen = SchnapsenScreen(console, style, names)
    # Advice for a person values the match between equal players: the bot's own table
    # assumes the side it plays for is the stronger.
    hint_bot = make_bot("strong", level, seed=bot_seed(journal, "hint"), favourite=False)
    human = next(i for i, seat in enumerate(session.seats) if seat.kind == "human")
    seats = seat_players(
        journal,
        lambda seat: Human(
            seat.name, console, SchnapsenTurn(screen, hint_bot), lambda: history(state, screen)
        ),
        lambda name, seed: make_bot(name, level, seed=seed),
    )
    before: list[Any] = [state.deal, len(state.history)]

    def on_action(seat: int, action: Any) -> None:
        journal.append({"type": "action", "seat": seat, "action": action_text(action)})
        prior = before[0]
        ended = len(state.history) > before[1]
        after = finished_deal(state) if ended else state.deal
        for line in describe_action(
            screen, prior, seat, action, show_card=seat != human, ended=ended
        ):
            console.say(line)
        for line in describe_trick(screen, prior, after, human):
            console.say(line)
        if ended:
            screen.deal_over(after, state.history[-1], state.is_terminal(), state)
        before[:] = [state.deal, len(state.history)]

    def on_undo(count: int, seen: str) -> None:
        record_undo(journal, count, seen)
        before[:] = [state.deal, len(state.history)]
        console.say(f"  Took back {counted(count, 'move')}.")
        say_seen(console, seen)

    # A match stopped while the bot was to answer your lead: say what it answers, before its
    # answer comes ahead of any table.
    lead = state.deal.lead
    if not state.is_terminal() and lead != NO_CARD and state.current_player() != human:
        console.say(f"{names[human]} led {screen.card(CARDS[lead])}; {names[1 - human]} answers.")
    loop = Loop(state, seats, on_action=on_action, on_undo=on_undo, movers=movers)
    return run_loop(loop, console, journal)


def history(state: SchnapsenState, screen: SchnapsenScreen) -> str:
    """The finished deals, one line each, then what the deal being played has seen so far:
    its tricks, each marriage beside the trick it led, an exchange and a close where they
    came."""
    lines = [screen.deal_line(record) for record in state.history]
    if not state.is_terminal():
        lines.append(f"Deal {state.deal_no}, so far:")
        events = _deal_events(state, screen)
        lines += events if events else ["  no trick yet"]
    return "\n".join(lines)


def _deal_events(state: SchnapsenState, screen: SchnapsenScreen) -> list[str]:
    """The deal under way, one line for each trick, exchange and close, in order, then the
    card led in the trick under way (with the marriage declared with it), if one is."""
    from cardside.games.schnapsen.rules import (
        CARDS,
        SUITS,
        Close,
        Exchange,
        Marriage,
        marriage_points,
    )

    snaps = state.snapshots()
    arrow = screen.style.arrow()
    out: list[str] = []
    declared = ""
    for before, action, after in zip(snaps, state.actions(), snaps[1:]):
        if before.deal_no != state.deal_no or after.deal_no != state.deal_no:
            continue
        deal, seat = before.deal, before.deal.to_move
        if isinstance(action, Exchange):
            indicator = screen.card(CARDS[deal.stock[-1]])
            out.append(f"  {screen.does(seat, 'exchange')} the trump Jack for {indicator}")
        elif isinstance(action, Close):
            out.append(f"  {screen.does(seat, 'close')} the stock (phase 2 from here)")
        elif isinstance(action, Marriage):
            value = marriage_points(SUITS.index(action.card.suit), deal.trump)
            declared = (
                f" ({screen.does(seat, 'declare')} {value} in {screen.suit(action.card.suit)})"
            )
        if len(after.deal.tricks) > len(deal.tricks):
            t = after.deal.tricks[-1]
            text = screen.trick_text(t.leader, CARDS[t.lead], CARDS[t.reply])
            number = len(after.deal.tricks)
            out.append(f"  trick {number}: {text} {arrow} {screen.names[t.winner]}{declared}")
            declared = ""
    lead = state.lead_card
    if lead is not None:
        led = f"{screen.names[state.leader]} led {screen.card(lead)}"
        out.append(f"  the trick under way: {led}{declared}")
    return out
