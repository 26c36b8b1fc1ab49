"""toolgen's configuration: `[tool.toolgen]` in pyproject.toml, or a standalone `toolgen.toml` with the same keys
at its top level (for repositories that are not Python projects).

Discovery: walking up from the working directory, the first folder holding a `toolgen.toml`, or a `pyproject.toml`
with a `[tool.toolgen]` table, wins (`toolgen.toml` first when a folder has both); the walk stops at the repository
root (a folder holding `.git`) and at the filesystem root. `--config FILE` chooses a file explicitly. Paths in the
file are relative to the file's folder. Command-line flags override the file, option by option.

Every problem is reported the way spec problems are, one located line each:

    pyproject.toml:14:11: error: tool.toolgen.go.package: must be a Go package name (...), got "my-pkg"

This module uses the standard library only: the CLI reads the config before the no-change fast path, which must
stay cheap. Checks that need a target's keyword tables (is `class` a Java keyword?) are the "deep" checks; they run
only when toolgen is about to render, where the targets are imported anyway.
"""

from __future__ import annotations

import keyword
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from . import template_paths
from .errors import ConfigError, Diagnostic
from .suggest import did_you_mean
from .tomlpos import KeyPath, Positions, scan

CONFIG_FILE = "toolgen.toml"
PYPROJECT_FILE = "pyproject.toml"
PYPROJECT_TABLE = ("tool", "toolgen")
DEFAULT_SPECS = "specs"
DEFAULT_OUT = "generated"
DEFAULT_SCHEMA = "toolspec.schema.json"
DEFAULT_MAX_SPEC_BYTES = 1024 * 1024  # equal to yamlload.DEFAULT_MAX_BYTES (a test says so)
MAX_HEADER_LENGTH = (
    80  # fits every language's comment on one line, so no formatter ever re-wraps it
)


@cache
def target_names() -> tuple[str, ...]:
    """The targets, alphabetically, without importing their modules (reading a config precedes the no-change fast
    path): every target has its template folder `templates/<name>/`, so the folder names are the target names
    (tests/test_target_registry.py checks them against the registry). A new target needs no entry here."""
    root = template_paths.builtin_template_root()
    return tuple(sorted(entry.name for entry in root.iterdir() if entry.is_dir() and not entry.name.startswith(".")))


Check = Callable[[Any], "str | None"]  # a problem ("must be …, got …") or None


# -- checks: each returns None or the problem, phrased to follow "<key>: " ------------------------------------------


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def _string(value: Any) -> str | None:
    return None if isinstance(value, str) else f"must be a string, got {_shown(value)}"


def _nonempty_string(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return f"must be a non-empty string, got {_shown(value)}"
    return None


def _choice(*choices: str) -> Check:
    def check(value: Any) -> str | None:
        if value in choices and isinstance(value, str):
            return None
        listed = ", ".join(_shown(choice) for choice in choices)
        return f"must be one of {listed}, got {_shown(value)}" + (
            did_you_mean(value, list(choices)) if isinstance(value, str) else ""
        )

    return check


def _pattern(regex: str, what: str) -> Check:
    compiled = re.compile(regex)

    def check(value: Any) -> str | None:
        if isinstance(value, str) and compiled.fullmatch(value):
            return None
        return f"must be {what}, got {_shown(value)}"

    return check


def _specs(value: Any) -> str | None:
    paths = [value] if isinstance(value, str) else value
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) and p for p in paths):
        return f"must be a path or a non-empty array of paths, got {_shown(value)}"
    return None


def _targets(value: Any) -> str | None:
    if not isinstance(value, list) or not value or not all(isinstance(t, str) for t in value):
        return f"must be a non-empty array of target names, got {_shown(value)}"
    for name in value:
        if name not in target_names():
            return (
                f"unknown target {_shown(name)}; choose from {', '.join(target_names())}"
                + did_you_mean(name, list(target_names()))
            )
    if len(set(value)) != len(value):
        return "lists a target twice"
    return None


def _positive_int(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return None
    return f"must be a positive integer, got {_shown(value)}"


def _header(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return f"must be a non-empty string, got {_shown(value)}"
    if (
        not value.isprintable()
    ):  # line breaks, tabs, control and bidi characters: one visible line only
        return (
            "must be one line of printable characters (no line breaks, tabs or control characters)"
        )
    if len(value) > MAX_HEADER_LENGTH:
        return f"must be at most {MAX_HEADER_LENGTH} characters, got {len(value)}"
    return None


def _python_package(value: Any) -> str | None:
    parts = value.split(".") if isinstance(value, str) else []
    if parts and all(part.isidentifier() and not keyword.iskeyword(part) for part in parts):
        return None
    return f"must be a Python package name (dot-separated identifiers, no keywords), got {_shown(value)}"


_GO_IMPORT_ELEMENT = r"[A-Za-z0-9_~-](?:[A-Za-z0-9._~-]*[A-Za-z0-9_~-])?"


def _deep_go_package(value: str) -> str | None:
    from .targets.go_syntax import GO_KEYWORDS

    return f"must not be a Go keyword, got {_shown(value)}" if value in GO_KEYWORDS else None


def _deep_java_package(value: str) -> str | None:
    from .targets.java_syntax import is_package_name

    if is_package_name(value):
        return None
    return (
        f"must be a Java package name (dot-separated identifiers, no keywords), got {_shown(value)}"
    )


def _deep_dotnet_namespace(value: str) -> str | None:
    from .targets import dotnet

    try:
        dotnet._namespace({"namespace": value})
    except ConfigError:
        return (
            f"must be a C# namespace (dot-separated identifiers, no keywords), got {_shown(value)}"
        )
    return None


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


# -- the keys ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One configuration key: its default as documented, what it does, its check, and its deep check (which may
    import the target's module, so it runs only before rendering)."""

    default: str
    doc: str
    check: Check
    deep: Callable[[str], str | None] | None = None


GENERAL_OPTIONS: dict[str, Option] = {
    "specs": Option(
        '["specs"]', "spec files or folders (searched recursively for *.yaml, *.yml)", _specs
    ),
    "out": Option(
        '"generated"', "output root; each language goes to `<out>/<target>/`", _nonempty_string
    ),
    "targets": Option(
        "all",
        "the targets this output root holds; toolgen's files of targets left out are removed",
        _targets,
    ),
    "templates": Option(
        "none",
        "a folder laid out like `templates/` whose files override single built-in templates",
        _nonempty_string,
    ),
    "header": Option(
        "none",
        f"one extra line (at most {MAX_HEADER_LENGTH} printable characters) in every generated file's header",
        _header,
    ),
    "schema": Option(
        '"toolspec.schema.json"',
        "where `toolgen new` points the `$schema` editor line (write it with `toolgen schema --out`)",
        _nonempty_string,
    ),
    "max_spec_bytes": Option("1048576", "spec files larger than this are rejected", _positive_int),
    "docs": Option(
        "none", "the Markdown catalogue `toolgen docs` writes and `toolgen docs --check` compares", _nonempty_string
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
            _pattern(
                r"[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*", "a Java package name"
            ),
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


# -- the file ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConfigFile:
    """A parsed configuration file: the toolgen table, where each key is, and how to name keys in messages."""

    path: Path
    prefix: tuple[str, ...]  # ("tool", "toolgen") in pyproject.toml, () in toolgen.toml
    table: Mapping[str, Any]
    positions: Positions

    @property
    def shown(self) -> str:
        return _display(self.path)

    def key_name(self, key: KeyPath) -> str:
        return ".".join(str(part) for part in (*self.prefix, *key))

    def problem(self, key: KeyPath, message: str, at_key: bool = False) -> Diagnostic:
        full = (*self.prefix, *key)
        line, column = self.positions.key(full) if at_key else self.positions.value(full)
        return Diagnostic(self.shown, line, column, f"{self.key_name(key)}: {message}")

    def resolve(self, value: str) -> Path:
        """A path written in the file, relative to the file's folder, as it is best shown from here."""
        return _relative_to_cwd(self.path.parent / value)


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _relative_to_cwd(path: Path) -> Path:
    absolute = Path(os.path.abspath(path))
    try:
        return Path(os.path.relpath(absolute))
    except ValueError:  # another drive on Windows
        return absolute


def find_config(start: Path | None = None) -> Path | None:
    """The nearest toolgen.toml or pyproject.toml with [tool.toolgen], from `start` up to the repository root."""
    folder = Path(os.path.abspath(start or Path.cwd()))
    for candidate in (folder, *folder.parents):
        if (candidate / CONFIG_FILE).is_file():
            return candidate / CONFIG_FILE
        pyproject = candidate / PYPROJECT_FILE
        if pyproject.is_file() and _has_toolgen_table(pyproject):
            return pyproject
        if (candidate / ".git").exists():
            return None
    return None


def _has_toolgen_table(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if "toolgen" not in text:  # most pyproject files: no parse needed
        return False
    try:
        return isinstance(tomllib.loads(text).get("tool", {}).get("toolgen"), dict)
    except (tomllib.TOMLDecodeError, AttributeError):
        return True  # let read_config report the syntax error with its position


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def read_config(path: Path) -> ConfigFile:
    """Parse a configuration file; a syntax error or a missing table is a located ConfigError."""
    shown = _display(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise ConfigError(
            [Diagnostic(shown, 1, 1, f"cannot read: {exc.strerror or exc}")]
        ) from None
    except UnicodeDecodeError as exc:
        raise ConfigError([Diagnostic(shown, 1, 1, f"not UTF-8: {exc.reason}")]) from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.search(message)
        line, column = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
        text_only = _TOML_POSITION.sub("", message)
        raise ConfigError([Diagnostic(shown, line, column, f"invalid TOML: {text_only}")]) from None
    positions = scan(text)
    if path.name == PYPROJECT_FILE:
        prefix = PYPROJECT_TABLE
        table = (
            document.get("tool", {}).get("toolgen")
            if isinstance(document.get("tool"), dict)
            else None
        )
        if table is None:
            raise ConfigError([Diagnostic(shown, 1, 1, "has no [tool.toolgen] table")])
        if not isinstance(table, dict):
            line, column = positions.value(PYPROJECT_TABLE)
            raise ConfigError([Diagnostic(shown, line, column, "tool.toolgen: must be a table")])
    else:
        prefix, table = (), document
    return ConfigFile(path, prefix, table, positions)


# -- settings: what a run uses, from the file and then the command line or API arguments --------------------------


@dataclass(frozen=True)
class Settings:
    """Everything that decides a run's output. `request()` is what the no-change fast path compares."""

    specs: tuple[Path, ...] = (Path(DEFAULT_SPECS),)
    out: Path = Path(DEFAULT_OUT)
    targets: tuple[str, ...] | None = None  # None: every target
    partial: bool = (
        False  # True (--lang): only these targets this run; other targets' folders are left alone
    )
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    templates: Path | None = None
    header: str | None = None
    max_spec_bytes: int = DEFAULT_MAX_SPEC_BYTES
    schema: Path = Path(DEFAULT_SCHEMA)
    config: ConfigFile | None = None
    # Which settings the file supplied: (target or "", key) → the file's key path, to locate deep-check problems.
    from_file: Mapping[tuple[str, str], KeyPath] = field(default_factory=dict)
    # The spec files or folders (among `specs`) named on the command line: only their tools are remade now.
    only: tuple[Path, ...] | None = None
    strict: bool = False  # --strict: warnings are errors
    docs: Path | None = None  # where `toolgen docs` writes the catalogue

    def request(self) -> dict[str, Any]:
        return {
            "paths": [path.as_posix() for path in self.specs],
            "out": self.out.as_posix(),
            "langs": list(self.targets or []),
            "partial": self.partial,
            "max_spec_bytes": self.max_spec_bytes,
            "options": {
                target: dict(sorted(values.items()))
                for target, values in sorted(self.options.items())
                if values
            },
            "templates": self.templates.as_posix() if self.templates else None,
            "header": self.header,
        }

    def with_overrides(self, **values: Any) -> Settings:
        """These settings with every value that is not None replaced (command-line flags win over the file)."""
        changes = {key: value for key, value in values.items() if value is not None}
        overridden = {("", key) for key in changes}
        if "options" in changes:
            merged = {target: dict(opts) for target, opts in self.options.items()}
            for target, opts in changes["options"].items():
                merged.setdefault(target, {}).update(opts)
                overridden |= {(target, key) for key in opts}
            changes["options"] = merged
        # A value given here no longer comes from the file: its problems must not point into the file.
        changes["from_file"] = {
            key: path for key, path in self.from_file.items() if key not in overridden
        }
        return replace(self, **changes)


def settings_from_file(config: ConfigFile) -> Settings:
    """The settings a configuration file gives; every problem in it at once, located (cheap checks only)."""
    problems: list[Diagnostic] = []
    table = config.table
    values: dict[str, Any] = {}
    options: dict[str, dict[str, Any]] = {}
    from_file: dict[tuple[str, str], KeyPath] = {}
    for key, value in table.items():
        if key in target_names():
            if not isinstance(value, dict):
                problems.append(config.problem((key,), f"must be a table, got {_shown(value)}"))
                continue
            for option, option_value in value.items():
                spec = TARGET_OPTIONS.get(key, {}).get(option)
                if spec is None:
                    problems.append(_unknown(config, (key, option), list(TARGET_OPTIONS.get(key, {}))))
                elif (message := spec.check(option_value)) is not None:
                    problems.append(config.problem((key, option), message))
                else:
                    options.setdefault(key, {})[option] = option_value
                    from_file[(key, option)] = (key, option)
        elif key in GENERAL_OPTIONS:
            if (message := GENERAL_OPTIONS[key].check(value)) is not None:
                problems.append(config.problem((key,), message))
            else:
                values[key] = value
                from_file[("", key)] = (key,)
        else:
            problems.append(_unknown(config, (key,), [*GENERAL_OPTIONS, *target_names()]))
    if problems:
        raise ConfigError(problems)
    settings = Settings(config=config, options=options, from_file=from_file)
    if "specs" in values:
        specs = values["specs"] if isinstance(values["specs"], list) else [values["specs"]]
        settings = replace(settings, specs=tuple(config.resolve(item) for item in specs))
    if "out" in values:
        settings = replace(settings, out=config.resolve(values["out"]))
    if "targets" in values:
        settings = replace(settings, targets=tuple(values["targets"]))
    if "templates" in values:
        settings = replace(settings, templates=config.resolve(values["templates"]))
    if "schema" in values:
        settings = replace(settings, schema=config.resolve(values["schema"]))
    if "header" in values:
        settings = replace(settings, header=values["header"])
    if "docs" in values:
        settings = replace(settings, docs=config.resolve(values["docs"]))
    if "max_spec_bytes" in values:
        settings = replace(settings, max_spec_bytes=values["max_spec_bytes"])
    return settings


def _unknown(config: ConfigFile, key: KeyPath, known: list[str]) -> Diagnostic:
    name = str(key[-1])
    hint = did_you_mean(name, known)
    where = f"[{config.key_name(key[:-1])}]" if (config.prefix or key[:-1]) else "the file"
    return config.problem(
        key, f"unknown key{hint}; {where} accepts {', '.join(known) or 'no keys'}", at_key=True
    )


def load_settings(path: Path | None) -> Settings:
    """The settings from the configuration file at `path`, or the defaults when there is none."""
    return Settings() if path is None else settings_from_file(read_config(path))


# -- checks on the final settings --------------------------------------------------------------------------------


def option_problems(
    options: Mapping[str, Mapping[str, Any]], deep: bool
) -> list[tuple[str, str, str]]:
    """(target, key, message) for every unknown or invalid per-target option; `deep` adds the keyword checks."""
    problems = []
    for target, values in options.items():
        if target not in target_names():
            problems.append(
                (target, "", f"unknown target{did_you_mean(target, list(target_names()))}")
            )
            continue
        known = TARGET_OPTIONS.get(target, {})
        for key, value in values.items():
            spec = known.get(key)
            if spec is None:
                hint = did_you_mean(key, list(known))
                problems.append(
                    (target, key, f"unknown option{hint}; {target} accepts {', '.join(known) or 'no options'}")
                )
                continue
            message = spec.check(value)
            if message is None and deep and spec.deep is not None:
                message = spec.deep(value)
            if message is not None:
                problems.append((target, key, message))
    return problems


def general_problems(settings: Settings) -> list[tuple[str, str]]:
    """(key, message) for invalid general settings given outside a file (API arguments, flags)."""
    problems = []
    if settings.header is not None and (message := _header(settings.header)) is not None:
        problems.append(("header", message))
    if settings.targets is not None and (message := _targets(list(settings.targets))) is not None:
        problems.append(("targets", message))
    if settings.templates is not None and not settings.templates.is_dir():
        problems.append(("templates", f"no such folder: {settings.templates.as_posix()}"))
    return problems


def check_settings(settings: Settings, deep: bool, origin: str = "<options>") -> None:
    """Raise a ConfigError listing every problem in `settings`; a value from the config file is located there,
    any other under `origin`."""
    diagnostics = []
    for key, message in general_problems(settings):
        diagnostics.append(_locate(settings, "", key, message, origin))
    for target, key, message in option_problems(settings.options, deep):
        diagnostics.append(_locate(settings, target, key, message, origin))
    if diagnostics:
        raise ConfigError(diagnostics)


def _locate(settings: Settings, target: str, key: str, message: str, origin: str) -> Diagnostic:
    path = settings.from_file.get((target, key))
    if settings.config is not None and path is not None:
        return settings.config.problem(path, message)
    name = f"{target}.{key}" if target and key else target or key
    return Diagnostic(origin, 1, 1, f"{name}: {message}")


def parse_option_assignment(text: str) -> tuple[str, str, str]:
    """`go.package=mytools` (the --option flag) → ("go", "package", "mytools"); ValueError when malformed."""
    name, equals, value = text.partition("=")
    target, dot, key = name.strip().partition(".")
    if not equals or not dot or not target or not key:
        raise ValueError(f"expected TARGET.KEY=VALUE, got {text!r}")
    return target, key.strip(), value


def schema_line(spec_folder: Path, schema: Path) -> str:
    """The editor line for a spec in `spec_folder`: `$schema=` the schema file's path relative to that folder."""
    relative = os.path.relpath(os.path.abspath(schema), os.path.abspath(spec_folder))
    return f"# yaml-language-server: $schema={Path(relative).as_posix()}"


def reference_rows() -> list[tuple[str, str, str]]:
    """(key, default, meaning) for every key, in the README's configuration reference order."""
    rows = [(key, option.default, option.doc) for key, option in GENERAL_OPTIONS.items()]
    for target, options in TARGET_OPTIONS.items():
        rows += [(f"{target}.{key}", option.default, option.doc) for key, option in options.items()]
    return rows
