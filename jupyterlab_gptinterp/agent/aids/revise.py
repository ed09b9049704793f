"""Revise: after the user rejects code with a reason, the next step is revised code.

A small model told "amount is text like $1,234.50: strip $ and commas first" may restate the
reason in prose and stop. A reply without code after such a rejection, that is not a question
back to the user, is asked once for the revised code instead. Models that call tools are left to
judge (a reason can also mean "do not do this at all").
"""

from __future__ import annotations

from .base import Aid, Review, TurnState


class Revise(Aid):
    name = "revise"

    def __init__(self, fenced_only: bool = True) -> None:
        self.fenced_only = fenced_only
        self.asked = False

    async def review(self, turn: TurnState, text: str) -> Review | None:
        if self.fenced_only and not turn.fenced:
            return None
        decided = [o for o in turn.outcomes if o.decision != "refused"]
        last = decided[-1] if decided else None
        if self.asked or last is None or last.decision != "rejected" or not last.reason.strip():
            return None
        if text.rstrip().endswith("?"):
            return None  # a question back to the user is a fair reply
        self.asked = True
        how = "one line and one ```python block" if turn.fenced else "a run_code call"
        return Review(
            retry=f"The user rejected your code and said: “{last.reason.strip()}”. Do what they asked: reply with "
            f"{how} holding the revised code. Do not only restate their words."
        )
