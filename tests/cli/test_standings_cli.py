"""``stats --ratings``, ``--league`` and ``--html`` over the example sessions and hostile ones."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from datetime import datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.record import Seat
from cardside.sessions import store
from cardside.sessions.journal import Journal

EXAMPLES = Path(__file__).parents[2] / "scoresheets"
HOSTILE = ["<script>alert(1)</script>", "\"&'", "<b>Bo</b>"]


def examples(data_dir: Path, rename: bool = False, seed: int = 0) -> None:
    """Copy the example sessions into the data folder (under other names and file times, if
    asked: what orders the games is the times inside the files)."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    for path in sorted(EXAMPLES.glob("*.toml")):
        target = folder / (f"{rng.randrange(10**6):06d}-{path.name}" if rename else path.name)
        shutil.copy(path, target)
        if rename:
            moment = rng.randrange(1_600_000_000, 1_800_000_000)
            os.utime(target, (moment, moment))


def run(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(main, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.exception is None
    return result.output


def as_json(runner: CliRunner, *args: str) -> Any:
    return json.loads(run(runner, *args, "--json"))


def test_league_worked_example_from_the_example_sessions(runner: CliRunner, data_dir: Path) -> None:
    examples(data_dir)
    got = as_json(runner, "stats", "--league", "--game", "octrix")
    (table,) = got["league"]
    rows = {r["player"]: r for r in table["table"]}
    # Ann won the kept partnership game with Cid and lost the played one to Strong.
    assert rows["Ann"] | {"rating": None} == {
        "player": "Ann",
        "played": 2,
        "won": 1,
        "drawn": 0,
        "lost": 1,
        "win_rate": 0.5,
        "points": 1.0,
        "form": "W L",
        "rating": None,
        "provisional": True,  # two games: sigma still high
    }
    assert [r["player"] for r in table["table"]] == ["Strong", "Cid", "Ann", "Bob", "Dee"]
    records = {r["record"]: r for r in got["records"]}
    assert records["highest score"] | {"when": None} == {
        "game": "octrix",
        "record": "highest score",
        "who": "Ann & Cid",
        "value": 97,
        "unit": "",
        "when": None,
        "session": "octrix-kept-partnership",
    }
    assert records["biggest margin"]["value"] == 80
    assert records["best round"]["who"] == "Ann & Cid" and records["best round"]["value"] == 64
    # From 18:00:48, when the session began (19 s before its first entry), to 18:31:05.
    assert records["fastest game"]["value"] == 30 * 60 + 17
    assert records["fastest game"]["session"] == "octrix-played-vs-strong"
    text = run(runner, "stats", "--league", "--game", "octrix")
    lines = text.splitlines()
    assert lines[0] == "League: Octrix" and "Records: Octrix" in lines
    (ann,) = [line for line in lines if line.startswith("Ann ")]
    assert ann.split()[:8] == ["Ann", "2", "1", "0", "1", "50%", "1", "W"]
    (fastest,) = [line for line in lines if line.startswith("fastest game")]
    assert "Strong" in fastest and "30m 17s" in fastest and "2026-11-29" in fastest


def test_records_of_every_game(runner: CliRunner, data_dir: Path) -> None:
    examples(data_dir)
    records = as_json(runner, "stats", "--league")["records"]
    found = {(r["game"], r["record"]): (r["who"], r["value"], r["session"]) for r in records}
    assert found["iota", "best turn"] == ("Bob", 208, "iota-kept-grid")
    assert found["iota", "fastest game"] == ("Bot 2 (greedy)", 299, "iota-played-vs-greedy")
    assert found["lineit", "biggest jackpot"] == ("Ada", 9, "lineit-kept-three-players")
    assert found["lineit", "highest score"] == ("Cleo", 28, "lineit-kept-three-players")
    # Bot 2 and Ann both took 3 game points in a deal: Bot 2 did it first (18:12 vs 18:14).
    assert found["schnapsen", "most game points in one deal"] == (
        "Bot 2 (strong)",
        3,
        "schnapsen-played-vs-strong",
    )
    assert ("schnapsen", "most matches won 7–0") not in found  # 7–2 and 7–3 only
    # A match is always won on 7: no highest score, the loser's lowest stands.
    assert ("schnapsen", "highest score") not in found
    assert found["schnapsen", "lowest score"][1] == 2
    assert found["linesbeta", "most wins at normal full"] == ("You", 1, "linesbeta-played-normal")
    assert found["linesbeta", "lowest score"] == (
        "Grid (normal short)",
        3,
        "linesbeta-kept-short-grid",
    )
    assert found["octrix", "longest winning streak"] == ("Strong", 1, "octrix-played-vs-strong")


def kept_schnapsen(
    data_dir: Path,
    name: str,
    names: list[str],
    deals: list[tuple[int, int]],
    day: int = 1,
    times: list[datetime] | None = None,
) -> None:
    """A kept Schnapsen session of ``deals`` (winner, game points), one a minute from 20:00 on
    ``day`` of November 2026, or at ``times``."""
    journal = Journal.start(
        data_dir,
        game="schnapsen",
        mode="keep",
        seats=[Seat(n, "table") for n in names],
        options={"matches": 0},
        name=name,
    )
    for winner, points in deals:
        journal.append({"type": "result", "winner": winner, "points": points})
    session = journal.session
    session.times = times or [
        datetime(2026, 11, day, 20, i).astimezone() for i in range(len(deals))
    ]
    store.save(session, journal.path)


def test_league_form_newest_first_and_a_shutout(runner: CliRunner, data_dir: Path) -> None:
    kept_schnapsen(data_dir, "one", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1)], day=1)  # 7–0
    kept_schnapsen(data_dir, "two", ["Ann", "Bob"], [(1, 3), (1, 3), (1, 3)], day=2)
    kept_schnapsen(data_dir, "three", ["Bob", "Ann"], [(1, 3), (1, 3), (0, 1), (1, 1)], day=3)
    got = as_json(runner, "stats", "--league", "--game", "schnapsen")
    rows = {r["player"]: r for r in got["league"][0]["table"]}
    assert rows["Ann"]["form"] == "W L W" and rows["Bob"]["form"] == "L W L"
    assert rows["Ann"]["points"] == 2 and rows["Ann"]["win_rate"] == 0.6667
    records = {r["record"]: r for r in got["records"]}
    assert records["most matches won 7–0"]["who"] == "Ann"
    assert records["most matches won 7–0"]["session"] == "one"
    # --since and --until keep the games decided on those days.
    got = as_json(runner, "stats", "--league", "--since", "2026-11-02", "--until", "2026-11-02")
    (row_b, row_a) = got["league"][0]["table"]
    assert (row_b["player"], row_b["played"], row_a["form"]) == ("Bob", 1, "L")


def test_ratings_do_not_depend_on_file_names_or_file_times(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    examples(data_dir)
    want = as_json(runner, "stats", "--ratings")
    for seed in (1, 2):
        other = tmp_path / f"other{seed}"
        examples(other, rename=True, seed=seed)
        got = as_json(runner, "--data-dir", str(other), "stats", "--ratings")
        for row in got["ratings"] + want["ratings"]:
            row.pop("change_30_days", None)  # depends on today's date, the same for both
        assert got == want


def test_ratings_filters_and_output(runner: CliRunner, data_dir: Path) -> None:
    examples(data_dir)
    got = as_json(runner, "stats", "--ratings", "--player", " ANN ")
    assert {r["game"] for r in got["ratings"]} == {"iota", "linesbeta", "octrix", "schnapsen"}
    assert all(r["player"] == "Ann" and {"mu", "sigma"} <= set(r) for r in got["ratings"])
    got = as_json(runner, "stats", "--ratings", "--game", "linesbeta")
    assert {r["player"] for r in got["ratings"]} == {
        "Ann",
        "You",
        "Grid (normal full)",
        "Grid (normal short)",
    }
    assert as_json(runner, "stats", "--ratings", "--since", "2026-12-01")["ratings"] == []
    text = run(runner, "stats", "--ratings", "--game", "iota", "--chart", "--ascii")
    assert "Ratings: IOTA" in text and "Ratings game by game" in text
    assert "1000 + 40 x (mu - 3 x sigma)" in text  # --ascii: the formula's signs too


@pytest.mark.parametrize(
    "args, reason",
    [
        (["--ratings", "--league"], "not both"),
        (["--chart"], "add --ratings"),
        (["--league", "--since", "2026-11-30", "--until", "2026-11-01"], "is before"),
        (["--until", "2026-11-01"], "--until is for"),
        (["--html", "-", "--player", "nobody"], "no finished game of 'nobody' matches"),
        (["--html", "-", "--since", "2099-01-01"], "no session matches since 2099-01-01: no"),
        (["--html", ""], "--html needs a file name"),
    ],
)
def test_bad_options_are_refused(
    runner: CliRunner, data_dir: Path, args: list[str], reason: str
) -> None:
    examples(data_dir)
    result = runner.invoke(main, ["stats", *args])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert reason in result.output


def test_no_page_is_written_of_no_sessions(runner: CliRunner, data_dir: Path) -> None:
    target = data_dir.parent / "empty.html"
    result = runner.invoke(main, ["stats", "--html", str(target)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output == "Error: no session is saved yet: no page written\n"
    assert not target.exists()


class Page(HTMLParser):
    """The tables of a page (by class and game), its text and every URL it names."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[dict[str, str | None], list[list[str]]]] = []
        self.urls: list[str] = []
        self.text: list[str] = []
        self.scripts = 0
        self._cell: list[str] | None = None
        self._key: str | None = None  # a heading's JSON key, where its words differ

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key in ("href", "src", "action", "xlink:href", "srcset", "data", "xmlns"):
            if found.get(key) is not None:
                self.urls.append(str(found[key]))
        if "style" in found and "url(" in str(found["style"]):
            self.urls.append(str(found["style"]))
        if tag == "script":
            self.scripts += 1
        if tag == "table":
            self.tables.append((found, []))
        elif tag == "tr" and self.tables:
            self.tables[-1][1].append([])
        elif tag in ("td", "th"):
            self._cell = []
            self._key = found.get("data-key")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.tables:
            self.tables[-1][1][-1].append(self._key or "".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    return page


def cells_of(page: Page, kind: str) -> dict[str, list[dict[str, str]]]:
    """Each table of a kind, by game, as rows keyed by their header."""
    out = {}
    for attrs, rows in page.tables:
        if attrs.get("class") == kind:
            header, *body = rows
            out[str(attrs.get("data-game"))] = [dict(zip(header, row)) for row in body]
    return out


def as_shown(key: str, value: object) -> str:
    """A league figure of ``stats --json`` as the page shows it (the win rate in percent)."""
    if value is None:
        return ""
    if key == "win_rate":
        return f"{value:.0%}"
    if key == "provisional":
        return "yes" if value else "no"
    if key == "points":
        # As the terminal writes a share of wins: 1, or 0.3 for a third.
        assert isinstance(value, float)
        return f"{value:.0f}" if value == int(value) else f"{value:.1f}"
    return str(value)


def test_html_headings_are_words_not_json_keys(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    examples(data_dir)
    out = tmp_path / "report.html"
    run(runner, "stats", "--html", str(out))
    text = out.read_text(encoding="utf-8")
    assert "<th>win_rate" not in text and "<th>change_30_days" not in text
    assert ">win rate</th>" in text and ">30 days</th>" in text
    assert ">100%</td>" in text
    captions = re.findall(r"<caption>([^<]*)</caption>", text)
    assert set(captions) == {"IOTA", "Line-it", "LinesBeta", "Octrix", "Schnapsen"}
    assert "<p>Schnapsen, played, finished, " in text and "schnapsen play" not in text


def test_html_numbers_equal_the_json(runner: CliRunner, data_dir: Path, tmp_path: Path) -> None:
    examples(data_dir)
    kept_schnapsen(data_dir, "hostile", HOSTILE[:2], [(0, 3), (1, 1), (0, 3), (0, 1)], day=5)
    # Three players tied for first: a third of a win each.
    tied = runner.invoke(
        main,
        ["lineit", "keep", "--names", "Ann,Bob,Cy", "--session", "tied"],
        input="counts Ann 20\ncounts Bob 20\ncounts Cy 20\n\n",
    )
    assert tied.exit_code == 0 and tied.exception is None, tied.output
    out = tmp_path / "report.html"
    run(runner, "stats", "--html", str(out))
    page = parse(out.read_text(encoding="utf-8"))
    league = as_json(runner, "stats", "--league")
    tables = cells_of(page, "league")
    assert set(tables) == {t["game"] for t in league["league"]} and len(tables) == 5
    for table in league["league"]:
        shown = tables[table["game"]]
        assert len(shown) == len(table["table"])
        for html_row, row in zip(shown, table["table"]):
            assert {k: as_shown(k, v) for k, v in row.items()} == html_row
    ratings = as_json(runner, "stats", "--ratings")["ratings"]
    shown_ratings = cells_of(page, "ratings")
    for row in ratings:
        (html_row,) = [r for r in shown_ratings[row["game"]] if r["player"] == row["player"]]
        for key in ("rating", "games"):
            assert html_row[key] == str(row[key])
        # Rounded as the terminal's table rounds them.
        assert (html_row["mu"], html_row["sigma"]) == (f"{row['mu']:.1f}", f"{row['sigma']:.2f}")
        change = row["change_30_days"]
        assert html_row["change_30_days"] == (f"{change:+d}" if change else "0")
        assert html_row["provisional"] == ("yes" if row["provisional"] else "no")
    (records,) = [rows for attrs, rows in page.tables if attrs.get("class") == "records"]
    assert len(records) - 1 == len(league["records"])
    scores = [rows for attrs, rows in page.tables if attrs.get("class") == "score"]
    assert len(scores) == 12  # the ten examples, "hostile" and "tied"


def test_html_escapes_names_and_names_no_other_page(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    kept_schnapsen(data_dir, "hostile", HOSTILE[:2], [(0, 3), (1, 1), (0, 3), (0, 1)], day=5)
    kept_schnapsen(data_dir, "bold", [HOSTILE[2], HOSTILE[0]], [(0, 3), (0, 3), (0, 1)], day=6)
    out = tmp_path / "report.html"
    run(runner, "stats", "--html", str(out))
    text = out.read_text(encoding="utf-8")
    page = parse(text)
    assert page.scripts == 0 and "<b>" not in text and "<script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    words = "".join(page.text)
    for name in HOSTILE:
        assert name in words  # shows as typed
    assert page.urls and all(url.startswith("#") for url in page.urls)
    assert "url(" not in text and "@import" not in text and "://" not in text
    ids = set()

    class Ids(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            ids.update(v for k, v in attrs if k == "id" and v)

    Ids().feed(text)
    assert {url[1:] for url in page.urls} <= ids  # every link lands in the page
    exported = runner.invoke(main, ["sessions", "export", "hostile", "--format", "html"])
    assert exported.exit_code == 0 and exported.exception is None
    single = parse(exported.output)
    assert single.scripts == 0 and "<script>" not in exported.output
    assert HOSTILE[0] in "".join(single.text) and HOSTILE[1] in "".join(single.text)
    (score,) = [rows for attrs, rows in single.tables if attrs.get("class") == "score"]
    # The match and the deal, the two players, their countdowns, the note.
    assert score[0][:4] == ["match", "deal", *HOSTILE[:2]] and score[0][-1] == "note"
    assert score[-1][-3:-1] == ["0", "6"]


def test_html_is_never_written_into_the_sessions_folder(runner: CliRunner, data_dir: Path) -> None:
    examples(data_dir)
    target = store.sessions_dir(data_dir) / "report.html"
    result = runner.invoke(main, ["stats", "--html", str(target)])
    assert result.exit_code == 2 and "sessions folder" in result.output
    assert not target.exists()


def test_a_tampered_score_table_in_the_index_is_not_trusted(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    examples(data_dir)
    run(runner, "stats")
    path = data_dir / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["files"]["iota-kept-grid.toml"]["summary"]["rows"] = [[1, ["<i>x</i>"], "no"]]
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "report.html"
    run(runner, "stats", "--html", str(out))
    text = out.read_text(encoding="utf-8")
    assert "<i>x</i>" not in text and "&lt;i&gt;" not in text
    page = parse(text)
    scores = [rows for attrs, rows in page.tables if attrs.get("class") == "score"]
    assert len(scores) == 10 and min(len(rows) for rows in scores) == 1  # a header only


def test_export_all_as_html_is_the_whole_report(runner: CliRunner, data_dir: Path) -> None:
    examples(data_dir)
    page = parse(run(runner, "sessions", "export", "--all", "--format", "html"))
    kinds = {attrs.get("class") for attrs, _ in page.tables}
    assert {"league", "ratings", "head-to-head", "records", "score"} <= kinds


@pytest.mark.parametrize("view", ["--ratings", "--league"])
def test_a_player_in_no_finished_game_is_an_empty_answer_as_in_plain_stats(
    runner: CliRunner, data_dir: Path, view: str
) -> None:
    examples(data_dir)
    said = run(runner, "stats", view, "--player", "nobody")
    assert said == "No finished game matches player 'nobody' (10 finished games in all).\n"
    assert "No sessions match player 'nobody'" in run(runner, "stats", "--player", "nobody")
    got = as_json(runner, "stats", view, "--player", "nobody")
    assert got["games"] == 0 and got[view[2:]] == [] and got.get("records", []) == []


def test_a_name_holding_another_players_name_keeps_to_its_own_column(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main,
        [
            "schnapsen",
            "keep",
            "--names",
            "Tom and Jerry,Jerry",
            "--matches",
            "1",
            "--session",
            "tj",
        ],
        input="Jerry 3\nJerry 3\nJerry 1\n",
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    (table,) = as_json(runner, "stats", "--league")["league"]
    rows = {r["player"]: (r["won"], r["lost"]) for r in table["table"]}
    assert rows == {"Jerry": (1, 0), "Tom and Jerry": (0, 1)}
    players = {p["name"]: p for p in as_json(runner, "stats")["players"]}
    assert players["Jerry"]["best_score"] == 7 and players["Tom and Jerry"]["best_score"] == 0


def links_and_targets(text: str) -> tuple[set[str], set[str]]:
    """The page's links within itself, and the ids they may lead to."""
    return set(re.findall(r'href="#([^"]+)"', text)), set(re.findall(r'id="([^"]+)"', text))


def test_a_players_league_shows_the_records_of_their_games_only(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    examples(data_dir)
    got = as_json(runner, "stats", "--league", "--player", "cleo")
    assert [t["game"] for t in got["league"]] == ["lineit"]
    assert {r["game"] for r in got["records"]} == {"lineit"}
    out = tmp_path / "cleo.html"
    run(runner, "stats", "--html", str(out), "--player", "cleo")
    links, targets = links_and_targets(out.read_text(encoding="utf-8"))
    assert links and links <= targets  # every record's session is on the page


def test_a_page_since_a_day_holds_the_session_begun_the_evening_before(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    # A match begun on 1 November and decided after midnight, on the 2nd.
    times = [datetime(2026, 11, 1, 23, 0).astimezone()] + [
        datetime(2026, 11, 2, 0, 30 + i).astimezone() for i in range(2)
    ]
    kept_schnapsen(data_dir, "late", ["Ann", "Bob"], [(0, 3)] * 3, times=times)
    league = as_json(runner, "stats", "--league", "--since", "2026-11-02")
    assert [r["player"] for r in league["league"][0]["table"]] == ["Ann", "Bob"]
    out = tmp_path / "since.html"
    run(runner, "stats", "--html", str(out), "--since", "2026-11-02")
    links, targets = links_and_targets(out.read_text(encoding="utf-8"))
    assert "s-late" in targets and links <= targets


def test_plain_stats_count_streaks_in_the_order_games_were_decided(
    runner: CliRunner, data_dir: Path
) -> None:
    # Session "a": Ann wins a match on 3 November, Bob one on the 4th (resumed a day later).
    # Session "b", begun on the 3rd after "a": Ann wins. Decided: Ann, Ann, Bob.
    kept_schnapsen(data_dir, "b", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1)], day=3)
    deals = [(0, 3), (0, 3), (0, 1), (1, 3), (1, 3), (1, 1)]
    times = [datetime(2026, 11, 3, 19, i).astimezone() for i in range(3)] + [
        datetime(2026, 11, 4, 19, i).astimezone() for i in range(3)
    ]
    kept_schnapsen(data_dir, "a", ["Ann", "Bob"], deals, times=times)
    players = {p["name"]: p for p in as_json(runner, "stats")["players"]}
    assert (players["Ann"]["streak"], players["Ann"]["longest_streak"]) == (0, 2)
    assert (players["Bob"]["streak"], players["Bob"]["longest_streak"]) == (1, 1)
    (table,) = as_json(runner, "stats", "--league")["league"]
    assert {r["player"]: r["form"] for r in table["table"]}["Ann"] == "L W W"


@pytest.mark.parametrize("view", ["--ratings", "--league"])
def test_a_players_json_counts_the_games_they_played(
    runner: CliRunner, data_dir: Path, view: str
) -> None:
    examples(data_dir)
    everyone = as_json(runner, "stats", view)
    ann = as_json(runner, "stats", view, "--player", "Ann")
    assert everyone["games"] == 10
    # Ann sat in 6 of the 10 finished example games (Octrix and Schnapsen twice, IOTA and
    # LinesBeta once), as her ratings count them.
    assert ann["games"] == 6
    if view == "--ratings":
        assert sum(r["games"] for r in ann["ratings"]) == 6


def test_the_pages_head_to_head_counts_only_the_games_of_the_days_asked_for(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    # Match 1 (Ann 7-0) on 1 November, match 2 (Bob 7-0) on 3 November, in one session.
    deals = [(0, 3), (0, 3), (0, 1), (1, 3), (1, 3), (1, 1)]
    days = [1, 1, 1, 3, 3, 3]
    times = [datetime(2026, 11, d, 20, i).astimezone() for i, d in enumerate(days)]
    kept_schnapsen(data_dir, "two-days", ["Ann", "Bob"], deals, times=times)

    def pairs(*args: str) -> list[list[str]]:
        out = tmp_path / "page.html"
        run(runner, "stats", "--html", str(out), *args)
        page = parse(out.read_text(encoding="utf-8"))
        (rows,) = [rows for attrs, rows in page.tables if attrs.get("class") == "head-to-head"]
        return rows[1:]

    assert pairs() == [["Ann", "Bob", "1", "1", "0"]]
    assert pairs("--until", "2026-11-01") == [["Ann", "Bob", "1", "0", "0"]]
    assert pairs("--since", "2026-11-02") == [["Ann", "Bob", "0", "1", "0"]]


def test_of_two_equal_counts_the_one_reached_first_keeps_the_record(
    runner: CliRunner, data_dir: Path
) -> None:
    # Matches won 7-0 by Ann, Bob, Bob, Ann: Bob has two first (the third match).
    shutout = [(0, 3), (0, 3), (0, 1)]
    deals = shutout + [(1, p) for _, p in shutout] * 2 + shutout
    times = [datetime(2026, 11, 2, 20, i).astimezone() for i in range(len(deals))]
    kept_schnapsen(data_dir, "shutouts", ["Ann", "Bob"], deals, times=times)
    records = as_json(runner, "stats", "--league")["records"]
    (found,) = [r for r in records if r["record"] == "most matches won 7–0"]
    assert (found["who"], found["value"]) == ("Bob", 2)
    assert found["when"].startswith("2026-11-02T20:08")


def test_a_pause_between_entries_counts_as_no_time_played(
    runner: CliRunner, data_dir: Path
) -> None:
    # Match 1 (Ann 7-0) in three deals five minutes apart, then a break of two days, then
    # match 2 (Bob 7-0) in three deals ten minutes apart.
    deals = [(0, 3), (0, 3), (0, 1), (1, 3), (1, 3), (1, 1)]
    first, later = datetime(2026, 11, 1, 20, 0), datetime(2026, 11, 3, 20, 0)
    times = [first.replace(minute=5 * i).astimezone() for i in range(3)] + [
        later.replace(minute=10 * i).astimezone() for i in range(3)
    ]
    kept_schnapsen(data_dir, "resumed", ["Ann", "Bob"], deals, times=times)
    (game,) = as_json(runner, "stats")["games"]
    assert game["seconds"] == (10 + 20) * 60  # 20:00-20:10 and 20:00-20:20, the break left out
    records = as_json(runner, "stats", "--league")["records"]
    (fastest,) = [r for r in records if r["record"] == "fastest match"]
    # Match 2 ran from match 1's deciding entry (20:10, two days before) to 20:20: its
    # 20 minutes of play, not two days.
    assert (fastest["who"], fastest["value"]) == ("Ann", 10 * 60)
    assert [r["value"] for r in records if r["record"] == "fastest match"] == [600]


def test_the_league_shows_the_records_of_a_game_with_none_finished(
    runner: CliRunner, data_dir: Path
) -> None:
    kept = runner.invoke(
        main, ["iota", "keep", "--names", "Ann,Bob"], input="Ann 10 2 lot all4\nquit\n"
    )
    assert kept.exit_code == 0 and kept.exception is None, kept.output
    records = as_json(runner, "stats", "--league")["records"]
    assert [(r["record"], r["who"], r["value"]) for r in records] == [("best turn", "Ann", 48)]
    text = run(runner, "stats", "--league")
    assert "League: IOTA\nNo finished game yet.\n\nRecords: IOTA" in text
    assert re.search(r"best turn +Ann +48", text)


def test_filtered_ratings_and_league_say_their_filters(runner: CliRunner, data_dir: Path) -> None:
    """A season's table says it is one, on screen and in JSON, as the page does."""
    examples(data_dir)
    shown = run(runner, "stats", "--ratings", "--game", "schnapsen", "--since", "2026-11-01")
    assert shown.startswith("Only since 2026-11-01.\nRatings: Schnapsen\n")
    league = run(runner, "stats", "--league", "--player", "ann")
    assert league.startswith("Only player 'Ann'.\n")  # spelt as the tables spell the player
    assert not run(runner, "stats", "--league").startswith("Only")
    got = as_json(runner, "stats", "--ratings", "--until", "2026-11-30", "--mode", "keep")
    assert got["filters"] == {
        "game": None,
        "player": None,
        "since": None,
        "until": "2026-11-30",
        "mode": "keep",
    }
    said = run(runner, "stats", "--ratings", "--player", "ann", "--since", "2026-12-01")
    assert said == (
        "No finished game matches since 2026-12-01 and player 'Ann' (0 finished games in all).\n"
    )


def test_the_30_days_change_counts_back_from_until(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every example game was played in the 30 days up to 2026-11-30: the change is the whole
    rating's move from the start, though today is months later."""
    later = datetime(2027, 6, 1, 12, 0).astimezone()
    monkeypatch.setattr(store, "now", lambda: later)
    examples(data_dir)
    assert all(r["change_30_days"] == 0 for r in as_json(runner, "stats", "--ratings")["ratings"])
    got = as_json(runner, "stats", "--ratings", "--until", "2026-11-30")
    assert got["ratings"]
    for row in got["ratings"]:
        assert row["change_30_days"] == row["rating"] - 1000, row


def test_what_a_game_counts_as_is_listed_in_one_order(runner: CliRunner, data_dir: Path) -> None:
    """Ann's first games were matches: `counted in` still reads games, then matches."""
    examples(data_dir)
    players = {p["name"]: p for p in as_json(runner, "stats")["players"]}
    assert list(players["Ann"]["counted_as"]) == ["game", "match"]
    ann = next(line for line in run(runner, "stats").splitlines() if line.startswith("Ann "))
    assert ann.rstrip().endswith("games, matches")


def test_an_empty_season_is_one_line_and_a_seat_filter_keeps_its_words(
    runner: CliRunner, data_dir: Path
) -> None:
    examples(data_dir)
    for view in ("--ratings", "--league"):
        said = run(runner, "stats", view, "--since", "2099-01-01")
        assert said == "No finished game matches since 2099-01-01.\n", view
    # Bot 2 finds each bot that sat there: the line names the seat as asked, not one bot.
    shown = run(runner, "stats", "--league", "--player", "bot 2")
    assert shown.startswith("Only player 'bot 2'.\n")
    assert "Bot 2 (greedy)" in shown and "Bot 2 (strong)" in shown


def test_the_pages_head_to_head_names_each_bot_as_its_league_does(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    """Head to head goes game by game, as the league and the ratings beside it, each bot
    named as its game's table names it (``Bot 2 (strong)``, never ``Bot 2 (strong,
    Schnapsen)``)."""
    examples(data_dir)
    out = tmp_path / "report.html"
    run(runner, "stats", "--html", str(out))
    page = parse(out.read_text(encoding="utf-8"))
    league = cells_of(page, "league")
    pairs = cells_of(page, "head-to-head")
    assert {"schnapsen", "lineit", "iota"} <= set(pairs)
    for game, rows in pairs.items():
        players = {r["player"] for r in league[game]}
        met = {r[k] for r in rows for k in ("player", "opponent")}
        assert met <= players, (game, met - players)
    assert {"player": "Ann", "opponent": "Bot 2 (strong)", "wins": "0", "losses": "1"}.items() <= (
        next(r for r in pairs["schnapsen"] if "Bot 2 (strong)" in r.values()).items()
    )


def test_the_page_says_a_session_is_not_rated_as_show_does(
    runner: CliRunner, data_dir: Path
) -> None:
    """A game in which an undo took back what the player had seen is not rated: its part of
    the page says so, in the words of ``sessions show``."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    text = (EXAMPLES / "octrix-played-vs-strong.toml").read_text(encoding="utf-8")
    (folder / "fair.toml").write_text(text, encoding="utf-8")
    body, last = text.rsplit("[[entries]]", 1)
    marked = f'{body}[[entries]]{last}\n[[entries]]\ntype = "undo"\nmoves = 1\nseen = true\n'
    marked += f"\n[[entries]]{last}"
    marked = "\n".join(
        line for line in marked.splitlines() if not line.startswith(("entry_count", "entry_digest"))
    )
    (folder / "marked.toml").write_text(marked, encoding="utf-8")
    said = "not rated: 1 undo took back what the player had seen"
    assert said in run(runner, "sessions", "show", "marked")
    result = runner.invoke(main, ["stats", "--html", "-"])
    assert result.exit_code == 0 and result.exception is None, result.output
    fair, marked_part = result.stdout.split('<section id="s-marked">')
    assert said.capitalize() in marked_part and "Not rated" not in fair


def test_an_empty_answer_for_a_bots_seat_names_the_seat_as_asked(
    runner: CliRunner, data_dir: Path
) -> None:
    """Bot 2 sat only in a Schnapsen game: an IOTA table for Bot 2 is empty, and the line
    says Bot 2, what was asked, not the one bot of another game."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    for name in ("schnapsen-played-vs-strong", "iota-kept-grid"):
        shutil.copy(EXAMPLES / f"{name}.toml", folder)
    for view in ("--ratings", "--league"):
        said = run(runner, "stats", view, "--game", "iota", "--player", "Bot 2")
        assert said.startswith("No finished game matches game iota and player 'Bot 2' ("), said
    # The one bot of that name, asked for by its whole name, is spelt as its table spells it.
    shown = run(runner, "stats", "--league", "--player", "bot 2 (STRONG)")
    assert shown.startswith("Only player 'Bot 2 (strong)'.\n")


def test_a_day_before_the_year_1000_keeps_its_four_digits(
    runner: CliRunner, data_dir: Path
) -> None:
    examples(data_dir)
    assert run(runner, "stats", "--league", "--since", "0001-01-01").startswith(
        "Only since 0001-01-01.\n"
    )
    got = as_json(runner, "stats", "--ratings", "--since", "0999-12-31")
    assert got["filters"]["since"] == "0999-12-31"
    said = run(runner, "stats", "--league", "--until", "0001-01-01")
    assert said == "No finished game matches until 0001-01-01.\n"
    refused = runner.invoke(
        main, ["stats", "--league", "--since", "0002-01-01", "--until", "0001-01-01"]
    )
    assert refused.exit_code == 2 and isinstance(refused.exception, SystemExit)
    assert "--until 0001-01-01 is before --since 0002-01-01" in refused.output


@pytest.mark.parametrize("view", ["--ratings", "--league"])
def test_the_html_page_with_ratings_or_league_asked_is_refused_not_ignored(
    runner: CliRunner, data_dir: Path, tmp_path: Path, view: str
) -> None:
    """The page holds the league and the ratings: asked with one of them, it says so rather
    than quietly writing the page."""
    page = tmp_path / "club.html"
    refused = runner.invoke(main, ["stats", view, "--html", str(page)])
    assert refused.exit_code == 2 and isinstance(refused.exception, SystemExit)
    assert "--html writes the league and the ratings on one page" in refused.output
    assert not page.exists()
    # --chart with the page: the page's own reason, not "add --ratings" (a dead end).
    charted = runner.invoke(main, ["stats", "--chart", "--html", str(page)])
    assert charted.exit_code == 2 and "--html writes a page: leave out" in charted.output


def test_ratings_count_in_each_game_s_own_unit(runner: CliRunner, data_dir: Path) -> None:
    """A Schnapsen rating moves match by match, an Octrix one game by game: the table's
    column, the chart and the page say so."""
    examples(data_dir)
    text = run(runner, "stats", "--ratings", "--chart")
    schnapsen = text.split("Ratings: Schnapsen", 1)[1].split("Ratings: ", 1)[0]
    octrix = text.split("Ratings: Octrix", 1)[1].split("Ratings: ", 1)[0]
    assert "  matches  " in schnapsen and "Ratings match by match (0: the start)" in schnapsen
    assert "  games  " in octrix and "Ratings game by game (0: the start)" in octrix
    assert "a few results only" in text and "a few games only" not in text
    page = run(runner, "stats", "--html", "-")
    assert "Schnapsen: ratings match by match" in page and "Octrix: ratings game by game" in page
    assert "match 1" in page
