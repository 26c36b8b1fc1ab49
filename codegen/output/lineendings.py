"""Generated files are compared modulo one line-ending conversion: git's LF → CRLF on checkout.

toolgen writes LF everywhere. Git for Windows checks text files out with CRLF by default (`core.autocrlf=true`), and
any repository may ask for it (`.gitattributes` `eol=crlf`), so a fresh clone can hold every generated file with
CRLF line breaks. Such a file still holds exactly what toolgen wrote, as far as git is concerned (it converts back
on commit), so it counts as up to date: `check` passes and `generate` leaves it alone rather than rewrite every
file of the checkout. The rule is exact, not a loose whitespace comparison: a file counts only when its bytes are
the expected text with every LF as CRLF. A file with a mix of both, lone CRs, or any other difference is stale,
and `generate` rewrites it in the canonical form, LF. (Shipping a `.gitattributes` that forces LF was the other
choice; it only helps when the output folder is the checkout git wrote, and not against a user's own attributes.)

Every comparison of an output's bytes with what toolgen would write goes through `canonical` (codegen.output.writer,
codegen.output.manifest, codegen.run.generate), so the writer, the fast path and the manifest agree. Standard library only:
the fast path imports this.
"""

from __future__ import annotations


def holds(data: bytes, expected: bytes) -> bool:
    """Whether an output file with bytes `data` holds `expected`: exactly, or as a CRLF checkout of it."""
    return data == expected or canonical(data) == expected


def canonical(data: bytes) -> bytes:
    """The LF text a CRLF checkout was converted from: `data` with every CRLF as LF when every line break in it is
    CRLF and it has no other CR; otherwise `data` itself. toolgen's own output never holds a CR (every target
    escapes control characters), so for it "canonical(data) == expected" means "data is expected, or expected
    with every LF as CRLF"."""
    pairs = data.count(b"\r\n")
    if pairs and pairs == data.count(b"\n") and pairs == data.count(b"\r"):
        return data.replace(b"\r\n", b"\n")
    return data
