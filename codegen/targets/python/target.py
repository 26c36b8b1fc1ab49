"""The Python target: one module per tool (pydantic v2 models, the spec's schema, a `define_tool` factory) and a
package `__init__.py` that re-exports every tool's public names with relative imports.

The target's entry points and its formatter; the parts live in modules of one job each: `python_names` (every
name), `python_types` (annotations, declaration order, imports), `python_module` and `python_package` (the two
templates' views), `python_statements` (black's layout cut into template values, over `python_layout`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from ...model import ir
from ...errors import ConfigError, Diagnostic
from ...cache.store import installed_version
from ..base import PlannedFile, Reporter, Target
from ...layout.external import rejection
from .module_view import ModuleBuilder
from .names import PackageNamer, ToolNames
from .package_view import package_context
from .statements import BLACK_EXACT


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

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[ToolNames]:
        return PackageNamer(report).name_tools(tools)

    def tool_file(
        self, tool: ir.Tool, names: ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        return PlannedFile(
            f"{package_folder(options)}{names.module}.py",
            "tool.py.j2",
            ModuleBuilder(tool, names, report).build(),
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
        # black may shape the text (blackformat); read its version from metadata, not by importing it
        version = installed_version("black")
        return f"black {version}" if version else "black missing"

    def format(self, path: str, text: str) -> str:
        """black's output for any text (this is not known to come from the built-in templates)."""
        from .blackformat import format_python

        return format_python([text])[0]

    def format_all(self, files: Sequence[tuple[PlannedFile, str]], custom_templates: bool = False) -> list[str]:
        """Each rendered file in black's format. The built-in templates already print black's format
        (python_layout), so their output is returned as is, and black runs (through toolgen's cache, imported only
        then) only for text that is not known to be black's: anything rendered while custom templates are in play,
        a statement the layout does not handle, or an installed black whose style the layout was not verified
        against."""
        trusted = not custom_templates and _layout_matches_installed_black()
        results: list[str | None] = [
            text if trusted and planned.context.get(BLACK_EXACT) else None for planned, text in files
        ]
        pending = [index for index, result in enumerate(results) if result is None]
        if pending:
            for index, formatted in zip(pending, _black([files[index] for index in pending])):
                results[index] = formatted
        return [result for result in results if result is not None]


def _black(files: Sequence[tuple[PlannedFile, str]]) -> list[str]:
    """black's format of each text. Only custom templates can render what black cannot parse: that is the same
    located error, naming the template, as when another language's formatter rejects a file (exit 2)."""
    import black

    from .blackformat import format_python

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


# black majors whose stable style python_layout reproduces (tests/test_python_layout.py checks the installed
# one). black changes its stable style only in the first release of a year, so a major version names a style.
VERIFIED_BLACK_MAJORS = frozenset({"26"})


@functools.cache
def _layout_matches_installed_black() -> bool:
    """Whether the installed black (read from its metadata, without importing it) has the style python_layout
    reproduces. Without black there is nothing to disagree with: the layout stands."""
    version = installed_version("black")
    return version is None or version.split(".")[0] in VERIFIED_BLACK_MAJORS


TARGET = PythonTarget()
