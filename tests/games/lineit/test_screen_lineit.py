"""The Line-it play screen: Tab completion, the parts of the table, refusals at the prompt."""

from __future__ import annotations

import pytest

from cardside.core.errors import IllegalActionError
from cardside.games.lineit.bots import make_bot
from cardside.games.lineit.notation import Action
from cardside.games.lineit.state import LineitState
from cardside.tui.console import Console, completions
from cardside.tui.lineit.screen import LineitScreen, LineitTurn
from cardside.tui.style import Style


def turn() -> tuple[LineitTurn, LineitState, int]:
    seed = next(s for s in range(50) if LineitState(2, seed=s).snapshot.first == 0)
    state = LineitState(2, seed=seed)
    seat = state.current_player()
    assert seat == 0
    screen = LineitScreen(Console(interactive=False), Style(), ["You", "Bot 2"])
    return LineitTurn(screen, make_bot("heuristic", seed=1)), state, seat


def test_tab_offers_the_legal_actions_as_written() -> None:
    view, state, seat = turn()
    words = view.words(state.observation(seat), seat)
    market = state.snapshot.market
    assert sorted(words) == sorted(
        [f"line {c}" if c <= 100 else f"line B{c - 100}" for c in dict.fromkeys(market)]
        + [f"hand {c}" if c <= 100 else f"hand B{c - 100}" for c in dict.fromkeys(market)]
    )
    first = words[0]
    offered = [text for text, _ in completions(first[:6], words)]
    assert first in offered and all(o.startswith(first[:6]) for o in offered)


def test_the_prompt_reads_actions_and_refuses_with_the_rule() -> None:
    view, state, seat = turn()
    obs = state.observation(seat)
    card = state.snapshot.market[0]
    assert view.parse(f"hand {card if card <= 100 else 'B' + str(card - 100)}", obs, seat) == (
        Action("hand", card)
    )
    with pytest.raises(IllegalActionError, match="take a card from the market first"):
        view.parse("done", obs, seat)
    assert view.prompt(obs, seat) == "take a card (line N or hand N): "


def test_the_table_shows_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    view, state, seat = turn()
    state.apply(state.legal_actions()[0])
    view.show(state.observation(seat), seat)
    out = capsys.readouterr().out
    for part in [
        "Round 1:",
        "market:",
        "jackpots: red 0, blue 0",
        "You",
        "Bot 2",
        "line:",
        "hand:",
    ]:
        assert part in out
    assert "if scored now:" in out
