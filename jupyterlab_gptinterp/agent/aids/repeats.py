"""Repeats: proposals not worth the user's attention are declined, and the model told why.

- code that is all comments (it would do nothing);
- the last output pasted back as code;
- a python block holding only a value (`3`, `'/api/users'`): that is the answer, not code;
- `%pip install` of a standard-library module (there is nothing to install);
- the code of a run that failed, again, when nothing has worked since (it would fail the same
  way; alternating between two failing versions is caught too), or at any time when the code
  stands alone (it uses no name an earlier cell defined, so no run in between can change what it
  does); the code of a run that worked, again: its output is already there, so it is checked
  against the question first. A small model told that its output is not the answer yet goes back
  to the failed version, then to the one that worked, until the steps run out;
- code that begins with a failed run's code, through the statement that raised, in the same
  conditions: it fails there again whatever follows (a model "fixes" a line below the one that
  raised). Such code is cut while the model writes it (`doomed`): a repeat costs the lines it
  repeats, not a whole cell;
- code the user rejected, again;
- the very line that a library rejected last time (an unexpected keyword, a removed method).
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize

from ..context import head_tail
from ..outcome import Outcome
from .base import Aid, Refusal, TurnState
from .errors import failing_line, failing_lineno, is_api_error, normalise, unused_conversion, unused_failing
from .names import from_kernel, parsed

_PIP = re.compile(r"^\s*[%!]\s*pip3?\s+install\s+(.+)$", re.MULTILINE)
_PACKAGE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*(?:\[[\w,.-]+\])?(?:[<>=!~]=?[\w.*+!-]+(?:,[<>=!~]=?[\w.*+!-]+)*)?")
COMMENTS_ONLY = (
    "Not run: every line of that code is a comment, so it would do nothing. Write the code itself, without '#' in "
    "front (an install is the line `%pip install <package>`)."
)
PASTED_OUTPUT = (
    "Not run: that is the output of the last run, not code. If that output answers the question, reply with the "
    "answer in text; if it is wrong, change the code that made it."
)


class Repeats(Aid):
    name = "repeats"

    def doomed(self, turn: TurnState, code: str) -> bool:
        decided = [o for o in turn.outcomes if o.decision != "refused"]
        return failed_start(decided, code, at_end=True) is not None

    async def refuse(self, turn: TurnState, code: str) -> Refusal | None:
        if only_comments(code):
            return Refusal("The model proposed code that is all comments; it was asked to write it out.", COMMENTS_ONLY)
        last = turn.last_run
        told = turn.sent[-1] if turn.sent else ""  # the last result as the model read it (errors, hints)
        if (last is not None and pasted_output(code, last.printed)) or (told and pasted_output(code, told)):
            return Refusal("The model proposed the last output as code; it was asked to change it.", PASTED_OUTPUT)
        if turn.fenced and turn.action == "chat":
            value = literal(code)
            if value is not None:
                return Refusal("", "", answer=value)
        stdlib = [m for m in pip_targets(code) if m in sys.stdlib_module_names]
        if stdlib:
            return Refusal(
                f"The model tried to install {stdlib[0]}, which comes with Python; it was told.",
                f"Not run: {', '.join(stdlib)} is part of Python's standard library, so there is nothing to install. "
                f"Import it (import {stdlib[0]}) and go on.",
            )
        return await self._repeat(turn, code)

    async def _repeat(self, turn: TurnState, code: str) -> Refusal | None:
        decided = [o for o in turn.outcomes if o.decision != "refused"]
        previous = decided[-1] if decided else None
        mine = normalise_code(code)
        if any(o.decision == "rejected" and normalise_code(o.proposed) == mine for o in decided):
            return Refusal(
                "The model proposed code the user had rejected; it was asked to change it.",
                "Not proposed: the user already rejected exactly this code. Do something different, or answer.",
            )
        if previous is not None and previous.ran and not previous.failed and normalise_code(previous.code) == mine:
            return await same_success(turn, previous)
        alone = stands_alone(code)
        earlier = next(
            (o for o in reversed(decided) if o.ran and not o.failed and normalise_code(o.code) == mine), None
        )
        if alone and earlier is not None:
            return self._ran_before(earlier)
        if _failed_since_last_success(decided, mine) or (alone and _failed_for_good(decided, mine)):
            return Refusal(
                "The model proposed code that already failed; it was asked to change it.",
                "Not run: this exact code already failed in this request, so it would fail the same way. Read the "
                "error and the hint, change the code to fix the cause, and propose the corrected code.",
            )
        if start := failed_start(decided, code):
            return Refusal(
                "The model proposed code that fails where it failed before; it was asked to change it.",
                f"Not run: this code begins with the lines of the code that failed, up to and including the line that "
                f"raised (`{start[1]}`: {start[0].error_name}: {start[0].error_value[:160]}), so it would fail there "
                f"again whatever follows. {_unused(start[0], start[1], code) or CHANGE_LINE}",
            )
        line = _rejected_line(previous)
        if line and any(normalise(line) == normalise(c) for c in code.splitlines()):
            return Refusal(
                "The model proposed a line that failed again; it was asked to write it another way.",
                f"Not run: the line `{line}` failed with {previous.error_name}: {previous.error_value[:160]} "  # type: ignore[union-attr]
                "This library version rejects that call, so it would fail again. Write that line another way.",
            )
        return None

    def _ran_before(self, earlier: Outcome) -> Refusal:
        """Code that worked earlier in the turn (not just now), again: it would print the same."""
        notes = "".join(f"\n{n}" for n in earlier.notes)
        return Refusal(
            "The model proposed code that already ran; it was shown that output again.",
            "Not run: you already ran exactly this code in this request, and it printed:\n"
            f"```\n{head_tail(earlier.printed, 600)}\n```{notes}\nAnswer from that output if it answers the question; if it "
            "does not, change that code so that it computes what is missing.",
        )


async def same_success(turn: TurnState, previous: Outcome) -> Refusal:
    """Code that worked, proposed again: its output may already answer the question (the short
    check call judges it); if not, the model is asked to answer from it or run other code."""
    status = "The model proposed the same code again; its earlier output was used."
    verdict = await turn.check(previous) if previous.printed and turn.check is not None else None
    if verdict is not None and verdict.answers and verdict.answer.strip():
        return Refusal(status, "", answer=verdict.answer.strip())
    if verdict is not None and not verdict.answers:  # "answer from it" would ask for what it lacks
        lacks = f" It lacks: {verdict.missing.strip()}." if verdict.missing.strip() else ""
        return Refusal(
            "The model proposed the same code again; it was told that its output does not answer the question.",
            "Not run: you already ran exactly this code, and its output above does not answer the question (a check "
            f"of it found so).{lacks} Change the code so that it computes what is missing; running it again would "
            "print the same.",
        )
    return Refusal(
        "The model proposed the same code again; it was asked to answer from its output.",
        "Not run: you already ran exactly this code; its output is above. Answer from that output, or run "
        "different code.",
    )


def stands_alone(code: str) -> bool:
    """`code` uses no name an earlier cell defined (builtins aside): a cell that reads its data from
    files does the same whatever ran before it."""
    tree = parsed(code)
    return tree is not None and not from_kernel(tree)


# Errors that something run in between can cure: a package installed, a file written, a name defined.
_STATEFUL = ("ModuleNotFoundError", "ImportError", "FileNotFoundError", "NameError")


def _failed_for_good(decided: list[Outcome], code: str) -> bool:
    """`code` failed already in this turn with an error no other cell can cure."""
    return any(
        o.ran and o.status == "error" and o.error_name not in _STATEFUL and normalise_code(o.code) == code
        for o in decided
    )


def _failed_since_last_success(decided: list[Outcome], code: str) -> bool:
    """`code` failed already, and no run has worked since (a run that worked, an install say, can
    make the same code work)."""
    for outcome in reversed(decided):
        if outcome.ran and not outcome.failed:
            return False
        if outcome.ran and normalise_code(outcome.code) == code:
            return True
    return False


CHANGE_LINE = "Change that line, or a line above it that causes the error."


def _unused(failed: Outcome, line: str, code: str) -> str:
    """Whether the line that raised converts a column the rest of `code` never uses; `code` cut
    while it was written ends at that line, and the failed run's own rest stands in for it."""
    lines = code.splitlines()
    at = next((i for i, c in enumerate(lines) if normalise(c) == normalise(line)), len(lines))
    rest = "\n".join(lines[at + 1 :])
    return unused_conversion(line, rest) if rest.strip() else unused_failing(failed)


def failed_start(decided: list[Outcome], code: str, at_end: bool = False) -> tuple[Outcome, str] | None:
    """A failed run whose code `code` begins with, through the top-level statement that raised,
    and the line that raised: run in the same conditions (no run has worked since, or those
    statements stand alone), `code` fails there the same way. `at_end`: `code` is those statements
    exactly (code being written, checked line by line)."""
    for i, outcome in enumerate(decided):
        if not outcome.ran or outcome.status != "error" or not (start := _through_raise(outcome)):
            continue
        cured = any(o.ran and not o.failed for o in decided[i + 1 :])
        if cured and (outcome.error_name in _STATEFUL or not stands_alone(start)):
            continue
        want, lines = normalise_code(start), code.splitlines()
        ends = [len(lines)] if at_end else range(1, len(lines) + 1)
        if any(normalise_code("\n".join(lines[:m])) == want and parsed("\n".join(lines[:m])) for m in ends):
            return outcome, failing_line(outcome)
    return None


_TRY = (ast.Try, getattr(ast, "TryStar", ast.Try))  # try/except* is Python 3.11's


def _through_raise(outcome: Outcome) -> str:
    """The failed code's top-level statements through the one that raised ("" when that is unknown,
    or a `try`, whose handlers a longer code could extend)."""
    n, tree = failing_lineno(outcome), parsed(outcome.code)
    if not n or tree is None:
        return ""
    statement = next((s for s in tree.body if s.lineno <= n <= (s.end_lineno or s.lineno)), None)
    if statement is None or isinstance(statement, _TRY):
        return ""
    return "\n".join(outcome.code.splitlines()[: statement.end_lineno])


def _rejected_line(previous: Outcome | None) -> str:
    if previous is None or not previous.failed or not is_api_error(previous):
        return ""
    return failing_line(previous)


def only_comments(code: str) -> bool:
    """Every line is blank or a comment: running it does nothing."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in code.splitlines())


def pasted_output(code: str, printed: str) -> bool:
    """`code` is a copy of (part of) the last output, not code."""
    output = " ".join(printed.split())
    mine = " ".join(code.split())
    if len(mine) < 3 or mine not in output:
        return False
    if installs_only(code):  # the install a hint proposed
        return False
    try:  # code that the last cell happened to print (a name, a line of source) is still code
        compile(code, "<proposal>", "exec")
        return mine == output
    except (SyntaxError, ValueError):
        return True


def literal(code: str) -> str | None:
    """The value, when a block holds nothing but one (a small model answers in a code block)."""
    text = code.strip()
    if not text or text.startswith(('"' * 3, "'" * 3)):  # a docstring: code to come
        return None
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    return str(value)


def installs_only(code: str) -> bool:
    """Every line of `code` is `%pip install` of names a package can have (not a hint's words)."""
    found = [_PIP.match(line) for line in code.splitlines() if line.strip()]
    if not found or not all(found):
        return False
    return all(_PACKAGE.fullmatch(a) for m in found if m for a in m.group(1).split() if not a.startswith("-"))


def pip_targets(code: str) -> list[str]:
    """The package names a `%pip install` line asks for (options left out)."""
    names: list[str] = []
    for args in _PIP.findall(code):
        names += [re.split(r"[<>=!~\[]", a)[0].lower() for a in args.split() if not a.startswith("-")]
    return names


def normalise_code(code: str) -> str:
    """The code without comments, blank lines and layout, for spotting a repeat."""
    try:
        skipped = (
            tokenize.COMMENT,
            tokenize.NL,
            tokenize.NEWLINE,
            tokenize.INDENT,
            tokenize.DEDENT,
            tokenize.ENDMARKER,
        )
        tokens = [
            t.string
            for t in tokenize.generate_tokens(io.StringIO(code.strip() + "\n").readline)
            if t.type not in skipped
        ]
        return " ".join(tokens).replace('"', "'")
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return " ".join(line.split("#")[0].strip() for line in code.splitlines() if line.strip()).replace('"', "'")
