r"""A fresh look for a model that is stuck.

A small model that has been told twice in a row that its proposal was declined (the same failed
code again, the same code whose output is already there), or whose last two runs failed on the
same line, rarely gets out by itself: the long history pulls it back to the code it keeps
writing. Its next call then sees only the system prompt (notebook, previews), the question, and
the last code that ran with what came of it (error, hints, notes), and is asked for the one
thing that moves the turn on: corrected code after a failure, else the answer from that output
or the code that computes it. When that is declined too, the same call is sampled rather than
decoded greedily. The turn then goes on from that message (its reply, the result of its run):
the history before it is what kept the model writing the same code, and a local server's one
prompt cache, which now holds the focused prompt, is read on from it rather than read again
from the system prompt on (some 2,000-3,000 tokens, 30-50 s on a CPU, each time).

A model stuck on one line (it proposed a failed line again, a line failed twice, or two cells in
a row were declined as not Python on the same line) is first
asked for that line alone: a short call, its reply constrained to JSON, that sees the code with
its lines numbered, the error with its notes, and the line, and writes what replaces it. For a
fenced model (the local one, or a provider set to fenced code) it is one more message after the
conversation, so a server's prompt cache is read, not rebuilt; the conversation holds the error
and its notes (cut short, if the turn is long). Writing one line takes a few
seconds where a whole cell takes a minute on a CPU, and a small model that rewrites the whole cell
writes the same cell again. The patched code is proposed like any other, for the user to approve,
unless it is not Python. Held to JSON, a model that writes a backslash as code has it (`\d`) must
go on with one of JSON's escapes: it may double the backslash, or write `\n`, a newline in the
middle of a string. So it is shown the line as JSON writes it, a `\b` or `\f` it wrote is read
as a regex's, and a fix that is still not Python is dropped.
"""

from __future__ import annotations

import json
import re
import secrets
import textwrap
from typing import TYPE_CHECKING, Any

from .aids.errors import failing_line, failing_lineno, normalise
from .aids.syntax import invalid_line
from .context import outcome_for_model
from .outcome import Outcome
from .seams import Completion, ToolCall

if TYPE_CHECKING:
    from .aids.base import TurnState
    from .calls import ModelCalls

AFTER = 2  # declined proposals in a row before the model's next call is a focused one
# Greedy decoding answers the same focused call with the same declined code: each one after the
# first is sampled instead, a little hotter each time, so the model can write something else.
RESAMPLE = (0.7, 1.0)

FIX = (
    "That code failed. Find the cause in the error and the notes above, and propose the corrected code, "
    "complete and different from the code above."
)
ANSWER = (
    "If that output answers the question exactly, reply with the answer in one or two sentences of text. "
    "If it does not, propose the code that computes exactly what was asked."
)
COMPUTE = (
    "That code printed nothing, so there is no answer yet. Propose the code that computes exactly what was asked "
    "and prints it."
)
LINE_FIXES = 3  # line-fix calls per turn before a stuck model gets the focused call instead
LINE_SCHEMA = {
    "type": "object",
    "properties": {"number": {"type": "integer"}, "line": {"type": "string", "maxLength": 600}},
    "required": ["number", "line"],
    "additionalProperties": False,
}
# The line that raised is often only where a cause above it shows (a filter that kept no rows, a
# column never converted): the model names the line to change.
LINE_ASK = (
    "Line {n} raised that error: `{line}`\nThe cause is in that line, or in a line above it that it uses (a load, "
    "a filter, a conversion). Write the fix: the number of the line to change (often {n}) and the Python that "
    "replaces it (one line, or a few if the fix needs them), so that the error does not happen again, as the error "
    'and the notes above say. Reply with JSON only: {{"number": <line number>, "line": "<the corrected code>"}}'
)
# A backspace or a form feed in a line of code is JSON's `\b` or `\f` where a regex's was meant.
_ESCAPED = str.maketrans({"\b": "\\b", "\f": "\\f"})
_NUMBERED = re.compile(r"^\s*\d{1,3} ?\| ?", re.MULTILINE)
HEAD = "(Starting over on this request: earlier proposals were declined.)"
FRESH = "Nothing has run yet. Propose code that computes the answer, different from what was declined."


def failing_again(outcomes: list[Outcome]) -> str:
    """What to say when the last run failed on a line that an earlier run of the turn failed on too
    (with whatever error: changes around a line can swap one error for another), or with the same
    error where the traceback shows no line, else "": the model changed code around the cause
    without fixing it. Runs that worked in between do not count: a small model told that an output
    is not the answer yet goes back to the line that failed."""
    ran = [o for o in outcomes if o.ran]
    if not ran or not ran[-1].failed:
        return ""
    last, line = ran[-1], failing_line(ran[-1])
    earlier = [o for o in ran[:-1] if o.failed]
    if line:
        times = 1 + sum(normalise(failing_line(o)) == normalise(line) for o in earlier)
        if times == 2 and ran[-2].failed and normalise(failing_line(ran[-2])) == normalise(line):
            return f"The line `{line}` failed in both of the last two runs: change that line itself, not the code around it."
        if times >= 2:
            return f"The line `{line}` has failed in {times} runs of this request: change that line itself, or compute it another way."
        return ""
    same = [
        o
        for o in earlier
        if not failing_line(o) and (o.error_name, o.error_value) == (last.error_name, last.error_value)
    ]
    if same and ran[-2] is same[-1]:
        return f"It failed twice with the same {last.error_name}: the change did not reach its cause."
    if same:
        return (
            f"It has failed {len(same) + 1} times with the same {last.error_name}: the changes did not reach its cause."
        )
    return ""


def prompt(question: str, last: Outcome | None, budget: int, told: str = "", again: str = "") -> tuple[str, str]:
    """The one user message of a focused call, and its instruction (a recital of which is no answer;
    the output quoted in the message may well be part of one). `told`: what an aid said when it
    sent the model's last reply back, kept in the focused message; `again`: what `failing_again` said."""
    ask = FRESH if last is None else FIX if last.failed else ANSWER if last.printed else COMPUTE
    if again and last is not None and last.failed:
        ask += " " + again
    parts = [f"{HEAD}\nThe question: {question}"]
    if last is not None:
        result = outcome_for_model(last, budget)
        parts.append(f"The last code that ran for it:\n```python\n{last.code}\n```\n{result}")
    return "\n\n".join([*parts, *([told] if told else []), ask]), f"{HEAD} {ask}"


def note(state: TurnState, refused: int, told: str, again: str, budget: int) -> str:
    """The message of a focused call, a call that sees the question and the last run only, when the
    model is stuck (`AFTER` declines in a row, or a line failed again), its instruction kept among
    the turn's notes; "" when it is not stuck."""
    if refused < AFTER and not again:
        return ""
    text, ask = prompt(state.question, state.last_run, budget, told, again)
    state.notes.append(ask)
    return text


def resample(refused: int, again: bool = False) -> float | None:
    """The temperature a greedy model samples its next call at after `refused` declines in a row
    (None: greedy); `again`: the call is focused because a line failed twice, declines or not."""
    extra = refused if again else refused - AFTER
    return None if extra < 1 else RESAMPLE[min(extra, len(RESAMPLE)) - 1]


def messages(system: str, text: str) -> list[dict[str, Any]]:
    return [{"role": "system", "content": system}, {"role": "user", "content": text}]


def stuck_on(outcomes: list[Outcome], again: str) -> tuple[Outcome, int] | None:
    """The failed run and the number of its line a line fix starts from: the last run failed on a
    line of its own, and that line failed before (`again`) or was proposed again since (declined);
    or the last two proposals were declined as not Python on the same line."""
    if declined := not_python(outcomes[-2:]):
        return declined
    ran = next((o for o in reversed(outcomes) if o.ran), None)
    if ran is None or not ran.failed or not (n := failing_lineno(ran, innermost=True)):
        return None
    line = normalise(ran.code.splitlines()[n - 1])
    latest = outcomes[-1]
    repeated = latest.decision == "refused" and any(normalise(c) == line for c in latest.proposed.splitlines())
    return (ran, n) if again or repeated else None


def not_python(latest: list[Outcome]) -> tuple[Outcome, int] | None:
    """The last of two proposals declined as not Python on the same line, as the failure Python
    reports for it (nothing ran), and that line's number; else None. Not an indentation error: a
    line fix keeps the line's indent."""
    found = [
        invalid_line(o.proposed, finished=True) for o in latest if o.decision == "refused" and o.kind == "run_code"
    ]
    if len(found) < 2 or not found[0] or not found[1] or not found[1][1].strip() or "indent" in found[1][2]:
        return None
    if normalise(found[0][1]) != normalise(found[1][1]):
        return None
    n, _, why = found[1]
    error = {"output_type": "error", "ename": "SyntaxError", "evalue": why, "traceback": [f"SyntaxError: {why}"]}
    code = latest[-1].proposed
    return Outcome(code, "refused", code=code, status="error", outputs=[error], notes=[latest[-1].reason]), n


def line_messages(
    conversation: list[dict[str, Any]], question: str, ran: Outcome, n: int, budget: int, fenced: bool
) -> list[dict[str, Any]]:
    """The line-fix call: the code with its lines numbered, what came of it, the line that raised.
    A fenced model (a local server has one prompt cache) gets it as one more message of the conversation,
    which already holds the run: the call reads only that message, and the conversation's next call
    finds its whole prefix still cached. Any other gets the system prompt and the run alone."""
    lines = ran.code.splitlines()
    numbered = "\n".join(f"{i:>2}| {line}" for i, line in enumerate(lines, 1))
    ask = LINE_ASK.format(n=n, line=lines[n - 1].strip())
    if fenced and not ran.ran and n == len(lines) and invalid_line(ran.code) is not None:
        # the block was cut as it was written, at its first line that cannot be Python
        ask += "\nThe cell was stopped at that line: after it, add the lines the cell still needs (those that print)."
    if "\\" in lines[n - 1]:  # held to JSON, a model that writes `\d` as in code must pick one of JSON's escapes
        line = json.dumps(lines[n - 1].strip(), ensure_ascii=False)
        ask += f"\nIn JSON each backslash is written twice: line {n} is {line} in JSON."
    if fenced:
        error = f"{ran.error_name}: {ran.error_value}".strip(": ")
        text = f"The code that failed ({error}), its lines numbered:\n```python\n{numbered}\n```\n\n{ask}"
        return [*conversation, {"role": "user", "content": text}]
    what = "ran for it" if ran.ran else "was proposed for it, and did not run"
    text = (
        f"The question: {question}\n\nThis code {what} (its lines numbered):\n```python\n{numbered}\n```\n"
        f"{outcome_for_model(ran, budget)}\n\n{ask}"
    )
    return messages(conversation[0]["content"], text)


def patched(ran: Outcome, n: int, reply: Any) -> tuple[str, int] | None:
    """The code with the line the reply names (else `n`, the line that raised) replaced by the
    reply's line(s), indented as it was, and that line's number; None when the reply is no change
    (the same line, nothing, not JSON of the schema's shape)."""
    fixed = reply.get("line") if isinstance(reply, dict) else None
    if not isinstance(fixed, str) or not fixed.strip():
        return None
    lines = ran.code.splitlines()
    number = reply.get("number")
    at = number if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= n else n
    fixed = textwrap.dedent(_NUMBERED.sub("", fixed.strip("\n"))).rstrip().translate(_ESCAPED)
    if len(fixed.splitlines()) > 1 and fixed.splitlines()[0].strip() == lines[0].strip():
        return (fixed, at) if normalise(fixed) != normalise(ran.code) else None  # the whole cell, written out
    if normalise(fixed) == normalise(lines[at - 1]):
        return None
    indent = lines[at - 1][: len(lines[at - 1]) - len(lines[at - 1].lstrip())]
    new = [indent + x if x.strip() else x for x in fixed.splitlines()]
    return "\n".join([*lines[: at - 1], *new, *lines[at:]]), at


async def line_fix(
    calls: ModelCalls, conversation: list[dict[str, Any]], state: TurnState, again: str, budget: int
) -> Completion | None:
    """The reply a line fix makes for a model stuck on one line, or None (not stuck, no fixes left,
    or the fix changed nothing); `conversation`: the messages the model's next call would read."""
    stuck = stuck_on(state.outcomes, again)
    if stuck is None or calls.line_fixes >= LINE_FIXES:
        return None
    ran, n = stuck
    fixed = patched(
        ran, n, await calls.line_fix(line_messages(conversation, state.question, ran, n, budget, state.fenced))
    )
    if not fixed or invalid_line(fixed[0], finished=True):  # not Python: the syntax aid would decline it
        return None
    return as_reply(fixed[0], ran, n, fixed[1], state.fenced)


def as_reply(code: str, ran: Outcome, n: int, at: int, fenced: bool) -> Completion:
    """The patched code as the model's reply would propose it, saying which line changed."""
    failed = f"failed with {ran.error_name or 'an error'}" if ran.ran else "is not valid Python"
    why = (
        f"Line {n} {failed}; this is the code with that line corrected."
        if at == n
        else f"Line {n} {failed}; the cause is line {at}, corrected in this code."
    )
    if fenced:
        return Completion(f"{why}\n```python\n{code}\n```")
    arguments = json.dumps({"code": code, "reason": why})
    return Completion("", [ToolCall("call_" + secrets.token_hex(6), "run_code", arguments)], "tool_calls")
