"""One-shot checks for ``lineit score``: a line's cards in the order added, and its score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from cardside.core.words import counted
from cardside.games.lineit import rules
from cardside.games.lineit.notation import format_card, format_cards, parse_cards
from cardside.games.lineit.rules import LineScore

WAYS = {rules.RISING: "rising", rules.FALLING: "falling", rules.OPEN: "open"}


def describe_bet(score: LineScore) -> str:
    """``bet B4 won (4 cards after it, 4 needed) +4``, or ``no bet``."""
    if score.bet is None:
        return "no bet"
    result = "won" if score.bet_won else "lost"
    cards = "card" if score.after_bet == 1 else "cards"
    return (
        f"bet B{score.bet} {result} ({score.after_bet} number {cards} after it, "
        f"{score.bet} needed) {score.token:+d}"
    )


def describe_points(score: LineScore) -> str:
    """``points 57 60 71 = 3`` or ``points: none``."""
    if not score.points_cards:
        return "points: none (3 or fewer number cards)"
    return f"points {format_cards(score.points_cards)} = {score.points}"


def describe_jackpots(cards: Sequence[int]) -> str:
    """Which colour reached three cards, and with which card."""
    found = rules.jackpots_in(cards)
    if not found:
        return "no colour reached three cards (no jackpot)"
    parts = []
    for card, col in found:
        name = rules.COLOURS[col]
        parts.append(f"{name} reached three with {format_card(card)} (took the {name} jackpot)")
    return "; ".join(parts)


@dataclass(frozen=True)
class LineReport:
    """A scored line with the jackpot piles its player says it took."""

    score: LineScore
    jackpots: tuple[int, ...]

    @property
    def total(self) -> int:
        return self.score.total + sum(self.jackpots)

    def explain(self) -> str:
        s = self.score
        left_out = len(rules.jackpots_in(s.cards)) - len(self.jackpots)
        # The answer line says a pile is still to add, so no one takes it for the whole score.
        piles = "the jackpot's pile" if left_out == 1 else f"{left_out} jackpot piles"
        lines = [
            f"{self.total} + {piles} (not given)" if left_out > 0 else str(self.total),
            f"  {WAYS[s.direction]} line: {format_cards(s.cards)}"
            + (" (fewer than two number cards)" if s.direction == rules.OPEN else ""),
            f"  discarded {_discarded(len(s.discarded), format_cards(s.discarded))}",
            f"  {describe_bet(s)}",
            f"  {describe_points(s)}",
            f"  {describe_jackpots(s.cards)}",
        ]
        sum_text = counted(s.points, "point")
        if s.bet is not None:
            sum_text += f" {'+' if s.token > 0 else '-'} {abs(s.token)} bet"
        sum_text += "".join(f" + {j} jackpot" for j in self.jackpots)
        lines.append(f"  total {sum_text} = {self.total}")
        if left_out == 1:
            lines.append("  the jackpot's pile is not in the total: add --jackpot N (N its cards)")
        elif left_out:
            lines.append(
                f"  {left_out} jackpot piles are not in the total: "
                "add --jackpot N for each (N its cards)"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        s = self.score
        return {
            "cards": [format_card(c) for c in s.cards],
            "direction": WAYS[s.direction],
            "discarded": [format_card(c) for c in s.discarded],
            "bet": None
            if s.bet is None
            else {"card": f"B{s.bet}", "after": s.after_bet, "won": s.bet_won, "token": s.token},
            "points_cards": [format_card(c) for c in s.points_cards],
            "points": s.points,
            "jackpot_colours": [
                {"colour": rules.COLOURS[col], "card": format_card(card)}
                for card, col in rules.jackpots_in(s.cards)
            ],
            "jackpots": list(self.jackpots),
            "total": self.total,
        }


def line_report(text: str, jackpots: Sequence[int] = ()) -> LineReport:
    """Check and score a line written as its cards in order; ``ValueError`` with the reason."""
    cards = parse_cards(text)
    rules.check_line_length(cards)
    rules.check_line(cards)
    for size in jackpots:
        rules.check_jackpot(size)
    taken = len(rules.jackpots_in(cards))
    if len(jackpots) > taken:
        # A line takes a colour's pile only with its third card of that colour.
        colours = "no colour" if not taken else f"only {taken} colour{'s' * (taken > 1)}"
        piles = f"{len(jackpots)} jackpot piles" if len(jackpots) > 1 else "a jackpot pile"
        # The line is named as read, so that a pile size taken for a card shows.
        raise ValueError(
            f"{piles} given, but {colours} reached three cards in the line {format_cards(cards)}"
        )
    _check_pile_sizes(cards, jackpots)
    return LineReport(rules.score_line(cards), tuple(jackpots))


def _check_pile_sizes(cards: Sequence[int], jackpots: Sequence[int]) -> None:
    """Refuse piles no colour taken could hold: together no more than the cards that reach
    the jackpots in a game; each cards of its colour that are not in the line, so at most 25
    less the line's cards of that colour (each pile a colour of its own, in any order)."""
    supply = max(
        rules.jackpot_supply(players)
        for players in range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)
        if rules.rounds(players) >= len(cards)
    )
    if sum(jackpots) > supply:
        # Only the cards no player takes reach the jackpots: most of them with 2 players.
        raise ValueError(
            f"jackpot piles of {', '.join(map(str, jackpots))} cards hold {sum(jackpots)} "
            f"together, but at most {supply} cards reach the jackpots in a game (those no "
            "player takes, with 2 players)"
        )
    room = [
        rules.CARDS_PER_COLOUR
        - sum(1 for c in cards if 0 < c <= rules.NUMBER_CARDS and rules.colour(c) == col)
        for _, col in rules.jackpots_in(cards)
    ]
    if any(all(size <= r for size, r in zip(jackpots, order)) for order in permutations(room)):
        return
    largest = max(jackpots)
    names = [rules.COLOURS[col] for _, col in rules.jackpots_in(cards)]
    most = ", ".join(f"{r} for {name}" for name, r in zip(names, room))
    raise ValueError(
        f"a jackpot pile of {largest} cards cannot be: a pile holds cards of its colour not in "
        f"the line, at most {most} here (25 of a colour)"
        if len(jackpots) == 1
        else f"jackpot piles of {', '.join(map(str, jackpots))} cards cannot all be: a pile "
        f"holds cards of its colour not in the line, at most {most} here (25 of a colour)"
    )


def _discarded(count: int, cards: str) -> str:
    """The discarded cards and why: the first three number cards, or all of fewer."""
    if count == 0:
        return "nothing (no number card)"
    if count < 3:
        return f"{cards} (all its number cards: fewer than three)"
    return f"{cards} (the first three number cards)"
