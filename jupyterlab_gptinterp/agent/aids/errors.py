"""What an error says, read from a run's outcome: its kind, the line that raised it, and whether
the call itself is what the installed library rejects (it would fail again on any data)."""

from __future__ import annotations

import ast
import re
import textwrap

from .. import outputs as _outputs
from ..outcome import Outcome

_ARROW = re.compile(r"^-*>\s*(\d+)\s(.*)$")
_CELL = re.compile(r"^(?:Cell In\s*\[\d*\], line (\d+)|Input In \[\d*\].*<cell line: (\d+)>)")
_CAUSES = re.compile(r"^(?:The above exception was the direct cause|During handling of the above exception).*$", re.M)
# Errors about the call itself, not the data: the same line fails again whatever the data.
_API = re.compile(
    r"unexpected keyword argument|takes \d+ positional|missing \d+ required positional|is not callable"
    r"|cannot import name|Invalid frequency|is no longer supported|was removed|is not supported"
    r"|got an invalid value for|must be one of|^module '[\w.]+' has no attribute",
    re.IGNORECASE,
)
# A method a library object lacks (a removed or misspelt API); a plain value's missing method
# ('float' object has no attribute 'endswith') is about the data instead.
_LIBRARY_ATTR = re.compile(
    r"^'(?:Series|Index|\w*GroupBy|Resampler|Rolling|Timestamp|DatetimeIndex|Styler|\w*Accessor)' object has no attribute"
)


def traceback_text(outcome: Outcome) -> str:
    error = outcome.error
    lines = error.get("traceback") or []
    return _outputs.clean_text("\n".join(str(x) for x in lines)) if isinstance(lines, list) else ""


def failing_lineno(outcome: Outcome, innermost: bool = False) -> int:
    """The number of the cell's line that raised, or 0 when the traceback does not show one the
    code holds. IPython heads the cell's frame `Cell In[n], line N`; a chained error lists its
    causes first (pandas' arithmetic on Arrow strings), so the frame is read from the last part.
    IPython numbers the code it ran, not the code as written (leading blank lines dropped, a
    magic's continued lines joined, a cell magic's body), so the number is checked against the
    line the frame shows. `innermost`: where a function the cell defines raised, its line rather
    than the line that called it."""
    text = traceback_text(outcome)
    last = _CAUSES.split(text)[-1].splitlines()
    code = [line.strip() for line in outcome.code.splitlines()]
    frames = [(i, m) for i, line in enumerate(last) if (m := _CELL.match(line.strip()))]
    for i, m in reversed(frames) if innermost else frames[:1]:
        n = int(m.group(1) or m.group(2))
        if found := _where(code, n, _shown(last[i + 1 :], n)):
            return found
    if frames:
        return 0
    for line in text.splitlines():  # no frame header: the first arrow is the cell's own line
        m = _ARROW.match(line.strip())
        if m and m.group(2).strip():
            return _where(code, int(m.group(1)), m.group(2).strip())
    return 0


def _shown(frame: list[str], n: int) -> str:
    """The text of line `n` as the frame below a header shows it: its arrow line, else (a syntax
    error, the Plain mode) the line under the header."""
    for line in frame:
        s = line.strip()
        if not s or _CELL.match(s) or s.startswith("File "):
            break
        if (m := _ARROW.match(s)) and int(m.group(1)) == n:
            return m.group(2).strip()
    return frame[0].strip() if frame else ""


def _where(code: list[str], n: int, shown: str) -> int:
    """`n` when the code's line n is the line shown, else the one line of the code that is, else 0."""
    if not shown:
        return 0
    if 0 < n <= len(code) and code[n - 1] == shown:
        return n
    same = [i + 1 for i, line in enumerate(code) if line == shown]
    return same[0] if len(same) == 1 else 0


def failing_line(outcome: Outcome) -> str:
    """The line of the cell that raised, or ""."""
    n = failing_lineno(outcome)
    return outcome.code.splitlines()[n - 1].strip() if n else ""


def is_api_error(outcome: Outcome) -> bool:
    """The error is about how a function or attribute was used, not about the data."""
    name = outcome.error_name
    if name in ("KeyError", "FileNotFoundError", "NameError", "ModuleNotFoundError"):
        return False
    if name == "AttributeError" and _LIBRARY_ATTR.search(outcome.error_value):
        return True
    return bool(_API.search(outcome.error_value))


def normalise(line: str) -> str:
    return re.sub(r"\s+", "", line.replace('"', "'"))


# An assignment to a frame's column: `df['c'] = ...`, `df.loc[:, 'c'] = ...`.
_ASSIGNED = re.compile(r"^(\w+)(?:\.loc\[[^\]]*,\s*|\[)(['\"])([^'\"\n]+)\2\s*\]\s*=(?!=)")


def unused_failing(outcome: Outcome) -> str:
    """The line that raised converts a column that the rest of its cell never uses: a small model
    keeps a conversion it does not need and re-proposes it with each fix of something else."""
    n = failing_lineno(outcome)
    lines = outcome.code.splitlines()
    return unused_conversion(lines[n - 1], "\n".join(lines[n:])) if n else ""


def unused_conversion(line: str, after: str) -> str:
    """ "Delete that line" when `line` assigns a frame's column and the code `after` it uses that
    frame only for other columns (`df['b']`, `df[['b', 'c']]`, `df.groupby(...)['b']`): a frame
    shown or passed on whole (`print(df)`, `df[mask]`, `df.sort_values(...)`) may want it."""
    m = _ASSIGNED.match(line.strip())
    if m is None or not after.strip() or m.group(3) in after:
        return ""
    try:
        tree = ast.parse(textwrap.dedent(after))
    except SyntaxError:
        return ""
    frame, column = m.group(1), m.group(3)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def columns_only(node: ast.AST) -> bool:
        up = parents.get(node)
        if isinstance(up, ast.Attribute) and up.attr == "groupby" and isinstance(parents.get(up), ast.Call):
            node, up = parents[up], parents.get(parents[up])  # df.groupby(...)[...]: its columns
        if not isinstance(up, ast.Subscript) or up.value is not node:
            return False
        keys = up.slice.elts if isinstance(up.slice, (ast.List, ast.Tuple)) else [up.slice]
        return all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in keys)

    used = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == frame]
    if not all(isinstance(n.ctx, ast.Load) and columns_only(n) for n in used):
        return ""
    return f"Nothing after the line `{line.strip()}` uses the column {column!r} it assigns: delete that line."
