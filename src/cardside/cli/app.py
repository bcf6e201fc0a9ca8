"""Application state shared by every command through ``ctx.obj``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardside.tui.style import Style


class App:
    """Where sessions live and how to print; tests build one with a temporary folder.

    ``--data-dir``, ``--no-color`` and ``--ascii`` set the attributes of the same name at
    whatever level of the command line they are given. Kept free of imports beyond the
    standard library so that ``cardside --help`` stays fast.
    """

    def __init__(
        self,
        data_dir_option: Path | None = None,
        style: Style | None = None,
        *,
        no_color: bool = False,
        ascii: bool = False,
    ) -> None:
        self.data_dir_option = data_dir_option
        #: Whether the folder was typed as ``--data-dir`` (not taken from ``CARDSIDE_HOME``):
        #: then the commands cardside suggests must name it too.
        self.data_dir_typed = False
        self._style = style
        self.no_color = no_color
        self.ascii = ascii

    @property
    def style(self) -> Style:
        """Colour and symbols: ``--no-color``/``NO_COLOR``, ``--ascii`` and the terminal."""
        if self._style is None:
            from cardside.tui.style import Style

            self._style = Style.detect(no_color=self.no_color, ascii=self.ascii)
        return self._style

    @property
    def data_dir(self) -> Path:
        """``--data-dir`` / ``CARDSIDE_HOME``, else the user's data folder."""
        if self.data_dir_option is not None:
            return self.data_dir_option
        from platformdirs import user_data_path

        return user_data_path("cardside", appauthor=False)
