"""Jinja2 environments: one per target, templates compiled once, user overrides in front of the built-ins.

A custom templates folder is laid out like `templates/`: `<folder>/<target>/<name>.j2` replaces the built-in
template of that name and every other template is inherited. The built-ins stay reachable as `builtin/<name>.j2`,
so an override can `{% include "builtin/tool.py.j2" %}` and add to it. Mistakes in a user's templates (syntax,
an undefined variable, a misplaced file) are reported as located errors; a built-in template's error is a bug and
keeps its traceback.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import cache
from pathlib import Path
from types import TracebackType

import jinja2

from ..errors import ConfigError, Diagnostic, did_you_mean
from ..layout import markup
from ..layout.doc import Style
from ..config.template_paths import builtin_template_root
from ..review import warning_codes as codes

BUILTIN_PREFIX = "builtin"
TEMPLATE_SUFFIX = ".j2"


# How every environment compiles templates; part of where compiled templates are kept, so a change never meets
# code compiled with other settings.
_SETTINGS = dict(
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    autoescape=False,
)


@cache
def environment(target: str, override_root: str | None = None) -> jinja2.Environment:
    """The environment for `target`; `override_root/<target>/` (if given) wins over the built-in folder."""
    builtin = jinja2.FileSystemLoader(str(builtin_template_root() / target))
    loaders: list[jinja2.BaseLoader] = []
    if override_root:
        loaders.append(jinja2.FileSystemLoader(str(Path(override_root) / target)))
    loaders += [builtin, jinja2.PrefixLoader({BUILTIN_PREFIX: builtin})]
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders), bytecode_cache=_compiled_templates(), **_SETTINGS
    )
    from . import get_target

    env.globals.update(markup.MACROS)
    env.globals.update(get_target(target).layout_macros())
    return env


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """Jinja's own cache of compiled templates, in toolgen's cache folder: compiling the templates is a fifth of a
    run that remakes one tool's files. Jinja checks each entry against its template's source."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        from ..cache.store import writable

        if not writable():
            return  # a command that writes nothing (codegen.cachestore.read_only)
        try:
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)
        except OSError:
            pass  # a cache that cannot be written only makes the next run compile again


@cache
def _compiled_templates() -> jinja2.BytecodeCache | None:
    from ..cache.store import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    settings = repr((jinja2.__version__, sorted(_SETTINGS.items()))).encode("utf-8")
    return _CompiledTemplates(str(folder / "templates" / hashlib.sha256(settings).hexdigest()[:16]))


def render(
    target: str, template: str, context: dict, override_root: str | None = None, style: Style | None = None
) -> str:
    """The template's text, with the documents it placed laid out in the target's `style` (layout.markup)."""
    try:
        with markup.collecting() as placed:
            text = environment(target, override_root).get_template(template).render(**context)
        if placed:
            if style is None:
                raise AssertionError(f"{target}/{template} placed documents, but the target has no layout style")
            text = markup.lay_out(text, placed, style)
        return text
    except jinja2.TemplateSyntaxError as exc:
        if not _is_user_template(exc.filename, override_root):
            raise
        raise ConfigError(
            [
                Diagnostic(
                    shown_path(exc.filename),
                    exc.lineno or 1,
                    1,
                    f"template syntax error: {exc.message}",
                )
            ]
        ) from None
    except (
        Exception
    ) as exc:  # noqa: BLE001 - only errors raised inside a user's template are reported
        located = _user_frame(exc.__traceback__, override_root)
        if located is None:
            raise
        file, line = located
        message = _describe(exc)
        if isinstance(exc, jinja2.UndefinedError):
            message = _with_available(message, target, template, context)
        raise ConfigError([Diagnostic(file, line, 1, f"template error: {message}")]) from None


def user_template(target: str, template: str, override_root: str | None) -> Path | None:
    """The user's file that overrides `template` of `target`, if there is one."""
    if not override_root:
        return None
    path = Path(override_root) / target / template
    return path if path.is_file() else None


def has_overrides(target: str, override_root: str | None) -> bool:
    """Whether `override_root` holds any template for `target` (an override, or a template an override includes)."""
    if not override_root:
        return False
    folder = Path(override_root) / target
    return folder.is_dir() and any(folder.rglob(f"*{TEMPLATE_SUFFIX}"))


def builtin_templates(target: str) -> list[str]:
    folder = builtin_template_root() / target
    return (
        sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMPLATE_SUFFIX))
        if folder.is_dir()
        else []
    )


def check_overrides(
    override_root: str, targets: list[str], known: list[str] | None = None
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(errors, warnings) about a custom templates folder used for `targets`: anything in it that is neither a
    folder nor a regular file, and folders that are no target of `known` (default: `targets`), are errors (their
    templates would silently never be used); a template of one of `targets` that overrides no built-in one is a
    warning (it may be a macro file that an override includes)."""
    errors: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    root = Path(override_root)
    folders = known if known is not None else targets
    for path in sorted(root.rglob("*")):  # Jinja would open a named pipe and wait for ever
        if not (path.is_dir() or path.is_file()):
            errors.append(Diagnostic(shown_path(path), 1, 1, "is not a regular file; toolgen reads only those"))
    for entry in sorted(root.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir() and entry.name not in folders:
            hint = did_you_mean(entry.name, folders)
            errors.append(
                Diagnostic(
                    shown_path(entry), 1, 1,
                    f"not a target folder{hint}; custom templates go in <folder>/<target>/ with target one of "
                    f"{', '.join(folders)}",
                )  # fmt: skip
            )
        elif entry.is_file() and entry.name.endswith(TEMPLATE_SUFFIX):
            errors.append(
                Diagnostic(
                    shown_path(entry), 1, 1,
                    "custom templates go in a folder per target, e.g. python/tool.py.j2, not at the top",
                )  # fmt: skip
            )
    for target in targets:
        folder = root / target
        if not folder.is_dir():
            continue
        builtins = builtin_templates(target)
        for path in sorted(folder.rglob(f"*{TEMPLATE_SUFFIX}")):
            name = path.relative_to(folder).as_posix()
            if name not in builtins:
                warnings.append(
                    Diagnostic(
                        shown_path(path), 1, 1,
                        f"overrides no built-in {target} template{did_you_mean(name, builtins)} (they are "
                        f"{', '.join(builtins)}); it is used only where another template includes it",
                        "warning", codes.TEMPLATE_UNUSED,
                    )  # fmt: skip
                )
    return errors, warnings


def shown_path(path: str | os.PathLike[str] | None) -> str:
    if path is None:
        return "<template>"
    try:
        return Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def _is_user_template(filename: str | None, override_root: str | None) -> bool:
    if not filename or not override_root:
        return False
    try:
        Path(filename).resolve().relative_to(Path(override_root).resolve())
    except ValueError:
        return False
    return True


def _user_frame(
    traceback: TracebackType | None, override_root: str | None
) -> tuple[str, int] | None:
    """The innermost traceback frame that runs a user's template (jinja2 maps those frames to template lines)."""
    found = None
    while traceback is not None:
        filename = traceback.tb_frame.f_code.co_filename
        if _is_user_template(filename, override_root):
            found = (shown_path(filename), traceback.tb_lineno)
        traceback = traceback.tb_next
    return found


def _with_available(message: str, target: str, template: str, context: dict) -> str:
    """An undefined name's message with the names the template does receive (and the one probably meant)."""
    names = sorted(context)
    missing = re.fullmatch(r"'(.+)' is undefined", message)
    hint = did_you_mean(missing.group(1), names) if missing else ""
    return (
        f"{message}{hint}; {template} receives {', '.join(names)} "
        f"(`toolgen templates {target}` says what each is)"
    )


def _describe(exc: Exception) -> str:
    if isinstance(exc, jinja2.UndefinedError):
        return str(exc.message)
    return f"{type(exc).__name__}: {exc}"
