"""A seeded generator of realistic tool specs for the benchmark.

`generate_specs(n, seed, out_dir)` writes n spec files (format version 1, design §2) that look like what tool
authors write: 1-12 properties whose names fit their types, nested objects, arrays of objects, enums,
nullables in both spellings, defaults of every JSON type, string/number/array bounds, string-keyed maps, the odd
`$defs`/`$ref`, and every tool option, sometimes explicitly set to its default.

Spec i depends only on (seed, i), never on n: the first 100 specs of a 1000-spec set are the 100-spec set, so
sizes can be compared. Randomness comes from `random.Random` seeded with a string, which hashes with SHA-512 and
so does not depend on PYTHONHASHSEED or the platform.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

__all__ = ["generate_specs", "make_spec", "spec_file_name", "spec_to_yaml", "write_spec"]

# Levels below the root: root → object → object is as deep as hand-written tools usually go.
MAX_DEPTH = 2
VERBS = (
    "get list create update delete search fetch sync archive restore summarize translate schedule cancel "
    "approve merge deploy rollback export import tag assign notify resolve query render validate upload "
    "download compare"
).split()
NOUNS = (
    "issue pull_request branch commit file folder message channel ticket invoice customer order report "
    "dashboard build release incident alert calendar_event document snippet workspace user team label "
    "comment deployment secret metric log_entry query_plan notebook image dataset"
).split()
# Property names by the kind of value they hold, so that a name fits its type.
FIELDS: dict[str, list[str]] = {
    "string": (
        "id name title body query path url owner author created_after updated_before locale timezone "
        "branch_name commit_sha email message reason comment language region project_key due_date version "
        "checksum color source destination workspace_id parent_id cursor summary channel_slug prompt label"
    ).split(),
    "integer": (
        "limit offset page page_size max_results retry_count timeout_seconds estimate_minutes width height "
        "depth max_tokens line_number port count"
    ).split(),
    "number": "score threshold ratio weight temperature budget_hours latitude longitude".split(),
    "boolean": (
        "dry_run include_archived case_sensitive recursive verbose notify draft force follow_redirects "
        "include_drafts"
    ).split(),
    "enum": (
        "priority order output_format state method status visibility log_level frequency merge_method "
        "encoding sort_by"
    ).split(),
    "string_array": "labels tags reviewers columns paths scopes emails file_types keywords ids".split(),
    "map": "headers env variables attributes annotations".split(),
    "object": (
        "assignee options settings schedule location retry_policy pagination notification time_range"
    ).split(),
    "object_array": "filters steps attachments items rows changes recipients sort_keys".split(),
}
SLUG = "^[a-z0-9-]+$"
# What a string field (or an array's string items) carries besides its type.
STRING_EXTRAS: dict[str, dict[str, str]] = {
    "id": {"format": "uuid"},
    "url": {"format": "uri"},
    "created_after": {"format": "date-time"},
    "updated_before": {"format": "date-time"},
    "email": {"format": "email"},
    "due_date": {"format": "date"},
    "commit_sha": {"pattern": "^[0-9a-f]{7,40}$"},
    "project_key": {"pattern": "^[A-Z]{2,10}$"},
    "color": {"pattern": "^#[0-9a-fA-F]{6}$"},
    "channel_slug": {"pattern": SLUG},
    "file_types": {"pattern": SLUG},
}
ENUM_VALUES: dict[str, list[str]] = {
    "priority": ["low", "medium", "high", "urgent"],
    "order": ["asc", "desc"],
    "output_format": ["json", "yaml", "text", "markdown"],
    "state": ["open", "closed", "all"],
    "method": ["GET", "HEAD", "POST"],
    "status": ["pending", "in_progress", "done", "failed"],
    "visibility": ["public", "internal", "private"],
    "log_level": ["debug", "info", "warning", "error"],
    "frequency": ["daily", "weekly", "monthly"],
    "merge_method": ["merge", "squash", "rebase"],
    "encoding": ["utf-8", "latin-1"],
    "sort_by": ["created", "updated", "relevance"],
}
KIND_WEIGHTS = {
    "string": 30,
    "integer": 12,
    "number": 5,
    "boolean": 10,
    "enum": 10,
    "string_array": 8,
    "map": 3,
    "object": 8,
    "object_array": 6,
}
NESTED = {"object", "object_array"}
NULLABLE_KINDS = {"string", "integer", "number", "boolean", "enum"}
STRING_DEFAULTS = "main default none en-US UTC README.md origin staging inbox".split()
TEAMS = ["platform", "data", "dev-experience", "security", "billing", "search"]
PHRASES = [
    "Only the first page is returned when this is omitted.",
    "Ignored when the caller lacks write access.",
    "Matches are case-insensitive.",
    "Use ISO 8601 for dates.",
    "Values outside the allowed range are clamped by the server.",
    "Leave empty to use the workspace default.",
]
TOOL_PHRASES = [
    "Requires read access to the workspace.",
    "Results are paginated; pass the cursor from the previous call.",
    "Fails when the item does not exist.",
    "Runs in the background and returns a job id when the work takes long.",
]
OBJECT_DESCRIPTIONS = [
    "Details of the item.",
    "One entry.",
    "Settings for this call.",
    "Who or what it applies to.",
]
PROPERTY_COUNTS = list(range(1, 13))
PROPERTY_COUNT_WEIGHTS = [6, 10, 12, 12, 11, 10, 9, 8, 7, 6, 5, 4]


def _rng(seed: int, index: int) -> random.Random:
    return random.Random(f"toolgen-bench:{seed}:{index}")


def _weighted(rng: random.Random, weights: dict[str, int]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _join(words: list[str], style: str) -> str:
    if style == "snake":
        return "_".join(words)
    if style == "kebab":
        return "-".join(words)
    if style == "pascal":
        return "".join(word[:1].upper() + word[1:] for word in words)
    return words[0] + "".join(word[:1].upper() + word[1:] for word in words[1:])


def _tool_name(rng: random.Random, index: int) -> tuple[str, str, str]:
    """(name, verb, noun). The index keeps names unique across a whole set; verbs and nouns hold no digits, so
    no two tools' names collide even after a target re-cases them."""
    verb, noun = rng.choice(VERBS), rng.choice(NOUNS)
    words = [verb, *noun.split("_"), str(index)]
    style = rng.choices(["snake", "camel", "kebab"], weights=[70, 20, 10])[0]
    return _join(words, style), verb, noun.replace("_", " ")


def _describe(rng: random.Random, words: list[str]) -> str:
    phrase = " ".join(words)
    text = rng.choice([f"The {phrase} to use.", f"{phrase.capitalize()}.", f"Optional {phrase}."])
    if rng.random() < 0.3:
        text += " " + rng.choice(PHRASES)
    return text


class _SchemaMaker:
    """Builds one tool's parameters; collects the `$defs` entries that properties refer to."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.defs: dict[str, Any] = {}

    def object_schema(self, depth: int, count: int) -> dict[str, Any]:
        rng = self.rng
        # One casing style per object, as people write; now and then a kebab-case name such as `max-results`.
        style = rng.choices(["camel", "snake"], weights=[65, 35])[0]
        fields = self._pick_fields(depth, count)
        schema: dict[str, Any] = {"type": "object"}
        if depth > 0 and rng.random() < 0.5:
            schema["description"] = rng.choice(OBJECT_DESCRIPTIONS)
        properties: dict[str, Any] = {}
        for kind, field in fields:
            words = field.split("_")
            own = "kebab" if len(words) > 1 and rng.random() < 0.06 else style
            name = _join(words, own)
            properties[name] = self.property_schema(kind, field, depth)
        schema["properties"] = properties
        names = list(properties)
        required = [name for name in names if rng.random() < 0.35]
        if depth == 0 and not required and rng.random() < 0.7:
            required = [names[0]]
        if required:
            schema["required"] = required
        if rng.random() < 0.3:
            schema["additionalProperties"] = False
        return schema

    def _pick_fields(self, depth: int, count: int) -> list[tuple[str, str]]:
        """`count` distinct (kind, field): distinct word lists, so no two names collide after casing."""
        rng = self.rng
        weights = {
            kind: weight
            for kind, weight in KIND_WEIGHTS.items()
            if depth < MAX_DEPTH or kind not in NESTED
        }
        used: set[str] = set()
        picked: list[tuple[str, str]] = []
        while len(picked) < count:
            kind = _weighted(rng, weights)
            free = [field for field in FIELDS[kind] if field not in used]
            if not free:
                weights.pop(kind)
                continue
            field = rng.choice(free)
            used.add(field)
            picked.append((kind, field))
        return picked

    def property_schema(self, kind: str, field: str, depth: int) -> dict[str, Any]:
        rng = self.rng
        words = field.split("_")
        schema = getattr(self, f"_{kind}")(field, depth)
        if rng.random() < 0.75 and "description" not in schema:
            schema["description"] = _describe(rng, words)
        if kind in NULLABLE_KINDS and rng.random() < 0.15:
            return self._nullable(schema)
        if kind in NESTED and depth == 0 and rng.random() < 0.15:
            return self._as_ref(words, schema)
        return schema

    def _string(self, field: str, depth: int) -> dict[str, Any]:
        rng = self.rng
        extra = STRING_EXTRAS.get(field, {})
        schema: dict[str, Any] = {"type": "string", **extra}
        if rng.random() < 0.3:
            schema["minLength"] = 1
        if rng.random() < 0.2 and not extra:
            schema["maxLength"] = rng.choice([64, 256, 1024])
        if rng.random() < 0.15 and not extra:
            schema["default"] = rng.choice(STRING_DEFAULTS)
        if rng.random() < 0.05 and not extra:
            schema["examples"] = rng.sample(STRING_DEFAULTS, 2)
        return schema

    def _integer(self, field: str, depth: int) -> dict[str, Any]:
        rng = self.rng
        schema: dict[str, Any] = {"type": "integer"}
        low, high = rng.choice([0, 1]), rng.choice([10, 100, 500, 10000])
        if rng.random() < 0.6:
            schema["minimum"] = low
        if rng.random() < 0.5:
            schema["maximum"] = high
        if rng.random() < 0.4:
            schema["default"] = rng.choice([low, 10, min(50, high), min(100, high)])
        return schema

    def _number(self, field: str, depth: int) -> dict[str, Any]:
        rng = self.rng
        schema: dict[str, Any] = {"type": "number"}
        roll = rng.random()
        if roll < 0.4:
            schema["exclusiveMinimum"] = 0
        elif roll < 0.7:
            schema["minimum"] = 0.0
        if rng.random() < 0.5:
            schema["maximum"] = rng.choice([1, 1.0, 120, 1000.5])
        if rng.random() < 0.15:
            schema["multipleOf"] = 0.5
        if rng.random() < 0.4:
            schema["default"] = rng.choice([0.5, 1.0, 30, 2.5])
        return schema

    def _boolean(self, field: str, depth: int) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "boolean"}
        if self.rng.random() < 0.6:
            schema["default"] = self.rng.random() < 0.3
        return schema

    def _enum(self, field: str, depth: int) -> dict[str, Any]:
        values = list(ENUM_VALUES[field])
        schema: dict[str, Any] = {"type": "string", "enum": values}
        if self.rng.random() < 0.5:
            schema["default"] = self.rng.choice(values)
        return schema

    def _string_array(self, field: str, depth: int) -> dict[str, Any]:
        rng = self.rng
        items = {"type": "string", **STRING_EXTRAS.get(field, {})}
        schema: dict[str, Any] = {"type": "array", "items": items}
        if rng.random() < 0.3:
            schema["uniqueItems"] = True
        if rng.random() < 0.2:
            schema["maxItems"] = rng.choice([5, 20, 100])
        if rng.random() < 0.3:
            schema["default"] = []
        return schema

    def _map(self, field: str, depth: int) -> dict[str, Any]:
        values = {"type": self.rng.choice(["string", "string", "integer"])}
        schema: dict[str, Any] = {"type": "object", "additionalProperties": values}
        if self.rng.random() < 0.4:
            schema["default"] = {}
        return schema

    def _object(self, field: str, depth: int) -> dict[str, Any]:
        return self.object_schema(depth + 1, self.rng.randint(1, 5))

    def _object_array(self, field: str, depth: int) -> dict[str, Any]:
        rng = self.rng
        schema: dict[str, Any] = {
            "type": "array",
            "items": self.object_schema(depth + 1, rng.randint(1, 4)),
        }
        if rng.random() < 0.3:
            schema["minItems"] = 1
        if rng.random() < 0.2:
            schema["maxItems"] = rng.choice([4, 10, 50])
        return schema

    def _nullable(self, schema: dict[str, Any]) -> dict[str, Any]:
        """Both spellings tool authors use: `type: [T, "null"]` and `anyOf` of the schema and {type: null}."""
        rng = self.rng
        if rng.random() < 0.6:
            nullable = {**schema, "type": [schema["type"], "null"]}
            if "enum" in schema:  # an enum without null in it would reject null again
                nullable["enum"] = [*schema["enum"], None]
        else:
            annotations = {"description", "default"}  # stay beside anyOf, on the property itself
            inner = {key: value for key, value in schema.items() if key not in annotations}
            nullable = {"anyOf": [inner, {"type": "null"}]}
            if "description" in schema:
                nullable["description"] = schema["description"]
        if rng.random() < 0.5:
            nullable["default"] = None
        return nullable

    def _as_ref(self, words: list[str], schema: dict[str, Any]) -> dict[str, Any]:
        """Move an object (or an array's item object) into `$defs` and refer to it, as shared types are written."""
        def_name = _join(words, "pascal")
        if schema["type"] == "array":
            self.defs[def_name] = schema["items"]
            return {**schema, "items": {"$ref": f"#/$defs/{def_name}"}}
        moved = dict(schema)
        reference: dict[str, Any] = {"$ref": f"#/$defs/{def_name}"}
        if "description" in moved:
            reference["description"] = moved.pop("description")  # a $ref with a sibling description
        self.defs[def_name] = moved
        return reference


def _parameters(rng: random.Random) -> dict[str, Any]:
    maker = _SchemaMaker(rng)
    count = rng.choices(PROPERTY_COUNTS, weights=PROPERTY_COUNT_WEIGHTS)[0]
    schema = maker.object_schema(0, count)
    if maker.defs:
        return {"type": "object", "$defs": maker.defs, **schema}  # `type` keeps its place: first
    return schema


def _options(rng: random.Random) -> dict[str, Any]:
    """Every option sometimes, some explicitly set to their default (which the wire parity rule drops)."""
    options: dict[str, Any] = {}
    roll = rng.random()
    if roll < 0.08:
        options["isTerminal"] = True
    elif roll < 0.13:
        options["isTerminal"] = False
    roll = rng.random()
    if roll < 0.2:
        options["defer"] = "auto"
    elif roll < 0.3:
        options["defer"] = "never"
    roll = rng.random()
    if roll < 0.12:
        options["skipPermission"] = True
    elif roll < 0.16:
        options["skipPermission"] = False
    roll = rng.random()
    if roll < 0.06:
        options["overridesBuiltInTool"] = True
    elif roll < 0.08:
        options["overridesBuiltInTool"] = False
    roll = rng.random()
    if roll < 0.2:
        options["metadata"] = {"owner": rng.choice(TEAMS), "readOnly": rng.random() < 0.5}
        if rng.random() < 0.3:
            options["metadata"]["timeouts"] = {"default": 30, "max": rng.choice([60, 300])}
    elif roll < 0.23:
        options["metadata"] = {}
    return options


def make_spec(index: int, seed: int) -> dict[str, Any]:
    """Spec number `index` of the set for `seed`, as the mapping its YAML file holds (key order kept)."""
    rng = _rng(seed, index)
    name, verb, noun = _tool_name(rng, index)
    article = "an" if noun[0] in "aeiou" else "a"
    description = f"{verb.capitalize()} {article} {noun} in the connected service and return the result as JSON."
    if rng.random() < 0.4:
        description += " " + rng.choice(TOOL_PHRASES)
    spec: dict[str, Any] = {"name": name, "description": description}
    options = _options(rng)
    spec.update({key: value for key, value in options.items() if key != "metadata"})
    spec["parameters"] = _parameters(rng)
    if "metadata" in options:
        spec["metadata"] = options["metadata"]
    return spec


def spec_file_name(index: int, spec: dict[str, Any]) -> str:
    return f"{index:05d}_{spec['name']}.yaml"


def spec_to_yaml(spec: dict[str, Any], comment: str = "") -> str:
    header = f"# {comment}\n" if comment else ""
    # PyYAML quotes every scalar that YAML 1.1 would read as non-string (e.g. 'null'); none of the strings made
    # here reads differently under YAML 1.2, which toolgen uses (tests/test_bench.py checks the round trip).
    return header + yaml.safe_dump(
        spec, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )


def write_spec(path: Path, spec: dict[str, Any], comment: str = "") -> None:
    path.write_text(spec_to_yaml(spec, comment), encoding="utf-8")


def generate_specs(n: int, seed: int, out_dir: Path) -> list[Path]:
    """Write specs 0..n-1 of the set for `seed` into `out_dir` (created if needed); return their paths in order."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(n):
        spec = make_spec(index, seed)
        path = out_dir / spec_file_name(index, spec)
        write_spec(path, spec, f"benchmark spec {index} for seed {seed} (bench/specgen.py)")
        paths.append(path)
    return paths
