"""An array's item type is named after the property's singular when that is unambiguous (`fields` → `Field`),
else after the property plus `item` as before (`data` → `DataItem`); one rule in the IR for every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.run.generate import load_tools, render_outputs

SPEC = """\
name: catalog
description: Arrays whose item types need names.
parameters:
  type: object
  properties:
    fields: {type: array, items: {type: object, properties: {name: {type: string}}}}
    entries: {type: array, items: {type: object, properties: {key: {type: string}}}}
    statuses: {type: array, items: {type: string, enum: [open, closed]}}
    categories: {type: array, items: {type: string, enum: [bug, docs]}}
    progress: {type: array, items: {type: string, enum: [draft, final]}}
    news: {type: array, items: {type: object, properties: {title: {type: string}}}}
    data: {type: array, items: {type: object, properties: {v: {type: number}}}}
    labels: {type: array, items: {type: object, properties: {text: {type: string}}}}
    label: {type: object, properties: {color: {type: string}}}
    notes: {type: array, items: {type: object, properties: {body: {type: string}}}}
    errors: {type: array, items: {type: object, properties: {code: {type: integer}}}}
    rows: {type: array, items: {type: array, items: {type: object, properties: {cell: {type: string}}}}}
  $defs:
    Note: {type: object, properties: {id: {type: string}}}
"""


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> tuple[list, dict[str, str]]:
    folder: Path = tmp_path_factory.mktemp("specs")
    (folder / "catalog.yaml").write_text(SPEC, "utf-8")
    tools, _ = load_tools([folder])
    outputs, _ = render_outputs(tools, ["go", "rust", "dotnet", "java", "python", "nodejs"])
    return tools, outputs


def test_item_declarations_are_named_after_the_singular(catalog):
    tools, _ = catalog
    names = {decl.name for decl in tools[0].decls}
    for words in [("field",), ("entry",), ("status",), ("category",)]:
        assert ("catalog",) + words in names, words
    # Not clear plurals keep `item`; a sibling property or a definition that already has the singular name, and
    # words that name a type in some target (Java drops the tool prefix: `Error` would shadow java.lang.Error),
    # keep `item` too instead of numbering one of the two.
    for words in [("progress", "item"), ("news", "item"), ("data", "item"), ("labels", "item"), ("label",),
                  ("notes", "item"), ("note",), ("errors", "item"), ("row", "item")]:  # fmt: skip
        assert ("catalog",) + words in names, words
    assert not any(name[-1].isdigit() for name in names), names


@pytest.mark.parametrize(
    ("path", "declarations"),
    [
        ("go/catalog.go", ["type CatalogField struct", "type CatalogEntry struct", "type CatalogStatus string",
                           "Fields     []CatalogField", "type CatalogProgressItem string",
                           "type CatalogDataItem struct"]),
        ("rust/catalog.rs", ["pub struct CatalogField {", "pub fields: Option<Vec<CatalogField>>",
                             "pub enum CatalogCategory {"]),
        ("dotnet/Catalog.cs", ["public sealed record CatalogField", "List<CatalogEntry>?"]),
        ("java/com/example/copilot/tools/CatalogTool.java",
         ["public record Field(", "List<Field> fields", "public enum Status {", "public record ErrorsItem("]),
        ("python/catalog.py", ["class CatalogField(BaseModel):", "fields: list[CatalogField] | None"]),
        ("nodejs/catalog.ts", ["export const CatalogFieldSchema = z.object(", "z.array(CatalogFieldSchema)"]),
    ],
)  # fmt: skip
def test_every_language_uses_the_item_name(catalog, path, declarations):
    _, outputs = catalog
    text = outputs[path]
    missing = [declaration for declaration in declarations if declaration not in text]
    assert not missing, missing
