"""Which SDK each target generates for, and which SDK versions carry the spec fields that only some have.

The one place these facts live (checked against the published packages; docs/sdk-matrix.md prints them): each
target's package, the version it generates for by default, the oldest version `<target>.sdk_version` may select,
and per field the first version that carries it. A target emits a field the spec sets only when the selected
version carries it and the target knows how (`emits`); otherwise `warn_unemitted` warns at the field, naming the
target and the version that would carry it: never a silent drop.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..model import ir
from ..review.warning_codes import SDK_FIELD

FIELDS = ("title", "instructions", "namespace")  # the spec fields (and ir.Options members) this table covers


@dataclass(frozen=True)
class Sdk:
    package: str
    version: str  # generated for by default; the version its real-SDK tests compile against
    first: Mapping[str, str | None]  # field → the first version carrying it; None: no published version does
    emits: frozenset[str] = frozenset()  # the fields the target writes where the version carries them
    oldest: str | None = None  # the oldest `sdk_version` accepted; None: the target has no `sdk_version` option


_NONE = {name: None for name in FIELDS}

SDKS: dict[str, Sdk] = {
    "nodejs": Sdk("@github/copilot-sdk", "1.0.14", _NONE),
    # namespace arrived in 1.0.24 (1.0.23 has no `ToolNamespace`); title and instructions are on no `Tool`
    "python": Sdk("github-copilot-sdk", "1.0.27", {**_NONE, "namespace": "1.0.24"}, frozenset({"namespace"}),
                  oldest="1.0.23"),
    "go": Sdk("github.com/github/copilot-sdk/go", "v1.0.14", _NONE),
    "dotnet": Sdk("GitHub.Copilot.SDK", "0.0.0-dev", _NONE),
    "java": Sdk("com.github:copilot-sdk-java", "1.0.13-preview.0-SNAPSHOT", _NONE),
    # `with_instructions` and `with_namespace` are in 1.0.28 (1.0.27 was not checked); no builder sets a title
    "rust": Sdk("github-copilot-sdk (crate)", "1.0.29-preview.4", {**_NONE, "instructions": "1.0.28",
                                                                   "namespace": "1.0.28"}),
    # the wire protocol's tool definition (ProtocolExternalToolDefinition) as github-copilot-sdk 1.0.27 has it
    "json": Sdk("the Copilot wire protocol", "1.0.27", {**_NONE, "title": "1.0.27", "namespace": "1.0.27"},
                frozenset({"title", "namespace"})),
}  # fmt: skip


def version_key(version: str) -> tuple[int, ...]:
    """A version's release numbers, for ordering (`v1.0.14` → (1, 0, 14); a pre-release sorts as its release)."""
    return tuple(int(part) for part in re.findall(r"\d+", version.split("-", 1)[0]))


def selected_version(target: str, options: Mapping[str, Any]) -> str:
    """The SDK version `target` generates for: its `sdk_version` option, or the default."""
    return str(options.get("sdk_version") or SDKS[target].version)


def carries(target: str, name: str, options: Mapping[str, Any]) -> bool:
    """Whether `target`'s output, for the selected SDK version, carries spec field `name`."""
    sdk = SDKS[target]
    first = sdk.first[name]
    return name in sdk.emits and first is not None and version_key(selected_version(target, options)) >= version_key(first)


def warn_unemitted(target: str, tool: ir.Tool, options: Mapping[str, Any], report: Any) -> None:
    """A located warning for each field `tool` sets that `target`'s output cannot carry (an error with --strict)."""
    sdk = SDKS.get(target)
    if sdk is None:
        return
    version = selected_version(target, options)
    for name, line, column in tool.option_positions:
        if carries(target, name, options):
            continue
        first = sdk.first[name]
        if first is None:
            why = f"{sdk.package} {version} cannot carry it (no published version does yet)"
        elif version_key(version) < version_key(first):
            why = f"{sdk.package} {version} cannot carry it ({first} and later do)"
        else:
            why = f"toolgen does not generate it for {sdk.package} yet (the SDK carries it from {first})"
        report.warn(tool.source, line, column, f"{target}: {name} is left out: {why}", SDK_FIELD)


def matrix(targets: list[str]) -> str:
    """The option matrix as a Markdown table, one row per target: its SDK, the version generated for (and the
    oldest `sdk_version` selects), and per field the first version that carries it, marked where toolgen does not
    generate it yet. docs/sdk-matrix.md holds it, and `toolgen templates` prints it."""
    head = ["target", "SDK", "generated for", *(f"`{name}`" for name in FIELDS)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for target in [name for name in SDKS if name in targets]:  # in the targets' order
        sdk = SDKS[target]
        version = sdk.version if sdk.oldest is None else f"{sdk.version} (`{target}.sdk_version` ≥ {sdk.oldest})"
        cells = []
        for name in FIELDS:
            first = sdk.first[name]
            cell = "none yet" if first is None else f"{first}" + ("" if name in sdk.emits else " (not generated yet)")
            cells.append(cell)
        lines.append("| " + " | ".join([f"`{target}`", sdk.package, version, *cells]) + " |")
    return "\n".join(lines) + "\n"


def sdk_version_problem(target: str, value: Any) -> str | None:
    """Why `value` is not an SDK version `<target>.sdk_version` accepts, or None."""
    sdk = SDKS[target]
    if isinstance(value, str) and re.fullmatch(r"\d+\.\d+\.\d+", value) and sdk.oldest is not None:
        if version_key(value) >= version_key(sdk.oldest):
            return None
        return f"must be {sdk.oldest} or later (the oldest {sdk.package} toolgen generates for), got {value}"
    return f'must be a release version such as "{sdk.version}", got {value!r}'

