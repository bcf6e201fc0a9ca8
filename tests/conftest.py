"""Shared fixtures: every test gets its own data folder and its own home, whatever it asks for.

Property tests run the same examples on every run (a failure is the code's, never the luck
of one run); ``HYPOTHESIS_PROFILE=explore`` draws fresh ones on every run to hunt for new
failures, which then go into the test as an ``@example``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import platformdirs
import pytest
from click.testing import CliRunner
from hypothesis import settings

# No deadline: a loaded machine is no failure of the code; speed is measured in benchmarks/.
settings.register_profile("repeatable", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

#: Where a home keeps what each variable names (the variables platformdirs reads on Linux).
HOME_FOLDERS = {
    "XDG_DATA_HOME": ".local/share",
    "XDG_CONFIG_HOME": ".config",
    "XDG_CACHE_HOME": ".cache",
    "XDG_STATE_HOME": ".local/state",
    "XDG_RUNTIME_DIR": ".run",
}


def _own_folders() -> list[Path]:
    """The person's own cardside folders: data (or ``CARDSIDE_HOME``), config, cache, state."""
    kinds = (
        platformdirs.user_data_path,
        platformdirs.user_config_path,
        platformdirs.user_cache_path,
        platformdirs.user_state_path,
        platformdirs.user_log_path,
    )
    folders = [kind("cardside", appauthor=False) for kind in kinds]
    home = os.environ.get("CARDSIDE_HOME", "").strip()
    if home:
        folders.append(Path(home).expanduser())
    return folders


#: Taken when the tests are collected, before any test changes the environment.
OWN_FOLDERS = _own_folders()


def _snapshot(folders: list[Path]) -> dict[str, tuple[int, int]]:
    """Every file and folder under ``folders``, with its size and time of change."""
    seen: dict[str, tuple[int, int]] = {}
    for folder in folders:
        for top, dirs, files in os.walk(folder):
            for name in [".", *dirs, *files]:
                path = os.path.normpath(os.path.join(top, name))
                try:
                    stat = os.lstat(path)
                except OSError:
                    continue
                seen[path] = (stat.st_size, stat.st_mtime_ns)
    return seen


@pytest.fixture(scope="session", autouse=True)
def _own_folders_untouched() -> Iterator[None]:
    """Fails the run if any test wrote into the person's own cardside folders."""
    before = _snapshot(OWN_FOLDERS)
    yield
    after = _snapshot(OWN_FOLDERS)
    changed = sorted(
        path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
    )
    assert not changed, (
        "changed in your own cardside folders while the tests ran (a test wrote outside its "
        "temporary folders, or another program wrote there): " + ", ".join(changed)
    )


@pytest.fixture(autouse=True)
def _ctrl_c_acted_on_again() -> Iterator[None]:
    """A run of games stopped by Ctrl-C ignores the next ones until its command ends; a test
    that calls the run directly ends with Ctrl-C acted on again, as the next test expects."""
    yield
    import sys

    parallel = sys.modules.get("cardside.core.parallel")
    if parallel is not None:
        parallel.release_interrupts()


@pytest.fixture(autouse=True)
def _temporary_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs with a temporary home and data folder (``data_dir``'s), even one that
    asks for neither; processes the test starts inherit them. Nothing is made until used."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    for name, below in HOME_FOLDERS.items():
        monkeypatch.setenv(name, str(home / below))
    monkeypatch.setenv("CARDSIDE_HOME", str(tmp_path / "data"))
    # A test that plays a terminal plays one that shows colour, whatever runs the tests (a
    # CI runner may say TERM=dumb).
    monkeypatch.setenv("TERM", "xterm")
    # And a locale that writes suit symbols, whatever the runner's (a plain C locale is read
    # as a terminal of ASCII alone); a test of another locale sets its own.
    for name in ("LC_ALL", "LC_CTYPE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's data folder (the CARDSIDE_HOME every test has), for a test that looks in it."""
    folder = tmp_path / "data"
    monkeypatch.setenv("CARDSIDE_HOME", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder


@pytest.fixture
def schnapsen_match(data_dir: Path) -> Callable[..., None]:
    """``save(name="match")``: a Schnapsen match of Ann against the strong bot, a deal and a
    half played, saved in the data folder as a played session."""
    from cardside.core.record import Seat, Session
    from cardside.games.schnapsen.notation import parse_action
    from cardside.games.schnapsen.state import SchnapsenState
    from cardside.sessions import sheets, store

    def save(name: str = "match") -> None:
        state = SchnapsenState(seed=0, first_dealer=1)
        entries: list[dict[str, object]] = []
        for text in (a.replace("_", " ") for a in SCHNAPSEN_MOVES.split()):
            entries.append({"type": "action", "seat": state.current_player(), "action": text})
            state.apply(parse_action(text))
        session = Session(
            game="schnapsen",
            mode="play",
            name=name,
            seed=0,
            seats=[Seat("Ann", "human"), Seat("Bot", "bot:strong")],
            options={"first_dealer": 1},
            entries=entries,
        )
        sheets.refresh(session)  # the stored totals the entries give, as a saved game has them
        folder = store.sessions_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        store.save(session, folder / f"{name}.toml", create=True)

    return save


#: The moves of ``schnapsen_match``.
SCHNAPSEN_MOVES = "marriage_QC JC KC QD AC KH JS 10H 10C AH QH JH AS QS AD JD"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
