"""Parts: what a question about data asks its code to do, listed before the model writes it.

A small model drops a condition of the question as it writes (a year, a kind of row, how missing
values are treated, "each month of each year"), and its code then answers a wider question. One
short schema-constrained call that sees only the question lists its parts, and the system prompt
names them as what the code must do. Only for questions about the data files described to a model
that proposes fenced code (the small local one): a hosted model is not given the extra call.
"""

from __future__ import annotations

from .base import Aid, TurnState

HEADER = "What the question asks; the code must do each part:"


class Parts(Aid):
    name = "parts"

    def __init__(self) -> None:
        self.parts: list[str] = []

    async def context(self, turn: TurnState) -> str:
        if turn.action != "chat" or not turn.fenced or not turn.files or turn.parts is None:
            return ""
        self.parts = await turn.parts() or []
        return "\n".join([HEADER, *(f"- {part}" for part in self.parts)]) if self.parts else ""
