"""The Java target: spelling tables, layout, determinism, tree-sitter syntax and google-java-format.

The compile against the real Copilot SDK for Java and the wire comparison are in test_sdk_java.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.model import ir
from codegen.run.generate import load_tools, render_outputs
from codegen.model.naming import identifier_words
from codegen.layout import markup
from codegen.targets import render
from codegen.targets.java import layout, names, types
from codegen.targets.java.doc import javadoc, line_comment
from codegen.targets.java.layout import COLUMN_LIMIT
from codegen.targets.java.syntax import (
    escape_identifier,
    is_package_name,
    java_string,
    javadoc_text,
    line_comment_text,
    string_chunks,
)
from codegen.output.writer import OWNERSHIP_MARKER

from .sdk.java import toolchain
from .support import ALL_SPEC_DIRS, REPO, SPECS, write_outputs
from .test_syntax import syntax_problems

FOLDER = "java/com/example/copilot/tools"


def laid_out(source: str, **context) -> list[str]:
    """The lines of `source`, a template in the Java templates' environment (their layout macros), rendered with
    `context` and laid out as the target lays out its files."""
    with markup.collecting() as placed:
        text = render.environment("java").from_string(source).render(**context)
    return markup.lay_out(text, placed, layout.STYLE).split("\n")


def string_assignment(head: str, text: str) -> list[str]:
    """`head = "text";` at a class member's indentation, as the tool template writes its string constants."""
    return laid_out("  " + head + " = {{ value }};", value=markup.Laid(layout.string_value(text)))


def argument_list(head: str, arguments: list[str], tail: str) -> list[str]:
    """`head(arguments)tail` at a class member's indentation, the arguments marked as the templates mark them."""
    source = "  " + head + "({% call arguments() %}{{ items | join(',' ~ next_argument) }}{% endcall %})" + tail
    return laid_out(source, items=arguments)


def _outputs(spec_dirs=None, options=None) -> tuple[dict[str, str], list]:
    tools, _ = load_tools(spec_dirs or ALL_SPEC_DIRS)
    return render_outputs(tools, ["java"], {"java": options} if options else None)


# -- string literals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        ("plain", '"plain"'),
        ('say "hi"', '"say \\"hi\\""'),
        ("back\\slash", '"back\\\\slash"'),
        ("line\nbreak\r\ttab", '"line\\nbreak\\r\\ttab"'),
        ("\b\f", '"\\b\\f"'),
        ("nul\x00 one\x01 del\x7f", '"nul\\000 one\\001 del\\177"'),
        ("é名", '"\\u00e9\\u540d"'),
        ("\u202e", '"\\u202e"'),
        ("😀", '"\\ud83d\\ude00"'),
        ("'single' `tick` ${x} */", "\"'single' `tick` ${x} */\""),
        # The javac hazard: a data backslash before `u` stays a backslash (doubled), never a \u escape.
        ("\\u000a", '"\\\\u000a"'),
        ("\\\\u0022", '"\\\\\\\\u0022"'),
    ],
)
def test_java_string_escapes_every_position(text, literal):
    assert java_string(text) == literal


def _javac_decode(literal: str) -> str:
    """What javac makes of a string literal: \\u pre-processing first (only after an even run of backslashes),
    then the escape sequences. A small model of JLS §3.3 and §3.10.7, enough to check our output."""
    body = literal[1:-1]
    out, i = [], 0
    while i < len(
        body
    ):  # JLS 3.3: \uXXXX is eligible when preceded by an even number of backslashes
        if body[i] == "\\":
            run = 1
            while i + run < len(body) and body[i + run] == "\\":
                run += 1
            if run % 2 == 1 and body[i + run : i + run + 1] == "u":
                out.append(body[i : i + run - 1])
                out.append(chr(int(body[i + run + 1 : i + run + 5], 16)))
                i += run + 5
                continue
            out.append(body[i : i + run])
            i += run
        else:
            out.append(body[i])
            i += 1
    text = "".join(out)
    assert (
        "\n" not in text and "\r" not in text
    ), "a line terminator inside a literal does not compile"
    simple = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", '"': '"', "\\": "\\", "'": "'"}
    result, i = [], 0
    while i < len(text):
        if text[i] == "\\":
            nxt = text[i + 1]
            if nxt in simple:
                result.append(simple[nxt])
                i += 2
            else:
                digits = text[i + 1 : i + 4]
                result.append(chr(int(digits, 8)))
                i += 4
        else:
            assert text[i] != '"', "an unescaped quote ends the literal early"
            result.append(text[i])
            i += 1
    # javac strings are UTF-16: join surrogate pairs back into code points.
    return "".join(result).encode("utf-16", "surrogatepass").decode("utf-16")


@pytest.mark.parametrize(
    "text",
    [
        "\\u000a",
        "\\u0022 and \\\\u005c",
        'x\\"y',
        "\x00\x1f\x7f",
        "😀 é \u2028 \u202e",
        "\\",
        "\\\\u",
        "end\\",
    ],
)
def test_java_string_round_trips_through_javac_rules(text):
    assert java_string(text).isascii()
    assert _javac_decode(java_string(text)) == text


def test_string_chunks_never_split_an_escape_and_concatenate_to_the_text():
    text = 'ab"c\\d\n' * 20 + "😀" * 10
    chunks = string_chunks(text, 14)
    assert all(len(chunk) <= 14 for chunk in chunks)
    assert "".join(_javac_decode(chunk) for chunk in chunks) == text


def test_string_chunks_prefer_commas_and_spaces():
    assert string_chunks("aaaaaaaaaa,bbbbbbbbbb", 16) == ['"aaaaaaaaaa,"', '"bbbbbbbbbb"']


# -- comments -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("Plain words.", "Plain words."),
        ("a <b> & c", "a &lt;b&gt; &amp; c"),
        ("ends */ here", "ends *&#47; here"),
        ("@param injected", "&#64;param injected"),
        ("{@code x}", "{&#64;code x}"),
        ("\\u000a breaks javac", "&#92;u000a breaks javac"),
        ("multi\n\nline\t tabs", "multi line tabs"),
        ("é 名 😀 \u202e \x00", "&#xe9; &#x540d; &#x1f600; &#x202e; U+0000"),
        ("  padded  ", "padded"),
    ],
)
def test_javadoc_text_escapes(text, html):
    assert javadoc_text(text) == html


def test_javadoc_text_is_ascii_and_cannot_close_the_comment_or_start_a_unicode_escape():
    hostile = "*/ \\u002a\\u002f \\u000a @see <script> " + "".join(chr(c) for c in range(0, 0x300))
    text = javadoc_text(hostile)
    assert (
        text.isascii()
        and "*/" not in text
        and "\\" not in text
        and "@" not in text
        and "<" not in text
    )


def test_line_comment_text_is_ascii_and_neutralizes_backslash_u():
    assert line_comment_text("specs/a.yaml") == "specs/a.yaml"
    assert line_comment_text("dir\\u000a/名前.yaml") == "dir\\\\u000a/U+540DU+524D.yaml"
    assert line_comment_text("a\nb") == "aU+000Ab"


def test_javadoc_layout_matches_google_java_format():
    assert javadoc(2, "Short.") == ["  /** Short. */"]
    long_text = " ".join(["word"] * 40)
    lines = javadoc(2, long_text, [("name", long_text), ("empty", "")])
    assert lines[0] == "  /**" and lines[-1] == "   */"
    assert all(len(line) <= COLUMN_LIMIT for line in lines)
    assert "   *" in lines  # blank line between the summary and the block tags
    assert any(line.startswith("   * @param name word") for line in lines)
    assert any(line.startswith("   *     word") for line in lines)  # @param continuation indent
    assert not any("@param empty" in line for line in lines)


def test_string_assignment_layouts():
    assert string_assignment("static final String A", "x") == ['  static final String A = "x";']
    two = string_assignment("static final String A", "y" * 80)
    assert two == ["  static final String A =", '      "' + "y" * 80 + '";']
    chain = string_assignment("static final String A", "z" * 300)
    assert chain[0] == "  static final String A =" and chain[1].startswith('      "')
    assert all(line.startswith('          + "') for line in chain[2:]) and chain[-1].endswith('";')
    assert all(len(line) <= COLUMN_LIMIT for line in chain)


def test_argument_list_layouts():
    assert argument_list("f", ["a", "b"], ";") == ["  f(a, b);"]
    head = "someFunctionName"
    assert argument_list(head, ["x" * 40, "y" * 40], ";") == [
        f"  {head}(",
        f"      {'x' * 40}, {'y' * 40});",
    ]
    assert argument_list("f", ["x" * 60, "y" * 60], ";") == [
        "  f(",
        f"      {'x' * 60},",
        f"      {'y' * 60});",
    ]
    assert argument_list("record R", [], " {}") == ["  record R() {}"]


# -- identifiers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wire", "component"),
    [
        ("class", "class_"),
        ("default", "default_"),
        ("_", "underscore"),  # no letters: spelled out by the IR
        ("toString", "toString_"),  # a record component may not be named like Object's methods
        ("hashCode", "hashCode_"),
        ("yield", "yield_"),
        ("record", "record"),  # restricted identifiers that are legal component names stay
        ("var", "var"),
        ("maxResults", "maxResults"),
        ("max-results", "maxResults"),
        ("2fa", "the2Fa"),
        ("名前", "u540dU524d"),
        ("True", "true_"),
        ("null", "null_"),
    ],
)
def test_component_names(wire, component):
    from codegen.model.naming import camel

    assert (
        escape_identifier(camel(identifier_words(wire, "value")), names.COMPONENT_RESERVED)
        == component
    )


@pytest.mark.parametrize(
    ("value", "constant"),
    [
        ("low", "LOW"),
        ("in_progress", "IN_PROGRESS"),
        ("<=", "LESS_OR_EQUAL"),
        ("!=", "NOT_EQUAL"),
        ("*/", "STAR_SLASH"),
        (" ", "SPACE"),
        ("", "EMPTY"),
        ("1st", "THE_1_ST"),
    ],
)
def test_enum_constant_names(value, constant):
    from codegen.model.build import _member_text
    from codegen.model.naming import screaming_snake

    member = ir.EnumMember(value, identifier_words(_member_text(value), "empty"))
    assert screaming_snake(member.words) == constant


def test_type_map_covers_every_type_kind():
    assert set(types.TYPE_MAP) == set(ir.TYPE_KINDS)
    assert set(types.SCALAR_TYPES) == set(ir.SCALAR_KINDS)


@pytest.mark.parametrize("name", ["com.example.tools", "a", "x1.y_2.$z"])
def test_package_names_accepted(name):
    assert is_package_name(name)


@pytest.mark.parametrize(
    "name", ["", "com..x", "com.class.x", "1com", "com.ex-ample", "com.example."]
)
def test_package_names_rejected(name):
    assert not is_package_name(name)


def test_package_option_moves_the_files_and_the_declaration():
    outputs, _ = _outputs([SPECS], {"package": "org.acme.agent"})
    assert outputs and all(path.startswith("java/org/acme/agent/") for path in outputs)
    assert all("\npackage org.acme.agent;\n" in text for text in outputs.values())


def test_invalid_package_option_is_a_config_error():
    from codegen.errors import ConfigError

    with pytest.raises(ConfigError, match="not a valid Java package name"):
        _outputs([SPECS], {"package": "com.class"})


# -- generated files ------------------------------------------------------------------------------


def test_one_class_per_tool_plus_support_handlers_and_the_presence_type():
    outputs, _ = _outputs([SPECS])
    names = sorted(Path(path).name for path in outputs)
    assert names == [
        "ClearContextTool.java", "CreateIssueTool.java", "CurrentTimeTool.java", "JsonNullable.java",
        "QueryDatabaseTool.java", "SearchFilesTool.java", "ToolHandlers.java", "ToolSupport.java", "UpdatePlanTool.java", "WebFetchTool.java",
    ]  # fmt: skip


def test_tool_handlers_has_one_method_per_tool_and_all_creates_each():
    outputs, _ = _outputs([SPECS])
    text = next(text for path, text in outputs.items() if path.endswith("/ToolHandlers.java"))
    assert "public interface ToolHandlers {\n" in text
    assert (
        "  Object clearContext(ClearContextTool.Params params, ToolInvocation invocation) throws Exception;\n"
        in text
    )
    assert "  Object currentTime(ToolInvocation invocation) throws Exception;\n" in text  # no parameters
    assert "  static List<ToolDefinition> all(ToolHandlers handlers) {\n    return List.of(\n" in text
    assert "        ClearContextTool.create(handlers::clearContext),\n" in text


def test_tool_handlers_is_not_a_record_so_any_number_of_tools_fits(tmp_path):
    """A record's constructor takes at most 254 components; the interface has no such limit."""
    for number in range(300):
        (tmp_path / f"t{number}.yaml").write_text(f"name: t{number}\ndescription: d\n", encoding="utf-8")
    outputs, _ = _outputs([tmp_path])
    text = outputs[f"{FOLDER}/ToolHandlers.java"]
    assert "record" not in text and text.count(") throws Exception;") == 300


@pytest.mark.parametrize(
    ("head", "parameters", "lines"),
    [
        ("Object a", ["A.Params params", "ToolInvocation invocation"],
         ["  Object a(A.Params params, ToolInvocation invocation) throws Exception;"]),
        ("Object clearContextAbc", ["ClearContextTool.Params params", "ToolInvocation invocation"],
         ["  Object clearContextAbc(ClearContextTool.Params params, ToolInvocation invocation)",
          "      throws Exception;"]),
        ("Object " + "p" * 80, ["ToolInvocation invocation"],
         ["  Object " + "p" * 80 + "(", "      ToolInvocation invocation) throws Exception;"]),
        ("Object " + "c" * 40, ["C" * 40 + "Tool.Params params", "ToolInvocation invocation"],
         ["  Object " + "c" * 40 + "(", "      " + "C" * 40 + "Tool.Params params, ToolInvocation invocation)",
          "      throws Exception;"]),
        ("Object " + "c" * 60, ["C" * 60 + "Tool.Params params", "ToolInvocation invocation"],
         ["  Object " + "c" * 60 + "(", "      " + "C" * 60 + "Tool.Params params,",
          "      ToolInvocation invocation)", "      throws Exception;"]),
    ],
)  # fmt: skip
def test_handler_method_declarations_break_like_the_formatter(head, parameters, lines):
    """Layouts google-java-format 1.28 prints (checked by hand); the whole corpus is checked by the formatter in
    test_generated_files_are_google_java_format_clean."""
    record = parameters[0].removesuffix(" params") if len(parameters) == 2 else "X."
    tool_class, _, params = record.partition(".")
    method = {"doc": "  /** Doc. */", "name": head.removeprefix("Object "), "tool_class": tool_class,
              "params": params or None}  # fmt: skip
    context = {"header": "// Header.", "package": "p", "methods": [method]}
    text = render.render("java", "tool_handlers.java.j2", context, style=layout.STYLE)
    declaration = text.split("  /** Doc. */\n")[1].split("\n\n")[0]
    assert declaration.split("\n") == lines


def test_header_names_the_spec_and_says_do_not_edit():
    outputs, _ = _outputs([SPECS])
    tool = outputs[f"{FOLDER}/ClearContextTool.java"]
    assert tool.startswith(
        "// Code generated by toolgen from specs/clear_context.yaml. DO NOT EDIT.\n"
    )
    support_file = outputs[f"{FOLDER}/ToolSupport.java"]
    assert support_file.startswith("// Code generated by toolgen. DO NOT EDIT.\n")
    for text in outputs.values():
        assert OWNERSHIP_MARKER in text.splitlines()[0]


def _outside_text_blocks(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every line that is not inside a text block: google-java-format leaves a text
    block's lines as they are (its content is the string's value), so the column limit does not apply there.
    The target opens a text block with a line of just `\"\"\"` and closes it with one of just `\"\"\";`."""
    lines, inside = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if inside:
            inside = line.strip() != '""";'
        else:
            lines.append((number, line))
            inside = line.strip() == '"""'
    return lines


def test_every_file_is_ascii_within_100_columns_and_ends_with_one_newline():
    outputs, _ = _outputs()
    for path, text in outputs.items():
        assert text.isascii(), path
        assert text.endswith("}\n") and not text.endswith("\n\n"), path
        too_long = [n for n, line in _outside_text_blocks(text) if len(line) > COLUMN_LIMIT]
        assert not too_long, f"{path}: lines {too_long}"


def test_options_use_the_sdk_spelling():
    """The record's positional options are named Error Prone style (docs/decisions.md)."""
    outputs, _ = _outputs()
    ping = outputs[f"{FOLDER}/PingTool.java"]
    assert (
        "        null,\n        bound,\n"
        "        /* overridesBuiltInTool= */ Boolean.TRUE,\n"
        "        /* skipPermission= */ Boolean.TRUE,\n"
        "        /* defer= */ ToolDefer.AUTO,\n"
        "        /* metadata= */ METADATA,\n"
        "        /* isTerminal= */ Boolean.TRUE);\n"
    ) in ping
    clear = outputs[f"{FOLDER}/ClearContextTool.java"]
    assert "/* defer= */ ToolDefer.NEVER,\n" in clear and "/* isTerminal= */ Boolean.TRUE);" in clear
    empty = outputs[
        f"{FOLDER}/EmptyParamsTool.java"
    ]  # isTerminal: false and metadata: {} are defaults
    assert "/* metadata= */ null,\n        /* isTerminal= */ null);" in empty
    assert "METADATA" not in empty


# That PARAMETERS_JSON holds the exact schema is checked by javac itself: tests/test_java_text_block.py.


def test_collisions_are_renamed_and_reported():
    outputs, warnings = _outputs()
    colliding = outputs[f"{FOLDER}/CollidingCasingsTool.java"]
    for component in ("userId,", "userId2,", "userId3,", "userId4,", "userId5)"):
        assert component in colliding
    messages = [str(w) for w in warnings]
    assert any(
        "colliding_casings.yaml:7:5: warning: java:" in m and "userId2" in m for m in messages
    ), messages
    assert any("reserved_words.yaml" in m and "self2" in m for m in messages), messages


def test_nested_type_names_do_not_shadow_used_types(tmp_path):
    (tmp_path / "t.yaml").write_text(
        "name: shadow\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        "    list: {type: object, properties: {a: {type: string}}}\n"
        "    string: {type: string, enum: [x]}\n"
        "    handler: {type: object, properties: {b: {type: integer}}}\n",
        encoding="utf-8",
    )
    outputs, warnings = _outputs([tmp_path])
    text = outputs[f"{FOLDER}/ShadowTool.java"]
    assert (
        "public record List2(" in text
        and "public enum String2 {" in text
        and "public record Handler2(" in text
    )
    assert "List2 list" in text and "String2 string" in text
    assert sum("java: type name" in str(w) for w in warnings) == 3


def test_root_record_yields_its_name_to_a_defs_entry_called_params(tmp_path):
    (tmp_path / "t.yaml").write_text(
        "name: defs_params\ndescription: d\nparameters:\n  type: object\n"
        "  $defs:\n    Params: {type: object, properties: {a: {type: string}}}\n"
        "  properties:\n    p: {$ref: '#/$defs/Params'}\n",
        encoding="utf-8",
    )
    outputs, _ = _outputs([tmp_path])
    text = outputs[f"{FOLDER}/DefsParamsTool.java"]
    assert 'public record Params2(@JsonProperty("p") Params p) {}' in text
    assert "Object handle(Params2 params, ToolInvocation invocation)" in text
    assert "ToolSupport.typed(PARAMETERS, Params2.class, handler::handle)" in text


def test_long_header_wraps_like_the_formatter():
    assert line_comment(0, "short") == ["// short"]
    lines = line_comment(0, "Code generated by toolgen from " + "d/" * 40 + "x.yaml. DO NOT EDIT.")
    assert lines[0] == "// Code generated by toolgen from" and all(
        len(line) <= COLUMN_LIMIT for line in lines
    )


def test_generation_is_deterministic_across_hash_seeds(tmp_path):
    script = (
        "import sys, json; from codegen.run.generate import load_tools, render_outputs; from pathlib import Path;"
        "tools, _ = load_tools([Path(p) for p in sys.argv[1:]]); out, _ = render_outputs(tools, ['java']);"
        "print(json.dumps(out, sort_keys=True))"
    )
    runs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", script, *map(str, ALL_SPEC_DIRS)], cwd=REPO, env=env,
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        runs.add(result.stdout)
    assert len(runs) == 1


def test_generated_files_parse_with_tree_sitter_java():
    outputs, _ = _outputs()
    problems = [
        problem for path, text in outputs.items() for problem in syntax_problems(path, text)
    ]
    assert not problems, "\n".join(problems[:50])


# Names and strings too long for one line exercise every layout that java_syntax mirrors from the formatter.
LONG_SPEC = """\
name: long_names
description: "See https://example.com/{url} for details, and a description long enough to wrap onto the next line."
parameters:
  type: object
  properties:
    "{x95}": {{type: string, description: "https://example.com/{url}"}}
    mode: {{type: string, enum: ["{e180}", "{words}", "{x95}", short]}}
    "{y70}": {{type: string, default: "{d120}"}}
    "{words}": {{type: integer}}
    "{z200}": {{type: object, properties: {{inner: {{type: string}}}}}}
    "{q200}": {{type: string, enum: [a]}}
    "{n40}": {{type: [string, "null"]}}
    "{n80}": {{type: [string, "null"]}}
    "{x95}n": {{type: [integer, "null"]}}
""".format(
    n40="n" * 40,
    n80="n" * 80,
    url="a" * 130,
    x95="x" * 95,
    e180="e" * 180,
    words=" ".join(["word"] * 25),
    y70="y" * 70,
    d120="d" * 120,
    z200="z" * 200,
    q200="q" * 200,
)


def test_generated_files_are_google_java_format_clean(tmp_path):
    # specs/ + edge specs, not the stress corpus: a 31-deep `List<List<…>>` type (tests/stress_specs) is known to
    # be laid out on one line where google-java-format breaks it (docs/decisions.md, known limitations).
    folder = write_outputs("java", tmp_path / "all", ALL_SPEC_DIRS)
    (tmp_path / "long").mkdir()
    (tmp_path / "long" / "long_names.yaml").write_text(LONG_SPEC, encoding="utf-8")
    long_folder = write_outputs("java", tmp_path / "long_out", [tmp_path / "long"])
    files = sorted(folder.rglob("*.java")) + sorted(long_folder.rglob("*Tool.java"))
    command = toolchain.formatter_command()
    result = subprocess.run(
        [*command, "--dry-run", "--set-exit-if-changed", *map(str, files)],
        capture_output=True,
        text=True,
    )
    assert (
        result.returncode == 0
    ), f"google-java-format would change:\n{result.stdout}{result.stderr}"[:5000]


def test_the_format_check_catches_unformatted_code(tmp_path):
    bad = tmp_path / "Bad.java"
    bad.write_text("class Bad {  void m( ) {} }\n", encoding="utf-8")
    command = toolchain.formatter_command()
    result = subprocess.run(
        [*command, "--dry-run", "--set-exit-if-changed", str(bad)], capture_output=True, text=True
    )
    assert result.returncode != 0


def test_nested_type_class_files_fit_a_file_name(tmp_path):
    """javac writes `Outer$Inner.class` per nested type; a file name has at most 255 bytes (NAME_MAX), so a
    300-character property name gives a shorter record name (with a warning), still unique."""
    word = "y" * 300
    (tmp_path / "t.yaml").write_text(
        "name: long_nested\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        f"    {word}: {{type: object, properties: {{a: {{type: string}}}}}}\n"
        f"    {word}z: {{type: object, properties: {{b: {{type: string}}}}}}\n",
        encoding="utf-8",
    )
    outputs, warnings = _outputs([tmp_path])
    text = outputs[f"{FOLDER}/LongNestedTool.java"]
    records = [line.split("record ")[1].split("(")[0] for line in text.splitlines() if " record " in line]
    nested = [name for name in records if name != "Params"]
    assert len(nested) == 2 and len(set(nested)) == 2, records
    for name in nested:
        assert name.startswith("Yyyy") and len(f"LongNestedTool${name}.class".encode()) <= 255, name
    assert sum("too long for a class file" in str(w) for w in warnings) == 2, [str(w) for w in warnings]


# -- null and absent (issue 20, Deliver 4) --------------------------------------------------------


def _components(text: str, record: str) -> str:
    start = text.index(f"public record {record}(")
    return text[start : text.index(") {}", start)]


def test_an_optional_nullable_property_without_default_tells_null_from_absent():
    """Exactly the properties whose null means something else than leaving them out (ir.Field
    .null_differs_from_absent) are JsonNullable, omitted from the record's JSON while the call leaves them out."""
    outputs, _ = _outputs([SPECS])
    issue = outputs[f"{FOLDER}/CreateIssueTool.java"]
    components = _components(issue, "Params")
    wrapped = '@JsonProperty("body") @JsonInclude(JsonInclude.Include.NON_EMPTY) JsonNullable<String> body'
    assert wrapped in components
    assert '@JsonProperty("title") String title' in components  # required
    assert '@JsonProperty("labels") List<String> labels' in components  # defaulted
    assert "import com.fasterxml.jackson.annotation.JsonInclude;\n" in issue
    plan = outputs[f"{FOLDER}/UpdatePlanTool.java"]
    assert "JsonNullable<String> explanation" in plan and "JsonNullable<Long> estimateMinutes" in plan
    tools, _ = load_tools([SPECS])
    expected = sum(
        field.null_differs_from_absent
        for tool in tools
        for decl in tool.decls
        if isinstance(decl, ir.StructDecl)
        for field in decl.fields
    )
    found = sum(text.count("JsonNullable<") - text.count("JsonNullable<?") for path, text in outputs.items()
                if path.endswith("Tool.java"))  # fmt: skip
    assert expected >= 4 and found == expected


def test_the_presence_type_is_a_public_class_beside_the_tools():
    outputs, _ = _outputs([SPECS])
    text = outputs[f"{FOLDER}/JsonNullable.java"]
    assert "public final class JsonNullable<T> {" in text
    for member in ("public static <T> JsonNullable<T> undefined()", "public static <T> JsonNullable<T> of(T value)",
                   "public boolean isPresent()", "public T get()", "public T orElse(T other)"):  # fmt: skip
        assert member in text
    assert "public Object getAbsentValue(DeserializationContext context)" in text  # absent → undefined()
    assert "public JsonNullable<?> getNullValue(DeserializationContext context)" in text  # null → of(null)


def test_a_nested_type_does_not_shadow_the_presence_type(tmp_path):
    (tmp_path / "t.yaml").write_text(
        "name: t\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        "    jsonNullable: {type: object, properties: {a: {type: string}}}\n"
        "    b: {type: [string, 'null']}\n",
        encoding="utf-8",
    )
    outputs, warnings = _outputs([tmp_path])
    text = outputs[f"{FOLDER}/TTool.java"]
    assert "public record JsonNullable(" not in text and "JsonNullable<String> b" in text
    assert any("JsonNullable" in str(warning) for warning in warnings)
