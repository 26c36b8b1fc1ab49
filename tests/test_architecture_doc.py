"""docs/architecture.md has one line for every module of codegen/, and none for a module that is gone."""

from __future__ import annotations

import re

from .support import REPO


def test_every_module_has_its_line():
    doc = (REPO / "docs" / "architecture.md").read_text("utf-8")
    listed = set(re.findall(r"^\| `([\w/]+\.py)` \|", doc, flags=re.M))
    modules = {path.relative_to(REPO / "codegen").as_posix() for path in (REPO / "codegen").rglob("*.py")}
    assert sorted(modules - listed) == [], "modules without a line in docs/architecture.md"
    assert sorted(listed - modules) == [], "lines for modules that do not exist"
