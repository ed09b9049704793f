"""Loading: a cell that reads a described file with a call of its own is sent back once.

The preview gives each file a load line that was run on it (its separator, header row, sheet,
encoding, columns of a fixed-width report, where a JSON export keeps its rows). A small model
often writes `pd.read_csv('x.csv')` anyway, then spends its steps on the errors of a frame that
is not the file: wrong columns, text where numbers are. Before such a cell reaches the user, the
model is told which arguments its call lacks (or that the file is read by another call) and
given the tested lines. Once per file and turn: a model that insists has its reasons.

Until a cell of the turn works, a block the model opens starts with the tested lines of the one
table the question is about (or of a log's records, a raster's grid); of two files, each in its own
frame (where the server goes on from a reply it is given): a small model
retyped them in each cell, 100-400 tokens at ~10 a second, and mangled the long ones.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import PurePosixPath

from ..seams import FileProfile, TableProfile
from .base import Aid, Refusal, TurnState
from .joins import frame_of, own_frame
from .preview import load_block
from .repeats import failed_start


def _word(name: str) -> re.Pattern[str]:
    """`name` as words of a question (sheet 'Jan' is not named by 'January'), in any case but for a
    name of a letter or two ('A' would be named by every 'a')."""
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE if len(name) > 2 else 0)


def _reads(tree: ast.AST, name: str) -> list[ast.Call]:
    """The `read_*` calls in `tree` whose first argument is the file `name`."""
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr.startswith("read_")
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == name
    ]


def _tested(f: FileProfile) -> list[tuple[str, set[str]]]:
    """(reader, keyword names) of the first call of each table's tested load lines."""
    out = []
    for i, t in enumerate(f.tables):
        try:
            calls = _reads(ast.parse(t.load), f.name)
        except SyntaxError:
            continue
        for c in calls[:1]:
            assert isinstance(c.func, ast.Attribute)
            needs = {k.arg for k in c.keywords if k.arg}
            out.append((c.func.attr, needs - {"sheet_name"} if i == 0 else needs))  # the first sheet is the default
    return out


def missing(code: str, f: FileProfile) -> str:
    """What the code's own reading of `f` lacks against its tested load line ("" when nothing)."""
    try:
        own = _reads(ast.parse(code), f.name)
    except SyntaxError:
        return ""
    if not own or not f.tables:
        return ""
    tested = _tested(f)
    for call in own:
        assert isinstance(call.func, ast.Attribute)
        reader, keywords = call.func.attr, {k.arg for k in call.keywords if k.arg}
        if any(r == reader and needs <= keywords for r, needs in tested):
            continue
        same = [needs - keywords for r, needs in tested if r == reader]
        if same:
            lacks = min(same, key=len)
            return f"its call to {reader} lacks {', '.join(sorted(lacks))}"
        return f"it is read with {reader}, but it loads another way"
    return ""


MAX_OPENED = 2  # files whose lines open a block: more is a survey, not one question's frames


def _block(turn: TurnState, f: FileProfile) -> tuple[str, TableProfile | None]:
    """The tested lines of the one table of `f` the question is about, and that table: the one
    table, a table the question names, else the records themselves where the other tables are
    their nested lists; a log's records or a raster's grid (no table). ("", None) when none is."""
    if not f.tables:  # a log's records, a raster: the block its preview says to start with, its
        # comments too (which frame answers which question: a count of lines read the requests' frame).
        # Only a block the profile wrote (kind "lines"): a text file's own first lines are the file's.
        shown = re.search(r"```python\n(.*?)\n```", f.lines, re.S) if f.kind == "lines" and f.load else None
        return (shown.group(1) if shown else f.load if f.kind == "lines" else ""), None
    named = [t for t in f.tables if t.name and _word(t.name).search(turn.question)]
    tables = f.tables if len(f.tables) == 1 else named or [t for t in f.tables[:1] if not t.name]
    return (load_block(f, tables[0]), tables[0]) if len(tables) == 1 else ("", None)


def _renamed(code: str, old: str, new: str) -> str:
    """`code` with the name `old` written `new`: names only, not a file name or a column in a string."""
    lines = code.split("\n")
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return ""  # lines that are no Python: no opening of them
    found = [t.start for t in tokens if t.type == tokenize.NAME and t.string == old]
    for row, col in reversed(found):  # from the end: the places before stay where they were
        lines[row - 1] = lines[row - 1][:col] + new + lines[row - 1][col + len(old) :]
    return "\n".join(lines)


class Loading(Aid):
    name = "loading"

    def __init__(self) -> None:
        self.told: set[str] = set()

    def opening(self, turn: TurnState) -> str:
        """Only for the files the question names (or the user attached), one or two: not a file the
        preview chose by its content, nor over a frame a later question goes on from; two files each
        in a frame of its own, named as the join lines name them. Not once a cell ran without an
        error (the frame is in the kernel), the user declined or edited one (their reason may ask for
        another reading), or the lines themselves failed (the kernel's Python is not the one they
        were tested in: a reader's package missing, an older pandas)."""
        if not turn.fenced or turn.action != "chat" or not 1 <= len(turn.files) <= MAX_OPENED:
            return ""
        named = [
            f
            for f in turn.files
            if _word(PurePosixPath(f.name).name).search(turn.question) or f.name in turn.attachments
        ]
        if len(named) != len(turn.files):
            return ""
        if any((o.ran and not o.failed) or o.decision == "rejected" or o.edited for o in turn.outcomes):
            return ""
        blocks = [_block(turn, f) for f in named]
        if not all(b for b, _ in blocks):
            return ""
        if len(blocks) == 1:
            lines = blocks[0][0] + "\n"
        else:
            # Two tables each loaded into `df`: each renamed. Not a log or raster (their other names,
            # `lines`, `grid`, would clash too), nor a database's tables (frames of their own names).
            if any(t is None or frame_of(t) for _, t in blocks):
                return ""
            frames: list[str] = []
            for (_, table), f in zip(blocks, named):
                frame = own_frame(f.name, table) if table else ""
                frames.append(frame if frame not in frames else f"{frame}_2")
            renamed = [_renamed(block, "df", frame) for (block, _), frame in zip(blocks, frames)]
            if not all(renamed):
                return ""
            code = [line for b in renamed for line in b.splitlines()]
            imports = list(dict.fromkeys(line for line in code if line.startswith("import ")))
            lines = "\n".join([*imports, *(line for line in code if not line.startswith("import "))]) + "\n"
        return "" if failed_start(turn.outcomes, lines) else lines

    async def refuse(self, turn: TurnState, code: str) -> Refusal | None:
        for f in turn.files:
            if f.name in self.told:
                continue
            lacking = missing(code, f)
            if lacking:
                self.told.add(f.name)
                table = next((t for t in f.tables if t.name and repr(t.name) in code), f.tables[0])
                return Refusal(
                    f"The model read {f.name} its own way; it was asked to use the file's tested load line.",
                    f"Not run: this cell reads {f.name} its own way ({lacking}), so its columns would not be the "
                    f"file's. Start the cell with the file's tested load lines, then compute:\n```python\n"
                    f"{load_block(f, table)}\n```",
                )
        return None
