"""Whole numbers typed by people: plain (``12``) or as simple sums (``12+11+7``, ``40-5``).

Every typed number passes through here, so none can be absurdly large: Python's ``int`` of
thousands of digits is slow and, past 4,300 digits, an error.
"""

from __future__ import annotations

import re

from cardside.core.errors import NotationError

MAX_DIGITS = 9  # the longest number accepted anywhere a number is typed
LIMIT = 10**MAX_DIGITS - 1
MAX_TERMS = 50  # numbers in one sum
_TOKEN = re.compile(r"\s*([+-]?)\s*([0-9]+)\s*")


def is_digits(text: str) -> bool:
    """Whether ``text`` is a plain number: the digits 0 to 9 only, as typed on a keyboard
    (``str.isdigit`` also takes ``²``, which ``int`` refuses, and ``٣``, which it reads)."""
    return text.isascii() and text.isdigit()


def whole(digits: str) -> int:
    """The value of a string of digits, refused beyond :data:`LIMIT` before converting."""
    if not is_digits(digits):
        raise NotationError(f"{digits[:12]!r} is not a number (digits 0 to 9)")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        shown = digits if len(digits) <= 12 else digits[:9] + "..."
        raise NotationError(f"{shown} is too large (at most {LIMIT:,})")
    return int(digits)


def parse_number(text: str) -> int:
    """Evaluate a sum of whole numbers such as ``"12+11+7"`` or ``"40 - 5"``."""
    s = text.strip()
    if not s:
        raise NotationError("expected a number")
    if len(s) > MAX_TERMS * (MAX_DIGITS + 3):
        raise NotationError("that is too long for a number or a sum")
    pos = 0
    total = 0
    first = True
    while pos < len(s):
        m = _TOKEN.match(s, pos)
        if not m or (not first and not m.group(1)):
            shown = s if len(s) <= 40 else s[:37] + "..."
            raise NotationError(f"not a number or a sum of numbers: {shown!r}")
        value = whole(m.group(2))
        total += -value if m.group(1) == "-" else value
        pos = m.end()
        first = False
    if abs(total) > LIMIT:
        raise NotationError(f"the sum is too large (at most {LIMIT:,})")
    return total
