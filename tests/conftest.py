import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# The suite must not fill the user's real toolgen cache; subprocesses inherit this too.
import os  # noqa: E402

os.environ.setdefault(
    "TOOLGEN_CACHE_DIR",
    str(Path(os.environ.get("TOOLGEN_TEST_CACHE", Path.home() / ".cache" / "toolgen-tests")) / "toolgen-cache"),
)
