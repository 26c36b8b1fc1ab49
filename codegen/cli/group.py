"""The `toolgen` group: the commands, in the order they were added."""

from __future__ import annotations

import click


class _Group(click.Group):
    def list_commands(self, ctx):  # keep the order commands were added, not alphabetical
        return list(self.commands)


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from .version import version_text

    click.echo(version_text())
    ctx.exit()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version, and the commit it was installed from, and exit.",
)
def main() -> None:
    """Generate GitHub Copilot SDK tool definitions for Node.js, Python, Go, .NET, Java and Rust from
    one YAML spec per tool.

    Settings are read from [tool.toolgen] in pyproject.toml or from toolgen.toml (the nearest one up
    from the working directory); flags override them.

    \b
    Example:
      toolgen new search_files
      toolgen validate specs/
      toolgen generate specs/ --out generated/
      toolgen check
    """
