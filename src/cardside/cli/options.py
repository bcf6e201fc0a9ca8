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


def _source(ctx: click.Context, param: click.Parameter) -> click.core.ParameterSource | None:
    """Where ``param``'s value came from (click 8.4 records it only after the value is used)."""
    return ctx.meta.get(f"cardside.source.{id(param)}") or (
        ctx.get_parameter_source(param.name) if param.name else None
    )


class FolderOption(click.Option):
    """An option that notes where its value came from before converting it."""

    def consume_value(
        self, ctx: click.Context, opts: Any
    ) -> tuple[Any, click.core.ParameterSource]:
        value, source = super().consume_value(ctx, opts)
        ctx.meta[f"cardside.source.{id(self)}"] = source
        return value, source


def _store(attribute: str) -> Callable[[click.Context, click.Parameter, Any], None]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> None:
        # A flag left off (False) or a folder not given (None) leaves what another level set.
        if value is not None and value is not False:
            if attribute == "data_dir_option":
                typed = _source(ctx, param) is click.core.ParameterSource.COMMANDLINE
                if typed and app_of(ctx).data_dir_typed:
                    # Before the command's name and after it: the two could name two folders.
                    raise click.UsageError("--data-dir is given twice; give it once", ctx)
                app_of(ctx).data_dir_typed = typed
            setattr(app_of(ctx), attribute, value)

    return callback


class Folder(click.Path):
    """A folder path; a blank one is refused rather than read as the current folder."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        source = _source(ctx, param) if ctx and param else None
        from_env = source is click.core.ParameterSource.ENVIRONMENT
        if isinstance(value, str) and not value.strip():
            if from_env:
                # Said of the variable the person set, not of an option they never typed.
                raise click.UsageError(
                    "CARDSIDE_HOME is blank: set it to a folder, or unset it", ctx
                )
            self.fail(
                "a folder name cannot be blank (leave the option out for the default)", param, ctx
            )
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            if not from_env:
                raise
            why = "names a file, not a folder" if Path(value).is_file() else exc.message
            raise click.UsageError(f"CARDSIDE_HOME {why}: {value}", ctx) from None


def global_params(*, root: bool = False) -> list[click.Parameter]:
    """The options every level takes; ``root`` also reads ``CARDSIDE_HOME``."""
    return [
        FolderOption(
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

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        refuse_repeats(self, ctx, args)  # the group's own options, before its command's name
        help_alone(self, ctx, args)
        return super().parse_args(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, summary(cmd)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def help_alone(group: click.Group, ctx: click.Context, args: list[str]) -> None:
    """A group named with nothing after it (``cardside``, ``cardside iota``) prints its help
    on standard output and ends with status 0, so that ``cardside | less`` shows it."""
    if not args and group.no_args_is_help and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit(0)


def summary(cmd: click.Command) -> str:
    """A command's one-line summary, whole."""
    return cmd.get_short_help_str(limit=10_000)


class GameCommand(click.Command):
    """A command that takes the options every command takes."""

    context_class = Context

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(global_params())

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        refuse_repeats(self, ctx, args)
        return super().parse_args(ctx, args)


def refuse_repeats(command: click.Command, ctx: click.Context, args: list[str]) -> None:
    """Refuse an option that takes a value given twice (``--reached Ann --reached Bob``), or
    both sides of an on/off pair (``--trick --no-trick``): click would keep the last, and at a
    dispute the two say different things. Options that may be repeated (``--player``,
    ``--seed`` of a long run) are declared ``multiple``."""
    try:
        _, _, order = command.make_parser(ctx).parse_args(args=list(args))
    except click.UsageError:
        return  # the parse proper says what is wrong
    typed = {arg.split("=", 1)[0] for arg in args if arg.startswith("--")}
    seen: set[str] = set()
    for param in order:
        if not isinstance(param, click.Option) or param.multiple or param.count:
            continue
        if param.secondary_opts and typed & set(param.opts) and typed & set(param.secondary_opts):
            # An on/off pair both ways (--trick --no-trick): the same at a dispute.
            on = next(o for o in param.opts if o in typed)
            off = next(o for o in param.secondary_opts if o in typed)
            raise click.UsageError(f"give {on} or {off}, not both", ctx)
        if param.is_flag or param.name is None:
            continue
        if param.name in seen:
            raise click.UsageError(f"{param.opts[0]} is given twice; give it once", ctx)
        seen.add(param.name)


#: Where :class:`OrderKeepingCommand` keeps its arguments as typed, in ``ctx.meta``.
TYPED_ARGS = "cardside.typed_args"


class OrderKeepingCommand(GameCommand):
    """A command that keeps its arguments in the order they were typed (see
    :func:`typed_after`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[TYPED_ARGS] = tuple(args)
        return super().parse_args(ctx, args)


def typed_after(ctx: click.Context, option: str) -> tuple[str, tuple[str, ...]]:
    """The arguments typed after ``option``'s first value while others came before it.

    ``score 13 9 5 --jackpot 4 2`` gives ``("4", ("2",))``, the option's value and what came
    after it: the 2 may have been meant for the option. With every argument on one side of it
    (``--jackpot 7 90 80``), or the option not given, ``("", ())``. Needs
    :class:`OrderKeepingCommand`.
    """
    typed = ctx.meta.get(TYPED_ARGS, ())
    takes_value = {
        name
        for p in ctx.command.params
        if isinstance(p, click.Option) and not p.is_flag and not p.count
        for name in p.opts
    }
    before: list[str] = []
    after: list[str] = []
    value: str | None = None
    i = 0
    while i < len(typed):
        token = typed[i]
        if token == "--":  # what follows was marked as arguments on purpose
            break
        if token in takes_value:
            if token == option and value is None and i + 1 < len(typed):
                value = typed[i + 1]
            i += 2
            continue
        if token.startswith(option + "="):
            value = token.split("=", 1)[1] if value is None else value
        elif not token.startswith("-"):
            (after if value is not None else before).append(token)
        i += 1
    if value is None or not before or not after:
        return ("", ())
    return (value, tuple(after))


def note_typed_after(option: str, one: str, many: str) -> None:
    """On stderr (the report and its JSON stay as they are), say how arguments typed after
    ``option``'s value were read: ``note: 2, typed after --jackpot 4, is read as a card of
    the line (...)``, with ``one`` and ``many`` what one argument and several are read as."""
    value, late = typed_after(click.get_current_context(), option)
    if late:
        read = f"is read as {one}" if len(late) == 1 else f"are read as {many}"
        click.echo(
            f"note: {' '.join(late)}, typed after {option} {value}, {read} "
            f"(each {option} takes one value)",
            err=True,
        )


class GameGroup(WholeHelpGroup):
    """A game's (or ``sessions``') command group: it and all its commands take the options
    every command takes, and its help shows every summary whole."""

    command_class = GameCommand

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(global_params())


GameGroup.group_class = GameGroup
