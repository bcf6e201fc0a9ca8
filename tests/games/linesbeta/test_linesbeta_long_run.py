"""``benchmarks/linesbeta_long.py``: the games of ``simulate``, resumed without replaying."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardside.games.linesbeta.deep import Deep2Bot, DeepBot
from cardside.games.linesbeta.simulate import _one_game

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "linesbeta_long.py"


@pytest.fixture(scope="module")
def long_run() -> ModuleType:
    spec = importlib.util.spec_from_file_location("linesbeta_long", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_game_is_the_one_simulate_plays(long_run: ModuleType) -> None:
    for game in range(4):
        row = long_run.one_game("planner", "", "hard", "full", "2026", game)
        won, _, you, grid = _one_game("planner", "hard", "full", 2026, game)
        assert (row["won"], row["you"], row["grid"]) == (won, you, grid)


def test_a_plan_is_written_in_one_form_and_set_on_deep(long_run: ModuleType) -> None:
    plan = long_run.parse_plan("6:4x60,3:4x80")
    assert plan == {6: (4, 60), 3: (4, 80)}
    assert long_run.write_plan(plan) == "3:4x80,6:4x60"
    assert long_run.write_plan(DeepBot.PLAN) == "3:4x80,4:4x60,5:4x60,6:4x60"
    assert long_run.write_plan(Deep2Bot.PLAN) == "3:4x80,4:4x60,5:3x30"


def test_a_second_run_plays_only_the_games_missing(
    long_run: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "games.jsonl"
    args = ["linesbeta_long.py", "--out", str(out), "--bot", "planner", "--seed", "5", "--games"]
    monkeypatch.setattr(sys, "argv", [*args, "3"])
    long_run.main()
    monkeypatch.setattr(sys, "argv", [*args, "5"])
    long_run.main()
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1, 2, 3, 4]
    assert {r["setting"] for r in rows} == {"planner - hard full"}
    printed = capsys.readouterr().out
    assert "planner - hard full" in printed and "      5     yes" in printed
