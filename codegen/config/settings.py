"""toolgen's configuration: `[tool.toolgen]` in pyproject.toml, or a standalone `toolgen.toml` with the same keys
at its top level (for repositories that are not Python projects).

Discovery: walking up from the working directory, the first folder holding a `toolgen.toml`, or a `pyproject.toml`
with a `[tool.toolgen]` table, wins (`toolgen.toml` first when a folder has both); the walk stops at the repository
root (a folder holding `.git`) and at the filesystem root. `--config FILE` chooses a file explicitly. Paths in the
file are relative to the file's folder. Command-line flags override the file, option by option.

Every problem is reported the way spec problems are, one located line each:

    pyproject.toml:14:11: error: tool.toolgen.go.package: must be a Go package name (...), got "my-pkg"

This module uses the standard library only: the CLI reads the config before the no-change fast path, which must
stay cheap. The keys and their checks are in codegen.config.keys; this module finds and reads the file, turns it
into `Settings`, and locates every problem in the final settings.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..review.acknowledge import Acknowledgement
from .keys import GENERAL_OPTIONS, TARGET_OPTIONS, header_problem, shown, target_names, targets_problem
from ..spec.discover import display_path
from ..errors import ConfigError, Diagnostic
from ..output.regularfile import read_regular
from ..errors import did_you_mean
from .tomlpos import KeyPath, Positions, scan

CONFIG_FILE = "toolgen.toml"
PYPROJECT_FILE = "pyproject.toml"
PYPROJECT_TABLE = ("tool", "toolgen")
DEFAULT_SPECS = "specs"
DEFAULT_OUT = "generated"
DEFAULT_SCHEMA = "toolspec.schema.json"
DEFAULT_MAX_SPEC_BYTES = 1024 * 1024  # equal to yamlload.DEFAULT_MAX_BYTES (a test says so)
MAX_CONFIG_BYTES = 4 * 1024 * 1024  # a configuration file is read up to this size
# The general keys whose values are paths, written relative to the configuration file's folder.
PATH_KEYS = ("out", "templates", "schema", "docs")


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
        return display_path(self.path)

    def key_name(self, key: KeyPath) -> str:
        """`tool.toolgen.go.package`; an array's element as `accept[0]`."""
        return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in (*self.prefix, *key))[1:]

    def problem(self, key: KeyPath, message: str, at_key: bool = False) -> Diagnostic:
        full = (*self.prefix, *key)
        line, column = self.positions.key(full) if at_key else self.positions.value(full)
        return Diagnostic(self.shown, line, column, f"{self.key_name(key)}: {message}")

    def resolve(self, value: str) -> Path:
        """A path written in the file, relative to the file's folder, as it is best shown from here."""
        return _relative_to_cwd(self.path.parent / value)


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
    """Whether a pyproject.toml configures toolgen. One that is not UTF-8 (TOML always is), not TOML, or whose
    `tool.toolgen` is not a table is toolgen's to report (read_config locates the problem): running with the
    defaults instead would write where the user never meant to."""
    try:
        text = read_regular(pyproject, MAX_CONFIG_BYTES).decode("utf-8")
    except UnicodeDecodeError:
        return True
    except OSError:
        return False
    if "toolgen" not in text:  # most pyproject files: no parse needed
        return False
    try:
        return "toolgen" in tomllib.loads(text).get("tool", {})
    except (tomllib.TOMLDecodeError, AttributeError, TypeError):
        return True  # let read_config report the syntax error with its position


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def read_config(path: Path) -> ConfigFile:
    """Parse a configuration file; a syntax error or a missing table is a located ConfigError."""

    def fail(line: int, column: int, message: str) -> ConfigError:
        return ConfigError([Diagnostic(display_path(path), line, column, message)])

    try:
        data = read_regular(path, MAX_CONFIG_BYTES)
        text = data.decode("utf-8")
    except OSError as exc:
        raise fail(1, 1, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise fail(line, exc.start - data.rfind(b"\n", 0, exc.start), f"not UTF-8: {exc.reason}") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_POSITION.search(str(exc))
        line, column = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
        raise fail(line, column, f"invalid TOML: {_TOML_POSITION.sub('', str(exc))}") from None
    positions = scan(text)
    if path.name != PYPROJECT_FILE:
        return ConfigFile(path, (), document, positions)
    table = document["tool"].get("toolgen") if isinstance(document.get("tool"), dict) else None
    if table is None:
        raise fail(1, 1, "has no [tool.toolgen] table")
    if not isinstance(table, dict):
        raise fail(*positions.value(PYPROJECT_TABLE), "tool.toolgen: must be a table")
    return ConfigFile(path, PYPROJECT_TABLE, table, positions)


# -- settings: what a run uses, from the file and then the command line or API arguments --------------------------


@dataclass(frozen=True)
class Settings:
    """Everything that decides a run's output. `request()` is what the no-change fast path compares."""

    specs: tuple[Path, ...] = (Path(DEFAULT_SPECS),)
    out: Path = Path(DEFAULT_OUT)
    targets: tuple[str, ...] | None = None  # None: every target
    partial: bool = False  # True (--lang): only these targets this run; other targets' folders are left alone
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
    docs: Path | None = None  # the catalogue `generate` keeps current (and `toolgen docs` writes)
    docs_code: str = "links"  # how the catalogue shows each tool's code: "links", "collapsed" or "none"
    breaking: Mapping[str, Any] = field(default_factory=dict)  # [breaking]: `accept`, for `toolgen breaking`
    allow_out_outside: bool = False  # `out` may lie outside the configuration's folder (out_problem)
    acknowledge: tuple[Acknowledgement, ...] = ()  # the configuration's acknowledged warnings (codegen.review.acknowledge)

    def request(self) -> dict[str, Any]:
        return {
            "paths": [path.as_posix() for path in self.specs],
            "out": self.out.as_posix(),
            "langs": list(self.targets or []),
            "partial": self.partial,
            "max_spec_bytes": self.max_spec_bytes,
            "options": {
                target: dict(sorted(values.items())) for target, values in sorted(self.options.items()) if values
            },
            "templates": self.templates.as_posix() if self.templates else None,
            "header": self.header,
            # only when there is a catalogue: the request of a configuration without one stays as it was
            **({"docs": self.docs.as_posix(), "docs_code": self.docs_code} if self.docs else {}),
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
        changes["from_file"] = {key: path for key, path in self.from_file.items() if key not in overridden}
        return replace(self, **changes)


def settings_from_file(config: ConfigFile) -> Settings:
    """The settings a configuration file gives; every problem in it at once, located (cheap checks only)."""
    problems: list[Diagnostic] = []
    values: dict[str, Any] = {}
    options: dict[str, dict[str, Any]] = {}
    from_file: dict[tuple[str, str], KeyPath] = {}
    for key, value in config.table.items():
        if key in target_names():
            if not isinstance(value, dict):
                problems.append(config.problem((key,), f"must be a table, got {shown(value)}"))
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
                inside, message = message if isinstance(message, tuple) else ((), message)
                problems.append(config.problem((key, *inside), message))
            else:
                values[key] = value
                from_file[("", key)] = (key,)
        else:
            problems.append(_unknown(config, (key,), [*GENERAL_OPTIONS, *target_names()]))
    if problems:
        raise ConfigError(problems)
    # Every general key is the Settings field of the same name; paths are resolved against the file's folder.
    if "specs" in values:
        specs = values["specs"]
        values["specs"] = tuple(config.resolve(item) for item in ([specs] if isinstance(specs, str) else specs))
    if "targets" in values:
        values["targets"] = tuple(values["targets"])
    values.update((key, config.resolve(values[key])) for key in PATH_KEYS if key in values)
    acknowledged = tuple(_acknowledgements(values, config))
    values = {key: value for key, value in values.items() if key not in ("acknowledge", "acknowledge_per_path")}
    return Settings(config=config, options=options, from_file=from_file, acknowledge=acknowledged, **values)


def _unknown(config: ConfigFile, key: KeyPath, known: list[str]) -> Diagnostic:
    name = str(key[-1])
    hint = did_you_mean(name, known)
    where = f"[{config.key_name(key[:-1])}]" if (config.prefix or key[:-1]) else "the file"
    return config.problem(key, f"unknown key{hint}; {where} accepts {', '.join(known) or 'no keys'}", at_key=True)


def load_settings(path: Path | None) -> Settings:
    """The settings from the configuration file at `path`, or the defaults when there is none."""
    return Settings() if path is None else settings_from_file(read_config(path))


# -- checks on the final settings --------------------------------------------------------------------------------


def option_problems(options: Mapping[str, Mapping[str, Any]], deep: bool) -> list[tuple[str, str, str]]:
    """(target, key, message) for every unknown or invalid per-target option; `deep` adds the keyword checks."""
    problems = []
    for target, values in options.items():
        if target not in target_names():
            problems.append((target, "", f"unknown target{did_you_mean(target, list(target_names()))}"))
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


def out_problem(settings: Settings) -> str | None:
    """Why `settings.out` may not be the output root, or None. It lies inside the configuration's folder (unless
    `allow_out_outside`; without a configuration file, the working folder is the root and nothing confines it);
    it is never the file system root, the root itself or a folder above it, nor inside `.git`; it does not overlap
    a spec path or the templates folder (neither holds the other)."""
    out = Path(os.path.realpath(settings.out))
    shown_out = settings.out.as_posix() if not settings.out.as_posix().startswith("..") else out.as_posix()
    reason = _out_reason(settings, out)
    if reason is None:
        return None
    advice = "" if "allow_out_outside" in reason else '; use a folder of its own, such as "generated"'
    return f"the output root {shown_out} {reason}{advice}"


def _out_reason(settings: Settings, out: Path) -> str | None:
    root = Path(os.path.realpath(settings.config.path.parent if settings.config else "."))
    if out == Path(out.anchor):
        return "is the file system root"
    if out == root:
        return "is the configuration's folder itself: every target's folder would land beside your sources"
    if root.is_relative_to(out):
        return "contains the configuration's folder"
    if settings.config is not None and not settings.allow_out_outside and not out.is_relative_to(root):
        return f"is outside the configuration's folder {root.as_posix()}; set allow_out_outside = true to write there"
    repository = next((folder for folder in (root, *root.parents) if (folder / ".git").exists()), None)
    if repository is not None and out.is_relative_to(repository / ".git"):
        return "is inside .git"
    others = [(spec, "spec folder") for spec in settings.specs if spec.as_posix() != "-"]
    for other, what in [*others, *([(settings.templates, "templates folder")] if settings.templates else [])]:
        real = Path(os.path.realpath(other))
        if out.is_relative_to(real) or real.is_relative_to(out):
            return f'overlaps the {what} "{other.as_posix()}": generated files would mix with it'
    return None


def general_problems(settings: Settings) -> list[tuple[str, str]]:
    """(key, message) for invalid general settings given outside a file (API arguments, flags)."""
    problems = []
    if (message := out_problem(settings)) is not None:
        problems.append(("out", message))
    if settings.header is not None and (message := header_problem(settings.header)) is not None:
        problems.append(("header", message))
    if settings.targets is not None and (message := targets_problem(list(settings.targets))) is not None:
        problems.append(("targets", message))
    if settings.templates is not None and not settings.templates.is_dir():
        problems.append(("templates", f"no such folder: {settings.templates.as_posix()}"))
    return problems


def check_settings(settings: Settings, deep: bool, origin: str = "<options>") -> None:
    """Raise a ConfigError listing every problem in `settings`; a value from the config file is located there,
    any other under `origin`."""
    diagnostics = []
    for key, message in general_problems(settings):
        diagnostics.append(locate(settings, "", key, message, origin))
    for target, key, message in option_problems(settings.options, deep):
        diagnostics.append(locate(settings, target, key, message, origin))
    if diagnostics:
        raise ConfigError(diagnostics)


def locate(settings: Settings, target: str, key: str, message: str, origin: str) -> Diagnostic:
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


def _acknowledgements(values: dict[str, Any], config: ConfigFile) -> list[Acknowledgement]:
    """The acknowledgements of a configuration file, from its checked `values`: `acknowledge` for every path,
    `acknowledge_per_path` per glob (relative to the file's folder), each located at its code."""
    base = os.path.abspath(config.path.parent)
    per_path = values.get("acknowledge_per_path", {})
    listed = [(("acknowledge",), "*", values.get("acknowledge", []))]
    listed += [(("acknowledge_per_path", glob), glob, found) for glob, found in per_path.items()]
    acknowledgements = []
    for key, pattern, found in listed:
        label = config.key_name(key[:1]) + (f".{json.dumps(pattern)}" if len(key) > 1 else "")
        for index, code in enumerate(found):
            line, column = config.positions.value((*config.prefix, *key, index))
            ack = Acknowledgement(code, config.shown, line, column, label, pattern=pattern, base=base)
            acknowledgements.append(ack)
    return acknowledgements
