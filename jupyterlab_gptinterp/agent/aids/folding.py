"""Load lines alike but for their column, shown as one loop, and read back as lines.

A wide table's load block converts each of its year or month columns in a line of its own (72 of
them for a monthly Eurostat table): more than a whole preview, so the model saw none of it. Shown
as one loop over those columns, the same statements in the same order, it fits. The checks and
hints find a conversion by its line (`df['2010'] = ...`): a model that copies the loop is read
with the loop unfolded first, or it would be told to convert what it converted.
"""

from __future__ import annotations

import re

LOOP = "col"  # the loop's variable: a frame named so by a hint is named otherwise
FOLD = 3  # lines alike but for their column, from which on they are one loop
_LITERAL = r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*\""""
_ASSIGNED = re.compile(rf"([A-Za-z_]\w*)\[({_LITERAL})\] = ")  # df['2010'] = ..., or a database table's frame
_LOOP = re.compile(
    rf"^([ \t]*)for {LOOP} in \[\s*((?:{_LITERAL})(?:\s*,\s*(?:{_LITERAL}))*\s*,?)\s*\]:[ \t]*(?:#[^\n]*)?\n"
    rf"\1[ \t]+(.*)$",
    re.MULTILINE,
)


def folded(code: str) -> str:
    """`code` with each run of FOLD or more lines that do the same to one column each written as one
    loop over those columns; as it is where `col` is a name of its own."""
    if re.search(rf"\b{LOOP}\b", code):
        return code
    lines = code.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        run, shape = _run(lines, i)
        if len(run) >= FOLD:
            out += [f"for {LOOP} in [{', '.join(run)}]:", f"    {shape}"]
            i += len(run)
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def _run(lines: list[str], start: int) -> tuple[list[str], str]:
    """The columns of the lines from `start` on that assign one column each alike, and their shape."""
    run: list[str] = []
    shape = ""
    for k in range(start, len(lines)):
        line = lines[k]
        m = _ASSIGNED.match(line)
        this = line.replace(f"{m.group(1)}[{m.group(2)}]", f"{m.group(1)}[{LOOP}]") if m else ""
        if not m or (shape and this != shape):
            break
        shape = this
        run.append(m.group(2))
    return run, shape


def unfolded(code: str) -> str:
    """`code` with each loop `folded` writes (a body of one line over a list of literals, of any
    frame: a hint names it otherwise) as the lines it stands for, so that what finds a column's
    conversion by its line finds it. A loop whose body goes on past its first line is left as it is."""
    if f"for {LOOP} in [" not in code:
        return code

    def lines(m: re.Match[str]) -> str:
        indent, body = m.group(1), m.group(3)
        after = code[m.end() + 1 :].split("\n", 1)[0]
        if body.rstrip().endswith((":", "\\", "(", "[", "{", ",")) or (
            after.strip() and len(after) - len(after.lstrip()) > len(indent)
        ):
            return m.group(0)
        columns = re.findall(_LITERAL, m.group(2))
        return "\n".join(indent + re.sub(rf"\[{LOOP}\]", lambda _, c=c: f"[{c}]", body) for c in columns)

    return _LOOP.sub(lines, code)
