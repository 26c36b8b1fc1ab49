"""The Python target: one module per tool (pydantic v2 models, the spec's schema, a `define_tool` factory) and a
package `__init__.py` that re-exports every tool's public names with relative imports.

The target's entry points and its formatter; the parts live in modules of one job each: `names` (every name),
`types` (annotations, declaration order, imports, discriminated unions), `view` (the two templates' contexts),
`doc` (docstrings and comments), `syntax` (reserved words, literals, escaping) and `layout` (black's layout of the
statements the templates mark, on the one document printer).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from ...cache import forkpool
from ...cache.store import installed_version
from ...errors import ConfigError, Diagnostic
from ...layout.external import rejection
from ...model import ir
from ..base import PlannedFile, Reporter, Target
from . import layout
from .names import PackageNamer, ToolNames
from .view import ModuleView, package_context


def package_folder(options: Mapping[str, Any]) -> str:
    """The `package` option (`acme.tools`) as the folder the files go to (`acme/tools/`), so that `import
    acme.tools` works with the target folder on the import path; no option: the target folder is the package.
    The modules import each other relatively, so nothing else depends on the name. (codegen.config.settings checks it.)"""
    package = options.get("package")
    if not package:
        return ""
    parts = str(package).split(".")
    if not all(part.isidentifier() for part in parts):  # also keeps every path inside the target folder
        raise ConfigError([Diagnostic("<options>", 1, 1, f"python.package: {package!r} is not a package name")])
    return "/".join(parts) + "/"


class PythonTarget(Target):
    name = "python"
    order = 2
    label = "Python"
    comment_prefix = "#"
    layout_style = layout.STYLE

    def layout_macros(self) -> Mapping[str, Any]:
        return layout.MACROS

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[ToolNames]:
        return PackageNamer(report).name_tools(tools)

    def tool_file(
        self, tool: ir.Tool, names: ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        return PlannedFile(
            f"{package_folder(options)}{names.module}.py",
            "tool.py.j2",
            ModuleView(tool, names, report, options).context(),
        )

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        return [PlannedFile(f"{package_folder(options)}__init__.py", "__init__.py.j2", package_context(names))]

    def cache_identity(self) -> str:
        # black may shape the text (custom templates, another black); read its version from metadata, not by
        # importing it
        version = installed_version("black")
        return f"black {version}" if version else "black missing"

    def format(self, path: str, text: str) -> str:
        """black's output for any text (this is not known to come from the built-in templates)."""
        return format_python([text])[0]

    def format_all(self, files: Sequence[tuple[PlannedFile, str]], custom_templates: bool = False) -> list[str]:
        """Each rendered file in black's format. The built-in templates print black's format already (layout.py),
        so their output is returned as is; black runs (imported only then) on text that is not known to be
        black's: anything rendered while custom templates are in play, or everything when the installed black
        has a style the layout was not verified against."""
        if not custom_templates and _layout_matches_installed_black():
            return [text for _, text in files]
        return _black(files)


def _black(files: Sequence[tuple[PlannedFile, str]]) -> list[str]:
    """black's format of each text. Only custom templates can render what black cannot parse: that is the same
    located error, naming the template, as when another language's formatter rejects a file (exit 2)."""
    import black

    try:
        return format_python([text for _, text in files])
    except black.InvalidInput:
        pass
    rejected = []
    for planned, text in files:  # one at a time, to name every file black rejects
        try:
            format_python([text])
        except black.InvalidInput as error:
            said = f"black rejects it: {str(error).splitlines()[0]}"
            rejected.append(rejection(TARGET.name, planned.template, planned.path, said))
    raise ConfigError(rejected)


# black majors whose stable style layout.py reproduces (tests/test_python_layout.py checks the installed
# one). black changes its stable style only in the first release of a year, so a major version names a style.
VERIFIED_BLACK_MAJORS = frozenset({"26"})


@functools.cache
def _layout_matches_installed_black() -> bool:
    """Whether the installed black (read from its metadata, without importing it) has the style layout.py
    reproduces. Without black there is nothing to disagree with: the layout stands."""
    version = installed_version("black")
    return version is None or version.split(".")[0] in VERIFIED_BLACK_MAJORS


# -- black itself, for text the layout cannot vouch for ----------------------------------------------------------
#
# Each file is independent and pure CPU, so many at once run in a process pool. Its results are not cached here: the
# finished files that contain them are (codegen.run.incremental), and a cache of black's own answers saved under
# 20 % in every measured scenario (docs/decisions.md).

# The one description of the mode toolgen formats generated Python with: black's defaults (line length 88, string
# normalization, magic trailing commas) targeting Python 3.11.
BLACK_TARGET_VERSIONS = ("PY311",)
POOL_MIN_FILES = 48  # below this a pool's start-up (~0.1 s with fork, ~0.4 s with spawn) is not worth it


def black_mode() -> Any:
    import black

    return black.Mode(target_versions={black.TargetVersion[name] for name in BLACK_TARGET_VERSIONS})


def format_python(texts: Sequence[str]) -> list[str]:
    """`black.format_str(text, mode=black_mode())` for each text; in a process pool when there are many."""
    import black

    texts = list(texts)
    pooled = forkpool.run(_format_one, texts, forkpool.workers_for(len(texts), POOL_MIN_FILES), fork_only=False)
    if pooled is not None:
        return pooled
    mode = black_mode()
    return [black.format_str(text, mode=mode) for text in texts]


def _format_one(text: str) -> str:
    import black

    return black.format_str(text, mode=black_mode())


TARGET = PythonTarget()
