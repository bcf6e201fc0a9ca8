"""LinesBeta on the screen: the grid with its labels, the challenge narrated card by card,
and the human's turn in ``linesbeta play``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from cardside.core.cards import Card
from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.schema import cut
from cardside.games.linesbeta import rules
from cardside.games.linesbeta.notation import (
    NAMES,
    face_down_mark,
    format_card,
    format_cell,
    format_line_end,
    gap_mark,
    is_cell_form,
    parse_card,
    parse_cell,
    parse_challenge,
)
from cardside.games.linesbeta.rules import (
    CARDS,
    CODE,
    GAP,
    LINE_CELLS,
    LINES,
    SIZE,
    Action,
    Challenge,
    ChooseCell,
    ChooseTrump,
    Line,
    Verdict,
)
from cardside.games.linesbeta.view import (
    HIDDEN,
    PHASE_CELL,
    PHASE_PLAY,
    PHASE_TRUMP,
    Observation,
    Trick,
)
from cardside.tui.console import Console
from cardside.tui.style import Style

SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")
SUIT_ONE = ("club", "spade", "heart", "diamond")
END_WORDS = {"L": "the left", "R": "the right", "T": "the top", "B": "the bottom"}


class Seen(NamedTuple):
    """A face-down card the player saw turned up before an undo took that turn back."""

    card: Card


#: The grid's width in columns with its cells of 5 (labels, then 6 cells).
GRID_WIDTH = 7 + 5 * 6

# What a cell shows: a card, a card seen before an undo, or one of these marks.
CellMark = Card | Seen | str
SEEN_MARK = "*"


class LinesBetaScreen:
    """Formats the grid, hands, challenges and results of one LinesBeta game."""

    def __init__(self, console: Console, style: Style, player: str = "You") -> None:
        self.console = console
        self.style = style
        self.player = player

    # -- pieces -----------------------------------------------------------------------------
    def card(self, card: Card | int) -> str:
        if isinstance(card, int):
            card = CARDS[card]
        return self.style.card(card, NAMES)

    def cards(self, codes: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in sorted(codes)) or "-"

    def face_down(self) -> str:
        return face_down_mark(self.style.ascii)

    def gap(self) -> str:
        return gap_mark(self.style.ascii)

    def blocked_mark(self) -> str:
        return "x" if self.style.ascii else "✕"

    def grid(self, cell: Callable[[int], CellMark], blocked: int) -> list[str]:
        """The 6x6 grid with row and column labels; blocked lines carry a mark.

        ``cell(i)`` gives a card, ``"down"``, ``"gap"`` or ``"up"`` (face up, card unknown).
        """
        mark = self.blocked_mark()
        # On a terminal narrower than the grid's 37 columns, narrower cells and labels (29
        # columns): a row is never wrapped across two lines.
        columns = self.console.columns()
        narrow = columns is not None and columns < GRID_WIDTH
        width, lead = (4, "") if narrow else (5, "  ")
        label = len(lead) + 5
        header = " " * label + "".join(f"{'c' + str(c):>{width}}" for c in range(1, SIZE + 1))
        out = [header]
        for r in range(SIZE):
            row_mark = mark if blocked >> r & 1 else " "
            parts = []
            marked = False
            for c in range(SIZE):
                value = cell(r * SIZE + c)
                text = self._cell_text(value, width)
                # A seen card's mark stands in the next cell's first space, so that every
                # card of a column ends in the same place.
                parts.append(text[1:] if marked else text)
                marked = isinstance(value, Seen)
            out.append(f"{lead}r{r + 1} {row_mark} " + "".join(parts))
        cols = [mark if blocked >> (SIZE + c) & 1 else " " for c in range(SIZE)]
        if any(m != " " for m in cols):
            out.append((" " * label + "".join(f"{m:>{width}}" for m in cols)).rstrip())
        return out

    def _cell_text(self, value: CellMark, width: int = 5) -> str:
        if isinstance(value, Seen):
            raw = format_card(value.card, ascii=self.style.ascii)
            return " " * max(0, width - len(raw)) + self.style.dim(raw + SEEN_MARK)
        if isinstance(value, Card):
            text = self.card(value)
            shown = len(format_card(value, ascii=self.style.ascii))
        else:
            raw = {"down": self.face_down(), "gap": self.gap(), "up": "up"}[value]
            text = self.style.dim(raw) if value == "down" else raw
            shown = len(raw)
        return " " * (width - shown) + text

    def legend(self, seen: bool = False, up: bool = False) -> str:
        """What the marks mean; ``seen`` adds the mark of a card seen before an undo, ``up``
        the mark of a face-up card whose card is not known (a kept game)."""
        text = (
            f"  {self.face_down()} face down   {self.gap()} gap   "
            f"{self.blocked_mark()} line blocked: it has a gap"
        )
        if up:
            text += "\n  up face up (the card itself is not entered)"
        if seen:
            text += f"\n  {SEEN_MARK} face down again after an undo: you saw that card there"
        return text

    def lines(self, lines: Iterable[Line | int]) -> str:
        return " ".join(str(Line(x)) for x in lines) or "none"

    def score(self, player: int, grid: int, targets: tuple[int, int]) -> str:
        return f"{self.player} {player} of {targets[0]}, grid {grid} of {targets[1]}"

    # -- a played game ----------------------------------------------------------------------
    def position(self, obs: Observation) -> None:
        """Round, score, grid, trump and hand as the player sees them."""
        say = self.console.say
        length = "full game" if obs.length == "full" else "short game"
        if obs.phase == PHASE_TRUMP:
            where = f"Round {obs.round} of {obs.rounds}: choose the trump card"
        else:
            trick = len(obs.tricks) + (obs.phase == PHASE_PLAY)
            where = f"Round {obs.round} of {obs.rounds}, trick {trick} of 6"
        say()
        say(self.style.bold(f"{where}  ({obs.difficulty}, {length})"))
        say(
            "  Score: "
            + self.score(obs.player, obs.grid_points, (obs.player_target, obs.grid_target))
        )

        def cell(i: int) -> CellMark:
            c = obs.grid[i]
            if c == GAP:
                return "gap"
            if c == HIDDEN:
                return "down"
            if obs.remembered >> i & 1:
                return Seen(CARDS[c])
            return CARDS[c]

        for line in self.grid(cell, obs.blocked):
            say(line)
        say(self.legend(seen=bool(obs.remembered)))
        if obs.phase == PHASE_TRUMP:
            say(f"  Dealt: {self.cards(obs.hand)}")
        else:
            suit = SUIT_WORDS[obs.trump // 13]
            say(f"  Trump: {self.card(obs.trump)} ({suit})   Hand: {self.cards(obs.hand)}")
            open_lines = [x for x in range(LINES) if not obs.blocked >> x & 1]
            say(f"  Complete lines: {self.lines(open_lines)}")

    def challenge(self, before: Any, trick: Trick, *, choose: bool = True) -> None:
        """A challenge turned over card by card, then its result and the reason.

        ``choose`` is False when a case-c win settles the game, so no card is chosen.
        """
        say = self.console.say
        line = Line(trick.line)
        end = line.ends[trick.end]
        say(f"{self.card(trick.played)} against {line} from {END_WORDS[end]}:")
        turned = set(trick.turned)
        for cell in trick.visited:
            how = "turned up" if cell in turned else "already face up"
            say(f"  {format_cell(*rules.row_col(cell))}: {self.card(before.grid[cell])} ({how})")
        played = self.card(trick.played)
        suit = SUIT_ONE[trick.played // 13]
        trumps = before.trump // 13
        if trick.case == "a":
            grid_card = self.card(before.grid[trick.grid_cell])
            first = f"the first {suit}" + (" (trumps)" if trick.played // 13 == trumps else "")
            if trick.player_wins:
                say(
                    f"  The grid plays {grid_card}, {first}; {played} is higher: "
                    + self.style.good("you win the trick")
                    + " (case a)."
                )
            else:
                say(
                    f"  The grid plays {grid_card}, {first}; it beats {played}: "
                    + self.style.bad("the grid wins the trick")
                    + " (case a)."
                )
        elif trick.case == "b":
            grid_card = self.card(before.grid[trick.grid_cell])
            say(
                f"  No {suit} in {line}; the grid trumps with its lowest trump {grid_card}: "
                + self.style.bad("the grid wins the trick")
                + " (case b)."
            )
        else:
            none = (
                f"no {suit} and no trump" if trick.played // 13 != trumps else f"no {suit} (trumps)"
            )
            then = ", and you choose which card the grid gives up" if choose else ""
            say(
                f"  {none.capitalize()} in {line}: "
                + self.style.good("you win the trick")
                + f" (case c){then}."
            )

    def cell_chosen(self, before: Any, cell: int) -> None:
        self.console.say(
            f"  The grid gives up {self.card(before.grid[cell])} from "
            f"{format_cell(*rules.row_col(cell))}."
        )

    def after_trick(self, trick: Trick, player: int, grid: int, targets: tuple[int, int]) -> None:
        """The score after a finished trick."""
        self.console.say(f"  Trick {trick.number}: {self.score(player, grid, targets)}.")

    def round_over(self, number: int, won: int, lost: int, returned: Sequence[int]) -> None:
        say = self.console.say
        say(self.style.bold(f"Round {number} over: this round you won {won}, the grid {lost}."))
        back = "the 12 trick cards and the trump card"
        if returned:
            word = "line" if len(returned) == 1 else "lines"
            back += f", and {word} {self.lines(returned)} (all face up)"
        say(f"  Back to the deck: {back}. Gaps are refilled face down.")

    def verdict(self, verdict: Verdict, round_no: int, trick: int) -> None:
        say = self.console.say
        when = (
            f"The game ends in mid-round (an early stop), after trick {trick} of round {round_no}"
            if verdict.early
            else f"The game ends after round {round_no}"
        )
        say(self.style.bold(when + "."))
        if verdict.player_wins:
            say(self.style.good(self.said_of(f"You win: {verdict.reason}.")))
        else:
            say(self.style.bad(self.said_of(f"You lose: {verdict.reason}.")))

    def said_of(self, text: str) -> str:
        """``text``, said to the player (``You win: you reached your target``), said of the
        player by name when they were named (``Ann wins: Ann reached their target``), as the
        table names them."""
        name = self.player
        if name == "You":
            return text
        for pattern, named in _OF_THE_PLAYER:

            def of(found: re.Match[str], said: str = named) -> str:
                return said.format(*found.groups(), name=name)

            text = pattern.sub(of, text)
        return text


#: What the rules and the sheet say to the player, and how it reads of a named player.
_OF_THE_PLAYER = [
    (re.compile(r"\b[Yy]ou win\b"), "{name} wins"),
    (re.compile(r"\b[Yy]ou lose\b"), "{name} loses"),
    (re.compile(r"\b[Yy]ou reached your target\b"), "{name} reached their target"),
    (re.compile(r"\b[Yy]ou did not reach your target\b"), "{name} did not reach their target"),
    (re.compile(r"\byou reached (\d+) too\b"), "{name} reached {0} too"),
    (re.compile(r"\btotal you\b"), "total {name}"),
    (re.compile(r"\bthis round you\b"), "this round {name}"),
]


def returned_lines(before: Any, trick: Trick, cell: int) -> list[int]:
    """The lines that go back to the deck if ``trick`` (its grid card at ``cell``) ends the round.

    Computed on the grid as it is once the grid's card has left, with the same rule the game
    uses between rounds.
    """
    grid = list(before.grid)
    grid[cell] = GAP
    face_up = before.face_up
    for c in trick.turned:
        face_up |= 1 << c
    face_up &= ~(1 << cell)
    return rules.fully_face_up_lines(grid, face_up)


class LinesBetaTurn:
    """The human's turn in ``linesbeta play``: draw the grid, read an action, give hints."""

    vocabulary = ("trump",)

    def __init__(self, screen: LinesBetaScreen, hint: Callable[[Observation], Any]) -> None:
        self.screen = screen
        self._hint = hint

    def show(self, obs: Observation, seat: int) -> None:
        self.screen.position(obs)
        if obs.phase == PHASE_CELL:
            self._cell_choices(obs)

    def _cell_choices(self, obs: Observation) -> None:
        line = obs.tricks[-1].line
        shown = ", ".join(
            f"{format_cell(*rules.row_col(c))} {self.screen.card(obs.grid[c])}"
            for c in LINE_CELLS[line]
        )
        self.screen.console.say(f"  Cards of {Line(line)}: {shown}")

    def prompt(self, obs: Observation, seat: int) -> str:
        if obs.phase == PHASE_TRUMP:
            first = format_card(CARDS[obs.hand[0]], ascii=True) if obs.hand else "9H"
            return f"Trump card (one of your cards, e.g. {first}): "
        if obs.phase == PHASE_CELL:
            line = Line(obs.tricks[-1].line)
            return f"The grid's card from {line} (its cell or the card, e.g. {_example(obs)}): "
        return f"Your challenge (card, line, end: e.g. {_challenge_example(obs)}): "

    def words(self, obs: Observation, seat: int, typed: str = "") -> Iterable[str]:
        hand = [format_card(CARDS[c], ascii=True) for c in obs.hand]
        if obs.phase == PHASE_TRUMP:
            return hand
        if obs.phase == PHASE_CELL:
            cells = LINE_CELLS[obs.tricks[-1].line]
            cards = [format_card(CARDS[obs.grid[c]], ascii=True) for c in cells if obs.grid[c] >= 0]
            return [*(format_cell(*rules.row_col(c)) for c in cells), *cards]
        if typed.strip() and (typed.endswith(" ") or len(typed.split()) > 1):
            ends = []
            for x in range(LINES):
                if not obs.blocked >> x & 1:
                    line = Line(x)
                    ends += [f"{line}{e}" for e in line.ends]
            return ends
        return hand

    def parse(self, text: str, obs: Observation, seat: int) -> Action:
        action = self._read(text, obs)
        why = obs.why_illegal(action)
        if why:
            raise IllegalActionError(why)
        return action

    def _read(self, text: str, obs: Observation) -> Action:
        if obs.phase == PHASE_TRUMP:
            words = text.split()
            if len(words) == 2 and words[0].lower() == "trump":
                text = words[1]
            elif len(words) != 1:
                example = format_card(CARDS[obs.hand[0]], ascii=True) if obs.hand else "JS"
                raise NotationError(f"name one of the seven dealt cards as trump, e.g. {example}")
            return ChooseTrump(parse_card(text))
        if obs.phase == PHASE_CELL:
            return _chosen_cell(text, obs)
        first = text.split()[0]
        if len(obs.hand) == 1 and not _is_card(first):
            # With one card left, the line alone is enough.
            return parse_challenge(text, CARDS[obs.hand[0]])
        return parse_challenge(text)

    def hint(self, obs: Observation, seat: int) -> str:
        action, chance, why = self._hint(obs)
        ascii = self.screen.style.ascii
        if isinstance(action, ChooseTrump):
            return f"hint: trump {format_card(action.card, ascii=ascii)} ({why})"
        if isinstance(action, Challenge):
            where = format_line_end(action.line, action.end)
            return (
                f"hint: {format_card(action.card, ascii=ascii)} {where}: "
                f"wins this trick with an estimated chance of {chance:.0%}"
            )
        assert isinstance(action, ChooseCell)
        return f"hint: {format_cell(action.row, action.column)} ({why})"

    def help(self) -> str:
        mark = self.screen.blocked_mark()
        return "\n".join(
            [
                "  At a round's start, name the trump card from the seven dealt, e.g. 7H.",
                "  Then challenge a line with a card from your hand: JS r3 right, QH c2 bottom, "
                "or short: JS r3R, QH c2B (rows from the left L or right R, columns from the "
                f"top T or bottom B). A line with a gap (marked {mark}) cannot be challenged "
                "this round.",
                "  After a win with no card of your suit and no trump in the line, name the cell "
                "whose card the grid gives up, e.g. r3c2, or type that card. Tab completes "
                "cards, lines and cells.",
            ]
        )


def _chosen_cell(text: str, obs: Observation) -> ChooseCell:
    """The cell chosen after a case-c win, typed as a cell (``r3c2``) or as its card (``8H``)."""
    line = Line(obs.tricks[-1].line)
    if not _is_card(text.strip()):
        if not is_cell_form(text):
            raise NotationError(
                f"{cut(text.strip(), 20)!r} is neither a cell nor a card: type a cell of "
                f"{line} or its card, e.g. {_example(obs)}"
            )
        return ChooseCell(*parse_cell(text))  # a cell off the grid says so
    code = CODE[parse_card(text.strip())]
    name = format_card(CARDS[code], ascii=True)
    cells = [c for c in LINE_CELLS[line] if obs.grid[c] == code]
    if cells:
        return ChooseCell(*rules.row_col(cells[0]))
    example = _example(obs)
    elsewhere = [c for c in range(rules.CELLS) if obs.grid[c] == code]
    if elsewhere:
        where = format_cell(*rules.row_col(elsewhere[0]))
        raise IllegalActionError(
            f"{name} is at {where}, not in the challenged line {line}: "
            f"type a cell of {line} or its card, e.g. {example}"
        )
    raise IllegalActionError(
        f"{name} is not among the cards of {line}: type a cell of {line} or its card, "
        f"e.g. {example}"
    )


def _challenge_example(obs: Observation) -> str:
    """A challenge this position allows, as typed: your first card against the first open
    line's first end (``JS r3R``)."""
    card = format_card(CARDS[obs.hand[0]], ascii=True) if obs.hand else "JS"
    line = next((Line(x) for x in range(LINES) if not obs.blocked >> x & 1), None)
    return card if line is None else f"{card} {line}{line.ends[0]}"


def _example(obs: Observation) -> str:
    """A choice the case-c prompt allows, as a cell and as its card: ``r1c2 or 8H``."""
    cell = LINE_CELLS[obs.tricks[-1].line][0]
    example = format_cell(*rules.row_col(cell))
    if obs.grid[cell] >= 0:  # every card of the line is face up after case c
        example += f" or {format_card(CARDS[obs.grid[cell]], ascii=True)}"
    return example


def _is_card(word: str) -> bool:
    try:
        return parse_card(word) in CODE
    except NotationError:
        return False
