"""Where the built-in templates are: inside the installed wheel, or at the top of a source checkout."""

from __future__ import annotations

from pathlib import Path

PACKAGE_TEMPLATES = Path(__file__).parent / "templates"  # inside an installed wheel
REPO_TEMPLATES = Path(__file__).parent.parent / "templates"  # in a source checkout


def builtin_template_root() -> Path:
    return PACKAGE_TEMPLATES if PACKAGE_TEMPLATES.is_dir() else REPO_TEMPLATES
