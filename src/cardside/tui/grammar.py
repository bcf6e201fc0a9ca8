"""Sentences about a named player: the verb agrees with the name (``You win``, ``Bot wins``)."""

from __future__ import annotations

from cardside.core.words import listed


def agree(name: str, verb: str, *, plural: bool = False) -> str:
    """``name`` and ``verb`` (given in its plain form, ``win``) with the verb agreeing.

    "You" and ``plural`` subjects (a team, "Ann and Cy") take the plain form; any other name
    takes the third person: ``wins``, ``closes``, ``carries``.
    """
    if plural or name.strip().lower() == "you":
        return f"{name} {verb}"
    if verb.endswith(("s", "sh", "ch", "x")):
        return f"{name} {verb}es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return f"{name} {verb[:-1]}ies"
    return f"{name} {verb}s"


def ahead_of(names: list[str], totals: list[int], winner: int) -> str:
    """``, 21 ahead of Ann``: the winner's lead over the best of the rest (all of them when
    tied for second), for the line that says who won; ``""`` with no one else."""
    rest = [t for i, t in enumerate(totals) if i != winner]
    if not rest:
        return ""
    second = max(rest)
    behind = [n for i, (n, t) in enumerate(zip(names, totals)) if i != winner and t == second]
    return f", {totals[winner] - second} ahead of {listed(behind)}"
