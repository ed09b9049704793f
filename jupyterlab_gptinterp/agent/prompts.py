"""The system prompt, the tool schemas, and fenced-mode parsing.

Kept short on purpose: on a CPU-bound local model every ~65 prompt tokens cost a second.
"""

from __future__ import annotations

import re

SYSTEM = """You are a code interpreter working inside the user's Jupyter notebook (Python kernel).
Variables defined by earlier cells exist in the kernel. The user approves each cell before it runs,
and may edit or reject it. After a run you see its output; use it. If it failed, read the error and
fix the cause; do not repeat code that failed. Base your answer on outputs you saw; never invent
results. Answer in concise Markdown."""

TOOLS_RULES = """To run Python, call the run_code tool with the code and a one-line reason.
Run one step at a time. When you have the answer, reply in text without calling a tool."""

FENCED_RULES = """To run Python, reply with one line saying why, then exactly one ```python block,
and nothing after it. You will get the output in the next message. When you have the answer,
reply in text with no code block."""

RUN_CODE_TOOL = {
    "type": "function",
    "function": {
        "name": "run_code",
        "description": "Run Python code in the user's notebook kernel, after the user approves it. "
        "Returns the cell's output.",
        "parameters": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "The Python code of one notebook cell."},
                "reason": {"type": "string", "description": "One line: why this code is run."},
            },
            "required": ["code"],
        },
    },
}

REPLACE_CELL_TOOL = {
    "type": "function",
    "function": {
        "name": "replace_cell",
        "description": "Propose a corrected source for a notebook cell. The user sees a diff and may accept "
        "it, accept and run it (you then see the output), or reject it.",
        "parameters": {
            "type": "object",
            "properties": {
                "cell_id": {"type": "string", "description": "The id of the cell to replace."},
                "source": {"type": "string", "description": "The complete new source of the cell."},
                "reason": {"type": "string", "description": "One line: what was wrong and what changed."},
            },
            "required": ["cell_id", "source"],
        },
    },
}

EXPLAIN_RULES = """Explain the cell below to the user: what it does, what its output means, and, if it
failed, why, in plain words. Be concise. Do not run code."""

FIX_RULES_TOOLS = """The cell below needs fixing. Find the cause, then call replace_cell once with the
complete corrected source of that cell and a one-line reason. Keep the user's intent and style."""

FIX_RULES_FENCED = """The cell below needs fixing. Find the cause, then reply with one line saying what was
wrong and exactly one ```python block holding the complete corrected source of that cell."""

_FENCE = re.compile(r"```(?:python|py|ipython)?[ \t]*\n(.*?)```", re.DOTALL | re.IGNORECASE)


def system_prompt(
    tool_mode: str, notebook_text: str, action: str = "chat", cell_text: str = "", context: str = ""
) -> str:
    if action == "explain":
        rules = EXPLAIN_RULES
    elif action == "fix":
        rules = FIX_RULES_TOOLS if tool_mode == "tools" else FIX_RULES_FENCED
    else:
        rules = TOOLS_RULES if tool_mode == "tools" else FENCED_RULES
    focus = f"\n\n{cell_text}" if cell_text else ""
    data = f"\n\n{context}" if context else ""
    return f"{SYSTEM}\n\n{rules}{focus}\n\n{notebook_text}{data}"


RESULT_INTRO = "(The result of the code you ran; not a message from the user.)"


def result_message(result: str) -> str:
    """A result given back in fenced mode, where it arrives as the next user message."""
    return f"{RESULT_INTRO}\n{result}"


CHECK_SYSTEM = "You check whether a program's output answers a question. Reply with JSON only."

CHECK_SCHEMA = {
    "type": "object",
    "properties": {
        "answers": {"type": "boolean"},
        "answer": {"type": "string", "maxLength": 400},
        "missing": {"type": "string", "maxLength": 300},
    },
    "required": ["answers", "answer", "missing"],
    "additionalProperties": False,
}


def check_messages(question: str, code: str, printed: str) -> list[dict[str, str]]:
    """The check call: the question, the code and its output, nothing else of the chat."""
    user = (
        f"Question: {question}\n\nThe code that ran:\n```python\n{code}\n```\n\nWhat it printed:\n```\n{printed}\n```\n\n"
        "Does the printed output state the answer to exactly this question: the same things counted or summed, over "
        "the same rows and period, grouped the way the question asks, in the unit it asks for? "
        'Reply with JSON: "answers": true or false; "answer": when true, the answer to the question in one sentence, '
        'its values copied from the output, else ""; "missing": when false, what the code must still compute, else "".'
    )
    return [{"role": "system", "content": CHECK_SYSTEM}, {"role": "user", "content": user}]


def fenced_code(text: str) -> tuple[str, str] | None:
    """(code, reason) from the first python block of a fenced-mode reply, or None."""
    match = _FENCE.search(text)
    if not match or not match.group(1).strip():
        return None
    prose = text[: match.start()].strip()
    reason = prose.splitlines()[-1].strip() if prose else ""
    return match.group(1).rstrip(), reason
