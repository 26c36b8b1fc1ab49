"""The benchmark's instruments: the seeded spec generator and `bench/run.py` (issue #6). No timing assertions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner

from bench.run import BenchError, Goal, SpecEditor, summary_checker
from bench.specgen import generate_specs, make_spec
from codegen.cli import main as toolgen_cli
from codegen.run.generate import load_tools
from codegen.spec.loader import load_specs
from codegen.cache.specs import skeleton_digest
from tests.support import REPO

SEED = 11


def _canonical(value: Any) -> str:
    """JSON text that tells 1 from 1.0 from true, so a YAML round trip cannot change a type unnoticed."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def test_generated_specs_pass_the_real_validator(tmp_path):
    generate_specs(30, SEED, tmp_path)
    tools, warnings = load_tools([tmp_path])  # raises SpecError listing every problem
    assert len(tools) == 30
    assert warnings == []
    result = CliRunner().invoke(toolgen_cli, ["validate", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "30 specs valid" in result.output


def test_yaml_on_disk_means_what_the_generator_meant(tmp_path):
    """PyYAML writes YAML 1.1; toolgen reads YAML 1.2. Every value must read back with its type."""
    generate_specs(30, SEED, tmp_path)
    loaded, problems = load_specs([tmp_path])
    assert not problems
    for index, item in enumerate(loaded):
        expected = make_spec(index, SEED)
        assert _canonical(item.document.value) == _canonical(expected), item.file


def test_generation_is_deterministic_and_prefix_stable(tmp_path):
    first = generate_specs(20, SEED, tmp_path / "a")
    again = generate_specs(20, SEED, tmp_path / "b")
    prefix = generate_specs(10, SEED, tmp_path / "c")
    other = generate_specs(20, SEED + 1, tmp_path / "d")
    texts = [path.read_bytes() for path in first]
    assert texts == [path.read_bytes() for path in again]
    assert texts[:10] == [path.read_bytes() for path in prefix]  # spec i does not depend on n
    assert [path.name for path in first] == [path.name for path in again]
    assert texts != [path.read_bytes() for path in other]


def _walk(schema: Any, parent_kind: str = "") -> list[tuple[str, dict]]:
    """Every schema node with the kind of node it hangs under ("", "property", "items", ...)."""
    found: list[tuple[str, dict]] = []
    if not isinstance(schema, dict):
        return found
    found.append((parent_kind, schema))
    for value in schema.get("properties", {}).values():
        found += _walk(value, "property")
    for value in schema.get("$defs", {}).values():
        found += _walk(value, "def")
    if isinstance(schema.get("items"), dict):
        found += _walk(schema["items"], "items")
    if isinstance(schema.get("additionalProperties"), dict):
        found += _walk(schema["additionalProperties"], "map")
    for option in schema.get("anyOf", []):
        found += _walk(option, "anyOf")
    return found


KEYWORDS_WITH_VALUES = (
    "format pattern minimum maximum exclusiveMinimum multipleOf minLength maxLength minItems maxItems "
    "uniqueItems examples"
).split()


def _features(spec: dict) -> set[str]:
    features: set[str] = set()
    root = spec["parameters"]
    count = len(root["properties"])
    assert 1 <= count <= 12, spec["name"]
    features.add(f"count:{count}")
    for key in ("isTerminal", "defer", "skipPermission", "overridesBuiltInTool"):
        if key in spec:
            features.add(f"option:{key}={spec[key]}")
    if "metadata" in spec:
        features.add("option:metadata" + ("" if spec["metadata"] else "={}"))
    for parent, node in _walk(root):
        kind = node.get("type")
        if (
            kind == "object"
            and "properties" in node
            and parent in {"property", "def"}
            and node is not root
        ):
            features.add("nested object")
        if kind == "array" and isinstance(node.get("items"), dict):
            items = node["items"]
            if items.get("type") == "object" or "$ref" in items:
                features.add("array of objects")
        if "enum" in node:
            features.add("enum" + (" with null" if None in node["enum"] else ""))
        if isinstance(kind, list):
            features.add("nullable type list")
        if "anyOf" in node:
            features.add("nullable anyOf")
        if "$ref" in node:
            features.add("$ref" + (" with description" if "description" in node else ""))
        if "default" in node:
            features.add(f"default:{type(node['default']).__name__}")
        if node.get("additionalProperties") is False:
            features.add("closed object")
        if isinstance(node.get("additionalProperties"), dict):
            features.add("map")
        for keyword in KEYWORDS_WITH_VALUES:
            if keyword in node:
                features.add(keyword)
    return features


BOOLEAN_OPTIONS = ("isTerminal", "skipPermission", "overridesBuiltInTool")
SHAPES = [
    "nested object", "array of objects", "enum", "enum with null", "map", "closed object",
    "nullable type list", "nullable anyOf", "$ref", "$ref with description", "count:1", "count:12",
]  # fmt: skip
EXPECTED_FEATURES = [
    *SHAPES,
    *[f"default:{kind}" for kind in ("str", "int", "float", "bool", "list", "dict", "NoneType")],
    *[f"option:{key}={value}" for key in BOOLEAN_OPTIONS for value in (True, False)],
    *["option:defer=auto", "option:defer=never", "option:metadata", "option:metadata={}"],
    *KEYWORDS_WITH_VALUES,
]


def test_two_hundred_specs_cover_every_shape_and_option():
    seen: Counter[str] = Counter()
    for index in range(200):
        seen.update(_features(make_spec(index, SEED)))
    expected = set(EXPECTED_FEATURES)
    assert expected <= set(seen), sorted(expected - set(seen))
    names = [make_spec(index, SEED)["name"] for index in range(200)]
    assert len(set(names)) == 200
    assert any("-" in name for name in names) and any(name != name.lower() for name in names)


SUMMARY_LINE = "{} tools → {} files: {} written, {} unchanged, {} removed\n"


def _finished(stdout: str) -> subprocess.CompletedProcess:
    return subprocess.CompletedProcess([], 0, stdout=stdout, stderr="")


def test_summary_checker_accepts_runs_that_did_their_work():
    assert (
        summary_checker(10, "all")(_finished(SUMMARY_LINE.format(10, 60, 60, 0, 0)))["written"]
        == 60
    )
    assert (
        summary_checker(10, "none")(_finished(SUMMARY_LINE.format(10, 60, 0, 60, 0)))["files"] == 60
    )
    assert (
        summary_checker(10, "some")(_finished(SUMMARY_LINE.format(10, 60, 6, 54, 0)))["written"]
        == 6
    )
    # Unknown wording (the CLI changed): only the exit code is checked, and the report says nothing.
    assert summary_checker(10, "all")(_finished("something else\n")) is None


@pytest.mark.parametrize(
    "expect, figures",
    [
        ("all", (10, 60, 59, 1, 0)),  # an empty folder, yet a file was "unchanged"
        ("all", (9, 54, 54, 0, 0)),  # a spec was not loaded
        ("none", (10, 60, 1, 59, 0)),  # nothing changed, yet a file was written
        ("some", (10, 60, 0, 60, 0)),  # one spec changed, yet nothing was written
        ("some", (10, 60, 60, 0, 0)),  # one spec changed, yet everything was rewritten
    ],
)
def test_summary_checker_rejects_a_run_that_did_not_do_its_work(expect, figures):
    """A fast path that skips (or repeats) work must not pass for a fast one."""
    with pytest.raises(BenchError):
        summary_checker(10, expect)(_finished(SUMMARY_LINE.format(*figures)))


def test_goal_verdicts():
    assert Goal("k", "l", 7.9, 8, "×", True).verdict == "PASS"
    assert Goal("k", "l", 8.1, 8, "×", True).verdict == "MISS"
    assert Goal("k", "l", 6.5, 6, "×", False).verdict == "PASS"
    assert Goal("k", "l", 5.5, 6, "×", False).verdict == "MISS"
    assert Goal("k", "l", None, 6, "×", False).verdict == "N/A"


EXPECTED_MEASUREMENTS = set(
    """floor floor.end cli.help import.click import.pydantic import.jinja2 import.black import.yaml
    check.unchanged check.one_changed generate.cold.small generate.cold.medium
    generate.cold.half generate.cold.large generate.unchanged.small generate.unchanged.medium generate.unchanged.half
    generate.unchanged.large
    generate.one_changed.large generate.one_reshaped.large generate.cold.large.nocache generate.python.large
    generate.python.large.nocache""".split()
)
# The peer (not a dependency of toolgen) is measured where it is installed and named under "skipped" elsewhere.
PEER_MEASUREMENTS = {"import.dmcg_generate": "datamodel-code-generator import", "peer.datamodel_codegen": "datamodel-codegen"}
EXPECTED_GOALS = set(
    """check_unchanged_vs_floor generate_one_cold_vs_floor generate_large_cold_seconds
    datamodel_codegen_vs_generate_large generate_large_nocache_seconds datamodel_codegen_vs_python_large
    datamodel_codegen_vs_python_large_nocache regenerate_one_changed_seconds linear_cost""".split()
)
EXPECTED_REPORT_KEYS = set(
    """results_version created duration_s machine config targets_registered warnings floor_median_s
    peer_versions skipped measurements targets""".split()
)


def test_quick_benchmark_runs_end_to_end(tmp_path):
    out = tmp_path / "results" / "latest.json"
    options = ["--quick", "--runs", "1", "--warmup", "0", "--no-quicktype", "--out", str(out)]
    command = [sys.executable, "bench/run.py", *options]
    proc = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "target (informative)" in proc.stdout

    report = json.loads(out.read_text(encoding="utf-8"))
    assert set(report) == EXPECTED_REPORT_KEYS
    assert {"cpu_count", "python", "platform", "toolgen_commit"} <= set(report["machine"])
    machine = report["machine"]
    assert machine["speed_probe_ms_at_start"] > 0 and machine["speed_probe_ms_at_end"] > 0
    if sys.platform == "linux":  # /proc/stat: the others' share over the run is measured
        assert 0 <= machine["others_share"] <= 1 and machine["steal_share"] >= 0
    assert "machine during the run: CPU speed probe" in proc.stdout
    assert report["config"]["quick"] is True
    assert set(report["measurements"]) >= EXPECTED_MEASUREMENTS
    skipped = {item["what"] for item in report["skipped"]}
    for key, what in PEER_MEASUREMENTS.items():
        assert (key in report["measurements"]) != (what in skipped), (key, skipped)
    for key, item in report["measurements"].items():
        assert item["runs"] == len(item["times_s"]) >= 1, key
        assert item["min_s"] <= item["median_s"] <= item["max_s"], key
        assert item["ratio_to_floor"] > 0, key
    assert report["measurements"]["generate.cold.large"]["n"] == report["config"]["sizes"]["large"]
    assert set(report["targets"]) == EXPECTED_GOALS
    assert {goal["verdict"] for goal in report["targets"].values()} <= {"PASS", "MISS", "N/A"}
    assert {"what": "quicktype", "reason": "left out by --no-quicktype"} in report["skipped"]
    assert out.with_suffix(".md").read_text(encoding="utf-8").count("| measurement |") == 1


def test_module_form_starts():
    proc = subprocess.run(
        [sys.executable, "-m", "bench.run", "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "--quick" in proc.stdout


def test_a_fresh_run_folder_sets_the_last_one_aside_instead_of_deleting_it(tmp_path):
    from bench.run import fresh_run_folders, set_aside

    outs = tmp_path / "out-x"
    setup = fresh_run_folders(outs)
    setup(0)
    (outs / "run-0" / "a.txt").write_text("from run 0")
    setup(1)
    assert sorted(path.name for path in outs.iterdir()) == ["run-1"]
    assert not any((outs / "run-1").iterdir()), "the new run folder is empty"
    aside = list((tmp_path / "set-aside").rglob("a.txt"))
    assert [path.read_text() for path in aside] == ["from run 0"], "set aside, not deleted"
    cache = tmp_path / "empty-cache"
    cache.mkdir()
    set_aside(cache, tmp_path)
    set_aside(cache, tmp_path)  # nothing there any more: nothing to do
    assert not cache.exists() and len(list((tmp_path / "set-aside").iterdir())) == 2


@pytest.mark.parametrize(
    "per_spec_after_half, expected",
    [(0.001, 1.0), (0.002, 2.0), (0.0005, 0.5)],
)
def test_linearity_compares_the_cost_per_spec_on_either_side_of_the_half(
    per_spec_after_half, expected
):
    from bench.run import FULL_SIZES, Measurement, _linearity

    sizes = FULL_SIZES
    fixed, per_spec = 0.2, 0.001

    def time_for(n: int) -> float:
        before = min(n, sizes.half) - 1
        after = max(0, n - sizes.half)
        return fixed + before * per_spec + after * per_spec_after_half

    results = {
        f"generate.cold.{size}": Measurement(f"generate.cold.{size}", size, "", [time_for(n)], 0, n)
        for size, n in (
            ("small", sizes.small),
            ("medium", sizes.medium),
            ("half", sizes.half),
            ("large", sizes.large),
        )
    }
    goal = _linearity(results, sizes)
    assert goal.value == pytest.approx(expected)
    assert goal.verdict == ("PASS" if expected <= 1.5 else "MISS")


def test_measurements_taken_together_alternate_run_by_run(tmp_path, monkeypatch):
    """Sizes whose medians are compared are measured round by round (a drift in the machine's speed then lands
    on all of them), each with its own warm-up and set-up; a single measurement is the one-series case."""
    from bench.run import Runner, Series

    runner = Runner(tmp_path, runs=3, warmup=1, env={}, timeout=10)
    order: list[str] = []

    def fake_run(argv, env=None):
        order.append(argv[0])
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(runner, "_run", fake_run)
    set_up: list[tuple[str, int]] = []
    together = runner.measure_together(
        [
            Series("a", "A", lambda i: [f"a{i}"], setup=lambda i: set_up.append(("a", i))),
            Series("b", "B", ["b"], runs=2, warmup=0),
        ]
    )
    assert order == ["a0", "b", "a1", "b", "a2", "a3"]
    assert set_up == [("a", 0), ("a", 1), ("a", 2), ("a", 3)]
    assert [len(m.times) for m in together] == [3, 2] and together[0].warmup == 1
    assert runner.results["a"] is together[0] and together[0].command == "a0"
    order.clear()
    single = runner.measure("c", "C", ["c"])
    assert order == ["c"] * 4 and len(single.times) == 3 and runner.results["c"] is single


# -- the machine's state during a run (bench/machine_state.py) ----------------------------------------------------


def _account(busy, steal, own, at):
    from bench.machine_state import CpuAccount

    return CpuAccount(busy, steal, own, at)


def test_others_share_is_the_machines_busy_time_less_the_benchmarks_own():
    from bench.machine_state import others_during

    facts = others_during(_account(100.0, 1.0, 10.0, 0.0), _account(130.0, 1.5, 37.0, 10.0), cpus=2)
    assert facts == {"others_cpu_s": 3.0, "others_share": 0.15, "steal_s": 0.5, "steal_share": 0.025}
    # tick granularity can make the machine's count a little smaller than ours: never a negative share
    facts = others_during(_account(100.0, 1.0, 10.0, 0.0), _account(110.0, 1.0, 20.5, 10.0), cpus=2)
    assert facts["others_cpu_s"] == 0.0 and facts["others_share"] == 0.0
    # off Linux nothing says what the machine did: no figure, and no warning made from one
    facts = others_during(_account(None, None, 1.0, 0.0), _account(None, None, 2.0, 1.0), cpus=2)
    assert set(facts.values()) == {None}


def test_machine_warnings_speak_only_of_a_real_share():
    from bench.machine_state import machine_warnings, others_during

    quiet = others_during(_account(100.0, 1.0, 10.0, 0.0), _account(118.0, 1.0, 27.0, 10.0), cpus=2)
    assert quiet["others_share"] == 0.05 and machine_warnings(quiet) == []
    crowded = others_during(_account(100.0, 1.0, 10.0, 0.0), _account(130.0, 3.0, 37.0, 10.0), cpus=2)
    warnings = machine_warnings(crowded)
    assert len(warnings) == 2
    assert warnings[0].startswith("other processes used 15% of the CPUs during the run (3.0 CPU-s)")
    assert warnings[1].startswith("the host took 10% of the CPUs during the run (steal 2.0 s)")


def test_only_the_load_at_the_start_flags_a_busy_machine():
    """The load average at the end of a run is the benchmark's own; the start's is everybody else's."""
    from bench.run import busy_machine_warnings

    machine = {"cpus_usable": 2, "cpu_count": 2, "load_average_at_start": [0.4, 0.3, 0.2]}
    assert busy_machine_warnings(machine) == []
    machine["load_average_at_start"] = [1.3, 0.9, 0.5]
    assert busy_machine_warnings(machine)[0].startswith("the machine was busy at the start (1-minute load 1.3")


@pytest.mark.skipif(sys.platform != "linux", reason="/proc/stat is Linux's")
def test_a_cpu_account_sees_the_machine_and_this_process():
    from bench.machine_state import CpuAccount, others_during

    before = CpuAccount.now()
    sum(range(3_000_000))  # some CPU time of our own
    after = CpuAccount.now()
    assert after.own_s > before.own_s and after.machine_busy_s >= before.machine_busy_s
    assert 0 <= others_during(before, after, cpus=2)["others_share"] <= 1


def test_machine_state_line():
    from bench.machine_state import describe

    machine = {
        "speed_probe_ms_at_start": 18.2,
        "speed_probe_ms_at_end": 19.0,
        "others_share": 0.012,
        "steal_share": 0.0,
    }
    assert describe(machine) == (
        "machine during the run: CPU speed probe 18.2 ms at the start, 19.0 ms at the end; "
        "other processes 1.2% of the CPUs; host steal 0.0%."
    )
    assert describe({}) == "machine during the run: not measured."


def test_the_spec_editor_changes_a_description_or_the_tools_shape(tmp_path):
    """The two one-spec edits the benchmark times: a description (the naming skeleton stays) and a property
    added, a new one each revision (the skeleton changes every time)."""
    generate_specs(3, 1, tmp_path)
    editor = SpecEditor(tmp_path, 1, 1)

    def edited_tool():
        tools, _ = load_tools([editor.path])
        return tools[0]

    original = edited_tool()
    editor.edit(5)
    described = edited_tool()
    assert described.description.endswith("(revision 5)")
    assert skeleton_digest(described) == skeleton_digest(original)
    shapes = set()
    for revision in (6, 7):
        editor.add_property(revision)
        reshaped = edited_tool()
        names = [field.wire_name for field in reshaped.decl(reshaped.params).fields]
        assert f"added_{revision}" in names
        assert len(names) == len(original.decl(original.params).fields) + 1
        shapes.add(skeleton_digest(reshaped))
    assert len(shapes) == 2 and skeleton_digest(original) not in shapes


# -- the generated code's start-up (bench/startup.py, issue #32) ---------------------------------------------------

STARTUP_ROW_KEYS = set(
    "lang n sdk_s import_s build_s import_ratio build_ratio per_tool_build_ms".split()
)


def test_startup_table_runs_end_to_end(tmp_path):
    """Every language × size gets a row (or the language is named as skipped, with the reason); the ratios are
    the medians' and the per-tool cost is (build − SDK) / n. No time is asserted."""
    from bench.startup import QUICK_TOOL_COUNTS, STARTUP_LANGUAGES

    out = tmp_path / "startup.json"
    options = ["--quick", "--runs", "1", "--warmup", "0", "--out", str(out)]
    command = [sys.executable, "-m", "bench.startup", *options]
    proc = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr

    section = json.loads(out.read_text(encoding="utf-8"))["startup"]
    assert section["counts"] == list(QUICK_TOOL_COUNTS)
    skipped = {
        item["what"].removeprefix("start-up of "): item["reason"] for item in section["skipped"]
    }
    assert "python" not in skipped, skipped  # the test extras install the Python SDK
    measured = {(row["lang"], row["n"]) for row in section["rows"]}
    expected = {
        (lang, n) for lang in STARTUP_LANGUAGES if lang not in skipped for n in QUICK_TOOL_COUNTS
    }
    assert measured == expected
    for row in section["rows"]:
        assert set(row) == STARTUP_ROW_KEYS
        assert row["import_ratio"] == pytest.approx(row["import_s"] / row["sdk_s"], abs=1e-3)
        assert row["build_ratio"] == pytest.approx(row["build_s"] / row["sdk_s"], abs=1e-3)
        per_tool = (row["build_s"] - row["sdk_s"]) / row["n"] * 1000
        assert row["per_tool_build_ms"] == pytest.approx(per_tool, abs=1e-3)
    table = out.with_suffix(".md").read_text(encoding="utf-8")
    assert table.count("| language | tools |") == 1
    assert len([line for line in table.splitlines() if line.startswith("| python |")]) == len(
        QUICK_TOOL_COUNTS
    )


def test_startup_programs_build_what_they_import(tmp_path):
    """The measured Python programs: (a) the SDK alone, (b) the package, (c) every tool built; (c) fails when
    `all_tools` builds fewer tools than were generated, so a figure cannot come from work not done.
    """
    from bench.startup import PACKAGE, python_programs

    out = tmp_path / "out"
    result = CliRunner().invoke(
        toolgen_cli, ["generate", str(REPO / "specs"), "--out", str(out), "--lang", "python"]
    )
    assert result.exit_code == 0, result.output
    count = len(list((REPO / "specs").glob("*.yaml")))
    work = tmp_path / "work"
    work.mkdir()
    programs = python_programs(work, out, count, dict(os.environ))
    assert set(programs.argv) == {"sdk", "import", "build"}
    assert programs.argv["import"][-1] == f"import {PACKAGE}"
    for name, argv in programs.argv.items():
        proc = subprocess.run(
            argv, cwd=work, env=programs.env, capture_output=True, text=True, timeout=300
        )
        assert proc.returncode == 0, (name, proc.stderr)
    (tmp_path / "other").mkdir()
    wrong = python_programs(tmp_path / "other", out, count + 1, dict(os.environ))
    proc = subprocess.run(
        wrong.argv["build"], cwd=work, env=wrong.env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode != 0 and "AssertionError" in proc.stderr


def test_bench_run_takes_the_startup_table_on_request():
    from bench.run import parse_args

    assert parse_args(["--startup"]).startup is True
    assert parse_args([]).startup is False
