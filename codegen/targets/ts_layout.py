"""A direct printer for the TypeScript statements the nodejs target writes most: exact or declined.

`_prettier` lays a statement out by building a prettier document and printing it (the reference: a port of
prettier 3's printer). That costs about a millisecond per statement. This module prints the same statements
straight from the syntax nodes, making each of prettier's decisions ("does this group fit flat?") with widths it
computes from the nodes, in the same order the document printer would make them. `layout(node)` returns the text,
or None when the statement has a shape it does not handle ("not sure"); the caller then uses the document printer.

Exactness rests on mirroring, for each construct, what its document does in the printer:

- a group fits when the flat text, plus the text that follows it up to the next place the enclosing (broken)
  layout can break (`trail`), fits in the line; every enclosing group that matters here is broken when a nested
  group is measured, so the text that follows is measured in break mode: up to its first line break of any kind
  (`_break_head`);
- a node whose document contains a forced break (a non-empty object literal, an array prettier always expands, a
  member chain printed expanded) is never printed flat (`_hard`, prettier's willBreak + propagateBreaks);
- assignments and properties choose their layout with `_prettier`'s own `choose_layout` rules (the predicates are
  shared, not copied).

The wire schema's constant is printed by `ts_json_layout.json_constant` straight from its JSON value (the same
decisions, without building a node for each of its dozens of values).

Declined on purpose (rare, or hard to mirror cheaply): arrow functions other than the `z.lazy(() => z.object({...}))`
argument, interfaces and type aliases other than `z.infer<typeof X>`, number arrays (prettier's fill)
that do not fit on one line, member chains with a non-identifier head, labelled member chains
whose one-line form contains a forced break, left-hand sides that do not fit. tests/test_ts_fast_layout.py proves
`layout(node) == print_doc(...)` on every statement of the corpus, the benchmark specs and generated specs, and
that most statements are not declined.
"""

from __future__ import annotations

from typing import Any

from .ts_doc import TAB_WIDTH
from .ts_literals import number_literal, string_literal
from .ts_syntax import (
    ArrayExpr, Arrow, Bool, Call, _chain_is_labelled, ConstDecl, Ident, ImportDecl, _is_concisely_printed_array,
    is_simple_call_argument, Member, Null, Num, ObjectExpr, Prop, _should_expand_last_arg, Str, TRef, TTypeof,
    TypeAlias,
)
from .ts_layout_rules import (
    WIDTH, _Decline, _args_break_head, _array_should_break, _breaks_after_operator, _callee_name, _is_factory, _key,
    _layout, _rest_of_chain, _simple_or_record_type, _type_can_break, _width,
)

def layout(node: Any) -> str | None:
    """The statement as `_prettier.print_doc(_Printer().statement(node))` prints it, or None if not handled."""
    try:
        return _Layout().statement(node)
    except _Decline:
        return None


class _Layout:
    def __init__(self) -> None:
        self.out: list[str] = []
        self.col = 0
        self._flat: dict[int, str] = {}
        self._hard: dict[int, bool] = {}

    # -- output -------------------------------------------------------------------------------------------------

    def text(self, text: str) -> None:
        self.out.append(text)
        self.col += _width(text)

    def newline(self, indent: str) -> None:
        self.out.append("\n" + indent)
        self.col = len(indent)

    def fits(self, width: int) -> bool:
        return self.col + width <= WIDTH

    # -- measurements -------------------------------------------------------------------------------------------

    def flat(self, node: Any) -> str:
        """The node's text with every group flat (only used for nodes that are not `_hard`)."""
        key = id(node)
        found = self._flat.get(key)
        if found is None:
            found = self._flat[key] = self._flat_text(node)
        return found

    def _flat_text(self, node: Any) -> str:
        kind = type(node)
        if kind is Ident:
            return node.name
        if kind is Str:
            return string_literal(node.value)
        if kind is Num:
            return number_literal(node.value)
        if kind is Bool:
            return "true" if node.value else "false"
        if kind is Null:
            return "null"
        if kind is ArrayExpr:
            return "[" + ", ".join([self.flat(e) for e in node.elements]) + "]"
        if kind is ObjectExpr:
            if node.props:
                raise _Decline("a non-empty object is never flat")
            return "{}"
        if kind is Call:
            if type(node.callee) is Member:
                head, calls = self.chain(node)
                return head + "".join(["." + name + self.flat_args(call) for name, call in calls])
            return _callee_name(node) + self.flat_args(node)
        if kind is Arrow:
            return "(" + ", ".join(node.params) + ") => " + self.flat(node.body)
        raise _Decline(f"no flat text for {kind.__name__}")

    def flat_args(self, call: Call) -> str:
        return "(" + ", ".join([self.flat(arg) for arg in call.args]) + ")"

    def hard(self, node: Any) -> bool:
        """prettier's willBreak for the node's document (after break propagation)."""
        key = id(node)
        found = self._hard.get(key)
        if found is None:
            found = self._hard[key] = self._hard_node(node)
        return found

    def _hard_node(self, node: Any) -> bool:
        kind = type(node)
        if kind is ObjectExpr:
            return bool(node.props)
        if kind is ArrayExpr:
            return _array_should_break(node) or any(self.hard(e) for e in node.elements)
        if kind is Call:
            if type(node.callee) is Member:
                head, calls = self.chain(node)
                if self.chain_forced(head, calls):
                    return True
                return any(self.hard(arg) for _, call in calls for arg in call.args)
            return any(self.hard(arg) for arg in node.args)
        if kind is Arrow:
            return self.hard(node.body)
        return False

    def break_head(self, node: Any) -> tuple[int, bool]:
        """The width the printer's `fits` measures for the node in break mode, up to its first line break of any
        kind, and whether it met one (if not, measuring goes on into what follows the node)."""
        kind = type(node)
        if kind is ObjectExpr:
            return (1, True) if node.props else (2, False)
        if kind is ArrayExpr:
            return (1, True) if node.elements else (2, False)
        if kind is Call:
            if type(node.callee) is Member:
                head, calls = self.chain(node)
                width = _width(head)
                if self.chain_labelled(head, calls):
                    if _is_factory(head):  # merged: the first call stays on the head's line
                        name, call = calls[0]
                        args_width, stopped = _args_break_head(call)
                        return width + 1 + len(name) + args_width, True
                    return width, True
                for name, call in calls:
                    args_width, stopped = _args_break_head(call)
                    width += 1 + len(name) + args_width
                    if stopped:
                        return width, True
                return width, False
            width = _width(_callee_name(node))
            args_width, stopped = _args_break_head(node)
            return width + args_width, stopped
        if kind is Arrow:
            if node.params:
                return 1, True
            raise _Decline("an arrow without parameters")
        return _width(self.flat(node)), False

    # -- member chains ------------------------------------------------------------------------------------------

    def chain(self, node: Call) -> tuple[str, list[tuple[str, Call]]]:
        """`head.m1(...).m2(...)` as (head, [(m1, call1), (m2, call2), ...]); declines any other shape."""
        calls: list[tuple[str, Call]] = []
        current: Any = node
        while type(current) is Call:
            callee = current.callee
            if type(callee) is not Member:
                raise _Decline("a chain link that is not `.name(args)`")
            calls.append((callee.name, current))
            current = callee.object
        if type(current) is not Ident:
            raise _Decline("a chain whose head is not an identifier")
        calls.reverse()
        return current.name, calls

    def chain_labelled(self, head: str, calls: list) -> bool:
        # printMemberChain's groups: [head], then one per `.name(args)`; merged when the head is a factory name.
        return _chain_is_labelled(1 + len(calls), _is_factory(head))

    def chain_forced(self, head: str, calls: list) -> bool:
        """A labelled chain printed expanded without trying one line (printMemberChain's early `group(expanded)`)."""
        if not self.chain_labelled(head, calls):
            return False
        for _, call in calls:
            for arg in call.args:
                if type(arg) is Arrow:
                    raise _Decline("an arrow function in a member chain")
        if len(calls) > 2 and any(
            not is_simple_call_argument(arg) for _, call in calls for arg in call.args
        ):
            return True
        return any(self.hard(arg) for _, call in calls[:-1] for arg in call.args)

    # -- expressions --------------------------------------------------------------------------------------------

    def value(self, node: Any, indent: str, trail: int) -> None:
        """Print `node` at the current column, its document's parent being in break mode; `trail` is the width of
        what follows it up to the next possible line break."""
        kind = type(node)
        if kind is ObjectExpr:
            self.object(node, indent)
            return
        if kind is ArrayExpr:
            self.array(node, indent, trail)
            return
        if kind is Call:
            if type(node.callee) is Member:
                self.member_chain(node, indent, trail)
            else:
                self.text(_callee_name(node))
                self.call_arguments(node, indent, trail)
            return
        if kind is Arrow:
            raise _Decline("an arrow function outside a property")
        self.text(self.flat(node))

    def object(self, node: ObjectExpr, indent: str) -> None:
        if not node.props:
            self.text("{}")
            return
        inner = indent + "  "
        self.text("{")
        for prop in node.props:
            self.newline(inner)
            self.property(prop, inner)
            self.text(",")
        self.newline(indent)
        self.text("}")

    def array(self, node: ArrayExpr, indent: str, trail: int) -> None:
        if not node.elements:
            self.text("[]")
            return
        if not self.hard(node):
            flat = self.flat(node)
            if self.fits(_width(flat) + trail):
                self.text(flat)
                return
        if _is_concisely_printed_array(node):
            raise _Decline("a number array (prettier's fill) that does not fit")
        inner = indent + "  "
        self.text("[")
        for element in node.elements:
            self.newline(inner)
            self.value(element, inner, 1)
            self.text(",")
        self.newline(indent)
        self.text("]")

    def member_chain(self, node: Call, indent: str, trail: int) -> None:
        head, calls = self.chain(node)
        hard = self.hard(node)
        if not self.chain_labelled(head, calls):
            # group(oneLine): flat if it fits, else its calls' argument groups decide one by one
            if not hard:
                flat = self.flat(node)
                if self.fits(_width(flat) + trail):
                    self.text(flat)
                    return
            self.text(head)
            for index, (name, call) in enumerate(calls):
                self.text("." + name)
                self.call_arguments(call, indent, _rest_of_chain(calls, index + 1, trail))
            return
        if not self.chain_forced(head, calls):
            if hard:
                raise _Decline("a labelled chain whose one-line form breaks")
            flat = self.flat(node)
            if self.fits(
                _width(flat) + trail
            ):  # conditionalGroup([oneLine, expanded]): oneLine fits
                self.text(flat)
                return
        # expanded: the head (and a merged first call), then one indented line per call
        self.text(head)
        rest = calls
        if _is_factory(head):
            name, call = calls[0]
            self.text("." + name)
            self.call_arguments(call, indent, 0)
            rest = calls[1:]
        inner = indent + "  "
        for index, (name, call) in enumerate(rest):
            self.newline(inner)
            self.text("." + name)
            self.call_arguments(call, inner, trail if index == len(rest) - 1 else 0)

    def call_arguments(self, node: Call, indent: str, trail: int) -> None:
        """prettier's printCallArguments, printed with its parent in break mode."""
        args = node.args
        if not args:
            self.text("()")
            return
        if any(type(arg) is Arrow for arg in args):
            self.lazy_arguments(node, indent)
            return
        if not _should_expand_last_arg(args):
            if not any(self.hard(arg) for arg in args):
                flat = self.flat_args(node)
                if self.fits(_width(flat) + trail):
                    self.text(flat)
                    return
            self.all_arguments_broken_out(args, indent)
            return
        head, last = args[:-1], args[-1]
        if any(self.hard(arg) for arg in head):
            self.all_arguments_broken_out(args, indent)
            return
        head_text = "".join([self.flat(arg) + ", " for arg in head])
        if self.hard(last):
            # [breakParent, conditionalGroup([allFlat with the last group broken, allArgsBrokenOut])]
            last_width, _ = self.break_head(
                last
            )  # an object or array: its opening bracket, then a break
            if self.fits(1 + _width(head_text) + last_width):
                self.text("(" + head_text)
                self.value(last, indent, 1 + trail)
                self.text(")")
            else:
                self.all_arguments_broken_out(args, indent)
            return
        # conditionalGroup([allFlat, allFlat with the last group broken, allArgsBrokenOut])
        flat = self.flat_args(node)
        if self.fits(_width(flat) + trail):
            self.text(flat)
            return
        last_width, stopped = self.break_head(last)
        if not stopped:
            raise _Decline("an expanded last argument without a line break")
        if self.fits(1 + _width(head_text) + last_width):
            self.text("(" + head_text)
            self.value(last, indent, 1 + trail)
            self.text(")")
            return
        self.all_arguments_broken_out(args, indent)

    def lazy_arguments(self, node: Call, indent: str) -> None:
        """`(() =>⏎ body,⏎)`: the one arrow argument toolgen writes (`z.lazy`), a last argument without parameters
        whose body is a call with a forced break (an object schema), which prettier hugs: the conditional group's
        first state, `(` and the arrow's signature on the current line, the body indented below it.
        """
        args = node.args
        head, last = args[:-1], args[-1]
        if (
            type(last) is not Arrow
            or last.params
            or type(last.body) is not Call
            or not self.hard(last.body)
            or any(type(arg) is Arrow or self.hard(arg) for arg in head)
            or not _should_expand_last_arg(args)
        ):
            raise _Decline("an arrow function argument other than `() => call({...})`")
        head_text = "".join([self.flat(arg) + ", " for arg in head])
        opening = "(" + head_text + "() =>"
        if not self.fits(_width(opening)):  # the group would print all arguments broken out
            raise _Decline("an arrow function argument that does not fit")
        self.text(opening)
        self.newline(indent + "  ")
        self.value(last.body, indent + "  ", 1)
        self.text(",")
        self.newline(indent)
        self.text(")")

    def all_arguments_broken_out(self, args: list, indent: str) -> None:
        inner = indent + "  "
        self.text("(")
        for arg in args:
            self.newline(inner)
            self.value(arg, inner, 1)
            self.text(",")
        self.newline(indent)
        self.text(")")

    # -- assignments and properties -----------------------------------------------------------------------------

    def property(self, prop: Prop, indent: str) -> None:
        if prop.computed:
            left = "[" + string_literal(prop.key) + "]"
            short_key = False
        else:
            left = _key(prop.key)
            short_key = _width(left) < TAB_WIDTH + 3
        right = prop.value
        if type(right) is Arrow:
            raise _Decline("an arrow function property")
        self.assignment(left, ":", right, _layout(right, short_key), indent, 1)

    def assignment(
        self, left: str, operator: str, right: Any, layout: str, indent: str, trail: int
    ) -> None:
        """printAssignment's layouts, for a left side that cannot break (already printed text)."""
        self.text(left + operator)
        if layout == "never-break-after-operator":
            self.text(" ")
            self.value(right, indent, trail)
            return
        hard = self.hard(right)
        if not hard:
            flat = self.flat(right)
            if self.fits(1 + _width(flat) + trail):
                self.text(" " + flat)
                return
        if layout == "break-after-operator":
            self.newline(indent + "  ")
            self.value(right, indent + "  ", trail)
            return
        # fluid: group(indent(line), {id}) stays flat when the right side's first line start fits after it
        head_width, stopped = self.break_head(right)
        if self.fits(1 + head_width + (0 if stopped else trail)):
            self.text(" ")
            self.value(right, indent, trail)
        else:
            self.newline(indent + "  ")
            self.value(right, indent + "  ", trail)

    # -- statements ---------------------------------------------------------------------------------------------

    def statement(self, node: Any) -> str:
        kind = type(node)
        export = "export " if getattr(node, "exported", False) else ""
        if kind is ImportDecl:
            self.import_decl(node)
        elif kind is ConstDecl:
            self.const_decl(node, export)
        elif kind is TypeAlias:
            self.type_alias(node, export)
        else:
            raise _Decline(f"statement {kind.__name__}")
        return "".join(self.out)

    def import_decl(self, node: ImportDecl) -> None:
        names = [("type " if type_only else "") + name for name, type_only in node.names]
        tail = " from " + string_literal(node.source) + ";"
        flat = "import { " + ", ".join(names) + " }" + tail
        if _width(flat) <= WIDTH or len(names) == 1:  # prettier never breaks a single specifier
            self.text(flat)
            return
        self.text("import {")
        for name in names:
            self.newline("  ")
            self.text(name + ",")
        self.newline("")
        self.text("}" + tail)

    def const_decl(self, node: ConstDecl, export: str) -> None:
        right = node.init
        if type(right) is Arrow:
            raise _Decline("an arrow function constant")
        left_can_break = False
        if node.type is None:
            left = node.name
        else:
            left = node.name + ": " + _simple_or_record_type(node.type)
            left_can_break = _type_can_break(node.type)
        if left_can_break:
            # chooseLayout: "fluid" unless the right side breaks after `=` (never "never-break-after-operator")
            layout = "break-after-operator" if _breaks_after_operator(right, False) else "fluid"
        else:
            layout = _layout(right, False)
        self.text(export + "const ")
        if left_can_break and not self.fits(_width(left) + 2):
            # group(left) measures up to the line after ` =`; a left side that breaks is not handled
            raise _Decline("a left side that can break and does not fit")
        self.assignment(left, " =", right, layout, "", 1)
        self.text(";")

    def type_alias(self, node: TypeAlias, export: str) -> None:
        target = node.type
        if not (
            type(target) is TRef
            and target.name == "z.infer"
            and len(target.args) == 1
            and type(target.args[0]) is TTypeof
        ):
            raise _Decline("a type alias other than z.infer<typeof X>")
        argument = "typeof " + target.args[0].name
        flat = f"{export}type {node.name} = z.infer<{argument}>;"
        if _width(flat) <= WIDTH:
            self.text(flat)
            return
        self.text(f"{export}type {node.name} =")
        # fluid: the line after `=` stays flat when ` z.infer<` fits (the type arguments' group may break)
        if self.fits(len(" z.infer<")):
            self.text(" z.infer")
            indent = ""
        else:
            self.newline("  ")
            self.text("z.infer")
            indent = "  "
        if self.fits(_width(f"<{argument}>;")):
            self.text(f"<{argument}>;")
            return
        self.text("<")
        self.newline(indent + "  ")
        self.text(argument)
        self.newline(indent)
        self.text(">;")
