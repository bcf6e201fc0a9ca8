"""``simulate --cluster ADDRESS``: games shared by the workers of a Dask cluster, the same
results as one process."""

from __future__ import annotations

import gc
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core import parallel
from cardside.core.parallel import check_address, connect, map_games
from cardside.games.registry import GAMES

from ..sessions.procs import env_for

# Quick bots and few games: what is checked is the sharing, not the bots.
QUICK = {
    "octrix": ["--bots", "greedy,random", "--games", "5"],
    "linesbeta": ["--short", "--games", "9"],
    "schnapsen": ["--bots", "heuristic,random", "--games", "5"],
    "iota": ["--bots", "greedy,random", "--games", "4"],
    "lineit": ["--bots", "heuristic,random", "--games", "6"],
}


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a running two-worker Dask cluster, as a user's scheduler would be."""
    pytest.importorskip("dask.distributed")
    with connect("local:2") as cluster:
        yield cluster.client.scheduler.address


def square(n: int) -> int:
    return n * n


def interrupt_at(stop: int, done: int) -> None:
    if done >= stop:
        raise KeyboardInterrupt


@pytest.mark.parametrize("game", list(GAMES))
def test_a_cluster_gives_the_figures_of_one_process(
    runner: CliRunner, data_dir: Path, scheduler: str, game: str
) -> None:
    args = [game, "simulate", "--seed", "5", "--json", *QUICK[game]]
    one = runner.invoke(main, [*args, "--jobs", "1"])
    shared = runner.invoke(main, [*args, "--cluster", scheduler])
    assert one.exit_code == 0 and one.exception is None, one.output
    assert shared.exit_code == 0 and shared.exception is None, shared.output
    assert json.loads(shared.stdout) == json.loads(one.stdout)


def test_a_local_cluster_of_two_workers(runner: CliRunner, data_dir: Path) -> None:
    pytest.importorskip("dask.distributed")
    args = ["lineit", "simulate", "--seed", "2", "--json", "--players", "3"]
    args += ["--bots", "random,heuristic,random", "--games", "7"]
    one = runner.invoke(main, [*args, "--jobs", "1"])
    local = runner.invoke(main, [*args, "--cluster", "local:2"])
    assert one.exit_code == 0 and local.exit_code == 0, one.output + local.output
    assert local.exception is None
    assert json.loads(local.stdout) == json.loads(one.stdout)


def test_map_games_on_a_cluster_keeps_the_order_and_reports_progress(scheduler: str) -> None:
    seen: list[int] = []
    with connect(scheduler) as cluster:
        assert map_games(square, 37, cluster, seen.append) == [n * n for n in range(37)]
    assert seen[-1] == 37 and seen == sorted(seen)


def test_ctrl_c_on_a_cluster_keeps_an_unbroken_run_of_finished_games(scheduler: str) -> None:
    with connect(scheduler) as cluster:
        # Ctrl-C lands in this process while it waits for the workers, as here in progress.
        seen: list[int] = []

        def stop(done: int) -> None:
            seen.append(done)
            interrupt_at(10, done)

        results = map_games(square, 40, cluster, stop)
        # What had finished when Ctrl-C came, no more: the rest were cancelled, not waited for.
        assert 0 < len(results) <= seen[-1] < 40
        assert results == [n * n for n in range(len(results))]
        assert map_games(square, 6, cluster) == [n * n for n in range(6)]  # still usable


#: ``cardside ARGS`` with a connection timeout of 1 s, its output, and what it raised.
ALONE = """
import sys
from click.testing import CliRunner
from cardside.core import parallel
from cardside.cli.main import main
parallel.CONNECT_TIMEOUT = 1
result = CliRunner().invoke(main, sys.argv[1:])
print(result.output, end="")
print(type(result.exception).__name__, file=sys.stderr)
sys.exit(result.exit_code)
"""


def cardside_alone(args: list[str], data_dir: Path) -> tuple[int, str, str]:
    """``cardside ARGS`` in a process of its own (exit status, output, what it raised): a
    connection Dask only half makes leaves threads and objects behind, and Dask can deadlock
    on them later (a half-made client collected while another starts), so no test after it
    may share its process."""
    done = subprocess.run(
        [sys.executable, "-c", ALONE, *args],
        capture_output=True,
        timeout=120,
        env=env_for(data_dir),
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode().strip().splitlines()[-1]


def test_an_address_where_nothing_listens_is_said_at_once(data_dir: Path) -> None:
    """Refused there and then, not after the whole timeout; an unknown host too."""
    import time

    pytest.importorskip("dask.distributed")
    for address, why in (
        ("tcp://127.0.0.1:9", "nothing listens there (connection refused): start it with"),
        ("localhost:9", "nothing listens there (connection refused)"),
        ("no-such-host.invalid:8786", "the host no-such-host.invalid is not found"),
    ):
        started = time.monotonic()
        status, output, raised = cardside_alone(
            ["lineit", "simulate", "--cluster", address], data_dir
        )
        assert status == 1 and raised == "SystemExit", output
        (line,) = output.splitlines()
        assert line.startswith(f"Error: could not reach a Dask scheduler at {address}: {why}")
        assert time.monotonic() - started < 10


def test_without_dask_the_reason_and_the_install_command(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails as if missing
    result = runner.invoke(main, ["octrix", "simulate", "--cluster", "local:2"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1
    assert "pip install 'cardside[cluster]'" in result.output


@pytest.mark.parametrize("game", list(GAMES))
def test_bad_cluster_addresses_are_refused_before_anything_starts(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    # Dask would read a host without a port, a bad port or an in-process address only once
    # the run starts, and then with a traceback.
    malformed = ("foo", ":", "tcp://foo", "a:b:c", "[", "inproc://x", "h:99999", "h:0", "h:")
    for bad in (
        "local:0",
        "local:65",
        "local",
        "local:two",
        "two words",
        "",
        "x" * 5000,
        *malformed,
    ):
        result = runner.invoke(main, [game, "simulate", "--cluster", bad])
        assert result.exit_code == 2 and "--cluster" in result.output, bad
        assert len(result.output) < 500
    both = runner.invoke(main, [game, "simulate", "--jobs", "2", "--cluster", "local:2"])
    assert both.exit_code == 2 and "--jobs or --cluster" in both.output


def test_addresses_a_scheduler_is_given_by() -> None:
    for good in (
        *("local:1", "local:64", "tcp://10.0.0.5:8786", "sched.example.org:8786"),
        *("[::1]:8786", "tcp://[fe80::1%eth0]:8786", "ws://node-2:1", "dask_scheduler:8786"),
    ):
        assert check_address(f" {good} ") == good
    # tls:// and wss:// need certificates cardside has no option for: refused, not a traceback.
    for secure in ("tls://127.0.0.1:8786", "wss://node:443"):
        with pytest.raises(ValueError, match="need security settings cardside does not take"):
            check_address(secure)
    with pytest.raises(ValueError, match="1 to 65535, not 99999"):
        check_address("10.0.0.5:99999")
    with pytest.raises(ValueError, match="with its port"):
        check_address("tcp://sched.example.org")
    with pytest.raises(ValueError, match="1 to 64"):
        check_address("local:100")
    with pytest.raises(ValueError, match="a local cluster has 1 to 64 workers"):
        check_address("local:1000")
    for near in ("local4", "LOCAL", "local:x"):
        with pytest.raises(ValueError, match="give local:N for a local cluster of N workers"):
            check_address(near)
    # A host whose name starts as local:N does is a host.
    for host in ("localhost:8786", "localhost.localdomain:8786", "locality-3:1"):
        assert check_address(host) == host
    with pytest.raises(ValueError, match="local:N"):
        check_address("local:")


@pytest.mark.parametrize("answer", [b"SSH-2.0-OpenSSH_9.6\r\n" * 50, b""])
def test_an_address_where_something_else_listens_is_one_line(data_dir: Path, answer: bytes) -> None:
    """Another server's bytes (misread by Dask as a huge message) or silence (a dashboard's
    port never finishing the handshake): one line, within the time allowed, no traceback."""
    import socket
    import threading
    import time

    pytest.importorskip("dask.distributed")
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)
            if answer:
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    port = server.getsockname()[1]
    started = time.monotonic()
    try:
        status, output, raised = cardside_alone(
            ["iota", "simulate", "--cluster", f"tcp://127.0.0.1:{port}"], data_dir
        )
    finally:
        server.close()
        for conn in held:
            conn.close()
    assert time.monotonic() - started < 15  # a process of its own starts too
    assert status == 1 and raised == "SystemExit", output
    (line,) = output.splitlines()
    assert line.startswith(f"Error: could not reach a Dask scheduler at tcp://127.0.0.1:{port}")
    assert ("not as a Dask scheduler" if answer else "dashboard's port") in line


def slow_square(n: int) -> int:
    import time

    time.sleep(0.05)
    return n * n


def test_local_is_read_in_any_case() -> None:
    assert check_address("LOCAL:2") == "local:2" and check_address("Local:02") == "local:2"
    with pytest.raises(ValueError, match="local:N"):
        check_address("LOCAL")


def test_a_cluster_with_no_worker_is_one_line_not_a_wait_for_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dask itself would wait for a worker for ever; the run says so once none has come for a
    while. (A cluster made without workers: Dask's own retiring of a worker mid-run can hold
    the cluster's lock for ever, which no test should wait on.)"""
    from cardside.core.parallel import Cluster, ClusterError

    distributed = pytest.importorskip("dask.distributed")
    gc.collect()  # what an earlier cluster left to collect, now, not while this one starts
    monkeypatch.setattr(parallel, "WORKERLESS_SECONDS", 1.0)
    monkeypatch.setattr(parallel, "LOOK_SECONDS", 0.2)
    local = distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None)
    client = distributed.Client(local)
    try:
        with pytest.raises(
            ClusterError, match=r"no worker \(or no scheduler\) for 1 s after 0 of 40 games"
        ):
            map_games(square, 40, Cluster(client, "local:0"), None)
    finally:
        client.close()
        local.close()


def test_a_retiring_worker_takes_no_games() -> None:
    """The scheduler lists a worker while it retires; it counts as gone."""
    from cardside.core.parallel import _working

    info = {
        "workers": {
            "a": {"status": "running", "nthreads": 2},
            "b": {"status": "closing_gracefully", "nthreads": 4},
            "c": {"status": "paused", "nthreads": 1},
            "d": {"status": "closed"},
        }
    }
    assert [w["nthreads"] for w in _working(info)] == [2, 1]
    assert _working({"workers": {"b": {"status": "closing"}}}) == []
    assert _working({}) == [] and _working(None) == [] and _working({"workers": []}) == []


def test_a_scheduler_gone_mid_run_gives_back_the_games_finished_and_says_why() -> None:
    """As after Ctrl-C, the games finished from the first on are kept; the cluster says why
    the run ended, for the command to say after the figures."""
    pytest.importorskip("dask.distributed")
    with connect("local:1") as cluster:
        client = cluster.client

        def shut(done: int) -> None:
            if done >= 2 and client.status == "running":
                client.shutdown()

        results = map_games(slow_square, 200, cluster, shut)
    assert 2 <= len(results) < 200 and results == [n * n for n in range(len(results))]
    assert len(cluster.lost) == 1
    assert re.search(r"scheduler went away|cancelled", cluster.lost[0]), cluster.lost


def test_a_run_ended_by_the_cluster_prints_its_figures_then_why_with_status_1() -> None:
    """What ``end_if_stopped`` says after the figures: the cluster's reason (status 1), or
    Ctrl-C's stop (status 130); nothing when every game was played."""
    import click

    from cardside.cli.common import CLUSTER_KEY, end_if_stopped
    from cardside.core.parallel import Cluster

    @click.command()
    @click.option("--done", type=int)
    @click.option("--lost", default="")
    def run(done: int, lost: str) -> None:
        cluster = Cluster(None, "local:1")
        cluster.lost.extend([lost] if lost else [])
        click.get_current_context().meta[CLUSTER_KEY] = cluster
        click.echo("figures")
        end_if_stopped(done, 10, "matches")

    runner = CliRunner()
    why = "the cluster's scheduler went away (closed)"
    gone = runner.invoke(run, ["--done", "4", "--lost", why])
    assert gone.exit_code == 1 and gone.stdout == "figures\n"
    assert gone.stderr == f"Error: {why} after 4 of 10 matches: the figures are for those 4.\n"
    stopped = runner.invoke(run, ["--done", "4"])
    assert stopped.exit_code == 130 and stopped.stderr.startswith("Stopped after 4 of 10")
    whole = runner.invoke(run, ["--done", "10", "--lost", why])
    assert whole.exit_code == 0 and whole.stderr == ""


def test_a_review_of_one_game_cut_short_by_a_lost_cluster_says_why_not_ctrl_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's review is kept whole or not at all: cut short by the cluster going away it
    says so (a ClusterError, status 1), and only Ctrl-C stops it quietly."""
    from types import SimpleNamespace

    from cardside.core import many_reviews
    from cardside.core.parallel import Cluster, ClusterError

    cut = SimpleNamespace(complete=False, decisions=[1, 2], planned=5)
    monkeypatch.setattr(many_reviews, "run", lambda *a, **k: cut)
    asked = SimpleNamespace(session=SimpleNamespace(game="iota", name="g"), seats=[0])
    gone = Cluster(None, "local:1")
    gone.lost.append("the cluster's scheduler went away")
    with pytest.raises(ClusterError, match=r"went away after 2 of 5 decisions of g; nothing"):
        many_reviews.review_all([asked], jobs=gone)  # type: ignore[list-item]
    with pytest.raises(KeyboardInterrupt):
        many_reviews.review_all([asked], jobs=Cluster(None, "local:1"))  # type: ignore[list-item]


def test_dask_s_table_of_other_versions_is_one_note() -> None:
    """Workers or a scheduler of other versions that still connect: a line naming the
    packages, not Dask's table, and other warnings shown as before."""
    import warnings

    from cardside.core.parallel import _noting_versions, _version_notes

    class Mismatch(Warning):
        pass

    table = (
        "Mismatched versions found\n\n+---+\n| Package     | Client   | Scheduler | Workers  |\n"
        "+---+\n| dask        | 2026.8.0 | 2026.8.0  | 2024.8.0 |\n"
        "| distributed | 2026.8.0 | 2026.8.0  | 2024.8.0 |\n+---+"
    )
    before = warnings.showwarning
    seen: list[str] = []
    warnings.showwarning = lambda message, *args, **kwargs: seen.append(str(message))
    try:
        kept = _noting_versions(Mismatch)
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.warn(table, Mismatch, stacklevel=1)
            warnings.warn("something else", UserWarning, stacklevel=1)
    finally:
        warnings.showwarning = before
    assert seen == ["something else"] and kept == [table]
    assert _version_notes(kept) == [
        "note: the cluster runs other versions of dask, distributed than this machine; "
        "install the same versions everywhere, or its figures may differ"
    ]
    assert _version_notes([]) == []


def test_the_json_of_a_run_ended_by_the_cluster_says_why() -> None:
    """--json's ``stopped`` names the cluster's reason, where Ctrl-C's has none."""
    import click

    from cardside.cli.common import CLUSTER_KEY, echo_simulation
    from cardside.core.parallel import Cluster
    from cardside.core.simulation import Summary

    @click.command()
    @click.option("--lost", default="")
    def run(lost: str) -> None:
        cluster = Cluster(None, "local:1")
        cluster.lost.extend([lost] if lost else [])
        click.get_current_context().meta[CLUSTER_KEY] = cluster
        summary = Summary("octrix", "Octrix", "4 games", games=4, seed=1, entries=())
        echo_simulation(summary, True, (4, 10, "games"))

    why = "the cluster's scheduler went away (closed)"
    gone = json.loads(CliRunner().invoke(run, ["--lost", why]).stdout)
    assert gone["stopped"] == {"done": 4, "asked": 10, "unit": "games", "reason": why}
    stopped = json.loads(CliRunner().invoke(run, []).stdout)
    assert stopped["stopped"] == {"done": 4, "asked": 10, "unit": "games"}
