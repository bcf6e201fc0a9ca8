"""Reliability: hostile files, two processes, a read-only folder, junk typed, kill -9.

Every check here runs real commands on real files; the file mutator is driven by hypothesis
over the example sessions, so new ways to break a file are tried on every run.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardside.cli.main import main
from cardside.sessions import integrity, sheets, store
from cardside.sessions.lock import lock_path

from .procs import EXAMPLES, run, start, wait_for
from .scripted import at_terminal, honour_folder_modes, typed

KEEP = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "s"]
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.toml"))
ACKNOWLEDGED = re.compile(r"Deal \d+: (Ann|Bob) wins \d game point")  # one per deal saved
# A field of an entry (or a player), inline or on its own line.
_FIELD = re.compile(rb'(?:(?<=[{,] )|(?<=\n))([a-z_0-9]+ = )("[^"\n]*"|-?\d+|true|false)')
_VALUE_LINE = re.compile(rb"^([A-Za-z_0-9]+ = ).*$", re.M)

# -- 1. a hypothesis-driven file mutator --------------------------------------------------------

WRONG_VALUES = [
    b'"text"',
    b"1.5",
    b"true",
    b"[1, [2]]",
    b"{ a = 1 }",
    b"-1",
    b"9" * 30,
    b"9" * 5000,
    b'"' + b"x" * 300_000 + b'"',
    b"[" * 500 + b"]" * 500,
    b"1979-05-27",
]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    """An example session with one hostile change: cut, a flipped byte, a value swapped for
    one of the wrong type or size, deep nesting or junk added."""
    path = draw(st.sampled_from(EXAMPLE_FILES))
    raw = path.read_bytes()
    how = draw(
        st.sampled_from(["truncate", "flip", "wrong value", "wrong field", "append", "drop line"])
    )
    if how == "truncate":
        raw = raw[: draw(st.integers(0, len(raw) - 1))]
    elif how == "flip":
        at = draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1 :]
    elif how == "wrong value":
        lines = list(_VALUE_LINE.finditer(raw))
        m = lines[draw(st.integers(0, len(lines) - 1))]
        raw = raw[: m.start()] + m.group(1) + draw(st.sampled_from(WRONG_VALUES)) + raw[m.end() :]
    elif how == "wrong field":
        fields = list(_FIELD.finditer(raw))
        m = fields[draw(st.integers(0, len(fields) - 1))]
        value = draw(st.sampled_from([*WRONG_VALUES, b"0", b"-5", b"99", b'""', b'"AS AS"']))
        raw = raw[: m.start(2)] + value + raw[m.end(2) :]
    elif how == "append":
        junk = draw(st.sampled_from([b"x = " + v for v in WRONG_VALUES] + [b"[[entries]]\n"]))
        raw = raw + b"\n" + junk + b"\n"
    else:
        lines = raw.split(b"\n")
        del lines[draw(st.integers(0, len(lines) - 1))]
        raw = b"\n".join(lines)
    return path.stem, raw


def no_traceback(result) -> bool:  # type: ignore[no-untyped-def]
    return result.exception is None or isinstance(result.exception, SystemExit)


@settings(
    max_examples=int(os.environ.get("MUTATIONS", "60")),  # more: MUTATIONS=1000 pytest ...
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_a_mutated_file_gives_one_line_and_is_left_untouched(case: tuple[str, bytes]) -> None:
    stem, raw = case
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        folder = data / "sessions"
        folder.mkdir()
        path = folder / f"{stem}.toml"
        path.write_bytes(raw)
        try:
            problems = integrity.problems(store.load(path))
            loads, verifies = True, not problems
        except store.SessionError:
            loads = verifies = False
        base = ["--data-dir", tmp, "sessions"]
        for args in (["show", stem], ["verify", str(path)], ["export", stem], ["list"]):
            result = runner.invoke(main, [*base, *args])
            assert no_traceback(result), (args, result.exception)
            fine = {"show": loads, "export": loads, "verify": verifies, "list": True}[args[0]]
            if fine:
                assert result.exit_code == 0, (args, result.output[-300:])
            else:
                assert result.exit_code == 1, (args, result.output[-300:])
                problem = [line for line in result.output.splitlines() if stem in line]
                assert problem and all(len(line) < 400 for line in problem)
            assert path.read_bytes() == raw
        resumed = runner.invoke(main, [*base, "resume", stem], input="quit\n")
        assert no_traceback(resumed), resumed.exception
        if resumed.exit_code != 0:
            assert path.read_bytes() == raw
            assert len(resumed.output.strip().splitlines()) == 1
        assert not lock_path(path).exists()


# -- 2. two processes, one session --------------------------------------------------------------


def session_file(data_dir: Path, name: str = "s") -> Path:
    return data_dir / "sessions" / f"{name}.toml"


def test_a_second_process_is_refused_while_the_first_holds_the_session(data_dir: Path) -> None:
    first = start(KEEP, data_dir)
    path = session_file(data_dir)
    wait_for(lambda: path.exists() and lock_path(path).exists())
    second = run(["sessions", "resume", "s"], data_dir, b"Bob 2\nquit\n")
    assert second.returncode == 1
    message = second.stderr.decode().strip()
    assert len(message.splitlines()) == 1 and message.startswith("Error: ")
    assert f"process {first.pid}" in message and "'s'" in message
    out, err = first.communicate(b"Ann 2\nquit\n", timeout=60)
    assert first.returncode == 0, err
    assert store.load(path).entries == [{"type": "result", "winner": 0, "points": 2}]
    assert not lock_path(path).exists()  # given up at the end
    third = run(["sessions", "resume", "s"], data_dir, b"Bob 2\nquit\n")
    assert third.returncode == 0, third.stderr
    assert len(store.load(path).entries) == 2


# -- 3. a folder made read-only in the middle of a keep -----------------------------------------


def test_a_save_into_a_folder_made_read_only_is_retried_and_nothing_is_lost(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    honour_folder_modes(monkeypatch)
    at_terminal(monkeypatch)
    folder = data_dir / "sessions"
    lines = ["Ann 2", "Bob 3", "retry", "", "Ann 1", "quit"]
    before = {1: lambda: folder.chmod(0o555), 3: lambda: folder.chmod(0o755)}
    try:
        result = runner.invoke(main, KEEP, input=typed(lines, before))
    finally:
        folder.chmod(0o755)
    assert result.exit_code == 0, result.output
    assert result.output.count("s: cannot save (Permission denied); the entry is kept") == 2
    assert [e["winner"] for e in store.load(session_file(data_dir)).entries] == [
        0,
        1,
        0,
    ]  # the deal typed while read-only was saved later


# -- 4. junk typed into every play and keep ------------------------------------------------------

JUNK = [
    "",
    "   ",
    "9" * 5000,
    "-" * 300,
    "\x00\x01\x1b[2J",
    "🂡 🂱 ♠♥",
    "r" * 5000 + "c1",
    "undo undo undo",
    "round " + "9" * 40,
    "help me",
    "Ann " + "1+" * 600 + "1",
    "=cmd|' /C calc'!A0",
    "w " * 200,
    "marriage",
    "10H 10H 10H 10H 10H",
    "show",
]
QUITS = {"quit", "exit"}
MODES = {
    "octrix keep": ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", "j"],
    "octrix play": ["octrix", "play", "--seed", "3", "--session", "j"],
    "linesbeta keep": [
        "linesbeta",
        "keep",
        "--difficulty",
        "easy",
        "--short",
        "--grid",
        "--session",
        "j",
    ],
    "linesbeta play": [
        "linesbeta",
        "play",
        "--difficulty",
        "easy",
        "--seed",
        "3",
        "--session",
        "j",
    ],
    "schnapsen keep": [
        "schnapsen",
        "keep",
        "--names",
        "Ann,Bob",
        "--matches",
        "0",
        "--session",
        "j",
    ],
    "schnapsen play": ["schnapsen", "play", "--seed", "3", "--session", "j"],
    "iota keep": ["iota", "keep", "--names", "Ann,Bob", "--grid", "--session", "j"],
    "iota play": ["iota", "play", "--players", "2", "--seed", "3", "--session", "j"],
    "lineit keep": ["lineit", "keep", "--names", "Ann,Bob", "--session", "j"],
    "lineit play": ["lineit", "play", "--players", "2", "--seed", "3", "--session", "j"],
}


@pytest.mark.parametrize("mode", list(MODES), ids=list(MODES))
def test_junk_typed_into_every_mode_is_refused_and_the_file_stays_sound(
    mode: str, runner: CliRunner, data_dir: Path
) -> None:
    lines = [*JUNK, *reversed(JUNK), "quit"]
    result = runner.invoke(main, MODES[mode], input="\n".join(lines) + "\n")
    assert no_traceback(result), result.exception
    assert result.exit_code == 0, result.output[-500:]
    assert "9" * 5000 not in result.output.replace(" " + "9" * 5000, "")  # echoed, not quoted
    session = store.load(session_file(data_dir, "j"))
    assert sheets.mismatches(session) == []
    again = runner.invoke(main, ["sessions", "resume", "j"], input="\n".join(JUNK) + "\nquit\n")
    assert no_traceback(again) and again.exit_code == 0, again.output[-500:]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mode=st.sampled_from(sorted(MODES)),
    lines=st.lists(st.text(max_size=80).map(lambda t: t.replace("\n", " ")), max_size=12),
)
def test_random_lines_never_break_a_prompt(mode: str, lines: list[str]) -> None:
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        text = "\n".join(line for line in lines if line.strip().lower() not in QUITS)
        result = runner.invoke(main, ["--data-dir", tmp, *MODES[mode]], input=text + "\nquit\n")
        assert no_traceback(result), result.exception
        assert result.exit_code == 0, result.output[-500:]
        assert sheets.mismatches(store.load(Path(tmp) / "sessions" / "j.toml")) == []


# -- 5. kill -9 in the middle of a scripted keep ------------------------------------------------


def has_entries(path: Path, count: int) -> Callable[[], bool]:
    """Whether the session file exists with at least ``count`` entries."""
    return lambda: path.exists() and len(store.load(path).entries) >= count


def test_kill_9_loses_no_acknowledged_entry_and_the_session_resumes(
    runner: CliRunner, data_dir: Path
) -> None:
    rng = random.Random(8)
    path = session_file(data_dir)
    script = "".join(rng.choice(["Ann 1\n", "Bob 2\n", "Ann 3\n"]) for _ in range(400))
    for _kill in range(3):
        args = KEEP if not path.exists() else ["sessions", "resume", "s"]
        proc = start(args, data_dir, PYTHONUNBUFFERED="1")
        assert proc.stdin is not None and proc.stdout is not None
        wait_for(has_entries(path, 0))
        before = len(store.load(path).entries)
        proc.stdin.write(script.encode())
        proc.stdin.flush()
        wait_for(has_entries(path, before + rng.randrange(1, 40)))
        proc.send_signal(signal.SIGKILL)
        out, _err = proc.communicate(timeout=60)
        acknowledged = len(ACKNOWLEDGED.findall(out.decode()))
        session = store.load(path)  # whole: the rename is atomic
        assert len(session.entries) - before >= acknowledged
        assert sheets.mismatches(session) == []
        verify = runner.invoke(main, ["sessions", "verify", str(path)])
        assert verify.exit_code == 0, verify.output
    count = len(store.load(path).entries)
    resumed = runner.invoke(main, ["sessions", "resume", "s"], input="Ann 1\nquit\n")
    assert resumed.exit_code == 0, resumed.output  # the dead process's lock is taken over
    assert len(store.load(path).entries) == count + 1
    assert sorted(p.name for p in path.parent.iterdir()) == ["s.toml"]  # no leftovers


# -- 6. Ctrl-C at a prompt reading piped input --------------------------------------------------

FIRST_ENTRY = {
    "iota": (["--names", "Ann,Bob"], "Ann 3"),
    "lineit": (["--names", "Ann,Bob"], "line Ann 12 30 45 57"),
    "linesbeta": (["--difficulty", "normal", "--short", "--no-grid"], "w"),
    "octrix": (["--names", "Ann,Bob", "--no-hands"], "8C 3H"),
    "schnapsen": (["--names", "Ann,Bob"], "Ann 2"),
}


class Collected:
    """Everything a process writes to a pipe, read as it comes (so we know it is waiting)."""

    def __init__(self, stream: Any) -> None:
        self.data = b""
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream: Any) -> None:
        for chunk in iter(lambda: stream.read1(4096), b""):
            self.data += chunk


def interrupt(proc: subprocess.Popen[bytes]) -> None:
    """Ctrl-C, pressed again if the process is still there after a while: a signal that lands
    just before the process blocks in read() only takes effect with the next one (a person
    presses Ctrl-C twice then too)."""
    for _ in range(5):
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=12)
            return
        except subprocess.TimeoutExpired:
            continue
    proc.kill()
    raise AssertionError("the keeper did not stop on Ctrl-C")


@pytest.mark.parametrize("game", sorted(FIRST_ENTRY))
def test_ctrl_c_at_a_keep_prompt_on_piped_input_saves_and_says_how_to_resume(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    options, entry = FIRST_ENTRY[game]
    path = session_file(data_dir, "k")
    proc = start([game, "keep", *options, "--session", "k"], data_dir, PYTHONUNBUFFERED="1")
    assert proc.stdin is not None and proc.stdout is not None
    out = Collected(proc.stdout)  # never more than a few lines: stderr's pipe cannot fill
    proc.stdin.write(f"{entry}\n".encode())
    proc.stdin.flush()
    # Interrupt it waiting at the prompt after the entry (the pipe stays open).
    wait_for(has_entries(path, 1))
    wait_for(lambda: out.data.count(b": ") >= 2 and out.data.endswith(b": "))
    interrupt(proc)
    out.thread.join(timeout=10)
    assert proc.stderr is not None
    err = proc.stderr.read()
    proc.stdin.close()
    text = out.data.decode()
    assert proc.returncode == 0, text + err.decode()
    assert err == b"" and "Aborted" not in text
    assert text.splitlines()[-1] == "Saved. Continue with: cardside sessions resume k"
    assert len(store.load(path).entries) == 1
    resumed = runner.invoke(main, ["sessions", "resume", "k"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
