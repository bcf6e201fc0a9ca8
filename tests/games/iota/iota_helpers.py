"""Positions shared by the IOTA tests: the seed's four-turn example, written out card by card."""

from __future__ import annotations

from typing import Any

from cardside.games.iota.notation import parse_action, parse_card, parse_cards
from cardside.games.iota.state import IotaState


def grid_of(text: str) -> dict[tuple[int, int], int]:
    """``"RC2 0,0 GT2 -2,0"`` as a grid."""
    tokens = text.split()
    out = {}
    for i in range(0, len(tokens), 2):
        x, y = map(int, tokens[i + 1].split(","))
        out[(x, y)] = parse_card(tokens[i])
    return out


def dealt(hands: list[str], starter: str, top: str = "", first: int = 0) -> IotaState:
    """A 2-4 player game with these hands, starter and top of the pile."""
    return IotaState(
        len(hands),
        deal=([parse_cards(h) for h in hands], parse_card(starter), parse_cards(top)),
        first=first,
    )


# The seed's play example: the starter RC2, then four turns scoring 6, 6, 34 and 208.
EXAMPLE_TURNS = [
    "GT2 -2,0 BX2 -1,0",  # same number, different colours and shapes: 2+2+2 = 6
    "YC1 0,1 GC3 0,-1",  # a column of circles around the starter, not touching each other: 6
    "YS2 1,0 RT3 1,1",  # YS2 completes the row lot (8); rows across 4 and column 5: 34
    "BC2 -1,2 BC4 0,2 BC1 1,2 BC3 2,2",  # two lots of 10, a column of 6, all 4: 208
]
EXAMPLE_SCORES = [6, 6, 34, 208]


def example_game() -> IotaState:
    return dealt(
        ["GT2 BX2 YS2 RT3", "YC1 GC3 BC4 BC1"],
        "RC2",
        top="GX4 YX4 BC2 BC3",
    )


def play(state: IotaState, text: str) -> None:
    state.apply(parse_action(text))


def kept_until_the_pile_is_empty(
    seed: int, *, to_the_end: bool = False
) -> tuple[Any, list[dict[str, object]]]:
    """A greedy 2-player game of ``seed`` entered with the grid kept, up to the first turn
    with the pile empty (or to its end); the ledger and its entries."""
    from cardside.games.iota.bots import make_bot
    from cardside.games.iota.notation import format_placements
    from cardside.games.iota.rules import Pass, Play
    from cardside.games.iota.state import IotaState

    state = IotaState(2, seed=seed)
    bots = [make_bot("greedy", seed=seed + s) for s in range(2)]
    order = [state.first, 1 - state.first]
    from cardside.games.iota.keep import IotaLedger
    from cardside.games.iota.notation import format_card

    ledger = IotaLedger(["Ann", "Bob"], grid=True).check_values_from_now()
    entries: list[dict[str, object]] = [
        {"type": "starter", "card": format_card(state.grid[(0, 0)])}
    ]
    ledger.add(entries[0])
    while state.snapshot.pile or (to_the_end and not state.is_terminal()):
        seat = state.current_player()
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), seat)
        assert isinstance(action, Play | Pass)
        entry: dict[str, object] = {"type": "pass", "seat": order.index(seat)}
        if isinstance(action, Play):
            entry = {**entry, "type": "play", "cards": format_placements(action.cards)}
            entry["final"] = False
        state.apply(action)
        ledger.add(entry)
        entries.append(entry)
    assert state.is_terminal() == ledger.over == to_the_end
    return ledger, entries
