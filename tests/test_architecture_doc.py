"""docs/architecture.md has one line for every module of codegen/, with its true length, and none for a module that
is gone; no module is longer than a newcomer can read in one sitting (issue 19)."""

from __future__ import annotations

import re

from .support import REPO

MAX_MODULE_LINES = 600
ROW = re.compile(r"^\| `([\w/]+\.py)` \| (\d+) \|", flags=re.M)


def _modules() -> dict[str, int]:
    root = REPO / "codegen"
    return {
        path.relative_to(root).as_posix(): len(path.read_text("utf-8").splitlines()) for path in root.rglob("*.py")
    }


def test_every_module_has_its_line_with_its_length():
    rows = {name: int(lines) for name, lines in ROW.findall((REPO / "docs" / "architecture.md").read_text("utf-8"))}
    modules = _modules()
    assert sorted(modules.keys() - rows.keys()) == [], "modules without a line in docs/architecture.md"
    assert sorted(rows.keys() - modules.keys()) == [], "lines for modules that do not exist"
    wrong = {name: (rows[name], lines) for name, lines in modules.items() if rows[name] != lines}
    assert wrong == {}, "docs/architecture.md's line counts (listed, real)"


def test_no_module_is_over_the_limit():
    long = {name: lines for name, lines in _modules().items() if lines > MAX_MODULE_LINES}
    assert long == {}, f"modules over {MAX_MODULE_LINES} lines"
