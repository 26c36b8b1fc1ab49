"""The options the commands share, and the checks of enumerated values ("did you mean …?")."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from ..config.settings import DEFAULT_MAX_SPEC_BYTES


@dataclass(frozen=True)
class Flags:
    """What the command line gave that overrides the configuration file; empty or None: not given."""

    paths: tuple[Path, ...] = ()
    out: Path | None = None
    langs: tuple[str, ...] = ()
    max_spec_bytes: int | None = None
    templates: Path | None = None
    header: str | None = None
    options: tuple[str, ...] = ()  # TARGET.KEY=VALUE, each from --option
    strict: bool = False


def target_names() -> list[str]:
    from ..targets import target_names

    return target_names()


paths_argument = click.argument("paths", nargs=-1, type=click.Path(path_type=Path))


def no_dash(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """`-` means standard input or output; where a command can do neither with it, it is refused, not taken
    as a file or folder named `-`."""
    if value is not None and value.as_posix() == "-":
        raise click.BadParameter(
            "'-' (standard input or output) cannot be used here; name a folder"
        )
    return value


out_option = click.option(
    "--out",
    callback=no_dash,
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Output root; each language goes to OUT/<target>/.  [default: generated, or `out` in the config]",
)


config_option = click.option(
    "--config",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    help="Read settings from this toolgen.toml or pyproject.toml instead of the nearest one.",
)


max_spec_bytes_option = click.option(
    "--max-spec-bytes",
    type=click.IntRange(min=1),
    default=None,
    metavar="BYTES",
    help=f"Reject spec files larger than this.  [default: {DEFAULT_MAX_SPEC_BYTES}]",
)


def render_options(func):
    """The flags that change what is rendered, shared by generate and check."""
    for decorator in reversed(
        [
            click.option(
                "--templates",
                type=click.Path(path_type=Path, exists=True, file_okay=False),
                help="Custom templates folder laid out like templates/: <DIR>/<target>/<name>.j2 overrides "
                "that one built-in template.",
            ),
            click.option(
                "--header", metavar="TEXT", help="An extra line in every generated file's header."
            ),
            click.option(
                "--option",
                "option_flags",
                multiple=True,
                metavar="TARGET.KEY=VALUE",
                help="A per-target option, e.g. go.package=mytools (repeatable; see the README).",
            ),
        ]
    ):
        func = decorator(func)
    return func


def common_options(func):
    """--config, -q, -v and --color: every command reads the configuration the same way, can be quiet or verbose
    (then toolgen's notes, codegen.output.notes, are printed too), and colours its output as asked."""
    import functools

    from .output import choose_colour

    @functools.wraps(func)
    def command(*args: Any, **given: Any) -> Any:
        from ..output.notes import listen

        verbose = given["verbose"] and not given["quiet"]
        listen((lambda text: click.echo(f"toolgen: {text}", err=True)) if verbose else None)
        return func(*args, **given)

    command = click.option(
        "--color",
        type=Choice(["auto", "always", "never"]),
        default="auto",
        expose_value=False,
        callback=choose_colour,
        help="Colour the output: auto (a terminal, or FORCE_COLOR set; never with NO_COLOR), always or never.",
    )(command)
    command = click.option(
        "-v", "--verbose", is_flag=True, help="Also say which settings and files were used and why."
    )(command)
    command = click.option("-q", "--quiet", is_flag=True, help="Print errors only.")(command)
    return config_option(command)


def writes_nothing(flag: str | None = None):
    """A command that writes nothing anywhere (with `flag`: when that flag is given): toolgen's cache is read but
    never written or created while it runs (codegen.cachestore.read_only)."""
    import functools

    def decorate(func):
        @functools.wraps(func)
        def command(*args: Any, **given: Any) -> Any:
            from ..cache.store import read_only

            with read_only(flag is None or bool(given[flag])):
                return func(*args, **given)

        return command

    return decorate


strict_option = click.option(
    "--strict", is_flag=True, help="Treat warnings as errors: exit 2 and write nothing (for CI)."
)


def lang_option(func):
    from ..config.settings import target_names as template_folders  # the registry's names, without importing targets

    return click.option(
        "--lang",
        "langs",
        multiple=True,
        metavar="TARGET",
        help=f"Only this target this run (repeatable): {', '.join(template_folders())}. Default: all, or "
        "`targets` in the config.",
    )(func)


def check_langs(langs: tuple[str, ...]) -> list[str] | None:
    if not langs:
        return None
    known = target_names()
    for lang in langs:
        if lang not in known:
            raise click.BadParameter(
                f"unknown target {lang!r}{did_you_mean_hint(lang, known)}; choose from {', '.join(known)}",
                param_hint="--lang",
            )
    return list(dict.fromkeys(langs))


def did_you_mean_hint(value: str, choices: list[str]) -> str:
    from ..errors import did_you_mean

    return did_you_mean(value, choices)


class Choice(click.Choice):
    """click.Choice that suggests the nearest choice for a typo (`--format jsno`: did you mean 'json'?)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value not in self.choices:
            self.fail(
                f"{value!r} is not one of {', '.join(map(repr, self.choices))}"
                f"{did_you_mean_hint(value, list(self.choices))}",
                param,
                ctx,
            )
        return super().convert(value, param, ctx)


def render_flags(func):
    """PATHS, --out, --lang, --max-spec-bytes, the render options and --strict, for generate and check: the
    command receives them as one `flags: Flags` (the overrides of the configuration) instead of eight arguments."""
    import functools

    @functools.wraps(func)
    def command(*args: Any, **given: Any) -> Any:
        flags = Flags(
            given.pop("paths"),
            given.pop("out"),
            given.pop("langs"),
            given.pop("max_spec_bytes"),
            given.pop("templates"),
            given.pop("header"),
            given.pop("option_flags"),
            given.pop("strict"),
        )
        return func(*args, flags=flags, **given)

    for decorator in reversed(
        [paths_argument, out_option, lang_option, max_spec_bytes_option, render_options, strict_option]
    ):
        command = decorator(command)
    return command
