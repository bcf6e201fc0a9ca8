"""Finding a session from what a person types: a name, ``last``, a list number or a prefix.

The sessions are numbered as ``sessions list`` prints them: 1 is the newest. An exact name
always wins (a session may be called ``last`` or ``3``); then ``last``, then a number, then a
name that starts with the text, when only one does. Text ending in ``.toml`` or holding a path
separator is a path to a file anywhere; only a file whose name ends in ``.toml`` is read as a
session.
"""

from __future__ import annotations

import os
import shlex
import unicodedata
from pathlib import Path

from cardside.core.arith import is_digits
from cardside.core.errors import Suggests
from cardside.core.schema import clip, path_text
from cardside.sessions import store

LAST = "last"
SHOWN = 5


class UnknownSession(Suggests, ValueError):
    """No session, or several, answer to the text; the message is a one-line reason."""


def _see_list(before: str) -> UnknownSession:
    return UnknownSession(f"{before} (see '", "cardside sessions list", "')")


def numbered(data_dir: Path) -> list[Path]:
    """Every session file, newest first: the list's number is the index plus one."""
    return store.list_paths(data_dir)


def is_path(text: str) -> bool:
    """True when the text names a file rather than a session."""
    return text.endswith(store.SUFFIX) or os.sep in text or "/" in text


def shell_name(path: Path) -> str:
    """The session at ``path`` (a file in the sessions folder) named as one word of a command
    to type: its name, quoted when a shell would split or expand it (``'x;y'``); a name that
    starts with a dash would read as an option, and one ending in ``.toml`` (a file copied in
    as ``friday.toml.toml``) as a path, so such a file is named by its whole path."""
    if path.stem.startswith("-") or is_path(path.stem):
        return shlex.quote(str(path.absolute()))
    return shlex.quote(path.stem)


def path_word(path: Path) -> str:
    """A file outside the sessions folder named as one word of a command to type: its path,
    quoted for a shell, with ``./`` before one that starts with a dash (an option else)."""
    text = str(path)
    return shlex.quote(f"./{text}" if text.startswith("-") else text)


def resolve(data_dir: Path, text: str) -> Path:
    """The session file that ``text`` refers to; :class:`UnknownSession` if none or several."""
    if not text.strip():
        raise _see_list("give a session name")
    folder = store.sessions_dir(data_dir)
    if is_path(text):
        path = Path(text)
        if not _there(path):
            # A session whose own name ends in .toml (its file friday.toml.toml), as the
            # listing names it.
            inside = folder / (text + store.SUFFIX)
            if os.sep not in text and "/" not in text and _there(inside):
                return _shown(inside)
            raise UnknownSession(f"no session file {clip(text)}")
        if not text.endswith(store.SUFFIX):
            raise UnknownSession(_not_toml(text))
        return _shown(path)
    exact = folder / (text + store.SUFFIX)
    if _there(exact):
        return _shown(exact)
    paths = numbered(data_dir)
    if text.lower() == LAST:
        if not paths:
            raise UnknownSession(f"no sessions yet in {path_text(folder)}")
        return paths[0]
    if is_digits(text) and len(text) <= 18:  # not ①, ３ or 5000 digits
        number = int(text)
        if not 1 <= number <= len(paths):
            raise UnknownSession(
                f"no session number {number} (sessions list shows 1 to {len(paths)})"
                if paths
                else f"no sessions yet in {path_text(folder)}"
            )
        return paths[number - 1]
    # Compared in one Unicode form and case: `José` typed as one character finds a file
    # whose name spells it with a combining accent, as the listing shows it.
    wanted = _folded(text)
    matches = sorted((p for p in paths if _folded(p.stem).startswith(wanted)), key=lambda p: p.stem)
    # The whole name in other capitals wins over longer names it begins (friday, friday-2).
    whole = [p for p in matches if _folded(p.stem) == wanted]
    if len(matches) == 1 or len(whole) == 1:
        return (whole or matches)[0]
    if matches:
        shown = ", ".join(p.stem for p in matches[:SHOWN])
        more = f" and {len(matches) - SHOWN} more" if len(matches) > SHOWN else ""
        raise UnknownSession(f"{clip(text)} could be {shown}{more}; type more of the name")
    if _there(Path(text)):
        raise UnknownSession(f"no session {clip(text)}, and {_not_toml(text)}")
    raise _see_list(f"no session {clip(text)}")


def _shown(path: Path) -> Path:
    """``path``, unless its name holds a character that would disguise every line showing
    it (a right-to-left override, an escape): such a file is left out of the listings, and
    named outright it is refused too, with the reason."""
    if not store.printable_name(path.name):
        raise UnknownSession(
            f"the file {clip(path.name)} is not read as a session: its name holds a control "
            "character or one that shows nothing (rename the file)"
        )
    return path


def _folded(name: str) -> str:
    """``name`` as lookups compare it: NFC, then case-folded."""
    return unicodedata.normalize("NFC", name).casefold()


def _not_toml(text: str) -> str:
    """Why a file named without ``.toml`` is not read as a session."""
    return (
        f"the file {clip(Path(text).name)} is not read as a session: a session file's name ends in "
        f"{store.SUFFIX} (rename or copy it to one)"
    )


def _there(path: Path) -> bool:
    """Something by that name, even a link to nothing or a folder (loading then says why it
    cannot be read); not a name too long for the system to look up."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return False


def number_of(data_dir: Path) -> dict[str, int]:
    """Each session's number in the list, by file name."""
    return {p.stem: i for i, p in enumerate(numbered(data_dir), 1)}
