"""``linesbeta keep``: the two counters (and optionally the grid) for a physical game."""

from __future__ import annotations

import re
from typing import Any

from cardside.core.arith import parse_number
from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.schema import cut
from cardside.core.words import counted
from cardside.games.linesbeta import rules
from cardside.games.linesbeta.keep import Ledger, describe
from cardside.games.linesbeta.notation import format_cell, parse_cell, parse_line_end
from cardside.games.linesbeta.rules import DIFFICULTIES, LINE_CELLS, Line
from cardside.games.linesbeta.sheet import ledger_entry, replay_ledger, session_entry
from cardside.sessions.journal import Journal
from cardside.tui.console import QUIT_WORDS, SETUP_HELP, Console, not_understood, refusal
from cardside.tui.correcting import Corrector
from cardside.tui.keeping import (
    corrected_note,
    corrected_rows,
    keep_command,
    offer_correction,
    say_saved,
    starred,
)
from cardside.tui.linesbeta.screen import CellMark, LinesBetaScreen
from cardside.tui.style import Style
from cardside.tui.table import render

HELP_COUNTERS = """  w          you won the trick
  l          the grid won it
  w w l      several tricks in order
  round 4 2  a whole round: your tricks, the grid's (or 4-2, as score takes it)
  round      asks for the two counts (sums like 2+2 are fine; cancel leaves it)"""
HELP_GRID = """  w r3R r3c4      you won a challenge of row 3 from the right; the grid played r3c4
  l c2 top r5c2   the grid won a challenge of column 2 from the top with its card at r5c2
  add the case when it was b (no card of your suit in the line: the grid trumped) or c \
(no card of your suit and no trump: you won and chose the cell): every card of the line \
was turned up then, e.g. l r1L r1c4 b; a is the plain case, a card of your suit, and \
cardside counts every card from the end up to the grid's card as turned face up."""
HELP_COMMANDS = (
    "  commands: show (the sheet), undo (take back the last {undone}, or the last fix), "
    "fix N (correct entry N, one {entry}; fix alone lists the latest, fix all every one, "
    "fix round 2 those of round 2), undo N (take back entry N alone), rules (the rules page), "
    "quit (saved), help"
)
RESULT_WORDS = {"w": "w", "win": "w", "won": "w", "l": "l", "loss": "l", "lost": "l"}
#: A whole round written as ``score`` takes it: your tricks, a dash, the grid's (``4-2``).
ROUND_PAIR = re.compile(r"(\d{1,2})-(\d{1,2})")


def is_round(words: list[str]) -> bool:
    """A whole-round entry: ``round ...``, or a ``4-2`` alone."""
    return bool(words) and (
        words[0].lower() == "round"
        or (len(words) == 1 and ROUND_PAIR.fullmatch(words[0]) is not None)
    )


def round_words(words: list[str]) -> list[str]:
    """The counts of a whole-round entry (``is_round``), ``4-2`` read as ``4`` and ``2``."""
    counts = words[1:] if words[0].lower() == "round" else words
    pair = ROUND_PAIR.fullmatch(counts[0]) if len(counts) == 1 else None
    return [pair.group(1), pair.group(2)] if pair else counts


def ask_settings(
    console: Console, difficulty: str | None, short: bool | None, grid: bool | None
) -> tuple[str, str, bool] | None:
    """Difficulty, length and grid tracking: the options given, the rest asked for."""
    while difficulty is None:
        answer = console.ask_setup(
            "Difficulty (easy, normal, hard) [normal]: ", lambda _: DIFFICULTIES
        )
        if answer is None:
            return None
        answer = answer.lower() or "normal"
        if answer in DIFFICULTIES:
            difficulty = answer
        elif answer in ("help", "?"):
            console.say(
                "  the difficulty sets the targets, yours and the grid's: easy 21/21, normal "
                f"26/16, hard 31/11 (short game 12/12, 14/10, 18/6); Enter is normal; {SETUP_HELP}"
            )
        else:
            console.say(
                f"  {cut(answer, 20)!r} is not a difficulty: easy, normal or hard (type help)"
            )
    if short is None:
        short = console.ask_yes_no(
            "Short game (4 rounds instead of 7)? [y/N] ", yes=("short",), no=("full",)
        )
        if short is None:
            return None
    if grid is None:
        grid = console.ask_yes_no("Track the grid too (each challenge's line and cell)? [y/N] ")
        if grid is None:
            return None
    return difficulty, "short" if short else "full", grid


#: Columns left on the prompt's line for typing a trick, where the prompt shows an example.
TYPING_ROOM = 20


def parse_trick(text: str, track_grid: bool, round_open: bool = True) -> list[dict[str, Any]]:
    """Ledger entries for a line of input: ``w``, ``w w l``, or ``w r3R r3c4 [b] [turned ...]``."""
    words = text.split()
    if not track_grid:
        letters: list[str] = []
        for word in words:
            low = word.lower()
            if low in RESULT_WORDS:
                letters.append(RESULT_WORDS[low])
            elif set(low) <= {"w", "l"}:
                letters.extend(low)
            elif _is_line(word):
                raise NotationError(
                    "this session does not track the grid: enter just w or l "
                    "(start 'linesbeta keep --grid' to track lines and cells)"
                )
            elif len(words) == 2 and all(w.isdigit() for w in words):
                # Two counts: a whole round, written as one (before the round's first trick).
                whole = f"round {words[0]} {words[1]} (or {words[0]}-{words[1]})"
                raise NotationError(
                    f"a whole round is round YOURS GRID: {whole}; a trick is w (you won) or "
                    "l (lost)"
                    if round_open
                    else f"a trick is w (you won) or l (lost); {whole} enters a whole round, "
                    "before its first trick"
                )
            else:
                raise NotationError(f"{word!r} is not a trick result: w (you won) or l (lost)")
        return [{"kind": "trick", "result": r} for r in letters]
    if words[0].lower() == "turned":
        raise NotationError(
            "'turned' and its cells end the trick's line, e.g. w r3R r3c4 turned r3c6 r3c5"
        )
    result = RESULT_WORDS.get(words[0].lower())
    if result is None:
        raise NotationError(f"{words[0]!r} is not a trick result: start with w or l")
    rest = words[1:]
    if not rest:
        raise NotationError(
            "with grid tracking, give the line and end and the grid's cell, e.g. w r3R r3c4"
        )
    # The line and its end: one word (r3R) or two (r3 right).
    try:
        line, end = parse_line_end(rest[0])
        rest = rest[1:]
    except NotationError as first:
        if len(rest) < 2:
            raise
        try:
            line, end = parse_line_end(" ".join(rest[:2]))
        except NotationError:
            raise first from None  # the one-word reading's reason (no row 7) says more
        rest = rest[2:]
    if not rest:
        raise NotationError(
            f"which cell of {line} did the grid play? e.g. w {line}{end} "
            f"{format_cell(*rules.row_col(LINE_CELLS[line][0]))}"
        )
    row, col = parse_cell(rest[0])
    entry: dict[str, Any] = {
        "kind": "trick",
        "result": result,
        "line": str(line),
        "end": end,
        "cell": format_cell(row, col),
    }
    rest = rest[1:]
    if rest and rest[0].lower() in ("a", "b", "c", "case"):
        if rest[0].lower() == "case":
            rest = rest[1:]
            if not rest:
                raise NotationError("case is a, b or c")
        entry["case"] = rest[0].lower()
        rest = rest[1:]
    if rest and rest[0].lower() == "turned":
        rest = rest[1:]
        if not rest:
            raise NotationError("name the cells turned face up after 'turned', e.g. turned r3c1")
        entry["turned"] = [format_cell(*parse_cell(w)) for w in rest]
        rest = []
    if rest:
        raise NotationError(
            f"unexpected {' '.join(rest)!r} (after the cell: a case a/b/c, then 'turned' and cells)"
        )
    return [entry]


def _is_line(word: str) -> bool:
    """Whether ``word`` names a line and an end, such as ``r3R``."""
    try:
        parse_line_end(word)
    except NotationError:
        return False
    return True


def entry_text(entry: dict[str, Any]) -> str:
    """An entry as it is typed: ``w r3R r3c4``, ``l``, ``round 4 2``."""
    if entry.get("type") == "round":
        return f"round {entry.get('player')} {entry.get('grid')}"
    return describe(ledger_entry(entry)).removeprefix("trick ")


def read_entry(text: str, old: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """A typed line as the one trick or round in the place of ``old``, checked where it
    stands."""
    words = text.split()
    if old.get("type") == "round" and not is_round(words):
        # Whatever else it may be, a round's correction is a round: say how to write one.
        raise NotationError("a round stays a round: fix it as round YOURS GRID, e.g. round 4 2")
    if is_round(words):
        if ledger.track_grid:
            raise NotationError("with grid tracking, the rounds are entered trick by trick")
        counts = round_words(words)
        if len(counts) != 2:
            raise NotationError("give two counts: round YOURS GRID, e.g. round 4 2 or 4-2")
        entries = [
            {"kind": "round", "player": parse_number(counts[0]), "grid": parse_number(counts[1])}
        ]
    else:
        entries = parse_trick(text, ledger.track_grid)
    if len(entries) != 1:
        raise NotationError("an entry is one trick (or one round): w or l, not several")
    # A trick made a round would move every later trick of its round into the next round (and
    # a round made a trick, the other way): the tricks of a round are corrected one by one.
    kind, was = entries[0]["kind"], old.get("type")
    if was == "trick" and kind == "round":
        raise NotationError(
            "a trick stays a trick: fix it as w or l (to enter its round at once instead, "
            "undo back to the round's start and type round YOURS GRID)"
        )
    if ledger.is_over:
        raise IllegalActionError("the game was over before this entry")
    ledger.check_turned_from_now().add(entries[0])
    return session_entry(entries[0])


def _example(ledger: Ledger) -> str:
    """A trick as typed with grid tracking, on a line that can still be challenged: row 3 when
    it can, as the help's example."""
    lines = ledger.complete_lines() or list(Line)
    line = Line.R3 if Line.R3 in lines else lines[0]
    n = line.number
    return f"w r{n}R r{n}c4" if line.is_row else f"w c{n}T r4c{n}"


class KeepScreen:
    """Runs the keep prompt loop over a ledger, saving each entry to the journal."""

    def __init__(self, journal: Journal, ledger: Ledger, console: Console, style: Style) -> None:
        self.journal = journal
        self.ledger = ledger.check_turned_from_now()
        self.console = console
        self.screen = LinesBetaScreen(console, style, journal.session.player_names[0])

    def run(self) -> str:
        """Ask for entries until the game is over (``"over"``) or the user quits (``"quit"``)."""
        say = self.console.say
        self.show()
        while True:
            while not self.ledger.is_over:
                if self._ask() == "quit":
                    say_saved(self.console, self.journal)
                    return "quit"
            if not offer_correction(self.console, self._undo, "game", self.show, self._corrections):
                break
        say(f"Game over; saved as {self.journal.name}.")
        return "over"

    def _who(self) -> str:
        """The player as the sheet names them: ``you``, or the name given with --name."""
        name = self.screen.player
        return "you" if name == "You" else name

    def _prompt(self) -> str:
        ledger = self.ledger
        pt, gt = ledger.player_target, ledger.grid_target
        you, grid = ledger.points
        # No brackets: a bracketed move is one Enter plays, and there is none here.
        what = f"e.g. {_example(ledger)}" if ledger.track_grid else "w or l"
        head = (
            f"Round {ledger.round}/{ledger.rounds}, trick {ledger.trick} "
            f"({self._who()} {you}/{pt}, grid {grid}/{gt})"
        )
        width = self.console.columns()  # None: not a terminal, no line to fit
        if width is not None and len(head) + len(what) + 4 + TYPING_ROOM > width:
            return f"{head}: "  # a narrow terminal: room to type before the example
        return f"{head}, {what}: "

    def _help(self) -> None:
        grid = self.ledger.track_grid
        self.console.say(HELP_GRID if grid else HELP_COUNTERS)
        self.console.say(
            HELP_COMMANDS.format(
                undone="trick entered" if grid else "trick, or round, entered; w w l is three",
                entry="trick" if grid else "trick or round",
            )
        )

    def _undo(self) -> None:
        if self._corrections.undo_last() is not None:  # the last change was a correction
            return
        self._enter([{"kind": "undo"}])

    @property
    def _corrections(self) -> Corrector:
        """``fix N`` and ``undo N``; the ledger is then read again from the file."""
        return Corrector(self.console, self.journal, entry_text, read_entry, self._replayed)

    def _replayed(self) -> None:
        """The ledger read again from the file after a correction, and shown."""
        self.ledger = replay_ledger(self.journal.session).check_turned_from_now()
        self.show()

    def _ask(self) -> str | None:
        line = self.console.ask(self._prompt(), self._words)
        if line is None:
            return "quit"
        word = line.lower()
        if not word:
            return None
        command = keep_command(
            line,
            help=self._help,
            show=self.show,
            undo=self._undo,
            say=self.console.say,
            fix=self._corrections.fix,
            remove=self._corrections.remove,
        )
        if command:
            return "quit" if command == "quit" else None
        if is_round(line.split()):
            entry = self._round(round_words(line.split()))
            if isinstance(entry, str):
                return "quit"
            if entry is not None:
                self._enter([entry])
            return None
        try:
            entries = parse_trick(line, self.ledger.track_grid, self.ledger.trick == 1)
        except NotationError as exc:
            known = [*self._words(""), "w", "l", "round", "turned", "help", "show", "undo", "quit"]
            noun = "a card" if self.ledger.track_grid else "a trick result"
            self.console.say(f"  {not_understood(line, known, noun) or refusal(exc)}")
            return None
        self._enter(entries)
        return None

    def _round(self, words: list[str]) -> dict[str, Any] | str | None:
        """A whole-round entry from ``round P G``, or asked for count by count."""
        if self.ledger.track_grid:
            self.console.say(f"  {refusal('with grid tracking, enter the round trick by trick')}")
            return None
        done = self.ledger.trick - 1
        if done:
            has = f"round {self.ledger.round} already has {counted(done, 'trick')}"
            self.console.say(f"  {refusal(f'{has}; finish it trick by trick')}")
            return None
        counts: list[int] = []
        try:
            if words:
                if len(words) != 2:
                    raise NotationError("give two counts: round YOURS GRID, e.g. round 4 2 or 4-2")
                counts = [parse_number(w) for w in words]
        except NotationError as exc:
            self.console.say(f"  {refusal(exc)}")
            return None
        labels = [f"Tricks you won in round {self.ledger.round}: ", "Tricks the grid won: "]
        while len(counts) < 2:
            answer = self.console.ask(labels[len(counts)])
            if answer is None or answer.lower() in QUIT_WORDS:
                return "quit"
            if answer.lower() == "cancel":
                self.console.say("  Round entry cancelled; nothing entered.")
                return None
            if not answer:
                continue
            try:
                counts.append(parse_number(answer))
            except NotationError as exc:
                self.console.say(f"  {exc}")
        return {"kind": "round", "player": counts[0], "grid": counts[1]}

    def _enter(self, entries: list[dict[str, Any]]) -> None:
        """Add entries one by one, saving each; stop at the first refused one."""
        for entry in entries:
            if self.ledger.is_over and entry.get("kind") != "undo":
                self.console.say("  the game is over; the rest was not entered")
                return
            try:
                notes = self.ledger.add(entry)
            except (NotationError, IllegalActionError) as exc:
                self.console.say(f"  {refusal(exc)}")
                return
            self.journal.append(session_entry(self.ledger.entries[-1]))
            self._announce(notes)

    def _announce(self, notes: list[str]) -> None:
        say = self.console.say
        style = self.screen.style
        for note in notes:
            said = self.screen.said_of(note[0].upper() + note[1:])
            if note.startswith("you win"):
                say(style.good(said + "."))
            elif note.startswith("you lose"):
                say(style.bad(said + "."))
            elif note.startswith("undone"):
                say(f"  {said}.")
            else:
                say(f"  {said}")
        ledger = self.ledger
        if ledger.track_grid and not ledger.is_over:
            round_over = any(n.startswith("round") and "over" in n for n in notes)
            if round_over and not any(n.startswith("all face up") for n in notes):
                say("  No line is all face up: only the trick cards and the trump go back.")
            say(f"  Complete lines: {self.screen.lines(ledger.complete_lines())}")

    def _words(self, text: str) -> list[str]:
        base = ["show", "undo", "fix", "rules", "help", "quit"]
        if not self.ledger.track_grid:
            return ["w", "l", "round", *base]
        typed = text.split()
        if not typed or (len(typed) == 1 and not text.endswith(" ")):
            return ["w", "l", *base]
        if len(typed) == 1 or (len(typed) == 2 and not text.endswith(" ")):
            return [f"{x}{e}" for x in self.ledger.complete_lines() for e in x.ends]
        try:
            line, _ = parse_line_end(typed[1])
        except NotationError:
            return []
        gaps = {rules.cell_of(r, c) for r, c in self.ledger.gaps()}
        return [format_cell(*rules.row_col(c)) for c in LINE_CELLS[line] if c not in gaps]

    def show(self) -> None:
        ledger = self.ledger
        say = self.console.say
        pt, gt = ledger.player_target, ledger.grid_target
        you, grid = ledger.points
        length = "full" if ledger.length == "full" else "short"
        if ledger.verdict is None:
            where = f"round {ledger.round} of {ledger.rounds}, trick {ledger.trick} of 6"
        elif ledger.verdict.early:
            where = f"ended after trick {ledger.tally.trick} of round {ledger.round} (early stop)"
        else:
            where = f"ended after round {ledger.round} of {ledger.rounds}"
        say(self.screen.style.bold(f"LinesBeta, {ledger.difficulty}, {length} game: {where}."))
        say(f"  {self.screen.score(you, grid, (pt, gt))}")
        marked = corrected_rows(self.journal.session)
        rows = [
            [starred(r.round, (0, r.round), marked), r.player, r.grid, r.player_total, r.grid_total]
            for r in ledger.table()
        ]
        if rows:
            for line in render(
                ["round", self._who(), "grid", f"{self._who()} total", "grid total"], rows
            ).splitlines():
                say("  " + line)
            corrected_note(self.journal.session, self.console, "  ")
        if ledger.verdict is not None:
            v = ledger.verdict
            said = ("You win: " if v.player_wins else "You lose: ") + v.reason + "."
            say(self.screen.said_of(said))
        if ledger.track_grid:
            self._grid()
        last = ledger.last_in_effect
        if last is not None:
            say(f"  Last entry in effect: {describe(last)}")

    def _grid(self) -> None:
        ledger = self.ledger
        say = self.console.say
        gaps = {rules.cell_of(r, c) for r, c in ledger.gaps()}
        up = ledger.tally.face_up
        blocked = 0
        for x in range(rules.LINES):
            if Line(x) not in ledger.complete_lines():
                blocked |= 1 << x

        def cell(i: int) -> CellMark:
            if i in gaps:
                return "gap"
            return "up" if up >> i & 1 else "down"

        for line in self.screen.grid(cell, blocked):
            say(line)
        say(self.screen.legend(up=True).replace("face down", "face down (as far as entered)", 1))
        say(f"  Complete lines: {self.screen.lines(ledger.complete_lines())}")
        say(f"  All face up now: {self.screen.lines(ledger.face_up_lines())}")
