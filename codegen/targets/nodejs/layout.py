"""prettier 3's rules for the TypeScript toolgen writes, and the `ts` layout macro that applies them.

The generated TypeScript must already be in prettier's default format (print width 80, two-space indent, double
quotes, semicolons, trailing commas "all"), without Node.js. The templates spell each statement once, flat, inside
`{% call ts() %}…{% endcall %}`; the macro reads it back into syntax nodes (`reader`) and builds prettier's document
for it, which `layout.markup` prints where it stands. The rules below are prettier's (`src/language-js/print/*.js`:
member chains, call arguments, assignments, arrow functions, functions, arrays, objects, keys, type arguments,
unions, interfaces) for the handful of syntax forms toolgen writes; each names the prettier function it follows, and
branches for syntax toolgen never writes are left out.

Two deliberate simplifications keep the output a fixed point of prettier: every non-empty object literal is written
expanded (prettier keeps an object expanded when its source has a newline after `{`), and nothing is written that
prettier would treat differently because of the original text (no blank lines or comments inside expressions). The
test suite runs the real `prettier --check` on everything this module prints.
"""

from __future__ import annotations

from typing import Any

from ...layout import markup
from ...layout.doc import (
    Align, BREAK_PARENT, can_break, conditional_group, Doc, Fill, Group, group, HARDLINE, IfBreak, Indent,
    IndentIfBreak, join, Label, LINE, new_group_id, print_doc, PRINT_WIDTH, SOFTLINE, string_width,
    TAB_WIDTH, will_break,
)
from . import json_layout
from .reader import Unreadable, read_statement
from .syntax import (
    ArrayExpr, Arrow, As, Bool, Call, _chain_groups, _chain_is_labelled, _chain_nodes, _chain_shape, ConstDecl,
    FunctionDecl, Ident, ImportDecl, InterfaceDecl, _is_call, _is_concisely_printed_array, _is_lone_short_argument,
    _is_signed_number, is_simple_call_argument, _is_simple_type, Json, json_text, json_value, Member, Null, Num,
    _number_text, ObjectExpr, Prop, property_key, Return, _should_expand_last_arg, _should_hug_union, Str,
    _string_text, string_literal, TArray, TFunction, TKeyword, TMember, TRef, TTypeof, TUnion, TypeAlias,
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
            return _string_text(node)
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
        if isinstance(node, Member):
            return [self.expr(node.object), ".", node.name]
        if isinstance(node, As):  # prettier's printBinaryCastExpression (never a callee or a member's object)
            return [self.expr(node.expression), " as ", self.type(node.type)]
        if isinstance(node, Json):
            return self.expr(json_value(node.value))
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

    def key(self, key: str, computed: bool = False, quoted: bool = False) -> Doc:
        """prettier's printKey with quoteProps "as-needed" (`quoted`: the key as printed already)."""
        if computed:
            return ["[", key if quoted else string_literal(key), "]"]
        return key if quoted else property_key(key)

    def property(self, prop: Prop) -> Doc:
        left = self.key(prop.key, prop.computed, prop.quoted)
        return self.assignment(left, ":", prop.value, is_property=True)

    def call(self, node: Call) -> Doc:
        """prettier's printCallExpression: a call of a member goes through the member-chain printer; a call of a
        name is the name, its type arguments and its arguments."""
        if isinstance(node.callee, Member):
            return self.member_chain(node)
        type_args = self.type_args(node.type_args) if node.type_args else ""
        return [self.expr(node.callee), type_args, self.call_arguments(node)]

    def call_arguments(self, node: Call) -> Doc:
        """prettier's printCallArguments."""
        args = node.args
        if not args:
            return "()"  # group(["(", ")"]), which never breaks
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
            # only an arrow prints differently as an expanded last argument: an object or array is reused
            last = self.expr(args[-1], expand_last_arg=True) if isinstance(args[-1], Arrow) else printed[-1]
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
            return _text(one_line) or group(one_line)

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
        """prettier's printArrowFunction for a single arrow whose body is an expression (a call)."""
        signature = group([self.parameters(node.params), ""])
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
        if isinstance(node, TFunction):  # prettier's printFunctionType (its one parameter is never grouped)
            return group([self.parameters(node.params), " => ", self.type(node.result)])
        raise TypeError(f"cannot print type {node!r}")

    def parameters(self, params: list) -> Doc:
        """prettier's printFunctionParameters: names, or (name, type) pairs."""
        if not params:
            return ["(", ")"]
        printed = [name if isinstance(name, str) else [name[0], ": ", self.type(name[1])] for name in params]
        return ["(", Indent([SOFTLINE, join([",", LINE], printed)]), IfBreak(","), SOFTLINE, ")"]

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
            source = _string_text(node.source) if isinstance(node.source, Str) else string_literal(node.source)
            if len(specifiers) == 1:  # printModuleSpecifiers: a single specifier never breaks
                return ["import { ", specifiers[0], " } from ", source, ";"]
            return [
                "import ",
                group(
                    ["{", Indent([LINE, join([",", LINE], specifiers)]), IfBreak(","), LINE, "}"]
                ),
                " from ",
                source,
                ";",
            ]
        if isinstance(node, FunctionDecl):  # prettier's printFunction: the parameters break before the result
            signature = group([self.parameters(node.params), ": ", self.type(node.result)])
            body = join(HARDLINE, [self.statement(statement) for statement in node.body])
            return [export, "function ", node.name, signature, " {", Indent([HARDLINE, body]), HARDLINE, "}"]
        if isinstance(node, Return):  # prettier's printReturnOrThrowArgument
            return ["return ", self.expr(node.value), ";"]
        raise TypeError(f"cannot print statement {node!r}")

    def interface_member(self, member: TMember) -> Doc:
        annotation = self.type(member.type, key="typeAnnotation")
        printed = [
            group([self.key(member.key, quoted=member.quoted), "?" if member.optional else "", ": ", annotation]),
            ";",
        ]
        return [member.comment, HARDLINE, printed] if member.comment else printed


def _text(doc: Doc) -> str | None:
    """The text of a document that cannot break (strings in lists and groups without ids), else None: a short
    call prints the same as its one string, and the printer has less to walk."""
    parts: list[str] = []
    stack = [doc]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is str:
            parts.append(current)
        elif kind is list:
            stack.extend(reversed(current))
        elif kind is Group and not current.brk and current.id is None and not current.expanded_states:
            stack.append(current.contents)
        else:
            return None
    return "".join(parts)


def format_statement(node: Any) -> str:
    """One top-level statement laid out as prettier would, without a trailing newline."""
    return print_doc(_Printer().statement(node), PRINT_WIDTH)


# ---------------------------------------------------------------------------------------------------------------
# The layout macro and the values a view places
# ---------------------------------------------------------------------------------------------------------------


# Statements whose documents hold no hard break (no object literal, no block): laid out flat when they fit.
_NEVER_BROKEN = ("import ", "export type ")


def statement(text: str, placed: list) -> str:
    """The statement a template spelled flat in `text`, as prettier prints it; text the reader does not know (a
    custom template's) is left as written, for prettier to lay out (it runs over custom templates' output).

    A constant whose whole value is a placed JSON value prints straight from it (`json_layout`): a wire schema
    holds dozens of values, and its document would cost eight times as much to print."""
    if "\n" not in text and text.startswith(_NEVER_BROKEN) and string_width(text) <= PRINT_WIDTH:
        return text  # what prettier prints for a type alias or an import that fits: the flat text
    try:
        node = read_statement(text, placed)
    except Unreadable:
        return text
    if isinstance(node, ConstDecl) and isinstance(node.init, Json):
        printed = json_layout.json_constant(node.name, node.type, node.init.value)
        if printed is not None:
            return printed
    return markup.place(_Printer().statement(node))


def _ts(caller: Any) -> str:
    """`{% call ts() %}statement{% endcall %}`: the statement laid out as prettier prints it."""
    text = caller()
    stripped = text.rstrip("\n")
    return statement(stripped, markup.placed_documents()) + text[len(stripped) :]


class JsonValue:
    """A JSON value in a view: where a template writes it, it stands for its TypeScript literal (a document
    labelled with the value, which `ts` reads back)."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __str__(self) -> str:
        return markup.place(Label(Json(self.value), json_text(self.value)))  # type: ignore[arg-type]


MACROS = {"ts": _ts}
