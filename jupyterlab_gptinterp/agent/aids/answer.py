"""Answer: after a run that printed something, one short check call decides whether that output
answers exactly the question, and if it does, states the answer from the output alone.

The call sees only the question, the code and what it printed, and its reply is constrained to
a small JSON schema (the model server enforces it), so a small model cannot drift into tool
text, restate an earlier turn, or name something its own output contradicts. When the output
does not answer (a month of year where each month of each year was asked, a table to pick the
answer from), the model is told what is missing and writes the next cell; a reply in words
instead, with no run since, is sent back once.
"""

from __future__ import annotations

from ..outcome import Outcome
from .base import Aid, Note, Review, TurnState

MAX_CHECKS = 4  # check calls per turn


class Answer(Aid):
    name = "answer"

    def __init__(self, fenced_only: bool = True) -> None:
        self.fenced_only = fenced_only  # models that call tools answer well in the conversation itself
        self.checks = 0
        self.sent_back: Outcome | None = None  # the run whose unanswering output a reply in words was sent back for
        self.missing = ""

    async def after_run(self, turn: TurnState, outcome: Outcome) -> Note | None:
        if turn.check is None or turn.action != "chat" or (self.fenced_only and not turn.fenced):
            return None
        if not outcome.ran or outcome.failed or not outcome.printed or outcome.notes or self.checks >= MAX_CHECKS:
            return None
        self.checks += 1
        verdict = await turn.check(outcome)
        if verdict is None:
            return None
        if verdict.answers and verdict.answer.strip():
            return Note(answer=verdict.answer.strip())
        missing = f" What is missing: {verdict.missing.strip()}" if verdict.missing.strip() else ""
        self.missing = missing
        return Note(
            text=f"Check: this output does not answer the question exactly yet.{missing} Write the next cell so that "
            "it prints exactly what was asked."
        )

    async def review(self, turn: TurnState, text: str) -> Review | None:
        """A reply in words straight after an output the check found not answering, with no run
        since, goes back once for the cell: the small model answers from that output all the same."""
        last = turn.last_run
        if last is None or last.answered is not False or last is self.sent_back:
            return None  # a later check found the answer in it (a repeat of the run), or it went back already
        self.sent_back = last
        how = "one line, then one ```python block" if turn.fenced else "a run_code call"
        return Review(
            show=False,
            retry=f"Not the answer yet: the check found that the last output does not answer the question exactly."
            f"{self.missing} Reply with {how} that prints exactly what was asked.",
        )
