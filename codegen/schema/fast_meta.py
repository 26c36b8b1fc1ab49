"""A fast yes or no: does a schema satisfy its meta-schema? So that only an invalid schema pays for `jsonschema`'s
explanations (pure Python, about 3 ms a schema against 2020-12; this answer costs about 0.02 ms).

The answer comes from jsonschema-rs, compiled from the very documents `jsonschema` validates with: the files of
`jsonschema-specifications`, read directly (importing that package, and `referencing` with it, costs more than
validating a thousand schemas here). jsonschema-rs answers the official meta-schema URIs from copies of its own,
which differ (its draft 4 lets `enum` be empty), so each document's `$id` moves to a private host first, where only
these documents answer. Formats stay annotations, as `jsonschema` leaves them without a format checker.

Where the two engines could differ, jsonschema-rs is the stricter (a `$` that does not match before a final newline,
no NaN or infinity, no key that is not a string), and "no" only sends the schema to `jsonschema`, which decides
(tests/test_fast_meta.py holds both to that on every corpus schema, edge values and random keywords). A schema is
JSON data as YAML and JSON loading give it: jsonschema-rs would also read a Python tuple as an array.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path
from typing import Any

# `.invalid` never resolves (RFC 2606); nothing is fetched anyway (`_refuse`).
PRIVATE_HOST = "meta.toolgen.invalid"


def satisfies_meta_schema(schema: dict, uri: str, validator_name: str) -> bool:
    """True when `schema` satisfies the meta-schema at `uri` (no final "#"), checked by jsonschema-rs's
    `validator_name` ("Draft202012Validator", …); False when it does not, or when that cannot be told here."""
    validator = meta_validator(uri, validator_name)
    if validator is None:
        return False
    try:
        return validator.is_valid(schema)
    except Exception:  # noqa: BLE001 - a value jsonschema-rs cannot read: `jsonschema` decides, and explains
        return False


@functools.lru_cache(maxsize=None)
def meta_validator(uri: str, validator_name: str) -> Any | None:
    """jsonschema-rs's validator of the meta-schema at `uri`, built once; None when `jsonschema`'s documents
    cannot be read (then every schema goes to `jsonschema`: slower, never wrong)."""
    # Imported here: its 15 MB library takes ~40 ms to load, and `toolgen check` of unchanged specs validates nothing.
    import jsonschema_rs

    documents = meta_documents()
    if documents is None or _private(uri) not in documents:
        return None
    registry = jsonschema_rs.Registry(list(documents.items()), retriever=_refuse)
    cls = getattr(jsonschema_rs, validator_name)
    return cls(documents[_private(uri)], validate_formats=False, registry=registry, retriever=_refuse)


@functools.lru_cache(maxsize=None)
def meta_documents() -> dict[str, Any] | None:
    """Every meta-schema and vocabulary document `jsonschema` ships (draft 4 on), by its private `$id` (no final
    "#"); None when they cannot be found."""
    spec = importlib.util.find_spec("jsonschema_specifications")  # found, not imported
    if spec is None or spec.origin is None:
        return None
    documents = {}
    for path in sorted((Path(spec.origin).parent / "schemas").rglob("*")):
        if not path.is_file() or path.name.startswith("."):
            continue  # the files are named by what they hold, some without a suffix
        document = json.loads(path.read_text(encoding="utf-8"))
        key = "$id" if "$id" in document else "id"  # draft 4 spells it `id`
        if not isinstance(document.get(key), str) or "draft-03" in document[key]:
            continue  # draft 3: not a meta-schema toolgen checks against, nor one jsonschema-rs reads
        private = _private(document[key].rstrip("#"))
        documents[private] = {**document, key: private}
    return documents or None


def _private(uri: str) -> str:
    return uri.replace("://json-schema.org/", f"://{PRIVATE_HOST}/", 1)


def _refuse(uri: str) -> Any:
    raise ValueError(f"toolgen fetches no schema: {uri}")
