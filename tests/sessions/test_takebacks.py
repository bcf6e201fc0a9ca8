"""A played game in which an undo took back what the player had seen (an entry ``seen``)
counts as played, but not in ratings, the league or records."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import sheets, store
from cardside.sessions.index import summarize
from cardside.sessions.results import finished_games

EXAMPLE = Path(__file__).parents[2] / "scoresheets" / "octrix-played-vs-strong.toml"


def test_a_game_with_an_undo_past_what_was_seen_is_left_out_of_the_finished_games() -> None:
    session = store.load(EXAMPLE)
    sheets.refresh(session)
    summary = summarize(session)
    assert summary["takebacks"] == 0 and finished_games([summary])
    # The same game with a marked undo of a move and the move made again.
    marked = store.load(EXAMPLE)
    last = marked.entries[-1]
    marked.entries[-1:] = [last, {"type": "undo", "moves": 1, "seen": True}, last]
    sheets.refresh(marked)
    again = summarize(marked)
    assert again["takebacks"] == 1 and again["results"] == summary["results"]
    assert finished_games([again]) == []


def test_ratings_and_the_league_leave_it_out_and_stats_still_count_it(
    runner: CliRunner, data_dir: Path
) -> None:
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    text = EXAMPLE.read_text(encoding="utf-8")
    (folder / "fair.toml").write_text(text, encoding="utf-8")
    for args, fair in ((["stats", "--ratings"], True), (["stats", "--league"], True)):
        result = runner.invoke(main, args)
        assert result.exit_code == 0 and result.exception is None, result.output
        assert ("Ann" in result.output) is fair
    # Marked: an undo past what was seen, at the end of the file, then the move again.
    body, last = text.rsplit("[[entries]]", 1)
    marked = f'{body}[[entries]]{last}\n[[entries]]\ntype = "undo"\nmoves = 1\nseen = true\n'
    marked += f"\n[[entries]]{last}"
    # As written by hand: no count or digest of the entries to disagree with.
    marked = "\n".join(
        line for line in marked.splitlines() if not line.startswith(("entry_count", "entry_digest"))
    )
    (folder / "fair.toml").unlink()
    (folder / "marked.toml").write_text(marked, encoding="utf-8")
    verified = runner.invoke(main, ["sessions", "verify", "marked"])
    assert verified.exit_code == 0, verified.output
    shown = runner.invoke(main, ["sessions", "show", "marked"])
    assert shown.exit_code == 0 and "not rated: 1 undo took back what the player had seen" in (
        shown.output
    )
    ratings = runner.invoke(main, ["stats", "--ratings"])
    assert ratings.exit_code == 0 and "Ann" not in ratings.stdout, ratings.output
    assert "left out: marked (an undo took back what its player had seen" in ratings.stderr
    # Only where its games would have counted: not for other days, nor for another player.
    for args in (["--since", "2030-01-01"], ["--player", "Nobody"]):
        other = runner.invoke(main, ["stats", "--ratings", *args])
        assert other.exit_code == 0 and "left out" not in other.stderr, (args, other.stderr)
    plain = runner.invoke(main, ["stats", "--json"])
    assert plain.exit_code == 0 and '"Ann"' in plain.output
