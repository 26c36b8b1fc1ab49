"""Every corpus the tests use, rendered into one folder, so that two versions of toolgen can be compared byte for byte.

    python -m tests.corpus_bytes OUT      # then: diff -r OUT-before OUT-after

A restructuring that claims to change no output proves it this way: run this on the commit before and on the commit
after, and `diff -r` the two folders. Corpora: specs/, the edge specs, the stress specs (hostile and random), the
loosened specs, the real-world tool lists as imported, the small folders of tests/test_external_format.py, and
specs/ again under non-default options.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from . import support

OPTION_SETS = {
    "options": {
        "python": {"package": "agent.tools"},
        "rust": {"layout": "lib.rs"},
        "go": {"package": "agenttools", "import_path": "example.com/agent/agenttools"},
        "java": {"package": "org.example.agent.tools"},
        "dotnet": {"namespace": "Example.Agent.Tools"},
        "nodejs": {"import_extension": ""},
    }
}


def _render(spec_dirs: list[Path], out: Path, options: dict | None = None) -> int:
    from codegen.run.generate import load_tools, render_outputs

    tools, _ = load_tools(spec_dirs)
    texts, _ = render_outputs(tools, [], options=options)
    for relative, text in texts.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    return len(texts)


def _small_folders(root: Path) -> dict[str, Path]:
    from .test_external_format import SMALL_FOLDERS

    parameters = "parameters:\n  type: object\n  properties:\n    query: {type: string}\n  required: [query]\n"
    folders = {}
    for label, names in SMALL_FOLDERS.items():
        folder = root / "small" / label.replace(" ", "_").replace(",", "")
        folder.mkdir(parents=True)
        for name in names:  # as the small-folder test writes them
            text = f"name: {name}\ndescription: Does {name}.\n" + ("" if name.endswith("-bare") else parameters)
            (folder / f"{name}.yaml").write_text(text)
        folders[folder.name] = folder
    return folders


def main(out: Path) -> None:
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=False)
    # Every input is copied to one fixed folder and named relative to it, so that headers (which name each spec)
    # read the same whichever checkout or temporary folder the script runs from.
    inputs = Path(tempfile.gettempdir()) / "toolgen-corpus-inputs"
    shutil.rmtree(inputs, ignore_errors=True)
    inputs.mkdir()
    corpora = {}
    for name, folder in {
        "specs": support.SPECS,
        "edge": support.EDGE_SPECS,
        "stress": support.STRESS_SPECS,
        "loosened": support.LOOSENED,
    }.items():
        shutil.copytree(folder, inputs / name)
        corpora[name] = [Path(name)]
    for folder in sorted(support.realworld_specs().iterdir()):
        shutil.copytree(folder, inputs / "realworld" / folder.name)
        corpora[f"realworld-{folder.name}"] = [Path("realworld") / folder.name]
    for name, folder in _small_folders(inputs).items():
        corpora[f"small-{name}"] = [folder.relative_to(inputs)]
    os.chdir(inputs)
    total = 0
    for name, dirs in corpora.items():
        total += _render(dirs, out / name)
    for name, options in OPTION_SETS.items():
        total += _render([Path("specs"), Path("edge")], out / name, options)
    print(f"{total} files in {len(corpora) + len(OPTION_SETS)} corpora under {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
