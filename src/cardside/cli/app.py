"""Application state shared by every command through ``ctx.obj``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardside.tui.style import Style


@dataclass
class App:
    """Where sessions live and how to print; tests build one with a temporary folder."""

    data_dir_option: Path | None = None
    style: Style = field(default_factory=Style)

    @property
    def data_dir(self) -> Path:
        """``--data-dir`` / ``CARDSIDE_HOME``, else the user's data folder."""
        if self.data_dir_option is not None:
            return self.data_dir_option
        from platformdirs import user_data_path

        return user_data_path("cardside", appauthor=False)
