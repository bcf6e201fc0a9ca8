"""A played game in which an undo took back what the player had seen (an entry ``seen``)
counts as played, but not in ratings, the league or records."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import sheets, store
from cardside.sessions.index import summarize
from cardside.sessions.results import finished_games

EXAMPLES = Path(__file__).parents[2] / "scoresheets"
#: A played game with no undo, won by its person, "You".
EXAMPLE = EXAMPLES / "iota-played-vs-greedy.toml"


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
        assert ("You" in result.output) is fair
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
    assert ratings.exit_code == 0 and "You" not in ratings.stdout, ratings.output
    assert "left out: marked (an undo took back what its player had seen" in ratings.stderr
    # Only where its games would have counted: not for other days, nor for another player.
    for args in (["--since", "2030-01-01"], ["--player", "Nobody"]):
        other = runner.invoke(main, ["stats", "--ratings", *args])
        assert other.exit_code == 0 and "left out" not in other.stderr, (args, other.stderr)
    plain = runner.invoke(main, ["stats", "--json"])
    assert plain.exit_code == 0 and '"You"' in plain.output


def test_an_undo_past_what_was_seen_leaves_the_game_out_though_its_file_does_not_say_so(
    runner: CliRunner, data_dir: Path
) -> None:
    """The Octrix example's last trick taken back (Ann's card and Strong's, turned up) and
    played again, the undo not marked: the replay finds that Ann had seen Strong's card, so
    the game is left out of ratings, the league and records all the same."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    text = (EXAMPLES / "octrix-played-vs-strong.toml").read_text(encoding="utf-8")
    body, strong = text.rsplit("[[entries]]", 1)
    ann = body.rsplit("[[entries]]", 1)[1]
    assert "seat = 0" in ann and "seat = 1" in strong  # Ann's card, then Strong's: a trick
    unmarked = f'{body}[[entries]]{strong}\n[[entries]]\ntype = "undo"\nmoves = 2\n'
    unmarked += f"\n[[entries]]{ann}[[entries]]{strong}"
    unmarked = "\n".join(
        line
        for line in unmarked.splitlines()
        if not line.startswith(("entry_count", "entry_digest"))
    )
    (folder / "unmarked.toml").write_text(unmarked, encoding="utf-8")
    session = store.load(folder / "unmarked.toml")
    undos = [n for n, e in enumerate(session.entries, 1) if e.get("type") == "undo"]
    assert len(undos) == 1 and "seen" not in session.entries[undos[0] - 1]
    assert sheets.seen_undos(session) == undos
    sheets.refresh(session)
    summary = summarize(session)
    assert summary["takebacks"] == 1 and finished_games([summary]) == []
    shown = runner.invoke(main, ["sessions", "show", "unmarked"])
    assert shown.exit_code == 0 and shown.exception is None, shown.output
    assert "not rated: 1 undo took back what the player had seen" in shown.output
    league = runner.invoke(main, ["stats", "--league"])
    assert league.exit_code == 0 and "Ann" not in league.stdout, league.output
    # Resumed, the game is known to be out of the ratings already: no question asked again.
    from types import SimpleNamespace

    from cardside.tui import play

    loop = SimpleNamespace(unrated=None, run=lambda: "over")
    console = SimpleNamespace(say=lambda text: None, clear_status=lambda: None)
    journal = SimpleNamespace(session=store.load(folder / "unmarked.toml"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(play, "closing_line", lambda *a: None)
        assert play.run_loop(loop, console, journal) == "over"  # type: ignore[arg-type]
    assert loop.unrated is True
    # The example itself, whose undos were taken out, is rated.
    assert sheets.seen_undos(store.load(EXAMPLES / "octrix-played-vs-strong.toml")) == []
