"""Go target: package `tools`, one file per tool plus `tools.go` (the Handlers registry and shared helpers), for
github.com/github/copilot-sdk/go.

The target's entry points and its options; the parts live in modules of one job each: `names` (every name in the
package), `types` (Go types, optionality, defaults), `view` (the two templates' contexts), `doc` (doc comments in
gofmt's form), `syntax` (reserved words, literals, escaping) and `layout` (gofmt's aligned columns, the one rule
the templates mark). The output is exactly what gofmt prints, so no Go toolchain is needed to generate it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...errors import ConfigError, Diagnostic
from ...model import ir
from ..base import PlannedFile, Reporter, Target
from . import layout
from .names import REGISTRY_STEM, ToolNames, plan_names
from .syntax import GO_KEYWORDS
from .view import registry_context, tool_context

DEFAULT_PACKAGE = "tools"  # the `package` option overrides it


def _options_problem(message: str) -> ConfigError:
    return ConfigError([Diagnostic("<options>", 1, 1, message)])


def package_name(options: Mapping[str, Any]) -> str:
    """The Go package name: the `package` option, else `tools`; a lower-case ASCII identifier, not a keyword."""
    package = options.get("package", DEFAULT_PACKAGE)
    if not (isinstance(package, str) and re.fullmatch(r"[a-z][a-z0-9_]*", package)) or package in GO_KEYWORDS:
        what = "is not a Go package name (lower-case letters, digits, _)"
        raise _options_problem(f"go: option package: {package!r} {what}")
    return package


def import_path(options: Mapping[str, Any]) -> str | None:
    """The `import_path` option: tools.go's package clause then carries the canonical import comment
    (https://go.dev/s/go14customimport; one file of a package carrying it is enough)."""
    path = options.get("import_path") or None
    if path is not None and (not re.fullmatch(r"[A-Za-z0-9._~/-]+", path) or path.startswith("/")):
        raise _options_problem(f"go.import_path: {path!r} is not a Go import path")  # codegen.config.settings checks it first
    return path


class GoTarget(Target):
    name = "go"
    order = 3
    label = "Go"
    comment_prefix = "//"
    formatter = "gofmt"  # run only over custom templates' output (Target.formatter)

    def layout_macros(self) -> Mapping[str, Any]:
        return layout.MACROS

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[ToolNames]:
        package_name(options)  # a bad package name is reported before anything else
        return plan_names(tools, report)

    def tool_file(self, tool: ir.Tool, names: ToolNames, options: Mapping[str, Any], report: Reporter) -> PlannedFile:
        context = tool_context(tool, names, package_name(options), report)
        # tools.go defines the codec helpers only when some tool's file uses them
        codec = any(decl.get("codec") for decl in context["decls"])
        return PlannedFile(f"{names.file}.go", "tool.go.j2", context, facts={"codec": codec})

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        codec = any(fact.get("codec") for fact in facts)
        context = registry_context(tools, names, package_name(options), codec, import_path(options))
        return [PlannedFile(f"{REGISTRY_STEM}.go", "tools.go.j2", context)]


TARGET = GoTarget()
