"""Where the built-in templates are: inside the installed wheel, or at the top of a source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # codegen/, this module being in codegen/config/
PACKAGE_TEMPLATES = _PACKAGE / "templates"  # inside an installed wheel
REPO_TEMPLATES = _PACKAGE.parent / "templates"  # in a source checkout


def builtin_template_root() -> Path:
    return PACKAGE_TEMPLATES if PACKAGE_TEMPLATES.is_dir() else REPO_TEMPLATES
