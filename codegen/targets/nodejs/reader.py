"""A reader of the small TypeScript subset toolgen's templates spell, to the syntax nodes `layout` lays out.

The templates write the code; prettier's rules (`layout`) need its structure: which call is a member chain, which
argument hugs, what an assignment's right side is. So a template's flat statement is read back into nodes. Text
outside the subset (a custom template's) raises `Unreadable` and is left as written.
"""

from __future__ import annotations

import re
from typing import Any

from .syntax import (
    ArrayExpr, Arrow, As, Bool, Call, ConstDecl, FunctionDecl, Ident, ImportDecl, InterfaceDecl, Json, Member, Null,
    Num, ObjectExpr, Prop, Return, Str, TArray, TFunction, TKeyword, TMember, TRef, TTypeof, TUnion, TypeAlias,
    json_value,
)

TYPE_KEYWORDS = frozenset("any unknown never number bigint boolean string symbol void object undefined null".split())

_TOKEN = re.compile(
    r"""\s*(?:(?P<comment>/\*\*.*?\*/)|(?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')"""
    r"|(?P<num>-?\d[\d.]*(?:e[+-]?\d+)?)"  # JSON values are placed whole: only a template's own numbers
    r"|(?P<name>(?:[^\W\d]|\$)(?:\w|\$)*)"
    r"|\ue000(?P<placed>\d+)\ue001"
    r"|(?P<punct>=>|[{}()\[\]<>,:;.=|?*])"
    r"|(?P<unknown>\S))"
)


class Unreadable(Exception):
    """Text outside the subset the reader knows (a custom template's): it is left as written."""


class Reader:
    """A recursive-descent reader of the statements toolgen's templates write, to syntax nodes."""

    def __init__(self, text: str, placed: list) -> None:
        self.tokens: list[tuple[str, str]] = [
            (match.lastgroup, match[match.lastgroup]) for match in _TOKEN.finditer(text)  # type: ignore[misc]
        ]
        if any(kind == "unknown" for kind, _ in self.tokens):
            raise Unreadable(text)
        self.tokens.append(("end", ""))
        self.index = 0
        self.placed = placed

    # -- tokens ------------------------------------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> str:
        return self.tokens[self.index + ahead][1]

    def take(self, expected: str | None = None) -> str:
        kind, text = self.tokens[self.index]
        if (expected is not None and text != expected) or kind == "end":
            raise Unreadable(f"expected {expected!r}, found {text!r}")
        self.index += 1
        return text

    def name(self) -> str:
        if self.tokens[self.index][0] != "name":
            raise Unreadable(f"expected a name, found {self.peek()!r}")
        return self.take()

    def skip(self, text: str) -> bool:
        if self.tokens[self.index][1] == text and self.tokens[self.index][0] != "str":
            self.index += 1
            return True
        return False

    def listed(self, close: str, item: Any, separator: str = ",") -> list:
        """Items up to `close`, separated by `separator` (a trailing one allowed)."""
        items = []
        while not self.skip(close):
            items.append(item())
            if not self.skip(separator):
                self.take(close)
                break
        return items

    # -- statements --------------------------------------------------------------------------------------------

    def statement(self) -> Any:
        if self.skip("import"):
            self.take("{")
            names = self.listed("}", self.import_specifier)
            self.take("from")
            node: Any = ImportDecl(names, self.string())
        elif self.skip("return"):
            node = Return(self.expression())
        else:
            self.take("export")
            node = self.declaration()
            if isinstance(node, (InterfaceDecl, FunctionDecl)):
                return node
        self.take(";")
        return node

    def import_specifier(self) -> tuple[str, bool]:
        type_only = self.peek() == "type" and self.tokens[self.index + 1][0] == "name"
        if type_only:
            self.take()
        return self.name(), type_only

    def declaration(self) -> Any:
        keyword = self.name()
        name = self.name()
        if keyword == "const":
            annotation = self.type() if self.skip(":") else None
            self.take("=")
            if self.tokens[self.index][0] == "placed" and self.peek(1) == ";":  # a constant's value: kept whole
                return ConstDecl(name, Json(self.json(self.take())), annotation)
            return ConstDecl(name, self.expression(), annotation)
        if keyword == "type":
            self.take("=")
            return TypeAlias(name, self.type())
        if keyword == "interface":
            self.take("{")
            return InterfaceDecl(name, self.listed("}", self.interface_member, ";"))
        if keyword == "function":
            self.take("(")
            params = self.listed(")", self.parameter)
            self.take(":")
            result = self.type()
            self.take("{")
            body = []
            while not self.skip("}"):
                body.append(self.statement())
            return FunctionDecl(name, params, result, body)
        raise Unreadable(f"a declaration {keyword!r}")

    def interface_member(self) -> TMember:
        comment = None
        if self.tokens[self.index][0] == "comment":
            comment = self.take()
        key = self.key()
        optional = self.skip("?")
        self.take(":")
        return TMember(key, self.type(), optional, comment, quoted=True)

    def parameter(self) -> tuple[str, Any]:
        name = self.name()
        self.take(":")
        return name, self.type()

    # -- expressions -------------------------------------------------------------------------------------------

    def expression(self) -> Any:
        node = self.primary()
        while True:
            if self.skip("."):
                node = Member(node, self.name())
            elif self.peek() == "(" or (self.peek() == "<" and isinstance(node, Ident)):
                type_args = self.type_arguments() if self.peek() == "<" else []
                self.take("(")
                node = Call(node, self.listed(")", self.expression), type_args)
            elif self.skip("as"):
                return As(node, self.type())
            else:
                return node

    def primary(self) -> Any:
        kind, text = self.tokens[self.index]
        if kind == "str":
            return self.string()
        if kind == "num":
            self.index += 1
            return Num(float(text) if "." in text or "e" in text else int(text), text)
        if kind == "placed":
            self.index += 1
            return json_value(self.json(text))
        if kind == "name":
            self.index += 1
            if text in ("true", "false"):
                return Bool(text == "true")
            return Null() if text == "null" else Ident(text)
        if self.skip("["):
            return ArrayExpr(self.listed("]", self.expression))
        if self.skip("{"):
            return ObjectExpr(self.listed("}", self.property))
        self.take("(")
        params = self.listed(")", self.name)
        self.take("=>")
        return Arrow(self.expression(), params)

    def json(self, token: str) -> Any:
        """The JSON value a placed token stands for (a document labelled with its `Json`)."""
        label = getattr(self.placed[int(token)], "label", None)
        if not isinstance(label, Json):
            raise Unreadable("a document that is no JSON value")
        return label.value

    def string(self) -> Str:
        kind, text = self.tokens[self.index]
        if kind != "str":
            raise Unreadable(f"expected a string, found {text!r}")
        self.index += 1
        return Str("", text)

    def key(self) -> str:
        kind, text = self.tokens[self.index]
        if kind not in ("name", "str"):
            raise Unreadable(f"expected a key, found {text!r}")
        self.index += 1
        return text

    def property(self) -> Prop:
        if self.skip("["):
            key = self.string().text or ""
            self.take("]")
            computed = True
        else:
            key, computed = self.key(), False
        self.take(":")
        return Prop(key, self.expression(), computed, quoted=True)

    # -- types -------------------------------------------------------------------------------------------------

    def type(self) -> Any:
        self.skip("|")
        types = [self.array_type()]
        while self.skip("|"):
            types.append(self.array_type())
        return types[0] if len(types) == 1 else TUnion(types)

    def array_type(self) -> Any:
        node = self.primary_type()
        while self.peek() == "[" and self.peek(1) == "]":
            self.index += 2
            node = TArray(node)
        return node

    def primary_type(self) -> Any:
        if self.skip("("):
            if self.peek() == ")" or self.peek(1) == ":":
                params = self.listed(")", self.parameter)
                self.take("=>")
                return TFunction(params, self.type())
            inner = self.type()
            self.take(")")
            return inner
        if self.skip("typeof"):
            return TTypeof(self.name())
        name = self.name()
        if name in TYPE_KEYWORDS:
            return TKeyword(name)
        while self.skip("."):
            name += "." + self.name()
        return TRef(name, self.type_arguments() if self.peek() == "<" else [])

    def type_arguments(self) -> list:
        self.take("<")
        return self.listed(">", self.type)


def read_statement(text: str, placed: list) -> Any:
    """The one statement `text` spells (raises Unreadable for text outside the subset)."""
    reader = Reader(text, placed)
    node = reader.statement()
    if reader.peek() != "" or reader.tokens[reader.index][0] != "end":
        raise Unreadable("text after the statement")
    return node
