"""Every warning toolgen emits has a stable code (`TG101`), printed with it, listed in docs/warnings.md, and
acknowledged by it (codegen.review.acknowledge). Each constant here is passed where its warning is made; a test checks
that every one is used and documented, and that the documentation lists no other.

A code also says which targets its warning concerns (a run that configures none of them is not told of it) and
whether targets emit it while rendering (an acknowledgement of such a code is judged unused only after a run
that rendered every configured target). Standard library only: the no-change fast path reports warnings too.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPED = ("nodejs", "python", "go", "dotnet", "java", "rust")  # the targets with typed models (json has none)
LANGUAGES = {"nodejs": "TypeScript", "python": "Python", "go": "Go", "dotnet": ".NET", "java": "Java", "rust": "Rust"}


@dataclass(frozen=True)
class Code:
    meaning: str  # one line, as docs/warnings.md lists it
    concerns: tuple[str, ...] = TYPED  # () : every run
    rendered: bool = False  # also emitted by targets while they render


UNION = "TG101"
UNION_NOT_IN_RUST = "TG102"
UNION_RUST_AFTER_ALL = "TG103"
UNION_UNTYPED = "TG104"
ALL_OF = "TG105"
NOT_STATED = "TG106"
VALUES_UNTYPED = "TG107"
VALUES_LEFT_OUT = "TG108"
REQUIRED_UNDECLARED = "TG109"
ROOT_KEYWORD = "TG110"
FALSE_SCHEMA = "TG111"
REFERENCE_UNTYPED = "TG112"
BESIDE_REF = "TG113"
DEFAULT_UNFIT = "TG114"
UNKNOWN_KEYWORD = "TG115"
NO_EFFECT = "TG116"
RENAMED = "TG201"
SHORTENED = "TG202"
TEMPLATE_UNUSED = "TG301"
FORMATTER_MISSING = "TG302"
SDK_FIELD = "TG401"
ACKNOWLEDGED_NOTHING = "TG901"

CODES: dict[str, Code] = {
    UNION: Code("a union of different schemas: Go, .NET and Java type it as their JSON value type "
                "(TypeScript, Python and Rust type the union)", ("go", "dotnet", "java")),
    UNION_NOT_IN_RUST: Code("a union of different schemas: Go, .NET, Java and Rust type it as their JSON value "
                            "type (TypeScript and Python type the union)", ("go", "dotnet", "java", "rust")),
    UNION_RUST_AFTER_ALL: Code("Rust types a union as serde_json::Value after all (its branches' Rust types "
                               "overlap)", ("rust",), rendered=True),
    UNION_UNTYPED: Code("a union every language types as its JSON value type (anyOf beside oneOf, or no branch "
                        "fits the schema beside it)"),
    ALL_OF: Code("an allOf that does not merge into one schema: typed from the schema beside it, or as any value"),
    NOT_STATED: Code("a keyword the typed models cannot state (not, if, dependent…, min/maxProperties, contains, "
                     "unevaluated…, patternProperties, propertyNames, tuples): the nearest looser type"),
    VALUES_UNTYPED: Code("an enum or const typed as any JSON value (objects or lists, empty, no value fits "
                         "`type`, const outside the enum)", rendered=True),
    VALUES_LEFT_OUT: Code("enum values that cannot satisfy `type`, left out of the typed enum"),
    REQUIRED_UNDECLARED: Code("`required` names a property that `properties` does not declare: no field for it"),
    ROOT_KEYWORD: Code("anyOf, oneOf, allOf, $ref, enum or const at the root: the parameters type has the root's "
                       "own properties only"),
    FALSE_SCHEMA: Code("the schema `false` (no value is valid), typed as any JSON value"),
    REFERENCE_UNTYPED: Code("a reference typed as any JSON value ($dynamicRef, $recursiveRef, one that contains "
                            "itself, nests too deep, or a cycle of aliases)", rendered=True),
    BESIDE_REF: Code("keywords beside $ref (2019-09, 2020-12): the typed model is the referenced type"),
    DEFAULT_UNFIT: Code("a default the typed model cannot hold: no typed default (the wire keeps it)", rendered=True),
    UNKNOWN_KEYWORD: Code("a key that is no JSON Schema keyword (a typo, OpenAPI's nullable): ignored"),
    NO_EFFECT: Code("a keyword of another type (minimum on a string): ignored, as JSON Schema does"),
    RENAMED: Code("a generated name taken by another: renamed in that language (the wire name is unchanged)", (),
                  rendered=True),
    SHORTENED: Code("a generated type name too long for a Java class file or a rustdoc page: shortened", (),
                    rendered=True),
    TEMPLATE_UNUSED: Code("a custom template that overrides no built-in template", (), rendered=True),
    FORMATTER_MISSING: Code("a language's formatter is not installed: custom templates' output is written as "
                            "rendered", (), rendered=True),
    SDK_FIELD: Code("a spec field (title, instructions, namespace) the target's SDK version cannot carry: left out "
                    "of that target's output", (), rendered=True),
    ACKNOWLEDGED_NOTHING: Code("an acknowledgement (a spec's `acknowledge`, the configuration's) that matches no "
                               "warning: remove it", ()),
}  # fmt: skip


def union_message(what: str, code: str, why_not_rust: str = "", targets: tuple[str, ...] = TYPED) -> str:
    """The warning of a union (UNION or UNION_NOT_IN_RUST) naming only `targets`: which type it as a union and
    which as their JSON value type (and why Rust cannot, when it is one of them)."""
    typed = [LANGUAGES[t] for t in ("nodejs", "python") if t in targets]
    if code == UNION and "rust" in targets:
        typed.append("Rust (an untagged enum)")
    loose = [LANGUAGES[t] for t in CODES[code].concerns if t in targets]
    head = f"{what} is a typed union in {_joined(typed)}; " if typed else f"{what}: "
    verb = "types it as its" if len(loose) == 1 else "type it as their"
    rust = f" (Rust: {why_not_rust})" if why_not_rust and "rust" in targets else ""
    return f"{head}{_joined(loose)} {verb} JSON value type{rust}"


def retargeted(message: str, code: str, targets: tuple[str, ...]) -> str:
    """A union warning made for every target (`union_message`), said again for `targets` only."""
    what = message.split(" is a typed union in ", 1)[0]
    why = message.rsplit(" (Rust: ", 1)[1][:-1] if code == UNION_NOT_IN_RUST and " (Rust: " in message else ""
    return union_message(what, code, why, targets)


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
