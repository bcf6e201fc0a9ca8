"""A disputed LinesBeta result settled from each round's trick counts, with the reasoning."""

from __future__ import annotations

from dataclasses import dataclass

from cardside.core.errors import IllegalActionError, NotationError
from cardside.games.linesbeta.keep import Ledger, RoundRow
from cardside.games.linesbeta.rules import TRICKS_PER_ROUND


@dataclass(frozen=True)
class ScoreCheck:
    """The verdict on a disputed game: ``result`` is ``win``, ``loss`` or ``undecided``."""

    result: str
    player: int
    grid: int
    rows: list[RoundRow]
    reasoning: list[str]
    #: The targets of the difficulty and length: (yours, the grid's).
    targets: tuple[int, int] = (0, 0)
    #: Whether the game stopped before its last round's last trick (the result settled).
    early: bool = False


def score_check(
    rounds: list[tuple[int, int]], difficulty: str = "normal", length: str = "full"
) -> ScoreCheck:
    """Settle a game from per-round (player, grid) trick counts, showing the reasoning."""
    ledger = Ledger(difficulty, length)
    pt, gt = ledger.player_target, ledger.grid_target
    reasoning = [
        f"{difficulty}, {length} game: you need {pt}, the grid needs {gt}, "
        f"at most {ledger.rounds} rounds of {TRICKS_PER_ROUND} tricks"
    ]
    for i, (p, g) in enumerate(rounds, 1):
        if ledger.is_over:
            raise IllegalActionError(
                f"round {i} was given, but the game ended in round {ledger.round}"
            )
        if i > ledger.rounds:
            raise IllegalActionError(f"a {length} game has at most {ledger.rounds} rounds")
        try:
            ledger.add_round(p, g)
        except (NotationError, IllegalActionError) as exc:
            raise type(exc)(f"round {i}: {exc}") from None
        reasoning.append(
            f"round {i}: you {p}, grid {g}; totals {ledger.points[0]}-{ledger.points[1]}"
        )
        order = ledger.tally.orders.get(i)
        if order is not None:
            tricks = ", ".join("you" if won else "the grid" for won in order)
            reasoning.append(
                f"  (round {i} went this far only in some orders of its tricks, such as: "
                f"{tricks}; in the others an earlier trick settled the game, and play stops at "
                "the trick that settles it)"
            )
    v = ledger.verdict
    player, grid = ledger.points
    if v is None:
        reasoning.append(f"not settled yet: you have {player} of {pt}, the grid {grid} of {gt}")
        result = "undecided"
    else:
        if v.early:
            reasoning.append(f"the game stopped early in round {ledger.round}")
        reasoning.append(("you win: " if v.player_wins else "you lose: ") + v.reason)
        result = "win" if v.player_wins else "loss"
    early = v is not None and v.early
    return ScoreCheck(result, player, grid, ledger.table(), reasoning, (pt, gt), early)
