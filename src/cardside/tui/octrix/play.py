"""``octrix play``: you against bots, the session saved after every card (a bot's card for the
open trick once yours is chosen)."""

from __future__ import annotations

from typing import Any

from cardside.core.loop import Loop
from cardside.core.words import counted
from cardside.games.octrix import rules
from cardside.games.octrix.sheet import card_text
from cardside.games.octrix.state import OctrixState
from cardside.sessions.journal import Journal
from cardside.tui.console import Console
from cardside.tui.human import Human
from cardside.tui.octrix.screen import OctrixScreen, OctrixTurn, rule_of_last_trick
from cardside.tui.play import record_undo, run_loop, say_seen, seat_players
from cardside.tui.style import Style


def run_play(
    journal: Journal,
    state: OctrixState,
    console: Console,
    style: Style,
    movers: list[int] | None = None,
) -> str:
    """Play (or continue) the game in ``journal``; return ``"over"`` or ``"quit"``."""
    from cardside.games.octrix.bots import make_bot

    names = journal.session.player_names
    screen = OctrixScreen(console, style, names, state.sides)
    hint_seed = journal.session.seed or 0
    seats = seat_players(
        journal,
        lambda seat: Human(
            seat.name,
            console,
            OctrixTurn(screen, hint_seed, state.partnership),
            lambda: history(state, screen),
        ),
        lambda name, seed: make_bot(name, seed=seed),
        # Cards are laid at once: after an undo the bot's card, seen, is chosen afresh (and
        # the game, its undo marked, no longer counts in ratings).
        same_reply=False,
    )

    humans = [i for i, seat in enumerate(journal.session.seats) if seat.kind == "human"]
    # A card laid face down for the open trick is kept out of the file while a person at the
    # terminal who may not see it has still to choose (a trick's cards are chosen unseen; the
    # partnership game's first two are face up once both are down, and then saved). Quitting
    # before that drops only those cards: the bots choose again on resume.
    held: list[dict[str, Any]] = []

    def hidden_from_a_chooser() -> bool:
        pending = state.snapshot.pending
        return any(
            pending[h] is None
            and any(c is not None and x not in state.face_up(h) for x, c in enumerate(pending))
            for h in humans
        )

    seen = on_table(state, humans[0])

    def on_action(seat: int, card: Any) -> None:
        nonlocal seen
        held.append({"type": "card", "seat": seat, "card": card_text(card)})
        if not hidden_from_a_chooser():
            for entry in held:
                journal.append(entry)
            held.clear()
        announce(state, screen)
        seen = on_table(state, humans[0])

    def on_undo(count: int, shown: str) -> None:
        nonlocal seen
        unsaved = min(count, len(held))
        del held[len(held) - unsaved :]
        if count > unsaved:
            record_undo(journal, count - unsaved, shown)
        # Count what the person sees come back, not the moves: a bot's card laid face down
        # for the next trick was never seen (and one that stays down looks back in its hand).
        before, seen = seen, on_table(state, humans[0])
        back = before - seen
        # More than the person's own: the trick's other cards went back too.
        again = "; the trick's cards go back to their hands and the bots choose again" * (back > 1)
        console.say(f"  Took back {counted(back, 'card')}{again}.")
        say_seen(console, shown)

    def hidden_before(seat: int, mover: int) -> bool:
        """Whether ``mover``'s card is laid face down for the open trick, unseen by ``seat``
        when it chose, after ``seat``'s card was taken back: the trick showed it since."""
        pending = state.snapshot.pending
        return (
            pending[seat] is None
            and pending[mover] is not None
            and (mover not in state.face_up(seat))
        )

    loop = Loop(
        state,
        seats,
        on_action=on_action,
        on_undo=on_undo,
        movers=movers,
        hidden_before=hidden_before,
    )
    return run_loop(loop, console, journal, "Game")


def on_table(state: OctrixState, seat: int) -> int:
    """How many cards of the game ``seat`` sees played (a card laid face down is still in
    its player's hand for ``seat``)."""
    s = state.observation(seat).snapshot
    done = sum(len(t) for r in s.rounds for t in r.tricks)
    return done + sum(map(len, s.tricks)) + sum(c is not None for c in s.pending)


def history(state: OctrixState, screen: OctrixScreen) -> str:
    """Every trick so far, round by round, with each finished round's scores."""
    s = state.snapshot
    names = screen.names
    arrow = screen.style.arrow()
    lines: list[str] = []

    def tricks(cards: Any, winners: Any) -> None:
        in_force = rules.trick_rules(cards)
        for number, (trick, winner, rule) in enumerate(zip(cards, winners, in_force), 1):
            shown = ", ".join(f"{names[seat]} {screen.card(c)}" for seat, c in enumerate(trick))
            why = "highest card" if rule is rules.Rule.HIGHEST else "lowest card"
            lines.append(f"  trick {number}: {shown} {arrow} {names[winner]} ({why})")

    for result in s.rounds:
        lines.append(f"Round {result.number} (dealer {names[result.dealer]}):")
        tricks(result.tricks, result.trick_winners)
        scores = ", ".join(
            f"{screen.side_name(side)} {score}" for side, score in enumerate(result.scores)
        )
        lines.append(f"  round scores: {scores}")
    if not state.is_terminal():
        lines.append(f"Round {s.round_no + 1} (dealer {names[s.dealer]}), so far:")
        tricks(s.tricks, s.trick_winners)
        if not s.tricks:
            lines.append("  no trick yet")
    totals = ", ".join(f"{screen.side_name(side)} {t}" for side, t in enumerate(s.totals))
    lines.append(f"Running totals: {totals}")
    return "\n".join(lines)


def announce(state: OctrixState, screen: OctrixScreen) -> None:
    """After a card: if it completed a trick (or a round), say what happened."""
    s = state.snapshot
    if any(c is not None for c in s.pending):
        return
    if s.tricks:
        tricks, winners = s.tricks, s.trick_winners
    else:
        tricks, winners = s.rounds[-1].tricks, s.rounds[-1].trick_winners
    number = len(tricks)
    rule = rule_of_last_trick(tricks)
    if number < rules.TRICKS_PER_ROUND:
        screen.trick(number, tricks[-1], rule, winners[-1], s.rule, rules.rule_reason(tricks[-1]))
        return
    screen.trick(number, tricks[-1], rule, winners[-1], None, "")
    last = s.rounds[-1]
    screen.round_end(last.number, last.counting, last.scores, s.totals, s.winner, state.target)
