"""Prettier's layout, for the small TypeScript subset the nodejs target emits.

The generated TypeScript must already be in prettier's default format (print width 80, two-space indent, double
quotes, semicolons, trailing commas "all"), and toolgen must not need Node.js to generate it. So toolgen ports
prettier 3's document printer (`src/document/printer/printer.js`, in `ts_doc`) and, in this module, for the
handful of syntax forms toolgen writes (`ts_syntax`), the rules prettier uses to build documents from them
(`src/language-js/print/*.js`: member chains, call arguments, assignments, arrow functions, arrays, objects, keys,
type arguments, unions, interfaces). Each printing function names the prettier function it follows; branches for
syntax toolgen never writes are left out.

Two deliberate simplifications keep the output a fixed point of prettier: every non-empty object literal is written
expanded (prettier keeps an object expanded when its source has a newline after `{`), and nothing is written that
prettier would treat differently because of the original text (no blank lines inside expressions, no comments
inside expressions). The test suite runs the real `prettier --check` on everything this module prints.
"""


from __future__ import annotations

from typing import Any


from ...layout.doc import (
    Align, BREAK_PARENT, can_break, conditional_group, Doc, Fill, Group, group, HARDLINE, IfBreak, Indent,
    IndentIfBreak, join, Label, LINE, new_group_id, print_doc, PRINT_WIDTH, SOFTLINE, string_width,
    TAB_WIDTH, will_break,
)
from .literals import _escape_char, is_es5_identifier_name, needs_escape, _PLAIN_TEXT, string_literal
from .syntax import (
    ArrayExpr, Arrow, Bool, Call, _chain_groups, _chain_is_labelled, _chain_nodes, _chain_shape, ConstDecl, Ident,
    ImportDecl, InterfaceDecl, _is_call, _is_concisely_printed_array, _is_lone_short_argument, _is_signed_number,
    is_simple_call_argument, _is_simple_type, Member, Null, Num, _number_text, ObjectExpr, Prop,
    _should_expand_last_arg, _should_hug_union, Str, TArray, TKeyword, TMember, TRef, TTypeof, TUnion, TypeAlias,
)


# ---------------------------------------------------------------------------------------------------------------
# Syntax → documents (prettier: src/language-js/print)
# ---------------------------------------------------------------------------------------------------------------


class _Printer:
    """Prints syntax nodes to documents; a type's `key` stands in for prettier's AST path."""

    # -- expressions ------------------------------------------------------------------------------------------

    def expr(self, node: Any, expand_last_arg: bool = False) -> Doc:
        if isinstance(node, Ident):
            return node.name
        if isinstance(node, Str):
            return string_literal(node.value)
        if isinstance(node, Num):
            return _number_text(node)
        if isinstance(node, Bool):
            return "true" if node.value else "false"
        if isinstance(node, Null):
            return "null"
        if isinstance(node, ArrayExpr):
            return self.array(node)
        if isinstance(node, ObjectExpr):
            return self.object(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Arrow):
            return self.arrow(node, expand_last_arg)
        raise TypeError(f"cannot print {node!r}")

    def array(self, node: ArrayExpr) -> Doc:
        """prettier's printArray."""
        if not node.elements:
            return group(["[", "]"])
        should_break = (
            len(node.elements) > 1
            and all(
                (isinstance(element, ArrayExpr) and len(element.elements) > 1)
                or (isinstance(element, ObjectExpr) and len(element.props) > 1)
                for element in node.elements
            )
            and len({type(element) for element in node.elements}) == 1
        )
        concise = _is_concisely_printed_array(node)
        gid = new_group_id()
        trailing = IfBreak(",", "", gid) if concise else IfBreak(",")
        if concise:
            parts: list = []
            for index, element in enumerate(node.elements):
                last = index == len(node.elements) - 1
                parts.append([self.expr(element), trailing if last else ","])
                if not last:
                    parts.append(LINE)
            body: Doc = Fill(parts)
        else:
            parts = []
            for index, element in enumerate(node.elements):
                parts.append(group(self.expr(element)))
                if index < len(node.elements) - 1:
                    parts.append([",", LINE, ""])
            body = [parts, trailing]
        return group(["[", Indent([SOFTLINE, body]), SOFTLINE, "]"], should_break, gid)

    def object(self, node: ObjectExpr) -> Doc:
        """prettier's printObject (objectWrap "preserve", source always expanded)."""
        if not node.props:
            return group(["{", "}"])
        parts = []
        for index, prop in enumerate(node.props):
            parts.append(([",", LINE] if index else []) + [self.property(prop)])
        return group(["{", Indent([LINE, *parts]), IfBreak(","), LINE, "}"], should_break=True)

    def key(self, key: str, computed: bool = False) -> Doc:
        """prettier's printKey with quoteProps "as-needed"."""
        if computed:
            return ["[", string_literal(key), "]"]
        if is_es5_identifier_name(key) and string_literal(key)[1:-1] == key:
            return key
        return string_literal(key)

    def property(self, prop: Prop) -> Doc:
        left = self.key(prop.key, prop.computed)
        return self.assignment(left, ":", prop.value, is_property=True)

    def call(self, node: Call) -> Doc:
        """prettier's printCallExpression: a call of a member (every call toolgen writes) goes through the
        member-chain printer."""
        return self.member_chain(node)

    def call_arguments(self, node: Call) -> Doc:
        """prettier's printCallArguments."""
        args = node.args
        if not args:
            return group(["(", ")"])
        printed = []
        for index, arg in enumerate(args):
            doc = self.expr(arg)
            printed.append(doc if index == len(args) - 1 else [doc, ",", LINE])

        def all_args_broken_out() -> Group:
            return group(
                ["(", Indent([LINE, *printed]), IfBreak(","), LINE, ")"], should_break=True
            )

        if _should_expand_last_arg(args):
            head = printed[:-1]
            if any(will_break(doc) for doc in head):
                return all_args_broken_out()
            last = self.expr(args[-1], expand_last_arg=True)
            if will_break(last):
                return [
                    BREAK_PARENT,
                    conditional_group(
                        [
                            ["(", *head, group(last, should_break=True), ")"],
                            all_args_broken_out(),
                        ]
                    ),
                ]
            return conditional_group(
                [
                    ["(", *head, last, ")"],
                    ["(", *head, group(last, should_break=True), ")"],
                    all_args_broken_out(),
                ]
            )
        contents = ["(", Indent([SOFTLINE, *printed]), IfBreak(","), SOFTLINE, ")"]
        return group(contents, should_break=any(will_break(doc) for doc in printed))

    def member_chain(self, node: Call) -> Doc:
        """prettier's printMemberChain (no comments, no computed access, never an expression statement)."""
        chain = _chain_nodes(node)
        printed_nodes: list[tuple[Any, Doc]] = []
        for item in chain[:-1]:
            if isinstance(item, Call) and printed_nodes:
                printed_nodes.append((item, self.call_arguments(item)))
            elif isinstance(item, Member) and printed_nodes:
                printed_nodes.append((item, [".", item.name]))
            else:  # the head of the chain
                printed_nodes.append((item, self.expr(item)))
        printed_nodes.append((node, [self.call_arguments(node)]))
        # printed_nodes[-1] is the root call; its callee member precedes it.
        bounds, should_merge = _chain_groups(chain)
        groups = [printed_nodes[start:end] for start, end in bounds]

        def print_group(items: list) -> list:
            return [doc for _, doc in items]

        printed_groups = [print_group(g) for g in groups]
        one_line = printed_groups
        if not _chain_is_labelled(len(groups), should_merge):
            return group(one_line)

        rest = groups[2 if should_merge else 1 :]
        indented = (
            Indent([HARDLINE, join(HARDLINE, [print_group(g) for g in rest])]) if rest else ""
        )
        expanded = [
            print_group(groups[0]),
            print_group(groups[1]) if should_merge else "",
            indented,
        ]
        calls = [item for item, _ in printed_nodes if _is_call(item)]

        def last_group_breaks_and_other_calls_have_functions() -> bool:
            last_node = groups[-1][-1][0]
            return (
                _is_call(last_node)
                and will_break(printed_groups[-1])
                and any(isinstance(arg, Arrow) for call in calls[:-1] for arg in call.args)
            )

        if (
            (
                len(calls) > 2
                and any(not is_simple_call_argument(arg) for call in calls for arg in call.args)
            )
            or any(will_break(g) for g in printed_groups[:-1])
            or last_group_breaks_and_other_calls_have_functions()
        ):
            return Label("member-chain", group(expanded))
        return Label(
            "member-chain",
            [BREAK_PARENT if will_break(one_line) else "", conditional_group([one_line, expanded])],
        )

    def arrow(self, node: Arrow, expand_last_arg: bool) -> Doc:
        """prettier's printArrowFunction for a single arrow without parameters whose body is an expression (a
        call)."""
        signature = group([["(", ")"], ""])
        body = self.expr(node.body)
        same_line = isinstance(node.body, (ArrayExpr, ObjectExpr, Arrow))
        trailing_comma = IfBreak(",") if expand_last_arg else ""
        trailing_space = SOFTLINE if expand_last_arg else ""
        body_doc = (
            [" ", body] if same_line else [Indent([LINE, body]), trailing_comma, trailing_space]
        )
        return group([group(signature), " =>", group(body_doc), ""])

    # -- assignments --------------------------------------------------------------------------------------------

    def assignment(
        self, left: Doc, operator: str, right: Any, is_property: bool = False, right_is_type: bool = False
    ) -> Doc:
        """prettier's printAssignment with chooseLayout."""
        layout = self.choose_layout(left, right, is_property, right_is_type)
        if right_is_type:
            right_doc = self.type(right, assignment_layout=layout, key="typeAnnotation")
        else:
            right_doc = self.expr(right)
        if layout == "break-after-operator":
            return group([group(left), operator, group(Indent([LINE, right_doc]))])
        if layout == "never-break-after-operator":
            return group([group(left), operator, " ", right_doc])
        gid = new_group_id()
        return group(
            [group(left), operator, group(Indent(LINE), gid=gid), IndentIfBreak(right_doc, gid)]
        )

    def choose_layout(self, left: Doc, right: Any, is_property: bool, right_is_type: bool) -> str:
        if right_is_type and isinstance(right, TUnion) and not _should_hug_union(right):
            return "break-after-operator"
        can_break_left = can_break(left)
        short_key = is_property and isinstance(left, str) and string_width(left) < TAB_WIDTH + 3
        if not right_is_type and self.should_break_after_operator(right, short_key):
            return "break-after-operator"
        if not can_break_left and (
            short_key
            or isinstance(right, Bool)
            or (isinstance(right, Num) and not _is_signed_number(right))
        ):
            return "never-break-after-operator"
        return "fluid"

    def should_break_after_operator(self, right: Any, short_key: bool) -> bool:
        if short_key:
            return False
        node = right
        if _is_signed_number(node):
            return False  # a unary minus: its argument is a number, neither a string nor a chain
        if isinstance(node, Str):
            return True
        return self.is_poorly_breakable_chain(node)

    def is_poorly_breakable_chain(self, node: Any, deep: bool = False) -> bool:
        """prettier's isPoorlyBreakableMemberOrCallChain."""
        if isinstance(node, Call):
            # prettier asks whether the printed call is a labelled member chain; that depends only on the chain's
            # shape, so it is decided from the nodes instead of printing the call a second time.
            if _chain_is_labelled(*_chain_shape(node)):
                return False
            poorly = not node.args or (
                len(node.args) == 1 and _is_lone_short_argument(node.args[0])
            )
            if not poorly:
                return False
            return self.is_poorly_breakable_chain(node.callee, True)
        if isinstance(node, Member):
            return self.is_poorly_breakable_chain(node.object, True)
        return deep and isinstance(node, Ident)

    # -- types ----------------------------------------------------------------------------------------------------

    def type(self, node: Any, assignment_layout: str | None = None, key: str = "") -> Doc:
        if isinstance(node, TKeyword):
            return node.name
        if isinstance(node, TTypeof):
            return ["typeof ", node.name]
        if isinstance(node, TRef):
            return [node.name, self.type_args(node.args) if node.args else ""]
        if isinstance(node, TArray):
            inner = self.type(node.element)
            return (
                ["(", inner, ")[]"] if isinstance(node.element, TUnion) else [inner, "[]"]
            )
        if isinstance(node, TUnion):
            return self.union(node, assignment_layout, key)
        raise TypeError(f"cannot print type {node!r}")

    def type_args(self, args: list) -> Doc:
        """prettier's printTypeParameters for type arguments."""
        if len(args) == 1 and (
            _is_simple_type(args[0]) or (isinstance(args[0], TUnion) and _should_hug_union(args[0]))
        ):
            return ["<", self.type(args[0], key="params"), ">"]
        return group(
            [
                "<",
                Indent([SOFTLINE, join([",", LINE], [self.type(a, key="params") for a in args])]),
                SOFTLINE,
                ">",
            ]
        )

    def union(self, node: TUnion, assignment_layout: str | None, key: str) -> Doc:
        """prettier's printUnionType."""
        if _should_hug_union(node):
            return join(" | ", [self.type(t) for t in node.types])
        parts = []
        for index, member in enumerate(node.types):
            bar = IfBreak("| ") if index == 0 else [LINE, "| "]
            parts.append([bar, Align(2, self.type(member, key="types"))])
        printed = group(parts)
        if assignment_layout == "break-after-operator" or key == "params":
            return printed
        return group(Indent([SOFTLINE, printed]))

    # -- statements -------------------------------------------------------------------------------------------

    def statement(self, node: Any) -> Doc:
        export = "export "  # every declaration toolgen writes is exported
        if isinstance(node, ConstDecl):
            left: Doc = node.name if node.type is None else [node.name, ": ", self.type(node.type)]
            return [
                export,
                group(["const", " ", self.assignment(left, " =", node.init), ";"]),
            ]
        if isinstance(node, TypeAlias):
            left = ["type ", node.name]
            return [export, self.assignment(left, " =", node.type, right_is_type=True), ";"]
        if isinstance(node, InterfaceDecl):
            if not node.members:
                return [export, "interface ", node.name, " {}"]
            members = [self.interface_member(member) for member in node.members]
            return [
                export,
                "interface ",
                node.name,
                " ",
                "{",
                Indent([HARDLINE, join(HARDLINE, members)]),
                HARDLINE,
                "}",
            ]
        if isinstance(node, ImportDecl):
            specifiers = [("type " if type_only else "") + name for name, type_only in node.names]
            if len(specifiers) == 1:  # printModuleSpecifiers: a single specifier never breaks
                return ["import { ", specifiers[0], " } from ", string_literal(node.source), ";"]
            return [
                "import ",
                group(
                    ["{", Indent([LINE, join([",", LINE], specifiers)]), IfBreak(","), LINE, "}"]
                ),
                " from ",
                string_literal(node.source),
                ";",
            ]
        raise TypeError(f"cannot print statement {node!r}")

    def interface_member(self, member: TMember) -> Doc:
        annotation = self.type(member.type, key="typeAnnotation")
        return [
            group([self.key(member.key), "?" if member.optional else "", ": ", annotation]),
            ";",
        ]


def format_statement(node: Any) -> str:
    """One top-level statement laid out as prettier would, without a trailing newline.

    Since the templates spell the code, only a file's import line and the rare wire constant that
    `ts_json_layout` declines come here: the document printer is fast enough for them (about 0.07 s for the 1000
    benchmark specs), so no direct printer or cache of layouts stands in front of it."""
    return print_doc(_Printer().statement(node), PRINT_WIDTH)


def doc_comment(text: str) -> str:
    """A `/** … */` comment prettier leaves as it is: `*/` broken up, one ` * ` line per line of text, no trailing
    spaces, and characters that could hide or reorder text (controls, bidi overrides) shown as `\\uXXXX`.
    """
    text = (
        text.replace("\r\n", "\n")
        .replace("\r", "\n")
        .replace("\u2028", "\n")
        .replace("\u2029", "\n")
    )
    if not _PLAIN_TEXT.fullmatch(text):
        text = "".join(
            char if char == "\n" or not needs_escape(char) else _escape_char(char) for char in text
        )
    text = text.replace("*/", "*\\/")
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    # The common indentation of the later lines means nothing (docstring-style text): it would show as code.
    margin = min((len(line) - len(line.lstrip()) for line in lines[1:] if line), default=0)
    if lines:
        lines = [lines[0].lstrip(), *(line[margin:] for line in lines[1:])]
    if len(lines) == 1 and not lines[0].startswith("*") and lines[0].strip():
        return f"/** {lines[0].strip()} */"
    body = "\n".join(f" * {line}".rstrip() for line in lines)
    return f"/**\n{body}\n */"
