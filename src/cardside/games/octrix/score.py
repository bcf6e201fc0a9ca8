"""One-shot score checks for ``octrix score``: counting cards, or a round from its tricks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardside.core.cards import Card
from cardside.core.errors import NotationError
from cardside.games.octrix import rules
from cardside.games.octrix.keep import OctrixLedger
from cardside.games.octrix.notation import format_card, parse_card, parse_cards
from cardside.games.octrix.sheet import describe_runs

#: Why a run scores what it does, in the rules' words.
RUN_RULE = "(a run of k counting cards in a row scores k x k: 1, 4, 9, 16, ...)"


@dataclass(frozen=True)
class CountingScore:
    """The score of one set of counting cards, with its runs."""

    counting: tuple[int, ...]

    @property
    def runs(self) -> list[list[int]]:
        return rules.runs(self.counting)

    @property
    def score(self) -> int:
        return rules.run_score(self.counting)

    def explain(self, ascii: bool = False) -> str:
        lines = [str(self.score), f"  runs: {describe_runs(self.counting)}"]
        if self.counting:
            lines.append(f"  {RUN_RULE}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"counting": list(self.counting), "runs": self.runs, "score": self.score}


def counting_score(numbers: list[int]) -> CountingScore:
    """Score counting cards such as ``[1, 3, 4, 5, 8]`` (each 1-8, each once)."""
    rules.validate_counting_cards(numbers)
    return CountingScore(tuple(sorted(numbers)))


@dataclass(frozen=True)
class RoundScore:
    """A round (or its start) replayed from its tricks: winners and each side's score."""

    names: list[str]
    side_names: list[str]
    tricks: list[tuple[Card, ...]]
    rules_in_force: list[rules.Rule]
    winners: list[int]
    counting: list[tuple[int, ...]]

    def explain(self, ascii: bool = False) -> str:
        """The answer first (each side's score; so far, where tricks are missing), then each
        trick, the next rule and the runs, indented: every game's score gives that shape."""
        scores = ", ".join(
            f"{name} {rules.run_score(self.counting[i])}" for i, name in enumerate(self.side_names)
        )
        given = len(self.tricks)
        so_far = (
            f" after {given} of {rules.TRICKS_PER_ROUND} tricks"
            if given < rules.TRICKS_PER_ROUND
            else ""
        )
        return "\n".join([f"{scores}{so_far}", *(f"  {line}" for line in self._steps(ascii))])

    def _steps(self, ascii: bool) -> list[str]:
        lines = []
        for n, (cards, rule, w) in enumerate(
            zip(self.tricks, self.rules_in_force, self.winners), 1
        ):
            shown = ", ".join(
                f"{self.names[s]} {format_card(c, ascii=ascii)}" for s, c in enumerate(cards)
            )
            why = f"{rule.value} wins"
            if n > 1:
                why += f" (trick {n - 1}: {rules.rule_reason(self.tricks[n - 2])})"
            arrow = "->" if ascii else "\u2192"  # as the screens of play draw it
            lines.append(f"trick {n}: {shown}: {why} {arrow} {self.names[w]} takes {n}")
        if len(self.tricks) < rules.TRICKS_PER_ROUND:
            n = len(self.tricks)
            lines.append(
                f"next: trick {n + 1}: {self.next_rule.value} wins "
                f"(trick {n}: {rules.rule_reason(self.tricks[-1])})"
            )
        for i, name in enumerate(self.side_names):
            lines.append(f"{name}: {describe_runs(self.counting[i])}")
        if any(self.counting):
            lines.append(RUN_RULE)
        return lines

    @property
    def next_rule(self) -> rules.Rule:
        """The rule for the trick after the last one given."""
        return rules.next_rule(self.tricks[-1])

    def to_dict(self) -> dict[str, Any]:
        return {
            "next_rule": None
            if len(self.tricks) == rules.TRICKS_PER_ROUND
            else self.next_rule.value,
            "tricks": [
                {
                    "number": n,
                    "cards": [format_card(c, ascii=True) for c in cards],
                    "rule": rule.value,
                    "winner": self.names[w],
                }
                for n, (cards, rule, w) in enumerate(
                    zip(self.tricks, self.rules_in_force, self.winners), 1
                )
            ],
            "complete": len(self.tricks) == rules.TRICKS_PER_ROUND,
            "scores": [
                {
                    "name": name,
                    "counting": list(self.counting[i]),
                    "runs": rules.runs(self.counting[i]),
                    "score": rules.run_score(self.counting[i]),
                }
                for i, name in enumerate(self.side_names)
            ],
        }


def round_score(tricks: list[str], names: str | None, partnership: bool) -> RoundScore:
    """Replay up to 8 tricks (each the cards in seat order) with the keeper's rules."""
    if not 1 <= len(tricks) <= rules.TRICKS_PER_ROUND:
        raise ValueError(f"a round has 8 tricks: give 1 to 8 (--trick), not {len(tricks)}")
    parsed = []
    for n, text in enumerate(tricks, 1):
        if not text.replace(",", " ").split():  # a slip of typing, said as the others are
            raise NotationError(f"trick {n}: no cards given")
        try:
            for word in text.replace(",", " ").split():
                parse_card(word)
        except NotationError as exc:  # mistyped, not against the rules: said as such
            raise NotationError(f"trick {n}: {exc}") from None
        try:
            parsed.append(parse_cards(text))
        except NotationError as exc:  # every card reads, but not as one trick (one twice)
            raise ValueError(f"trick {n}: {exc}") from None
    players = len(parsed[0])
    if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
        raise ValueError(
            f"trick 1 has {players} {'card' if players == 1 else 'cards'}: a trick has one card "
            f"per player, {rules.MIN_PLAYERS} to {rules.MAX_PLAYERS}, in seat order "
            '(e.g. --trick "8C 3H")'
        )
    if names is None:
        seat_names = [f"P{i}" for i in range(1, players + 1)]
    else:
        seat_names = [n.strip() for n in names.split(",") if n.strip()]
        if len(seat_names) != players:
            raise ValueError(
                f"{len(seat_names)} names for tricks of {players} cards: give one name per "
                "card of a trick, in seat order"
            )
    ledger = OctrixLedger(seat_names, partnership=partnership, target=10**9)
    for n, cards in enumerate(parsed, 1):
        try:
            ledger.enter_trick(cards)
        except ValueError as exc:
            raise ValueError(f"trick {n}: {exc}") from None
    all_tricks = [tuple(c) for c in parsed]
    counting = ledger.rounds[0].counting if ledger.rounds else ledger.counting_cards()
    winners = [rules.trick_winner(t, r) for t, r in zip(all_tricks, rules.trick_rules(all_tricks))]
    return RoundScore(
        seat_names,
        ledger.side_names(),
        all_tricks,
        rules.trick_rules(all_tricks),
        winners,
        [tuple(c) for c in counting],
    )
