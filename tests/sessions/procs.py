"""Running cardside in real processes: for locks, kills and the terminal's encoding."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
EXAMPLES = Path(__file__).resolve().parents[2] / "scoresheets"


def env_for(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a cardside process using ``data_dir`` and this tree's sources."""
    env = dict(os.environ, CARDSIDE_HOME=str(data_dir), **extra)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH", "")) if p)
    return env


def start(args: list[str], data_dir: Path, **extra: str) -> subprocess.Popen[bytes]:
    """``cardside ARGS`` in its own process, with pipes for stdin, stdout and stderr."""
    return subprocess.Popen(
        [sys.executable, "-m", "cardside", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env_for(data_dir, **extra),
    )


def run(
    args: list[str], data_dir: Path, input: bytes = b"", **extra: str
) -> subprocess.CompletedProcess[bytes]:
    """``cardside ARGS`` to the end, fed ``input``."""
    proc = start(args, data_dir, **extra)
    out, err = proc.communicate(input, timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def wait_for(condition: Callable[[], bool], timeout: float = 60) -> None:
    """Poll until ``condition()`` holds (or fail after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.02)


def dead_pid() -> int:
    """The id of a process that has just ended (so, for now, of no process)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid
