"""Which kept entries are in effect once undos and corrections are read."""

from __future__ import annotations

import pytest

from cardside.core.corrections import in_force
from cardside.core.errors import EntryError


def e(n: int, **more: object) -> dict[str, object]:
    return {"type": "deal", "n": n, **more}


def test_undos_corrections_and_take_backs_as_the_file_format_says() -> None:
    entries = [
        e(1),
        e(2),
        {"type": "undo"},  # 3 takes back 2
        e(4),
        e(5),
        e(6),
        e(10, fixes=1),  # 7 corrects 1
        e(11, fixes=4, takes_back=[5, 6]),  # 8 corrects 4, takes back 5 and 6
        e(12, fixes=1),  # 9 corrects 1 again
    ]
    force = in_force(entries)
    assert force.numbers == [1, 4]
    assert force.entries == [e(12), e(11)]  # without fixes and takes_back
    assert force.fixed == {1: 9, 4: 8}
    assert force.taken_back == {2: 3, 5: 8, 6: 8}
    assert force.corrects == {7: 1, 8: 4, 9: 1}
    # An undo takes back the last entry in effect, never the correction.
    assert in_force([*entries, {"type": "undo"}]).numbers == [1]


@pytest.mark.parametrize(
    ("entries", "number", "reason"),
    [
        ([{"type": "undo"}], 1, "nothing to undo"),
        ([e(1), e(2, fixes=2)], 2, "corrects entry 2, which is not in effect before it"),
        ([e(1), e(2, fixes=3)], 2, "corrects entry 3"),
        ([e(1), {"type": "undo"}, e(3, fixes=1)], 3, "corrects entry 1"),
        ([e(1), e(2, fixes=1), e(3, fixes=2)], 3, "corrects entry 2"),
        ([e(1), e(2), e(3, fixes=2, takes_back=[1])], 3, "takes back entries"),
        ([e(1), e(2), e(3), e(4, fixes=1, takes_back=[2])], 4, "takes back entries"),
        ([e(1), e(2), e(3, fixes=1, takes_back=[2, 9])], 3, "takes back entries"),
        ([e(1), {"type": "undo", "fixes": 2}], 2, "takes back entry 2, which is not in effect"),
        ([e(1), {"type": "undo"}, {"type": "undo", "fixes": 1}], 3, "takes back entry 1"),
        ([e(1), e(2), {"type": "undo", "fixes": 2, "takes_back": [1]}], 3, "takes back"),
    ],
)
def test_a_correction_the_file_cannot_hold(
    entries: list[dict[str, object]], number: int, reason: str
) -> None:
    with pytest.raises(EntryError) as caught:
        in_force(entries)
    assert caught.value.index == number and reason in caught.value.reason


def test_an_undo_naming_an_entry_takes_back_that_entry_alone() -> None:
    entries = [
        e(1),
        e(2),
        e(3),
        e(4),
        {"type": "undo", "fixes": 2},  # 5 takes back 2 alone
        {"type": "undo", "fixes": 1, "takes_back": [4]},  # 6 takes back 1, and 4 with it
        {"type": "undo"},  # 7 takes back the last in effect: 3
    ]
    force = in_force(entries[:5])
    assert force.numbers == [1, 3, 4] and force.entries == [e(1), e(3), e(4)]
    assert force.removed == {2: 5} and force.taken_back == {2: 5}
    force = in_force(entries)
    assert force.numbers == [] and force.removed == {2: 5, 1: 6}
    assert force.taken_back == {2: 5, 1: 6, 4: 6, 3: 7}
