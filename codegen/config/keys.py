"""The keys of toolgen's configuration: each one's default as documented, its meaning and its check.

A check returns None or the problem, phrased to follow "<key>: " (`must be a positive integer, got 0`). The cheap
checks use the standard library only, because the configuration is read before the no-change fast path; the
"deep" checks need a target's keyword tables (is `class` a Java keyword?) and run only when toolgen is about to
render, where the targets are imported anyway. A target with options adds its table to `TARGET_OPTIONS`; the
README's configuration reference lists every key (`reference_rows`, which a test compares with it).
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from . import template_paths
from ..errors import ConfigError
from ..errors import did_you_mean

DOCS_CODE_CHOICES = ("links", "collapsed", "none")  # how the catalogue shows each tool's code (codegen.docs)
MAX_HEADER_LENGTH = 80  # fits every language's comment on one line, so no formatter ever re-wraps it

# A problem ("must be …, got …") or None; a table's check may name the key or element inside it that is wrong,
# (("accept", 0, "tool"), "must be …"), so the message is located there.
Check = Callable[[Any], "str | tuple[tuple[str | int, ...], str] | None"]


@cache
def target_names() -> tuple[str, ...]:
    """The targets, alphabetically, without importing their modules (reading a config precedes the no-change fast
    path): every target has its template folder `templates/<name>/`, so the folder names are the target names
    (tests/test_target_registry.py checks them against the registry). A new target needs no entry here."""
    root = template_paths.builtin_template_root()
    return tuple(sorted(entry.name for entry in root.iterdir() if entry.is_dir() and not entry.name.startswith(".")))


def shown(value: Any) -> str:
    """A value as a message shows it: strings and booleans as TOML writes them, arrays and tables by kind."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return str(value)


# -- checks ------------------------------------------------------------------------------------------------------


def _nonempty_string(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return f"must be a non-empty string, got {shown(value)}"
    return None


def _choice(*choices: str) -> Check:
    def check(value: Any) -> str | None:
        if value in choices and isinstance(value, str):
            return None
        listed = ", ".join(shown(choice) for choice in choices)
        hint = did_you_mean(value, list(choices)) if isinstance(value, str) else ""
        return f"must be one of {listed}, got {shown(value)}{hint}"

    return check


def _pattern(regex: str, what: str) -> Check:
    compiled = re.compile(regex)

    def check(value: Any) -> str | None:
        return None if isinstance(value, str) and compiled.fullmatch(value) else f"must be {what}, got {shown(value)}"

    return check


def _specs(value: Any) -> str | None:
    paths = [value] if isinstance(value, str) else value
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) and p for p in paths):
        return f"must be a path or a non-empty array of paths, got {shown(value)}"
    return None


def targets_problem(value: Any) -> str | None:
    if not isinstance(value, list) or not value or not all(isinstance(t, str) for t in value):
        return f"must be a non-empty array of target names, got {shown(value)}"
    for name in value:
        if name not in target_names():
            return f"unknown target {shown(name)}; choose from {', '.join(target_names())}" + did_you_mean(
                name, list(target_names())
            )
    return "lists a target twice" if len(set(value)) != len(value) else None


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, got {shown(value)}"


def _codes(value: Any) -> str | None:
    from ..review.acknowledge import code_problem

    if not isinstance(value, list):
        return f'must be an array of warning codes, e.g. ["TG101"], got {shown(value)}'
    return next((problem for code in value if (problem := code_problem(code)) is not None), None)


def _codes_per_path(value: Any) -> str | None:
    if not isinstance(value, dict):
        example = '{"specs/mcp/*" = ["TG101"]}'
        return f"must be a table of path globs and warning codes, e.g. {example}, got {shown(value)}"
    return next((f"{shown(glob)}: {problem}" for glob, codes in value.items() if (problem := _codes(codes))), None)


def _positive_int(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return None
    return f"must be a positive integer, got {shown(value)}"


def header_problem(value: Any) -> str | None:
    if (problem := _nonempty_string(value)) is not None:
        return problem
    if not value.isprintable():  # line breaks, tabs, control and bidi characters: one visible line only
        return "must be one line of printable characters (no line breaks, tabs or control characters)"
    if value.rstrip().endswith("*/"):  # rustfmt takes a `//` line that ends so for a block comment's end
        return "must not end with */ (rustfmt reads a comment line ending so as the end of a block comment)"
    if len(value) > MAX_HEADER_LENGTH:
        return f"must be at most {MAX_HEADER_LENGTH} characters, got {len(value)}"
    return None


def _python_package(value: Any) -> str | None:
    parts = value.split(".") if isinstance(value, str) else []
    if parts and all(part.isidentifier() and not keyword.iskeyword(part) for part in parts):
        return None
    return f"must be a Python package name (dot-separated identifiers, no keywords), got {shown(value)}"


_GO_IMPORT_ELEMENT = r"[A-Za-z0-9_~-](?:[A-Za-z0-9._~-]*[A-Za-z0-9_~-])?"


def _deep_go_package(value: str) -> str | None:
    from ..targets.go.syntax import GO_KEYWORDS

    return f"must not be a Go keyword, got {shown(value)}" if value in GO_KEYWORDS else None


def _deep_java_package(value: str) -> str | None:
    from ..targets.java.syntax import is_package_name

    if is_package_name(value):
        return None
    return f"must be a Java package name (dot-separated identifiers, no keywords), got {shown(value)}"


def _deep_dotnet_namespace(value: str) -> str | None:
    from ..targets.dotnet import target as dotnet

    try:
        dotnet._namespace({"namespace": value})
    except ConfigError:
        return f"must be a C# namespace (dot-separated identifiers, no keywords), got {shown(value)}"
    return None


ACCEPT_KEYS = ("tool", "change", "reason")


def _breaking(value: Any) -> str | tuple[tuple[str | int, ...], str] | None:
    """`[breaking]`: `accept`, the breaking changes made on purpose, each `{ tool, change }` as `toolgen breaking`
    prints it, with an optional `reason`."""
    if not isinstance(value, dict):
        return f"must be a table, got {shown(value)}"
    for key in value:
        if key != "accept":
            return (key,), f"unknown key{did_you_mean(key, ['accept'])}; the table has one key, accept"
    entries = value.get("accept", [])
    if not isinstance(entries, list):
        return ("accept",), f'must be an array of tables {{ tool = "…", change = "…" }}, got {shown(entries)}'
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            return ("accept", index), f'must be a table {{ tool = "…", change = "…" }}, got {shown(entry)}'
        for key in entry:
            if key not in ACCEPT_KEYS:
                hint = did_you_mean(key, list(ACCEPT_KEYS))
                return ("accept", index, key), f"unknown key{hint}; an entry has tool, change and reason"
        for key in ACCEPT_KEYS:
            if key in entry and (problem := _nonempty_string(entry[key])) is not None:
                return ("accept", index, key), problem
            if key not in entry and key != "reason":
                return ("accept", index), f'needs "{key}" (the change as `toolgen breaking` prints it)'
    return None


def _deep_python_sdk_version(value: str) -> str | None:
    from ..targets.sdks import sdk_version_problem

    return sdk_version_problem("python", value)


def _java_style(value: Any) -> str | None:
    problem = _choice("builder", "annotation")(value)
    if problem is None and value == "annotation":
        # @CopilotTool methods get their wire schema from the SDK's annotation processor, not from the spec, so
        # the wire-parity guarantee could not hold; and the 1.0 SDK jar that has the processor is not on Maven
        # Central, so it could not be compiled or tested here. Refuse it rather than generate unverified code.
        return (
            '"annotation" is not supported yet: @CopilotTool methods take their wire schema from the SDK\'s '
            'annotation processor, not from the spec; use "builder"'
        )
    return problem


# -- the keys ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One configuration key: its default as documented, what it does, its check, and its deep check (which may
    import the target's module, so it runs only before rendering)."""

    default: str
    doc: str
    check: Check
    deep: Callable[[str], str | None] | None = None


GENERAL_OPTIONS: dict[str, Option] = {
    "specs": Option('["specs"]', "spec files or folders (searched recursively for *.yaml, *.yml)", _specs),
    "out": Option(
        '"generated"',
        "output root; each language goes to `<out>/<target>/`; inside this file's folder, never overlapping a spec "
        "or templates folder or `.git`",
        _nonempty_string,
    ),
    "targets": Option(
        "all", "the targets this output root holds; toolgen's files of targets left out are removed", targets_problem
    ),
    "templates": Option(
        "none", "a folder laid out like `templates/` whose files override single built-in templates", _nonempty_string
    ),
    "header": Option(
        "none",
        f"one extra line (at most {MAX_HEADER_LENGTH} printable characters) in every generated file's header",
        header_problem,
    ),
    "schema": Option(
        '"toolspec.schema.json"',
        "where `toolgen new` points the `$schema` editor line (write it with `toolgen schema --out`)",
        _nonempty_string,
    ),
    "max_spec_bytes": Option("1048576", "spec files larger than this are rejected", _positive_int),
    "docs": Option(
        "none",
        "a Markdown catalogue of the tools that `generate` keeps current and `check` compares, like the code "
        "(`toolgen docs` writes it alone)",
        _nonempty_string,
    ),
    "docs_code": Option(
        '"links"',
        'each tool\'s code in the catalogue: "links" (to the generated files), "collapsed" (the code in '
        '`<details>` blocks) or "none"',
        _choice(*DOCS_CODE_CHOICES),
    ),
    "breaking": Option(
        "none",
        '`accept = [{ tool = "…", change = "…" }]`: breaking changes made on purpose, as `toolgen breaking` prints '
        "them; `toolgen breaking` lists them as accepted and warns about an entry that matches no change",
        _breaking,
    ),
    "acknowledge": Option("none", "warning codes acknowledged in every spec (docs/warnings.md)", _codes),
    "acknowledge_per_path": Option(
        "none", "a table of path globs (`\"specs/mcp/*\"`) and the warning codes acknowledged there", _codes_per_path
    ),
    "allow_out_outside": Option(
        "false",
        "`true` lets `out` lie outside this file's folder (still never `/`, a folder above it, specs, …)",
        _boolean,
    ),
}

# The options of each target that has any; a target without options (json) has no entry.
TARGET_OPTIONS: dict[str, dict[str, Option]] = {
    "nodejs": {
        "import_extension": Option(
            '".js"',
            'extension in index.ts\'s relative imports: ".js" (moduleResolution NodeNext), ".ts" '
            '(allowImportingTsExtensions, Deno, Bun) or "" (moduleResolution bundler)',
            _choice(".js", ".ts", ""),
        ),
    },
    "python": {
        "package": Option(
            "none",
            "a dotted package name: files go to `<out>/python/<a>/<b>/` so that `import a.b` works with "
            "`<out>/python` on the import path",
            _python_package,
        ),
        "sdk_version": Option(
            '"1.0.27"',
            "the github-copilot-sdk version the output imports with (1.0.23 or later): a field an older one cannot "
            "carry is left out, with a warning (docs/sdk-matrix.md)",
            _pattern(r"\d+\.\d+\.\d+", "a release version such as 1.0.27"),
            _deep_python_sdk_version,
        ),
    },
    "go": {
        "package": Option(
            '"tools"',
            "the package clause of every file",
            _pattern(r"[a-z][a-z0-9_]*", "a Go package name (lower-case letters, digits, _)"),
            _deep_go_package,
        ),
        "import_path": Option(
            "none",
            'the package\'s import path: tools.go gets the canonical import comment `package tools // import "…"`',
            _pattern(
                rf"{_GO_IMPORT_ELEMENT}(?:/{_GO_IMPORT_ELEMENT})*",
                "a Go import path (slash-separated elements of letters, digits and . _ ~ -)",
            ),
        ),
    },
    "dotnet": {
        "namespace": Option(
            '"Copilot.Tools"',
            "the file-scoped namespace of every file",
            _pattern(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*", "a C# namespace"),
            _deep_dotnet_namespace,
        ),
    },
    "java": {
        "package": Option(
            '"com.example.copilot.tools"',
            "the package; files go to the matching folder under `<out>/java/`",
            _pattern(r"[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*", "a Java package name"),
            _deep_java_package,
        ),
        "style": Option(
            '"builder"',
            '"builder": a `ToolDefinition` built from the spec\'s exact schema; "annotation" '
            "(`@CopilotTool` methods) is not supported yet",
            _java_style,
        ),
    },
    "rust": {
        "layout": Option(
            '"mod.rs"',
            '"mod.rs": the folder is a module (`mod.rs` + one file per tool); "lib.rs": the folder is a '
            "crate's `src/` (`lib.rs` + one file per tool)",
            _choice("mod.rs", "lib.rs"),
        ),
    },
}


def reference_rows() -> list[tuple[str, str, str]]:
    """(key, default, meaning) for every key, in the README's configuration reference order."""
    rows = [(key, option.default, option.doc) for key, option in GENERAL_OPTIONS.items()]
    for target, options in TARGET_OPTIONS.items():
        rows += [(f"{target}.{key}", option.default, option.doc) for key, option in options.items()]
    return rows
