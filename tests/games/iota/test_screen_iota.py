"""The IOTA screen: the grid with its coordinates, colour and plain text, Tab completion."""

from __future__ import annotations

import click
import pytest

from cardside.games.iota.bots import GreedyBot
from cardside.games.iota.notation import parse_card
from cardside.tui.console import Console
from cardside.tui.iota.screen import IotaScreen, IotaTurn
from cardside.tui.style import Style

from .iota_helpers import EXAMPLE_TURNS, dealt, example_game, grid_of, play


def screen(color: bool = False, ascii: bool = False) -> IotaScreen:
    return IotaScreen(Console(interactive=False), Style(color=color, ascii=ascii), ["Ann", "Bob"])


def test_the_grid_shows_coordinates_on_every_edge_and_a_margin() -> None:
    lines = screen(ascii=True).grid(grid_of("RC2 0,0 YS2 1,0 GT3 1,1"), marks=[(1, 1)])
    assert lines[0].split() == ["-1", "0", "1", "2"] == lines[-1].split()
    assert [ln.split()[0] for ln in lines[1:-1]] == ["2", "1", "0", "-1"]  # y upwards
    row0 = lines[3]
    assert row0.split() == ["0", ".", "RC2", "YS2", ".", "0"]
    assert "GT3*" in lines[2]
    assert "·" in screen().grid(grid_of("RC2 0,0"))[1]


def test_cards_are_coloured_only_with_colour_on() -> None:
    card = parse_card("GT3")
    assert screen().card(card) == "GT3"
    coloured = screen(color=True).card(card)
    assert coloured != "GT3" and click.unstyle(coloured) == "GT3"
    assert "\x1b[32m" in coloured  # green


def test_a_turn_is_shown_with_each_line_and_the_doublings() -> None:
    state = example_game()
    for text in EXAMPLE_TURNS[:3]:
        play(state, text)
    shown = screen().turn(state.snapshot.log[-1])
    assert shown[0] == "Ann plays YS2 1,0 RT3 1,1: 34 points."
    assert "  row y=0: GT2 BX2 RC2 YS2 = 8 (a lot)" in shown
    assert shown[-1] == "  (8 + 5 + 4) × 2 (one lot) = 34"


def test_tab_offers_cards_then_the_cells_where_each_can_go() -> None:
    state = example_game()
    view = state.observation(0)
    turn = IotaTurn(screen(), GreedyBot())
    assert set(turn.words(view, 0, "")) >= {"GT2", "BX2", "YS2", "RT3", "pass"}
    assert "swap" not in turn.words(view, 0, "")  # no wild on the grid: nothing to swap
    cells = list(turn.words(view, 0, "GT2 "))
    assert "-2,0" in cells and "1,0" in cells and "5,5" not in cells
    # After a card and its cell, the next card; after that card, the cells of the legal plays
    # that hold both: in row 0, next to GT2, or beyond with YS2 filling the gap.
    assert "BX2" in turn.words(view, 0, "GT2 -2,0 ")
    assert set(turn.words(view, 0, "GT2 -2,0 BX2 ")) == {"-1,0", "-3,0", "1,0"}
    assert set(turn.words(view, 0, "pass ")) == {"BX2", "GT2", "RT3", "YS2"}
    assert list(turn.words(view, 0, "swap ")) == []
    assert list(turn.words(view, 0, "swap GT2 ")) == []
    # A wild starter: every card of the hand may stand for it, at its cell.
    wild = dealt(["GT2 BX2 YS2 RT3", "YC1 GC3 BC4 BC1"], "W").observation(0)
    assert "swap" in turn.words(wild, 0, "")
    assert set(turn.words(wild, 0, "swap ")) == {"BX2", "GT2", "RT3", "YS2"}
    assert list(turn.words(wild, 0, "swap GT2 ")) == ["0,0"]


def test_you_play_and_a_lone_line_is_not_repeated_as_a_total() -> None:
    state = example_game()
    play(state, EXAMPLE_TURNS[0])
    you = IotaScreen(Console(interactive=False), Style(color=False, ascii=True), ["You", "Bob"])
    shown = you.turn(state.snapshot.log[-1])
    assert shown[0].startswith("You play ") and "You plays" not in shown[0]
    assert len(shown) == 2 and shown[1].endswith("= 6")  # the line; no bare "6" after it


def test_a_grid_wider_than_the_terminal_is_shown_in_bands_of_columns() -> None:
    # three rows of 4 with gaps between them: 18 columns with the margin
    cells = " ".join(
        f"{c} {x0 + i},0"
        for x0, cards in ((0, "RC1 RS2 RT3 RX4"), (6, "YC1 YS2 YT3 YX4"), (12, "GC1 GS2 GT3 GX4"))
        for i, c in enumerate(cards.split())
    )
    cells += " BC1 0,1 BC2 0,-1 RC3 0,2 BC4 0,-10"  # y runs from -11 to 3: labels 3 wide
    grid = grid_of(cells)
    narrow = IotaScreen(Console(interactive=False, width=60), Style(color=False, ascii=True), ["A"])
    lines = narrow.grid(grid)
    assert all(len(line) + 2 <= 60 for line in lines)
    bands = "\n".join(lines).split("\n\n")
    assert len(bands) == 2
    assert [band.splitlines()[0] for band in bands] == [
        "x -1 to 7 (part 1 of 2):",
        "x 8 to 16 (part 2 of 2):",
    ]
    bands = ["\n".join(band.splitlines()[1:]) for band in bands]
    headers = [[int(x) for x in band.splitlines()[0].split()] for band in bands]
    assert headers[0] + headers[1] == list(range(-1, 17))
    shown = [w for line in lines if line[:2] != "x " for w in line.split() if w[0].isalpha()]
    assert sorted(shown) == sorted(cells.split()[::2])
    # each band as tall as the cards in and beside its columns need, with a margin of one
    # (the second band holds only the row of greens), its y label on both sides
    wanted = [list(range(3, -12, -1)), [1, 0, -1]]
    for band, ys in zip(bands, wanted, strict=True):
        rows = band.splitlines()[1:-1]
        assert [int(r.split()[0]) for r in rows] == ys
        assert all(r.split()[0] == r.split()[-1] for r in rows)
    # piped output (no width) and a wide terminal keep the grid whole
    assert "" not in screen(ascii=True).grid(grid)
    wide = IotaScreen(Console(interactive=False, width=200), Style(color=False, ascii=True), ["A"])
    assert "" not in wide.grid(grid)


def test_history_numbers_a_swap_with_the_play_of_its_turn() -> None:
    from cardside.games.iota.notation import parse_action
    from cardside.games.iota.state import Turn

    log = [
        Turn(0, parse_action("GT2 1,0")),
        Turn(1, parse_action("swap GT4 1,-1")),
        Turn(1, parse_action("RS3 2,0")),
        Turn(0, parse_action("pass")),
    ]
    shown = screen()
    shown.turn = lambda t: ["a turn"]  # type: ignore[method-assign]  # numbering only
    numbers = [line.split(".")[0].strip() for line in shown.history(log)]
    assert numbers == ["1", "2", "2", "3"]


def test_a_last_play_in_a_band_above_is_pointed_to_under_the_recap(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """On a narrow terminal the grid goes in bands of columns, the last band nearest the
    prompt: a last play in an earlier band may be above the screen's top, so the screen
    says where it is."""
    from cardside.games.iota.notation import band_of
    from cardside.games.iota.state import IotaState, last_play_cells

    width = 40
    for seed in range(20):
        state, bots = IotaState(2, seed=seed), [GreedyBot(), GreedyBot()]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat), seat))
            cells = last_play_cells(state.snapshot.log)
            if cells and state.current_player() is not None:
                number, count = band_of(state.snapshot.grid, cells[0], width=width, indent=2)
                if number < count:
                    break
        else:
            continue
        break
    else:
        pytest.fail("no game put its last play in a band before the last")
    seat = state.current_player()
    assert seat is not None
    names = ["Ann", "Bob"]
    narrow = IotaScreen(Console(interactive=False, width=width), Style(color=False), names)
    capsys.readouterr()
    IotaTurn(narrow, GreedyBot()).show(state.observation(seat), seat)
    said = capsys.readouterr().out
    words = " ".join(said.split())  # wrapped at the terminal's width
    assert f"(the last play, starred, is in part {number} of {count} of the grid above)" in words
    assert f"(part {count} of {count})" in said
    wide = IotaScreen(Console(interactive=False, width=400), Style(color=False), names)
    IotaTurn(wide, GreedyBot()).show(state.observation(seat), seat)
    assert "the last play, starred" not in capsys.readouterr().out
    assert band_of({(0, 0): 1}, (0, 0)) == (1, 1)


def test_the_others_hand_sizes_are_shown_once_one_holds_fewer_than_four(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As at a table, where the cards in each hand are counted in view: once the pile runs
    out, who can go out first decides the end."""
    from cardside.games.iota.state import IotaState

    state, bots = IotaState(2, seed=3), [GreedyBot(), GreedyBot()]
    said = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        capsys.readouterr()
        IotaTurn(screen(), GreedyBot()).show(view, seat)
        out = capsys.readouterr().out
        other = 1 - seat
        if view.hand_sizes[other] < 4:
            said.append(f"cards in hand: {['Ann', 'Bob'][other]} {view.hand_sizes[other]}")
            assert said[-1] in out, out
        else:
            assert "cards in hand" not in out
        state.apply(bots[seat].choose(view, seat))
    assert said, "the pile ran out before the end"


def test_a_recap_too_tall_for_the_terminal_says_each_turn_on_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Four players late in a game: the grid, three bots' plays with every line's value and
    the prompt would not fit 24 rows, so each turn is one line with its lines' values in
    brackets and the grid's top stays in sight; a taller terminal gets every line."""
    from cardside.games.iota.state import IotaState
    from cardside.tui.iota.screen import since_last_turn

    state, bots = IotaState(4, seed=3), [GreedyBot() for _ in range(4)]
    while state.current_player() != 0 or len(state.snapshot.log) < 24:
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat), seat))
    view = state.observation(0)
    names = ["You", "Bot 2", "Bot 3", "Bot 4"]
    turns = since_last_turn(view.log, 0)
    assert sum(len(t.scored.lines) > 1 for t in turns if t.scored) >= 2
    tall = IotaScreen(Console(interactive=False, width=200, height=80), Style(color=False), names)
    capsys.readouterr()
    IotaTurn(tall, GreedyBot()).show(view, 0)
    full = capsys.readouterr().out
    assert "      row y=" in full or "      column x=" in full
    assert len(full.splitlines()) + 1 > 24  # with the prompt, too tall for 24 rows
    short = IotaScreen(Console(interactive=False, width=200, height=24), Style(color=False), names)
    IotaTurn(short, GreedyBot()).show(view, 0)
    said = capsys.readouterr().out.splitlines()
    assert len(said) < len(full.splitlines())
    recap = said[said.index("  Since your last turn:") + 1 :]
    assert [line.strip() for line in recap] == [short.turn_line(t) for t in turns]
    assert any(" points (row y=" in line or " points (column x=" in line for line in recap)


def test_the_prompt_s_example_is_a_play_the_hand_could_make() -> None:
    """A newcomer types the example to see what happens: it is taken, not refused."""
    import re

    from cardside.games.iota.notation import parse_play
    from cardside.games.iota.state import IotaState

    for seed in (3, 7):
        state, bots = IotaState(2, seed=seed), [GreedyBot(), GreedyBot()]
        checked = 0
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            view = state.observation(seat)
            prompt = IotaTurn(screen(), GreedyBot()).prompt(view, seat)
            found = re.search(r"\(e\.g\. (.+), or pass\)", prompt)
            assert found is not None, prompt
            if view.moves():
                assert state.is_legal(parse_play(found.group(1))), (prompt, view.hand)
                checked += 1
            state.apply(bots[seat].choose(view, seat))
        assert checked > 10


def test_the_end_by_passes_is_said_before_it_comes(capsys: pytest.CaptureFixture[str]) -> None:
    """Passes in a row end the game (a blocked grid, a ruling a newcomer may not know): the
    table says how many more will, from the last round of them, and the count is the rules'."""
    from cardside.games.iota.rules import Pass
    from cardside.games.iota.state import IotaState, blocked_after

    state = IotaState(2, seed=3)
    limit = blocked_after(2, state.observation(0).pile_size)
    told = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        capsys.readouterr()
        IotaTurn(screen(), GreedyBot()).show(state.observation(seat), seat)
        told.append(capsys.readouterr().out)
        state.apply(Pass(()))
    assert len(told) == limit  # the game ended on the pass the rules say
    notes = [next((ln for ln in out.splitlines() if "No one has played" in ln), "") for out in told]
    assert notes[: limit - 2] == [""] * (limit - 2)
    assert notes[-2] == (
        f"  No one has played for {limit - 2} turns: 2 more passes in a row end the game "
        "(a blocked grid: see rules)."
    )
    assert notes[-1].endswith(": 1 more pass ends the game (a blocked grid: see rules).")
