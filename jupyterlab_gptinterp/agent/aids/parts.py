"""Parts: what a question about data asks its code to do, listed before the model writes it.

A small model drops a condition of the question as it writes (a year, a kind of row, how missing
values are treated, "each month of each year"), and its code then answers a wider question. One
short schema-constrained call that sees only the question lists its parts, and the system prompt
names them as what the code must do. Only for the first question of a chat about the data files
described, to a model that proposes fenced code (small models do; one that calls tools gets no
extra call). A follow-up ("and in 2023?") leaves out what it keeps from the question before, and
listed alone it would read as all that is asked.
"""

from __future__ import annotations

from .base import Aid, TurnState

HEADER = "What the question asks; the code must do each part:"


class Parts(Aid):
    name = "parts"

    async def context(self, turn: TurnState) -> str:
        if turn.action != "chat" or not turn.fenced or not turn.files or turn.earlier or turn.parts is None:
            return ""
        parts = await turn.parts()
        turn.asked = list(parts or [])
        return "\n".join([HEADER, *(f"- {part}" for part in parts)]) if parts else ""
