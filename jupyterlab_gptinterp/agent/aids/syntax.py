"""Syntax: a cell that is not Python is declined before the user sees it, and cut as it is written.

A small model sometimes goes on inside its python block with what is not code: a sentence of
the answer, rows of the data it was shown, a second language. Such a cell cannot run; let
through, it costs the user an approval and the model a run to learn so, and the model may write
hundreds of lines of it first. A finished line that makes the cell invalid whatever follows
(Python's own `codeop`, as its prompt tells incomplete from invalid) ends the block there, and
the model is told which line is not Python. IPython's own syntax (`%magic`, `!command`, `obj?`,
a `%%` cell magic, top-level `await`) is not taken for an error, nor is syntax that a kernel on a
newer Python than the server's may accept (f-strings that reuse their quotes, `type` aliases,
generic `def f[T]`, t-strings).
"""

from __future__ import annotations

import ast
import codeop
import re
import warnings

from .base import Aid, Refusal, TurnState

# A line IPython rewrites before Python sees it: a magic, a shell command, help (`df.head?`, `?df`).
# An operator that opens a continuation line (`% n`, `!= 3`) is followed by a space or `=`, not these.
_IPYTHON_LINE = re.compile(r"^(\s*)(?:%{1,2}[A-Za-z].*|![A-Za-z./~$].*|\?{1,2}[\w.]+|[\w.]+\?{1,2})\s*$")
_ASSIGNED_IPYTHON = re.compile(r"^(\s*[\w.]+\s*=\s*)(?:%[A-Za-z]|![A-Za-z./~$]).*$")  # files = !ls
# Syntax of Pythons after 3.11 (the kernel's Python may be newer than the server's).
_NEWER = re.compile(r"^\s*(?:type\s+\w+.*=|(?:async\s+)?def\s+\w+\[|class\s+\w+\[)|(?<![\w\'\"])t[\'\"]")


class Syntax(Aid):
    name = "syntax"

    def doomed(self, turn: TurnState, code: str) -> bool:
        return invalid_line(code) is not None

    async def refuse(self, turn: TurnState, code: str) -> Refusal | None:
        found = invalid_line(code)
        if found is None:
            return None
        lineno, line, why = found
        where = "outside the ```python block" if turn.fenced else "outside the code"
        return Refusal(
            "The model proposed code that is not Python; it was asked to write it again.",
            f"Not run: line {lineno} is not valid Python ({why}): `{line.strip()[:120]}`. Write the cell again as Python "
            f"only; any words go {where}.",
        )


def invalid_line(code: str) -> tuple[int, str, str] | None:
    """(line number, line, Python's message) of the first line that makes `code` invalid however
    it goes on; None while it is valid Python (IPython's syntax allowed), or may still become so."""
    lines = code.splitlines()
    if not lines or lines[0].lstrip().startswith("%%"):
        return None  # a cell magic: its body is another language
    source = "\n".join(_as_python(line) for line in lines) + "\n"
    compiler = codeop.CommandCompiler()
    compiler.compiler.flags |= ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an invalid escape in a string is the kernel's to warn about
            compiler(source, "<cell>", "exec")
    except (SyntaxError, ValueError, OverflowError) as exc:
        lineno = getattr(exc, "lineno", None) or len(lines)
        lineno = min(max(lineno, 1), len(lines))
        why = getattr(exc, "msg", None) or str(exc)
        if why.startswith("f-string") or _NEWER.search(lines[lineno - 1]):
            return None  # the kernel's Python may be newer, and accept it
        return lineno, lines[lineno - 1], why
    return None


def _as_python(line: str) -> str:
    """An IPython line as Python that compiles the same way around it."""
    if m := _ASSIGNED_IPYTHON.match(line):
        return m.group(1) + "None"
    if m := _IPYTHON_LINE.match(line):
        return m.group(1) + "pass"
    return line
