"""Names from symbols: one table of inputs and the identifier each target style makes of them.

Enum values are the main consumers (Go constants, Rust and C# variants, Java constants); field names use the
same words in snake case (Python, Rust) and camel case (TypeScript, Java components). Each row is
value → (Pascal as Rust/C# print it, Go's exported form, Java's SCREAMING_SNAKE, snake_case, camelCase).
"""

from __future__ import annotations

import pytest

from codegen.model import ir
from codegen.model.build import _member_text
from codegen.model.naming import camel, identifier_words, pascal, screaming_snake, snake, unique_identifiers
from codegen.targets.go import syntax as go_syntax

ROWS = [
    # The examples: a sign in front of a number, a symbol inside a word, symbols that name a language.
    ("+1", "Plus1", "Plus1", "PLUS_1", "plus_1", "plus1"),
    ("-1", "Minus1", "Minus1", "MINUS_1", "minus_1", "minus1"),
    ("reactions-+1", "ReactionsPlus1", "ReactionsPlus1", "REACTIONS_PLUS_1", "reactions_plus_1", "reactionsPlus1"),
    ("C++", "CPlusPlus", "CPlusPlus", "C_PLUS_PLUS", "c_plus_plus", "cPlusPlus"),
    ("C#", "CSharp", "CSharp", "C_SHARP", "c_sharp", "cSharp"),
    ("F#", "FSharp", "FSharp", "F_SHARP", "f_sharp", "fSharp"),
    # Separators between words stay separators: ordinary names do not change.
    ("max-results", "MaxResults", "MaxResults", "MAX_RESULTS", "max_results", "maxResults"),
    ("user.id", "UserId", "UserID", "USER_ID", "user_id", "userId"),
    ("x_y", "XY", "XY", "X_Y", "x_y", "xY"),
    ("in progress", "InProgress", "InProgress", "IN_PROGRESS", "in_progress", "inProgress"),
    ("application/json", "ApplicationJson", "ApplicationJSON", "APPLICATION_JSON", "application_json",
     "applicationJson"),
    ("Node.js", "NodeJs", "NodeJs", "NODE_JS", "node_js", "nodeJs"),
    ("utf-8", "Utf8", "Utf8", "UTF_8", "utf_8", "utf8"),
    ("_id", "Id", "ID", "ID", "id", "id"),
    ("__typename", "Typename", "Typename", "TYPENAME", "typename", "typename"),
    ('key with "quote"', "KeyWithQuote", "KeyWithQuote", "KEY_WITH_QUOTE", "key_with_quote", "keyWithQuote"),
    # `-` and `.` carry meaning at either end of a value: a sign, a grade, a leading dot.
    ("-created", "MinusCreated", "MinusCreated", "MINUS_CREATED", "minus_created", "minusCreated"),
    ("A-", "AMinus", "AMinus", "A_MINUS", "a_minus", "aMinus"),
    ("A+", "APlus", "APlus", "A_PLUS", "a_plus", "aPlus"),
    (".NET", "DotNet", "DotNet", "DOT_NET", "dot_net", "dotNet"),
    # Operators carry meaning wherever they stand.
    ("a+b", "APlusB", "APlusB", "A_PLUS_B", "a_plus_b", "aPlusB"),
    ("Q&A", "QAndA", "QAndA", "Q_AND_A", "q_and_a", "qAndA"),
    ("x >= 5", "XGreaterOrEqual5", "XGreaterOrEqual5", "X_GREATER_OR_EQUAL_5", "x_greater_or_equal_5",
     "xGreaterOrEqual5"),
    ("$ref", "DollarRef", "DollarRef", "DOLLAR_REF", "dollar_ref", "dollarRef"),
    ("@type", "AtType", "AtType", "AT_TYPE", "at_type", "atType"),
    ("50%", "The50Percent", "The50Percent", "THE_50_PERCENT", "the_50_percent", "the50Percent"),
    ("C++11", "CPlusPlus11", "CPlusPlus11", "C_PLUS_PLUS_11", "c_plus_plus_11", "cPlusPlus11"),
    # Values made only of symbols are spelled out; operators of two or three characters are one word.
    (">=", "GreaterOrEqual", "GreaterOrEqual", "GREATER_OR_EQUAL", "greater_or_equal", "greaterOrEqual"),
    ("<=", "LessOrEqual", "LessOrEqual", "LESS_OR_EQUAL", "less_or_equal", "lessOrEqual"),
    ("!=", "NotEqual", "NotEqual", "NOT_EQUAL", "not_equal", "notEqual"),
    ("==", "Equal", "Equal", "EQUAL", "equal", "equal"),
    ("=", "Equal", "Equal", "EQUAL", "equal", "equal"),
    ("===", "StrictEqual", "StrictEqual", "STRICT_EQUAL", "strict_equal", "strictEqual"),
    ("<", "Less", "Less", "LESS", "less", "less"),
    ("*/", "StarSlash", "StarSlash", "STAR_SLASH", "star_slash", "starSlash"),
    ("-", "Minus", "Minus", "MINUS", "minus", "minus"),
    ("!", "Bang", "Bang", "BANG", "bang", "bang"),
    (" ", "Space", "Space", "SPACE", "space", "space"),
    ("→", "RightwardsArrow", "RightwardsArrow", "RIGHTWARDS_ARROW", "rightwards_arrow", "rightwardsArrow"),
    ("", "Empty", "Empty", "EMPTY", "empty", "empty"),
    # Digits: a leading digit gets `the`; two digit words never run together (`1.2` is not `12`).
    ("12", "The12", "The12", "THE_12", "the_12", "the12"),
    ("1.2", "The1_2", "The1_2", "THE_1_2", "the_1_2", "the1_2"),
    ("v1.2.3", "V1_2_3", "V1_2_3", "V_1_2_3", "v_1_2_3", "v1_2_3"),
    ("2fa", "The2Fa", "The2Fa", "THE_2_FA", "the_2_fa", "the2Fa"),
    # Non-ASCII letters keep their code-point words.
    ("名前", "U540dU524d", "U540dU524d", "U540D_U524D", "u540d_u524d", "u540dU524d"),
]


@pytest.mark.parametrize(("value", "pascal_name", "go_name", "java_name", "snake_name", "camel_name"), ROWS)
def test_names_in_every_style(value, pascal_name, go_name, java_name, snake_name, camel_name):
    words = identifier_words(_member_text(value), "empty")
    assert pascal(words) == pascal_name  # Rust variants, C# members and type names, Python/TS type names
    assert go_syntax.exported(words) == go_name
    assert screaming_snake(words) == java_name
    assert snake(words) == snake_name  # Python and Rust fields
    assert camel(words) == camel_name  # TypeScript and Java components


@pytest.mark.parametrize(
    ("value", "pascal_name"),
    [(1, "Value1"), (-1, "Minus1"), (1.5, "Value1Point5"), (True, "True"), (False, "False")],
)
def test_numbers_and_booleans_keep_their_spelling(value, pascal_name):
    assert pascal(identifier_words(_member_text(value), "empty")) == pascal_name


@pytest.mark.parametrize(
    ("values", "pascal_names", "java_names"),
    [
        # The report: `+1`/`-1` were The1/The12, `C++`/`C#` were C/C2; now nothing collides.
        (["+1", "-1", "1", "12"], ["Plus1", "Minus1", "The1", "The12"], ["PLUS_1", "MINUS_1", "THE_1", "THE_12"]),
        (["C++", "C#", "C"], ["CPlusPlus", "CSharp", "C"], ["C_PLUS_PLUS", "C_SHARP", "C"]),
        # A suffix after a digit is set off by `_`, so `A1` and `A1_2` never read as A-twelve.
        (["a1", "A1"], ["A1", "A1_2"], ["A_1", "A_1_2"]),
        # After a letter the number joins directly (Rust's lint rejects `Sum_2`; `SUM_2` is a Java word anyway).
        (["SUM", "Sum", "sum"], ["Sum", "Sum2", "Sum3"], ["SUM", "SUM_2", "SUM_3"]),
        (["=", "=="], ["Equal", "Equal2"], ["EQUAL", "EQUAL_2"]),
    ],
)
def test_collisions_within_one_enum(values, pascal_names, java_names):
    words = [identifier_words(value, "empty") for value in values]
    assert unique_identifiers([pascal(w) for w in words])[0] == pascal_names
    assert unique_identifiers([screaming_snake(w) for w in words], separator="_")[0] == java_names


def test_go_constants_use_the_shared_words():
    # Go used to spell symbol-only values by Unicode names (ExclamationEquals); all targets now agree.
    member = ir.EnumMember("!=", identifier_words("!=", "empty"))
    assert go_syntax.exported(member.words) == "NotEqual"


@pytest.fixture(scope="module")
def symbol_outputs() -> dict[str, str]:
    from codegen.run.generate import load_tools, render_outputs

    from .support import EDGE_SPECS

    tools, _ = load_tools([EDGE_SPECS / "symbol_names.yaml"])
    outputs, _ = render_outputs(tools, ["go", "rust", "dotnet", "java", "python"])
    return outputs


@pytest.mark.parametrize(
    ("path", "declarations"),
    [
        ("go/symbol_names.go", ["SymbolNamesReactionPlus1 ", "SymbolNamesReactionMinus1 ",
                                "SymbolNamesReactionReactionsPlus1 ", "SymbolNamesLanguageCPlusPlus ",
                                "SymbolNamesLanguageCSharp ", "SymbolNamesVersionThe1_2 ", "SymbolNamesVersionA1_2 ",
                                "SymbolNamesOperatorGreaterOrEqual ", "SymbolNamesSortMinusCreated ",
                                "DollarRef ", "AtType "]),
        ("rust/symbol_names.rs", ["    Plus1,", "    Minus1,", "    ReactionsPlus1,", "    CPlusPlus,", "    CSharp,",
                                  "    DotNet,", "    The1_2,", "    V1_2,", "    A1_2,", "    Sum2,",
                                  "pub dollar_ref:", "pub c_plus_plus_2:"]),
        ("dotnet/SymbolNames.cs", ["    Plus1,", "    Minus1,", "    ReactionsPlus1,", "    CPlusPlus,", "    CSharp,",
                                   "    The1_2,", "    A1_2\n", "    NotEqual,"]),
        ("java/com/example/copilot/tools/SymbolNamesTool.java",
         ["    PLUS_1,", "    MINUS_1,", "    REACTIONS_PLUS_1,", "    C_PLUS_PLUS,", "    C_SHARP,", "    THE_1_2,",
          "    A_1_2", "    SUM_2,", "    PLUS_CREATED,"]),
        ("python/symbol_names.py",
         ["    dollar_ref: str | None", "    at_type: str | None", "    c_plus_plus_2: bool"]),
    ],
)
def test_generated_code_uses_the_names(symbol_outputs, path, declarations):
    text = symbol_outputs[path]
    missing = [declaration for declaration in declarations if declaration not in text]
    assert not missing, missing


@pytest.mark.parametrize(
    ("values", "pascal_names"),
    [
        # Separators dropped from two values that then read alike are spelled out for the later ones, so the
        # names keep the difference instead of a number.
        (["a-b", "a_b", "a.b", "ab"], ["AB", "AUnderscoreB", "ADotB", "Ab"]),
        (["foo", "_foo", "foo bar", "foo/bar"], ["Foo", "UnderscoreFoo", "FooBar", "FooSlashBar"]),
        # Spelling out cannot tell case apart: those keep the number.
        (["SUM", "Sum"], ["Sum", "Sum2"]),
        # Values that do not collide are left alone.
        (["max-results", "max_tokens"], ["MaxResults", "MaxTokens"]),
    ],
)
def test_an_enum_spells_out_separators_that_would_make_two_names_alike(tmp_path, values, pascal_names):
    import json

    from codegen.run.generate import load_tools

    spec = {"name": "t", "description": "d",
            "parameters": {"type": "object", "properties": {"v": {"type": "string", "enum": values}}}}  # fmt: skip
    (tmp_path / "t.yaml").write_text(json.dumps(spec), "utf-8")
    tools, _ = load_tools([tmp_path])
    (decl,) = [decl for decl in tools[0].decls if isinstance(decl, ir.EnumDecl)]
    assert unique_identifiers([pascal(member.words) for member in decl.members])[0] == pascal_names
