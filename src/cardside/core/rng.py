"""Seeded random number generators.

Every deal derives its own generator from the game seed and a key (for example the round
number), so replaying a game needs only the seed and the list of actions, and undoing across a
deal cannot change the cards dealt.
"""

from __future__ import annotations

import random


def derive_rng(seed: int | str, *keys: object) -> random.Random:
    """Return a generator determined by ``seed`` and ``keys`` alone (stable across runs)."""
    # Seeding with a str hashes it with SHA-512, which (unlike hash()) is not randomised per
    # process, so the same seed deals the same cards on every machine.
    material = ":".join([str(seed), *(str(k) for k in keys)])
    return random.Random(material)


def fresh_seed() -> int:
    """A new random seed for a game the user did not seed explicitly."""
    return random.SystemRandom().randrange(1, 10**9)
