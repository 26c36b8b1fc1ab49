"""The `toolgen` command line: a thin layer over `codegen.run.generate`. Exit codes: 0 ok, 1 drift, 2 bad input.

One module per job: `group` (the click group), `options` (shared flags), `resolve` (settings from the
configuration file, then the flags, for every command), `output` (diagnostics, summaries, exit codes), and the
commands: `render_commands` (validate, generate, check), `spec_commands` (new, schema, import) and
`review_commands` (breaking, docs, templates).
"""

from __future__ import annotations

from .group import main

# Each module registers its commands on `main` when imported; `toolgen --help` lists them in this order.
from . import render_commands  # noqa: E402, F401  (validate, generate, check)
from . import spec_commands  # noqa: E402, F401  (new, schema, import)
from . import review_commands  # noqa: E402, F401  (breaking, docs, templates)

__all__ = ["main", "run"]


def run() -> None:
    """The `toolgen` command (and `python -m codegen`): `main`, in a process that exits right after it."""
    from ..cache import collector
    from .output import printable_streams

    printable_streams()
    try:
        main()
    finally:
        collector.skip_final_collection()
