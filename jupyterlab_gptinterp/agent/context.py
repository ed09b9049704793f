"""What the model sees: the notebook and execution results, reduced to bounded text.

Everything here is pure and budgeted in characters, so a 10 MB stdout or a notebook of
thousands of cells costs the model a bounded prompt.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable
from typing import Any

from ..protocol import NotebookView, WrittenFile
from . import outputs as _outputs
from .outcome import Outcome

MISSING_MODULE = re.compile(r"No module named '([^']+)'")  # the module, dotted as imported


def strip_ansi(text: str) -> str:
    return _outputs.ANSI.sub("", text)


def head_tail(text: str, budget: int) -> str:
    """Keep the head and tail of `text` within `budget` chars, saying how much was cut.

    The cut falls between lines where a line ends near it, and says how many lines went:
    a printed frame cut to its head and tail leaves whole rows, and a model that counts
    the rows it sees is told that it does not see them all."""
    if len(text) <= budget:
        return text
    half = max(budget // 2 - 50, 0)
    head, tail = text[:half], text[len(text) - half :]
    if (end := head.rfind("\n")) >= half // 2:
        head = head[: end + 1]
    if 0 <= (start := tail.find("\n")) < half // 2:
        tail = tail[start + 1 :]
    middle = text[len(head) : len(text) - len(tail)]
    lines = middle.count("\n")
    said = f"{lines} lines, " if lines > 1 else ""
    return f"{head.removesuffix(chr(10))}\n[... {said}{len(middle)} characters cut ...]\n{tail}"


_CELL_FRAME = re.compile(r"^Cell In\[(\d+)\], line (\d+)(?:, in (.*))?$")
_COMPREHENSION = ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")


def comprehension_frames_dropped(traceback: str) -> str:
    """The traceback without the frame of a comprehension on the cell line the frame above it
    shows: IPython (on Python 3.11) prints that frame with the cell's first line as the failing
    one, and a model told `----> 5 import csv` changes the import."""
    kept: list[str] = []
    above: tuple[str, str] | None = None  # (execution count, line) of the last cell frame
    skipping = False
    for line in traceback.split("\n"):
        if head := _CELL_FRAME.match(line.strip()):
            skipping = above == (head.group(1), head.group(2)) and (head.group(3) or "").startswith(_COMPREHENSION)
            above = (head.group(1), head.group(2))
        elif skipping and not line.strip():  # the frame ends at a blank line
            skipping = False
            continue
        if not skipping:
            kept.append(line)
    return "\n".join(kept)


RESULT_HEAD = "Execution status:"  # how every result we send the model starts


def result_for_model(status: str, outputs: Iterable[dict[str, Any]], message: str = "", budget: int = 4000) -> str:
    """The execution result as the model is told it: bounded, ANSI-free, error kept."""
    parts: list[str] = []
    error = ""
    for out, text in _outputs.described(list(outputs), budget):
        text = strip_ansi(text)
        if out.get("output_type") == "error":
            error = comprehension_frames_dropped(text)
        elif text:
            parts.append(text)
    body = head_tail("".join(p if p.endswith("\n") else p + "\n" for p in parts), budget // 2 if error else budget)
    lines = [f"{RESULT_HEAD} {status}."]
    if message:
        lines.append(message)
    lines.append("Output:\n" + body if body.strip() else "The code produced no output.")
    if error:
        lines.append("Error:\n" + head_tail(error, budget // 2))
        missing = MISSING_MODULE.search(error)
        top = missing.group(1).split(".")[0] if missing else ""
        if missing and top not in sys.stdlib_module_names:
            package = DISTRIBUTIONS.get(missing.group(1)) or DISTRIBUTIONS.get(top, top)
            instead = WITHOUT.get(top, "")
            lines.append(
                f"Hint: the module '{missing.group(1)}' is not installed. You may propose a cell whose "
                f"only line is `%pip install {package}` (not commented out); the user approves "
                f"it like any other cell.{f' Or do without it: {instead}' if instead else ''}"
            )
    return "\n".join(lines)


# Modules whose package on PyPI has another name (`pip install sklearn` fails on purpose).
DISTRIBUTIONS = {
    "sklearn": "scikit-learn",
    "skimage": "scikit-image",
    "cv2": "opencv-python-headless",
    "PIL": "pillow",
    "yaml": "pyyaml",
    "bs4": "beautifulsoup4",
    "dateutil": "python-dateutil",
    "dotenv": "python-dotenv",
    "docx": "python-docx",
    "pptx": "python-pptx",
    "fitz": "pymupdf",
    "Crypto": "pycryptodome",
    "jwt": "pyjwt",
    "serial": "pyserial",
    "attr": "attrs",
    "Levenshtein": "levenshtein",
    "google.protobuf": "protobuf",  # a namespace: the package is named for the module under it
}

# Modules that what is installed already replaces (pandas 3 no longer installs pytz).
WITHOUT = {
    "pytz": "pandas takes time-zone names as text, col.dt.tz_localize('UTC').dt.tz_convert('America/Chicago'), "
    "and the standard library has zoneinfo.ZoneInfo('America/Chicago').",
}


def outcome_for_model(outcome: Outcome, budget: int = 4000) -> str:
    """What the model is told about its proposal: the user's decision, what ran, what it printed
    (bounded), the files it wrote, and the aids' notes. The one place this text is made."""
    if outcome.kind == "mcp_tool":
        text = _tool_outcome(outcome, budget)
    elif outcome.decision == "refused":
        text = ""
    elif outcome.decision == "rejected":
        why = f" Their reason: {outcome.reason}" if outcome.reason else " They gave no reason."
        text = f"The user rejected this code; it did not run.{why} Do not propose it again unchanged."
    elif outcome.decision == "cancelled":
        text = "The code was cancelled and did not run."
    elif not outcome.run:
        text = "The user accepted the new source; the cell was replaced but not run."
    else:
        text = result_for_model(outcome.status or "error", outcome.outputs, outcome.message, budget)
        if outcome.files:
            text += "\n" + written_for_model(outcome.files)
        if outcome.edited:
            text = f"The user edited your code before running it. What ran:\n```python\n{outcome.code}\n```\n{text}"
    return "\n".join(p for p in (text, *outcome.notes) if p)


def _tool_outcome(outcome: Outcome, budget: int) -> str:
    """An MCP tool call's outcome: the decision, or the result bounded like a cell's output."""
    if outcome.decision == "rejected":
        why = f" Their reason: {outcome.reason}" if outcome.reason else " They gave no reason."
        return f"The user rejected this tool call; the tool was not called.{why} Do not call it again unchanged."
    if outcome.decision != "approved":
        return "The tool call was cancelled; the tool was not called."
    body = strip_ansi("".join(str(o.get("text") or "") for o in outcome.outputs))
    lines = [f"Tool call status: {'failed' if outcome.status == 'error' else outcome.status or 'error'}."]
    if outcome.edited:
        lines.insert(
            0, f"The user edited the arguments before the call. What was called with:\n```json\n{outcome.code}\n```"
        )
    if outcome.message:
        lines.append(outcome.message)
    lines.append("Result:\n" + head_tail(body, budget) if body.strip() else "The tool returned nothing.")
    return "\n".join(lines)


def written_for_model(files: list[WrittenFile]) -> str:
    """One line telling the model which files its code wrote."""
    listed = ", ".join(f"{f.name} ({'new' if f.new else 'changed'}, {f.size} bytes)" for f in files)
    return f"Files written in the notebook's directory (shown to the user as links): {listed}."


def notebook_for_model(nb: NotebookView, budget: int = 6000) -> str:
    """The notebook as compact text: cells nearest the active one first, within the budget."""
    if not nb.cells:
        return f"Notebook {nb.path}: empty."
    active = next((i for i, c in enumerate(nb.cells) if c.id == nb.active_cell_id), len(nb.cells) - 1)
    order = sorted(range(len(nb.cells)), key=lambda i: (abs(i - active), -i))
    per_cell = max(budget // 6, 300)
    chosen: dict[int, str] = {}
    used = 0
    for i in order:
        cell = nb.cells[i]
        tag = f"In [{cell.execution_count}]" if cell.execution_count is not None else cell.cell_type
        mark = " (active)" if i == active else ""
        text = f"# cell {i + 1} id={cell.id} {tag}{mark}\n{head_tail(cell.source, per_cell)}"
        if cell.outputs:
            out = strip_ansi("\n".join(cell.outputs))
            text += "\n# output:\n" + head_tail(out, per_cell // 2)
        if used + len(text) > budget:
            break
        chosen[i] = text
        used += len(text)
    omitted = len(nb.cells) - len(chosen)
    body = "\n\n".join(chosen[i] for i in sorted(chosen))
    note = f"\n\n[{omitted} other cells not shown]" if omitted else ""
    return f"Notebook {nb.path} ({len(nb.cells)} cells):\n\n{body}{note}"


def _names(source: str) -> tuple[set[str], set[str], list[str]]:
    """(names the code reads, names it defines, its import lines); tolerant of IPython syntax."""
    code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set(), set(), [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    used: set[str] = set()
    defined: set[str] = set()
    imports: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (used if isinstance(node.ctx, ast.Load) else defined).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.append(ast.get_source_segment(code, node) or "")
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
    return used, defined, imports


def cell_for_model(nb: NotebookView, cell_id: str, budget: int = 4000) -> str:
    """The cell asked about: its source, outputs and error, plus the imports and the earlier cells
    that define names it uses. Raises KeyError for an unknown cell id."""
    index = next(i for i, c in enumerate(nb.cells) if c.id == cell_id)
    cell = nb.cells[index]
    used, _, _ = _names(cell.source)
    imports: list[str] = []
    defining: list[str] = []
    for i, earlier in enumerate(nb.cells[:index]):
        if earlier.cell_type != "code":
            continue
        _, defined, cell_imports = _names(earlier.source)
        imports.extend(x for x in cell_imports if x not in imports)
        needed = (used & defined) - {n for line in cell_imports for n in re.findall(r"\w+", line)}
        if needed:
            defining.append(
                f"# cell {i + 1} defines {', '.join(sorted(needed))}\n{head_tail(earlier.source, budget // 6)}"
            )
    parts = [f"The cell (cell {index + 1}, id={cell.id}, In [{cell.execution_count}]):\n```python\n{cell.source}\n```"]
    if cell.outputs:
        parts.append("Its output:\n" + head_tail(strip_ansi("\n".join(cell.outputs)), budget // 3))
    else:
        parts.append("It has no output.")
    if imports:
        parts.append("Imports in earlier cells:\n" + "\n".join(imports))
    if defining:
        parts.append("Earlier cells defining names it uses:\n" + "\n\n".join(defining))
    return head_tail("\n\n".join(parts), budget)


def last_result(last: Outcome | None) -> str:
    """What a turn that hit a cap shows of its last run: the result it printed, else what stopped
    it ("" when it neither printed nor failed)."""
    if last is None:
        return ""
    if last.printed.strip():
        return f"The last result I got, from the code above:\n```\n{last.printed[:1500]}\n```"
    return f"The last run failed: {last.error_name}: {last.error_value[:300]}" if last.failed else ""
