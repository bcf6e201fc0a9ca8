"""Options every command takes, at every level of the command line, and whole help summaries.

``cardside --ascii octrix play`` and ``cardside octrix play --ascii`` mean the same: each level
carries ``--data-dir``, ``--no-color`` and ``--ascii``, and each stores what it was given in
the one :class:`App` that the commands read. A game's command group uses :class:`GameGroup`,
so every command added to it gets the options without further work.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from cardside.cli.app import App


def app_of(ctx: click.Context) -> App:
    """The App in ``ctx.obj`` (a default one, kept on the root, when there is none yet)."""
    obj = ctx.find_object(App)
    if obj is None:
        obj = App()
        root = ctx.find_root()
        root.obj = obj
        ctx.obj = obj
    return obj


def _store(attribute: str) -> Callable[[click.Context, click.Parameter, Any], None]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> None:
        # A flag left off (False) or a folder not given (None) leaves what another level set.
        if value is not None and value is not False:
            setattr(app_of(ctx), attribute, value)
            if attribute == "data_dir_option" and param.name is not None:
                typed = (
                    ctx.get_parameter_source(param.name) is click.core.ParameterSource.COMMANDLINE
                )
                app_of(ctx).data_dir_typed = typed

    return callback


class Folder(click.Path):
    """A folder path; a blank one is refused rather than read as the current folder."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            source = ctx.get_parameter_source(param.name) if ctx and param and param.name else None
            if source is click.core.ParameterSource.ENVIRONMENT:
                self.fail("CARDSIDE_HOME is blank: set it to a folder, or unset it", param, ctx)
            self.fail(
                "a folder name cannot be blank (leave the option out for the default)", param, ctx
            )
        return super().convert(value, param, ctx)


def global_params(*, root: bool = False) -> list[click.Parameter]:
    """The options every level takes; ``root`` also reads ``CARDSIDE_HOME``."""
    return [
        click.Option(
            ["--data-dir"],
            type=Folder(file_okay=False, path_type=Path),
            envvar="CARDSIDE_HOME" if root else None,
            expose_value=False,
            callback=_store("data_dir_option"),
            help="Folder for cardside's data (sessions in its sessions/) [env: CARDSIDE_HOME; "
            "default: your user data folder]."
            if root
            else "Folder for cardside's data (as before the command).",
        ),
        _flag("--no-color", "no_color", "No colours (also when NO_COLOR is set)."),
        _flag("--ascii", "ascii", "Letters instead of suit symbols."),
    ]


def _flag(name: str, attribute: str, help: str) -> click.Option:
    return click.Option(
        [name], is_flag=True, expose_value=False, callback=_store(attribute), help=help
    )


class HelpFormatter(click.HelpFormatter):
    """Click's help layout, with the option column narrowed on a narrow terminal so that the
    descriptions keep room and no line breaks inside a word."""

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl(rows, min(col_max, max(8, self.width // 3)), col_spacing)


class Context(click.Context):
    formatter_class = HelpFormatter


class WholeHelpGroup(click.Group):
    """A group whose command list shows each command's summary whole, never cut with '...'.

    The summary is the command's ``short_help`` or the first sentence of its help; the
    formatter wraps it onto more lines when the terminal is narrow.
    """

    context_class = Context

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, summary(cmd)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def summary(cmd: click.Command) -> str:
    """A command's one-line summary, whole."""
    return cmd.get_short_help_str(limit=10_000)


class GameCommand(click.Command):
    """A command that takes the options every command takes."""

    context_class = Context

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(global_params())


class GameGroup(WholeHelpGroup):
    """A game's (or ``sessions``') command group: it and all its commands take the options
    every command takes, and its help shows every summary whole."""

    command_class = GameCommand

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(global_params())


GameGroup.group_class = GameGroup
