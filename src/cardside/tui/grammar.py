"""Sentences about a named player: the verb agrees with the name (``You win``, ``Bot wins``)."""

from __future__ import annotations


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
