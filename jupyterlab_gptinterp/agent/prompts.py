"""The system prompt, the tool schemas, and fenced-mode parsing.

Kept short on purpose: on a CPU-bound local model every ~65 prompt tokens cost a second.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

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
    tool_mode: str, notebook_text: str, action: str = "chat", cell_text: str = "", files_text: str = ""
) -> str:
    if action == "explain":
        rules = EXPLAIN_RULES
    elif action == "fix":
        rules = FIX_RULES_TOOLS if tool_mode == "tools" else FIX_RULES_FENCED
    else:
        rules = TOOLS_RULES if tool_mode == "tools" else FENCED_RULES
    focus = f"\n\n{cell_text}" if cell_text else ""
    data = f"\n\n{files_text}" if files_text else ""
    return f"{SYSTEM}\n\n{rules}{focus}\n\n{notebook_text}{data}"


def files_text(previews: list[str]) -> str:
    """The data-file previews as one block of the system prompt ("" when there are none)."""
    if not previews:
        return ""
    return (
        "Data files, described here and not loaded yet (paths relative to the notebook; use these exact names):"
        "\n\n" + "\n\n".join(previews)
    )


COMMENTS_ONLY_NOTE = (
    "Not run: every line of that code is a comment, so it would do nothing. Write the code "
    "itself, without '#' in front (an install is the line `%pip install <package>`)."
)

PASTED_OUTPUT_NOTE = (
    "Not run: that is the output of the last run, not code. If that output answers the question, "
    "reply with the answer in text; if it is wrong, change the code that made it."
)


def repeat_note(earlier_result: str) -> str:
    """What the model is told instead of proposing code it already ran (or had rejected) in this request."""
    if earlier_result.startswith("The user rejected"):
        return "Not proposed: the user already rejected exactly this code. Do something different, or answer."
    if "\nError:\n" in earlier_result:
        return (
            "Not run: this is the same code that already failed in this request, so it would fail the same way. "
            "Read the error and the hint, change the code to fix the cause, and propose the corrected code."
        )
    return (
        "Not run: you already ran exactly this code in this request; its output is above. Answer from that "
        "output, or run different code."
    )


_WORD = re.compile(r"\S+")
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z])")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def strip_echo(
    reply: str, prompt: str = "", min_words: int = 6, min_prompt_words: int = 12, notes: Sequence[str] = ()
) -> str:
    """The reply without a leading copy of what we sent it: a small model sometimes starts its
    reply by reciting the rules, the notes we added to its results (`notes`: hints, checks), or
    the notebook and data-file previews of `prompt` (the system prompt), then answers, or not.

    Six words of our rules or notes are a recital (a note's label, "Check:", may be left out).
    From the rest of the prompt (the user's notebook, our previews) only a long copy counts: at
    least `min_prompt_words` words from a paragraph's start, ending at a paragraph's end or with
    the reply, so a reply that opens by quoting a sentence of the notebook keeps it."""
    rules = [r.split() for r in (FENCED_RULES, TOOLS_RULES, SYSTEM)]
    for note in notes:
        words = note.split()
        rules.append(words)
        if words and words[0].endswith(":"):
            rules.append(words[1:])
        # A recital may start at any sentence of a note ("To compute the answer ..., reply with ...").
        rules += [s.split() for s in _SENTENCE_END.split(note)[1:]]
    said: list[str] = []  # the prompt's words
    starts: list[int] = []  # indices in `said` where a paragraph starts
    end = 0
    for m in _WORD.finditer(prompt):
        if not said or _BLANK_LINE.search(prompt, end, m.start()):
            starts.append(len(said))
        said.append(m.group(0))
        end = m.end()
    paragraph_starts = set(starts) | {len(said)}
    while True:
        words = [m for m in _WORD.finditer(reply)]
        if not words:
            return reply
        cut = max((n for n in (_common(words, rule, 0) for rule in rules) if n >= min_words), default=0)
        for start in starts:
            if said[start] != words[0].group(0):
                continue
            n = _common(words, said, start)
            if n >= min_prompt_words and (n == len(words) or start + n in paragraph_starts):
                cut = max(cut, n)
        if not cut:
            return reply
        reply = reply[words[cut - 1].end() :].lstrip()


def _same(said: str, ours: str) -> bool:
    # A recital may capitalise the word that starts its sentence, or end a sentence early.
    return said == ours or said.rstrip(".,:;!").lower() == ours.rstrip(".,:;!").lower()


def _common(words: list[re.Match[str]], expected: list[str], start: int) -> int:
    """How many of `words` match `expected` from `start` on."""
    n = 0
    while n < len(words) and start + n < len(expected) and _same(words[n].group(0), expected[start + n]):
        n += 1
    return n


ECHO_NOTE = (
    "Your reply only repeated what you were sent. Reply with one line and one ```python block that computes "
    "the answer, or with the answer itself."
)

UNGROUNDED = "Check: "


def ungrounded_note(numbers: list[str], ran_code: bool = True, fenced: bool = True) -> str:
    """Asks the model, once, to ground the numbers of its answer in an output. With no run in this
    request there is no output to answer from, so it is told to run code (a small model, asked to
    "compute or answer again", repeated a number it had read off three sample rows)."""
    shown = ", ".join(numbers[:5])
    if not ran_code:
        how = "reply with one ```python block" if fenced else "call run_code"
        return (
            f"{UNGROUNDED}{shown} appear(s) in no output: you have run no code for this question, and the "
            f"preview shows only a few rows. To compute the answer from the whole file, {how} that prints it."
        )
    return (
        f"{UNGROUNDED}{shown} appear(s) in no output you have seen. Do not guess: run code that computes and "
        "prints the answer, or answer again using only numbers from the outputs."
    )


def literal_answer(text: str) -> str | None:
    """The reply with its python block inlined, when the block holds nothing but a value (`3`,
    `'/api/users'`): a small model sometimes answers with the output in a code block, and running
    it would only echo the value back (it did, until the repeat stop)."""
    match = _FENCE.search(text)
    if not match or match.group(1).strip().startswith(('"' * 3, "'" * 3)):  # a docstring: code to come
        return None
    try:
        value = ast.literal_eval(match.group(1).strip())
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return None
        return (text[: match.start()] + str(value) + text[match.end() :]).strip()
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def fenced_code(text: str) -> tuple[str, str] | None:
    """(code, reason) from the first python block of a fenced-mode reply, or None."""
    match = _FENCE.search(text)
    if not match or not match.group(1).strip():
        return None
    prose = text[: match.start()].strip()
    reason = prose.splitlines()[-1].strip() if prose else ""
    return match.group(1).rstrip(), reason
