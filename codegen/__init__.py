"""toolgen: one YAML spec per tool → GitHub Copilot SDK tool definitions for six languages.

The Python API is `codegen.generate(specs=..., out=..., targets=..., options=..., templates=..., check=False)`;
see `codegen.run.generate.generate`. It is imported on first use, so `import codegen` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "generate":  # the submodule is callable: codegen.generate(...) runs generate.generate(...)
        return importlib.import_module(".run.generate", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
