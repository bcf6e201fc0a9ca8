"""IOTA on the screen: the grid with its coordinates, hands, scores, turns and their breakdown."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import click

from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.words import counted
from cardside.games.iota import placement, rules
from cardside.games.iota.moves import Move
from cardside.games.iota.notation import (
    band_of,
    format_action,
    format_card,
    grid_lines,
    parse_action,
    parse_card,
)
from cardside.games.iota.rules import (
    HAND_SIZE,
    WILD,
    Action,
    Cell,
    Pass,
    Play,
    Swap,
    turn_numbers,
)
from cardside.games.iota.state import Turn, View, last_play_cells, not_held, passes_to_end
from cardside.tui.console import Console
from cardside.tui.grammar import agree
from cardside.tui.human import recap_start, steady
from cardside.tui.style import Style

FG = ("red", "yellow", "green", "blue")

HELP = "\n".join(
    [
        "  A card is its colour (R red, Y yellow, G green, B blue), shape (C circle, "
        "S square, T triangle, X cross) and number: YS2. W is a wild; on the grid * marks "
        "the cards of the last play.",
        "  Play cards with their cells: YS2 0,1 RT1 1,1 (x to the right, y upwards; the "
        "starter is at 0,0).",
        "  pass keeps your hand; pass YS2 RT1 exchanges those cards.",
        "  swap GC3 1,0 gives GC3 for the wild at 1,0 (first, once a turn).",
        "  history lists every turn. Tab completes your cards, and after a card the cells "
        "some legal play puts it in (one far from the grid needs more cards to reach it).",
    ]
)


class IotaScreen:
    """Formats IOTA positions and turns for one table of named players."""

    def __init__(self, console: Console, style: Style, names: Sequence[str]) -> None:
        self.console = console
        self.style = style
        self.names = list(names)

    def card(self, card: int) -> str:
        text = format_card(card)
        if not self.style.color:
            return text
        if card == WILD:
            return click.style(text, bold=True)
        return click.style(text, fg=FG[rules.colour(card)], bold=True)

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in sorted(cards)) or "-"

    def grid(
        self, grid: Mapping[Cell, int], marks: Iterable[Cell] = (), indent: int = 2
    ) -> list[str]:
        """The grid as :func:`~cardside.games.iota.notation.grid_lines` lays it out, in bands
        as wide as the terminal less ``indent`` (the room its caller puts before each line),
        each card in its colour."""
        return grid_lines(
            grid,
            marks,
            width=self.console.columns(),
            indent=indent,
            ascii=self.style.ascii,
            show=self.card,
        )

    def scores(self, scores: Sequence[int], turn: int | None = None) -> str:
        parts = []
        for i, s in enumerate(scores):
            name = self.names[i]
            parts.append(f"{self.style.bold(name) if i == turn else name} {s}")
        return ", ".join(parts)

    def lines(self, scored: placement.Scored, final: bool) -> list[str]:
        """Each line with its cards and value, each doubling and why, and the total."""
        out = []
        for ln in scored.lines:
            cards = " ".join(self.card(c) for c in ln.cards)
            lot = " (a lot)" if ln.lot else ""
            out.append(f"  {ln.name}: {cards} = {ln.value}{lot}")
        values = [ln.value for ln in scored.lines]
        if len(values) == 1 and not rules.doublings(scored.lots, scored.all4, final):
            return out  # one line, nothing doubled: its value is the turn's score
        text = rules.breakdown(values, scored.lots, scored.all4, final)
        out.append("  " + (text.replace("×", "x") if self.style.ascii else text))
        return out

    def turn(self, t: Turn) -> list[str]:
        """What a turn did, in words, with the score's breakdown for a play."""
        name = self.names[t.seat]
        action = t.action
        if isinstance(action, Swap):
            wild = f"for the wild at {action.x},{action.y}"
            return [f"{agree(name, 'swap')} {self.card(action.card)} {wild}."]
        if isinstance(action, Pass):
            if not action.cards:
                return [f"{agree(name, 'pass')}."]
            n = len(action.cards)
            exchange = agree(name, "exchange").removeprefix(name + " ")
            return [f"{agree(name, 'pass')} and {exchange} {counted(n, 'card')}."]
        assert isinstance(action, Play) and t.scored is not None
        placed = " ".join(f"{self.card(c)} {x},{y}" for c, x, y in action.cards)
        head = f"{agree(name, 'play')} {placed}: {counted(t.score, 'point')}"
        if t.final:
            head += " (the last card: the turn is doubled)"
        return [head + ".", *self.lines(t.scored, t.final)]

    def turn_line(self, t: Turn) -> str:
        """A turn on one line: a play with each line's value in brackets (``Bot 2 plays RC2
        0,-6: 11 points (row y=-6 4, column x=0 7).``)."""
        head = self.turn(t)[0]
        if not isinstance(t.action, Play) or t.scored is None:
            return head
        reasons = rules.doublings(t.scored.lots, t.scored.all4, t.final)
        if len(t.scored.lines) < 2 and not reasons:
            return head
        values = ", ".join(f"{ln.name} {ln.value}" for ln in t.scored.lines)
        doubled = f"; doubled for {', '.join(reasons)}" if reasons else ""
        return f"{head[:-1]} ({values}{doubled})."

    def history(self, log: Sequence[Turn]) -> list[str]:
        numbers = turn_numbers((t.seat, t.action) for t in log)
        out = [f"  {number:>3}. {self.turn(t)[0]}" for number, t in zip(numbers, log)]
        return out or ["  No turns yet."]


def since_last_turn(log: Sequence[Turn], seat: int) -> list[Turn]:
    """The turns from the start of ``seat``'s last turn (a swap and its play are one) on;
    within a turn (resumed after its swap), from the turn before (see ``recap_start``)."""
    start = recap_start([t.seat for t in log], seat)
    return list(log if start is None else log[start:])


class IotaTurn:
    """The human's turn in ``iota play``: draw the table, read an action, offer hints."""

    #: ``swap`` is a word of the notation even when no wild can be taken back (Tab then
    #: leaves it out), so that a swap written wrong is told how to write one.
    vocabulary = ("swap",)

    def __init__(self, screen: IotaScreen, hint_bot: Any) -> None:
        self.screen = screen
        self.hint_bot = hint_bot
        self._moves: tuple[Any, list[Move]] | None = None

    def moves(self, obs: View) -> list[Move]:
        if self._moves is None or self._moves[0] is not obs:
            self._moves = (obs, obs.moves())
        return self._moves[1]

    def show_asked(self, obs: View, seat: int) -> None:
        """``show``: the grid, the scores and the hand alone, so that a tall grid is seen
        whole; the turns since are in ``history``."""
        self._table(obs, seat)
        self.screen.console.say("  (history lists the turns)")

    def _table(self, obs: View, seat: int) -> None:
        """The grid, the scores, the pile and the seat's hand."""
        screen = self.screen
        say = screen.console.say
        say()
        for line in screen.grid(obs.grid, last_play_cells(obs.log)):
            say("  " + line)
        say(f"  scores: {screen.scores(obs.scores, obs.turn)}")
        pile = f"  pile: {counted(obs.pile_size, 'card')}"
        # What the table sees of the others' hands: their size, which once the pile runs low
        # says who can go out first (said when one holds fewer than a full hand).
        others = [p for p in range(obs.players) if p != seat]
        if any(obs.hand_sizes[p] < HAND_SIZE for p in others):
            held = ", ".join(f"{screen.names[p]} {obs.hand_sizes[p]}" for p in others)
            pile += f"; cards in hand: {held}"
        say(pile)
        name = screen.names[seat]
        whose = "your" if name == "You" else f"{name}'s"
        say(f"  {whose} hand: {screen.cards(obs.hand)}")

    def show(self, obs: View, seat: int) -> None:
        screen = self.screen
        say = screen.console.say
        before = screen.console.said_lines
        self._table(obs, seat)
        table = screen.console.said_lines - before
        name = screen.names[seat]
        # What happened since this seat's last turn, under the grid and next to the prompt,
        # where a grid drawn in bands cannot push it out of view.
        turns = since_last_turn(obs.log, seat)
        notes = []
        cells = last_play_cells(obs.log)
        if cells and obs.grid:
            # A grid drawn in bands may have put the last play above the screen's top.
            width = screen.console.columns()
            number, count = band_of(obs.grid, cells[0], width=width, indent=2)
            if number < count:
                notes.append(
                    f"  (the last play, starred, is in part {number} of {count} of the grid above)"
                )
        if not self.moves(obs):
            notes.append("  No card of this hand fits anywhere: pass (or swap a wild first).")
        idle, left, empty = passes_to_end(obs)
        if idle and left <= obs.players:
            # The end by passes comes without a card played: said while it can still be seen
            # coming (the blocked grid is a ruling a newcomer may not know).
            why = "the pile is empty" if empty else "a blocked grid: see rules"
            more = "1 more pass ends" if left == 1 else f"{left} more passes in a row end"
            notes.append(
                f"  No one has played for {counted(idle, 'turn')}: {more} the game ({why})."
            )
        if turns:
            if recap_start([t.seat for t in obs.log], seat) is not None:
                heading = f"  Since {'your' if name == 'You' else name + chr(39) + 's'} last turn:"
            else:
                heading = "  Since the game began:"
            recap = [heading, *("    " + ln for t in turns for ln in screen.turn(t))]
            # Too tall for the terminal (three bots' plays, a tall grid): each turn on one
            # line with its lines' values, so that the grid's top stays in sight.
            short = [heading, *("    " + screen.turn_line(t) for t in turns)]
            used = table + sum(map(screen.console.rows_of, notes))
            for line in screen.console.fit(recap, used, lambda _: short):
                say(line)
        for line in notes:
            say(line)

    def prompt(self, obs: View, seat: int) -> str:
        who = "Your" if self.screen.names[seat] == "You" else f"{self.screen.names[seat]}'s"
        # What to type, as every game's prompt says it (help has the rest): one card of the
        # hand where it may go (the first such in the list, an example of the form that would
        # be taken, not advice), else a card beside the grid.
        singles = [m.play.cards[0] for m in self.moves(obs) if len(m.play.cards) == 1]
        one = next((p for p in singles if p[0] != WILD), singles[0] if singles else None)
        if one is not None:
            example = f"{format_card(one[0])} {one[1]},{one[2]}"
        else:
            card = next((format_card(c) for c in obs.hand if c != WILD), "YS2")
            example = f"{card} {max((cx for cx, cy in obs.grid if cy == 0), default=-1) + 1},0"
        swapped = " (after the swap)" if obs.swapped else ""
        return f"{who} turn{swapped} (e.g. {example}, or pass): "

    def words(self, obs: View, seat: int, typed: str = "") -> Iterable[str]:
        tokens = typed.split()
        done = tokens if not typed or typed[-1:].isspace() else tokens[:-1]
        hand = [format_card(c) for c in sorted(set(obs.hand))]
        swaps = obs.swaps()  # only swaps that can be made: a card that can stand for a wild
        if not done:
            return [*hand, "pass", *(["swap"] if swaps else [])]
        head = done[0].lower()
        if head == "pass":
            return hand
        if head == "swap":
            if len(done) == 1:
                return sorted({format_card(w.card) for w in swaps})
            if len(done) == 2:
                try:
                    card = parse_card(done[1])
                except NotationError:
                    return []
                return [f"{w.x},{w.y}" for w in swaps if w.card == card]
            return []
        try:
            pairs = [(parse_card(done[i]), done[i + 1]) for i in range(0, len(done) - 1, 2)]
            if len(done) % 2 == 0:
                used = [c for c, _ in pairs]
                return [
                    c for c in hand if used.count(parse_card(c)) < obs.hand.count(parse_card(c))
                ]
            card = parse_card(done[-1])
        except NotationError:
            return []
        cells: set[str] = set()
        for move in self.moves(obs):
            placed = {(c, f"{x},{y}") for c, x, y in move.play.cards}
            if all(p in placed for p in pairs):
                cells.update(cell for c, cell in placed if c == card and (c, cell) not in pairs)
        return sorted(cells, key=lambda t: tuple(map(int, t.split(","))))

    def parse(self, text: str, obs: View, seat: int) -> Action:
        action = parse_action(text)
        if isinstance(action, Swap) and obs.swapped:
            raise IllegalActionError("one swap a turn: now play or pass")
        cards = (
            [c for c, _, _ in action.cards]
            if isinstance(action, Play)
            else list(action.cards)
            if isinstance(action, Pass)
            else [action.card]
        )
        fault = not_held(obs.hand, cards)
        if fault:
            raise IllegalActionError(fault)
        if isinstance(action, Play):
            result = placement.check(obs.grid, action.cards)
            if isinstance(result, str):
                raise IllegalActionError(result)
        elif isinstance(action, Swap):
            fault = placement.check_swap(obs.grid, action.card, (action.x, action.y))
            if fault:
                raise IllegalActionError(fault)
        elif action.cards and obs.pile_size == 0:
            raise IllegalActionError(
                "the pile is empty, so there is nothing to exchange: type pass alone"
            )
        return action

    def hint(self, obs: View, seat: int) -> str:
        position = (obs.log, obs.hand, obs.swapped)
        advice = steady(self.hint_bot, seat, position).hint(obs, seat)
        return f"hint: {format_action(advice.action)} ({advice.reason})"

    def help(self) -> str:
        return HELP
