"""One IOTA turn scored with the reasoning shown (``cardside iota score``).

Quick: the values of the lines a turn made, the lots, all 4 cards, the final turn. With the
grid: the play is checked against the grid, every line it makes is listed, and the best play
the hand had there can be found with the move generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardside.core.errors import NotationError
from cardside.core.words import counted
from cardside.games.iota import placement, rules
from cardside.games.iota.moves import legal_moves
from cardside.games.iota.notation import (
    MAX_GRID_TEXT,
    format_card,
    format_placements,
    parse_cards,
    parse_placements,
)
from cardside.games.iota.rules import Cell


class ScoreError(ValueError):
    """A turn or grid that cannot be scored; the message is a one-line reason."""


class Mistyped(ScoreError):
    """A card or cell of ``option`` that reads as none: a typing slip, not a position that
    cannot be (the message names neither the option nor anything else)."""

    def __init__(self, option: str, reason: str) -> None:
        super().__init__(f"{option}: {reason}")
        self.option = option
        self.reason = reason


def times(ascii: bool) -> str:
    return "x" if ascii else "×"


@dataclass(frozen=True)
class QuickScore:
    """A turn scored from its line values."""

    values: tuple[int, ...]
    lots: int
    all4: bool
    final: bool

    @property
    def total(self) -> int:
        return rules.turn_score(self.values, self.lots, self.all4, self.final)

    def breakdown(self, ascii: bool = False) -> str:
        text = rules.breakdown(self.values, self.lots, self.all4, self.final)
        return text.replace("×", times(ascii))

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": list(self.values),
            "lots": self.lots,
            "all4": self.all4,
            "final": self.final,
            "doublings": rules.doublings(self.lots, self.all4, self.final),
            "score": self.total,
            "breakdown": self.breakdown(),
        }

    def explain(self, ascii: bool = False) -> str:
        text = self.breakdown(ascii)
        if len(self.values) == 1 and not rules.doublings(self.lots, self.all4, self.final):
            return f"{text} (one line, nothing doubles it)"
        return text


def quick(
    values: Sequence[int], lots: int = 0, all4: bool = False, final: bool = False
) -> QuickScore:
    """A turn from its lines' values; an impossible turn raises :class:`ScoreError`."""
    fault = rules.quick_fault(values, lots, all4)
    if fault:
        raise ScoreError(fault)
    return QuickScore(tuple(values), lots, all4, final)


def describe_line(line: placement.Line) -> str:
    """``row y=0: GT2 BX2 RC2 YS2 = 8 (a lot)``."""
    cards = " ".join(format_card(c) for c in line.cards)
    lot = " (a lot)" if line.lot else ""
    return f"{line.name}: {cards} = {line.value}{lot}"


@dataclass(frozen=True)
class GridScore:
    """A play checked on a grid: legal or why not, its lines and score, the best plays."""

    play: str
    reason: str | None
    scored: placement.Scored | None
    final: bool
    best: tuple[tuple[str, int], ...] | None = None
    hand: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def total(self) -> int | None:
        return None if self.scored is None else self.scored.score(self.final)

    def breakdown(self, ascii: bool = False) -> str:
        assert self.scored is not None
        values = [ln.value for ln in self.scored.lines]
        text = rules.breakdown(values, self.scored.lots, self.scored.all4, self.final)
        return text.replace("×", times(ascii))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"play": self.play or None}
        if self.play:  # with no play (a grid and --best alone) nothing was judged legal
            out["legal"] = self.reason is None
        if self.play and self.reason is not None:
            out["reason"] = self.reason
        if self.scored is not None:
            out["lines"] = [
                {
                    "line": ln.name,
                    "cells": [f"{x},{y}" for x, y in ln.cells],
                    "cards": [format_card(c) for c in ln.cards],
                    "value": ln.value,
                    "lot": ln.lot,
                }
                for ln in self.scored.lines
            ]
            out["lots"] = self.scored.lots
            out["all4"] = self.scored.all4
            out["final"] = self.final
            out["score"] = self.total
            out["breakdown"] = self.breakdown()
        if self.best is not None:
            out["hand"] = self.hand
            out["best"] = [{"play": p, "score": s} for p, s in self.best]
            out["final"] = self.final
        return out

    def explain(self, ascii: bool = False) -> str:
        lines: list[str] = []
        if self.play:
            if self.reason is not None:
                lines.append(f"{self.play} is not legal: {self.reason}.")
            else:
                assert self.scored is not None
                lines.append(f"{self.play} is legal.")
                lines.extend("  " + describe_line(ln) for ln in self.scored.lines)
                lines.append("  score: " + self.breakdown(ascii))
        if self.best is not None:
            if not self.best and self.final:
                lines.append(
                    f"No play lays the whole hand {self.hand} there, so none is a final turn "
                    "(leave out --final for the best play of part of it)."
                )
            elif not self.best:
                lines.append(f"The hand {self.hand} had no legal play there: pass.")
            else:
                score = self.best[0][1]
                lines.append(f"Best play for {self.hand}: {counted(score, 'point')}")
                lines.extend(f"  {p}" for p, _ in self.best[:5])
                if len(self.best) > 5:
                    lines.append(f"  (and {len(self.best) - 5} more scoring {score})")
        return "\n".join(lines)


def parse_grid(text: str) -> dict[Cell, int]:
    """``"RC1 0,0 YS2 1,0"`` as a grid, checked: no cell twice, every line valid, connected,
    the starter's cell 0,0 taken."""
    grid: dict[Cell, int] = {}
    if not text.strip():
        raise Mistyped(
            "--grid",
            "name the cards on the table, each with its cell, the starter at 0,0: RC1 0,0 YS2 1,0",
        )
    try:
        placed = parse_placements(text, MAX_GRID_TEXT)
    except NotationError as exc:
        raise Mistyped("--grid", str(exc)) from None
    if len(placed) > len(rules.DECK):
        raise ScoreError(f"--grid: the game has only {len(rules.DECK)} cards, not {len(placed)}")
    for card, x, y in placed:
        if (x, y) in grid:
            raise ScoreError(f"--grid: {x},{y} is named twice")
        if card != rules.WILD and card in grid.values():
            raise ScoreError(f"--grid: {format_card(card)} is named twice")
        grid[(x, y)] = card
    if sum(c == rules.WILD for c in grid.values()) > rules.WILDS:
        raise ScoreError("--grid: there are only 2 wilds")
    fault = placement.grid_fault(grid)
    if not fault and (0, 0) not in grid:
        # The starter is laid at 0,0 and a card, once laid, stays (a swap replaces a wild).
        fault = "the starter card lies at 0,0, and 0,0 is empty"
    if fault:
        raise ScoreError(f"--grid is not a position of the game: {fault}")
    return grid


def check_cards(cards: Sequence[int], grid: dict[Cell, int], option: str) -> None:
    """Refuse cards the deck cannot supply: a card named twice, or more wilds than there are
    (counting those on the grid)."""
    real = [c for c in cards if c != rules.WILD]
    for i, card in enumerate(real):
        if card in real[:i]:
            raise ScoreError(f"{option}: {format_card(card)} is named twice")
    laid = sum(c == rules.WILD for c in grid.values())
    if laid + len(cards) - len(real) > rules.WILDS:
        held = f" and the grid holds {laid}" if laid else ""
        raise ScoreError(f"{option}: there are only {rules.WILDS} wilds{held}")


def on_grid(
    grid_text: str,
    play_text: str | None,
    *,
    best: bool = False,
    hand_text: str | None = None,
    final: bool = False,
) -> GridScore:
    """Check and score ``play_text`` on the grid; with ``best``, the best plays of the hand
    (``hand_text``, else the play's own cards)."""
    grid = parse_grid(grid_text)
    play_name = ""
    reason: str | None = None
    scored = None
    cards: list[int] = []
    if play_text:
        try:
            placed = parse_placements(play_text)
        except NotationError as exc:
            raise Mistyped("--play", str(exc)) from None
        play_name = format_placements(placed)
        cards = [c for c, _, _ in placed]
        check_cards(cards, grid, "--play")
        on = [format_card(c) for c in cards if c != rules.WILD and c in grid.values()]
        result = placement.check(grid, placed)
        if on:
            reason = f"{on[0]} is already on the grid"
        elif isinstance(result, str):
            reason = result
        else:
            scored = result
    best_plays = None
    hand_name = ""
    if hand_text is not None:
        played = cards
        try:
            cards = parse_cards(hand_text)
        except NotationError as exc:
            raise Mistyped("--hand", str(exc)) from None
        check_cards(cards, grid, "--hand")
        if not cards:  # nothing typed: a slip, as an empty --play or --grid is
            raise Mistyped("--hand", f"name the 1 to {rules.HAND_SIZE} cards of the hand: YS2 RC1")
        if not 1 <= len(cards) <= rules.HAND_SIZE:
            raise ScoreError(f"--hand: a hand holds 1 to {rules.HAND_SIZE} cards, not {len(cards)}")
        # The play came from that hand: every card it laid is one of the hand's.
        left = list(cards)
        for card in played:
            if card not in left:
                raise ScoreError(
                    f"--play lays {format_card(card)}, which --hand does not hold "
                    "(the hand is the whole hand the play came from)"
                )
            left.remove(card)
        if final and played and left:
            raise ScoreError(
                f"--final: the final turn plays the player's last card, but --play lays "
                f"{counted(len(played), 'card')} of the {len(cards)} --hand holds "
                "(leave out --final, or give the whole hand in --play)"
            )
    if best:
        if not 1 <= len(cards) <= rules.HAND_SIZE:
            raise ScoreError("--best needs a hand of 1 to 4 cards (--hand, or the play's cards)")
        on = [format_card(c) for c in cards if c != rules.WILD and c in grid.values()]
        if on:
            raise ScoreError(f"{on[0]} is in the hand and on the grid")
        hand_name = " ".join(format_card(c) for c in cards)
        # On the final turn only a play of the whole hand ends the game, doubled: --final asks
        # for that play.
        moves = legal_moves(grid, cards, pile_empty=final)
        if final:
            moves = [m for m in moves if len(m.play.cards) == len(cards)]
        if moves:
            top = max(m.score for m in moves)
            best_plays = tuple(
                (format_placements(m.play.cards), m.score) for m in moves if m.score == top
            )
        else:
            best_plays = ()
    return GridScore(play_name, reason, scored, final, best_plays, hand_name)
