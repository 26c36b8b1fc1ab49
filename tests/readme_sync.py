"""Keep docs/example.md (the seed spec in every language, linked from the README) equal to the committed files.

`python -m tests.readme_sync` rewrites the section; tests/test_readme.py fails when it is stale.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
EXAMPLE = REPO / "docs" / "example.md"
BEGIN, END = "<!-- BEGIN clear_context examples (python -m tests.readme_sync) -->", "<!-- END clear_context examples -->"
FENCES = {".ts": "ts", ".py": "python", ".go": "go", ".cs": "csharp", ".java": "java", ".rs": "rust"}
LABELS = {
    "nodejs": "Node.js / TypeScript",
    "python": "Python",
    "go": "Go",
    "dotnet": ".NET (C#) — syntax- and structure-checked only: GitHub.Copilot.SDK cannot be restored on this machine kind",
    "java": "Java",
    "rust": "Rust",
}


def clear_context_files() -> list[tuple[str, Path]]:
    """(target, file) for the file each target generates from specs/clear_context.yaml."""
    found = []
    for target in LABELS:
        for path in sorted((REPO / "generated" / target).rglob("*")):
            if path.is_file() and "specs/clear_context.yaml" in path.read_text("utf-8")[:512]:
                found.append((target, path))
    return found


def section() -> str:
    parts = [BEGIN, "", "What `toolgen generate` writes for that spec (the committed files under `generated/`):", ""]
    for target, path in clear_context_files():
        text = path.read_text("utf-8").rstrip("\n")
        relative = path.relative_to(REPO).as_posix()  # shown as the repository path
        parts += [f"<details><summary><b>{LABELS[target]}</b>: <code>{relative}</code></summary>", ""]
        parts += [f"```{FENCES[path.suffix]}", text, "```", "", "</details>", ""]
    parts.append(END)
    return "\n".join(parts)


def updated_readme() -> str:
    """docs/example.md with its generated section rewritten (the name is historical: the section was the README's)."""
    text = EXAMPLE.read_text("utf-8")
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: section(), text)
    return text.replace("<!-- GENERATED-EXAMPLES -->", section())


if __name__ == "__main__":
    new = updated_readme()
    if new != EXAMPLE.read_text("utf-8"):
        EXAMPLE.write_text(new, encoding="utf-8")
        print("docs/example.md updated")
    sys.exit(0)
