"""Which names a cell takes from the kernel: those it uses before it defines them itself."""

from __future__ import annotations

import ast
import builtins


def parsed(code: str) -> ast.Module | None:
    """The cell as Python, or None: IPython syntax (magics, shell lines) is not Python ast can follow."""
    if any(line.lstrip().startswith(("%", "!")) for line in code.splitlines()):
        return None
    try:
        return ast.parse(code)
    except SyntaxError:
        return None


def from_kernel(tree: ast.Module) -> set[str]:
    """The names the cell uses that an earlier cell must have defined: never defined by it, or used
    on a line before (or the line of) its first plain assignment (`df = df[...]`). Names a cell
    binds for a scope of their own (imports, functions, arguments, loop and comprehension targets,
    exception names) count as its own wherever they are."""
    own: set[str] = set(dir(builtins))
    first_store: dict[str, int] = {}
    first_load: dict[str, int] = {}
    scoped = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.comprehension | ast.For | ast.AsyncFor)
        for n in ast.walk(node.target)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                first_load[node.id] = min(first_load.get(node.id, node.lineno), node.lineno)
            elif id(node) in scoped:
                own.add(node.id)
            else:
                first_store[node.id] = min(first_store.get(node.id, node.lineno), node.lineno)
        elif isinstance(node, ast.alias):
            own.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            own.add(node.name)
    return {
        name
        for name, line in first_load.items()
        if name not in own and (name not in first_store or line <= first_store[name])
    }
