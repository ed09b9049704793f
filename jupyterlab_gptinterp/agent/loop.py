"""The agent loop: ask the model, propose its code, wait for the user, run, show it the result.

Orchestration only, over the seams (LLM, Executor, Sink, Workspace), the ApprovalGate and the
aids (`agent/aids/`): no tornado, no openai, no kernel imports, no aid's own logic. A turn ends
with an answer, a cap (steps, tokens or time, with the last result it got), an error the user is
told about, or Stop (task cancellation), and always leaves the chat's memory consistent.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from .. import uploads
from ..approval import ApprovalGate
from ..errors import ErrorCode, GPTInterpError
from ..protocol import AssistantMessage, NotebookView, TurnEnded, TurnStarted, UserMessageEvent
from . import focus, memory, prompts, replies
from .aids import Pipeline, Review, TurnState
from .calls import ModelCalls, TurnTimeout
from .config import ChatState, LoopConfig
from .context import cell_for_model, last_result, notebook_for_model
from .proposals import Proposals
from .replies import Proposed
from .seams import LLM, Completion, Executor, Sink, ToolRunner, ToolSpec, Workspace
from .settle import Emitter

__all__ = ["AgentLoop", "ChatState", "LoopConfig"]

log = logging.getLogger(__name__)

MAX_REFUSALS = 5  # stuck calls in a row (declined proposals, replies sent back) before the turn stops asking


class AgentLoop:
    def __init__(
        self,
        llm: LLM,
        executor: Executor,
        sink: Sink,
        gate: ApprovalGate,
        config: LoopConfig,
        workspace: Workspace | None = None,
        tools: ToolRunner | None = None,
    ):
        self.llm, self.executor, self.sink, self.gate = llm, executor, sink, gate
        self.config, self.workspace, self.tools = config, workspace, tools  # tools: MCP servers' (or None)

    async def run_turn(
        self,
        chat: ChatState,
        text: str,
        notebook: NotebookView,
        action: str = "chat",
        cell_id: str | None = None,
        attachments: list[str] | None = None,
    ) -> TurnEnded:
        """`action` explain/fix focuses the turn on the cell `cell_id` (which must be in `notebook`);
        `attachments`: files the user uploaded (paths in the root), described to the model."""
        return await _Turn(self, chat, notebook, action, cell_id, list(attachments or [])).run(text)


class _Turn:
    """One user message and everything the loop does until it ends."""

    def __init__(
        self,
        loop: AgentLoop,
        chat: ChatState,
        notebook: NotebookView,
        action: str,
        cell_id: str | None,
        attachments: list[str],
    ):
        self.loop, self.cfg, self.chat, self.notebook = loop, loop.config, chat, notebook
        self.cell_id, self.attachments = cell_id, attachments
        self.turn_id = "t-" + secrets.token_hex(6)
        self.emit = Emitter(loop.sink, chat.chat_id)
        fenced = self.cfg.tool_mode == "fenced" and action != "explain"
        self.state = TurnState(question="", action=action, fenced=fenced, notebook=notebook)
        self.aids = Pipeline(self.cfg.aids)
        doomed = lambda code: self.aids.doomed(self.state, code)  # noqa: E731 (a repeat is cut as it is written)
        self.calls = ModelCalls(loop.llm, loop.sink, chat.chat_id, self.turn_id, self.cfg, fenced, doomed)
        self.calls.serve(self.state, self.cfg.result_budget)
        self.new: list[dict[str, Any]] = []  # messages this turn adds to memory
        self.start = 0  # where in `new` the model's requests begin: at the last focused call's message
        self.compact = memory.Compactor(self.cfg.turn_budget or self.cfg.memory_budget)  # self.new as sent
        self.room = 1  # the budgets are divided by this once a request was too long for the model
        self.proposals = Proposals(loop, self.state, self.aids, self.calls, chat.chat_id, notebook)
        self.context = ""
        self.shown = False  # the last reply reviewed as final was shown (not cut to nothing)
        self.flagged = False  # a reply was shown as an answer, flagged, and the model asked again
        self.mcp: dict[str, ToolSpec] = {}  # the MCP tools offered this turn, by the name the model calls
        self.cell_text = cell_for_model(notebook, cell_id, self.cfg.result_budget) if cell_id else ""

    async def run(self, text: str) -> TurnEnded:
        await self.emit(UserMessageEvent, text=text)
        await self.emit(TurnStarted, turn_id=self.turn_id)
        await self.calls.phase("reading")  # the prompt is being put together: the wait has a name at once
        self.state.question = text
        self.new.append({"role": "user", "content": text})
        self.calls.deadline = time.monotonic() + (self.cfg.turn_timeout or float("inf"))
        reason, message, code = "answer", "", None
        try:
            await self._describe_attachments(text)
            users = [str(m.get("content") or "") for m in (*self.chat.memory, *self.new) if m["role"] == "user"]
            self.state.earlier = users[:-1]
            self.context = await self.aids.context(self.state)
            notebook = notebook_for_model(self.notebook, self.cfg.notebook_budget)
            self.state.seen = [*users, notebook, self.context]
            reason, message = await self._steps()
        except asyncio.CancelledError:
            await self._keep_partial()
            await self._end("stopped", "Stopped.", None)
            raise
        except TurnTimeout:
            await self._keep_partial()
            limit = f"I stopped: this request took longer than its time limit ({self.cfg.turn_timeout:g} s)."
            reason, message = await self._cap("time_cap", limit)
        except GPTInterpError as exc:
            reason, message, code = "error", exc.text, exc.code
        except Exception:  # a bug of ours: the turn still ends, or the chat would wait forever
            log.exception("gptinterp: the turn failed")
            reason, message, code = "error", GPTInterpError(ErrorCode.internal).text, ErrorCode.internal
        finally:
            self.chat.memory.extend(memory.without_images(memory.repair(self.new)))
        return await self._end(reason, message, code)

    async def _keep_partial(self) -> None:
        """A reply cut off while it streamed (Stop, the time limit) stays, marked as cut: the user
        watched it being written, and "continue" goes on from it."""
        if self.calls.partial.strip():
            await self._say(self.calls.partial, self.calls.partial_id, stopped=True)
            self.new.append({"role": "assistant", "content": replies.cut_off(self.calls.partial)})
            self.calls.partial = ""

    async def _end(self, reason: str, message: str, code: Any) -> TurnEnded:
        ended = {"turn_id": self.turn_id, "reason": reason, "message": message, "error_code": code}
        return await self.emit(TurnEnded, **ended, **self.calls.totals())

    async def _say(self, text: str, message_id: str = "", **fields: Any) -> None:
        message_id = message_id or "m-" + secrets.token_hex(6)
        await self.emit(AssistantMessage, message_id=message_id, text=text, model=self.loop.llm.model, **fields)

    async def _describe_attachments(self, text: str) -> None:
        if self.attachments and self.loop.workspace:
            root = getattr(self.loop.workspace, "root", "")
            about = await uploads.described(root, self.notebook.path, self.attachments)
            self.state.attachments = uploads.names_beside(self.notebook.path, self.attachments)
            self.new[-1] = {"role": "user", "content": f"{text}\n\n{about}"}

    def _messages(self) -> list[dict[str, Any]]:
        shown = notebook_for_model(self.notebook, self.cfg.notebook_budget)
        self.state.system = prompts.system_prompt(
            self.cfg.tool_mode, shown, self.state.action, self.cell_text, self.context
        )
        trimmed = [] if self.start else memory.trim(self.chat.memory, self.cfg.memory_budget // self.room)
        turn = self.compact(self.new[self.start :])
        self.chat.last_request = [{"role": "system", "content": self.state.system}, *trimmed, *turn]
        return self.chat.last_request

    async def _steps(self) -> tuple[str, str]:
        tools, self.mcp = await replies.offered(self.cfg.tool_mode, self.state.action, self.loop.tools)
        steps, refused, emptied, told = 0, 0, False, ""  # told: what an aid said when it sent a reply back
        while True:
            if refused >= MAX_REFUSALS:
                return await self._cap("step_cap", "I stopped: the model kept proposing code that was declined.")
            if cap := self.calls.cap(steps, self.cfg.max_steps, self.cfg.max_turn_tokens):
                return await self._cap(*cap)
            message_id, reply = await self._ask(tools, refused, told)
            steps += 1
            reply, block = replies.read(reply, tools, self.state.fenced, self.state.action, self.cell_id)
            if not block and not (reply.tool_calls and tools):
                if prompts.empty(reply.text) and not emptied:
                    emptied = True
                    self.new += [{"role": "assistant", "content": ""}, {"role": "user", "content": prompts.EMPTY_REPLY}]
                elif await self._final(message_id, reply.text, last=refused + 1 >= MAX_REFUSALS):
                    empty = prompts.empty(reply.text)
                    return await self._answered("sent an empty reply" if empty else "wrote no answer I could show")
                else:  # a reply an aid sent back moves the turn on no more than a declined proposal
                    refused, told = refused + 1, self.state.notes[-1]
                continue
            await self._words_before(reply.text, block, message_id)
            results = await self.proposals.settle_reply(reply, block, self.new, self.cell_id, self.mcp)
            answer = next((a for _, a, _ in results if a), "")
            if answer and await self._final("", answer):
                return await self._answered("wrote no answer I could show")
            if self.proposals.finished:
                return "answer", ""
            if results and all(declined for _, _, declined in results):
                steps, refused, told = steps - 1, refused + 1, ""  # declines use no steps meant for runs
            else:
                refused, told = 0, ""
            if images := self.proposals.images_message():
                self.new.append(images)

    async def _ask(self, tools: list[dict[str, Any]] | None, refused: int, told: str) -> tuple[str, Completion]:
        messages, again = self._messages(), focus.failing_again(self.state.outcomes)
        if note := focus.note(self.state, refused, told, again, self.cfg.result_budget):  # stuck: a focused call
            self.new.append({"role": "user", "content": note})  # the turn goes on from it (focus.note says why)
            self.start, self.compact = len(self.new) - 1, memory.Compactor(self.compact.budget)
            messages = self._messages()
        code = self.aids.needs_code(self.state)  # words would be sent back: the reply must propose code
        resample = focus.resample(refused, bool(again))
        opening = self.aids.opening(self.state) if self.calls.prefills else ""  # a block's first lines, for it
        try:
            return await self.calls.ask(messages, tools, resample, code, opening)
        except GPTInterpError as exc:  # over the model's context: the turn and memory cut to half, once
            if not memory.too_long(exc) or self.room > 1 or len(messages) == 2:  # 2: nothing to cut
                raise
            self.room, self.compact.budget = 2, self.compact.budget // 2
            return await self.calls.ask(self._messages(), tools, resample, code, opening)

    async def _words_before(self, text: str, block: Proposed | None, message_id: str) -> None:
        """What the model wrote beside its proposals, shown without a recital of our rules."""
        prose = text[: text.find("```")].strip() if block else text
        tidied = await self.aids.tidy(self.state, prose)
        if block is not None and tidied != prose:
            block.reason = prompts.reason_of(tidied)
        if tidied.strip():
            await self._say(tidied, message_id)

    async def _final(self, message_id: str, text: str, last: bool = False) -> bool:
        """Show a final reply as the answer, unless an aid asks the model again (False). The `last`
        reply before the turn gives up is not sent back but shown, flagged; a small model's that an
        aid would not show stays unshown, and the turn stops with its last result."""
        review = await self.aids.review(self.state, text)
        if last and review.retry:
            show, kept = review.show or not self.state.fenced, text if review.text is None else review.text
            review = Review(text=kept if show else "", show=show, flags=review.flags)
        self.shown = review.show and bool((review.text or "").strip())
        if self.shown:
            await self._say(review.text or "", message_id, ungrounded=review.flags)
            self.flagged |= bool(review.retry and review.flags)
        self.new.append({"role": "assistant", "content": text})
        if review.retry:
            self.state.notes.append(review.retry)
            self.new.append({"role": "user", "content": review.retry})
        return not review.retry

    async def _answered(self, why: str) -> tuple[str, str]:
        """The turn ends on the reply just reviewed: as its answer, unless the aids cut it all; then as a
        stop with the last result, saying so of an answer shown flagged (lest "no answer" deny it)."""
        if self.shown:
            return "answer", ""
        flagged = " after its answer above, which is flagged: no output shows it" if self.flagged else ""
        return await self._cap("step_cap", f"I stopped: the model {why}{flagged}.")

    async def _cap(self, reason: str, message: str) -> tuple[str, str]:
        """A cap was hit: say so, with the last result the turn got (never an empty reply)."""
        if got := last_result(self.state.last_run):
            await self._say(f"{message} {got}")
        return reason, f"{message} Send “continue” to let me go on."
