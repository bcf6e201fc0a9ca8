"""A click group whose subcommands are imported only when used (fast ``--help``)."""

from __future__ import annotations

import importlib
import sys
from typing import IO, Any

import click

from cardside.cli.options import Context, help_alone, refuse_repeats


class OneLineUsageError(click.UsageError):
    """A usage error said on one line, the help command named at its end, as every other
    refusal is: ``Error: No such option '--bogus'. (see 'cardside octrix play --help')``."""

    def __init__(self, cause: click.UsageError) -> None:
        super().__init__(cause.format_message(), cause.ctx)

    def show(self, file: IO[Any] | None = None) -> None:
        see = ""
        if self.ctx is not None and self.ctx.command.get_help_option(self.ctx) is not None:
            longest = max(self.ctx.command.get_help_option_names(self.ctx), key=len)
            see = f" (see '{self.ctx.command_path} {longest}')"
        color = self.ctx.color if self.ctx is not None else None
        click.echo(f"Error: {self.format_message()}{see}", file=file, err=True, color=color)


def _one_line(exc: click.UsageError) -> click.UsageError:
    """``exc`` as a :class:`OneLineUsageError`; a bare group's help (no command given) and
    one already converted stay as they are."""
    if isinstance(exc, (OneLineUsageError, click.exceptions.NoArgsIsHelpError)):
        return exc
    return OneLineUsageError(exc)


#: Other words people type for a command (as other programs name it).
SYNONYMS = {
    "remove": "delete",
    "rm": "delete",
    "del": "delete",
    "ls": "list",
    "mv": "rename",
    "open": "resume",
    "continue": "resume",
    "load": "resume",
    "check": "verify",
}


class LazyGroup(click.Group):
    """Subcommands given as ``name -> ("module:attribute", "short help")``."""

    context_class = Context

    def __init__(self, *args: object, lazy: dict[str, tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = lazy

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        refuse_repeats(self, ctx, args)  # the options before the command's name
        help_alone(self, ctx, args)
        return super().parse_args(ctx, args)

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
            word = str(args[0])
            meant = self._meant(ctx, word)
            if meant:
                said = f"No such command {word!r}. Did you mean {meant}?"
                raise click.UsageError(said, ctx) from None
            raise click.exceptions.NoSuchCommand(
                word, possibilities=self.list_commands(ctx), ctx=ctx
            ) from None

    def _meant(self, ctx: click.Context, word: str) -> str:
        """What a command name that is not here most likely meant: another word for one of
        these commands (``remove``: ``delete``), or a command one level down (``list``:
        ``cardside sessions list``; ``play``: ``cardside GAME play``); ``""`` for none."""
        here = self.list_commands(ctx)
        other = SYNONYMS.get(word.lower())
        if other in here:
            return repr(other)
        if len(word) > 40 or not word.isalpha():
            return ""
        below = []
        wanted = other or word.lower()
        for name in here:
            command = self.get_command(ctx, name)
            if isinstance(command, click.Group) and wanted in command.list_commands(ctx):
                below.append(name)
        if len(below) == 1:
            return f"'{ctx.command_path} {below[0]} {wanted}'"
        if below:
            example = f"{ctx.command_path} {below[0]} {wanted}"
            return f"'{ctx.command_path} GAME {wanted}', e.g. '{example}'"
        return ""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        """As click's; a usage error is said on one line."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx: click.Context) -> object:
        """As click's; at the top, a file or folder that cannot be read or written (one the
        command did not expect to fail) ends the command with a one-line reason, and Ctrl-C
        that no command caught with ``Stopped.`` and status 130."""
        try:
            return self._invoke(ctx)
        finally:
            parallel = sys.modules.get("cardside.core.parallel")
            if ctx.parent is None and parallel is not None:
                parallel.release_interrupts()  # held from a run's first Ctrl-C to its end

    def _invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            # A usage error of any command below: one line, as every other refusal.
            raise _one_line(exc) from None
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
            from cardside.core.schema import path_text

            where = f"{path_text(exc.filename)}: " if exc.filename else ""
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
