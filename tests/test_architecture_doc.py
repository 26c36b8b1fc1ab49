"""docs/architecture.md has one line for every module of codegen/, with its true length, and none for a module that
is gone; no module is longer than a newcomer can read in one sitting (issue 19)."""

from __future__ import annotations

import ast
import re

import pytest

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


# -- the shape of the house (issue #26) ---------------------------------------------------------------------------

MAX_TOP_LEVEL_ENTRIES = 14
MAX_CODEGEN_LINES = 17_500
LANGUAGES = {"nodejs", "python", "go", "dotnet", "java", "rust"}


def test_codegen_has_few_top_level_entries():
    entries = sorted(p.name for p in (REPO / "codegen").iterdir() if p.name != "__pycache__")
    assert len(entries) <= MAX_TOP_LEVEL_ENTRIES, entries


def test_every_language_has_its_folder():
    folders = {p.name for p in (REPO / "codegen" / "targets").iterdir() if (p / "target.py").is_file()}
    assert LANGUAGES <= folders, sorted(LANGUAGES - folders)
    assert folders - LANGUAGES == {"json"}, sorted(folders)


@pytest.mark.xfail(strict=True, reason="issue #26: the House step is under way")
def test_codegen_fits_its_line_budget():
    total = sum(_modules().values())
    assert total <= MAX_CODEGEN_LINES, f"codegen/ has {total} lines"


def _import_graph() -> dict[str, set[str]]:
    """Every module of codegen/ → the modules of codegen/ it imports, wherever the import stands (a function body or
    a TYPE_CHECKING block counts: a cycle there is still two modules that need each other)."""
    root = REPO / "codegen"
    modules = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        modules[name] = (path, name if is_package else name.rsplit(".", 1)[0])
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, package) in modules.items():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - max(node.level - 1, 0)] if node.level else []
                target = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module or ""
                for alias in node.names:
                    found = f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules else target
                    if found in modules and found != name:
                        graph[name].add(found)
            elif isinstance(node, ast.Import):
                graph[name].update(alias.name for alias in node.names if alias.name in modules)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles():
    assert _cycles(_import_graph()) == []


def test_every_declared_dependency_is_imported():
    """No user installs a library toolgen never imports (issue #26: datamodel-code-generator was one)."""
    import tomllib

    declared = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["dependencies"]
    source = "\n".join(path.read_text("utf-8") for path in (REPO / "codegen").rglob("*.py"))
    import_names = {"PyYAML": "yaml"}
    unused = []
    for requirement in declared:
        name = re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0]
        module = import_names.get(name, name.replace("-", "_"))
        if not re.search(rf"^\s*(?:import|from) {re.escape(module)}\b", source, flags=re.M):
            unused.append(name)
    assert unused == []
