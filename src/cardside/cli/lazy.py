"""A click group whose subcommands are imported only when used (fast ``--help``)."""

from __future__ import annotations

import importlib

import click

from cardside.cli.options import Context


class LazyGroup(click.Group):
    """Subcommands given as ``name -> ("module:attribute", "short help")``."""

    context_class = Context

    def __init__(self, *args: object, lazy: dict[str, tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            target, _ = self.lazy[cmd_name]
            module_name, attr = target.split(":")
            return getattr(importlib.import_module(module_name), attr)
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """As click's, but a mistyped name is matched against every command, lazy ones too,
        for the "Did you mean" hint."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand:
            raise click.exceptions.NoSuchCommand(
                str(args[0]), possibilities=self.list_commands(ctx), ctx=ctx
            ) from None

    def invoke(self, ctx: click.Context) -> object:
        """As click's; at the top, a file or folder that cannot be read or written (one the
        command did not expect to fail) ends the command with a one-line reason, and Ctrl-C
        that no command caught with ``Stopped.`` and status 130."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise
        except KeyboardInterrupt:
            if ctx.parent is not None:
                raise
            # Ctrl-C before a command had anything to show (a simulation with no game done):
            # the status of an interrupted command, not click's "Aborted!" and 1.
            click.echo("Stopped.", err=True)
            ctx.exit(130)
        except OSError as exc:
            if ctx.parent is not None:
                raise
            where = f"{exc.filename}: " if exc.filename else ""
            raise click.ClickException(f"{where}{exc.strerror or exc}") from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, self.lazy[name][1]) for name in sorted(self.lazy)]
        rows += [
            (name, cmd.get_short_help_str())
            for name, cmd in sorted(self.commands.items())
            if name not in self.lazy and not cmd.hidden
        ]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(sorted(rows))
