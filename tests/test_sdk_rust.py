"""Real SDK (design §5.3): the generated Rust folder builds against the published `github-copilot-sdk` crate
with `#![deny(warnings)]`, every tool's wire JSON equals the spec's, and typed handlers get decoded arguments.

The harness is a cargo project under the test cache (TOOLGEN_TEST_CACHE/rust/project) made from
tests/sdk/rust/ (Cargo.toml, Cargo.lock, lib.rs, main.rs) with the generated folder as src/generated/, a module
of the library crate that main.rs uses. The same build then runs rustdoc's linters on the folder (issue "Idioms"):
`cargo doc` with warnings denied and `cargo test --doc`, which must find no doc-test in any description. Its target
folder stays in the cache too, so only the first build is cold (about four minutes on two cores, most of
it compiling the SDK crate itself); later builds take seconds. Crates come from crates.io into the default
CARGO_HOME. COPILOT_SKIP_CLI_DOWNLOAD keeps the SDK's build script from downloading the Copilot CLI.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from codegen.run.generate import load_tools
from codegen.targets import Reporter
from codegen.targets.rust.names import plan_tool_names

from . import handler_calls
from .support import (
    CACHE,
    OVERRIDE_TEMPLATES,
    REPO,
    sdk_spec_dirs,
    assert_wire_matches,
    expected_wires,
    require,
    require_executable,
    write_outputs,
)

pytestmark = pytest.mark.sdk

HARNESS = REPO / "tests" / "sdk" / "rust"
PROJECT = CACHE / "rust" / "project"
TARGET_DIR = CACHE / "rust" / "target"
BINARY = "toolgen-rust-harness"
TOOLS_MARKER = "        // TOOLS"
HANDLERS_MARKER = "        // HANDLERS"
BUILD_TIMEOUT = 1800  # seconds; a cold build takes about four minutes on two cores
# The README's usage built as a user's binary with RUSTFLAGS=-Dwarnings: its own project and target folder, since
# RUSTFLAGS is part of every crate's fingerprint (sharing TARGET_DIR would rebuild the SDK crate on every switch).
DENY_PROJECT = CACHE / "rust" / "deny-warnings" / "project"
DENY_TARGET_DIR = CACHE / "rust" / "deny-warnings" / "target"
# A binary whose only tool takes no parameters, used the way the README uses its tool: through `all`.
NO_PARAMETERS_MAIN = """\
#[path = "../generated/rust/mod.rs"]
mod tools;

use github_copilot_sdk::ToolResult;

fn main() {
    let handlers = tools::ToolHandlers {
        ping: Box::new(|_invocation| Box::pin(async { Ok(ToolResult::Text(String::new())) })),
    };
    let _ = tools::all(handlers);
}
"""


def _tool_calls() -> str:
    """One `every_tool()` entry per tool: the factory with a handler that answers with its params as JSON (an
    empty text without parameters).

    Handlers with parameters name the type through mod.rs's re-export, so the harness uses every re-export.
    """
    tools, _ = load_tools(sdk_spec_dirs())  # what write_outputs generates
    lines = []
    for names in plan_tool_names(tools, Reporter()):
        arguments = (
            f"|_params: generated::{names.params}, _invocation|"
            if names.params
            else "|_invocation|"
        )
        answer = (
            'serde_json::to_string(&params).expect("params serialize")' if names.params else "String::new()"
        )
        if names.params:
            arguments = arguments.replace("|_params:", "|params:")
        lines.append(
            f"        generated::{names.factory}({arguments} async move {{ Ok(ToolResult::Text({answer})) }}),"
        )
    return "\n".join(lines)


def _handler_fields() -> str:
    """One `ToolHandlers` field per tool: a boxed handler that answers with the field's name."""
    tools, _ = load_tools(sdk_spec_dirs())  # what write_outputs generates
    lines = []
    for names in plan_tool_names(tools, Reporter()):
        arguments = "|_params, _invocation|" if names.params else "|_invocation|"
        answer = f'Ok(ToolResult::Text("{names.module}".to_string()))'
        lines.append(f"        {names.module}: Box::new({arguments} Box::pin(async move {{ {answer} }})),")
    return "\n".join(lines)


def _prepare_project(generated: Path) -> None:
    (PROJECT / "src").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HARNESS / "Cargo.toml", PROJECT / "Cargo.toml")
    shutil.copyfile(HARNESS / "Cargo.lock", PROJECT / "Cargo.lock")
    main = (HARNESS / "main.rs").read_text("utf-8")
    assert TOOLS_MARKER in main
    assert HANDLERS_MARKER in main
    main = main.replace(TOOLS_MARKER, _tool_calls()).replace(HANDLERS_MARKER, _handler_fields())
    (PROJECT / "src" / "main.rs").write_text(main, "utf-8")
    shutil.copyfile(HARNESS / "lib.rs", PROJECT / "src" / "lib.rs")
    shutil.rmtree(PROJECT / "src" / "generated", ignore_errors=True)
    shutil.copytree(generated, PROJECT / "src" / "generated")


@contextlib.contextmanager
def _project_lock() -> Iterator[None]:
    """One harness build at a time: pytest-xdist workers share the project and target folders."""
    PROJECT.parent.mkdir(parents=True, exist_ok=True)
    with open(PROJECT.parent / ".harness.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="module")
def harness_output(tmp_path_factory) -> dict[str, Any]:
    cargo = require_executable("cargo")
    generated = write_outputs("rust", tmp_path_factory.mktemp("rust"))
    with _project_lock():
        return _build_and_run(cargo, generated, lint=True)


def _build_and_run(cargo: str, generated: Path, lint: bool = False) -> dict[str, Any]:
    _prepare_project(generated)
    env = {**os.environ, "COPILOT_SKIP_CLI_DOWNLOAD": "1", "CARGO_TARGET_DIR": str(TARGET_DIR)}
    # main.rs denies warnings itself; flags from outside would only rebuild every cached crate.
    env.pop("RUSTFLAGS", None)
    try:
        build = subprocess.run(
            [cargo, "build", "--locked", "--quiet"],
            cwd=PROJECT,
            env=env,
            capture_output=True,
            text=True,
            timeout=BUILD_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"cargo build took longer than {BUILD_TIMEOUT} s")
    unreachable = "failed to get" in build.stderr or "failed to download" in build.stderr
    require(not unreachable, "crates.io is not reachable to fetch the Rust SDK crate")
    assert build.returncode == 0, f"cargo build failed:\n{build.stderr[-20000:]}"
    calls = [{"tool": tool, "arguments": arguments} for tool, arguments in handler_calls.CALLS]
    run = subprocess.run(
        [TARGET_DIR / "debug" / BINARY],
        env=env,
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-5000:]
    output = json.loads(run.stdout)
    if lint:
        output["lint"] = _lint(cargo, env)
    return output


def _lint(cargo: str, env: dict[str, str]) -> dict[str, Any]:
    """rustdoc over the library crate just built: `cargo doc` (its lints as errors) and `cargo test --doc`."""
    results: dict[str, Any] = {}
    commands = {
        "doc": ([cargo, "doc", "--no-deps", "--lib", "--locked"], {"RUSTDOCFLAGS": "-D warnings"}),
        "doctest": ([cargo, "test", "--doc", "--locked"], {}),
    }
    for name, (command, extra) in commands.items():
        started = time.monotonic()
        done = subprocess.run(
            command, cwd=PROJECT, env={**env, **extra}, capture_output=True, text=True, timeout=BUILD_TIMEOUT
        )
        results[name] = {
            "returncode": done.returncode,
            "output": done.stdout + done.stderr,
            "seconds": round(time.monotonic() - started, 1),
        }
    return results


def test_every_tool_sends_the_specs_wire_declaration(harness_output):
    assert_wire_matches(harness_output["wire"], sdk="rust")


def test_wire_parameters_keep_exact_strings_and_big_integers(harness_output):
    wire = harness_output["wire"]
    hostile = wire["hostile_strings"]
    assert "\u202e" in hostile["description"] and "\u0000" in hostile["description"]
    assert hostile["parameters"]["properties"]["mode"]["enum"][2] == "e\nf"
    assert (
        wire["defaults"]["parameters"]["properties"]["aBigInteger"]["default"] == 9007199254740993
    )


def test_handlers_receive_what_every_sdk_hands_over(harness_output):
    """The shared handler-parity calls (tests/handler_calls.py), through the SDK's tool handler."""
    answers = harness_output["handled"]
    assert all(isinstance(answer, str) for answer in answers), answers  # not {"error": …}
    handler_calls.record(
        "rust",
        {handler_calls.key(*call): json.loads(answer) for call, answer in zip(handler_calls.CALLS, answers, strict=True)},
        tells_null_from_absent=True,
    )


def test_null_and_absent_stay_apart(harness_output):
    """An optional nullable property without a default is an Option<Option<T>>: a null body comes back as null,
    a left-out one stays out (the echo serializes the params it received)."""
    answers = {
        handler_calls.key(*call): json.loads(answer)
        for call, answer in zip(handler_calls.CALLS, harness_output["handled"], strict=True)
    }
    given_null = answers[handler_calls.key("create_issue", {"title": "t", "body": None, "labels": ["a"], "priority": "low"})]
    left_out = answers[handler_calls.key("create_issue", {"title": "t", "priority": "high"})]
    assert "body" in given_null and given_null["body"] is None
    assert "body" not in left_out


def test_handlers_receive_decoded_parameters(harness_output):
    calls = harness_output["calls"]
    assert (
        calls["clear_context"] == "start over|call-1"
    )  # the typed field, and the invocation alongside
    # Defaults from the spec fill what the call left out; the enum arrives as its Rust variant.
    assert calls["search_files"] == (
        'SearchFilesParams { query: "TODO", max_results: 50, file_types: None, case_sensitive: false }'
    )
    assert calls["create_issue"] == "High|true|[]"
    # A value outside the enum fails before the handler runs, as a normal tool error.
    assert "unknown variant `someday`" in calls["create_issue_bad"]["error"]


def test_unions_decode_into_their_untagged_enums(harness_output):
    """tests/loosened/unions.yaml: each union whose branches differ in JSON type arrives as the variant of the
    value's type (an integer as `Integer` even beside a number); two object shapes stay a serde_json::Value;
    a value of no branch's type fails before the handler runs."""
    calls = harness_output["calls"]
    assert calls["unions"] == (
        'UnionsParams { id: Integer(7), amount: Some(Number(2.5)), target: Some(String("here")), '
        'items: Some([Boolean(true), Array(["a"])]), shapes: Some(Object {"b": String("x")}), '
        'choice: Some(String("first")), node: Some(UnionsNode { label: None, next: Some(Object(UnionsNode '
        '{ label: None, next: Some(String("end")) })) }) }'
    )
    assert calls["unions_integer"].startswith(
        'UnionsParams { id: String("x"), amount: Some(Integer(2)), target: Some(Object(UnionsTargetOption1 '
        '{ path: "/" }))'
    )
    assert "did not match any variant of untagged enum UnionsId" in calls["unions_bad"]["error"]


def test_a_template_override_compiles_and_declares_the_same_tools(tmp_path):
    """tests/override_templates/rust: the built-in tool.rs.j2 included, plus an item after it; the crate still
    builds with warnings denied and every tool's wire declaration is unchanged."""
    cargo = require_executable("cargo")
    generated = write_outputs("rust", tmp_path, templates=OVERRIDE_TEMPLATES)
    assert "\nfn plugin_registration() {}\n" in (generated / "clear_context.rs").read_text()
    with _project_lock():
        assert_wire_matches(_build_and_run(cargo, generated)["wire"])


def test_all_builds_every_tool_from_its_handler(harness_output):
    via_all = harness_output["all"]
    assert via_all["order"] == list(expected_wires())  # spec path order
    assert via_all["wire"] == harness_output["wire"]
    assert via_all["answers"] == {"clear_context": "clear_context", "ping": "ping"}


def test_cargo_doc_denies_no_warning(harness_output):
    """Bare URLs, `<token>`, `[FILE]` and toolgen's own intra-doc links: rustdoc's lints pass with -D warnings,
    and every page is written (type names are cut to fit a file name: the stress corpus's 300-character word)."""
    doc = harness_output["lint"]["doc"]
    assert doc["returncode"] == 0, doc["output"][-20000:]


def test_no_description_is_a_doc_test(harness_output):
    doctest = harness_output["lint"]["doctest"]
    assert doctest["returncode"] == 0, doctest["output"][-20000:]
    assert "running 0 tests" in doctest["output"], doctest["output"][-5000:]


@pytest.mark.parametrize("case", ["the README's block", "a tool without parameters"])
def test_the_readme_usage_builds_with_warnings_denied(tmp_path, case):
    """The README's Rust usage as written, in a binary crate built with RUSTFLAGS=-Dwarnings: nothing in mod.rs is
    dead code when every tool is used through `all` (issue 31, item 7: `InvocationHandler` was declared unused
    in a folder without a parameterless tool; `TypedHandler` is the same in a folder of parameterless tools)."""
    from .test_readme_guide import blocks

    cargo = require_executable("cargo")
    if case == "the README's block":
        spec, main = REPO / "specs" / "clear_context.yaml", blocks()["rust"] + "\n"
    else:
        spec, main = REPO / "tests" / "edge_specs" / "no_parameters.yaml", NO_PARAMETERS_MAIN
    (tmp_path / "specs").mkdir()
    shutil.copyfile(spec, tmp_path / "specs" / spec.name)
    generated = write_outputs("rust", tmp_path / "out", [tmp_path / "specs"])
    with _project_lock():
        (DENY_PROJECT / "src").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(HARNESS / "Cargo.toml", DENY_PROJECT / "Cargo.toml")
        shutil.copyfile(HARNESS / "Cargo.lock", DENY_PROJECT / "Cargo.lock")
        (DENY_PROJECT / "src" / "main.rs").write_text(main, "utf-8")
        shutil.rmtree(DENY_PROJECT / "generated", ignore_errors=True)
        shutil.copytree(generated, DENY_PROJECT / "generated" / "rust")
        env = {
            **os.environ,
            "COPILOT_SKIP_CLI_DOWNLOAD": "1",
            "CARGO_TARGET_DIR": str(DENY_TARGET_DIR),
            "RUSTFLAGS": "-Dwarnings",
        }
        built = subprocess.run(
            [cargo, "build", "--locked", "--quiet"],
            cwd=DENY_PROJECT, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT,
        )  # fmt: skip
    unreachable = "failed to get" in built.stderr or "failed to download" in built.stderr
    require(not unreachable, "crates.io is not reachable to fetch the Rust SDK crate")
    assert built.returncode == 0, built.stderr[-20000:]
