"""An undo in ``linesbeta play`` takes back a decision, never what the player saw."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.errors import IllegalActionError
from cardside.games.linesbeta import rules
from cardside.games.linesbeta.bots import PlannerBot
from cardside.games.linesbeta.notation import parse_action
from cardside.games.linesbeta.rules import CODE
from cardside.games.linesbeta.sheet import action_text, replay_state
from cardside.games.linesbeta.state import LinesBetaState
from cardside.games.linesbeta.view import HIDDEN
from cardside.sessions import store

R1C1 = rules.cell_of(1, 1)
SCRIPT = ["3S", "2C r1L"]  # seed 4242, normal: r1c1 turns out to be 3C and beats 2C


def _played(*moves: str) -> LinesBetaState:
    state = LinesBetaState("normal", "full", seed=4242)
    for text in moves:
        state.apply(parse_action(text, state.phase))
    return state


def test_a_card_seen_stays_known_after_the_undo() -> None:
    state = _played(*SCRIPT)
    three = CODE[parse_action("3C", "trump").card]  # type: ignore[union-attr]
    assert state.tricks[-1].grid_card == three
    state.take_back()
    obs = state.observation(0)
    assert obs.grid[R1C1] == three and obs.remembered == 1 << R1C1
    assert three not in obs.unseen
    # The card is face down again (the decision is undone), but known to be there.
    assert state.cell(1, 1) == ("down", None)
    # A fresh game at the same point knows nothing of it.
    assert _played("3S").observation(0).grid[R1C1] == HIDDEN


def test_the_memory_ends_when_the_card_leaves_its_cell() -> None:
    state = _played(*SCRIPT)
    state.take_back()
    state.apply(parse_action("6C r1L", state.phase))  # the grid plays 3C from r1c1
    assert state.observation(0).remembered == 0


def test_a_determinized_game_keeps_the_remembered_card() -> None:
    state = _played(*SCRIPT)
    state.take_back()
    for seed in range(5):
        twin = state.determinize(0, random.Random(seed))
        assert twin.snapshot.grid[R1C1] == state.snapshot.grid[R1C1]


def test_an_undo_past_the_end_of_a_round_is_refused_with_the_reason() -> None:
    state = LinesBetaState("normal", "full", seed=8)
    rng = random.Random(2)
    while state.round == 1:
        state.apply(rng.choice(state.legal_actions()))
    dealt = state.snapshot
    with pytest.raises(IllegalActionError, match="cannot go back past the end of a round"):
        state.take_back()
    assert state.snapshot == dealt
    state.undo()  # a search may still step back: only the player's undo is refused


def test_play_shows_the_seen_card_and_resume_remembers_it(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["--ascii", "linesbeta", "play", "--seed", "4242", "--difficulty", "normal"]
    script = [*SCRIPT, "undo", "quit"]
    result = runner.invoke(main, [*args, "--session", "u"], input="\n".join(script) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    after_undo = out.split("Took back 1 decision.")[1]
    assert "3C*" in after_undo and "face down again after an undo" in after_undo
    lines = after_undo.splitlines()
    row = next(i for i, line in enumerate(lines) if "3C*" in line)
    header = next(line for line in reversed(lines[:row]) if "c1" in line)
    # The card stands in its column as the others do; the mark takes the next cell's space.
    assert lines[row].index("3C*") + len("3C") == header.index("c1") + len("c1")
    assert len(lines[row].rstrip()) == len(header)
    state = replay_state(store.load(data_dir / "sessions" / "u.toml"))
    assert state.observation(0).remembered == 1 << R1C1
    resumed = runner.invoke(main, ["--ascii", "sessions", "resume", "u"], input="show\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "3C*" in resumed.output


def test_play_refuses_an_undo_past_a_round_and_carries_on(
    runner: CliRunner, data_dir: Path
) -> None:
    state = LinesBetaState("normal", "full", seed=5)
    bot = PlannerBot(0)
    moves = []
    while state.round == 1 and not state.is_terminal():
        action = bot.choose(state, 0)
        moves.append(action_text(action))
        state.apply(action)
    assert state.round == 2
    script = [*moves, "undo", "quit"]
    result = runner.invoke(
        main,
        ["linesbeta", "play", "--seed", "5", "--session", "r"],
        input="\n".join(script) + "\n",
    )
    assert result.exit_code == 0, result.output
    refused = "an undo cannot go back past the end of a round (type help)"
    assert any(line.endswith(refused) for line in result.output.splitlines())
    entries = store.load(data_dir / "sessions" / "r.toml").entries
    assert all(e["type"] == "action" for e in entries) and len(entries) == len(moves)
