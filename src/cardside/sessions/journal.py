"""A session being written: every entry is saved atomically the moment it is made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardside.core.record import Seat, Session
from cardside.sessions import document, sheets, store


class Journal:
    """Appends entries to a session and keeps its file and derived totals current."""

    def __init__(self, session: Session, path: Path) -> None:
        self.session = session
        self.path = path
        # Built from every entry once; after that each entry updates it.
        self.sheet = sheets.running(session)
        sheets.apply(session, sheets.complete(self.sheet.sheet()))
        self.blocks = document.Blocks()

    @classmethod
    def start(
        cls,
        data_dir: Path,
        *,
        game: str,
        mode: str,
        seats: list[Seat],
        options: dict[str, Any],
        seed: int | None = None,
        name: str | None = None,
    ) -> Journal:
        """Create and save a new session (refusing to overwrite an existing one)."""
        name = store.check_name(name) if name else store.new_name(data_dir, game, mode)
        path = store.sessions_dir(data_dir) / (name + store.SUFFIX)
        if path.exists():
            raise FileExistsError(f"a session named {name!r} already exists")
        stamp = store.now()
        session = Session(
            game=game,
            mode=mode,
            name=name,
            seats=seats,
            options=options,
            seed=seed,
            created=stamp,
            updated=stamp,
        )
        journal = cls(session, path)
        journal.save()
        return journal

    @classmethod
    def open(cls, path: Path) -> Journal:
        """Load a saved session to continue it (its entries must replay)."""
        return cls(store.load(path), path)

    def append(self, entry: dict[str, Any]) -> None:
        """Add one entry (stamped with the time it was made), update the totals, and save."""
        stamp = store.now()
        session = self.session
        session.entries.append(entry)
        session.times += [None] * (len(session.entries) - 1 - len(session.times)) + [stamp]
        try:
            sheets.advance(session, self.sheet, entry)
        except Exception:
            session.entries.pop()
            session.times.pop()
            raise
        session.updated = stamp
        self.save()

    def save(self) -> None:
        """Write the file atomically (the derived fields are current after every entry)."""
        if self.session.updated is None:
            self.session.updated = store.now()
        store.save(self.session, self.path, document.render(self.session, self.blocks))

    @property
    def name(self) -> str:
        """The name to resume by: the file's, even when a copied file keeps another inside."""
        return self.path.stem
