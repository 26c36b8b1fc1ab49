"""The Java target writes each tool's JSON (schema, metadata) as a Java 17 text block; javac must read back exactly
the JSON text we meant, byte for byte, for every spec including the hostile corpus, so the wire stays the same."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from codegen.layout.json import pretty_json
from codegen.layout.markup import Laid
from codegen.run.generate import load_tools, render_outputs
from codegen.targets.java.layout import json_value

from .support import ALL_SPEC_DIRS, SDK_SPEC_DIRS, require_executable
from .test_target_java import laid_out

# `private static final String PARAMETERS_JSON =` (or METADATA_JSON) through the end of its initializer.
_JSON_CONSTANT = re.compile(r"  private static final String (PARAMETERS|METADATA)_JSON( =.*?;)\n", re.S)

# Texts a text block must carry unchanged: delimiter look-alikes, escapes javac would otherwise act on,
# whitespace it would strip, characters outside ASCII and control characters.
HOSTILE_TEXTS = [
    '{\n  "a": 1\n}',
    '"""',
    '""""""',
    '\\"""',
    'end with quotes ""',
    "\\u000a is not a line break",
    "\\u0022",
    "line continuation \\",
    "trailing space \ntrailing tab\t\n  indented\n\nblank line above",
    " leading space",
    "\t",
    "é 名 😀 \u202e \x7f \x00 \x1f \u3000 \u00a0 inside",
    "line\u2028separator\nand paragraph\u2029separator and next\u0085line\nthen more",  # a string literal
    "ideographic space at the end\u3000",  # cannot be kept in a text block: a string literal instead
    "",
    # Longer than a class file's constant (65535 bytes of modified UTF-8): several blocks joined at run time.
    "x" * 70_000,
    ("名" * 1000 + "\n") * 30,
    "😀" * 11_000 + "\u0000" * 10,
    '{\n  "a": "' + "d" * 40_000 + '",\n  "b": "' + "e" * 40_000 + '"\n}',
]


def text_block_assignment(head: str, text: str) -> list[str]:
    """`head = …;` holding `text`, at a class member's indentation, as the tool template writes its JSON constants."""
    return laid_out("  " + head + " = {{ value }};", value=Laid(json_value(text)))


def test_a_text_block_is_laid_out_as_google_java_format_does():
    assert text_block_assignment("private static final String X", '{\n  "a": [1, 2]\n}') == [
        "  private static final String X =",
        '      """',
        "      {",
        '        "a": [1, 2]',
        "      }\\",
        '      """;',
    ]


def test_every_schema_constant_is_a_text_block():
    tools, _ = load_tools(ALL_SPEC_DIRS)
    outputs, _ = render_outputs(tools, ["java"])
    found = 0
    for path, text in outputs.items():
        for _, declaration in _JSON_CONSTANT.findall(text):
            found += 1
            assert declaration.startswith(' =\n      """\n'), (path, declaration[:200])
            assert "\n          + " not in declaration, path  # no literals cut into a `+` chain
    assert found >= len([tool for tool in tools if tool.wire_parameters is not None])


def _javac_strings(tmp_path: Path, initializers: list[str]) -> list[str]:
    """What javac and java make of each initializer (the source from ` =` through `;`)."""
    javac, java = require_executable("javac"), require_executable("java")
    fields = [f"  static final String S{index}{body}" for index, body in enumerate(initializers)]
    names = ", ".join(f"S{index}" for index in range(len(initializers)))
    source = (
        "import java.util.stream.Collectors;\n\n"
        "public final class Dump {\n" + "\n".join(fields) + "\n\n"
        "  public static void main(String[] args) {\n"
        f"    for (String text : new String[] {{{names}}}) {{\n"
        "      // One line per string: its code points in hex, so nothing depends on the console's encoding.\n"
        "      System.out.println(text.codePoints().mapToObj(Integer::toHexString)"
        '.collect(Collectors.joining(" ")));\n'
        "    }\n"
        "  }\n"
        "}\n"
    )
    (tmp_path / "Dump.java").write_text(source, "ascii")  # generated Java is ASCII only
    # -Xlint:all covers text-blocks (inconsistent indentation, trailing white space), as the SDK harness compiles.
    command = [javac, "--release", "17", "-Xlint:all", "-Werror", "-encoding", "US-ASCII", "Dump.java"]
    compiled = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert compiled.returncode == 0, compiled.stderr[:5000]
    ran = subprocess.run([java, "-cp", ".", "Dump"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr[:5000]
    lines = ran.stdout.split("\n")[:-1]
    return ["".join(chr(int(code, 16)) for code in line.split()) for line in lines]


def test_javac_reads_hostile_texts_back_exactly(tmp_path):
    head = "  static final String X"
    initializers = ["\n".join(text_block_assignment("static final String X", text))[len(head) :]
                    for text in HOSTILE_TEXTS]  # fmt: skip
    assert _javac_strings(tmp_path, initializers) == HOSTILE_TEXTS


def test_javac_reads_every_generated_json_constant_as_the_json(tmp_path):
    # The specs, the edge specs and the stress corpus (hostile strings, random specs): what the SDK harness builds.
    tools, _ = load_tools(SDK_SPEC_DIRS)
    outputs, _ = render_outputs(tools, ["java"])
    by_name = {tool.name: tool for tool in tools}
    expected: list[str] = []
    initializers: list[str] = []
    found = 0
    for text in outputs.values():
        # Tool names are ASCII letters, digits, `_` and `-` (the spec format): the literal needs no decoding.
        name = re.search(r'public static final String NAME = "([A-Za-z0-9_-]+)";', text)
        if name is None:
            continue  # the support class
        tool = by_name[name.group(1)]
        for kind, declaration in _JSON_CONSTANT.findall(text):
            value = tool.wire_parameters if kind == "PARAMETERS" else tool.options.metadata
            found += 1
            expected.append(pretty_json(value))
            initializers.append(declaration)
    with_json = [tool for tool in tools if tool.wire_parameters is not None or tool.options.metadata]
    assert found >= len(with_json)  # every tool with a schema or metadata was found
    read = _javac_strings(tmp_path, initializers)
    assert read == expected  # byte for byte the JSON text we meant
    assert [json.loads(text) for text in read] == [json.loads(text) for text in expected]


def test_a_text_too_long_for_one_constant_is_joined_from_blocks_at_line_breaks():
    text = ("a" * 100 + "\n") * 1000  # 101,000 bytes
    lines = text_block_assignment("static final String X", text)
    assert lines[:3] == ["  static final String X =", "      String.join(", '          "",']
    assert lines.count('          """') == 2 and lines[-1] == '          """);'
    # The first block ends at a line break, so no line of the text is cut in two.
    first_end = lines.index('          """,')
    assert lines[first_end - 1] == "          " + "a" * 100


def test_text_javac_would_misread_or_warn_about_stays_a_string_literal():
    for text in ["ends in an ideographic space\u3000", "a\u2028b", "a\u2029b", "a\u0085b"]:
        assert '"""' not in "\n".join(text_block_assignment("static final String X", text)), repr(text)
