"""Fixes: after a run that failed, the model is asked for the corrected cell, whole.

Shown an error, a small model tends to explain it in prose and stop (first fix calls on the
development set's files, bench/speculative.py's: 4 of 5 replies had no code; with this note, 5
of 5 had), and a reply without code costs a round trip: it is sent back to be computed. The note
comes last, below the error and its hints, where a small model reads what to do next. Models
that call tools are left to judge.
"""

from __future__ import annotations

from ..outcome import Outcome
from .base import Aid, Note, TurnState

ASK = (
    "Fix the cause: reply with one line, then the whole corrected cell, doing all the question asks, "
    "in one ```python block."
)


class Fixes(Aid):
    name = "fixes"

    def __init__(self, fenced_only: bool = True) -> None:
        self.fenced_only = fenced_only

    async def after_run(self, turn: TurnState, outcome: Outcome) -> Note | None:
        if (self.fenced_only and not turn.fenced) or turn.action != "chat":
            return None  # a fix request's rules ask for the complete cell already
        # An error the code raised; not a kernel that died or was stopped (nothing to fix in the
        # code), nor a missing module, whose hint asks for a cell that only installs it.
        if outcome.status != "error" or outcome.error_name in ("", "KeyboardInterrupt", "ModuleNotFoundError"):
            return None
        return Note(text=ASK)
