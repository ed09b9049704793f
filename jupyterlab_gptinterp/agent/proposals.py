"""A turn's proposals: each one declined by an aid, or shown to the user and run only on their
approval, and what the model is told of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..protocol import NotebookView, StatusEvent
from . import outputs, prompts, replies
from .aids import Pipeline, TurnState
from .calls import ModelCalls
from .context import outcome_for_model
from .outcome import Outcome
from .replies import Proposed
from .seams import Completion, ToolSpec
from .settle import open_proposal, settle_proposal

if TYPE_CHECKING:
    from .loop import AgentLoop


class Proposals:
    def __init__(
        self, loop: AgentLoop, state: TurnState, aids: Pipeline, calls: ModelCalls, chat_id: str, notebook: NotebookView
    ):
        self.loop, self.state, self.aids, self.calls = loop, state, aids, calls
        self.chat_id, self.notebook = chat_id, notebook
        self.finished = False  # the user accepted a fix without running it: nothing left to do
        self.images: list[dict[str, Any]] = []  # image parts from executions, for a vision model's next call

    async def settle(self, proposed: Proposed) -> tuple[str, str, bool]:
        """Show the code to the user; run it only on their approval: (what the model is told, an
        answer an aid found, declined by an aid?)."""
        loop, cfg = self.loop, self.loop.config
        refusal = await self.aids.refuse(self.state, proposed.code) if proposed.kind != "mcp_tool" else None
        if refusal is not None:  # not shown to the user, never run
            self.state.outcomes.append(Outcome(proposed.code, "refused", proposed.kind, reason=refusal.note))
            if refusal.status:
                await loop.sink.emit_ephemeral(StatusEvent(chat_id=self.chat_id, text=refusal.status))
            self.state.notes.append(refusal.note)
            return refusal.note, refusal.answer, True
        event, proposal = await open_proposal(loop.gate, loop.sink, self.chat_id, proposed, self.notebook, cfg.auto_run)
        await self.calls.phase("waiting")
        outcome = await settle_proposal(
            loop.sink, loop.executor, event, proposal, loop.workspace, self._running, loop.tools
        )
        self.calls.extend(outcome.waited)
        self.state.outcomes.append(outcome)
        self.finished = outcome.decision == "approved" and not outcome.run
        answer = await self.aids.after_run(self.state, outcome) if outcome.ran and outcome.kind != "mcp_tool" else ""
        if outcome.ran and cfg.vision:
            self.images.extend(outputs.image_parts(outcome.outputs))
        text = outcome_for_model(outcome, cfg.result_budget)
        self.state.sent.append(text)
        return text, answer, False

    async def settle_reply(
        self,
        reply: Completion,
        block: Proposed | None,
        new: list[dict[str, Any]],
        cell_id: str | None,
        mcp: dict[str, ToolSpec],
    ) -> list[tuple[str, str, bool]]:
        """Each proposal of the reply settled, recorded in the turn's `new` messages as it goes (the
        reply before its results, so a turn stopped while the user decides keeps the proposal)."""
        if block is not None:
            new.append({"role": "assistant", "content": replies.until_code_end(reply.text)})
            result = await self.settle(block)
            new.append({"role": "user", "content": prompts.result_message(result[0])})
            return [result]
        out: list[tuple[str, str, bool]] = []
        new.append(replies.assistant_with_calls(reply))
        for call in reply.tool_calls:
            parsed = replies.parse_call(call.name, call.arguments, self.notebook, cell_id, mcp)
            out.append(await self.settle(parsed) if isinstance(parsed, Proposed) else (parsed, "", False))
            new.append({"role": "tool", "tool_call_id": call.id, "content": out[-1][0]})
            if out[-1][1] or self.finished:
                break
        return out

    def images_message(self) -> dict[str, Any] | None:
        """For a vision model: the images the executions just made, as a user message of parts."""
        if not self.images:
            return None
        parts = [{"type": "text", "text": "The images the code above displayed:"}, *self.images]
        self.images = []
        return {"role": "user", "content": parts}

    async def _running(self, code: str) -> None:
        installing = any(line.lstrip().startswith(("%pip", "!pip", "%conda")) for line in code.splitlines())
        await self.calls.phase("installing" if installing else "running")
