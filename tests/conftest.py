import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# The suite must not fill the user's real toolgen cache; subprocesses inherit this too.
import os  # noqa: E402

os.environ.setdefault(
    "TOOLGEN_CACHE_DIR",
    str(Path(os.environ.get("TOOLGEN_TEST_CACHE", Path.home() / ".cache" / "toolgen-tests")) / "toolgen-cache"),
)


# The real-SDK harnesses are what proves the generated code against the published SDKs: list every one of them by
# name and outcome at the end of the run, so the CI log shows which ran (pytest -q prints only dots).
_SDK_OUTCOMES: dict[str, str] = {}


def pytest_runtest_logreport(report):
    if "sdk" not in report.keywords:
        return
    if report.when == "call" or report.outcome != "passed":
        outcome = "XFAIL" if hasattr(report, "wasxfail") else report.outcome.upper()
        _SDK_OUTCOMES.setdefault(report.nodeid, outcome)


def pytest_terminal_summary(terminalreporter):
    if _SDK_OUTCOMES:
        terminalreporter.section("real-SDK harnesses")
        for nodeid, outcome in sorted(_SDK_OUTCOMES.items()):
            terminalreporter.write_line(f"{outcome:8} {nodeid}")



# Under pytest-xdist (`-n auto` in pyproject.toml), each test file runs whole in one worker, so its module fixtures
# are built once. Files that share state outside the test's own folder run in one scope: the real-SDK harnesses
# (they fill the wire and handler-parity records tests/test_wire_parity.py compares, in file order, and share
# toolchain caches), and the two files that drive the real pre-commit (its cache and hook repository). The scheduler
# is made here because xdist's `--dist loadgroup` marks did not keep a group in one worker with xdist 3.8 and
# pytest 9.2 (a marked file's tests were still split across workers).
_REAL_SDK_FILES = {
    "tests/test_options.py", "tests/test_readme_guide.py", "tests/test_sdk_go.py", "tests/test_sdk_java.py",
    "tests/test_sdk_nodejs.py", "tests/test_sdk_python.py", "tests/test_sdk_rust.py", "tests/test_wire_parity.py",
}  # fmt: skip
_PRE_COMMIT_FILES = {"tests/test_precommit.py", "tests/test_readme_snippets.py"}


def scope_of(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    if path in _REAL_SDK_FILES:
        return "real-sdk"
    return "pre-commit" if path in _PRE_COMMIT_FILES else path


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class FileScopes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    return FileScopes(config, log)
