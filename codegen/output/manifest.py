"""The no-change fast path: a manifest of input and output content hashes, written by every `generate`.

`check` and `generate` first ask `up_to_date`; only when it cannot prove that nothing changed do they import
pydantic, jinja2 and black and do the full work. It proves "nothing changed" only when all of these still hold:
the same toolgen code and templates (a fingerprint over their bytes, so an upgrade or a template edit counts as a
change), the same request (paths, targets, options, custom templates), the same spec files with the same bytes,
and every output file with the bytes toolgen wrote, reached through no link, with no other toolgen-owned file
beside them but the strays the last run kept. Anything else — a missing or unreadable manifest included — falls
back to the full path, which is always correct. A manifest is read only as a regular file, and checked member by
member on read (`manifest_problem`): one that is not valid JSON, not UTF-8, nested too deeply or of the wrong
shape is discarded with a note (`-v`), never fatal. The manifest is also toolgen's record of what it wrote
(`removable`), from which alone a run may remove files.

Reading and hashing thousands of files on every commit is most of that cost, so the manifest also keeps each
file's stat signature (size, mtime, ctime, inode), the way git's index does: a file whose signature is unchanged
is known to hold the bytes hashed when the signature was taken, without reading it. Two rules keep that sound:
a signature is always taken *before* the read that hashed the file (a later edit changes it), and a signature
whose mtime or ctime is not strictly older than the manifest file itself is "racy" (an edit in the same clock
tick could leave it unchanged) and never trusted: such a file is read and hashed. Users cannot set ctime, and a
replaced file has a new inode, so `touch -d` or an editor's atomic save are still seen as changes.

The manifest also records, for each per-tool output file, the per-tool cache key it was rendered under
(codegen.run.incremental), so a run after a small change reuses unchanged tools' files straight from disk, and each
spec's naming skeleton digest. `survey` tells the no-change answer apart from "only these few specs changed",
which the driver (codegen.run.driver) turns into a run that remakes only their files.

This module imports only the standard library, so the fast path stays close to the interpreter's start-up time.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..spec.discover import find_specs
from .lineendings import canonical, holds
from ..errors import Diagnostic
from .notes import note
from .ownership import HEAD_BYTES, OWNERSHIP_MARKER, carries_marker, is_temporary, unsafe_folders
from .regularfile import NotRegularFile, read_head, read_regular, read_with_status
from .statefolder import MANIFEST_NAME, STATE_FOLDER, needs_tidying
from ..config.template_paths import builtin_template_root



class RunShape(Protocol):
    """What the manifest records of a run request (codegen.run.request.RunRequest has it): the output layer knows
    no driver."""

    @property
    def templates(self) -> str | None: ...
    @property
    def request(self) -> Mapping[str, Any] | None: ...
    @property
    def owned(self) -> list[str]: ...

FORMAT_VERSION = 3
_PACKAGE = Path(__file__).resolve().parents[1]  # codegen/, this module being in codegen/output/
# The most of a manifest, or of an output read whole, that is read: no real project's come near it, and a bigger
# file is not one toolgen wrote.
READ_LIMIT = 256 * 1024 * 1024


def file_digest(data: bytes) -> str:
    """The content digest the manifest records (SHA-256, hex)."""
    return hashlib.sha256(data).hexdigest()


def _tree_files(root: Path) -> list[Path]:
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        files.extend(Path(dirpath) / name for name in sorted(filenames) if not name.endswith(".pyc"))
    return files


def fingerprint(template_roots: list[Path]) -> str:
    """Hash of toolgen's own code and every template folder in use: any edit or upgrade changes it."""
    from .. import __version__

    hasher = hashlib.sha256(__version__.encode())
    hasher.update(_code_digest())
    for root in template_roots:
        _hash_tree(hasher, root)
    return hasher.hexdigest()


@functools.cache
def _code_digest() -> bytes:
    """toolgen's own code, hashed once per process (a full run asks four times): it is the code this process runs.
    Templates are hashed on every call, since a long-lived process may edit them between runs."""
    hasher = hashlib.sha256()
    _hash_tree(hasher, _PACKAGE)
    return hasher.digest()


def _hash_tree(hasher: Any, root: Path) -> None:
    if root.is_dir():
        for path in _tree_files(root):
            try:
                data = read_regular(path, READ_LIMIT, follow_links=False)
            except NotRegularFile:
                note(f"ignored {path.as_posix()}: not a regular file")
                continue
            hasher.update(path.relative_to(root).as_posix().encode() + b"\0" + data + b"\0")


def code_and_templates_fingerprint(templates: str | None) -> str:
    """`fingerprint` of toolgen's code and the templates a run uses (built-in and `templates`)."""
    return fingerprint(_template_roots(templates))


def _template_roots(templates: str | None) -> list[Path]:
    roots = [builtin_template_root()]
    if templates:
        roots.append(Path(templates))
    return roots


Signature = list[int]  # [size, mtime_ns, ctime_ns, inode] of a regular file


def signature(path: Path | str, follow_links: bool = False) -> Signature | None:
    """The stat signature of a regular file; None for anything else. Outputs are never links (toolgen does not
    write through them); a spec may be one, and then its target's signature counts."""
    try:
        status = os.stat(path) if follow_links else os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return [status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino]


@dataclass
class FileRecord:
    """A file's content digest and the signature taken just before the read it was hashed from."""

    digest: str
    signature: Signature | None


def read_record(path: Path | str, follow_links: bool = False, limit: int = READ_LIMIT) -> tuple[bytes, FileRecord]:
    """The file's bytes (at most `limit`) and record, its signature from the open file before the read; OSError
    when it cannot be read, is too large or is not a regular file (with `follow_links`, a link to one is fine)."""
    data, status = read_with_status(path, limit, follow_links=follow_links)
    before = [status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino]
    return data, FileRecord(file_digest(data), before)


def signature_if_holds(path: str, expected: bytes | None, digest: str) -> Signature | None:
    """The output's stat signature, taken before reading it, when it holds exactly `expected` (compared as bytes:
    cheaper than hashing them again) or, when that is not at hand, content with `digest`, either maybe with CRLF
    line breaks (codegen.output.lineendings); else None."""
    try:
        data, record = read_record(path, limit=READ_LIMIT if expected is None else 2 * len(expected))
    except OSError:
        return None
    before = record.signature
    if expected is not None:
        return before if holds(data, expected) else None
    held = file_digest(data) == digest or file_digest(canonical(data)) == digest
    return before if held else None


def spec_records(paths: list[Path]) -> dict[str, FileRecord] | None:
    """Every spec file's record by shown path; None when the files cannot be listed or read."""
    files, problems = find_specs(paths)
    if problems:
        return None
    try:
        return {file.shown: read_record(file.path, follow_links=True)[1] for file in files}
    except OSError:
        return None


def manifest_path(out: Path) -> Path:
    return out / MANIFEST_NAME


def build_manifest(
    job: RunShape,
    inputs: dict[str, FileRecord] | None,
    outputs: dict[str, FileRecord],
    warnings: list[list[Any]],
    tool_files: dict[str, list[Any]] | None = None,
    skeletons: dict[str, str] | None = None,
    elsewhere: Sequence[str] = (),
    strays: Sequence[str] = (),
) -> str:
    """The manifest text for the run `job` (its request, templates and owned target folders) that read `inputs`
    (by shown path, from the bytes the run loaded), produced `outputs` (by path relative to out) with `warnings`
    (Diagnostic rows), and rendered each per-tool file in `tool_files` (relative path → [per-tool cache key (hex),
    facts, warnings]) under that key. `skeletons` holds each spec's naming skeleton digest (hex, by shown path;
    empty when the run did not key its specs), what the driver checks an edit against (codegen.run.driver).

    The outputs, with `elsewhere` (the files an earlier run wrote in target folders this run left alone), are
    toolgen's record of what it wrote: what a later run may remove (`removable`). `strays` are the files with the
    marker that the record did not list, which this run kept (and each run reports)."""
    inputs = inputs or {}
    document = {
        "_": f"{OWNERSHIP_MARKER}. DO NOT EDIT. Cache for the no-change fast path; safe to delete.",
        "format": FORMAT_VERSION,
        "fingerprint": code_and_templates_fingerprint(job.templates),
        "request": dict(job.request or {}),
        "targets": job.owned,
        "inputs": {name: record.digest for name, record in inputs.items()},
        "outputs": {name: outputs[name].digest for name in sorted(outputs)},
        "warnings": warnings,
        "signatures": {
            "inputs": {name: record.signature for name, record in inputs.items() if record.signature},
            "outputs": {name: outputs[name].signature for name in sorted(outputs) if outputs[name].signature},
        },
        "tool_files": dict(sorted((tool_files or {}).items())),
        "skeletons": skeletons or {},
        "elsewhere": sorted(elsewhere),
        "strays": sorted(strays),
    }
    return manifest_text(document)


def removable(document: dict[str, Any]) -> set[str] | None:
    """The files toolgen's record (a manifest) says it wrote and may remove; None without a usable manifest."""
    return {*document["outputs"], *document["elsewhere"]} if document else None


def manifest_text(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=None, separators=(",", ":"), ensure_ascii=False) + "\n"


_parsed: tuple[str, Signature, Any] | None = None  # the last manifest parsed: path, its signature, its document


def _parse(path: Path, own_signature: Signature | None) -> dict[str, Any]:
    """The manifest's document, read as a regular file (a link is not followed) and checked (`manifest_problem`);
    OSError or ValueError saying why there is none. The CLI's fast path and the full run that follows it read the
    same manifest: the second read reuses the first one's parse when the file still has the signature it had then
    (a manifest is replaced, never edited in place, so a new one has a new inode). The document is shared: nobody
    changes it."""
    global _parsed
    if own_signature is not None and _parsed is not None and _parsed[:2] == (os.fspath(path), own_signature):
        return _parsed[2]
    try:
        document = json.loads(read_regular(path, READ_LIMIT, follow_links=False).decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply to be a manifest") from None
    problem = manifest_problem(document)
    if problem is not None:
        raise ValueError(problem)
    if own_signature is not None:
        _parsed = (os.fspath(path), own_signature, document)
    return document


def manifest_problem(document: Any) -> str | None:
    """Why `document` is not a manifest this version writes, or None, when every member the code reads has its
    type (then nothing that reads it needs to look again). Members added since format 3 was introduced are
    filled in empty."""
    if not isinstance(document, dict) or document.get("format") != FORMAT_VERSION:
        return f"not a manifest of format {FORMAT_VERSION}"
    document.setdefault("elsewhere", [])
    document.setdefault("strays", [])
    try:
        Diagnostic.from_rows(document["warnings"])
        signatures = document["signatures"]
        shapes = [
            isinstance(document["fingerprint"], str) and isinstance(document["request"], dict),
            *(_strings(document[key]) for key in ("targets", "elsewhere", "strays")),
            *(_strings(document[key].values()) for key in ("inputs", "outputs", "skeletons")),
            *(_signature_lists(signatures[kind].values()) for kind in ("inputs", "outputs")),
            all(_tool_file(entry) for entry in document["tool_files"].values()),
        ]
    except (KeyError, TypeError, ValueError, AttributeError):
        shapes = [False]
    return None if all(shapes) else "a member is missing or has the wrong type"


def _strings(values: Any) -> bool:
    return all(type(value) is str for value in values)


def _signature_lists(values: Any) -> bool:
    return all(type(value) is list and len(value) == 4 and all(type(n) is int for n in value) for value in values)


def _tool_file(entry: Any) -> bool:
    """[per-tool cache key (hex), facts, warnings (rows)]."""
    if not (type(entry) is list and len(entry) == 3 and type(entry[0]) is str and type(entry[1]) is dict):
        return False
    Diagnostic.from_rows(entry[2])
    return True


@dataclass
class Recorded:
    """The manifest an output folder holds, read once, and which of its files are provably unchanged since."""

    document: dict[str, Any] = field(default_factory=dict)
    own_signature: Signature | None = None  # the manifest file's: replaced on every write (a new inode)
    _found: dict[tuple[str, str], FileRecord | None] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, out: Path) -> Recorded:
        """The folder's manifest; empty when there is none, or with a note when it cannot be read or is not one
        this version writes (toolgen's own state never stops a run: without it, the run compares every file)."""
        path = manifest_path(out)
        own_signature = signature(path)
        try:
            return cls(_parse(path, own_signature), own_signature)
        except FileNotFoundError:
            return cls()
        except (OSError, ValueError) as problem:
            reason = problem.strerror if isinstance(problem, OSError) else str(problem)
            note(f"ignored {path.as_posix()}: {reason}; this run compares every file")
            return cls()

    @property
    def reference_ns(self) -> int:
        """The manifest file's own mtime: signatures not older than this are racy."""
        return self.own_signature[1] if self.own_signature else 0

    def reload(self, out: Path) -> Recorded:
        """The folder's manifest now: this one when its file was not replaced meanwhile (toolgen replaces it by
        renaming a new file over it, so its signature changes), else read again."""
        if self.own_signature is not None and signature(manifest_path(out)) == self.own_signature:
            return self
        return Recorded.load(out)

    def _recorded(self, kind: str, name: str) -> tuple[str, Signature] | None:
        try:
            digest = self.document[kind][name]
            recorded = self.document["signatures"][kind][name]
        except (KeyError, TypeError):
            return None
        if not (isinstance(digest, str) and isinstance(recorded, list)):
            return None
        return digest, recorded

    def trusted(self, kind: str, name: str, path: Path | str) -> FileRecord | None:
        """The file's record without reading it, when its signature proves it unchanged; else None.
        `kind` is "inputs" (name: shown spec path) or "outputs" (name: path relative to the output root). The
        first answer for a file is remembered: what this run found (a later edit changes the file's signature)."""
        known = self._found.get((kind, name), False)
        if known is not False:
            return known
        self._found[(kind, name)] = found = self._check(kind, name, path)
        return found

    def _check(self, kind: str, name: str, path: Path | str) -> FileRecord | None:
        entry = self._recorded(kind, name)
        if entry is None:
            return None
        digest, recorded = entry
        if len(recorded) != 4 or recorded[1] >= self.reference_ns or recorded[2] >= self.reference_ns:
            return None  # racy: written in the manifest's own clock tick or later
        current = signature(path, follow_links=kind == "inputs")
        return FileRecord(digest, current) if current == recorded else None

    def reusable_tool_files(self, out: Path) -> dict[str, tuple[str, str, dict[str, Any], list[Any]]]:
        """Per-tool cache key (hex) → (relative path, digest, facts, warnings) of each per-tool file that is on
        disk exactly as recorded (trusted by its signature; nothing is read)."""
        reusable = {}
        entries = self.document.get("tool_files")
        if not isinstance(entries, dict):
            return {}
        root = os.path.join(out, "")  # outputs are joined as strings: thousands of them
        for relative, entry in entries.items():
            try:
                key, facts, warnings = entry
            except (TypeError, ValueError):
                continue
            if not (isinstance(key, str) and isinstance(facts, dict) and isinstance(warnings, list)):
                continue
            trusted = self.trusted("outputs", relative, root + relative)
            if trusted is not None:
                reusable[key] = (relative, trusted.digest, facts, warnings)
        return reusable


# At most this many changed specs make a run that only remakes their files (codegen.run.driver); more go the full way.
DELTA_LIMIT = 8


@dataclass
class Survey:
    """What a run finds in the output folder against its manifest, before doing any work.

    `current`: nothing changed at all (the no-change fast path). Otherwise `changed` lists the spec files whose
    bytes differ from the recorded ones (shown path, path, the record read now) when that is all that differs —
    same request, code and templates, the same spec files, every output as recorded and no other toolgen file
    beside them — and at most DELTA_LIMIT of them; it is None when anything else differs. `refreshed` holds the
    signatures of files that had to be read to prove them unchanged. The `recorded` manifest remembers every file
    it found trusted, so the run that follows does not look at them again."""

    recorded: Recorded
    current: bool = False
    changed: list[tuple[str, Path, FileRecord]] | None = None
    refreshed: dict[str, dict[str, Signature]] = field(default_factory=lambda: {"inputs": {}, "outputs": {}})
    files: list[tuple[str, Path]] = field(default_factory=list)  # every spec file (shown path, path), in order
    warnings: tuple[Diagnostic, ...] = ()  # the last run's warnings, as it reported them


def survey(
    paths: list[Path],
    out: Path,
    request: dict[str, Any],
    templates: str | None = None,
    recorded: Recorded | None = None,
) -> Survey:
    """Compare the specs and the output folder with the folder's manifest (see `Survey`), `recorded` if given."""
    recorded = recorded if recorded is not None else Recorded.load(out)
    found = Survey(recorded)
    manifest = recorded.document
    try:
        if not manifest or manifest.get("request") != request:
            return found
        warnings = Diagnostic.from_rows(manifest["warnings"])
        files, problems = find_specs(paths)
        if problems or [file.shown for file in files] != list(manifest["inputs"]):
            return found
        changed, limit = [], request.get("max_spec_bytes", READ_LIMIT)
        for file in files:
            spec = _changed(recorded, "inputs", file.shown, file.path, found.refreshed, limit)
            if spec is not None:
                changed.append((file.shown, file.path, spec))
                if len(changed) > DELTA_LIMIT:
                    return found
        if manifest["fingerprint"] != code_and_templates_fingerprint(templates):
            return found
        expected: dict[str, str] = manifest["outputs"]
        if unsafe_folders(out, expected):  # reached through a link: not the tree toolgen vouches for
            return found
        root = os.path.join(out, "")  # outputs are joined as strings: thousands of them
        for relative in expected:
            if _changed(recorded, "outputs", relative, root + relative, found.refreshed) is not None:
                return found
        if _unlisted_owned(out, list(manifest["targets"]), set(expected)) != set(manifest["strays"]):
            return found
        # a temporary file left by a killed run (the manifest's, in the state folder): the full path removes it
        if any(is_temporary(entry.name) for entry in (out / STATE_FOLDER).iterdir()):
            return found
        if needs_tidying(out):  # no .gitignore, or an older toolgen's manifest or lock: the full path fixes it
            return found
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return found
    found.files, found.warnings = [(file.shown, file.path) for file in files], warnings
    found.current, found.changed = not changed, changed
    return found


def up_to_date(found: Survey, out: Path, refresh: bool = True) -> dict[str, Any] | None:
    """The manifest when the survey `found` of `out` proves it exactly what a full run would produce, else None.

    Files whose signature could not be trusted are read and hashed; when that proves them unchanged and
    `refresh` is on, the manifest is rewritten with their new signatures (best effort, like `git status`
    refreshing the index), so the next run need not read them again."""
    if not found.current:
        return None
    manifest = found.recorded.document
    if refresh and (found.refreshed["inputs"] or found.refreshed["outputs"]):
        _refresh_signatures(out, manifest, found.refreshed)
    return manifest


def _changed(
    recorded: Recorded,
    kind: str,
    name: str,
    path: Path | str,
    refreshed: dict[str, dict[str, Signature]],
    limit: int = READ_LIMIT,
) -> FileRecord | None:
    """None when the file still has the recorded digest, else the record read now (at most `limit` bytes: OSError
    beyond). A file that had to be read to prove it unchanged is noted with the signature taken before the read."""
    trusted = recorded.trusted(kind, name, path)
    if trusted is not None:
        return None
    data, found = read_record(path, follow_links=kind == "inputs", limit=limit)
    expected = recorded.document[kind][name]
    # an output may be a CRLF checkout of what toolgen wrote (codegen.output.lineendings): that is unchanged too
    if found.digest != expected and not (kind == "outputs" and file_digest(canonical(data)) == expected):
        return found
    if found.signature is not None:
        refreshed[kind][name] = found.signature
    return None


def with_refreshed(manifest: dict[str, Any], refreshed: dict[str, dict[str, Signature]]) -> dict[str, Any]:
    """The manifest's signatures (a copy) with those of the files just read and proven unchanged."""
    signatures = {kind: dict(recorded) for kind, recorded in manifest.get("signatures", {}).items()}
    for kind, found in refreshed.items():
        signatures.setdefault(kind, {}).update(found)
    return signatures


def _refresh_signatures(out: Path, manifest: dict[str, Any], refreshed: dict[str, dict[str, Signature]]) -> None:
    """Rewrite the manifest with the signatures of files just proven unchanged (`generate` only: `check` writes
    nothing). A failure (read-only folder) is harmless: the next run reads those files again. A race with a
    concurrent `generate` is too: its newer manifest may be replaced by this one, which is still true of every
    file it lists, or else mismatches and sends the next run down the full path."""
    from .writer import write_state  # only now: the fast path itself imports nothing beyond the standard library

    signatures = with_refreshed(manifest, refreshed)
    try:
        write_state(out, MANIFEST_NAME, manifest_text({**manifest, "signatures": signatures}))
    except OSError as error:
        note(f"could not refresh {manifest_path(out).as_posix()}: {error.strerror or error}")


def _unlisted_owned(out: Path, folders: list[str], expected: set[str]) -> set[str] | None:
    """The files with toolgen's marker below the target `folders` that `expected` does not list; None when a
    temporary file a killed run left behind is there. Links are not followed, and only regular files are opened.
    (Plain strings, not Path objects: this walks every output file.)"""
    root = os.path.join(out, "")  # outputs are joined as strings: thousands of them
    found = set()
    for folder in folders:
        base = root + folder
        if os.path.islink(base) or not os.path.isdir(base):
            continue
        for directory, dirnames, filenames in os.walk(base):
            dirnames[:] = [name for name in dirnames if name != "__pycache__"]
            prefix = directory[len(root) :].replace(os.sep, "/") + "/"
            for name in filenames:
                if name.endswith(".pyc") or prefix + name in expected:
                    continue
                if is_temporary(name):
                    return None
                path = os.path.join(directory, name)
                try:
                    if carries_marker(read_head(path, HEAD_BYTES)):
                        found.add(prefix + name)
                except NotRegularFile:
                    if not os.path.islink(path):
                        note(f"ignored {out.as_posix()}/{prefix}{name}: not a regular file")
    return found
