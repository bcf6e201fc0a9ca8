"""Finding a session by name, ``last``, list number, unique prefix or path."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cardside.sessions import store
from cardside.sessions.names import UnknownSession, resolve


def make(data: Path, *names: str) -> list[Path]:
    """Empty session files, the first the oldest (one second apart)."""
    folder = store.sessions_dir(data)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, name in enumerate(names):
        path = folder / f"{name}.toml"
        path.write_text("", encoding="utf-8")
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
        paths.append(path)
    return paths


def test_last_number_prefix_and_exact(tmp_path: Path) -> None:
    old, mid, new = make(tmp_path, "friday-schnapsen", "friday-octrix", "sunday")
    assert resolve(tmp_path, "last") == new
    assert resolve(tmp_path, "LAST") == new
    assert [resolve(tmp_path, n) for n in ("1", "2", "3")] == [new, mid, old]
    assert resolve(tmp_path, "sun") == new
    assert resolve(tmp_path, "friday-s") == old
    assert resolve(tmp_path, "FRIDAY-O") == mid
    assert resolve(tmp_path, "friday-octrix") == mid


def test_a_whole_name_in_other_capitals_wins_over_names_it_begins(tmp_path: Path) -> None:
    plain, copy, other = make(tmp_path, "friday", "friday-2", "Sunday")
    assert resolve(tmp_path, "Friday") == plain
    assert resolve(tmp_path, "FRIDAY") == plain
    assert resolve(tmp_path, "FRIDAY-2") == copy
    assert resolve(tmp_path, "sunday") == other
    with pytest.raises(UnknownSession, match="could be friday, friday-2"):
        resolve(tmp_path, "Frid")


def test_a_name_is_found_whichever_way_its_accents_are_written(tmp_path: Path) -> None:
    """A file named with a combining accent (as some systems write names) is found by the
    name typed with the accented letter, and the other way round, as the listing shows it."""
    combining, composed = make(tmp_path, "nfd-Jose\u0301", "caf\u00e9")
    assert resolve(tmp_path, "nfd-Jos\u00e9") == combining
    assert resolve(tmp_path, "NFD-JOS\u00c9") == combining
    assert resolve(tmp_path, "cafe\u0301") == composed


def test_an_exact_name_wins_over_last_and_numbers(tmp_path: Path) -> None:
    named_last, named_two, newest = make(tmp_path, "last", "2", "zeta")
    assert resolve(tmp_path, "last") == named_last
    assert resolve(tmp_path, "2") == named_two
    assert resolve(tmp_path, "1") == newest


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("friday", "could be friday-octrix, friday-schnapsen; type more"),
        ("9", "no session number 9 (sessions list shows 1 to 2)"),
        ("0", "no session number 0"),
        ("monday", "no session 'monday'"),
        ("", "give a session name"),
        ("gone/away.toml", "no session file 'gone/away.toml'"),
    ],
)
def test_unknown_and_ambiguous_names_say_why(tmp_path: Path, text: str, message: str) -> None:
    make(tmp_path, "friday-schnapsen", "friday-octrix")
    with pytest.raises(UnknownSession, match=re.escape(message)):
        resolve(tmp_path, text)


def test_a_reason_that_suggests_a_command_takes_options_into_it(tmp_path: Path) -> None:
    """The command line puts a typed ``--data-dir`` inside the suggested command; a reason
    that suggests none stays as it is."""
    with pytest.raises(UnknownSession) as unknown:
        resolve(tmp_path, "monday{command}")
    told = unknown.value.told(" --data-dir x")
    assert told == "no session 'monday{command}' (see 'cardside sessions list --data-dir x')"
    with pytest.raises(UnknownSession) as no_file:
        resolve(tmp_path, "gone/away.toml")
    assert no_file.value.told(" --data-dir x") == str(no_file.value)


def test_last_with_no_sessions(tmp_path: Path) -> None:
    with pytest.raises(UnknownSession, match="no sessions yet"):
        resolve(tmp_path, "last")


def test_paths_and_the_data_folder_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "data"
    (kitchen,) = make(data, "kitchen")
    (tmp_path / "kitchen").mkdir()  # a folder that shares the session's name
    assert resolve(data, "kitchen") == kitchen
    (tmp_path / "loose").write_text("x", encoding="utf-8")
    with pytest.raises(UnknownSession, match=r"'loose' is not read as a session: .* \.toml"):
        resolve(data, "loose")  # an existing file, but not a .toml one
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    with pytest.raises(UnknownSession, match="name ends in .toml"):
        resolve(data, "./notes.txt")
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "y.toml").write_text("", encoding="utf-8")
    assert resolve(data, "x/y.toml") == Path("x/y.toml")


def test_a_suggested_command_holding_quotes_is_put_between_double_quotes() -> None:
    from cardside.core.errors import Suggests

    plain = Suggests("x is odd ('", "cardside sessions verify x", "' says why)")
    assert str(plain) == "x is odd ('cardside sessions verify x' says why)"
    assert plain.told(" --data-dir d") == (
        "x is odd ('cardside sessions verify x --data-dir d' says why)"
    )
    spaced = plain.told(" --data-dir '/home/ann/data dir'")
    assert spaced == (
        "x is odd (\"cardside sessions verify x --data-dir '/home/ann/data dir'\" says why)"
    )
    odd = Suggests("'a;b' is odd ('", "cardside sessions verify 'a;b'", "' says why)")
    assert str(odd) == "'a;b' is odd (\"cardside sessions verify 'a;b'\" says why)"


def test_a_command_to_copy_is_quoted_so_that_it_copies_whole() -> None:
    from cardside.core.words import quoted

    assert quoted("cardside sessions show x") == "'cardside sessions show x'"
    assert quoted("cardside sessions show x --data-dir '/a b'") == (
        "\"cardside sessions show x --data-dir '/a b'\""
    )
