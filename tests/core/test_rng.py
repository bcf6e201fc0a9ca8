"""Seeded generators: a random player's quick choice is exactly ``Random.choice``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.core.rng import chooser, derive_rng


@given(st.integers(0, 2**64), st.lists(st.integers(1, 300), min_size=1, max_size=60))
def test_the_quick_choice_picks_what_random_choice_picks(seed: int, sizes: list[int]) -> None:
    """From the same generator state, the same pick for sequences of every length, and the
    generators stay in step afterwards."""
    quick, plain = random.Random(seed), random.Random(seed)
    choose = chooser(quick)
    for n in sizes:
        items = list(range(n))
        assert choose(items) == plain.choice(items)
    assert quick.getstate() == plain.getstate()


def test_the_quick_choice_of_a_derived_generator_and_an_empty_sequence() -> None:
    choose = chooser(derive_rng(7, "bot", 3))
    plain = derive_rng(7, "bot", 3)
    words = ("line", "hand", "play", "score", "done")
    assert [choose(words) for _ in range(50)] == [plain.choice(words) for _ in range(50)]
    with pytest.raises(IndexError):
        choose([])


def test_a_generator_of_another_kind_keeps_its_own_choice() -> None:
    class Always(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def,override]
            return seq[0]

    assert chooser(Always(1))([5, 6, 7]) == 5
