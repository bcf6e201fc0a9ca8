"""Simple arithmetic for numbers typed at a prompt (``12+11+7``, ``40-5``)."""

from __future__ import annotations

import re

from cardside.core.errors import NotationError

_TOKEN = re.compile(r"\s*([+-]?)\s*(\d+)\s*")


def parse_number(text: str) -> int:
    """Evaluate a sum of whole numbers such as ``"12+11+7"`` or ``"40 - 5"``."""
    s = text.strip()
    if not s:
        raise NotationError("expected a number")
    pos = 0
    total = 0
    first = True
    while pos < len(s):
        m = _TOKEN.match(s, pos)
        if not m or (not first and not m.group(1)):
            raise NotationError(f"not a number or a sum of numbers: {text!r}")
        value = int(m.group(2))
        total += -value if m.group(1) == "-" else value
        pos = m.end()
        first = False
    return total
