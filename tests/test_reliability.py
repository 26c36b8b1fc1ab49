"""Reliability (issue #30): no write through a link on any write path, no hang on a special file, no crash on
toolgen's own state, read-only commands that write nothing, a failed run that changes nothing, `validate` that
agrees with `generate`, safe headers, and deletion only of what toolgen's record says it wrote.

Each test is named after the defect (D1–D12) or the general rule it holds toolgen to.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import codegen
from codegen.cache import store as cachestore
from codegen.output import writer
from codegen.cli import main
from codegen.output.statefolder import MANIFEST_NAME, STATE_FOLDER
from codegen.output.writer import OWNERSHIP_MARKER

from .support import REPO, SPECS, forget_caches, git

SPEC_NAMES = ("clear_context.yaml", "current_time.yaml", "web_fetch.yaml")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """specs/ with three tools and an empty cache of the project's own, in tmp_path/project; tmp_path/outside is
    somewhere else."""
    root = tmp_path / "project"
    (root / "specs").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    for name in SPEC_NAMES:
        shutil.copyfile(SPECS / name, root / "specs" / name)
    monkeypatch.chdir(root)
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TOOLGEN_NO_CACHE", raising=False)
    forget_caches(monkeypatch)
    return root


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def _describe(project: Path, name: str = "current_time.yaml", text: str = "A new description.") -> None:
    """Edit only the description of one spec (the edit the driver narrows its make step to)."""
    spec = project / "specs" / name
    lines = spec.read_text().splitlines(keepends=True)
    spec.write_text("".join(f"description: {text}\n" if line.startswith("description:") else line for line in lines))


def _tree(folder: Path, folder_times: bool = True) -> dict[str, tuple[str, bytes | str, int]]:
    """Every entry below `folder` (links not followed): its kind, its bytes (a link: where it points) and mtime
    (a folder's only with `folder_times`)."""
    found: dict[str, tuple[str, bytes | str, int]] = {}
    for path in sorted(folder.rglob("*")):
        status = path.lstat()
        relative = path.relative_to(folder).as_posix()
        if stat.S_ISLNK(status.st_mode):
            found[relative] = ("link", os.readlink(path), status.st_mtime_ns)
        elif stat.S_ISREG(status.st_mode):
            found[relative] = ("file", path.read_bytes(), status.st_mtime_ns)
        else:
            kind = "folder" if stat.S_ISDIR(status.st_mode) else "other"
            found[relative] = (kind, "", status.st_mtime_ns if folder_times or kind != "folder" else 0)
    return found


def _toolgen(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """toolgen in a child process with at most 2 GB of memory (a file read without bound fails fast), killed
    after `timeout` seconds (a hang fails the test instead of blocking the suite)."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "codegen", *args], cwd=cwd, env=environment, capture_output=True, text=True,
        timeout=timeout, preexec_fn=limit_memory,
    )  # fmt: skip


# -- D1: every write path vets links; `check` never calls a linked tree up to date --------------------------------


@pytest.mark.parametrize("link", ["python", "java/com/example"])
def test_d1_an_edited_description_never_writes_through_a_linked_target_folder(project: Path, link: str):
    assert _run("generate").exit_code == 0
    moved = project.parent / "outside" / link.replace("/", "_")
    shutil.move(project / "generated" / link, moved)
    (project / "generated" / link).symlink_to(moved, target_is_directory=True)
    outside = _tree(project.parent / "outside")
    message = f"generated/{link}:1:1: error: is a symbolic link; toolgen never writes through links"
    check = _run("check")
    assert check.exit_code == 2 and message in check.stderr, check.output
    _describe(project)
    for command in ("generate", "check"):
        result = _run(command)
        assert result.exit_code == 2 and message in result.stderr, (command, result.output)
    assert _tree(project.parent / "outside") == outside, "nothing may be written through the link"


def test_d1_every_write_goes_through_the_vetting_even_without_compare(tmp_path: Path):
    """`apply` vets what it writes and removes itself: a caller that builds the changes by hand cannot skip it."""
    header = f"// {OWNERSHIP_MARKER}. DO NOT EDIT.\n"
    (tmp_path / "outside").mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "go").symlink_to(tmp_path / "outside", target_is_directory=True)
    changes = writer.Changes(written=["go/a.go"])
    with pytest.raises(codegen.errors.OwnershipError, match="is a symbolic link"):
        writer.apply(tmp_path / "out", {"go/a.go": header}, changes)
    (tmp_path / "outside" / "mine.go").write_text("mine\n")
    (tmp_path / "out" / "go").unlink()
    (tmp_path / "out" / "go").mkdir()
    (tmp_path / "out" / "go" / "mine.go").write_text("mine\n")
    with pytest.raises(codegen.errors.OwnershipError, match="not generated by toolgen"):
        writer.apply(tmp_path / "out", {"go/mine.go": header}, writer.Changes(written=["go/mine.go"]))
    assert list((tmp_path / "outside").iterdir()) == [tmp_path / "outside" / "mine.go"]
    assert (tmp_path / "out" / "go" / "mine.go").read_text() == "mine\n"


# -- D2 and D10: special files are never opened in a way that blocks ----------------------------------------------


def test_d2_a_named_pipe_in_a_target_folder_does_not_hang_generate_or_check(project: Path):
    assert _toolgen("generate", cwd=project).returncode == 0
    os.mkfifo(project / "generated" / "go" / "pipe")
    _describe(project)  # a run that looks at every file
    for command in ("check", "generate"):
        done = _toolgen(command, "-v", cwd=project, timeout=60)
        assert done.returncode == (1 if command == "check" else 0), (command, done.stderr)
        assert "toolgen: ignored generated/go/pipe: not a regular file" in done.stderr, done.stderr
    os.mkfifo(project / "generated" / "python" / "x.py")  # where no file is planned: never toolgen's
    (project / "generated" / "go" / "tools.go").unlink()
    os.mkfifo(project / "generated" / "go" / "tools.go")  # where a file is planned: a located error
    for command in ("generate", "check"):
        done = _toolgen(command, cwd=project, timeout=60)
        assert done.returncode == 2, (command, done.stderr)
        assert "generated/go/tools.go:1:1: error: exists and is not a regular file" in done.stderr


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "/dev/urandom"])
def test_d10_a_spec_that_is_not_a_regular_file_is_a_located_error(project: Path, special: str):
    spec = project / "specs" / "special.yaml"
    if special == "fifo":
        os.mkfifo(spec)
    else:
        spec.symlink_to(special)
    for command in ("validate", "generate", "check"):
        done = _toolgen(command, cwd=project, timeout=60)
        assert done.returncode == 2, (command, done.stderr)
        assert "specs/special.yaml:1:1: error: is not a regular file; a spec must be one" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
    assert not (project / "generated").exists()


# -- D3 and rule 4: check, validate, breaking and docs --check write nothing anywhere ---------------------------


def test_d3_check_after_touching_outputs_does_not_rewrite_the_manifest(project: Path):
    assert _run("generate").exit_code == 0
    later = os.stat(project / "generated" / MANIFEST_NAME).st_mtime_ns + 5_000_000_000
    for path in (project / "generated" / "go").iterdir():
        os.utime(path, ns=(later, later))
    before = _tree(project / "generated")
    assert _run("check").exit_code == 0
    assert _tree(project / "generated") == before


def test_read_only_commands_write_nothing_anywhere(project: Path, monkeypatch: pytest.MonkeyPatch):
    """A repository with a stale manifest, touched outputs and an empty cache (inside the tree, so that it is in the
    snapshot): each read-only command leaves every name, byte and mtime as it was."""
    (project / "pyproject.toml").write_text('[tool.toolgen]\ndocs = "docs/tools.md"\n')
    git("init", "-q", cwd=project)
    assert _run("generate").exit_code == 0 and _run("docs").exit_code == 0
    git("add", "-A", cwd=project)
    git("commit", "-q", "-m", "tools", cwd=project)
    _describe(project)  # the manifest no longer matches the specs
    later = os.stat(project / "generated" / MANIFEST_NAME).st_mtime_ns + 5_000_000_000
    for path in (project / "generated" / "python").iterdir():
        os.utime(path, ns=(later, later))
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(project / "cache"))
    forget_caches(monkeypatch)
    commands = [
        ["validate"], ["validate", "--strict"], ["validate", "-v", "specs/web_fetch.yaml"], ["check"],
        ["check", "--strict", "-v"], ["check", "specs/current_time.yaml"], ["breaking", "--against", "HEAD"],
        ["breaking", "specs", "specs"], ["docs", "--check"],
    ]  # fmt: skip
    for command in commands:
        before = _tree(project)
        result = _run(*command)
        assert result.exit_code in (0, 1), (command, result.output)
        assert _tree(project) == before, f"toolgen {' '.join(command)} wrote"
    assert not (project / "cache").exists()


# -- D4: JSON Pointer escapes in a $ref -------------------------------------------------------------------------


def test_d4_a_ref_with_pointer_escapes_generates(project: Path):
    (project / "specs" / "escaped.yaml").write_text(
        "name: escaped\ndescription: Escaped references.\nparameters:\n  type: object\n  properties:\n"
        "    a: {$ref: '#/$defs/a~1b'}\n    t: {$ref: '#/$defs/t~0x'}\n"
        "  $defs:\n    a/b: {type: object, properties: {x: {type: string}}}\n    t~x: {type: string, enum: [p, q]}\n"
    )
    validate = _run("validate")
    assert validate.exit_code == 0, validate.output
    assert _run("generate").exit_code == 0
    text = (project / "generated" / "python" / "escaped.py").read_text()
    assert "a: EscapedAB | None" in text and "t: EscapedTTildeX | None" in text


# -- D5–D7: toolgen's own state never bricks it -----------------------------------------------------------------


@pytest.mark.parametrize(
    "manifest",
    [b"\xff\xfe{not utf-8", b"[" * 100_000 + b"]" * 100_000, b'{"format": 3, "outputs": 5}', b"{}"],
    ids=["invalid-utf-8", "deep", "wrong-types", "empty"],
)
def test_d5_d6_a_manifest_that_cannot_be_read_is_discarded_with_a_note(project: Path, manifest: bytes):
    assert _run("generate").exit_code == 0
    (project / "generated" / MANIFEST_NAME).write_bytes(manifest)
    check = _run("check", "-v")
    assert check.exit_code == 0, check.output
    generate = _run("generate", "-v")
    assert generate.exit_code == 0, generate.output
    assert "toolgen: ignored generated/.toolgen/manifest.json:" in generate.stderr
    assert json.loads((project / "generated" / MANIFEST_NAME).read_text())["format"] == 3
    _describe(project)
    assert _run("generate").exit_code == 0


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_lock_that_is_not_a_regular_file_is_replaced_with_a_note(project: Path, kind: str):
    assert _toolgen("generate", cwd=project).returncode == 0
    lock = project / "generated" / STATE_FOLDER / "lock"
    lock.unlink()
    if kind == "fifo":
        os.mkfifo(lock)
    else:
        lock.mkdir()
    _describe(project)
    check = _toolgen("check", "-v", cwd=project, timeout=60)
    assert check.returncode == 1 and "toolgen: ignored generated/.toolgen/lock: not a regular file" in check.stderr
    generate = _toolgen("generate", "-v", cwd=project, timeout=60)
    assert generate.returncode == 0, generate.stderr
    assert "toolgen: ignored generated/.toolgen/lock: not a regular file; replaced" in generate.stderr
    assert lock.is_file() and _toolgen("check", cwd=project, timeout=60).returncode == 0


def test_d7_a_cache_row_of_the_wrong_type_is_a_miss(project: Path, monkeypatch: pytest.MonkeyPatch):
    assert _run("generate").exit_code == 0
    cachestore.open_store().close()
    database = Path(os.environ["TOOLGEN_CACHE_DIR"]) / cachestore.FILE_NAME
    with sqlite3.connect(database) as connection:
        for table in cachestore.TABLES:
            connection.execute(f"UPDATE {table} SET value = 5, used = 'x'")
    forget_caches(monkeypatch)
    shutil.rmtree(project / "generated")
    generate = _run("generate", "-v")
    assert generate.exit_code == 0, generate.output
    assert f"toolgen: ignored damaged entries of {database.as_posix()} (spec)" in generate.stderr
    for command in ("check", "validate"):
        result = _run(command)
        assert result.exit_code == 0, (command, result.output)


# -- D8: a configuration toolgen cannot read is an error, not the defaults --------------------------------------


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('[tool.toolgen]\ntargets = ["go"]\n'.encode("utf-16"), "pyproject.toml:1:1: error: not UTF-8"),
        (b'[tool.toolgen]\ntargets = ["go"]\nheader = "\xff"\n', "pyproject.toml:3:11: error: not UTF-8"),
        (b"[tool]\ntoolgen = 5\n", "pyproject.toml:2:11: error: tool.toolgen: must be a table"),
    ],
    ids=["utf-16", "invalid-utf-8", "not-a-table"],
)
def test_d8_a_pyproject_toolgen_cannot_read_is_a_located_error(project: Path, content: bytes, message: str):
    (project / "pyproject.toml").write_bytes(content)
    for command in ("generate", "validate", "check"):
        result = _run(command)
        assert result.exit_code == 2 and message in result.stderr, (command, result.output)
    assert not (project / "generated").exists()


# -- D9: a failed run changes nothing ---------------------------------------------------------------------------


def _fail_on_replace(monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    """os.replace fails for the first path that ends with `failing` (a file that cannot be replaced)."""
    real_replace = os.replace
    done = []

    def replace(source, target):
        if str(target).endswith(failing) and not done:
            done.append(target)
            raise PermissionError(1, "Operation not permitted", str(target))
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)


@pytest.mark.parametrize("edit", ["description", "property", "removed-spec"])
def test_d9_a_run_that_fails_part_way_leaves_the_tree_byte_for_byte_as_it_was(
    project: Path, monkeypatch: pytest.MonkeyPatch, edit: str
):
    assert _run("generate").exit_code == 0
    if edit == "description":  # the edited-specs path (codegen.run.driver)
        _describe(project, "web_fetch.yaml")
        failing = "generated/rust/web_fetch.rs"
    elif edit == "property":  # the full path
        spec = project / "specs" / "web_fetch.yaml"
        spec.write_text(spec.read_text().replace("properties:\n", "properties:\n    extra: {type: string}\n", 1))
        failing = "generated/rust/web_fetch.rs"
    else:
        (project / "specs" / "web_fetch.yaml").unlink()
        failing = "generated/rust/mod.rs"
    # every file with its bytes and mtime, every folder (whose mtime the temporary files change)
    before = _tree(project / "generated", folder_times=False)
    _fail_on_replace(monkeypatch, failing)
    result = _run("generate")
    assert result.exit_code == 2, result.output
    assert "Operation not permitted" in result.stderr and "nothing changed" in result.stderr
    assert _tree(project / "generated", folder_times=False) == before
    monkeypatch.undo()
    monkeypatch.chdir(project)
    assert _run("generate").exit_code == 0 and _run("check").exit_code == 0


# -- D11: headers that would end or break a comment -------------------------------------------------------------


@pytest.mark.parametrize("header", ["Copyright */", "End of a comment */  ", "x*/"])
def test_d11_a_header_that_ends_a_block_comment_is_refused_where_it_is_configured(project: Path, header: str):
    (project / "pyproject.toml").write_text(f"[tool.toolgen]\nheader = {json.dumps(header)}\n")
    result = _run("generate")
    assert result.exit_code == 2, result.output
    assert "pyproject.toml:2:10: error: tool.toolgen.header: must not end with */" in result.stderr
    result = _run("generate", "--header", header)
    assert result.exit_code == 2 and "must not end with */" in result.output


# -- D12: configuration checks in validate; deletion ownership from the record -------------------------------------


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ('[tool.toolgen.go]\npackage = "func"\n', "tool.toolgen.go.package: must not be a Go keyword"),
        ('[tool.toolgen.java]\npackage = "com.class.tools"\n', "tool.toolgen.java.package: must be a Java package"),
        ('[tool.toolgen.dotnet]\nnamespace = "My.class"\n', "tool.toolgen.dotnet.namespace: must be a C# namespace"),
    ],
    ids=["go", "java", "dotnet"],
)
def test_d12_validate_refuses_the_reserved_words_generate_refuses(project: Path, option: str, message: str):
    (project / "pyproject.toml").write_text(f"[tool.toolgen]\n{option}")
    for command in ("validate", "generate"):
        result = _run(command)
        assert result.exit_code == 2 and message in result.stderr, (command, result.output)


def test_d12_a_file_with_the_marker_that_toolgen_did_not_write_is_kept_and_reported(project: Path):
    assert _run("generate").exit_code == 0
    mine = project / "generated" / "go" / "notes.go"
    mine.write_text(f"// Notes on files that say {OWNERSHIP_MARKER}.\npackage tools\n")
    for command in ("generate", "check"):
        result = _run(command)
        assert result.exit_code == 0, (command, result.output)
        assert (
            "toolgen: kept generated/go/notes.go: it carries toolgen's marker, but toolgen's record of what it "
            "wrote does not list it; delete it if it is a leftover" in result.stderr
        ), result.output
    assert mine.is_file()
    (project / "specs" / "web_fetch.yaml").unlink()
    result = _run("generate", "-v")
    assert "removed generated/go/web_fetch.go" in result.stderr, "what the record lists is still removed"
    assert mine.is_file()


def test_d12_without_a_usable_record_toolgen_keeps_every_file_and_says_so(project: Path):
    assert _run("generate").exit_code == 0
    shutil.rmtree(project / "generated" / STATE_FOLDER)
    (project / "specs" / "web_fetch.yaml").unlink()
    result = _run("generate")
    assert result.exit_code == 0, result.output
    assert "toolgen: kept generated/go/web_fetch.go: it carries toolgen's marker" in result.stderr
    assert (project / "generated" / "go" / "web_fetch.go").is_file()
    assert _run("check").exit_code == 0, "what generate keeps, check does not call stale"


# -- rule 5: validate runs every check of generate that needs no rendering, with the same warnings -----------------

_TOOL = "name: {name}\ndescription: A tool.\nparameters:\n  type: object\n  properties:\n{properties}"
AGREEMENT_CASES = {
    "clean": ("plain", "    q: {type: string}\n", ""),
    "spec-warning": ("spec_warning", '    n: {type: integer, default: "x"}\n', ""),
    "enum-constants": ("enum_clash", "    aggregate: {type: string, enum: [SUM, Sum]}\n", ""),
    "enum-constants-not-configured": ("enum_clash", "    aggregate: {type: string, enum: [SUM, Sum]}\n",
                                      'targets = ["python", "nodejs"]\n'),
    "record-members": ("members", "    equals: {type: string}\n    toString: {type: string}\n", ""),
    "java-class": ("java_class", "    a: {$ref: '#/$defs/Class'}\n  $defs:\n    Class: {properties: {x: {}}}\n", ""),
    "device-name": ("con", "    q: {type: string}\n", ""),
    "one-target": ("members", "    equals: {type: string}\n", 'targets = ["dotnet"]\n'),
}  # fmt: skip


def _warnings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": warning: " in line]


@pytest.mark.parametrize("case", list(AGREEMENT_CASES))
def test_validate_strict_fails_exactly_where_generate_strict_fails(project: Path, case: str):
    name, properties, config = AGREEMENT_CASES[case]
    (project / "specs" / f"{name}.yaml").write_text(_TOOL.format(name=name, properties=properties))
    (project / "pyproject.toml").write_text(f"[tool.toolgen]\n{config}")
    strict = {command: _run(command, "--strict").exit_code for command in ("validate", "generate", "check")}
    assert len(set(strict.values())) == 1, strict
    assert (project / "generated").exists() == (strict["generate"] == 0), "--strict writes nothing"
    validate, generate = _run("validate"), _run("generate")
    assert validate.exit_code == generate.exit_code == 0
    assert _warnings(validate.stderr) == _warnings(generate.stderr), case
    assert bool(_warnings(validate.stderr)) == (strict["validate"] == 2), case


def test_d10_a_named_pipe_among_custom_templates_is_a_located_error(project: Path):
    (project / "templates" / "go").mkdir(parents=True)
    os.mkfifo(project / "templates" / "go" / "tool.go.j2")
    (project / "pyproject.toml").write_text('[tool.toolgen]\ntemplates = "templates"\n')
    for command in ("validate", "generate", "check"):
        done = _toolgen(command, cwd=project, timeout=60)
        assert done.returncode == 2, (command, done.stderr)
        assert "templates/go/tool.go.j2:1:1: error: is not a regular file; toolgen reads only those" in done.stderr
