"""The toolgen benchmark (issue #6): one command, every figure measured side by side in the same run.

    python -m bench.run [--quick] [--runs N] [--out bench/results/latest.json]

Every measurement is a fresh process (`sys.executable -m codegen …`, so the interpreter and the checkout are
the ones running this script), timed with a monotonic clock (`time.perf_counter`) around the whole process:
one warm-up run that is thrown away, then N timed runs. The median and the minimum are reported, with the
ratio of the median to the median of `python -c pass` (the floor, measured at the start and again at the end
of the same run). Set-up between runs (fresh output folders, the one-spec edit) is never timed. Every toolgen
run is checked: its exit code, and the "N tools → M files: W written…" summary when it is recognised, so a
broken fast path cannot pass for a fast one.

The peers run on the same parameter schemas as the large spec set: datamodel-codegen (the Python-only peer,
its default formatters, one call over a folder of JSON schemas) and, when installed, quicktype for the six
languages. Nothing here asserts a time: the PASS/MISS column is informative.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as `python bench/run.py`: make `bench` and `codegen` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.machine_state import (  # noqa: E402
    CpuAccount,
    describe,
    machine_warnings,
    others_during,
    speed_probe,
)
from bench.specgen import generate_specs, make_spec, spec_file_name, write_spec  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "bench" / "results" / "latest.json"
# The cache root of tests/support.py (downloads live outside the clone); quicktype is installed below it.
CACHE_ROOT = Path(os.environ.get("TOOLGEN_TEST_CACHE", Path.home() / ".cache" / "toolgen-tests"))
CACHE = CACHE_ROOT / "bench"
QUICKTYPE_PACKAGE = "quicktype@26.0.0"
RESULTS_VERSION = 1
# The languages whose generated code's start-up is measured (bench/startup.py).
STARTUP_LANGUAGES = ("python", "nodejs")

# quicktype's language name and output file for each of toolgen's six targets.
QUICKTYPE_LANGUAGES = {
    "nodejs": ("typescript", "tools.ts"),
    "python": ("python", "tools.py"),
    "go": ("go", "tools.go"),
    "dotnet": ("csharp", "Tools.cs"),
    "java": ("java", "Tools.java"),  # Java writes one file per class beside this one
    "rust": ("rust", "tools.rs"),
}
DMCG_FIRST_GENERATE = (
    "from datamodel_code_generator import InputFileType, generate\n"
    'generate(\'{"type": "object", "properties": {"name": {"type": "string"}}}\', '
    "input_file_type=InputFileType.JsonSchema)"
)
# (key, label, code for `python -c`)
HEAVY_IMPORTS = [
    ("import.click", "import click", "import click"),
    ("import.pydantic", "import pydantic", "import pydantic"),
    ("import.jinja2", "import jinja2", "import jinja2"),
    ("import.black", "import black", "import black"),
    ("import.yaml", "import yaml", "import yaml"),
    (
        "import.dmcg_generate",
        "datamodel-code-generator: import + first generate()",
        DMCG_FIRST_GENERATE,
    ),
]
VERSION = re.compile(r"\d+(\.\d+)+")
SUMMARY = re.compile(r"(\d+) tools? → (\d+) files?: (\d+) written, (\d+) unchanged, (\d+) removed")


@dataclass(frozen=True)
class Sizes:
    check: int  # specs for `toolgen check`
    small: int  # `generate` sizes: the "1", the "100" and the "1000" of the issue
    medium: int
    large: int
    # between medium and large: the linearity check compares the cost per spec on either side of it, two spans
    # of hundreds of specs each (from 1 to 100, a few milliseconds of noise outweigh the whole difference)
    half: int


FULL_SIZES = Sizes(check=50, small=1, medium=100, large=1000, half=500)
QUICK_SIZES = Sizes(check=3, small=1, medium=3, large=10, half=6)


class BenchError(Exception):
    """A measured command did not do what it must, so its figure would be a lie."""


@dataclass
class Measurement:
    key: str
    label: str
    command: str  # for display: the work folder as $WORK, the interpreter as `python`
    times: list[float]
    warmup: int
    n: int | None = None
    note: str = ""
    summary: dict[str, int] | None = None  # what the last run reported or wrote (files, written, …)

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    def as_json(self, floor: float) -> dict[str, Any]:
        return {
            "label": self.label,
            "command": self.command,
            "n": self.n,
            "warmup_runs": self.warmup,
            "runs": len(self.times),
            "times_s": [round(t, 6) for t in self.times],
            "median_s": round(self.median, 6),
            "min_s": round(min(self.times), 6),
            "max_s": round(max(self.times), 6),
            "ratio_to_floor": round(self.median / floor, 3),
            "summary": self.summary,
            "note": self.note,
        }


@dataclass
class Goal:
    """One target of issue #6, evaluated from this run's figures (informative only)."""

    key: str
    label: str
    value: float | None  # None: not measured in this run
    limit: float
    unit: str  # "×" (a ratio) or " s"
    at_most: bool  # True: value ≤ limit passes; False: value ≥ limit passes
    note: str = ""

    @property
    def verdict(self) -> str:
        if self.value is None:
            return "N/A"
        ok = self.value <= self.limit if self.at_most else self.value >= self.limit
        return "PASS" if ok else "MISS"

    @property
    def shown_value(self) -> str:
        return "-" if self.value is None else f"{self.value:.2f}{self.unit}"

    @property
    def shown_limit(self) -> str:
        return f"{'≤' if self.at_most else '≥'} {self.limit:g}{self.unit}"

    def as_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "value": None if self.value is None else round(self.value, 3),
            "limit": self.limit,
            "unit": self.unit.strip(),
            "comparison": "<=" if self.at_most else ">=",
            "verdict": self.verdict,
            "note": self.note,
        }


Verify = Callable[[subprocess.CompletedProcess], "dict[str, int] | None"]


@dataclass
class Series:
    """One command to time: what `Runner.measure` takes, and the runs timed so far."""

    key: str
    label: str
    argv: Callable[[int], list[str]] | list[str]
    n: int | None = None
    runs: int | None = None  # None: the runner's
    expect_exit: int = 0
    setup: Callable[[int], None] | None = None
    verify: Verify | None = None
    note: str = ""
    shown: str | None = None
    env: dict[str, str] | None = None
    warmup: int | None = None  # None: the runner's
    times: list[float] = field(default_factory=list)
    summary: dict[str, int] | None = None


@dataclass
class Runner:
    """Runs commands as fresh processes in the work folder and times them."""

    work: Path
    runs: int
    warmup: int
    env: dict[str, str]
    timeout: float  # seconds for one process; a hung process must not hang the benchmark
    results: dict[str, Measurement] = field(default_factory=dict)
    # How programs are shown in commands: the interpreter as `python`, a peer's path by its name.
    aliases: dict[str, str] = field(default_factory=lambda: {sys.executable: "python"})

    def display(self, argv: Sequence[str]) -> str:
        shown = [
            self.aliases.get(str(arg), str(arg)).replace(str(self.work), "$WORK") for arg in argv
        ]
        return " ".join(shlex.quote(arg) if re.search(r"[\s'\"]", arg) else arg for arg in shown)

    def _run(
        self, argv: list[str], env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess:
        try:
            return subprocess.run(
                argv,
                cwd=self.work,
                env=env or self.env,
                capture_output=True,
                text=True,
                timeout=self.timeout,
            )
        except subprocess.TimeoutExpired:
            raise BenchError(f"`{self.display(argv)}` ran longer than {self.timeout:g} s") from None
        except OSError as error:  # e.g. a peer's program that is not executable
            raise BenchError(f"`{self.display(argv)}` could not start: {error}") from None

    def measure(
        self,
        key: str,
        label: str,
        argv: Callable[[int], list[str]] | list[str],
        **options: Any,
    ) -> Measurement:
        """Time `argv` (or `argv(run_index)`), warm-up first; `setup(run_index)` runs untimed before each.
        `options` are `Series`' other fields."""
        return self.measure_together([Series(key, label, argv, **options)])[0]

    def measure_together(self, series: list[Series]) -> list[Measurement]:
        """Time several commands round by round: run i of each, then run i + 1 of each. Their ratios are what
        gets compared (the cost per spec from 100 to 500 and from 500 to 1000), and this machine's speed drifts
        over minutes: measured one after the other, a drift lands on one of them only."""
        names = ", ".join(item.label for item in series)
        print(f"  {names} …", end="", file=sys.stderr, flush=True)
        rounds = max(self._warmup(item) + self._runs(item) for item in series)
        for index in range(rounds):
            for item in series:
                if index < self._warmup(item) + self._runs(item):
                    self._run_once(item, index)
        results = []
        for item in series:
            command = item.argv(0) if callable(item.argv) else item.argv
            result = Measurement(
                item.key, item.label, item.shown or self.display(command), item.times,
                self._warmup(item), item.n, item.note, item.summary,
            )  # fmt: skip
            self.results[item.key] = result
            results.append(result)
        medians = ", ".join(f"{result.median:.3f} s" for result in results)
        print(f" median {medians}", file=sys.stderr)
        return results

    def _warmup(self, item: Series) -> int:
        return self.warmup if item.warmup is None else item.warmup

    def _runs(self, item: Series) -> int:
        return self.runs if item.runs is None else item.runs

    def _run_once(self, item: Series, index: int) -> None:
        command = item.argv(index) if callable(item.argv) else item.argv
        if item.setup is not None:
            item.setup(index)
        start = time.perf_counter()
        proc = self._run(command, item.env)
        elapsed = time.perf_counter() - start
        if proc.returncode != item.expect_exit:
            print(" failed", file=sys.stderr)
            raise BenchError(_failure(item.label, self.display(command), proc, item.expect_exit))
        if item.verify is not None:
            item.summary = item.verify(proc)
        if index >= self._warmup(item):
            item.times.append(elapsed)

    def run_untimed(self, argv: list[str]) -> subprocess.CompletedProcess:
        proc = self._run(argv)
        if proc.returncode != 0:
            raise BenchError(_failure("set-up", self.display(argv), proc, 0))
        return proc


def _failure(label: str, command: str, proc: subprocess.CompletedProcess, expected: int) -> str:
    output = (proc.stdout.strip() + "\n" + proc.stderr.strip()).strip().splitlines()[-15:]
    details = "".join(f"\n    {line}" for line in output)
    return f"{label}: `{command}` exited {proc.returncode}, expected {expected}{details}"


def fresh_run_folders(parent: Path) -> Callable[[int], None]:
    """Set-up for "into an empty folder": run i gets parent/run-i, created empty; run i-1's is set aside.
    `parent` is a folder of the work folder."""

    def setup(index: int) -> None:
        set_aside(parent / f"run-{index - 1}", parent.parent)
        (parent / f"run-{index}").mkdir(parents=True)

    return setup


def set_aside(path: Path, work: Path) -> None:
    """Move `path` (if there) into `work/set-aside/`, which is deleted with the work folder when the benchmark
    ends. Not deleted now: on the measuring machine (ext4 mounted with `discard`), creating 6,000 files right after
    deleting 6,000 others took 0.5-1.3 s of kernel time instead of about 0.1 s, and that cost landed in the next
    timed run. A rename costs nothing, so every "empty folder" or "empty cache" run measures the program, not the
    clean-up of the run before it. Peers get the same treatment."""
    if not path.exists():
        return
    trash = work / "set-aside"
    trash.mkdir(exist_ok=True)
    path.rename(trash / f"{path.parent.name}-{path.name}-{time.monotonic_ns()}")


# ---------------------------------------------------------------------------------------------------------
# toolgen


def toolgen(*args: str | Path, langs: Sequence[str] = ()) -> list[str]:
    command = [sys.executable, "-m", "codegen", *[str(a) for a in args]]
    for lang in langs:
        command += ["--lang", lang]
    return command


def summary_checker(n: int, expect: str) -> Verify:
    """Check the summary line of `toolgen generate`: every spec loaded, files written as the scenario implies.

    expect: "all" (empty folder: every file written), "none" (nothing changed), "some" (one spec changed:
    some files written, not all). When the line is not recognised (the CLI's wording changed), only the exit
    code is checked.
    """

    def verify(proc: subprocess.CompletedProcess) -> dict[str, int] | None:
        match = SUMMARY.search(proc.stdout)
        if not match:
            return None
        keys = ("tools", "files", "written", "unchanged", "removed")
        summary = dict(zip(keys, map(int, match.groups())))
        files, written = summary["files"], summary["written"]
        problems = []
        if summary["tools"] != n:
            problems.append(f"{summary['tools']} tools loaded, expected {n}")
        if expect == "all" and (written != files or summary["unchanged"] or summary["removed"]):
            problems.append("an empty output folder must get every file written")
        if expect == "none" and (written or summary["removed"]):
            problems.append("nothing changed, yet files were written or removed")
        if expect == "some" and files and not written:
            problems.append("one spec changed, yet no file was written")
        if expect == "some" and files and written == files:
            problems.append("one spec changed, yet every file was rewritten")
        if problems:
            raise BenchError(f"toolgen generate: {'; '.join(problems)} ({match.group(0)})")
        return summary

    return verify


def registered_targets(runner: Runner) -> list[str]:
    """The targets of the checkout being measured, asked of a child process like every measurement."""
    probe = (
        "import json; from codegen.targets import target_names; print(json.dumps(target_names()))"
    )
    return json.loads(runner.run_untimed([sys.executable, "-c", probe]).stdout)


class SpecEditor:
    """Rewrites one spec of a folder: exactly that spec differs from before."""

    def __init__(self, folder: Path, index: int, seed: int):
        self.spec = make_spec(index, seed)
        self.path = folder / spec_file_name(index, self.spec)

    def edit(self, revision: int) -> None:
        """A new description (the tool's names, types and properties stay as they are)."""
        description = f"{self.spec['description']} (revision {revision})"
        comment = f"benchmark spec edited by bench/run.py, revision {revision}"
        write_spec(self.path, {**self.spec, "description": description}, comment)

    def add_property(self, revision: int) -> None:
        """The original spec with one more property, named after the revision: a new shape each time."""
        parameters = dict(self.spec["parameters"])
        added = {"type": "string", "description": f"Added in revision {revision}."}
        parameters["properties"] = {**parameters["properties"], f"added_{revision}": added}
        comment = f"benchmark spec reshaped by bench/run.py, revision {revision}"
        write_spec(self.path, {**self.spec, "parameters": parameters}, comment)


def _specs(n: int) -> str:
    return f"{n} spec{'s' if n != 1 else ''}"


def measure_toolgen(
    runner: Runner, sizes: Sizes, seed: int, langs: Sequence[str], drift: bool
) -> None:
    """check and generate in every scenario of the issue. `langs` are passed as --lang (empty: all targets);
    `drift` says whether any target is registered, i.e. whether an edited spec can make output stale.
    """
    work = runner.work
    spec_dirs = {
        n: work / f"specs-{n}"
        for n in {sizes.check, sizes.small, sizes.medium, sizes.half, sizes.large}
    }
    for n, folder in spec_dirs.items():
        generate_specs(n, seed, folder)

    runner.measure("cli.help", "toolgen --help (CLI start-up)", toolgen("--help"))

    # check: specs whose output is on disk; then the same output against a copy with one spec edited.
    n = sizes.check
    check_out = work / "out-check"
    runner.run_untimed(toolgen("generate", spec_dirs[n], "--out", check_out, langs=langs))
    runner.measure(
        "check.unchanged",
        f"toolgen check, {_specs(n)} unchanged",
        toolgen("check", spec_dirs[n], "--out", check_out, langs=langs),
        n=n,
    )
    edited = work / f"specs-{n}-edited"
    shutil.copytree(spec_dirs[n], edited)
    SpecEditor(edited, n // 2, seed).edit(1)
    runner.measure(
        "check.one_changed",
        f"toolgen check, 1 of {n} specs changed",
        toolgen("check", edited, "--out", check_out, langs=langs),
        n=n,
        expect_exit=1 if drift else 0,  # 1 = drift; with no target, no output exists to drift
        note="" if drift else "no target registered: nothing can drift, exit 0 expected",
    )

    sized = [
        ("small", sizes.small),
        ("medium", sizes.medium),
        ("half", sizes.half),
        ("large", sizes.large),
    ]
    last_output: dict[int, Path] = {}
    into_empty_folders = []
    for size, n in sized:
        folders = work / f"out-cold-{n}"

        def into_empty(i: int, specs: Path = spec_dirs[n], folders: Path = folders) -> list[str]:
            return toolgen("generate", specs, "--out", folders / f"run-{i}", langs=langs)

        into_empty_folders.append(
            Series(
                f"generate.cold.{size}",
                f"toolgen generate, {_specs(n)}, empty folder",
                into_empty,
                n=n,
                setup=fresh_run_folders(folders),
                verify=summary_checker(n, "all"),
            )
        )
        last_output[n] = folders / f"run-{runner.warmup + runner.runs - 1}"
    # together: the linearity figure divides differences of these medians
    runner.measure_together(into_empty_folders)

    measure_empty_cache(runner, spec_dirs[sizes.large], sizes.large, langs)

    for size, n in sized:
        runner.measure(
            f"generate.unchanged.{size}",
            f"toolgen generate, {_specs(n)}, nothing changed",
            toolgen("generate", spec_dirs[n], "--out", last_output[n], langs=langs),
            n=n,
            verify=summary_checker(n, "none"),
        )

    # Regenerate after one spec of the large set changed: before each run, that spec gets a new revision. First a
    # new description; then, in a folder of its own, a property added (a new shape: every folder is named again).
    edits = [
        ("generate.one_changed.large", "edited", "", SpecEditor.edit),
        ("generate.one_reshaped.large", "reshaped", ", a property added", SpecEditor.add_property),
    ]
    n = sizes.large
    for key, folder, what, edit in edits:
        specs = work / f"specs-{n}-{folder}"
        shutil.copytree(spec_dirs[n], specs)
        out = work / f"out-{folder}-{n}"
        runner.run_untimed(toolgen("generate", specs, "--out", out, langs=langs))
        editor = SpecEditor(specs, n // 2, seed)
        runner.measure(
            key,
            f"toolgen generate, 1 of {n} specs changed{what}",
            toolgen("generate", specs, "--out", out, langs=langs),
            n=n,
            setup=lambda i, editor=editor, edit=edit: edit(editor, i + 1),
            verify=summary_checker(n, "some" if drift else "none"),
        )


def measure_empty_cache(runner: Runner, specs: Path, n: int, langs: Sequence[str]) -> None:
    """A first run: empty output folder and empty toolgen cache (nothing parsed, formatted or laid out before).

    Every other `generate` figure runs with the benchmark's own toolgen cache (TOOLGEN_CACHE_DIR in the work
    folder), which the warm-up run fills: that is what a developer or a CI job that keeps ~/.cache sees. These
    runs point TOOLGEN_CACHE_DIR at a folder that is set aside before each run (`set_aside`), so each starts
    without one; no warm-up (it would not warm).
    Python alone is measured too, since the datamodel-codegen comparison of issue #6 is for Python alone.
    As many timed runs as every other figure (issue #6 asks for at least five): with three, one run in a slow
    phase of the machine decided the median.
    """
    cache = runner.work / "empty-cache"
    env = {**runner.env, "TOOLGEN_CACHE_DIR": str(cache)}
    scenarios = [("generate.cold.large.nocache", "", list(langs))]
    if not langs or "python" in langs:
        scenarios += [
            ("generate.python.large", "warm", ["python"]),
            ("generate.python.large.nocache", "", ["python"]),
        ]
    for key, warm, chosen in scenarios:
        folders = runner.work / f"out-{key}"
        fresh = fresh_run_folders(folders)

        def setup(i: int, fresh: Callable[[int], None] = fresh, warm: str = warm) -> None:
            fresh(i)
            if not warm:
                set_aside(cache, runner.work)

        def into_empty(i: int, folders: Path = folders, chosen: list[str] = chosen) -> list[str]:
            return toolgen("generate", specs, "--out", folders / f"run-{i}", langs=chosen)

        what = (
            "Python only"
            if chosen == ["python"]
            else "all targets" if not chosen else ", ".join(chosen)
        )
        runner.measure(
            key,
            f"toolgen generate, {_specs(n)}, empty folder, {what}, {'warm' if warm else 'empty'} cache",
            into_empty,
            n=n,
            warmup=None if warm else 0,
            setup=setup,
            verify=summary_checker(n, "all"),
            env=None if warm else env,
        )


# ---------------------------------------------------------------------------------------------------------
# Peers


def write_parameter_schemas(spec_dir: Path, out_dir: Path) -> int:
    """The `parameters` of each spec, exactly as toolgen reads it, as one JSON Schema file per tool."""
    from codegen.spec.loader import load_specs

    loaded, problems = load_specs([spec_dir])
    errors = [problem for problem in problems if problem.is_error]
    if errors:
        raise BenchError(f"a generated spec is invalid: {errors[0]}")
    out_dir.mkdir(parents=True, exist_ok=True)
    for item in loaded:
        text = json.dumps(item.spec.parameters, indent=2, ensure_ascii=False) + "\n"
        (out_dir / f"{item.spec.name}.json").write_text(text, encoding="utf-8")
    return len(loaded)


def version_of(argv: list[str], env: dict[str, str]) -> str | None:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = VERSION.search(proc.stdout or proc.stderr) if proc.returncode == 0 else None
    return found.group(0) if found else None


def find_datamodel_codegen() -> str | None:
    # Prefer the one installed with this interpreter.
    beside = Path(sys.executable).parent / "datamodel-codegen"
    return str(beside) if beside.exists() else shutil.which("datamodel-codegen")


def measure_datamodel_codegen(runner: Runner, schemas: Path, n: int, runs: int) -> str | None:
    """One `datamodel-codegen` call over the folder of schemas (it writes one module per schema), with its
    default formatters, into an empty folder. Returns the version; raises BenchError when it fails.
    """
    program = find_datamodel_codegen()
    if program is None:
        raise BenchError("datamodel-codegen is not installed")
    version = version_of([program, "--version"], runner.env)
    runner.aliases[program] = "datamodel-codegen"
    folders = runner.work / "out-dmcg"

    def verify(proc: subprocess.CompletedProcess) -> dict[str, int]:
        last = max(folders.iterdir(), key=lambda p: int(p.name.split("-")[1]))
        modules = [p for p in last.rglob("*.py") if p.name != "__init__.py"]
        if len(modules) != n:
            raise BenchError(f"datamodel-codegen wrote {len(modules)} modules for {n} schemas")
        return {"files": len(modules)}

    runner.measure(
        "peer.datamodel_codegen",
        f"datamodel-codegen, {n} schemas, empty folder",
        lambda i: [
            program,
            "--input",
            str(schemas),
            "--input-file-type",
            "jsonschema",
            "--output",
            str(folders / f"run-{i}"),
        ],
        n=n,
        runs=runs,
        setup=fresh_run_folders(folders),
        verify=verify,
        note=(
            f"datamodel-codegen {version or '(version unknown)'}: one call with the folder of {n} JSON "
            "schemas as --input (one module per schema), default formatters (black, isort), default "
            f"output model (pydantic v2); timed runs: {runs}"
        ),
    )
    return version


def find_quicktype() -> str | None:
    cached = CACHE / "node_modules" / ".bin" / "quicktype"
    return shutil.which("quicktype") or (str(cached) if cached.exists() else None)


def install_quicktype(env: dict[str, str]) -> None:
    npm = shutil.which("npm")
    if npm is None:
        print("cannot install quicktype: npm is not installed", file=sys.stderr)
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    print(f"installing {QUICKTYPE_PACKAGE} into {CACHE} …", file=sys.stderr)
    command = [npm, "install", "--no-audit", "--no-fund", "--prefix", str(CACHE), QUICKTYPE_PACKAGE]
    subprocess.run(command, env=env, check=False)


def quicktype_unavailable() -> str | None:
    """Why quicktype cannot run here, or None when it can."""
    if shutil.which("npx") is None:
        return "npx is not installed (no Node.js)"
    if find_quicktype() is None:
        return (
            f"quicktype is not installed (neither on PATH nor in {CACHE}); "
            "run with --install-quicktype to install it there"
        )
    return None


def quicktype_command(program: str, language: str, out: Path, sources: list[str]) -> list[str]:
    return [program, "--src-lang", "schema", "--lang", language, "--out", str(out), *sources]


def measure_quicktype(
    runner: Runner, schemas: Path, n: int, runs: int, skipped: list
) -> str | None:
    """quicktype for each of the six languages: one call with all schema files, default options, into an
    empty folder. Optional: a language that fails is reported as skipped, never fatal."""
    program = find_quicktype()
    if program is None:  # quicktype_unavailable() said why before this is called
        return None
    version = version_of([program, "--version"], runner.env)
    runner.aliases[program] = "quicktype"
    sources = sorted(str(path) for path in schemas.glob("*.json"))
    for target, (language, file_name) in QUICKTYPE_LANGUAGES.items():
        folders = runner.work / f"out-quicktype-{target}"

        def command(
            i: int, folders: Path = folders, language: str = language, name: str = file_name
        ):
            return quicktype_command(program, language, folders / f"run-{i}" / name, sources)

        wildcard = [str(schemas / "*.json")]  # shown instead of every schema file
        shown = runner.display(
            quicktype_command(program, language, folders / "run-0" / file_name, wildcard)
        )
        try:
            runner.measure(
                f"peer.quicktype.{target}",
                f"quicktype --lang {language}, {n} schemas",
                command,
                n=n,
                runs=runs,
                setup=fresh_run_folders(folders),
                shown=shown,
                note=f"quicktype {version or '(version unknown)'}: one call with the {n} schema files, "
                f"default options; timed runs: {runs}",
            )
        except BenchError as error:
            skipped.append({"what": f"quicktype --lang {language}", "reason": str(error)})
    return version


# ---------------------------------------------------------------------------------------------------------
# Machine, goals, report


def machine_facts(env: dict[str, str]) -> dict[str, Any]:
    return {
        "cpu_count": os.cpu_count(),
        "cpus_usable": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "cpu_model": _proc_field("/proc/cpuinfo", "model name") or platform.processor() or None,
        "memory_gib": _memory_gib(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "node": version_of(["node", "--version"], env) if shutil.which("node") else None,
        "load_average_at_start": _load_average(),
        "pythondontwritebytecode": bool(env.get("PYTHONDONTWRITEBYTECODE")),
        **_git_facts(),
    }


def _proc_field(path: str, name: str) -> str | None:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(name):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def _memory_gib() -> float | None:
    total = _proc_field("/proc/meminfo", "MemTotal")  # "24576000 kB"
    return round(int(total.split()[0]) / 1024 / 1024, 1) if total else None


def _load_average() -> list[float] | None:
    return [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None


def busy_machine_warnings(machine: dict[str, Any]) -> list[str]:
    """Other work on the machine inflates every figure (the floor too, but not evenly): say so. The load average
    counts only at the start: at the end it is mostly the benchmark's own (bench/machine_state.py measures the
    others' share over the run instead)."""
    cpus = _cpus(machine)
    warnings = []
    load = machine.get("load_average_at_start")
    if load and load[0] > cpus / 2:
        warnings.append(
            f"the machine was busy at the start (1-minute load {load[0]} on {cpus} CPUs): "
            "figures are noisy; rerun on an idle machine before quoting them"
        )
    return warnings + machine_warnings(machine)


def _cpus(machine: dict[str, Any]) -> int:
    return machine["cpus_usable"] or machine["cpu_count"] or 1


def _git_facts() -> dict[str, Any]:
    facts: dict[str, Any] = {"toolgen_commit": None, "toolgen_worktree_dirty": None}
    if (REPO / ".git").exists() and shutil.which("git"):
        git = ["git", "-C", str(REPO)]
        head = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True)
        status = subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True)
        facts["toolgen_commit"] = head.stdout.strip() or None
        if status.returncode == 0:
            facts["toolgen_worktree_dirty"] = bool(status.stdout.strip())
    return facts


def evaluate_goals(
    results: dict[str, Measurement], floor: float, sizes: Sizes, langs: list[str]
) -> list[Goal]:
    def median(key: str) -> float | None:
        return results[key].median if key in results else None

    def per_floor(key: str) -> float | None:
        value = median(key)
        return None if value is None else value / floor

    partial = ""
    if len(langs) < len(QUICKTYPE_LANGUAGES):
        partial = f"{len(langs)} of 6 targets ({', '.join(langs) or 'none'}): not yet the 6-language figure"
    cold, dmcg = median("generate.cold.large"), median("peer.datamodel_codegen")
    speedup = dmcg / cold if dmcg is not None and cold else None
    peer_note = "; ".join(filter(None, [partial, "" if dmcg else "datamodel-codegen not measured"]))
    large = sizes.large
    return [
        Goal(
            "check_unchanged_vs_floor",
            f"check {sizes.check} unchanged / floor",
            per_floor("check.unchanged"),
            8,
            "×",
            True,
        ),
        Goal(
            "generate_one_cold_vs_floor",
            f"generate {_specs(sizes.small)} cold / floor",
            per_floor("generate.cold.small"),
            35,
            "×",
            True,
        ),
        Goal(
            "generate_large_cold_seconds",
            f"generate {large} specs into an empty folder",
            cold,
            5.0,
            " s",
            True,
            "; ".join(
                filter(
                    None, [partial, "toolgen's cache warm (the empty-cache figure is further down)"]
                )
            ),
        ),
        Goal(
            "datamodel_codegen_vs_generate_large",
            f"datamodel-codegen / generate, {large} schemas",
            speedup,
            6,
            "×",
            False,
            peer_note,
        ),
        Goal(
            "generate_large_nocache_seconds",
            f"generate {large} specs, empty folder and empty cache",
            median("generate.cold.large.nocache"),
            5.0,
            " s",
            True,
            partial,
        ),
        Goal(
            "datamodel_codegen_vs_python_large",
            f"datamodel-codegen / generate --lang python, {large} schemas",
            _ratio(dmcg, median("generate.python.large")),
            6,
            "×",
            False,
            "toolgen's cache warm" + ("" if dmcg else "; datamodel-codegen not measured"),
        ),
        Goal(
            "datamodel_codegen_vs_python_large_nocache",
            f"datamodel-codegen / generate --lang python, {large}, empty cache",
            _ratio(dmcg, median("generate.python.large.nocache")),
            6,
            "×",
            False,
            "a first run: nothing in toolgen's cache"
            + ("" if dmcg else "; datamodel-codegen not measured"),
        ),
        Goal(
            "regenerate_one_changed_seconds",
            f"regenerate after 1 of {large} changed",
            median("generate.one_changed.large"),
            0.6,
            " s",
            True,
            partial,
        ),
        _linearity(results, sizes),
    ]


def _ratio(numerator: float | None, denominator: float | None) -> float | None:
    return numerator / denominator if numerator is not None and denominator else None


def _linearity(results: dict[str, Measurement], sizes: Sizes) -> Goal:
    """Cost of one more spec from half to large, against that from medium to half: 1 when linear, above 1 when
    the cost grows faster than the number of specs. Both spans hold hundreds of specs, so run-to-run noise of a
    few hundredths of a second cannot decide it (from 1 to 100 specs it did: the ratio swung from 0.55× to 2.11×
    between runs)."""
    small, medium, half, large = (
        results[f"generate.cold.{size}"].median for size in ("small", "medium", "half", "large")
    )
    lower = (half - medium) / (sizes.half - sizes.medium)
    upper = (large - half) / (sizes.large - sizes.half)
    first = (medium - small) / (sizes.medium - sizes.small)
    note = (
        f"per extra spec {lower * 1000:.2f} ms ({sizes.medium}→{sizes.half}) and {upper * 1000:.2f} ms "
        f"({sizes.half}→{sizes.large}); {first * 1000:.2f} ms ({sizes.small}→{sizes.medium}); "
        f"{sizes.large} specs take {large / medium:.2f}× the time of {sizes.medium}"
    )
    label = f"cost per spec {sizes.half}→{sizes.large} / {sizes.medium}→{sizes.half}"
    return Goal("linear_cost", label, upper / lower if lower > 0 else None, 1.5, "×", True, note)


def _measurement_notes(report: dict[str, Any]) -> list[str]:
    """How each peer was run, and other notes, once each (the six quicktype runs share theirs)."""
    return list(
        dict.fromkeys(item["note"] for item in report["measurements"].values() if item["note"])
    )


def format_table(report: dict[str, Any], goals: list[Goal]) -> str:
    head = f"{'measurement':<58} {'n':>5} {'runs':>4} {'median s':>9} {'min s':>8} {'× floor':>8}"
    lines = [head, "-" * len(head)]
    for item in report["measurements"].values():
        lines.append(
            f"{item['label'][:58]:<58} {item['n'] or '':>5} {item['runs']:>4} {item['median_s']:>9.3f} "
            f"{item['min_s']:>8.3f} {item['ratio_to_floor']:>8.1f}"
        )
    lines += [f"  note: {note}" for note in _measurement_notes(report)]
    lines.append(describe(report["machine"]))
    head = f"{'target (informative)':<58} {'value':>9} {'limit':>9} {'':>7}"
    lines += ["", head, "-" * len(head)]
    for goal in goals:
        lines.append(
            f"{goal.label[:58]:<58} {goal.shown_value:>9} {goal.shown_limit:>9} {goal.verdict:>7}"
        )
        if goal.note:
            lines.append(f"    {goal.note}")
    return "\n".join(lines)


def format_markdown(report: dict[str, Any], goals: list[Goal]) -> str:
    machine, config = report["machine"], report["config"]
    commit = (machine["toolgen_commit"] or "")[:10] + (
        " + changes" if machine["toolgen_worktree_dirty"] else ""
    )
    lines = [
        f"toolgen {commit}, {report['created']}; {machine['cpus_usable'] or machine['cpu_count']} CPUs "
        f"({machine['cpu_model'] or machine['machine']}), {machine['memory_gib']} GiB, Python "
        f"{machine['python']}, {machine['platform']}; targets: {', '.join(config['langs']) or 'none'}; "
        f"medians of {config['runs']} runs ({config['peer_runs']} for peers) after {config['warmup_runs']} "
        f"warm-up; floor (`python -c pass`) {report['floor_median_s'] * 1000:.1f} ms"
        + (
            "; toolgen byte-compiled first, as an installed package is."
            if machine.get("toolgen_byte_compiled")
            else "."
        ),
        "",
        "| measurement | n | runs | median s | min s | × floor |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for item in report["measurements"].values():
        lines.append(
            f"| {item['label']} | {item['n'] or ''} | {item['runs']} | {item['median_s']:.3f} "
            f"| {item['min_s']:.3f} | {item['ratio_to_floor']:.1f} |"
        )
    lines += [""] + [f"Note: {note}  " for note in _measurement_notes(report)]
    lines += [describe(machine)]
    lines += ["", "| target | value | limit | verdict |", "|---|---:|---:|---|"]
    for goal in goals:
        lines.append(f"| {goal.label} | {goal.shown_value} | {goal.shown_limit} | {goal.verdict} |")
    lines += [""] + [f"Skipped: {item['what']}: {item['reason']}  " for item in report["skipped"]]
    lines += [f"Warning: {warning}  " for warning in report["warnings"]]
    if "startup" in report:
        from bench.startup import format_markdown as startup_table

        lines += [
            "",
            "The generated code's start-up (bench/startup.py):",
            "",
            startup_table(report["startup"]),
        ]
    return "\n".join(lines).rstrip() + "\n"


# ---------------------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.run", description=__doc__.split("\n\n")[0]
    )
    add = parser.add_argument
    add("--quick", action="store_true", help="smoke test: 3/10 specs, 2 runs, 1 peer run")
    add("--runs", type=int, help="timed runs per measurement (default 5; --quick: 2)")
    add("--peer-runs", type=int, help="timed runs per peer measurement (default 3; --quick: 1)")
    add(
        "--warmup",
        type=int,
        default=1,
        help="untimed warm-up runs before each measurement (default 1)",
    )
    add("--seed", type=int, default=1, help="spec generator seed (default 1)")
    add(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help="JSON figures; a Markdown table is written beside",
    )
    add(
        "--lang",
        dest="langs",
        action="append",
        default=[],
        metavar="TARGET",
        help="only this toolgen target (repeatable); default: every registered target",
    )
    add("--workdir", type=Path, help="keep the work files, in a new folder inside this one")
    add("--timeout", type=float, default=1800, help="seconds one process may take (default 1800)")
    add(
        "--startup",
        action="store_true",
        help="also the generated code's start-up table (bench/startup.py: 10, 100, 1000 tools per language)",
    )
    add("--no-datamodel-codegen", action="store_true", help="leave out the datamodel-codegen peer")
    add("--no-quicktype", action="store_true", help="leave out the quicktype peer")
    add(
        "--install-quicktype",
        action="store_true",
        help=f"npm-install {QUICKTYPE_PACKAGE} into {CACHE} when it is not found",
    )
    args = parser.parse_args(argv)
    args.runs = args.runs or (2 if args.quick else 5)
    args.peer_runs = args.peer_runs or (1 if args.quick else 3)
    if args.runs < 1 or args.peer_runs < 1 or args.warmup < 0:
        parser.error("--runs and --peer-runs must be at least 1, --warmup at least 0")
    return args


def compile_toolgen() -> bool:
    """Byte-compile toolgen's package into its __pycache__, as `pip install` does for an installed package.

    A checkout used in place (an editable install) writes those files on its first import, unless
    PYTHONDONTWRITEBYTECODE is set, as it is on some machines: then every measured process would compile
    toolgen's sources again (~0.1 s), which no installed toolgen does, while the peers are installed packages.
    Python still reads the compiled files with that variable set. Returns whether all compiled."""
    import compileall

    return bool(compileall.compile_dir(REPO / "codegen", quiet=1))


def child_env() -> dict[str, str]:
    """The environment of every measured process: this checkout first on the import path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


def measure_all(args: argparse.Namespace, runner: Runner, sizes: Sizes, langs: list[str]) -> dict:
    """Every measurement, in an order that puts the floor first and last. Returns peer versions/skips."""
    python = sys.executable
    skipped: list[dict[str, str]] = []
    versions: dict[str, str | None] = {}
    runner.measure("floor", "python -c pass (floor)", [python, "-c", "pass"])
    for key, label, code in HEAVY_IMPORTS:
        if key == "import.dmcg_generate" and importlib.util.find_spec("datamodel_code_generator") is None:
            # a peer, not a dependency of toolgen: measured where it is installed, reported as skipped elsewhere
            skipped.append({"what": "datamodel-code-generator import", "reason": "not installed"})
            continue
        runner.measure(key, label, [python, "-c", code])
    measure_toolgen(runner, sizes, args.seed, args.langs, drift=bool(langs))

    schemas = runner.work / f"schemas-{sizes.large}"
    write_parameter_schemas(runner.work / f"specs-{sizes.large}", schemas)
    if args.no_datamodel_codegen:
        skipped.append(
            {"what": "datamodel-codegen", "reason": "left out by --no-datamodel-codegen"}
        )
    else:
        try:
            versions["datamodel_codegen"] = measure_datamodel_codegen(
                runner, schemas, sizes.large, args.peer_runs
            )
        except BenchError as error:  # the peer's failure is reported; toolgen's figures still stand
            skipped.append({"what": "datamodel-codegen", "reason": str(error)})
    reason = "left out by --no-quicktype" if args.no_quicktype else quicktype_unavailable()
    if reason:
        skipped.append({"what": "quicktype", "reason": reason})
    else:
        versions["quicktype"] = measure_quicktype(
            runner, schemas, sizes.large, args.peer_runs, skipped
        )

    section: dict[str, Any] = {}
    if args.startup:
        from bench.startup import measure_startup, tool_counts

        startup_langs = [lang for lang in langs if lang in STARTUP_LANGUAGES]
        section["startup"] = measure_startup(
            runner, tool_counts(args.quick), startup_langs, args.seed
        )

    # The floor again at the end: the ratios use the median of both, and a drift between them shows noise.
    runner.measure("floor.end", "python -c pass (floor, again at the end)", [python, "-c", "pass"])
    return {"peer_versions": versions, "skipped": skipped, **section}


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    env = child_env()
    if args.install_quicktype and not args.no_quicktype and find_quicktype() is None:
        install_quicktype(env)
    if args.workdir:
        args.workdir.mkdir(parents=True, exist_ok=True)
    # A new folder every run (inside --workdir when given), so leftovers of an earlier run cannot interfere.
    work = Path(tempfile.mkdtemp(prefix="toolgen-bench-", dir=args.workdir)).resolve()
    # toolgen's cache (parsed specs, black results, layouts) lives in the work folder: the figures do not depend
    # on what earlier runs left in the user's cache, and the user's cache is not touched.
    env["TOOLGEN_CACHE_DIR"] = str(work / "toolgen-cache")
    env.pop("TOOLGEN_NO_CACHE", None)
    runner = Runner(work=work, runs=args.runs, warmup=args.warmup, env=env, timeout=args.timeout)
    started = time.time()
    machine = machine_facts(env)
    machine["toolgen_byte_compiled"] = compile_toolgen()
    machine["speed_probe_ms_at_start"] = round(speed_probe() * 1000, 1)
    account = CpuAccount.now()
    try:
        targets = registered_targets(runner)
        langs = list(dict.fromkeys(args.langs)) or targets
        unknown = sorted(set(langs) - set(targets))
        if unknown:
            print(
                f"unknown target {', '.join(unknown)}; registered: {', '.join(targets) or 'none'}",
                file=sys.stderr,
            )
            return 2
        print(
            f"toolgen benchmark in {work}: targets {', '.join(langs) or 'none (generate only loads specs)'}; "
            f"{args.runs} timed runs after {args.warmup} warm-up, {args.peer_runs} for peers",
            file=sys.stderr,
        )
        peers = measure_all(args, runner, sizes, langs)
    except BenchError as error:
        print(f"\nbenchmark stopped: {error}", file=sys.stderr)
        return 1
    finally:
        if args.workdir is None:
            shutil.rmtree(work, ignore_errors=True)

    results = runner.results
    floor = statistics.median(results["floor"].times + results["floor.end"].times)
    machine.update(others_during(account, CpuAccount.now(), _cpus(machine)))
    machine["speed_probe_ms_at_end"] = round(speed_probe() * 1000, 1)
    warnings = busy_machine_warnings(machine)
    goals = evaluate_goals(results, floor, sizes, langs)
    report = {
        "results_version": RESULTS_VERSION,
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "duration_s": round(time.time() - started, 1),
        "machine": machine,
        "config": {
            "quick": args.quick,
            "seed": args.seed,
            "runs": args.runs,
            "peer_runs": args.peer_runs,
            "warmup_runs": args.warmup,
            "sizes": asdict(sizes),
            "langs": langs,
            "clock": "time.perf_counter around each whole child process; set-up between runs untimed",
        },
        "targets_registered": targets,
        "warnings": warnings,
        "floor_median_s": round(floor, 6),
        **peers,
        "measurements": {key: result.as_json(floor) for key, result in results.items()},
        "targets": {goal.key: goal.as_json() for goal in goals},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    markdown = args.out.with_suffix(".md")
    markdown.write_text(format_markdown(report, goals), encoding="utf-8")

    print("\n" + format_table(report, goals))
    for item in report["skipped"]:
        print(f"skipped: {item['what']}: {item['reason']}")
    for warning in warnings:
        print(f"warning: {warning}")
    if args.quick:
        print("quick mode: small N and few runs; the verdicts do not speak for the real targets")
    print(f"\nfigures written to {args.out} and {markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
