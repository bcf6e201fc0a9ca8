"""``octrix keep``: the Octrix sheet for a game played with a physical deck."""

from __future__ import annotations

from cardside.core.cards import Card
from cardside.core.errors import IllegalActionError, NotationError
from cardside.games.octrix.keep import OctrixLedger
from cardside.games.octrix.notation import format_card, parse_cards
from cardside.games.octrix.rules import DECK, HAND_SIZE
from cardside.sessions.journal import Journal
from cardside.tui.console import Console
from cardside.tui.octrix import OctrixScreen
from cardside.tui.style import Style

HELP = """  Enter the cards of each trick in seat order ({order}), e.g. 8C 3H.
  While entering hands, give a player's 8 cards on one line.
  commands: show (the sheet so far), undo (take back the last entry), quit (saved), help"""


class KeepScreen:
    """Runs the keep prompt loop over a ledger, saving each entry to the journal."""

    def __init__(
        self, journal: Journal, ledger: OctrixLedger, console: Console, style: Style
    ) -> None:
        self.journal = journal
        self.ledger = ledger
        self.console = console
        self.screen = OctrixScreen(console, style, ledger.names, ledger.sides)

    def run(self) -> str:
        """Ask for entries until the match is over (``"over"``) or the user quits (``"quit"``)."""
        say = self.console.say
        self.show()
        while not self.ledger.over:
            done = self._ask_hands() if self.ledger.needs_hands else self._ask_trick()
            if done == "quit":
                say(f"Saved. Continue with: cardside sessions resume {self.journal.name}")
                return "quit"
        say(f"Match over; saved as {self.journal.name}.")
        return "over"

    # -- prompts -----------------------------------------------------------------------------
    def _command(self, word: str) -> str | None:
        """Handle a command word; return "quit", "handled", or None if it is not a command."""
        word = word.lower()
        if word in ("quit", "q", "exit"):
            return "quit"
        if word in ("help", "?", "h"):
            self.console.say(HELP.format(order=", ".join(self.ledger.names)))
            return "handled"
        if word in ("show", "score"):
            self.show()
            return "handled"
        if word == "undo":
            self._undo()
            return "handled"
        return None

    def _ask_trick(self) -> str | None:
        ledger = self.ledger
        number = len(ledger.tricks) + 1
        prompt = (
            f"Round {ledger.round_no}, trick {number} ({ledger.rule.value} wins): "
            f"cards for {', '.join(ledger.names)}: "
        )
        line = self.console.ask(prompt, self._words)
        if line is None:
            return "quit"
        if not line:
            return None
        command = self._command(line)
        if command == "quit":
            return "quit"
        if command:
            return None
        try:
            cards = parse_cards(line)
            trick, round_report = ledger.enter_trick(cards)
        except (NotationError, IllegalActionError) as exc:
            self.console.say(f"  {exc}")
            return None
        self.journal.append(ledger.entries[-1])
        self.screen.trick(
            trick.number, trick.cards, trick.rule, trick.winner, trick.next_rule, trick.next_reason
        )
        if round_report is not None:
            self.screen.round_end(
                round_report.number,
                round_report.counting,
                round_report.scores,
                round_report.totals,
                round_report.winner,
                ledger.target,
            )
        return None

    def _ask_hands(self) -> str | None:
        ledger = self.ledger
        self.console.say(f"Round {ledger.round_no}: enter each player's {HAND_SIZE} cards.")
        hands: list[list[Card]] = []
        while len(hands) < ledger.players:
            name = ledger.names[len(hands)]
            line = self.console.ask(f"  {name}'s cards: ", self._words)
            if line is None:
                return "quit"
            if not line:
                continue
            if line.lower() == "undo" and hands:
                hands.pop()
                self.console.say(f"  {ledger.names[len(hands)]}'s cards cleared; enter them again.")
                continue
            command = self._command(line)
            if command == "quit":
                return "quit"
            if command:
                if ledger.needs_hands:
                    continue
                return None  # an undo went back into the previous round
            try:
                hand = parse_cards(line)
                self._check_hand(hand, hands)
            except (NotationError, IllegalActionError) as exc:
                self.console.say(f"  {exc}")
                continue
            hands.append(hand)
        ledger.enter_hands(hands)
        self.journal.append(ledger.entries[-1])
        return None

    def _check_hand(self, hand: list[Card], earlier: list[list[Card]]) -> None:
        if len(hand) != HAND_SIZE:
            raise IllegalActionError(f"a hand has {HAND_SIZE} cards, not {len(hand)}")
        for seat, other in enumerate(earlier):
            for card in hand:
                if card in other:
                    raise IllegalActionError(
                        f"{format_card(card, ascii=True)} is already in "
                        f"{self.ledger.names[seat]}'s hand"
                    )

    def _words(self) -> list[str]:
        played = self.ledger.played_this_round()
        if self.ledger.hands is not None:
            pool = [c for h in self.ledger.hands for c in h]
        else:
            pool = [c for c in DECK if c not in played]
        return [format_card(c, ascii=True) for c in pool]

    def _undo(self) -> None:
        try:
            undone = self.ledger.undo()
        except IllegalActionError as exc:
            self.console.say(f"  {exc}")
            return
        self.journal.append(self.ledger.entries[-1])
        what = "the hands" if undone["type"] == "hands" else "trick " + undone["cards"]
        self.console.say(
            f"  Undone: {what}. Round {self.ledger.round_no}, "
            f"{len(self.ledger.tricks)} trick(s) entered."
        )

    def show(self) -> None:
        ledger = self.ledger
        say = self.console.say
        say(
            self.screen.style.bold(
                f"Round {ledger.round_no}, {len(ledger.tricks)} of 8 tricks entered; "
                f"next: {ledger.rule.value} wins."
            )
        )
        for number, (cards, winner) in enumerate(zip(ledger.tricks, ledger.trick_winners), 1):
            shown = ", ".join(
                f"{ledger.names[s]} {self.screen.card(c)}" for s, c in enumerate(cards)
            )
            say(f"  trick {number}: {shown} -> {ledger.names[winner]}")
        self.screen.sheet(ledger.hands, ledger.counting_cards(), ledger.totals)
