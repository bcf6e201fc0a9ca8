"""How the cost of a kept entry, resume, verify, list and stats grow with the sessions.

For each game and each length (100, 1,000, 5,000 entries), a kept session is saved with all
but the last WINDOW entries, resumed through the game's real keep screen, and fed the last
WINDOW entries as typed lines. Each entry is timed from one prompt to the next: once with the
file writes switched off (the rule work: parsing, the ledger, the running sheet), then for
real, with the time spent writing the file (its text, write, fsync, rename) measured apart.
The table shows medians over every entry of every run, and the rule work's ratio to the same
game's at 100 entries (target: at most 1.5 at 5,000; the whole entry under 100 ms). Resume
(open, replay, first prompt) and verify of each session are timed too (under 2 s at 5,000).

Then 2,000 small session files are listed and summarised by ``sessions list``, ``stats``,
``stats --ratings`` and ``stats --league``: once with no index (every file read), then with the
index current (target: under 1 s); and ``stats --html`` writes its page (target: under 5 s).
``--listing-only`` skips the kept entries. Times are wall-clock; on a shared machine the CPU
time (``cpu s``) of the same run says more.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cardside.cli.app import App
from cardside.cli.main import main as cli
from cardside.core.record import Seat, Session
from cardside.sessions import document, sheets, store
from cardside.sessions.journal import Journal
from cardside.tui.console import Console

SIZES = (100, 1000, 5000)
WINDOW = 40
ROUND = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]


class Game:
    """How to make a long kept session of one game and the lines that continue it."""

    def __init__(
        self,
        name: str,
        seats: list[str],
        options: dict[str, Any],
        entry: Callable[[int], dict[str, Any]],
        line: Callable[[int], str],
    ) -> None:
        self.name, self.seats, self.options = name, seats, options
        self.entry, self.line = entry, line


GAMES = [
    Game(
        "schnapsen",
        ["Ann", "Bob"],
        {"matches": 0},
        lambda i: {"type": "result", "winner": i % 2, "points": 1 + i % 3},
        lambda i: f"{['Ann', 'Bob'][i % 2]} {1 + i % 3}",
    ),
    # The highest target a file may set, so that 5,000 tricks do not end the match.
    Game(
        "octrix",
        ["Ann", "Bob"],
        {"partnership": False, "hands": False, "target": 10_000},
        lambda i: {"type": "trick", "cards": ROUND[i % 8]},
        lambda i: ROUND[i % 8],
    ),
    # A LinesBeta game ends within a few dozen tricks, so its long sessions alternate a trick
    # and its undo (the file grows; the entries in effect do not).
    Game(
        "linesbeta",
        ["Ann"],
        {"difficulty": "normal", "length": "full", "grid": False},
        lambda i: {"type": "trick", "result": "w"} if i % 2 == 0 else {"type": "undo"},
        lambda i: "w" if i % 2 == 0 else "undo",
    ),
    # IOTA kept without the grid: a game lays at most 65 cards, so its long sessions are turns
    # each taken back at once, every turn a line or two of its value.
    Game(
        "iota",
        ["Ann", "Bob"],
        {"grid": False},
        lambda i: (
            {"type": "undo"}
            if i % 2
            else {"type": "turn", "seat": 0, "lines": [1 + i % 9, 2], "lots": 0}
        ),
        lambda i: "undo" if i % 2 else f"Ann {1 + i % 9} 2",
    ),
    # A Line-it game has only 100 number cards for its lines and jackpots, so its long sessions
    # are mostly jackpots each taken back at once, with a one-card line every 101st entry (the
    # check of the cards already used).
    Game(
        "lineit",
        ["Ann", "Bob"],
        {},
        lambda i: (
            {"type": "line", "seat": i % 2, "cards": str(i // 101 + 1)}
            if i % 101 == 0
            else {"type": "jackpot", "seat": i % 2, "cards": 1 + i % 7}
            if i % 101 % 2
            else {"type": "undo"}
        ),
        lambda i: (
            f"line {['Ann', 'Bob'][i % 2]} {i // 101 + 1}"
            if i % 101 == 0
            else f"jackpot {['Ann', 'Bob'][i % 2]} {1 + i % 7}"
            if i % 101 % 2
            else "undo"
        ),
    ),
]


def prefill(folder: Path, game: Game, count: int) -> Path:
    """A kept session with ``count`` entries, saved as the program saves it."""
    session = Session(
        game.name, "keep", f"{game.name}-{count}", [Seat(n, "table") for n in game.seats]
    )
    session.options = dict(game.options)
    session.created = session.updated = store.now()
    session.entries = [game.entry(i) for i in range(count)]
    session.times = [session.created] * count
    sheets.refresh(session)
    path = store.sessions_dir(folder) / f"{session.name}.toml"
    store.save(session, path, document.render(session))
    return path


class Scripted(Console):
    """Feeds lines to a keep screen and notes when each prompt was reached."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(interactive=False)
        self.lines = list(lines)
        self.asked: list[float] = []

    def say(self, text: str = "") -> None:
        pass

    def ask(self, prompt: str, words: Any = None) -> str | None:
        self.asked.append(time.perf_counter())
        return self.lines.pop(0) if self.lines else None


@contextmanager
def timed_saves(write: bool = True) -> Iterator[list[tuple[float, float]]]:
    """Record (start, end) of every file write (its text included) while inside; with
    ``write`` off, nothing is written and only the rule work is left to time."""
    spans: list[tuple[float, float]] = []
    original = Journal.save

    def save(self: Journal) -> None:
        start = time.perf_counter()
        if write:
            original(self)
        spans.append((start, time.perf_counter()))

    Journal.save = save  # type: ignore[method-assign]
    try:
        yield spans
    finally:
        Journal.save = original  # type: ignore[method-assign]


def keep_session(game: str) -> Callable[..., None]:
    from cardside.cli.commands import keep_session

    return keep_session


def pipe(path: Path, game: Game, first: int, count: int, write: bool) -> dict[str, Any]:
    """Resume the session and type ``count`` entries; time each one and its file write."""
    console = Scripted([game.line(i) for i in range(first, first + count)])
    t0 = time.perf_counter()
    with timed_saves(write) as spans:
        with Journal.open(path) as journal:
            keep_session(game.name)(App(path.parent.parent), journal, console)
    totals, writes = [], []
    for a, b in zip(console.asked, console.asked[1 : count + 1]):
        totals.append(b - a)
        writes.append(sum(e - s for s, e in spans if a <= s < b))
    return {"total": totals, "write": writes, "resume": console.asked[0] - t0}


def run_size(folder: Path, game: Game, size: int) -> dict[str, Any]:
    """The last WINDOW entries of a session of ``size`` entries: first with nothing written
    (the rule work alone), then for real; then resume and verify of the whole session."""
    path = prefill(folder, game, size - WINDOW)
    dry = pipe(path, game, size - WINDOW, WINDOW, write=False)
    real = pipe(path, game, size - WINDOW, WINDOW, write=True)
    t0 = time.perf_counter()
    loaded = store.load(path)
    assert sheets.mismatches(loaded) == [], f"{path} does not verify"
    verify = time.perf_counter() - t0
    assert len(loaded.entries) == size, (len(loaded.entries), size)
    rule = [t - w for t, w in zip(dry["total"], dry["write"])]
    return {
        "rule": rule,
        "write": real["write"],
        "total": real["total"],
        "resume": real["resume"],
        "verify": verify,
    }


def bench_entries(runs: int, sizes: tuple[int, ...]) -> None:
    print(f"Kept entries: median per entry over the last {WINDOW} entries of {runs} run(s)")
    header = ["game", "entries", "rule ms", "write ms", "entry ms", "rule ratio", "resume s"]
    header.append("verify s")
    print("  ".join(f"{h:>10}" for h in header))
    for game in GAMES:
        found: dict[int, dict[str, list[float]]] = {
            n: {"rule": [], "write": [], "total": [], "resume": [], "verify": []} for n in sizes
        }
        # The sizes take turns in every run, so a busy moment of the machine falls on all.
        for _ in range(runs):
            for size in sizes:
                with tempfile.TemporaryDirectory() as tmp:
                    r = run_size(Path(tmp), game, size)
                for key in ("rule", "write", "total"):
                    found[size][key] += r[key]
                found[size]["resume"].append(r["resume"])
                found[size]["verify"].append(r["verify"])
        base = statistics.median(found[sizes[0]]["rule"])
        for size in sizes:
            f = found[size]
            rule = statistics.median(f["rule"])
            cells = [
                game.name,
                str(size),
                f"{rule * 1000:.2f}",
                f"{statistics.median(f['write']) * 1000:.2f}",
                f"{statistics.median(f['total']) * 1000:.2f}",
                f"{rule / base:.2f}",
                f"{statistics.median(f['resume']):.2f}",
                f"{statistics.median(f['verify']):.2f}",
            ]
            print("  ".join(f"{c:>10}" for c in cells))
    print("targets: rule ratio at 5000 <= 1.5; entry < 100 ms; resume and verify < 2 s")


def many_sessions(folder: Path, count: int) -> None:
    """``count`` small finished and unfinished sessions of every game, varied players."""
    people = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
    templates = []
    for game in GAMES:
        for length in (3, 9, 25):
            session = Session(game.name, "keep", "t", [Seat(n, "table") for n in game.seats])
            session.options = dict(game.options) | ({"target": 88} if game.name == "octrix" else {})
            session.entries = [game.entry(i) for i in range(length)]
            templates.append(session)
    for i in range(count):
        s = templates[i % len(templates)]
        a, b = people[i % 6], people[(i // 6 + 1 + i) % 6]
        if a == b:
            b = people[(people.index(a) + 1) % 6]
        s.seats = [Seat(n, "table") for n in ([a, b] if len(s.seats) == 2 else [a])]
        s.name = f"{s.game}-{i:05d}"
        # An evening each, a minute an entry: ratings and records need games in time order.
        s.created = store.now() - timedelta(hours=count - i)
        s.times = [s.created + timedelta(minutes=n) for n in range(len(s.entries))]
        s.updated = s.times[-1] if s.times else s.created
        sheets.refresh(s)
        store.save(s, store.sessions_dir(folder) / f"{s.name}.toml", document.render(s))


LISTINGS = (
    ["sessions", "list"],
    ["stats"],
    ["stats", "--ratings"],
    ["stats", "--league"],
    ["stats", "--html", "{page}"],
)


def bench_listing(runs: int, count: int) -> None:
    runner = CliRunner()
    print(f"\nlisting, stats and reports over {count:,} session files (median of {runs} run(s))")
    heads = ("no index s", "index s", "cpu s", "process s")
    print(f"{'command':>24}  " + "  ".join(f"{h:>10}" for h in heads))
    for args in LISTINGS:
        cold, warm, cpu, whole = [], [], [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                many_sessions(folder, count)
                page = str(folder / "report.html")
                invoke = ["--data-dir", str(folder), *(a.format(page=page) for a in args)]
                t0 = time.perf_counter()
                assert runner.invoke(cli, invoke).exit_code == 0
                cold.append(time.perf_counter() - t0)
                t0, c0 = time.perf_counter(), time.process_time()
                assert runner.invoke(cli, invoke).exit_code == 0
                warm.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
                t0 = time.perf_counter()
                command = [sys.executable, "-m", "cardside", *invoke]
                subprocess.run(command, check=True, capture_output=True)
                whole.append(time.perf_counter() - t0)
        name = "cardside " + " ".join(a.replace("{page}", "FILE") for a in args)
        cells = [statistics.median(x) for x in (cold, warm, cpu, whole)]
        print(f"{name:>24}  " + "  ".join(f"{c:>10.2f}" for c in cells))
    print(
        "targets with the index current: under 1 s (under 5 s for --html); "
        "process: a whole run of the command"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--quick", action="store_true", help="1 run, 100 and 1,000 only")
    parser.add_argument("--games", help="only these games, comma-separated (e.g. iota,lineit)")
    parser.add_argument("--sizes", help="these session lengths instead, comma-separated")
    parser.add_argument("--no-listing", action="store_true", help="the kept entries only")
    parser.add_argument(
        "--listing-only", action="store_true", help="listing, stats and reports only"
    )
    args = parser.parse_args()
    if args.games:
        wanted = args.games.split(",")
        unknown = sorted(set(wanted) - {game.name for game in GAMES})
        if unknown:
            parser.error(f"not in this benchmark: {', '.join(unknown)}")
        GAMES[:] = [game for game in GAMES if game.name in wanted]
    sizes = SIZES[:2] if args.quick else SIZES
    if args.sizes:
        sizes = tuple(int(n) for n in args.sizes.split(","))
        if min(sizes) <= WINDOW:
            parser.error(f"a session length must be more than {WINDOW}")
    runs = 1 if args.quick else args.runs
    if not args.listing_only:
        bench_entries(runs, sizes)
    if not args.no_listing:
        bench_listing(runs, 200 if args.quick else args.files)


if __name__ == "__main__":
    main()
