"""Incremental regeneration (issue #6): after a change, only the tools whose inputs changed are planned again, and
the output folder is always byte for byte what a run without any cache or manifest writes.

Two mechanisms are under test: the per-tool cache (codegen/incremental.py), and the manifest's stat signatures
(codegen/manifest.py), which let a run trust an unchanged file without reading it. Each must fail safe: a
wrong reuse would be a stale or hand-edited file reported as current."""

from __future__ import annotations

import os
import random
import shutil
import time
from pathlib import Path

import pytest

from codegen.cache import store as cachestore, forkpool, specs as speccache
from codegen.run import driver, generate
from codegen.model import ir
from codegen.output import manifest
from codegen.errors import SpecError
from codegen.run.generate import RunRequest, run
from codegen.targets import get_target, target_names

from .support import EDGE_SPECS, SPECS, age_manifest, forget_caches, generated_files, is_state_file

TARGETS = target_names()


@pytest.fixture()
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "specs")
    for name in (
        "colliding_casings.yaml",
        "reserved_words.yaml",
        "tool_name_clash.yaml",
        "no_parameters.yaml",
    ):
        shutil.copy(EDGE_SPECS / name, tmp_path / "specs" / name)
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TOOLGEN_NO_CACHE", raising=False)
    forget_caches(monkeypatch)
    yield tmp_path


def _reference(
    tmp_path: Path, monkeypatch, name: str, **kwargs
) -> tuple[dict[str, bytes], list[str]]:
    """What a run with no cache and an empty output folder writes, and its warnings."""
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    try:
        result = run(RunRequest([Path("specs")], tmp_path / name, TARGETS, write=True, **kwargs))
    finally:
        monkeypatch.delenv("TOOLGEN_NO_CACHE")
    return generated_files(tmp_path / name), [str(w) for w in result.warnings]


def _count_tool_files(monkeypatch) -> list[str]:
    """Records the target of every per-tool planning step (the expensive one)."""
    calls: list[str] = []
    for name in TARGETS:
        target = get_target(name)
        original = target.tool_file

        def counting(tool, names, options, report, _original=original, _name=name):
            calls.append(_name)
            return _original(tool, names, options, report)

        monkeypatch.setattr(target, "tool_file", counting)
    return calls


def test_one_edited_spec_plans_one_tool_per_target(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    spec = sorted((project / "specs").glob("*.yaml"))[0]
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    forget_caches(monkeypatch)
    calls = _count_tool_files(monkeypatch)
    result = run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    assert sorted(calls) == sorted(
        TARGETS
    ), "only the edited tool is planned again, once per target"
    assert len(result.changes.written) >= len(TARGETS)
    assert generated_files(project / "out") == _reference(project, monkeypatch, "reference")[0]


def _skeletons_only(tools) -> bool:
    if isinstance(tools, ir.SkeletonView):
        return True  # it makes each item with ir.naming_skeleton when read; reading them all would load every model
    return all(tool == ir.naming_skeleton(tool) for tool in tools)


def _count_folder_planning(monkeypatch) -> list[str]:
    """Records every folder-wide step (naming, shared files) and checks each gets skeletons only."""
    calls: list[str] = []
    for name in TARGETS:
        target = get_target(name)
        name_folder, folder_files = target.name_folder, target.folder_files

        def naming(tools, options, report, _original=name_folder, _name=name):
            assert _skeletons_only(tools), "names come from skeletons only"
            calls.append(f"{_name}.name_folder")
            return _original(tools, options, report)

        def shared(tools, names, facts, options, report, _original=folder_files, _name=name):
            assert _skeletons_only(tools), "folder files come from skeletons only"
            calls.append(f"{_name}.folder_files")
            return _original(tools, names, facts, options, report)

        monkeypatch.setattr(target, "name_folder", naming)
        monkeypatch.setattr(target, "folder_files", shared)
    return calls


def _count_model_loads(monkeypatch) -> list[str]:
    loaded: list[str] = []
    original = speccache._decode_model

    def counting(data):
        entry = original(data)
        if entry is not None:
            loaded.append(entry[0].name)
        return entry

    monkeypatch.setattr(speccache, "_decode_model", counting)
    return loaded


def test_a_description_edit_loads_one_model_and_plans_nothing_folder_wide(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    spec = project / "specs" / "create_issue.yaml"
    edited = spec.read_text().replace(
        "description: Who should", "description: Edited. Who should", 1
    )
    assert edited != spec.read_text()
    spec.write_text(edited.replace("description: ", "description: Edited. ", 1))
    forget_caches(monkeypatch)
    folder_calls = _count_folder_planning(monkeypatch)
    loads = _count_model_loads(monkeypatch)
    tool_calls = _count_tool_files(monkeypatch)
    result = run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    # Names and folder files come from the cache (no skeleton changed), except a folder file made from the tool
    # files' facts when the edit changed them: json's tools/list.json lists every description.
    assert folder_calls == ["json.folder_files"], "only the facts-fed folder file is planned again"
    # the one model loaded is the edited tool's last version: its name and options stand (codegen.cache.spec_alike)
    assert loads == ["create_issue"] and sorted(tool_calls) == sorted(
        TARGETS
    ), "only the edited tool is built, from its spec"
    assert len(result.changes.written) == len(TARGETS) + 1  # every target's file of the tool, and tools/list.json
    reference, warnings = _reference(project, monkeypatch, "reference")
    assert generated_files(project / "out") == reference
    assert [str(w) for w in result.warnings] == warnings


def test_an_edit_to_a_skeleton_names_the_folder_again(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    spec = project / "specs" / "create_issue.yaml"
    spec.write_text(
        spec.read_text().replace(
            "    labels:", "    milestone:\n      type: integer\n    labels:", 1
        )
    )
    forget_caches(monkeypatch)
    folder_calls = _count_folder_planning(monkeypatch)
    result = run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    # Every folder is named again and its folder-wide files planned again, once; a target may name a tool alone
    # once more when the tool drew a naming warning (codegen.model.stability checks its names do not depend on others).
    assert sorted(c for c in folder_calls if c.endswith(".folder_files")) == sorted(
        f"{name}.folder_files" for name in TARGETS
    )
    assert {c for c in folder_calls if c.endswith(".name_folder")} == {f"{name}.name_folder" for name in TARGETS}
    reference, warnings = _reference(project, monkeypatch, "reference")
    assert generated_files(project / "out") == reference
    assert [str(w) for w in result.warnings] == warnings


def test_the_skeleton_keeps_what_names_depend_on_and_drops_the_rest():
    # naming_skeleton copies without running __init__: that is only right while none of them checks anything
    assert not any(
        hasattr(kind, "__post_init__")
        for kind in (ir.Tool, ir.StructDecl, ir.Field, ir.EnumDecl, ir.AliasDecl)
    )
    tools, _ = speccache._load_all([SPECS, EDGE_SPECS], 1 << 20)
    for tool in tools:
        skeleton = ir.naming_skeleton(tool)
        assert (skeleton.name, skeleton.words, skeleton.source, skeleton.params, skeleton.options) == (
            tool.name, tool.words, tool.source, tool.params, tool.options,
        )  # fmt: skip
        assert [decl.name for decl in skeleton.decls] == [decl.name for decl in tool.decls]
        assert skeleton.description == "" and all(
            decl.description is None for decl in skeleton.decls
        )
        table = ir.position_table(tool)
        positioned = [(skeleton, tool)]
        for decl, original in zip(skeleton.decls, tool.decls):
            if isinstance(decl, ir.StructDecl):
                assert [(f.wire_name, f.words, f.type, f.required) for f in decl.fields] == [
                    (f.wire_name, f.words, f.type, f.required) for f in original.fields
                ]
                assert all(f.description is None and not f.has_default for f in decl.fields)
                positioned += zip(decl.fields, original.fields)
            if isinstance(decl, ir.EnumDecl):
                assert decl.members == original.members
        # positions are numbered, and each number leads back to the real position
        assert [node.line for node, _ in positioned] == [-(i + 1) for i in range(len(positioned))]
        for node, original in positioned:
            assert ir.real_position(table, node.line, node.column) == (
                original.line,
                original.column,
            )
        assert ir.naming_skeleton(skeleton) == skeleton
    described = [tool for tool in tools if tool.description]
    assert described and speccache.skeleton_digest(described[0]) == speccache.skeleton_digest(
        ir.naming_skeleton(described[0])
    )


def test_an_edit_that_only_moves_lines_names_nothing_and_warns_at_the_new_lines(
    project, monkeypatch
):
    """Naming warnings point at real lines although names come from skeletons, which have none: a tool named
    `define` cannot have the factories `defineTool` (nodejs: the SDK's import) and `define_tool` (python), so those
    targets warn at its `name:` line (2:1), and at 5:1 once three lines are added on top — without naming anything
    again. (Two spellings of one tool name, which used to warn here too, are now refused: test_name_collisions.)
    """
    spec = project / "specs" / "define.yaml"
    spec.write_text("# a tool whose factory names are taken\nname: define\ndescription: Defines.\n")
    before = run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True)).warnings
    spec.write_text("# one\n# two\n# three\n" + spec.read_text())
    forget_caches(monkeypatch)
    folder_calls = _count_folder_planning(monkeypatch)
    result = run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    assert folder_calls == [], "a skeleton has no real positions: moving lines changes none"

    def clash_warnings(warnings):
        return [w for w in warnings if w.file == "specs/define.yaml"]

    assert {w.message.split(":")[0] for w in clash_warnings(before)} >= {"nodejs", "python"}
    assert (2, 1) in {(w.line, w.column) for w in clash_warnings(before)}
    assert [(w.line - 3, w.column, w.message) for w in clash_warnings(result.warnings)] == [
        (w.line, w.column, w.message) for w in clash_warnings(before)
    ]
    reference, warnings = _reference(project, monkeypatch, "reference")
    assert generated_files(project / "out") == reference
    assert [str(w) for w in result.warnings] == warnings


def test_a_run_with_nothing_changed_in_the_full_path_plans_nothing(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    forget_caches(monkeypatch)
    calls = _count_tool_files(monkeypatch)
    result = run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    assert calls == [] and not result.stale
    # the texts of reused files are still there for whoever asks (read from disk on demand)
    reference, _ = _reference(project, monkeypatch, "reference")
    assert {path: text.encode() for path, text in result.planned.items()} == reference


EDITS = [
    "describe", "describe-nested", "move-lines", "add-property", "rename", "collide", "delete", "add", "option",
    "header", "hand-edit",
]  # fmt: skip


def _edit(kind: str, root: Path, rng: random.Random, state: dict) -> None:
    specs = sorted((root / "specs").glob("*.yaml"))
    spec = rng.choice(specs)
    text = spec.read_text()
    if kind == "describe":
        spec.write_text(text.replace("description: ", f"description: Edit {rng.random()}. ", 1))
    elif (
        kind == "describe-nested"
    ):  # a property's description: same skeleton, so names come from the cache
        spec.write_text(
            text.replace("      description: ", f"      description: Edit {rng.random()}. ", 1)
        )
    elif kind == "move-lines":  # every position of the spec moves; the skeleton does not
        spec.write_text("# moved\n" * rng.randrange(1, 4) + text)
    elif kind == "add-property":  # a new skeleton: the folder is named again
        spec.write_text(
            text.replace(
                "\n  properties:\n",
                f"\n  properties:\n    added_{rng.randrange(10**6)}:\n      type: string\n",
                1,
            )
        )
    elif kind == "rename":  # a new name: new file names, and maybe other tools' suffixes change
        spec.write_text(text.replace("name: ", "name: renamed_", 1))
    elif kind == "collide":
        # a tool whose names clash with a folder's own (index.ts, tools.go, the SDK's defineTool): it is renamed
        # and warned about. (A second spelling of an existing tool's name is an error: test_name_collisions.)
        names = ("define", "index", "tools", "copilot")
        free = [n for n in names if not (root / "specs" / f"aaa_{n}.yaml").exists()]
        if free:
            name = next(
                line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("name:")
            )
            pick = rng.choice(free)
            (root / "specs" / f"aaa_{pick}.yaml").write_text(text.replace(f"name: {name}", f"name: {pick}", 1))
    elif kind == "delete" and len(specs) > 2:
        spec.unlink()
    elif kind == "add":
        (root / "specs" / f"zzz_{rng.randrange(10**6)}.yaml").write_text(
            text.replace("name: ", f"name: added_{rng.randrange(10**6)}_", 1)
        )
    elif kind == "option":
        state["options"] = {"go": {"package": rng.choice(["tools", "mytools"])}}
    elif kind == "header":
        state["header"] = rng.choice([None, "Copyright Example", "SPDX-License-Identifier: MIT"])
    elif kind == "hand-edit":
        outputs = [
            p
            for p in (root / "out").rglob("*")
            if p.is_file() and not is_state_file(p.relative_to(root / "out").as_posix())
        ]
        victim = rng.choice(outputs)
        data = victim.read_bytes()
        status = victim.stat()
        victim.write_bytes(data[:-2] + b"X\n")  # same size
        os.utime(
            victim, ns=(status.st_atime_ns, status.st_mtime_ns)
        )  # and the old mtime: only ctime tells


@pytest.mark.parametrize("seed", range(6))
def test_incremental_runs_write_what_a_fresh_run_writes(project, monkeypatch, seed):
    rng = random.Random(seed)
    state: dict = {"options": None, "header": None}
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    for step in range(5):
        kind = rng.choice(EDITS)
        _edit(kind, project, rng, state)
        time.sleep(0.01)
        forget_caches(monkeypatch)
        result = run(RunRequest(
            [Path("specs")],
            Path("out"),
            TARGETS,
            write=True,
            options=state["options"],
            header=state["header"],
        ))
        reference, warnings = _reference(
            project,
            monkeypatch,
            f"reference-{step}",
            options=state["options"],
            header=state["header"],
        )
        assert generated_files(project / "out") == reference, f"step {step}: {kind}"
        assert [str(w) for w in result.warnings] == warnings, f"step {step}: {kind}"
        shutil.rmtree(project / f"reference-{step}")


# -- the manifest's stat signatures ------------------------------------------------------------------------------


def _request():
    return {"targets": TARGETS}


def _up_to_date(refresh: bool = True) -> bool:
    return (
        manifest.up_to_date(manifest.survey([Path("specs")], Path("out"), _request()), Path("out"), refresh)
        is not None
    )


def test_a_same_size_edit_with_the_old_mtime_is_still_a_change(project):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, request=_request()))
    age_manifest(project / "out")
    assert _up_to_date()
    victim = next((project / "out" / "go").glob("*.go"))
    data, status = victim.read_bytes(), victim.stat()
    victim.write_bytes(data.replace(b"package", b"pockage", 1))
    os.utime(victim, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert (
        victim.stat().st_size == status.st_size and victim.stat().st_mtime_ns == status.st_mtime_ns
    )
    assert not _up_to_date()


def test_a_replaced_file_with_the_same_bytes_is_read_not_trusted(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, request=_request()))
    age_manifest(project / "out")
    victim = next((project / "out" / "rust").glob("*.rs"))
    copy = victim.with_name("copy.tmp-not-ours")
    shutil.copy2(victim, copy)
    os.replace(copy, victim)  # new inode, same bytes and mtime
    reads = _count_reads(monkeypatch)
    assert _up_to_date(refresh=False)
    assert reads == [victim.relative_to(project).as_posix()]


def _count_reads(monkeypatch) -> list[str]:
    reads: list[str] = []
    original = manifest.read_record

    def counting(path, follow_links=False, **bounds):
        reads.append(Path(path).as_posix())
        return original(path, follow_links, **bounds)

    monkeypatch.setattr(manifest, "read_record", counting)
    return reads


def test_specs_the_manifest_vouches_for_are_not_read(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    age_manifest(project / "out")
    spec = project / "specs" / "create_issue.yaml"
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    forget_caches(monkeypatch)
    reads: list[str] = []
    original = speccache.read_record
    monkeypatch.setattr(
        speccache,
        "read_record",
        lambda path, follow_links=False, **bounds: reads.append(path.name) or original(path, follow_links, **bounds),
    )
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    assert reads == ["create_issue.yaml"]
    assert generated_files(project / "out") == _reference(project, monkeypatch, "reference")[0]


def test_a_model_dropped_from_the_cache_is_built_again_from_its_file(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True))
    age_manifest(project / "out")
    connection = cachestore.open_store()._connect()
    # the models go (a tuple of a Tool and its warnings); their heads (a list) stay
    deleted = connection.execute("""DELETE FROM spec WHERE substr(value, 1, 10) = CAST('{"t":[{"c"' AS BLOB)""")
    assert deleted.rowcount == len(list((project / "specs").glob("*.yaml")))
    forget_caches(monkeypatch)
    rebuilt: list[str] = []
    original = speccache.LazyTools._rebuild

    def counting(self, path, digest, shown):
        rebuilt.append(shown)
        return original(self, path, digest, shown)

    monkeypatch.setattr(speccache.LazyTools, "_rebuild", counting)
    # new options: every Go file is made again, so every model is needed
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, options={"go": {"package": "mytools"}}))
    assert len(rebuilt) == len(list((project / "specs").glob("*.yaml")))
    reference, _ = _reference(
        project, monkeypatch, "reference", options={"go": {"package": "mytools"}}
    )
    assert generated_files(project / "out") == reference


def test_a_spec_changed_before_its_dropped_model_is_rebuilt_is_an_error(tmp_path):
    spec = tmp_path / "a.yaml"
    spec.write_text((SPECS / "create_issue.yaml").read_text())
    digest = manifest.file_digest(spec.read_bytes())

    class EmptyStore:
        def get_many(self, table, keys):
            return {}

    tools = speccache.LazyTools([(b"key", None, spec, digest, "a.yaml")], EmptyStore(), 1 << 20)
    assert tools[0].name == "create_issue"  # the same bytes: built again
    tools = speccache.LazyTools([(b"key", None, spec, digest, "a.yaml")], EmptyStore(), 1 << 20)
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    with pytest.raises(SpecError, match="changed while toolgen was reading it"):
        tools[0]


def test_models_already_built_are_not_fetched_again(tmp_path):
    # a first run built every model; the pool's pre-load before forking must not fetch and unpickle them again
    spec = tmp_path / "a.yaml"
    spec.write_text((SPECS / "create_issue.yaml").read_text())
    digest = manifest.file_digest(spec.read_bytes())
    built = speccache.LazyTools(
        [(b"a", None, spec, digest, "a.yaml")], _CountingEmptyStore(), 1 << 20
    )[0]
    fetched: list[list[bytes]] = []
    tools = speccache.LazyTools(
        [(b"a", built, spec, digest, "a.yaml"), (b"b", None, spec, digest, "a.yaml")],
        _CountingEmptyStore(fetched),
        1 << 20,
    )
    tools.load([0, 1])
    assert fetched == [[b"b"]]
    assert tools[0] is built


class _CountingEmptyStore:
    def __init__(self, fetched: list[list[bytes]] | None = None):
        self.fetched = fetched if fetched is not None else []

    def get_many(self, table, keys):
        self.fetched.append(list(keys))
        return {}


def test_racy_signatures_are_never_trusted(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, request=_request()))
    path = project / "out" / manifest.MANIFEST_NAME
    oldest = min(p.stat().st_mtime_ns for p in (project / "out").rglob("*") if p.is_file())
    os.utime(
        path, ns=(oldest, oldest)
    )  # the manifest no newer than the files: every signature is racy
    recorded = manifest.Recorded.load(Path("out"))
    assert all(
        recorded.trusted("outputs", relative, Path("out") / relative) is None
        for relative in recorded.document["outputs"]
    )
    reads = _count_reads(monkeypatch)
    assert _up_to_date(refresh=False)
    assert len([r for r in reads if r.startswith("out/")]) == len(recorded.document["outputs"])


def test_a_check_that_had_to_read_files_refreshes_their_signatures(project, monkeypatch):
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, request=_request()))
    path = project / "out" / manifest.MANIFEST_NAME
    oldest = min(p.stat().st_mtime_ns for p in (project / "out").rglob("*") if p.is_file())
    os.utime(path, ns=(oldest, oldest))
    assert _up_to_date()  # reads everything, then rewrites the manifest
    age_manifest(project / "out")
    reads = _count_reads(monkeypatch)
    assert _up_to_date()
    assert reads == [], "after a refresh nothing needs reading"


def test_a_spec_edited_while_a_run_reads_it_is_not_recorded_as_generated(project, monkeypatch):
    spec = sorted((project / "specs").glob("*.yaml"))[0]
    original = speccache.read_record

    def read_then_edit(path, follow_links=False, **bounds):
        result = original(path, follow_links, **bounds)
        if Path(path).name == spec.name:
            spec.write_text(
                spec.read_text().replace("description: ", "description: Edited meanwhile. ", 1)
            )
        return result

    with monkeypatch.context() as patched:
        patched.setattr(speccache, "read_record", read_then_edit)
        run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, request=_request()))
    age_manifest(project / "out")
    recorded = manifest.Recorded.load(Path("out"))
    assert recorded.document["inputs"], "the run wrote its manifest"
    assert not _up_to_date(), "the manifest holds the digest of the bytes the outputs came from"


def test_an_output_edited_between_write_and_manifest_gets_no_signature(project, monkeypatch):
    victim_name: list[str] = []
    original = driver.signature_if_holds

    def edit_then_read(path, expected, digest):
        if not victim_name and Path(path).suffix == ".go":
            victim_name.append(Path(path).as_posix())
            Path(path).write_text(Path(path).read_text() + "// edited right after the write\n")
        return original(path, expected, digest)

    with monkeypatch.context() as patched:
        patched.setattr(driver, "signature_if_holds", edit_then_read)
        run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, request=_request()))
    document = manifest.Recorded.load(Path("out")).document
    relative = Path(victim_name[0]).relative_to("out").as_posix()
    assert relative not in document["signatures"]["outputs"]
    age_manifest(project / "out")
    assert not _up_to_date()


# -- many new files: made in a process pool, with the same result ------------------------------------------------


def test_a_pooled_run_renders_exactly_what_an_unpooled_run_renders(monkeypatch):
    from codegen.run import incremental
    from codegen.run.generate import load_tools, render_outputs

    from .support import SDK_SPEC_DIRS

    tools, _ = load_tools(SDK_SPEC_DIRS)
    assert len(tools) >= incremental.POOL_MIN_FILES * 2
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    pooled_chunks: list[int] = []
    original = forkpool.run

    def spy(function, items, workers, *args, **kwargs):
        result = original(function, items, workers, *args, **kwargs)
        pooled_chunks.append(workers if result is not None else 0)
        return result

    monkeypatch.setattr(
        incremental, "_pool_size", lambda files: 2 if files >= incremental.POOL_MIN_FILES else 1
    )
    monkeypatch.setattr(forkpool, "run", spy)
    pooled = render_outputs(tools, TARGETS)
    # two pools: one names the six folders side by side, one makes every target's tool files
    assert len(pooled_chunks) == 2, "one pool named the folders, one made the files"
    assert all(pooled_chunks), "both pools ran"
    assert pooled[1], "the spec dirs have naming warnings, which must come back from the pool"
    monkeypatch.setenv("TOOLGEN_NO_POOL", "1")
    monkeypatch.setattr(incremental, "_pool_size", lambda files: 1)
    assert render_outputs(tools, TARGETS) == pooled


def test_an_error_found_in_a_worker_is_reported_as_without_a_pool(tmp_path, monkeypatch):
    from codegen.run import incremental
    from codegen.errors import ConfigError
    from codegen.run.generate import load_tools, render_outputs

    from .support import SDK_SPEC_DIRS

    tools, _ = load_tools(SDK_SPEC_DIRS)
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    (tmp_path / "go").mkdir()
    (tmp_path / "go" / "tool.go.j2").write_text("package tools // no marker\n")
    monkeypatch.setattr(incremental, "_pool_size", lambda files: 2)
    with pytest.raises(ConfigError) as pooled:
        render_outputs(tools, ["go"], templates=str(tmp_path))
    monkeypatch.setattr(incremental, "_pool_size", lambda files: 1)
    with pytest.raises(ConfigError) as unpooled:
        render_outputs(tools, ["go"], templates=str(tmp_path))
    assert str(pooled.value) == str(unpooled.value) and "without the header marker" in str(
        pooled.value
    )


def test_a_stored_tool_file_reads_back_exactly():
    from codegen.errors import Diagnostic
    from codegen.run.incremental import FinishedFile, _decode, _encode

    text = 'export const a = "\\u0000 \\ud83d";\n// é 😀 \x00 NUL kept as is\n' * 50
    warning = Diagnostic("specs/a.yaml", 3, 7, "a warning with ünïcode")
    file = FinishedFile("sub/a.ts", text, {"name": "a", "nested": [1, None]}, (warning,), b"k" * 32)
    back = _decode(_encode(file), b"k" * 32)
    assert back == file


def _stored(head: bytes, text: bytes, length: int | None = None) -> bytes:
    """A stored file as codegen.cache.codec writes it: the head with the text's length, a line break, the text."""
    return b'{"t":[' + head + b"," + str(len(text) if length is None else length).encode() + b"]}\n" + text


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-3],  # truncated
        lambda data: data + b"x",  # longer than its lengths say
        lambda data: b"not a stored file at all",
        lambda data: b"",
        lambda data: _stored(b"{}", b"", length=0xFFFFFFFF),  # body longer than the entry
        lambda data: b"\x00\x00",  # no head
        lambda data: __import__("zlib").compress(data),  # the earlier, compressed form
        lambda data: _stored(b'{"d":[["path","a"]]}', b"text"),  # head is not [path, facts, rows]
        lambda data: _stored(b'{"t":[1,{"d":[]},[]]}', b"text"),  # path is not a string
        lambda data: _stored(b'{"t":["a",[],[]]}', b"text"),  # facts are not a mapping
        lambda data: _stored(b'{"t":["a",{"d":[]},[1]]}', b"text"),  # a warning row is not one
        lambda data: _stored(b'{"t":["a",{"c":["os","getcwd",[]]},[]]}', b"text"),  # names a function
        lambda data: _stored(b'{"t":["a",{"d":[]},[]]}', b"\xff"),  # text is not UTF-8
    ],
)
def test_a_damaged_stored_tool_file_is_a_miss(damage):
    from codegen.run.incremental import FinishedFile, _decode, _encode

    data = _encode(FinishedFile("a.go", "package a\n", {}, (), b"k"))
    assert _decode(data, b"k") is not None
    assert _decode(_stored(b'{"t":["a.go",{"d":[]},[]]}', b"package a\n"), b"k") == _decode(data, b"k")
    assert _decode(damage(data), b"k") is None


def _stored_naming(count: int = 2) -> bytes:
    """A folder's naming records as the cache keeps them (the Go target's, for two tools)."""
    from codegen.run.incremental import _name_here
    from codegen.targets import get_target

    tools, _ = generate.load_tools([SPECS])
    skeletons = [ir.naming_skeleton(tool) for tool in tools[:count]]
    return _name_here(get_target("go"), {}, skeletons).encode()


def test_a_stored_naming_reads_back_exactly():
    from codegen.run.incremental import _Naming, _name_here
    from codegen.targets import get_target

    tools, _ = generate.load_tools([SPECS])
    skeletons = [ir.naming_skeleton(tool) for tool in tools]
    naming = _name_here(get_target("go"), {}, skeletons)
    back = _Naming.decode(naming.encode(), len(tools))
    assert back is not None
    assert back.names_keys == naming.names_keys and back.warnings == naming.warnings
    assert list(back.records) == list(naming.records)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-3],  # truncated
        lambda data: b"",
        lambda data: __import__("zlib").compress(data),  # an entry of the compressed format before
        lambda data: __import__("pickle").dumps((["k", "l"], [b"x"], [])),  # counts disagree
        lambda data: __import__("pickle").dumps((["k", "l"], [b"x", b"y"], [[1]])),  # not a warning row
        lambda data: __import__("pickle").dumps(__import__("os").getcwd),  # a callable outside toolgen
        lambda data: data.replace(b"\n", b'\n{"c":["os","getcwd",[]]}\n', 1)[: len(data)],  # a function, as a class
        lambda data: b'{"t":[{"t":[["k","l"],[]]},0]}\n',  # counts disagree, in the encoding
        lambda data: b'{"c":["codegen.errors","Diagnostic",[]]}\n',  # a head that is no head
        lambda data: _stored_naming(count=1),  # another number of tools
    ],
)
def test_a_damaged_stored_naming_is_a_miss(damage):
    from codegen.run.incremental import _Naming

    data = _stored_naming()
    assert _Naming.decode(data, 2) is not None
    assert _Naming.decode(damage(data), 2) is None
