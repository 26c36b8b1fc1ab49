"""The generated TypeScript against the real published SDK: prettier-clean, compiles strictly, wire JSON = spec.

Packages come from tests/sdk/nodejs/package-lock.json (exact pins: @github/copilot-sdk 1.0.14, zod 4.3.6,
typescript, prettier, @types/node) and are installed once into `support.CACHE / "nodejs"`, again only when the
lock changes. Outside CI a missing node/npm skips these tests; in CI it fails them.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import handler_calls, support
from tests.nodejs_random_specs import write_random_specs

pytestmark = pytest.mark.sdk

HARNESS = Path(__file__).resolve().parent / "sdk" / "nodejs"
HARNESS_FILES = ("package.json", "tsconfig.json", "dump_wire.ts")
MIN_NODE = (20, 19)  # the SDK's engines field: ^20.19.0 || >=22.12.0
# Random specs compiled alongside the real ones: long names, odd keys and strings stress layout and escaping.
RANDOM_SEED, RANDOM_COUNT = 20240611, 40


def _run(
    command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int = 600
) -> str:
    result = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} exited {result.returncode}\n--- stdout\n{result.stdout[-20000:]}\n"
        f"--- stderr\n{result.stderr[-20000:]}"
    )
    return result.stdout


def _node_version(node: str) -> tuple[int, ...]:
    text = (
        subprocess.run([node, "--version"], capture_output=True, text=True)
        .stdout.strip()
        .lstrip("v")
    )
    return tuple(int(part) for part in text.split(".")[:2])


def _lock_digest() -> str:
    digest = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        digest.update((HARNESS / name).read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="module")
def node_modules() -> Path:
    return install_harness()


def install_harness() -> Path:
    """The harness's packages, installed from the committed lock into the cache (reinstalled when it changes);
    the start-up benchmark (bench/startup.py) runs on them too.

    `npm ci` refuses this lock: the SDK lists optional per-platform packages that the registry does not serve for
    every platform, so the lock cannot name them all. `npm install` with the committed lock installs exactly the
    locked versions; the test then checks the lock was left untouched, which is what `npm ci` would guarantee.
    Optional packages (the SDK's bundled CLI binaries) are omitted: building tools and reading their wire JSON
    never starts a CLI.
    """
    node = support.require_executable("node")
    support.require_executable("npm")
    support.require(
        _node_version(node) >= MIN_NODE, f"node >= {MIN_NODE[0]}.{MIN_NODE[1]} is required"
    )
    root = support.CACHE / "nodejs"
    install = root / "harness"
    install.mkdir(parents=True, exist_ok=True)
    digest = _lock_digest()
    stamp = install / ".lock-digest"
    with open(root / ".install.lock", "w") as guard:
        fcntl.flock(guard, fcntl.LOCK_EX)  # pytest-xdist workers share the cache
        if not (
            stamp.exists() and stamp.read_text() == digest and (install / "node_modules").is_dir()
        ):
            shutil.rmtree(install / "node_modules", ignore_errors=True)
            stamp.unlink(missing_ok=True)
            for name in ("package.json", "package-lock.json"):
                shutil.copyfile(HARNESS / name, install / name)
            env = {
                **os.environ,
                "npm_config_cache": str(root / "npm-cache"),
                "npm_config_update_notifier": "false",
            }
            _run(
                [
                    "npm",
                    "install",
                    "--ignore-scripts",
                    "--omit=optional",
                    "--no-audit",
                    "--no-fund",
                    "--no-save",
                ],
                install,
                env,
            )
            assert (install / "package-lock.json").read_bytes() == (
                HARNESS / "package-lock.json"
            ).read_bytes(), "npm changed the lock: regenerate tests/sdk/nodejs/package-lock.json with npm install"
            stamp.write_text(digest)
    return install / "node_modules"


@pytest.fixture(scope="module")
def spec_dirs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    random_dir = write_random_specs(
        tmp_path_factory.mktemp("random-specs"), RANDOM_SEED, RANDOM_COUNT
    )
    return [*support.sdk_spec_dirs(), random_dir]


@pytest.fixture(scope="module")
def project(
    tmp_path_factory: pytest.TempPathFactory, node_modules: Path, spec_dirs: list[Path]
) -> Path:
    """specs/, tests/edge_specs/ and the random specs generated into a scratch project linking the cached
    node_modules."""
    root = tmp_path_factory.mktemp("nodejs-sdk")
    support.write_outputs("nodejs", root / "generated", spec_dirs)
    for name in HARNESS_FILES:
        shutil.copyfile(HARNESS / name, root / name)
    (root / "node_modules").symlink_to(node_modules, target_is_directory=True)
    return root


@pytest.fixture(scope="module")
def compiled(project: Path, node_modules: Path) -> Path:
    _run(["node", str(node_modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], project)
    return project / "build"


@pytest.fixture(scope="module")
def dumped(compiled: Path) -> dict:
    return _dump(compiled.parent)


def _dump(project: Path) -> dict:
    """Run the compiled harness in `project`, with the handler-parity calls it reads."""
    calls = [{"tool": tool, "arguments": arguments} for tool, arguments in handler_calls.CALLS]
    (project / "handler_calls.json").write_text(json.dumps(calls), "utf-8")
    return json.loads(_run(["node", str(project / "build" / "dump_wire.js")], project))


def test_generated_code_is_prettier_formatted(project: Path, node_modules: Path) -> None:
    prettier = node_modules / "prettier" / "bin" / "prettier.cjs"
    _run(
        ["node", str(prettier), "--no-config", "--no-editorconfig", "--check", "generated/nodejs"],
        project,
    )


def test_compiles_strictly_against_the_sdk(compiled: Path) -> None:
    assert (compiled / "generated" / "nodejs" / "index.js").is_file()


def test_wire_json_equals_the_specs(dumped: dict, spec_dirs: list[Path]) -> None:
    support.assert_wire_matches(dumped["wire"], spec_dirs, sdk="nodejs")


def test_typed_handler_receives_parsed_arguments(dumped: dict) -> None:
    invocations = dumped["invocations"]
    assert invocations["clearContextValid"] == {
        "ok": {"prompt": "fresh start", "keys": ["prompt"], "tool": "clear_context"}
    }
    assert invocations["clearContextInvalid"] == {"error": "ZodError"}
    assert invocations["searchFilesDefaults"] == {
        "ok": {"query": "TODO", "maxResults": 50, "caseSensitive": False}
    }
    assert invocations["ping"] == {"ok": "pong from ping"}


def test_a_template_override_compiles_and_declares_the_same_tools(
    tmp_path: Path, node_modules: Path, spec_dirs: list[Path]
) -> None:
    """tests/override_templates/nodejs: tool.ts.j2 rewritten from its variables with a comment above the factory;
    it still compiles strictly against the SDK and every tool's wire declaration is unchanged."""
    root = tmp_path / "override"
    generated = support.write_outputs("nodejs", root / "generated", spec_dirs, support.OVERRIDE_TEMPLATES)
    text = (generated / "clear_context.ts").read_text()
    comment = "// Registered by our plugin loader (added by a custom template).\n/**"  # above the factory's doc
    assert text.count(comment) == 1 and text.index(comment) < text.index("export function clearContextTool(")
    for name in HARNESS_FILES:
        shutil.copyfile(HARNESS / name, root / name)
    (root / "node_modules").symlink_to(node_modules, target_is_directory=True)
    _run(["node", str(node_modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], root)
    support.assert_wire_matches(_dump(root)["wire"], spec_dirs)


def test_handlers_receive_what_every_sdk_hands_over(dumped: dict) -> None:
    """The shared handler-parity calls (tests/handler_calls.py): each typed handler answers with the arguments
    zod handed it (defaults applied)."""
    answers = dumped["handled"]
    assert all("ok" in answer for answer in answers), answers
    handler_calls.record(
        "nodejs",
        {handler_calls.key(*call): answer["ok"] for call, answer in zip(handler_calls.CALLS, answers, strict=True)},
        tells_null_from_absent=True,  # zod's output has no key for a left-out property; JSON.stringify keeps null
    )


def test_all_tools_builds_every_tool_from_its_handler(dumped: dict, spec_dirs: list[Path]) -> None:
    via_all_tools = dumped["allTools"]
    assert via_all_tools["order"] == list(support.expected_wires(spec_dirs))  # spec path order
    assert via_all_tools["wire"] == dumped["wire"]
    # each tool calls the member named after it (the Proxy's handlers answer with their member's name)
    assert via_all_tools["answers"] == {"clear_context": "clearContext", "ping": "ping"}


HANDLERS_CONSUMER = """\
// ToolHandlers as a user writes it: the full set compiles, an object that lacks a tool does not.
import { allTools, type ToolHandlers } from "./generated/nodejs/index.js";

const answer = () => "ok";
export const handlers: ToolHandlers = {
  clearContext: ({ prompt }) => `cleared; seeded with ${prompt}`,
  createIssue: (params) => params.title,
  currentTime: (invocation) => invocation.toolName,
  queryDatabase: answer,
  searchFiles: answer,
  updatePlan: answer,
  webFetch: answer,
};
export const tools = allTools(handlers);

// @ts-expect-error -- currentTime and the others are missing
export const incomplete: ToolHandlers = { clearContext: answer };
export const wrong: ToolHandlers = {
  ...handlers,
  // @ts-expect-error -- a clear_context handler receives ClearContextParams, which has no title
  clearContext: (params) => params.title,
};
"""


def test_tool_handlers_without_one_handler_does_not_compile(tmp_path: Path, node_modules: Path) -> None:
    """tsc --strict accepts a complete ToolHandlers and rejects an incomplete one (an unused @ts-expect-error
    is itself an error, so the check fails if the interface stopped requiring its members)."""
    support.write_outputs("nodejs", tmp_path / "generated", [support.SPECS])
    (tmp_path / "consumer.ts").write_text(HANDLERS_CONSUMER, encoding="utf-8")
    for name in ("package.json", "tsconfig.json"):
        shutil.copyfile(HARNESS / name, tmp_path / name)
    config = json.loads((HARNESS / "tsconfig.json").read_text())
    config["include"] = ["generated/nodejs/**/*.ts", "consumer.ts"]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    (tmp_path / "node_modules").symlink_to(node_modules, target_is_directory=True)
    _run(["node", str(node_modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json", "--noEmit"], tmp_path)
