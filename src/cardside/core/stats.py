"""Confidence intervals for simulation reports."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (sound near 0 and 1, unlike the normal one)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= trials else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, tuple[float, float]]:
    """The mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, (0.0, 0.0))
    mean = sum(values) / n
    if n == 1:
        return (mean, (mean, mean))
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, (mean - half, mean + half))


def with_interval(mean: float, interval: tuple[float, float], count: int, spec: str = ".1f") -> str:
    """``16.0 [13.1, 19.0]``: a mean and its 95% interval. From one value no interval can be
    told, so none is shown (``354.0 [one value]``), not one of no width."""
    if count < 2:
        return f"{mean:{spec}} [one value]"
    low, high = interval
    return f"{mean:{spec}} [{low:{spec}}, {high:{spec}}]"


def format_wins(wins: float) -> str:
    """A count of wins where ties share a win: ``83``, or ``84.8`` with a share in it."""
    wins = round(wins, 6)  # a sum of shares such as 1/3 + 2/3 is a whole win
    return f"{wins:.0f}" if wins == int(wins) else f"{wins:.1f}"
