"""Counts in words, for every message of every game: ``1 card``, ``2 cards``, ``0 entries``."""

from __future__ import annotations


def plural(word: str) -> str:
    """``match`` -> ``matches``, ``game`` -> ``games``."""
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")


def counted(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``0 entries``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("ry") else f"{n} {plural(word)}"
