"""Hostile words and strings shared by the hostile-input corpus and the random spec generator.

RESERVED_WORDS: for each of the six languages, its keywords (reserved and contextual), the predeclared names a
generated file could shadow, and the names the generated code itself relies on (SDK types, imported packages).
BREAKOUTS: strings that try to end, or change the meaning of, every literal and comment the six targets write:
comments (`*/`, a Java `\\u000a`, a Go `//go:` directive, doc tags, XML), string literals of every kind (quotes,
backslashes, raw-string fences, templates, format placeholders), and characters that editors and compilers treat
specially (line and paragraph separators, bidi controls, NUL and other control characters).
`yaml_text` writes a spec document as YAML (JSON syntax, which YAML 1.2 reads as is) with every character that
YAML would reject or fold escaped, so the file means exactly the data it was made from.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

RESERVED_WORDS: dict[str, tuple[str, ...]] = {
    "python": tuple(
        "False None True and as assert async await break class continue def del elif else except finally for "
        "from global if import in is lambda nonlocal not or pass raise return try while with yield match case "
        "type self cls print list dict str int float bool object id len super property classmethod "
        "staticmethod BaseModel Field ConfigDict model_config model_fields model_dump schema json copy dict_ "
        "Any Optional Union Literal Annotated typing pydantic copilot Tool ToolInvocation".split()
    ),
    "nodejs": tuple(
        "break case catch class const continue debugger default delete do else enum export extends false "
        "finally for function if import in instanceof new null return super switch this throw true try typeof "
        "var void while with as implements interface let package private protected public static yield any "
        "boolean constructor declare get module require number set string symbol type from of async await "
        "undefined NaN Infinity arguments eval prototype toString valueOf hasOwnProperty never unknown object "
        "bigint satisfies keyof infer readonly unique is asserts abstract accessor override out z zod "
        "defineTool Tool ToolInvocation Object Array Promise JSON".split()
    ),
    "go": tuple(
        "break case chan const continue default defer else fallthrough for func go goto if import interface "
        "map package range return select struct switch type var bool byte complex64 complex128 error float32 "
        "float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr true false "
        "iota nil append cap clear close complex copy delete imag len make max min new panic print println "
        "real recover any comparable json fmt context errors copilot tools Tool ToolInvocation ToolResult "
        "DefineTool Handlers init main".split()
    ),
    "dotnet": tuple(
        "abstract as base bool break byte case catch char checked class const continue decimal default "
        "delegate do double else enum event explicit extern false finally fixed float for foreach goto if "
        "implicit in int interface internal is lock long namespace new null object operator out override "
        "params private protected public readonly ref return sbyte sealed short sizeof stackalloc static "
        "string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void "
        "volatile while add alias and ascending args async await by descending dynamic equals file from get "
        "global group init into join let managed nameof nint not notnull nuint on or orderby partial record "
        "remove required scoped select set unmanaged value var when where with yield System Task Object "
        "String Equals GetHashCode ToString GetType EqualityContract Deconstruct PrintMembers Clone "
        "AIFunction AIFunctionFactory JsonElement JsonPropertyName".split()
    ),
    "java": tuple(
        "abstract assert boolean break byte case catch char class const continue default do double else enum "
        "extends final finally float for goto if implements import instanceof int interface long native new "
        "package private protected public return short static strictfp super switch synchronized this throw "
        "throws transient try void volatile while true false null var yield record sealed permits non-sealed "
        "module exports opens requires uses provides transitive to with when Object String Class Override "
        "Deprecated getClass hashCode equals toString clone finalize notify notifyAll wait Map List Long "
        "Double Boolean Integer JsonProperty ToolDefinition ToolHandler ToolInvocation ToolSupport".split()
    ),
    "rust": tuple(
        "as break const continue crate else enum extern false fn for if impl in let loop match mod move mut "
        "pub ref return self Self static struct super trait true type unsafe use where while async await dyn "
        "abstract become box do final macro override priv typeof unsized virtual yield try gen union "
        "macro_rules raw Option Some None Result Ok Err Vec String Box Default Clone Copy Send Sync Sized Drop "
        "Fn FnMut FnOnce From Into Iterator ToString ToOwned Debug Serialize Deserialize serde serde_json std "
        "core alloc Tool ToolHandler ToolInvocation ToolResult Error Value".split()
    ),
}


def all_reserved_words() -> list[str]:
    """Every word above once, in a stable order (first language first)."""
    return list(dict.fromkeys(word for words in RESERVED_WORDS.values() for word in words))


BREAKOUTS: dict[str, str] = {
    "block_comment_end": "*/ evil(); /* still a comment? */",
    "doc_comment_open": "/** nested /* doc */ comment",
    "line_comment": "// not a comment\n// next line\nlast",
    "hash_comment": "# not a comment\n#[derive(Evil)]\n#!/bin/sh",
    "newline_lf": "first line\nsecond line\n",
    "newline_crlf": "first line\r\nsecond line\r\n",
    "newline_cr": "first line\rsecond line\r",
    "blank_lines": "\n\n\ntext after blank lines\n\n\n",
    "unicode_separators": "line\u2028separator and paragraph\u2029separator and next\u0085line",
    "double_quotes": 'He said "hi" and "" and """"',
    "single_quotes": "it's '' and ''' and '",
    "triple_quotes": "\"\"\" ''' \"\"\"\"\"\" ''''''",
    "backslashes": "\\ \\\\ \\\\\\ \\n \\t \\r \\0 \\x41 \\u0041 \\U00000041 \\N{BULLET} \\d \\q",
    "trailing_backslash": "ends with a backslash \\",
    "backticks": "`code` ``double`` ```fence```",
    "template_literal": "${process.exit(1)} `${x}` #{ruby} $(shell) %(python)s",
    "rust_raw_string": '"# r#"raw"# "## r##"x"## "###',
    "go_struct_tag": '`json:"x,omitempty"` json:"-" yaml:"y" a:"b"',
    "csharp_strings": '@"verbatim "" {0} {{}} $"{x}" """raw""" $$"""{{x}}"""',
    "java_unicode_escape": "\\u000a System.exit(1); \\u002a/ \\u0022 \\uuuu0041 \\u005c",
    "xml_doc": "</summary><script>alert(1)</script> &amp; & < > <![CDATA[ x ]]> <!-- -->",
    "doc_tags": "@deprecated use something else\n@param x y\n{@code x} {@link Foo} @return nothing\n@SuppressWarnings",
    "markdown_fence": "```rust\nfn main() { panic!() }\n```\n    indented code\n# Heading",
    "python_format": "{} {0} {name} {{ }} %s %d %% {!r}",
    "jinja": "{{ 1 + 1 }} {% raw %} {# comment #} {%- endraw %} {{",
    "go_directives": "//go:generate rm -rf /\n//go:build ignore\n//line evil.go:1\n// +build ignore",
    "python_coding": "# -*- coding: latin-1 -*-\n# vim: set fileencoding=latin-1 :",
    "control_chars": "nul\u0000 soh\u0001 bel\u0007 bs\u0008 vt\u000b ff\u000c esc\u001b[31m del\u007f c1\u0080\u009b",
    "bidi": "admin\u202e\u2066 // check later \u2069\u2066 ;\u200f\u061c\u202d",
    "zero_width": "zero\u200bwidth\u200cjoin\u200d\u2060word\ufeffbom",
    "noncharacters": "non\ufffe\uffffchar \U0010ffff",
    "astral": "emoji 😀 🏳️‍🌈 math 𝕏𝔸 cuneiform 𒀀 ancient 𓀀",
    "combining": "e\u0301 vs \u00e9, Z\u0335\u0321a\u0334l\u0336g\u0337o, \ufdfa",
    "rtl_text": "مرحبا بالعالم שלום עולם",
    "cjk": "名前 説明 도구 工具",
    "shell_sql": "'; DROP TABLE tools; -- $(rm -rf /) && curl x | sh",
    "html_script": "</script><script>alert(1)</script><img src=x onerror=alert(1)>",
    "numbers_as_text": "1e309 NaN -0 Infinity 0x10 1_000",
    "whitespace": "  \t leading and trailing whitespace \t  ",
    "long_word": "x" * 2000,
    "yaml_like": "key: value\n- item\n? complex\n&anchor *alias !tag |\n---\n...",
    "json_like": '{"type": "object", "properties": {}} ]}]} "\\"',
}


# Characters written as escapes: everything YAML rejects (controls, non-characters), folds (NEL, the line and
# paragraph separators) or may strip (a BOM), plus invisible formatting characters, so a file is easy to read.
_ESCAPED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def _escape(char: str) -> str:
    if (
        char.isascii() and char.isprintable()
    ) or char == "\n":  # json.dumps writes raw newlines only between keys
        return char
    if char != " " and unicodedata.category(char) in _ESCAPED_CATEGORIES | {"Zs"}:
        code = ord(char)
        return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return char


# A key on its own line (json.dumps with indent puts every key on one): indentation, the JSON string, ": ".
_KEY_LINE = re.compile(r'^( *)("(?:[^"\\]|\\.)*")(: )', re.MULTILINE)
# YAML allows an implicit key of at most 1024 characters; a longer one needs the explicit form `? key : value`.
_LONGEST_IMPLICIT_KEY = 1000


def _explicit_long_key(match: re.Match[str]) -> str:
    indent, key, colon = match.groups()
    return f"{indent}? {key} {colon}" if len(key) > _LONGEST_IMPLICIT_KEY else match.group(0)


def yaml_text(document: Any) -> str:
    """`document` as YAML 1.2 text in JSON syntax (one key per line), escaping what YAML would not keep."""
    text = json.dumps(document, ensure_ascii=False, indent=1)
    text = _KEY_LINE.sub(_explicit_long_key, text)
    return "".join(_escape(char) for char in text) + "\n"
