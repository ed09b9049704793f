"""Syntax: a cell that is not Python is declined before the user sees it, and cut as it is written.

A small model sometimes goes on inside its python block with what is not code: a sentence of
the answer, rows of the data it was shown, a second language. Such a cell cannot run; let
through, it costs the user an approval and the model a run to learn so, and the model may write
hundreds of lines of it first. A finished line that makes the cell invalid whatever follows ends
the block there, and the model is told which line is not Python and why.

Invalid is what IPython itself says: its `check_complete`, the check a kernel answers
`is_complete_request` with, which knows IPython's syntax (magics, `!` commands, `obj?`, prompts,
indented cells, backslash continuations). A whole proposal is judged as finished: a cell IPython
calls incomplete (more may follow while one types) that does not compile either (a string left
open across a line, a bracket never closed) fails in the kernel just the same.
Syntax that a kernel on a newer Python than the server's may accept (f-strings that reuse their
quotes, `type` aliases, generic `def f[T]`, t-strings) is left to the kernel.
"""

from __future__ import annotations

import ast
import re
import warnings
from functools import cache
from typing import Any

from .base import Aid, Refusal, TurnState

# Syntax of Pythons after 3.11 (the kernel's Python may be newer than the server's).
_NEWER = re.compile(r"^\s*(?:type\s+\w+.*=|(?:async\s+)?def\s+\w+\[|class\s+\w+\[)|(?<![\w'\"])t['\"]")


class Syntax(Aid):
    name = "syntax"

    def doomed(self, turn: TurnState, code: str) -> bool:
        return invalid_line(code) is not None

    async def refuse(self, turn: TurnState, code: str) -> Refusal | None:
        found = invalid_line(code, finished=True)
        if found is None:
            return None
        lineno, line, why = found
        where = "outside the ```python block" if turn.fenced else "outside the code"
        return Refusal(
            "The model proposed code that is not Python; it was asked to write it again.",
            f"Not run: line {lineno} is not valid Python ({why}): `{line.strip()[:120]}`. Write the cell again as "
            f"Python only; any words go {where}.",
        )


def invalid_line(code: str, finished: bool = False) -> tuple[int, str, str] | None:
    """(line number, line, Python's message) of the line that makes `code` invalid however it goes
    on, as IPython reads a cell; None while it is valid, may still become so, or cannot be told.
    `finished`: nothing follows, so a cell IPython calls incomplete (a string left open across a
    line, a bracket never closed) is as invalid as the kernel will find it."""
    if not code.strip():
        return None
    manager = _manager()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an invalid escape in a string is the kernel's to warn about
        if manager.check_complete(code)[0] not in (("invalid", "incomplete") if finished else ("invalid",)):
            return None
        try:
            compile(
                manager.transform_cell(code), "<cell>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True
            )
        except (SyntaxError, ValueError, OverflowError) as exc:
            lines = code.split("\n")
            lineno = min(max(getattr(exc, "lineno", None) or 1, 1), len(lines))
            why = getattr(exc, "msg", None) or str(exc)
            if why.startswith("f-string") or _NEWER.search(lines[lineno - 1]):
                return None  # the kernel's Python may be newer, and accept it
            return lineno, lines[lineno - 1], why
    return None  # IPython's check and the compiler disagree: the kernel decides


@cache
def _manager() -> Any:
    from IPython.core.inputtransformer2 import TransformerManager  # on first use: not at the server's start

    return TransformerManager()
