"""``octrix play``: the hint names a card, shows the mixed strategy and its value in plain words,
and draws a sample on ask."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.octrix.bots import Hint
from cardside.games.octrix.notation import parse_card
from cardside.games.octrix.state import OctrixState
from cardside.tui.console import Console
from cardside.tui.octrix.screen import OctrixScreen, OctrixTurn
from cardside.tui.style import Style


def _hints(runner: CliRunner, args: list[str], asks: list[str]) -> list[str]:
    result = runner.invoke(
        main, ["--ascii", "octrix", "play", *args], input="\n".join([*asks, "quit"]) + "\n"
    )
    assert result.exit_code == 0, result.output
    # The answer to each line typed: the text between its prompt and the next prompt.
    parts = re.split(r"Your card \(\w+ wins\): [^\n]*\n", result.output)
    return [part.strip() for part in parts[1:]]


def test_the_hint_shows_the_strategy_most_likely_first_and_the_same_each_time(
    runner: CliRunner, data_dir: Path
) -> None:
    first, second = _hints(runner, ["--seed", "3"], ["hint", "hint"])[:2]
    assert first == second
    assert first.startswith("hint: 4D, the strong bot's likeliest card here; it plays 4D ")
    shares = [int(p) for p in re.findall(r"[A2-8][CSHD] (\d+)%", first)]
    assert len(shares) >= 2 and shares == sorted(shares, reverse=True)
    assert 98 <= sum(shares) <= 102
    assert re.search(r"value [+-]\d+\.\d = the points margin you can expect this round", first)
    assert "your round score minus your opponent's" in first
    assert "'hint sample' draws one" in first


def test_hint_sample_draws_a_card_of_the_strategy_the_same_for_the_same_position(
    runner: CliRunner, data_dir: Path
) -> None:
    hint, one, two = _hints(runner, ["--seed", "3"], ["hint", "hint sample", "hint sample"])[:3]
    assert one == two and one.startswith("hint sample: ")
    card = one.split(": ")[1].split(",")[0]
    assert re.search(rf"\b{card} \d+%", hint)


@pytest.mark.parametrize("args", [["--players", "3"], ["--players", "4", "--partnership"]])
def test_the_search_hint_for_more_players_is_repeatable(
    runner: CliRunner, data_dir: Path, args: list[str]
) -> None:
    first, second = _hints(runner, ["--seed", "2", *args], ["hint", "hint"])[:2]
    assert first == second and re.match(r"hint: [A2-8][CSHD], ", first)


@pytest.mark.parametrize(
    "args", [["--seed", "3"], ["--seed", "2", "--players", "3"], ["--seed", "2", "--partnership"]]
)
def test_the_hint_speaks_of_cards_and_chances_not_of_how_the_bot_searched(
    runner: CliRunner, data_dir: Path, args: list[str]
) -> None:
    hints = _hints(runner, args, ["hint"])
    assert hints, "no hint was shown"
    hint = hints[0]
    assert hint.startswith("hint: ")
    for jargon in ("equilibrium", "search", "iteration", "look-ahead", "p="):
        assert jargon not in hint, hint


def _turn(
    players: int, partnership: bool, advice: Hint, monkeypatch: pytest.MonkeyPatch
) -> tuple[OctrixTurn, OctrixState]:
    """An Octrix turn whose strong bot gives ``advice``, with the observation to ask it in."""
    state = OctrixState(players, partnership=partnership, seed=2)
    names = [f"P{x + 1}" for x in range(players)]
    screen = OctrixScreen(Console(interactive=False), Style(ascii=True), names, state.sides)
    turn = OctrixTurn(screen, 0, partnership)
    monkeypatch.setattr(turn, "_advice", lambda obs, seat: advice)
    return turn, state.observation(0)


@pytest.mark.parametrize(
    ("players", "partnership", "whom"), [(3, False, "you"), (4, True, "your side")]
)
def test_a_hint_from_this_trick_alone_is_for_your_side_only_in_the_partnership_game(
    players: int, partnership: bool, whom: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    advice = Hint(parse_card("8C"), "greedy")
    turn, obs = _turn(players, partnership, advice, monkeypatch)
    assert turn.hint(obs, 0) == f"hint: 8C, the likeliest card to take this trick for {whom}"


def test_hint_and_hint_sample_name_a_card_the_strong_bot_always_plays_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    card = parse_card("8D")
    turn, obs = _turn(2, False, Hint(card, "exact", ((card, 1.0),)), monkeypatch)
    assert turn.hint(obs, 0) == "hint: 8D, the card the strong bot always plays here"
    assert turn.hint_sample(obs, 0) == "hint sample: 8D, the card the strong bot always plays here"


@pytest.mark.parametrize("seed", [9, 10])
def test_a_four_player_hint_s_chances_add_up_to_the_whole(
    runner: CliRunner, data_dir: Path, seed: int
) -> None:
    """The search drops cards under 5%; the chances shown are those it plays with."""
    result = runner.invoke(
        main,
        ["--ascii", "octrix", "play", "--players", "4", "--seed", str(seed)],
        input="hint\nquit\n",
    )
    line = next(ln for ln in result.output.splitlines() if "it plays" in ln)
    chances = [int(n) for n in re.findall(r" (\d+)%", line.split("it plays")[1])]
    assert len(chances) >= 2 and abs(sum(chances) - 100) <= len(chances), line


def test_hint_with_a_word_after_it_names_hint_sample(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["octrix", "play", "--seed", "3"], input="hint foo\nquit\n")
    assert "  hint takes nothing after it but sample: hint, or hint sample (type help)" in (
        result.output.splitlines()
    )


def test_a_card_played_less_than_once_in_200_is_not_shown_as_never() -> None:
    """The exact strategy may give a card 0.3%: shown `<1%`, not `0%`, beside the others."""
    screen = OctrixScreen(
        Console(interactive=False), Style(ascii=True), ["You", "Bot"], ((0,), (1,))
    )
    turn = OctrixTurn(screen, 0, False)
    ranked = [(parse_card(c), p) for c, p in (("AH", 0.757), ("5S", 0.24), ("4H", 0.003))]
    assert turn._chances(ranked) == "AH 76%, 5S 24%, 4H <1%"
