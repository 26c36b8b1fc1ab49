"""black over generated Python, spread over the cores for the many files of a first run.

black runs only where toolgen's own layout cannot vouch for its output (custom templates, a statement the layout
does not handle, an unverified black): each file is independent and pure CPU, so many at once run in a process
pool. Its results are not cached here: the finished files that contain them are (codegen.run.incremental), and a cache
of black's own answers saved under 20 % in every measured scenario (docs/decisions.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cache import forkpool

# The one description of the mode toolgen formats generated Python with: black's defaults (line length 88, string
# normalization, magic trailing commas) targeting Python 3.11.
BLACK_TARGET_VERSIONS = ("PY311",)
POOL_MIN_FILES = 48  # below this a pool's start-up (~0.1 s with fork, ~0.4 s with spawn) is not worth it


def black_mode() -> Any:
    import black

    return black.Mode(target_versions={black.TargetVersion[name] for name in BLACK_TARGET_VERSIONS})


def format_python(texts: Sequence[str]) -> list[str]:
    """`black.format_str(text, mode=black_mode())` for each text; in a process pool when there are many."""
    import black

    texts = list(texts)
    pooled = forkpool.run(_format_one, texts, forkpool.workers_for(len(texts), POOL_MIN_FILES), fork_only=False)
    if pooled is not None:
        return pooled
    mode = black_mode()
    return [black.format_str(text, mode=mode) for text in texts]


def _format_one(text: str) -> str:
    import black

    return black.format_str(text, mode=black_mode())
