"""``octrix keep``: the Octrix sheet for a game played with a physical deck."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardside.core.arith import is_digits
from cardside.core.cards import Card
from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.players import not_a_player, person, seats_named
from cardside.core.schema import cut
from cardside.core.words import counted
from cardside.games.octrix import rules
from cardside.games.octrix.keep import OctrixLedger, RoundReport, parse_round, same_entry
from cardside.games.octrix.notation import format_card, parse_cards
from cardside.games.octrix.rules import DECK, HAND_SIZE
from cardside.games.octrix.sheet import replay_ledger
from cardside.sessions.journal import Journal
from cardside.tui.console import Console, not_understood, refusal
from cardside.tui.correcting import Corrector
from cardside.tui.human import with_default
from cardside.tui.keeping import (
    corrected_note,
    corrected_rows,
    dealer_named,
    keep_command,
    offer_correction,
    say_saved,
    starred,
)
from cardside.tui.octrix.screen import OctrixScreen
from cardside.tui.style import Style
from cardside.tui.table import render

COMMANDS = ("show", "undo", "fix", "dealer", "rules", "quit", "help")
HELP = (
    "  Enter the cards of each trick in seat order ({order}), e.g. {example}.{quick}\n"
    "  commands: show (the rounds so far and the one under way), undo (take back the last "
    "entry or fix), fix N (correct entry N; fix alone lists the latest, fix all every one, "
    "fix round 2 those of round 2), undo N (take back entry N "
    "alone), dealer NAME (NAME deals this round, the deal passing on from there: for a first "
    "dealer set wrong), rules (the rules page), quit (saved), help"
)


def trick_example(players: int) -> str:
    """A trick as typed, one card a player: ``8C 3H`` for two, ``8C 3H 2D 4S`` for four."""
    return " ".join(("8C", "3H", "2D", "4S")[:players])


def entry_text(
    entry: dict[str, Any], names: Sequence[str], sides: Sequence[Sequence[int]] = ()
) -> str:
    """An entry as it is typed: a hand's (``Ann's hand: AC 2C ...``, whose it is said) or a
    trick's cards, a round's counting cards (a side's under its name, ``Ann & Cy 1 3 4``,
    where one partner was given them all)."""
    if entry.get("type") == "hand":
        return f"{_hand_label(names, entry)}{entry.get('cards', '')}"
    if entry.get("type") == "round":
        counting = [list(c) for c in entry.get("counting", [])][: len(names)]
        groups = [list(t) for t in sides] or [[s] for s in range(len(counting))]
        said = []
        for group in groups:
            seats = [s for s in group if s < len(counting)]
            holding = [s for s in seats if counting[s]]
            if len(seats) > 1 and len(holding) <= 1:
                cards = counting[holding[0]] if holding else []
                said.append(f"{' & '.join(names[s] for s in seats)} {_numbers(cards)}")
            else:
                said += [f"{names[s]} {_numbers(counting[s])}" for s in seats]
        return " ".join(said)
    return str(entry.get("cards", ""))


def _numbers(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) or "-"


def read_entry(text: str, old: dict[str, Any], ledger: OctrixLedger) -> dict[str, Any]:
    """A typed line as the entry of the same kind as ``old``, checked where it stands."""
    kind = old.get("type")
    if kind == "hand":
        label = _hand_label(ledger.names, old)
        if text.lower().startswith(label.lower()):  # the text offered for editing
            text = text[len(label) :]
        elif "'s hand" not in text.lower():
            # As at the prompt for a hand: its player's name before the cards (``Ann AH …``).
            own = ledger.names[int(old["seat"])]
            text = _hand_without_name(text, own)
            first = text.split()[0].rstrip(":") if text.split() else ""
            other = [s for s in seats_named(first, ledger.names) if ledger.names[s] != own]
            if other and not _reads_as_cards(first):
                raise _not_whose(label, ledger.names[other[0]])
        elif "'s hand" in text.lower():
            # Another player's label: a correction keeps whose hand the entry is.
            raise _not_whose(label, text[: text.lower().index("'s hand")].strip())
        _word_not_a_card(text)
        ledger.enter_hand(int(old["seat"]), parse_cards(text))
    elif kind == "round":
        ledger.check_round_entry()
        try:
            counting = parse_round(text, ledger.names, ledger.sides)
        except NotationError:
            if _reads_as_cards(text):
                raise NotationError(
                    "a round stays a round: each player's counting cards, e.g. "
                    f"{ledger.names[0]} 1 3 4"
                ) from None
            raise
        ledger.enter_round(counting)
    else:
        try:
            cards = parse_cards(text)
        except NotationError:
            if text.split() and seats_named(text.split()[0], ledger.names):
                raise NotationError(
                    "a trick stays a trick: its cards in seat order, e.g. "
                    + trick_example(len(ledger.names))
                ) from None
            _word_not_a_card(text)
            raise
        ledger.enter_trick(cards)
    return dict(ledger.entries[-1])


def _word_not_a_card(text: str) -> None:
    """A word of three letters or more (``hello``) is no Octrix card, as at the keep prompt:
    say so, not that its letters after the first are no rank."""
    word = next((w for w in text.split() if len(w) >= 3 and w.isalpha()), None)
    if word is not None:
        raise NotationError(f"not a card: {cut(word, 24)} (cards look like 8C, AH)")


def _reads_as_cards(text: str) -> bool:
    """Whether ``text`` reads as cards (a trick typed where a round is corrected)."""
    try:
        parse_cards(text)
    except NotationError:
        return False
    return True


def _hand_without_name(line: str, name: str) -> str:
    """A hand typed after its player's name (``Ann AC 2C ...``, ``Ann's hand: AC 2C ...``, as
    ``fix`` shows one) as its cards alone; any other line as it is."""
    text = line.strip()
    wanted = person(name)
    # The name as every keep reads one (an accent apart or not, full width), so its length
    # as typed may differ from the name's: each start of the line is tried.
    for end in range(1, min(len(text), len(name) * 2 + 4) + 1):
        if person(text[:end]) != wanted:
            continue
        rest = text[end:]
        for label in ("'s hand:", "'s cards:", ":", " "):
            if rest.casefold().startswith(label):
                return rest[len(label) :].strip()
    return line


def _other_player_named(line: str, names: Sequence[str], seat: int) -> str | None:
    """The name of another player than ``seat``'s that ``line`` opens with, as a hand typed
    after its player's name does; else None."""
    for other, name in enumerate(names):
        if other != seat and _hand_without_name(line, name) != line:
            return name
    return None


def _not_whose(label: str, said: str) -> NotationError:
    """The refusal of a hand's correction that names another player (``said``)."""
    return NotationError(
        f"that entry is {label.removesuffix(': ')}, not {cut(said, 30)}'s: a correction "
        "keeps whose hand it is (type the cards alone, or enter the hands afresh)"
    )


def _hand_label(names: Sequence[str], entry: dict[str, Any]) -> str:
    seat = entry.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return f"{names[seat]}'s hand: "
    return ""


class KeepScreen:
    """Runs the keep prompt loop over a ledger, saving each entry to the journal."""

    def __init__(
        self, journal: Journal, ledger: OctrixLedger, console: Console, style: Style
    ) -> None:
        self.journal = journal
        self.ledger = ledger
        self.console = console
        self.screen = OctrixScreen(console, style, ledger.names, ledger.sides)
        # Whether this run has said which round's hands are asked for (a resumed run may
        # start in the middle of them).
        self._hands_header = False
        self._moved_tricks: list[str] = []

    def run(self) -> str:
        """Ask for entries until the game is over (``"over"``) or the user quits (``"quit"``)."""
        say = self.console.say
        self.show()
        ledger = self.ledger
        if not self.journal.session.entries and not ledger.track_hands:
            # The first prompt asks for a trick; a table that keeps the sheet alone may rather
            # give the round at once (help has the rest).
            say(
                f"  Each trick's cards in seat order ({trick_example(len(ledger.names))}), or a "
                "whole round before its first "
                f"trick as each player's counting cards ({ledger.names[0]} 1 3 4)."
            )
        while True:
            while not self.ledger.over:
                done = self._ask_hands() if self.ledger.needs_hands else self._ask_trick()
                if done == "quit":
                    say_saved(self.console, self.journal)
                    return "quit"
            if not offer_correction(self.console, self._undo, "game", self.show, self._corrections):
                break
        say(f"Game over; saved as {self.journal.name}.")
        return "over"

    # -- prompts -----------------------------------------------------------------------------
    def _help(self) -> None:
        quick = (
            " While entering hands, give a player's 8 cards on one line. The last trick's "
            "cards, and with four players the last hand, are offered in brackets: Enter enters "
            "them."
            if self.ledger.track_hands
            else "\n  Or a whole round at once, before its first trick: each player's "
            f"counting cards on one line, e.g. {self.ledger.names[0]} 1 3 4 (one player, "
            "or partnership, left out gets the rest; '-' for none)."
        )
        if self.ledger.needs_hands:
            # Asked for a hand now: that first, then how tricks are entered after.
            seat = self.ledger.next_hand_seat
            name = self.ledger.names[seat if seat is not None else 0]
            self.console.say(
                f"  Enter {name}'s {HAND_SIZE} cards on one line, e.g. AC 2C 3C 4C 5C 6C 7C 8C "
                f"(or after the name: {name} AC 2C ...); the tricks come once every hand is in."
            )
        self.console.say(
            HELP.format(
                order=", ".join(self.ledger.names),
                example=trick_example(len(self.ledger.names)),
                quick=quick,
            )
        )

    def _command(self, line: str) -> str | None:
        """Handle a command word; return "quit", "handled", or None if it is not a command."""
        return keep_command(
            line,
            help=self._help,
            show=self.show,
            undo=self._undo,
            say=self.console.say,
            names=self.ledger.names,
            fix=self._corrections.fix,
            remove=self._corrections.remove,
            dealer=self._set_dealer,
        )

    def _set_dealer(self, text: str) -> None:
        """``dealer NAME``: NAME deals the round under way, the deal passing to the left from
        there, for a first dealer set wrong when the session began. Saved in the session's
        options: the tricks entered stand (only who lays first in a partnership follows)."""
        ledger = self.ledger
        if not text:
            self.console.say(
                f"  Round {ledger.round_no}: {ledger.names[ledger.dealer]} deals; dealer NAME "
                "says who does instead"
            )
            return
        seat = dealer_named(self.console, text, ledger.names)
        if seat is None:
            return
        first = (seat - (ledger.round_no - 1)) % ledger.players
        if first != ledger.first_dealer:
            self.journal.session.options["first_dealer"] = first
            self.journal.save()
            self.ledger = replay_ledger(self.journal.session)
        first_round = f" (round 1 was {ledger.names[first]}'s)" if ledger.round_no > 1 else ""
        self.console.say(
            f"  {ledger.names[seat]} deals round {ledger.round_no}, the deal passing to the "
            f"left from there{first_round}."
        )

    @property
    def _corrections(self) -> Corrector:
        """``fix N`` and ``undo N``; the ledger is then read again from the file."""
        return Corrector(
            self.console,
            self.journal,
            lambda e: entry_text(e, self.ledger.names, self.ledger.sides),
            read_entry,
            self._replayed,
            same=same_entry,
            said=lambda: self._moved_tricks,
        )

    def _replayed(self) -> None:
        """The ledger read again from the file after a correction, and shown; the tricks of
        the round under way that another player now wins are kept to be said (the table
        moves their counting cards)."""
        before = self.ledger
        self.ledger = replay_ledger(self.journal.session)
        self._hands_header = False
        self.show()
        after = self.ledger
        self._moved_tricks = []
        if (before.round_no, len(before.rounds)) != (after.round_no, len(after.rounds)):
            return  # the round was completed or undone: its row says the change
        names = after.names
        was_won, now_won = before.trick_winners, after.trick_winners
        for number in range(1, max(len(was_won), len(now_won)) + 1):
            was = was_won[number - 1] if number <= len(was_won) else None
            now = now_won[number - 1] if number <= len(now_won) else None
            if was == now:
                continue
            if now is None:
                assert was is not None
                # The round is a trick shorter (undo N): the last counting card goes back.
                self._moved_tricks.append(
                    f"Changed with it: counting card {number} goes back from {names[was]} "
                    f"(the round has {len(now_won)} trick{'s' if len(now_won) != 1 else ''} "
                    "now)"
                )
            elif was is None:
                self._moved_tricks.append(
                    f"Changed with it: trick {number}: {names[now]} wins it and takes "
                    f"counting card {number}"
                )
            else:
                self._moved_tricks.append(
                    f"Changed with it: trick {number}: {names[now]} wins it (was "
                    f"{names[was]}) and takes counting card {number}"
                )

    def _ask_trick(self) -> str | None:
        ledger = self.ledger
        number = len(ledger.tricks) + 1
        prompt = (
            f"Round {ledger.round_no}, trick {number} ({ledger.rule.value} wins): "
            f"cards for {', '.join(ledger.names)}: "
        )
        forced = ledger.forced_trick
        if forced is not None:
            # One card left in each hand: Enter enters them.
            prompt = with_default(prompt, " ".join(format_card(c, ascii=True) for c in forced))
        line = self.console.ask(prompt, self._words)
        if line is None:
            return "quit"
        if not line and forced is not None:
            line = " ".join(format_card(c, ascii=True) for c in forced)
        if not line:
            return None
        command = self._command(line)
        if command == "quit":
            return "quit"
        if command:
            return None
        if self._names_a_player(line):
            self._round(line)
            return None
        if _a_name_and_numbers(line):
            # Never a trick (a trick is cards only): a round under a name that is no player's.
            who = line.split()[0].rstrip(",:")
            unknown: str | None = refusal(not_a_player(who, self.ledger.names))
        else:
            unknown = not_understood(line, [*self._words(""), *COMMANDS], names=self.ledger.names)
        if unknown:
            self.console.say(f"  {unknown}")
            return None
        try:
            cards = parse_cards(line)
            trick, round_report = ledger.enter_trick(cards)
        except (NotationError, IllegalActionError) as exc:
            said = str(exc)
            if " does not hold " in said:
                who = said.split(" does not hold ")[0]
                said += f" (if {who}'s hand was typed wrong, fix its entry: fix lists them)"
            self.console.say(f"  {refusal(said)}")
            return None
        self.journal.append(ledger.entries[-1])
        self.screen.trick(
            trick.number, trick.cards, trick.rule, trick.winner, trick.next_rule, trick.next_reason
        )
        if round_report is not None:
            self._round_end(round_report)
        return None

    def _names_a_player(self, line: str) -> bool:
        first = line.split()[0].lower().rstrip(",:")
        if any(name.lower().split()[0] == first for name in self.ledger.names):
            return True
        try:
            parse_cards(first)
        except NotationError:
            return bool(seats_named(first, self.ledger.names))  # the start of a name
        return False

    def _round(self, line: str) -> None:
        """A whole round from each player's counting cards (``Ann 1 3 4``)."""
        try:
            if not self.ledger.over:
                self.ledger.check_round_entry()
            report = self.ledger.enter_round(
                parse_round(line, self.ledger.names, self.ledger.sides)
            )
        except (NotationError, IllegalActionError) as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        self.journal.append(self.ledger.entries[-1])
        self._round_end(report)

    def _round_end(self, report: RoundReport) -> None:
        ledger = self.ledger
        self.screen.round_end(
            report.number,
            report.counting,
            report.scores,
            report.totals,
            report.winner,
            ledger.target,
        )
        if not ledger.over:
            self.console.say(
                f"  Round {ledger.round_no}: {ledger.names[ledger.dealer]} deals"
                f"{self._first_pair(ledger)}."
            )

    def _ask_hands(self) -> str | None:
        """Ask for the next player's hand; each hand is saved as soon as it is accepted."""
        ledger = self.ledger
        seat = ledger.next_hand_seat
        assert seat is not None
        if seat == 0 or not self._hands_header:
            self.console.say(f"Round {ledger.round_no}: enter each player's {HAND_SIZE} cards.")
            self._hands_header = True
        prompt = f"  {ledger.names[seat]}'s cards: "
        rest = self._cards_left(seat)
        if rest is not None:
            # The last hand when every card is dealt: the cards no other hand holds.
            prompt = with_default(prompt, " ".join(format_card(c, ascii=True) for c in rest))
        line = self.console.ask(prompt, self._words)
        if line is None:
            return "quit"
        if not line and rest is not None:
            line = " ".join(format_card(c, ascii=True) for c in rest)
        if not line:
            example = "e.g. AC 2C 3H 4H 5S 6S 7D 8D"
            dealt = f"type the {HAND_SIZE} cards {ledger.names[seat]} was dealt, {example}"
            self.console.say(f"  {refusal(dealt)}")
            return None
        command = self._command(line)
        if command:
            return "quit" if command == "quit" else None
        # The cards may follow the player's name, as fix shows an entered hand.
        line = _hand_without_name(line, ledger.names[seat])
        other = _other_player_named(line, ledger.names, seat)
        if other is not None:
            order = ", ".join(ledger.names)
            self.console.say(
                "  "
                + refusal(
                    f"{ledger.names[seat]}'s cards are asked for now, not {cut(other, 30)}'s "
                    f"(the hands go in seat order: {order})"
                )
            )
            return None
        unknown = not_understood(line, [*self._words(""), *COMMANDS])
        if unknown:
            self.console.say(f"  {unknown}")
            return None
        try:
            ledger.enter_hand(seat, parse_cards(line))
        except (NotationError, IllegalActionError) as exc:
            self.console.say(f"  {refusal(exc)}")
            return None
        self.journal.append(ledger.entries[-1])
        return None

    def _cards_left(self, seat: int) -> list[Card] | None:
        """The cards of ``seat``'s hand when they can only be those no other hand holds (the
        last hand to enter, with every card of the deck dealt), else None."""
        ledger = self.ledger
        hands = ledger.hands
        others = [h for s, h in enumerate(hands) if s != seat]
        if len(hands) * HAND_SIZE != len(DECK) or any(h is None for h in others):
            return None
        held = {c for h in others if h is not None for c in h}
        return [c for c in DECK if c not in held]

    def _words(self, typed: str) -> list[str]:
        """What Tab offers: with every hand known, the cards still held by the seat whose card
        is being typed (a trick's cards go in seat order); else every card not yet played."""
        played = self.ledger.played_this_round()
        hands = self.ledger.known_hands
        if hands is not None:
            seat = len(typed.split()) - (0 if not typed or typed[-1].isspace() else 1)
            pool = hands[seat] if 0 <= seat < len(hands) else []
        else:
            pool = [c for c in DECK if c not in played]
        return [format_card(c, ascii=True) for c in pool]

    def _undo(self) -> None:
        if self._corrections.undo_last() is not None:  # the last change was a correction
            return
        try:
            undone = self.ledger.undo()
        except IllegalActionError as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        self.journal.append(self.ledger.entries[-1])
        if undone["type"] == "hand":
            what = f"{self.ledger.names[undone['seat']]}'s hand"
        elif undone["type"] == "round":
            what = f"round {self.ledger.round_no}'s counting cards"
        else:
            what = "trick " + undone["cards"]
        self.console.say(
            f"  Undone: {what}. Round {self.ledger.round_no}, "
            f"{counted(len(self.ledger.tricks), 'trick')} entered."
        )

    @staticmethod
    def _first_pair(ledger: OctrixLedger) -> str:
        """``; Bob and Cy lay first, face up`` at a partnership table (the rulebook's two
        steps: the dealer and the player on the dealer's left first); else nothing."""
        if not ledger.partnership:
            return ""
        a, b = rules.play_steps(len(ledger.names), True, ledger.dealer)[0]
        return f"; {ledger.names[a]} and {ledger.names[b]} lay first, face up"

    def show(self) -> None:
        """The rounds so far (each side's points and the totals after it), then the round
        under way: its tricks, hands and counting cards."""
        ledger = self.ledger
        say = self.console.say
        if ledger.rounds:
            sides = [self.screen.side_name(i) for i in range(len(ledger.sides))]
            marked = corrected_rows(self.journal.session)
            rows = [
                [starred(r.number, (0, r.number), marked), *r.scores, *r.totals]
                for r in ledger.rounds
            ]
            headers = ["round", *sides, *(f"{name} total" for name in sides)]
            for line in render(headers, rows).splitlines():
                say("  " + line)
            corrected_note(self.journal.session, self.console, "  ")
        if ledger.over:  # no round in progress: the game was decided
            won = " and ".join(self.journal.session.winners)
            by = f"; won by {won}" if won else ""
            say(self.screen.style.bold(f"Game over after {len(ledger.rounds)} rounds{by}."))
        else:
            first = self._first_pair(ledger)
            if max(ledger.totals, default=0) >= ledger.target:
                # Reached, tied for the lead (also after a correction made it so).
                say(f"{ledger.target} reached, but the highest totals are equal: another round.")
            say(
                self.screen.style.bold(
                    f"Round {ledger.round_no} (dealer {ledger.names[ledger.dealer]}{first}), "
                    f"{len(ledger.tricks)} of 8 tricks entered; next: {ledger.rule.value} wins."
                )
            )
        in_force = rules.trick_rules(ledger.tricks)
        arrow = self.screen.style.arrow()
        for number, (cards, winner) in enumerate(zip(ledger.tricks, ledger.trick_winners), 1):
            shown = ", ".join(
                f"{ledger.names[s]} {self.screen.card(c)}" for s, c in enumerate(cards)
            )
            rule = in_force[number - 1].value
            say(f"  trick {number} ({rule} wins): {shown} {arrow} {ledger.names[winner]}")
        hands = ledger.hands if ledger.needs_hands and ledger.hands[0] is not None else None
        self.screen.sheet(ledger.known_hands or hands, ledger.counting_cards(), ledger.totals)


def _a_name_and_numbers(line: str) -> bool:
    """``Cy 1 2``: a word of letters, then counting cards (numbers or ``-``)."""
    words = line.replace(",", " ").split()
    return (
        len(words) > 1
        and words[0].rstrip(":").isalpha()
        and all(is_digits(w) or w == "-" for w in words[1:])
    )
