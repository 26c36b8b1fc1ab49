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


# Under pytest-xdist (`-n auto --dist loadgroup`, pyproject.toml), each test file runs whole in one worker, so
# its module fixtures are built once. Files that share state outside the test's own folder run in one group:
# the real-SDK harnesses (they fill the wire and handler-parity records tests/test_wire_parity.py compares, in
# file order, and share toolchain caches), and the two files that drive the real pre-commit (its cache).
_SHARED_GROUPS = {"tests.test_precommit": "pre-commit", "tests.test_readme_snippets": "pre-commit"}


def pytest_collection_modifyitems(config, items):
    import pytest

    for item in items:
        module = item.module.__name__
        group = "real-sdk" if item.get_closest_marker("sdk") else _SHARED_GROUPS.get(module, module)
        item.add_marker(pytest.mark.xdist_group(group))
