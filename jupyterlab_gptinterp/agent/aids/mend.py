"""Mend: after a run that raised, one short schema-constrained call names the line at fault and
writes it corrected; the cell with that line replaced is the turn's next proposal, shown to the
user like any other, in place of a model call.

Shown its error in the long conversation, a small model rewrites the whole cell (at ~6 tokens/s
on a loaded machine, 100 s and more) and often keeps the slip, or explains the error in prose.
Asked with the code and the error alone for the cause and one corrected line, it writes a few
dozen tokens. The line must be one of the cell's, the mended cell must parse and must not be a
cell already run this turn; else there is no proposal and the model writes the next cell. A
mended cell that fails on the same line is the model's to mend.
"""

from __future__ import annotations

import ast
import json
import textwrap

from ..context import outcome_for_model
from ..outcome import Outcome
from .base import Aid, Note, TurnState
from .errors import failing_line, normalise
from .repeats import normalise_code

MAX_MENDS = 2  # per turn
BUDGET = 1500  # characters of the error and notes the call reads

SYSTEM = (
    "A Python cell raised an error. Find the line that causes it (often the line that raised, sometimes one "
    "before it) and write that line corrected: it may become several lines (an import added above it). Change "
    "nothing else. Reply with JSON only."
)

SCHEMA = {
    "type": "object",
    "properties": {
        "cause": {"type": "string", "maxLength": 200},
        "line": {"type": "string", "maxLength": 400},
        "fixed": {"type": "string", "maxLength": 800},
    },
    "required": ["cause", "line", "fixed"],
    "additionalProperties": False,
}

# Worked examples, given as earlier turns: common slips any pandas user meets, about no data.
EXAMPLES = [
    (
        "import pandas as pd\ndf = pd.read_csv('trips.csv')\nprint(df.groupby('City')['fare'].mean())",
        "KeyError: 'City'\nHint: There is no column 'City'; did you mean 'city'?",
        {
            "cause": "the column is named 'city', in lower case",
            "line": "print(df.groupby('City')['fare'].mean())",
            "fixed": "print(df.groupby('city')['fare'].mean())",
        },
    ),
    (
        "rows = pd.DataFrame(columns=['k', 'v'])\nfor k, v in pairs.items():\n"
        "    rows = rows.append({'k': k, 'v': v}, ignore_index=True)\nprint(rows)",
        "AttributeError: 'DataFrame' object has no attribute 'append'",
        {
            "cause": "DataFrame.append was removed in pandas 2; pd.concat replaces it",
            "line": "rows = rows.append({'k': k, 'v': v}, ignore_index=True)",
            "fixed": "rows = pd.concat([rows, pd.DataFrame([{'k': k, 'v': v}])], ignore_index=True)",
        },
    ),
    (
        "import pandas as pd\nscores = pd.read_json('scores.json')\nprint(np.log(scores['points']).mean())",
        "NameError: name 'np' is not defined",
        {
            "cause": "numpy is used but was never imported",
            "line": "print(np.log(scores['points']).mean())",
            "fixed": "import numpy as np\nprint(np.log(scores['points']).mean())",
        },
    ),
    (
        "import pandas as pd\nstock = pd.read_csv('stock.csv')\nstock['value'] = stock['qty'] * stock['unit_price']\n"
        "print(stock['value'].sum())",
        "TypeError: can't multiply sequence by non-int of type 'float'",
        {
            "cause": "'qty' holds numbers as text; convert it before multiplying",
            "line": "stock['value'] = stock['qty'] * stock['unit_price']",
            "fixed": "stock['value'] = pd.to_numeric(stock['qty']) * stock['unit_price']",
        },
    ),
]


def _case(code: str, error: str) -> str:
    return f"Code:\n```python\n{code}\n```\n\nError:\n```\n{error}\n```"


def messages(code: str, error: str) -> list[dict[str, str]]:
    """The mend call: the cell and its error (with the notes on it), nothing else of the chat."""
    out = [{"role": "system", "content": SYSTEM}]
    for case_code, case_error, reply in EXAMPLES:
        out += [
            {"role": "user", "content": _case(case_code, case_error)},
            {"role": "assistant", "content": json.dumps(reply)},
        ]
    return [*out, {"role": "user", "content": _case(code, error)}]


class Mend(Aid):
    name = "mend"

    def __init__(self) -> None:
        self.mends = 0
        self.mended: tuple[str, set[str]] = ("", set())  # the last mended cell and its new lines, normalised

    async def after_run(self, turn: TurnState, outcome: Outcome) -> Note | None:
        if turn.constrained is None or not turn.fenced or turn.action != "chat" or not outcome.error_name:
            return None
        again = normalise_code(outcome.code) == self.mended[0] and normalise(failing_line(outcome)) in self.mended[1]
        if self.mends >= MAX_MENDS or again:
            return None  # a mended cell failed on its mended line: the mend did not reach the cause
        self.mends += 1
        data = await turn.constrained(messages(outcome.code, outcome_for_model(outcome, BUDGET)), SCHEMA, "mending")
        if data is None:
            return None
        ran = {normalise_code(o.code) for o in turn.outcomes if o.ran}
        mended = patch(outcome.code, str(data.get("line") or ""), str(data.get("fixed") or ""))
        if mended is None or normalise_code(mended) in ran:
            return None
        self.mended = (normalise_code(mended), {normalise(x) for x in str(data.get("fixed")).splitlines()})
        cause = " ".join(str(data.get("cause") or "").split()).rstrip(".")
        said = f"{cause[:1].upper()}{cause[1:]}." if cause else "The line that failed, corrected."
        return Note(reply=f"{said}\n```python\n{mended}\n```")


def patch(code: str, line: str, fixed: str) -> str | None:
    """`code` with its line `line` (compared without spaces or quote style) replaced by `fixed`, at
    that line's indentation; None when no line is `line`, nothing changes, or the result does not parse."""
    wanted = normalise(line.strip())
    lines = code.splitlines()
    at = next((i for i, x in enumerate(lines) if wanted and normalise(x.strip()) == wanted), None)
    new = textwrap.dedent(fixed.strip("\n")).splitlines()
    if at is None or not new or normalise("".join(new)) == wanted:
        return None
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    mended = "\n".join([*lines[:at], *(indent + x if x.strip() else x for x in new), *lines[at + 1 :]])
    try:  # magics and shell lines (%pip, !ls) are the kernel's, not Python's
        ast.parse("\n".join(_magic_as_pass(x) for x in mended.splitlines()))
    except SyntaxError:
        return None
    return mended


def _magic_as_pass(line: str) -> str:
    body = line.lstrip()
    return line[: len(line) - len(body)] + "pass" if body.startswith(("%", "!")) else line
