"""Seeded random number generators.

Every deal derives its own generator from the game seed and a key (for example the round
number), so replaying a game needs only the seed and the list of actions, and undoing across a
deal cannot change the cards dealt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_rng(seed: int | str, *keys: object) -> random.Random:
    """Return a generator determined by ``seed`` and ``keys`` alone (stable across runs)."""
    # Seeding with a str hashes it with SHA-512, which (unlike hash()) is not randomised per
    # process, so the same seed deals the same cards on every machine.
    material = ":".join(map(str, (seed, *keys)))
    return random.Random(material)


#: The seed of every player's view of a game (and of a game dealt afresh from one): the same
#: for every game, so it tells nothing of the game's own seed, which would deal the hidden
#: cards again (a seed worked out from the game's could be found by trying small seeds).
#: Longer than any seed a game accepts (a text of up to 200 characters), so no game's seed is
#: its views' seed too.
VIEW_SEED = "a view:" + "-" * 200

#: Seeds dealt afresh: a person's game (shown, to replay it) stays short; a game started
#: through the state API without a seed gets one too wide to find by trying every seed
#: against what a seat sees (and still a TOML integer).
SHORT_SEEDS = 10**9
WIDE_SEEDS = 10**18


def fresh_seed(wide: bool = False) -> int:
    """A new random seed for a game the user did not seed explicitly (``wide`` for a game of
    the state API, whose seed no person reads)."""
    return random.SystemRandom().randrange(1, WIDE_SEEDS if wide else SHORT_SEEDS)


def chooser(rng: random.Random) -> Callable[[Sequence[T]], T]:
    """``rng.choice``, one call shorter: the same pick from the same generator state, for the
    random players of simulations, which choose at every decision of every game.

    ``Random.choice`` draws ``n.bit_length()`` random bits until they fall below ``n`` (tests
    hold the two to the same picks); a subclass with generators of its own keeps its choice.
    """
    if type(rng) is not random.Random:
        return rng.choice
    getrandbits = rng.getrandbits

    def choose(seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return seq[r]

    return choose
