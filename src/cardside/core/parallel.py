"""Many independent games, in order, on one core, spread over worker processes, or sent to
the workers of a Dask cluster (local or on other machines)."""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

R = TypeVar("R")
T = TypeVar("T")

MAX_JOBS = 64
#: Seconds to wait for a scheduler to answer (or a local cluster to start) before giving up.
CONNECT_TIMEOUT = 10
#: The longest cluster address taken from a command line.
MAX_ADDRESS = 200

INSTALL_HINT = "pip install 'cardside[cluster]'"


class ClusterError(Exception):
    """A cluster that cannot be used: Dask missing, a bad address, a scheduler that does not
    answer, or workers lost during a run. The message is one line for the user."""


@dataclass(frozen=True)
class Cluster:
    """The workers of a connected Dask cluster; made by :func:`connect`, passed as ``jobs``."""

    client: Any  # a dask.distributed.Client
    address: str
    #: Why a run ended early when the cluster went away after some games were finished:
    #: those games are given back, as after Ctrl-C, and the reason is said after them.
    lost: list[str] = field(default_factory=list, compare=False)
    #: What the user should know before the run (the cluster's versions differ), one line each.
    notes: list[str] = field(default_factory=list, compare=False)

    def workers(self) -> int:
        """The number of threads the scheduler's workers offer (at least 1)."""
        working = _working(self.client.scheduler_info())
        return max(1, sum(w.get("nthreads", 1) for w in working))


#: A worker's states on its way out: it takes no more games, though the scheduler lists it.
_LEAVING = frozenset({"closing_gracefully", "closing", "closed"})


def _working(info: Any) -> list[dict[str, Any]]:
    """The workers of the scheduler's ``info`` that can still take games (not leaving)."""
    workers = info.get("workers") if isinstance(info, dict) else None
    if not isinstance(workers, dict):
        return []
    return [
        worker
        for worker in workers.values()
        if isinstance(worker, dict) and worker.get("status") not in _LEAVING
    ]


#: How the games are shared: a number of local processes (1: this one) or a cluster.
Jobs = int | Cluster

_LOCAL = re.compile(r"local:(\d{1,9})", re.IGNORECASE)
#: A scheduler's address: an optional protocol, a host name, an IPv4 address or an IPv6 one in
#: brackets, and the port, which Dask needs.
_ADDRESS = re.compile(
    r"(?:(?:tcp|ws)://)?"
    r"(\[[0-9A-Fa-f:.]+(?:%[A-Za-z0-9]+)?\]|[A-Za-z0-9_](?:[A-Za-z0-9._\-]*[A-Za-z0-9_])?)"
    r":(\d{1,5})"
)
MAX_PORT = 65535


def check_address(text: str) -> str:
    """``text`` as a cluster address: ``local:N`` (N from 1 to 64 workers on this machine) or
    a scheduler's address (``tcp://HOST:PORT``, ``HOST:PORT``); ValueError saying why not."""
    text = text.strip()
    if len(text) > MAX_ADDRESS:
        raise ValueError(f"a cluster address is at most {MAX_ADDRESS} characters")
    local = _LOCAL.fullmatch(text)
    if local:
        if not 1 <= int(local.group(1)) <= MAX_JOBS:
            raise ValueError(f"a local cluster has 1 to {MAX_JOBS} workers (local:N)")
        return f"local:{int(local.group(1))}"
    if re.fullmatch(r"local(:.*|\d*)", text, re.IGNORECASE):  # localhost:8786 is a host
        raise ValueError(f"give local:N for a local cluster of N workers (1 to {MAX_JOBS})")
    address = _ADDRESS.fullmatch(text)
    if address is None:
        raise ValueError(
            "give a scheduler's address with its port (tcp://HOST:PORT or HOST:PORT) or local:N"
            + (
                " (tls:// and wss:// need security settings cardside does not take)"
                if text.lower().startswith(("tls://", "wss://"))
                else ""
            )
        )
    if not 1 <= int(address.group(2)) <= MAX_PORT:
        raise ValueError(f"a scheduler's port is 1 to {MAX_PORT}, not {int(address.group(2))}")
    return text


@contextmanager
def connect(address: str, timeout: float | None = None) -> Iterator[Cluster]:
    """Connect to the Dask scheduler at ``address``, or start a local cluster for ``local:N``
    (N worker processes, one thread each); closed on leaving. ClusterError when Dask is not
    installed or nothing answers within ``timeout`` seconds (``CONNECT_TIMEOUT``)."""
    import warnings

    shown = warnings.showwarning  # Dask's version warnings are kept meanwhile, then as before
    try:
        with _connect(address, timeout) as cluster:
            yield cluster
    finally:
        warnings.showwarning = shown


@contextmanager
def _connect(address: str, timeout: float | None) -> Iterator[Cluster]:
    """:func:`connect`'s work."""
    address = check_address(address)
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        import logging

        from dask.distributed import Client, LocalCluster
        from distributed.versions import VersionMismatchWarning
    except ImportError:
        raise ClusterError(
            f"--cluster needs Dask's distributed scheduler: {INSTALL_HINT}"
        ) from None
    # cardside says in one line what went wrong: Dask's own log lines and version tables
    # (a scheduler lost, workers of another version) would bury it under tracebacks.
    # Dask sets levels on its own loggers (distributed.client...), so each is quietened.
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    mismatched = _noting_versions(VersionMismatchWarning)
    local = _LOCAL.fullmatch(address)
    cluster = None
    try:
        if local:
            # The workers ignore Ctrl-C (an ignored signal stays ignored in the processes
            # started meanwhile): the terminal sends it to them too, and only this process
            # should act on it, cancelling the games and closing the cluster.
            was = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                cluster = LocalCluster(
                    n_workers=int(local.group(1)),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    # no dashboard; its health page on any free port, not the usual 8787
                    scheduler_kwargs={"dashboard_address": ":0"},
                    silence_logs=logging.ERROR,
                )
            finally:
                signal.signal(signal.SIGINT, was)
            client = Client(cluster, timeout=f"{timeout}s")
        else:
            _reachable(address, timeout)
            client = _client(Client, address, timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        # ValueError: an address Dask reads otherwise than the check above (it names why).
        if cluster is not None:
            cluster.close()
        where = "start a local cluster" if local else f"reach a Dask scheduler at {address}"
        if isinstance(exc, ValueError):
            raise ClusterError(f"could not {where} ({_one_line(exc)})") from None
        why = "" if "timed out" in str(exc).lower() else f" ({_one_line(exc)})"
        raise ClusterError(f"could not {where} within {timeout:g} s{why}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError):
            raise ClusterError(
                f"the Dask scheduler at {address} has no workers (start some with: "
                f"dask worker {address})"
            ) from None
        yield Cluster(client, address, notes=_version_notes(mismatched))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _client(make: Any, address: str, timeout: float) -> Any:
    """A client of the scheduler at ``address``; Dask's own OSError or TimeoutError, or a
    ValueError saying what answered instead. Something else listening there (a dashboard's
    port, a server speaking another protocol) can hold Dask's handshake for ever or answer
    with bytes it misreads, so the connection is made in a thread of its own and waited for
    ``timeout`` seconds (and two more) at most."""
    import gc
    import threading

    made: list[Any] = []
    failed: list[BaseException] = []
    given_up = threading.Event()
    lock = threading.Lock()

    def attempt() -> None:
        try:
            client = make(address, timeout=f"{timeout}s")
        except BaseException as exc:  # whatever the misread bytes raise
            # The half-made client the failure leaves behind is collected here and now:
            # collected later, while another client starts, Dask can deadlock on it.
            exc.__traceback__ = None
            failed.append(exc)
            del exc
            gc.collect()
            return
        with lock:
            if not given_up.is_set():
                made.append(client)
                return
        client.close()  # made too late: no one else would ever close it

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(timeout + 2)
    with lock:
        given_up.set()
    if made:
        return made[0]
    if failed and isinstance(failed[0], OSError | TimeoutError | ValueError):
        raise failed[0]
    if failed and not isinstance(failed[0], Exception):
        raise failed[0]  # KeyboardInterrupt and the like
    if failed:
        from distributed import __version__

        raise ValueError(
            f"something answers there, but not as a Dask scheduler of this Dask ({__version__}) "
            f"would: another version, or another server? {_one_line(failed[0])}"
        )
    raise ValueError("nothing answered as a Dask scheduler: is it the dashboard's port?")


def _noting_versions(wanted: type[Warning]) -> list[str]:
    """Dask's warning that the cluster runs other versions than this machine, kept (its table
    of packages, for :func:`_version_notes`) rather than printed; the list it fills."""
    import warnings

    kept: list[str] = []
    shown = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if issubclass(category, wanted):
            kept.append(str(message))
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show
    return kept


def _version_notes(tables: list[str]) -> list[str]:
    """One line for Dask's tables of mismatched versions: which packages differ."""
    packages: list[str] = []
    for table in tables:
        for row in table.splitlines():
            cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
            if row.startswith("|") and cells[0] not in ("Package", *packages):
                packages.append(cells[0])
    if not packages:
        return []
    return [
        f"note: the cluster runs other versions of {', '.join(packages)} than this machine; "
        "install the same versions everywhere, or its figures may differ"
    ]


def _reachable(address: str, timeout: float) -> None:
    """Refuse at once a scheduler's address where nothing listens or whose host is unknown
    (Dask would wait its whole timeout, then say only that it did); ClusterError saying
    which. Anything else (no answer yet, a WebSocket address) is left to Dask."""
    import socket

    found = _ADDRESS.fullmatch(address)
    if found is None or address.lower().startswith("ws://"):
        return
    host, port = found.group(1).strip("[]"), int(found.group(2))
    where = f"could not reach a Dask scheduler at {address}"
    try:
        with socket.create_connection((host, port), timeout=min(timeout, 5)):
            return
    except socket.gaierror as exc:
        raise ClusterError(f"{where}: the host {host} is not found ({_one_line(exc)})") from None
    except ConnectionRefusedError:
        raise ClusterError(
            f"{where}: nothing listens there (connection refused): start it with "
            f"dask scheduler --port {port}, or check the address"
        ) from None
    except OSError:
        return


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def cores() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def map_games(
    play: Callable[[int], R],
    games: int,
    jobs: Jobs = 1,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[play(0), play(1), ..., play(games - 1)]``, with ``jobs`` worker processes, or on the
    workers of a cluster when ``jobs`` is a :class:`Cluster`.

    Each game depends only on its number (its deal and its bots are seeded from it), so the
    results are the same whatever ``jobs`` is. ``play`` must be picklable (a module-level
    function, or a ``functools.partial`` of one; on other machines the same version of
    cardside must be installed). ``progress(done)`` is called as games finish.

    Stopped with Ctrl-C, it returns the games finished so far from game 0 on without a gap
    (what a run of that many games would give), so the figures of a long run are not lost;
    the caller can tell by the shorter list. With none finished, the interrupt goes on up.
    """
    return _map(lambda start, stop: (_batch, (play, start, stop)), play, games, jobs, progress)


def map_items(
    work: Callable[[T], R],
    items: Sequence[T],
    jobs: Jobs = 1,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[work(item) for item in items]`` as :func:`map_games` shares games: in order, over
    ``jobs`` worker processes or a cluster's workers, the finished prefix kept on Ctrl-C.
    Each batch carries only its own items, so large items (whole sessions) travel once."""
    items = list(items)
    return _map(
        lambda start, stop: (_each, (work, items[start:stop])),
        lambda i: work(items[i]),
        len(items),
        jobs,
        progress,
    )


def _map(
    task: Callable[[int, int], tuple[Callable[..., list[R]], tuple[Any, ...]]],
    one: Callable[[int], R],
    games: int,
    jobs: Jobs,
    progress: Callable[[int], None] | None,
) -> list[R]:
    """The loop of :func:`map_games` and :func:`map_items`: ``one(i)`` here with one job,
    else the batches ``task(start, stop)`` (a picklable function and its arguments)."""
    if isinstance(jobs, Cluster):
        return _on_cluster(task, games, jobs, progress)
    jobs = max(1, min(jobs, MAX_JOBS, games))
    if jobs == 1:
        results: list[R] = []
        try:
            for game in range(games):
                results.append(one(game))
                if progress is not None:
                    progress(game + 1)
        except KeyboardInterrupt:
            _hold_interrupts()
            if not results:
                raise
        return results
    # Imported here: one core (the default) needs no worker processes, and a command starts
    # sooner without them.
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    runs = _Runs(games, jobs, LOCAL_BATCH_SECONDS)
    done: dict[int, list[R]] = {}
    finished = 0
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    pending: dict[Future[tuple[float, list[R]]], tuple[int, int]] = {}

    def submit() -> None:
        span = runs.next()
        if span is not None:
            function, args = task(*span)
            pending[pool.submit(_timed, function, *args)] = span

    try:
        for _ in range(IN_FLIGHT * jobs):
            submit()
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                start, stop = pending.pop(future)
                seconds, done[start] = future.result()
                runs.took(stop - start, seconds)
                finished += len(done[start])
                if progress is not None:
                    progress(finished)
                submit()
    except KeyboardInterrupt:
        _hold_interrupts()
        _stop(pool)
        if not _prefix(done, runs.given):
            raise
    except BaseException:
        _stop(pool)
        raise
    else:
        pool.shutdown()
    return _prefix(done, runs.given)


#: Runs of games kept waiting for each worker, so none waits for the next.
IN_FLIGHT = 2
#: About how long one run of games should take, on a worker process and on a cluster's
#: worker (whose every run costs a round trip to the scheduler).
LOCAL_BATCH_SECONDS = 0.25
CLUSTER_BATCH_SECONDS = 1.0
#: How often a run on a cluster looks at the scheduler while no games come back, and how long
#: it waits for a worker when none is left (one may be restarting) before it gives up.
POLL_SECONDS = 0.1
LOOK_SECONDS = 2.0
WORKERLESS_SECONDS = 20.0


class _Runs:
    """The games handed out as runs ``(start, stop)`` in order, sized from how long games
    take: one game at first, then as many as fill about ``seconds``. A strong bot's games (a
    second or more each) go one by one, so the progress bar moves with each and Ctrl-C loses
    no finished game; a random bot's go by the hundred, so the workers' overhead stays small.
    No run is more than a quarter of a worker's share, so the workers end together."""

    def __init__(self, games: int, workers: int, seconds: float) -> None:
        self.games = games
        self.seconds = seconds
        self.cap = max(1, games // (workers * 4))
        self.start = 0
        self.per_game: float | None = None
        self.given: list[tuple[int, int]] = []

    def next(self) -> tuple[int, int] | None:
        if self.start >= self.games:
            return None
        size = 1 if self.per_game is None else int(self.seconds / max(self.per_game, 1e-6))
        span = (self.start, min(self.start + max(1, min(self.cap, size)), self.games))
        self.start = span[1]
        self.given.append(span)
        return span

    def took(self, games: int, seconds: float) -> None:
        """A run of ``games`` took ``seconds`` on its worker."""
        each = seconds / max(1, games)
        self.per_game = each if self.per_game is None else (self.per_game + each) / 2


def _on_cluster(
    task: Callable[[int, int], tuple[Callable[..., list[R]], tuple[Any, ...]]],
    games: int,
    cluster: Cluster,
    progress: Callable[[int], None] | None,
) -> list[R]:
    """``map_games`` on a cluster's workers: batches sent as futures, gathered in order."""
    from dask.distributed import as_completed

    client = cluster.client
    workers = cluster.workers()
    runs = _Runs(games, workers, CLUSTER_BATCH_SECONDS)
    done: dict[int, list[R]] = {}
    finished = 0
    futures: list[Any] = []
    spans: dict[str, tuple[int, int]] = {}
    flowing = as_completed()

    def submit() -> None:
        span = runs.next()
        if span is not None:
            function, args = task(*span)
            future = client.submit(_timed, function, *args, pure=False)
            futures.append(future)
            spans[future.key] = span
            flowing.add(future)

    for _ in range(IN_FLIGHT * workers):
        submit()

    def gone(why: str) -> _Gone:
        return _Gone(why)

    try:
        alone_since: float | None = None
        looked = time.monotonic()
        while not flowing.is_empty():
            if not flowing.has_ready():
                # Dask waits for a lost scheduler or for workers to come back without a word:
                # both are said here, the games finished so far named. The client's status is
                # its own; the workers are asked of the scheduler only now and then, and one
                # retiring (it takes no more games) counts as gone.
                now = time.monotonic()
                if client.status not in ("running", "newly-created"):
                    if client.status != "connecting":
                        raise gone("the cluster's scheduler went away")
                    alone_since = now if alone_since is None else alone_since
                elif now - looked >= LOOK_SECONDS:
                    looked = now
                    if _working(client.scheduler_info()):
                        alone_since = None
                    elif alone_since is None:
                        alone_since = now
                if alone_since is not None and now - alone_since > WORKERLESS_SECONDS:
                    raise gone(
                        f"the cluster has had no worker (or no scheduler) for "
                        f"{WORKERLESS_SECONDS:g} s"
                    )
                time.sleep(POLL_SECONDS)
                continue
            future = next(flowing)
            if future.status == "cancelled":
                raise gone("the cluster cancelled the games (its scheduler went away?)")
            if future.status == "error":
                exc = future.exception()
                if _lost(exc):
                    raise gone(f"the cluster lost its workers ({_one_line(exc)})")
                if isinstance(exc, ImportError) or "deserializ" in str(exc):
                    raise ClusterError(
                        "the cluster could not load the games: install this version of "
                        "cardside on the scheduler's machine and on every worker's"
                    )
                raise exc
            start, stop = spans[future.key]
            try:
                seconds, done[start] = future.result()
            except (OSError, TimeoutError) as exc:
                raise gone(f"the cluster's scheduler went away ({_one_line(exc)})") from None
            runs.took(stop - start, seconds)
            finished += len(done[start])
            if progress is not None:
                progress(finished)
            submit()
    except KeyboardInterrupt:
        _hold_interrupts()
        _cancel(client, futures)
        if not _prefix(done, runs.given):
            raise
    except BaseException as exc:
        _cancel(client, futures)
        if type(exc).__name__ in _SCHEDULER_GONE:
            exc = gone(f"the cluster's scheduler went away ({_one_line(exc)})")
        if not isinstance(exc, _Gone):
            raise
        kept = _prefix(done, runs.given)
        if not kept:
            raise ClusterError(
                f"{exc} after {finished} of {games} games; nothing was counted"
            ) from None
        cluster.lost.append(str(exc))
        return kept
    return _prefix(done, runs.given)


class _Gone(Exception):
    """The cluster went away during a run (its scheduler, or every worker)."""


#: What Dask raises when its scheduler has gone or the client was closed under a run.
_SCHEDULER_GONE = (
    "CancelledError",
    "FutureCancelledError",
    "ClosedClientError",
    "CommClosedError",
    "StreamClosedError",
)


def _cancel(client: Any, futures: list[Any]) -> None:
    """Cancel what is still running, if the scheduler still answers."""
    try:
        client.cancel(futures)
    except Exception:  # noqa: BLE001 - a scheduler gone cannot be told; nothing to cancel
        pass


def _lost(exc: BaseException | None) -> bool:
    """Whether a future failed because its worker died (rather than its game raising)."""
    try:
        from distributed.scheduler import KilledWorker
    except ImportError:  # pragma: no cover
        return False
    return isinstance(exc, KilledWorker)


#: The SIGINT handler before the first Ctrl-C of a run of games (see :func:`_hold_interrupts`).
_HELD: list[Any] = []


def _hold_interrupts() -> None:
    """After the first Ctrl-C of a run: the next ones (a second press, or the same signal sent
    to the whole process group, as ``timeout`` sends it) are ignored while the games stop and
    the finished ones are totalled and printed; :func:`release_interrupts` ends that."""
    import threading

    if not _HELD and threading.current_thread() is threading.main_thread():
        _HELD.append(signal.signal(signal.SIGINT, signal.SIG_IGN))


def release_interrupts() -> None:
    """Ctrl-C acted on again as before the run was stopped (the command has ended)."""
    if _HELD:
        signal.signal(signal.SIGINT, _HELD.pop())


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now rather than after the games they are playing."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    processes = getattr(pool, "_processes", None) or {}  # earlier: the pool's own table
    for process in list(processes.values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _prefix(done: dict[int, list[R]], batches: list[tuple[int, int]]) -> list[R]:
    """The finished batches in order, up to the first one missing."""
    results: list[R] = []
    for start, _ in batches:
        if start not in done:
            break
        results += done[start]
    return results


def _timed(function: Callable[..., list[R]], *args: Any) -> tuple[float, list[R]]:
    """``function(*args)`` and the seconds it took, on the worker that ran it."""
    began = time.perf_counter()
    results = function(*args)
    return time.perf_counter() - began, results


def _batch(play: Callable[[int], R], start: int, stop: int) -> list[R]:
    return [play(game) for game in range(start, stop)]


def _each(work: Callable[[T], R], items: Sequence[T]) -> list[R]:
    return [work(item) for item in items]


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group; only the parent should act on it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
