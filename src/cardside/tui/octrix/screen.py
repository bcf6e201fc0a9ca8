"""Octrix on the screen: the sheet of open hands, tricks, rounds, and the human's turn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardside.core.cards import Card
from cardside.core.errors import IllegalActionError
from cardside.core.rng import derive_rng
from cardside.core.words import signed
from cardside.games.octrix import rules
from cardside.games.octrix.notation import NAMES, format_card, parse_card
from cardside.games.octrix.rules import KEY, Rule
from cardside.games.octrix.sheet import describe_runs
from cardside.tui.console import Console
from cardside.tui.grammar import agree, ahead_of
from cardside.tui.style import Style
from cardside.tui.table import display_width, pad


class OctrixScreen:
    """Formats Octrix positions and results for one table of named players."""

    def __init__(
        self, console: Console, style: Style, names: Sequence[str], sides: Sequence[tuple[int, ...]]
    ) -> None:
        self.console = console
        self.style = style
        self.names = list(names)
        self.sides = sides
        self.width = max(display_width(n) for n in self.names)

    def card(self, card: Card) -> str:
        return self.style.card(card, NAMES)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in sorted(cards, key=KEY.__getitem__))

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.sides[side])

    def rule_text(self, rule: Rule) -> str:
        return f"{rule.value} card wins"

    def sheet(
        self,
        hands: Sequence[Sequence[Card] | None] | None,
        counting: Sequence[Sequence[int]],
        totals: Sequence[int],
        *,
        you: int | None = None,
    ) -> None:
        """Every hand (all are public; ``None`` for one not entered yet), the counting cards so
        far and the running totals."""
        say = self.console.say
        if hands is not None:
            mine = next((side for side in self.sides if you in side), ())
            partner = next((s for s in mine if s != you), None) if len(mine) > 1 else None
            room = self.width + (10 if partner is not None else 6)
            for seat, hand in enumerate(hands):
                marker = " (you)" if seat == you and self.names[seat] != "You" else ""
                marker = " (partner)" if seat == partner else marker
                label = pad(self.names[seat] + marker, room)
                shown = "not entered yet" if hand is None else self.cards(hand) or "-"
                say(f"  {label} {shown}")
        parts = []
        for side in range(len(self.sides)):
            won = " ".join(map(str, counting[side])) or "-"
            parts.append(f"{self.side_name(side)}: {won}")
        say("  counting cards: " + "; ".join(parts))
        shown = ", ".join(f"{self.side_name(i)} {t}" for i, t in enumerate(totals))
        say(f"  running totals: {shown}")

    def trick(
        self,
        number: int,
        cards: Sequence[Card],
        rule: Rule,
        winner: int,
        next_rule: Rule | None,
        next_reason: str,
    ) -> None:
        """A resolved trick: the cards, the winner and why, and the rule for the next trick."""
        shown = ", ".join(f"{self.names[s]} {self.card(c)}" for s, c in enumerate(cards))
        why = "highest card" if rule is Rule.HIGHEST else "lowest card"
        name = self.names[winner]
        wins = agree(self.style.bold(name), "win", plural=name.lower() == "you")
        takes = "take" if name.lower() == "you" else "takes"
        self.console.say(
            f"Trick {number}: {shown} {self.style.arrow()} "
            f"{wins} ({why}) and {takes} counting card {number}."
        )
        if next_rule is not None:
            self.console.say(f"  Next trick: {self.rule_text(next_rule)} ({next_reason}).")

    def round_end(
        self,
        number: int,
        counting: Sequence[Sequence[int]],
        scores: Sequence[int],
        totals: Sequence[int],
        winner: int | None,
        target: int,
    ) -> None:
        """A round's scores with their runs, the totals, and the winner if the game is over."""
        say = self.console.say
        say(self.style.bold(f"Round {number} scores:"))
        for side in range(len(self.sides)):
            say(
                f"  {self.side_name(side)}: {describe_runs(counting[side])}  (total {totals[side]})"
            )
        if winner is not None:
            plural = len(self.sides[winner]) > 1
            wins = agree(self.side_name(winner), "win", plural=plural)
            names = [self.side_name(i) for i in range(len(self.sides))]
            lead = ahead_of(names, list(totals), winner)
            say(self.style.good(f"{wins} the game with {totals[winner]}{lead}!"))
        else:
            leaders = [i for i, t in enumerate(totals) if t >= target]
            if leaders:
                say(f"  {target} reached, but the highest totals are equal: another round.")


class OctrixTurn:
    """The human's turn in ``octrix play``: draw the sheet, read a card, offer hints."""

    def __init__(self, screen: OctrixScreen, hint_seed: int | str, partnership: bool) -> None:
        self.screen = screen
        self.hint_seed = hint_seed
        self.partnership = partnership

    def show(self, obs: Any, seat: int) -> None:
        s = obs.snapshot
        screen = self.screen
        screen.console.say()
        screen.console.say(
            screen.style.bold(
                f"Round {s.round_no + 1} (dealer {screen.names[s.dealer]}), "
                f"trick {len(s.tricks) + 1} of 8: {screen.rule_text(s.rule)}."
            )
        )
        if self.partnership:
            first, second = (" and ".join(screen.names[x] for x in group) for group in obs.steps())
            screen.console.say(
                f"  {first} play first, at the same time (the dealer and the dealer's left); "
                f"then {second}, who see those two cards."
            )
        screen.sheet(s.hands, obs.counting_cards(), s.totals, you=seat)
        face_up = [(x, c) for x, c in enumerate(s.pending) if c is not None and x != seat]
        if face_up:
            screen.console.say(
                "  face up on the table: "
                + ", ".join(f"{screen.names[x]} {screen.card(c)}" for x, c in face_up)
            )

    def prompt(self, obs: Any, seat: int) -> str:
        return f"Your card ({obs.snapshot.rule.value} wins): "

    def words(self, obs: Any, seat: int, typed: str = "") -> Iterable[str]:
        return [format_card(c, ascii=True) for c in obs.snapshot.hands[seat]]

    def parse(self, text: str, obs: Any, seat: int) -> Card:
        card = parse_card(text)
        s = obs.snapshot
        if card not in s.hands[seat]:
            name = format_card(card, ascii=True)
            if card in s.pending or any(card in t for t in s.tricks):
                raise IllegalActionError(f"{name} was already played this round")
            if any(card in h for h in s.hands):
                raise IllegalActionError(f"{name} is in another player's hand")
            raise IllegalActionError(f"{name} is not in your hand")
        return card

    def _advice(self, obs: Any, seat: int) -> Any:
        """The strong bot's advice, seeded by the position: the same position, the same words."""
        from cardside.games.octrix.bots import make_bot

        rng = derive_rng(self.hint_seed, "hint", seat, repr(obs.snapshot))
        return make_bot("strong", seed=rng.randrange(2**31)).hint(obs, seat)

    @staticmethod
    def _ranked(strategy: Sequence[tuple[Card, float]]) -> list[tuple[Card, float]]:
        """The strategy's cards, the likeliest first (equal chances in card order)."""
        return sorted(strategy, key=lambda cp: (-cp[1], KEY[cp[0]]))

    def _chances(self, ranked: Sequence[tuple[Card, float]]) -> str:
        # A card played now and then, but less than once in 200, is not written 0%.
        return ", ".join(
            f"{self.screen.card(c)} {'<1%' if 0 < p < 0.005 else format(p, '.0%')}"
            for c, p in ranked
        )

    def _why(self, advice: Any, obs: Any, seat: int) -> str:
        """Why the card of a hint with at most one card in its strategy is the one to play."""
        if advice.strategy:
            return "the card the strong bot always plays here"
        if len(obs.snapshot.hands[seat]) == 1:
            return "your last card"
        # The strong bot had nothing to weigh yet and looked at this trick only.
        whom = "your side" if self.partnership else "you"
        return f"the likeliest card to take this trick for {whom}"

    def hint(self, obs: Any, seat: int) -> str:
        """The strong bot's card with its reason in words: its chances for each card when it
        varies its choice, and what the position is worth."""
        advice = self._advice(obs, seat)
        if len(advice.strategy) >= 2:
            ranked = self._ranked(advice.strategy)
            lines = [
                f"hint: {self.screen.card(ranked[0][0])}, the strong bot's likeliest card here; "
                f"it plays {self._chances(ranked)}",
                "  (a card chosen with these chances is hard to foresee; 'hint sample' draws one)",
            ]
        else:
            lines = [f"hint: {self.screen.card(advice.card)}, {self._why(advice, obs, seat)}"]
        if advice.value is not None:
            others = "the other side" if self.partnership else "your opponent"
            lines.append(
                f"  value {signed(advice.value)} = the points margin you can expect this round: "
                f"your round score minus {others}'s, with both sides playing this way"
            )
        if advice.chance is not None:
            lines.append(
                f"  your chance to win the game: {advice.chance:.0%}, with both sides playing "
                "this way (near 88 winning the game, not this round's margin, is what counts)"
            )
        return "\n".join(lines)

    def hint_sample(self, obs: Any, seat: int) -> str:
        """One card drawn from the hint's strategy (the same draw for the same position)."""
        advice = self._advice(obs, seat)
        card = self.screen.card(advice.card)
        if len(advice.strategy) < 2:
            return f"hint sample: {card}, {self._why(advice, obs, seat)}"
        return f"hint sample: {card}, drawn from {self._chances(self._ranked(advice.strategy))}"

    def help(self) -> str:
        return (
            "  Type a card from your hand, e.g. 8C or 3H (ranks A and 2 to 8; A is the "
            "lowest). Tab completes your cards.\n"
            "  hint shows the strong bot's strategy (each card with its chance; with two "
            "players, what it is worth too); hint sample draws one card from it."
        )


def rule_of_last_trick(tricks: Sequence[Sequence[Card]]) -> Rule:
    """The rule that decided the last trick in ``tricks``."""
    return rules.trick_rules(tricks)[-1]
