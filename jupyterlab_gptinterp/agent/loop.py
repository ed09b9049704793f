"""The agent loop: ask the model, propose its code, wait for the user, run, show it the result.

Orchestration only, over the seams (LLM, Executor, Sink, Workspace), the ApprovalGate and the
aids (`agent/aids/`): no tornado, no openai, no kernel imports, no aid's own logic. A turn ends
with an answer, a cap (steps, tokens or time, with the last result it got), an error the user is
told about, or Stop (task cancellation), and always leaves the chat's memory consistent.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import uploads
from ..approval import ApprovalGate
from ..errors import ErrorCode, GPTInterpError
from ..protocol import (
    AssistantMessage,
    NotebookView,
    ProposalEvent,
    StatusEvent,
    TurnEnded,
    TurnStarted,
    UserMessageEvent,
)
from . import memory, prompts
from . import outputs as _outputs
from .aids import Aid, Check, Review, TurnState
from .calls import ModelCalls, TurnTimeout
from .context import cell_for_model, notebook_for_model, outcome_for_model
from .outcome import Outcome
from .seams import LLM, Completion, Executor, Sink, Workspace
from .settle import Emitter, settle_proposal

log = logging.getLogger(__name__)

MAX_REFUSALS = 3  # proposals in a row the aids decline before the turn stops asking for more
EMPTY = "Your reply was empty. Reply with the answer to the question, or with the code to run."


@dataclass
class LoopConfig:
    max_steps: int = 10  # model calls per request; calls whose proposals were all declined do not count
    max_turn_tokens: int = 0  # prompt + completion tokens one request may use (0: no cap)
    turn_timeout: float = 0.0  # seconds of model and run time per request (0: none); waiting for the user is free
    tool_mode: Literal["tools", "fenced"] = "tools"
    result_budget: int = 4000
    notebook_budget: int = 6000
    memory_budget: int = 24000
    llm_retries: int = 2
    max_retry_wait: float = 60.0
    aids: list[Aid] = field(default_factory=list)  # how the loop helps the model (agent/aids/), in order
    auto_run: bool = False  # approve run_code proposals as proposed (the user chose it; the admin allows it)
    vision: bool = False  # the model reads images: outputs' images may be sent as image parts


@dataclass
class ChatState:
    chat_id: str
    memory: list[dict[str, Any]] = field(default_factory=list)  # earlier turns, OpenAI message format
    last_request: list[dict[str, Any]] = field(default_factory=list)  # the messages of the latest model call


class AgentLoop:
    def __init__(
        self,
        llm: LLM,
        executor: Executor,
        sink: Sink,
        gate: ApprovalGate,
        config: LoopConfig,
        workspace: Workspace | None = None,
    ):
        self.llm, self.executor, self.sink, self.gate, self.config, self.workspace = (
            llm,
            executor,
            sink,
            gate,
            config,
            workspace,
        )

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
        self.loop, self.cfg, self.chat, self.notebook, self.cell_id = loop, loop.config, chat, notebook, cell_id
        self.attachments = attachments
        self.turn_id = "t-" + secrets.token_hex(6)
        self.emit = Emitter(loop.sink, chat.chat_id)
        self.calls = ModelCalls(
            loop.llm, loop.sink, chat.chat_id, self.turn_id, self.cfg.llm_retries, self.cfg.max_retry_wait
        )
        fenced = self.cfg.tool_mode == "fenced" and action != "explain"
        self.state = TurnState(question="", action=action, fenced=fenced, notebook=notebook, check=self._check)
        self.aids = [aid.fresh() for aid in self.cfg.aids]
        self.new: list[dict[str, Any]] = []  # messages this turn adds to memory
        self.images: list[dict[str, Any]] = []  # image parts from executions, for a vision model's next call
        self.finished = False  # the user accepted a fix without running it: nothing left to do
        self.context = ""
        self.cell_text = cell_for_model(notebook, cell_id, self.cfg.result_budget) if cell_id else ""

    async def run(self, text: str) -> TurnEnded:
        await self.emit(UserMessageEvent, text=text)
        await self.emit(TurnStarted, turn_id=self.turn_id)
        self.state.question = text
        self.new.append({"role": "user", "content": text})
        if self.cfg.turn_timeout:
            self.calls.deadline = time.monotonic() + self.cfg.turn_timeout
        reason, message, code = "answer", "", None
        try:
            await self._describe_attachments(text)
            self.context = "\n\n".join(c for c in [await aid.context(self.state) for aid in self.aids] if c)
            self.state.seen = [
                str(m.get("content") or "") for m in (*self.chat.memory, *self.new) if m["role"] == "user"
            ]
            self.state.seen += [notebook_for_model(self.notebook, self.cfg.notebook_budget), self.context]
            reason, message = await self._steps()
        except asyncio.CancelledError:
            if self.calls.partial.strip():  # Stop keeps what the model had written, marked as stopped
                await self.emit(
                    AssistantMessage,
                    message_id="m-" + secrets.token_hex(6),
                    text=self.calls.partial,
                    model=self.loop.llm.model,
                    stopped=True,
                )
                self.new.append({"role": "assistant", "content": self.calls.partial})
            await self._end("stopped", "Stopped.", None)
            raise
        except TurnTimeout:
            reason, message = await self._cap(
                "time_cap", f"I stopped: this request took longer than its time limit ({self.cfg.turn_timeout:g} s)."
            )
        except GPTInterpError as exc:
            reason, message, code = "error", exc.text, exc.code
        except Exception:  # a bug of ours: the turn still ends, or the chat would wait forever
            log.exception("gptinterp: the turn failed")
            reason, message, code = "error", GPTInterpError(ErrorCode.internal).text, ErrorCode.internal
        finally:
            self.chat.memory.extend(memory.without_images(memory.repair(self.new)))
        return await self._end(reason, message, code)

    async def _end(self, reason: str, message: str, code: Any) -> TurnEnded:
        calls, prompt, completion = self.calls.usage
        event = TurnEnded(
            chat_id=self.chat.chat_id,
            ts=time.time(),
            turn_id=self.turn_id,
            reason=reason,
            message=message,
            error_code=code,
            llm_calls=calls,
            prompt_tokens=prompt,
            completion_tokens=completion,
        )
        await self.loop.sink.emit(event)
        return event

    async def _describe_attachments(self, text: str) -> None:
        if not (self.attachments and self.loop.workspace):
            return
        root = getattr(self.loop.workspace, "root", "")
        try:
            about = await asyncio.to_thread(uploads.describe, root, self.notebook.path, self.attachments)
        except uploads.UploadRefused as exc:  # removed or replaced since the message was sent
            raise GPTInterpError(ErrorCode.bad_attachment, str(exc)) from None
        self.state.attachments = uploads.names_beside(self.notebook.path, self.attachments)
        self.new[-1] = {"role": "user", "content": f"{text}\n\n{about}"}

    def _messages(self) -> list[dict[str, Any]]:
        notebook = notebook_for_model(self.notebook, self.cfg.notebook_budget)
        self.state.system = prompts.system_prompt(
            self.cfg.tool_mode, notebook, self.state.action, self.cell_text, self.context
        )
        trimmed = memory.trim(self.chat.memory, self.cfg.memory_budget)
        self.chat.last_request = [{"role": "system", "content": self.state.system}, *trimmed, *self.new]
        return self.chat.last_request

    def _tools(self) -> list[dict[str, Any]] | None:
        if self.cfg.tool_mode != "tools" or self.state.action == "explain":
            return None
        return (
            [prompts.REPLACE_CELL_TOOL, prompts.RUN_CODE_TOOL]
            if self.state.action == "fix"
            else [prompts.RUN_CODE_TOOL]
        )

    async def _steps(self) -> tuple[str, str]:
        tools, steps, refused, emptied = self._tools(), 0, 0, False
        while True:
            used = self.calls.usage[1] + self.calls.usage[2]
            if steps >= self.cfg.max_steps:
                return await self._cap(
                    "step_cap", f"I stopped after {self.cfg.max_steps} steps, the limit for one request."
                )
            if self.cfg.max_turn_tokens and used >= self.cfg.max_turn_tokens:
                return await self._cap(
                    "token_cap",
                    f"I stopped after using {used:,} tokens, the limit for one request ({self.cfg.max_turn_tokens:,}).",
                )
            message_id, reply = await self.calls.ask(self._messages(), tools)
            steps += 1
            block = prompts.fenced_code(reply.text) if self.state.fenced else None
            if not block and not (reply.tool_calls and tools):
                if not reply.text.strip() and not emptied:
                    emptied = True
                    self.new += [{"role": "assistant", "content": ""}, {"role": "user", "content": EMPTY}]
                    continue
                if await self._final(message_id, reply.text):
                    return "answer", "" if reply.text.strip() else "The model sent an empty reply."
                continue
            prose = reply.text[: reply.text.find("```")].strip() if block else reply.text
            if prose.strip():
                await self.emit(AssistantMessage, message_id=message_id, text=prose, model=self.loop.llm.model)
            results = await self._proposals(reply, block)
            answer = next((a for _, a, _ in results if a is not None), None)
            if answer is not None and await self._final("m-" + secrets.token_hex(6), answer):
                return "answer", ""
            if self.finished:
                return "answer", ""
            if results and all(declined for _, _, declined in results):
                steps, refused = steps - 1, refused + 1  # declined proposals do not use up steps meant for runs
                if refused >= MAX_REFUSALS:
                    return await self._cap("step_cap", "I stopped: the model kept proposing code that was declined.")
            else:
                refused = 0
            self._show_images()

    async def _proposals(self, reply: Completion, block: tuple[str, str] | None) -> list[tuple[str, str | None, bool]]:
        """Each proposal of the reply settled: (what the model is told, an answer, declined?)."""
        out: list[tuple[str, str | None, bool]] = []
        if block is not None:
            self.new.append({"role": "assistant", "content": reply.text})
            code, reason = block
            fix = self.state.action == "fix" and self.cell_id
            out.append(
                await self._propose(code, reason, "replace_cell" if fix else "run_code", self.cell_id if fix else None)
            )
            self.new.append({"role": "user", "content": prompts.result_message(out[-1][0])})
            return out
        self.new.append(_assistant_with_calls(reply))
        for call in reply.tool_calls:
            parsed = self._parse_call(call.name, call.arguments)
            out.append(await self._propose(*parsed) if isinstance(parsed, tuple) else (parsed, None, False))
            self.new.append({"role": "tool", "tool_call_id": call.id, "content": out[-1][0]})
            if out[-1][1] is not None or self.finished:
                break
        return out

    def _parse_call(self, name: str, arguments: str) -> tuple[str, str, str, str | None] | str:
        field_name = {"run_code": "code", "replace_cell": "source"}.get(name)
        if field_name is None:
            return f"Error: there is no tool named {name!r}."
        try:
            args = json.loads(arguments or "{}")
            code = args[field_name]
            if not isinstance(code, str) or not code.strip():
                raise ValueError(f"{field_name} must be a non-empty string")
        except (ValueError, KeyError, TypeError) as exc:
            return f"Error: the arguments of {name} were not valid JSON ({exc}). Call it again with valid arguments."
        if name == "replace_cell":
            cell_id = str(args.get("cell_id") or self.cell_id or "")
            if not any(c.id == cell_id for c in self.notebook.cells):
                return f"Error: there is no cell with id {cell_id!r}."
            return code, str(args.get("reason", "")), "replace_cell", cell_id
        return code, str(args.get("reason", "")), "run_code", None

    async def _propose(
        self, code: str, reason: str, kind: str = "run_code", cell_id: str | None = None
    ) -> tuple[str, str | None, bool]:
        """Show the code to the user; run it only on their approval; tell the model what happened."""
        for aid in self.aids:
            refusal = await aid.refuse(self.state, code)
            if refusal is not None:  # not shown to the user, never run
                self.state.outcomes.append(Outcome(proposed=code, decision="refused", kind=kind, reason=refusal.note))  # type: ignore[arg-type]
                if refusal.status:
                    await self.loop.sink.emit_ephemeral(StatusEvent(chat_id=self.chat.chat_id, text=refusal.status))
                self.state.notes.append(refusal.note)
                return refusal.note, refusal.answer or None, True
        old_source = next((c.source for c in self.notebook.cells if c.id == cell_id), None) if cell_id else None
        proposal = self.loop.gate.propose(self.chat.chat_id, code, reason, kind)
        event = ProposalEvent(
            chat_id=self.chat.chat_id,
            ts=time.time(),
            proposal_id=proposal.proposal_id,
            kind=kind,
            code=code,  # type: ignore[arg-type]
            reason=reason,
            notebook_path=self.notebook.path,
            kernel_id=self.notebook.kernel_id or "",
            cell_id=cell_id,
            old_source=old_source,
        )
        await self.loop.sink.emit(event)
        if (
            self.cfg.auto_run and kind == "run_code"
        ):  # still a server-held approval of exactly this code, recorded as automatic
            self.loop.gate.approve(
                self.chat.chat_id, proposal.proposal_id, code, "auto-run", auto=True, kernel_id=self.notebook.kernel_id
            )
        await self.calls.phase("waiting")
        outcome = await settle_proposal(
            self.loop.sink, self.loop.executor, event, proposal, self.loop.workspace, self._running
        )
        self.calls.extend(outcome.waited)
        self.state.outcomes.append(outcome)
        self.finished = outcome.decision == "approved" and not outcome.run
        answer = None
        for aid in self.aids:
            note = await aid.after_run(self.state, outcome) if outcome.ran else None
            if note is not None and note.text:
                outcome.notes.append(note.text)
                self.state.notes.append(note.text)
            if note is not None and note.answer:
                answer = note.answer
                break
        if outcome.ran and self.cfg.vision:
            self.images.extend(_outputs.image_parts(outcome.outputs))
        text = outcome_for_model(outcome, self.cfg.result_budget)
        self.state.sent.append(text)
        return text, answer, False

    async def _running(self, code: str) -> None:
        installing = any(line.lstrip().startswith(("%pip", "!pip", "%conda")) for line in code.splitlines())
        await self.calls.phase("installing" if installing else "running")

    async def _check(self, outcome: Outcome) -> Check | None:
        return await self.calls.check(self.state.question, outcome, self.cfg.result_budget)

    async def _review(self, text: str) -> Review:
        """The aids' reviews of a final reply, folded into one (the first that asks again wins)."""
        done = Review(text=text)
        for aid in self.aids:
            got = await aid.review(self.state, done.text or "")
            if got is None:
                continue
            done = Review(
                text=got.text if got.text is not None else done.text,
                show=done.show and got.show,
                flags=[*done.flags, *got.flags],
                retry=got.retry,
            )
            if got.retry:
                break
        return done

    async def _final(self, message_id: str, text: str) -> bool:
        """Show a final reply as the answer, unless an aid asks the model again (False)."""
        review = await self._review(text)
        shown = review.text or ""
        if review.show and shown.strip():
            await self.emit(
                AssistantMessage, message_id=message_id, text=shown, model=self.loop.llm.model, ungrounded=review.flags
            )
        self.new.append({"role": "assistant", "content": text})
        if not review.retry:
            return True
        self.state.notes.append(review.retry)
        self.new.append({"role": "user", "content": review.retry})
        return False

    async def _cap(self, reason: str, message: str) -> tuple[str, str]:
        """A cap was hit: say so, with the last result the turn got, never an empty reply."""
        last = self.state.last_run
        if last is not None and last.printed.strip():
            text = f"{message} The last result I got, from the code above:\n```\n{last.printed[:1500]}\n```"
            await self.emit(
                AssistantMessage, message_id="m-" + secrets.token_hex(6), text=text, model=self.loop.llm.model
            )
        return reason, f"{message} Send “continue” to let me go on."

    def _show_images(self) -> None:
        """For a vision model: the images the executions just made, as a user message of parts."""
        if self.images:
            self.new.append(
                {
                    "role": "user",
                    "content": [{"type": "text", "text": "The images the code above displayed:"}, *self.images],
                }
            )
            self.images = []


def _assistant_with_calls(reply: Completion) -> dict[str, Any]:
    calls = [
        {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
        for c in reply.tool_calls
    ]
    return {"role": "assistant", "content": reply.text or None, "tool_calls": calls}
