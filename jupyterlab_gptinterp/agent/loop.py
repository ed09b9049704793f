"""The agent loop: ask the model, propose its code, wait for the user, run, show it the result.

Pure orchestration over three seams (LLM, Executor, Sink) and the ApprovalGate: no tornado, no
openai, no kernel imports. A turn ends with an answer, a step cap, an error the user is told
about, or Stop (task cancellation), and always leaves the chat's memory consistent.
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
from ..approval import ApprovalGate, Proposal
from ..errors import ErrorCode, GPTInterpError
from ..protocol import (
    AssistantDelta,
    AssistantMessage,
    ExecutionDone,
    ExecutionOutput,
    ExecutionStarted,
    NotebookView,
    ProposalDecided,
    ProposalEvent,
    StatusEvent,
    TurnEnded,
    TurnStarted,
    UserMessageEvent,
)
from . import files, hints, prompts, written
from . import outputs as _outputs
from .context import RESULT_HEAD, cell_for_model, notebook_for_model, result_for_model
from .seams import LLM, Completion, ExecutionResult, Executor, Sink, TextDelta

log = logging.getLogger(__name__)


AIDS = ("preview", "hints", "checks", "duplicates", "grounding", "echo")
# After this many repeats in a row the turn stops: a greedy model told to change its code
# proposed the same again 9 times in the evaluation, spending the whole step budget.
MAX_REPEATS = 3
STUCK = (
    "I stopped: the model kept proposing code it had already tried, although it was told to change it. "
    "Rephrase the request, or fix the code yourself, then send “continue”."
)


@dataclass
class LoopConfig:
    max_steps: int = 10
    max_turn_tokens: int = 0  # prompt + completion tokens one request may use (0: no cap)
    tool_mode: Literal["tools", "fenced"] = "tools"
    result_budget: int = 4000
    notebook_budget: int = 6000
    memory_budget: int = 24000
    llm_retries: int = 2
    max_retry_wait: float = 60.0
    # What the loop does to help the model (eval/README.md measures each): "preview" shows the
    # data files the request names (or beside the notebook); "hints" adds a specific hint to an
    # error; "checks" adds a note to a result that is wrong on its face (NaN, strings summed,
    # nothing found); "duplicates" refuses to propose code already run this turn (or the last
    # output, or code that is all comments); "grounding" marks
    # answer numbers found in no output and asks the model once to compute them; "echo" drops a
    # recital of our own rules from the start of a reply (and asks again if nothing else is left).
    aids: frozenset[str] = frozenset(AIDS)
    root_dir: str = ""  # the server's root on disk ("": no file previews)
    preview_budget: int = 1500
    auto_run: bool = False  # approve run_code proposals as proposed (the user chose it; the admin allows it)
    vision: bool = False  # the model reads images: outputs' images may be sent as image parts


@dataclass
class ChatState:
    chat_id: str
    memory: list[dict[str, Any]] = field(default_factory=list)  # earlier turns, OpenAI message format
    last_request: list[dict[str, Any]] = field(default_factory=list)  # the messages of the latest model call


class AgentLoop:
    def __init__(self, llm: LLM, executor: Executor, sink: Sink, gate: ApprovalGate, config: LoopConfig):
        self.llm = llm
        self.executor = executor
        self.sink = sink
        self.gate = gate
        self.config = config

    async def settle(
        self, event: ProposalEvent, proposal: Proposal, images: list[dict[str, Any]] | None = None
    ) -> tuple[str, bool]:
        return await settle_proposal(
            self.sink,
            self.executor,
            self.config.result_budget,
            event,
            proposal,
            root_dir=self.config.root_dir,
            images=images if self.config.vision else None,
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
        turn = _Turn(self, chat, notebook, action, cell_id)
        turn.attachments = list(attachments or [])
        return await turn.run(text)


class _Turn:
    """One user message and everything the loop does until it ends."""

    def __init__(self, loop: AgentLoop, chat: ChatState, notebook: NotebookView, action: str, cell_id: str | None):
        self.loop = loop
        self.cfg = loop.config
        self.chat = chat
        self.notebook = notebook
        self.action = action
        self.cell_id = cell_id
        self.cell_text = cell_for_model(notebook, cell_id, self.cfg.result_budget) if cell_id else ""
        self.turn_id = "t-" + secrets.token_hex(6)
        self.new: list[dict[str, Any]] = []  # messages this turn adds to memory
        self.finished = False  # the user accepted a fix without running it: nothing left to do
        self.repeats = 0  # proposals in a row refused as repeats (greedy decoding can loop on one)
        self.emit = _Emitter(loop.sink, chat.chat_id)
        self.previews: list[files.FilePreview] = []
        self.runs: list[tuple[str, str]] = []  # (code, what the model was told) of this turn's decided proposals
        self.reasked = False  # the grounding check asked the model once to compute its numbers
        self.last_answer = ""  # the answer shown last, if nothing came after it (a repeat is not shown again)
        self.usage = [0, 0, 0]  # llm calls, prompt tokens, completion tokens
        self.images: list[dict[str, Any]] = []  # image parts from executions, for a vision model's next call
        self.attachments: list[str] = []  # files the user uploaded with this message
        self.notes: list[str] = []  # what the aids added to results: a reply reciting one is no answer

    async def run(self, text: str) -> TurnEnded:
        await self.emit(UserMessageEvent, text=text)
        await self.emit(TurnStarted, turn_id=self.turn_id)
        self.new.append({"role": "user", "content": text})
        reason, message, code = "answer", "", None
        try:
            self.previews = await self._previews(text)
            if self.attachments and self.cfg.root_dir:
                try:
                    about = await asyncio.to_thread(
                        uploads.describe,
                        self.cfg.root_dir,
                        self.notebook.path,
                        self.attachments,
                        self.cfg.preview_budget * 2,
                    )
                except uploads.UploadRefused as exc:  # removed or replaced since the message was sent
                    raise GPTInterpError(ErrorCode.bad_attachment, str(exc)) from None
                self.new[-1] = {"role": "user", "content": f"{text}\n\n{about}"}
            reason, message = await self._steps()
        except asyncio.CancelledError:
            await self._end("stopped", "Stopped.", None)
            raise
        except GPTInterpError as exc:
            reason, message, code = "error", exc.text, exc.code
        except Exception:  # a bug of ours: the turn still ends, or the chat would wait forever
            log.exception("gptinterp: the turn failed")
            error = GPTInterpError(ErrorCode.internal)
            reason, message, code = "error", error.text, error.code
        finally:
            self.chat.memory.extend(_without_images(_repair(self.new)))
        return await self._end(reason, message, code)

    async def _end(self, reason: str, message: str, code: Any) -> TurnEnded:
        calls, prompt, completion = self.usage
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

    def _messages(self) -> list[dict[str, Any]]:
        shown = self.previews if "preview" in self.cfg.aids else []
        system = prompts.system_prompt(
            self.cfg.tool_mode,
            notebook_for_model(self.notebook, self.cfg.notebook_budget),
            self.action,
            self.cell_text,
            prompts.files_text([p.text for p in shown]),
        )
        return [{"role": "system", "content": system}, *_trim(self.chat.memory, self.cfg.memory_budget), *self.new]

    def _tools(self) -> list[dict[str, Any]] | None:
        if self.cfg.tool_mode != "tools" or self.action == "explain":
            return None
        if self.action == "fix":
            return [prompts.REPLACE_CELL_TOOL, prompts.RUN_CODE_TOOL]
        return [prompts.RUN_CODE_TOOL]

    async def _steps(self) -> tuple[str, str]:
        tools = self._tools()
        fenced = self.cfg.tool_mode == "fenced" and self.action != "explain"
        echoed = False
        for step in range(self.cfg.max_steps):
            used = self.usage[1] + self.usage[2]
            if self.cfg.max_turn_tokens and used >= self.cfg.max_turn_tokens:
                return "token_cap", (
                    f"I stopped after using {used:,} tokens, the limit for one request "
                    f"({self.cfg.max_turn_tokens:,}). Send “continue” to let me go on."
                )
            message_id, reply = await self._ask(tools)
            if "echo" in self.cfg.aids and not reply.tool_calls:
                text = prompts.strip_echo(reply.text, self.chat.last_request[0]["content"], notes=self.notes)
                text = _without_result_copy(text, self.runs[-1][1] if self.runs else "")
                if not text.strip() and reply.text.strip() and not echoed:
                    echoed = True
                    self.new.append({"role": "user", "content": prompts.ECHO_NOTE})
                    continue
                reply.text = text
            if fenced and "echo" in self.cfg.aids and self.action == "chat":
                reply.text = prompts.literal_answer(reply.text) or reply.text
            block = prompts.fenced_code(reply.text) if fenced else None
            shown = reply.text[: reply.text.find("```")].strip() if block else reply.text
            final = not block and not (reply.tool_calls and tools)
            unsure = self._ungrounded(reply.text) if final and self.action == "chat" else []
            if final and self.reasked and shown.strip() and shown.strip() == self.last_answer:
                # Asked to check its numbers, the model said the same again, with nothing in
                # between: the chat shows that answer just above, flagged; a copy only repeats it.
                self.new.append({"role": "assistant", "content": reply.text})
                return "answer", ""
            self.last_answer = shown.strip() if final else ""
            if shown.strip():
                await self.emit(
                    AssistantMessage, message_id=message_id, text=shown, model=self.loop.llm.model, ungrounded=unsure
                )
            if reply.tool_calls and tools:
                self.new.append(_assistant_with_calls(reply))
                for call in reply.tool_calls:
                    content = await self._tool_call(call.name, call.arguments)
                    self.new.append({"role": "tool", "tool_call_id": call.id, "content": content})
                self._show_images()
                if self.finished:
                    return "answer", ""
                if self.repeats >= MAX_REPEATS:
                    return "step_cap", STUCK
                continue
            self.new.append({"role": "assistant", "content": reply.text})
            if block:
                code, reason = block
                if self.action == "fix" and self.cell_id:
                    result = await self._propose(code, reason, "replace_cell", self.cell_id)
                else:
                    result = await self._propose(code, reason)
                self.new.append({"role": "user", "content": "Result:\n" + result})
                self._show_images()
                if self.finished:
                    return "answer", ""
                if self.repeats >= MAX_REPEATS:
                    return "step_cap", STUCK
                continue
            if unsure and not self.reasked and step < self.cfg.max_steps - 1:
                self.reasked = True
                note = prompts.ungrounded_note(unsure, ran_code=bool(self.runs), fenced=fenced)
                self.notes.append(note)
                self.new.append({"role": "user", "content": note})
                continue
            return "answer", "" if reply.text.strip() else "The model sent an empty reply."
        return "step_cap", (
            f"I stopped after {self.cfg.max_steps} steps, the limit for one request. Send “continue” to let me go on."
        )

    def _show_images(self) -> None:
        """For a vision model: the images the executions just made, as a user message of parts."""
        if self.images:
            parts = [{"type": "text", "text": "The images the code above displayed:"}, *self.images]
            self.new.append({"role": "user", "content": parts})
            self.images = []

    async def _ask(self, tools: list[dict[str, Any]] | None) -> tuple[str, Completion]:
        """One model call, retried on rate limits and outages (never once text has streamed)."""
        for attempt in range(1, self.cfg.llm_retries + 2):
            message_id = "m-" + secrets.token_hex(6)
            reply, streamed = Completion(""), False
            try:
                messages = self._messages()
                self.chat.last_request = messages
                async for event in self.loop.llm.stream(messages, tools):
                    if isinstance(event, TextDelta):
                        streamed = True
                        await self.loop.sink.emit_ephemeral(
                            AssistantDelta(chat_id=self.chat.chat_id, message_id=message_id, delta=event.text)
                        )
                    else:
                        reply = event
                self.usage[0] += 1
                self.usage[1] += reply.prompt_tokens
                self.usage[2] += reply.completion_tokens
                return message_id, reply
            except GPTInterpError as exc:
                wait = exc.retry_after if exc.retry_after is not None else min(2.0 ** (attempt - 1), 30.0)
                if streamed or not exc.retryable or attempt > self.cfg.llm_retries or wait > self.cfg.max_retry_wait:
                    raise
                await self.loop.sink.emit_ephemeral(
                    StatusEvent(
                        chat_id=self.chat.chat_id,
                        text=f"{exc.text} Retrying in {wait:g} s (retry {attempt} of {self.cfg.llm_retries}).",
                    )
                )
                await asyncio.sleep(wait)
        raise AssertionError("unreachable")

    async def _tool_call(self, name: str, arguments: str) -> str:
        field = {"run_code": "code", "replace_cell": "source"}.get(name)
        if field is None:
            return f"Error: there is no tool named {name!r}."
        try:
            args = json.loads(arguments or "{}")
            code = args[field]
            if not isinstance(code, str) or not code.strip():
                raise ValueError(f"{field} must be a non-empty string")
        except (ValueError, KeyError, TypeError) as exc:
            return f"Error: the arguments of {name} were not valid JSON ({exc}). Call it again with valid arguments."
        if name == "replace_cell":
            cell_id = str(args.get("cell_id") or self.cell_id or "")
            if not any(c.id == cell_id for c in self.notebook.cells):
                return f"Error: there is no cell with id {cell_id!r}."
            return await self._propose(code, str(args.get("reason", "")), "replace_cell", cell_id)
        return await self._propose(code, str(args.get("reason", "")))

    async def _propose(self, code: str, reason: str, kind: str = "run_code", cell_id: str | None = None) -> str:
        """Show the code to the user; run it only on their approval; tell the model what happened."""
        refused = self._refusal(code) if "duplicates" in self.cfg.aids else None
        if refused:  # not shown to the user, never run: the model is told to change it
            self.repeats += 1
            status, note = refused
            await self.loop.sink.emit_ephemeral(StatusEvent(chat_id=self.chat.chat_id, text=status))
            return self._noted("", note)
        self.repeats = 0
        self.last_answer = ""  # a card comes between: an answer after it is shown again
        old_source = next((c.source for c in self.notebook.cells if c.id == cell_id), None) if cell_id else None
        proposal = self.loop.gate.propose(self.chat.chat_id, code, reason, kind)
        event = ProposalEvent(
            chat_id=self.chat.chat_id,
            ts=time.time(),
            proposal_id=proposal.proposal_id,
            kind=kind,
            code=code,
            reason=reason,
            notebook_path=self.notebook.path,
            kernel_id=self.notebook.kernel_id or "",
            cell_id=cell_id,
            old_source=old_source,
        )
        await self.loop.sink.emit(event)
        if self.cfg.auto_run and kind == "run_code":
            # Still a server-held approval of exactly this code, recorded as automatic.
            self.loop.gate.approve(
                self.chat.chat_id, proposal.proposal_id, code, "auto-run", auto=True, kernel_id=self.notebook.kernel_id
            )
        text, self.finished = await self.loop.settle(event, proposal, self.images)
        if "hints" in self.cfg.aids and "\nError:\n" in text:
            named = await self._previews(code, beside=False)
            text = self._noted(text, hints.error_hint(text, code, [*named, *self.previews]))
        elif "checks" in self.cfg.aids:
            text = self._noted(text, hints.result_check(text, code))
        if not text.startswith("The code was cancelled"):
            self.runs.append((code, text))
        return text

    def _refusal(self, code: str) -> tuple[str, str] | None:
        """(status for the user, note for the model) when `code` is not worth showing: all
        comments, the last output pasted back, or the code of the run just before."""
        if hints.only_comments(code):
            return (
                "The model proposed code that is all comments; it was asked to write it out.",
                prompts.COMMENTS_ONLY_NOTE,
            )
        if self.runs and hints.pasted_output(code, self.runs[-1][1]):
            return (
                "The model proposed the last output as code; it was asked to change it.",
                prompts.PASTED_OUTPUT_NOTE,
            )
        # Only the run just before counts: the same code after something else ran (e.g. a %pip
        # install after an ImportError) is a legitimate retry.
        repeat = hints.same_code(code, [c for c, _ in self.runs[-1:]])
        if repeat is not None:
            told = next(t for c, t in reversed(self.runs) if c == repeat)
            return "The model proposed the same code again; it was asked to change it.", prompts.repeat_note(told)
        return None

    def _noted(self, text: str, note: str) -> str:
        """`text` with an aid's `note` below it, remembered for the echo check."""
        if not note:
            return text
        self.notes.append(note)
        return f"{text}\n{note}" if text else note

    async def _previews(self, text: str, beside: bool = True) -> list[files.FilePreview]:
        """Previews of the data files `text` names (else, if `beside`, of those beside the notebook)."""
        if not self.cfg.root_dir or not ({"preview", "hints"} & self.cfg.aids):
            return []
        try:
            return await asyncio.to_thread(
                files.previews, self.cfg.root_dir, self.notebook.path, text, self.cfg.preview_budget, beside
            )
        except OSError:
            return []

    def _ungrounded(self, answer: str) -> list[str]:
        if "grounding" not in self.cfg.aids:
            return []
        # What the model was shown (requests, results, the notebook, previews), never its own words;
        # this turn's results count without the numbers their code printed as literals (`print(1042)`
        # grounds nothing).
        told = {t for _, t in self.runs}
        seen = [
            str(m.get("content") or "")
            for m in (*self.chat.memory, *self.new)
            if m["role"] in ("user", "tool")
            and not str(m.get("content") or "").startswith(prompts.UNGROUNDED)
            and not any(t in str(m.get("content") or "") for t in told)
        ]
        seen += [hints.without_literals(t, code) for code, t in self.runs]
        seen += [c.source + "\n".join(c.outputs) for c in self.notebook.cells] + [p.text for p in self.previews]
        return hints.ungrounded(answer, seen)


class _Emitter:
    def __init__(self, sink: Sink, chat_id: str):
        self.sink = sink
        self.chat_id = chat_id

    async def __call__(self, event_type: type, **fields: Any) -> None:
        await self.sink.emit(event_type(chat_id=self.chat_id, ts=time.time(), **fields))


async def settle_proposal(
    sink: Sink,
    executor: Executor,
    result_budget: int,
    event: ProposalEvent,
    proposal: Proposal,
    root_dir: str = "",
    images: list[dict[str, Any]] | None = None,
) -> tuple[str, bool]:
    """Wait for the user's decision on `proposal`, run it if approved, and return what the model is
    told, and whether the turn is finished (a replacement accepted without running). Also used for
    proposals restored after a server restart, which have no turn waiting on them."""
    emit = _Emitter(sink, event.chat_id)
    pid = event.proposal_id
    try:
        decision = await proposal.wait()
    except asyncio.CancelledError:
        await emit(ProposalDecided, proposal_id=pid, decision="cancelled", reason="Stopped.")
        raise
    if decision.kind != "approved" or decision.approval is None:
        await emit(ProposalDecided, proposal_id=pid, decision=decision.kind, reason=decision.reason)
        if decision.kind == "rejected":
            why = f" Their reason: {decision.reason}" if decision.reason else " They gave no reason."
            return f"The user rejected this code; it did not run.{why} Do not propose it again unchanged.", False
        return "The code was cancelled and did not run.", False
    approval = decision.approval
    await emit(
        ProposalDecided,
        proposal_id=pid,
        decision="approved",
        code=approval.code,
        after_cell_id=decision.after_cell_id,
        run=decision.run,
        auto=approval.auto,
    )
    if not decision.run:
        return "The user accepted the new source; the cell was replaced but not run.", True
    kernel_id = decision.kernel_id or event.kernel_id
    await emit(
        ExecutionStarted,
        proposal_id=pid,
        kernel_id=kernel_id,
        notebook_path=event.notebook_path,
        code=approval.code,
        after_cell_id=decision.after_cell_id,
        cell_id=event.cell_id,
        kernel_busy=executor.busy(kernel_id),
    )
    result, wrote = await _execute(executor, emit, approval, kernel_id, pid, root_dir, event.notebook_path)
    text = result_for_model(result.status, result.outputs, result.message, result_budget)
    if wrote:
        text += "\n" + written.for_model(wrote)
    if images is not None:  # a vision model: the images themselves follow the result
        images.extend(_outputs.image_parts(result.outputs))
    if approval.code != event.code:
        text = f"The user edited your code before running it. What ran:\n```python\n{approval.code}\n```\n{text}"
    return text, False


async def _execute(
    executor: Executor,
    emit: _Emitter,
    approval: Any,
    kernel_id: str,
    proposal_id: str,
    root_dir: str = "",
    notebook_path: str = "",
) -> tuple[ExecutionResult, list[Any]]:
    index = 0
    directory = written.notebook_dir(root_dir, notebook_path)
    before = await asyncio.to_thread(written.snapshot, directory) if directory else {}

    async def on_output(output: dict[str, Any]) -> None:
        nonlocal index
        await emit(ExecutionOutput, proposal_id=proposal_id, index=index, output=output)
        index += 1

    try:
        result = await executor.execute(approval, kernel_id, on_output)
    except asyncio.CancelledError:
        await emit(
            ExecutionDone, proposal_id=proposal_id, status="aborted", message="Stopped; the kernel was interrupted."
        )
        raise
    except GPTInterpError as exc:
        result = ExecutionResult("error", message=exc.text)
    wrote = (
        written.changes(root_dir, directory, before, await asyncio.to_thread(written.snapshot, directory))
        if directory
        else []
    )
    await emit(
        ExecutionDone,
        proposal_id=proposal_id,
        status=result.status,
        execution_count=result.execution_count,
        message=result.message,
        files=wrote,
    )
    return result, wrote


def _without_images(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Memory keeps the text of image messages, not the images (they would fill the budget)."""
    return [
        {**m, "content": _outputs.text_of(m["content"])} if isinstance(m.get("content"), list) else m for m in messages
    ]


def _assistant_with_calls(reply: Completion) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": reply.text or None,
        "tool_calls": [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in reply.tool_calls
        ],
    }


def _repair(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Answer tool calls left open by Stop or an error, so the next request is valid."""
    out: list[dict[str, Any]] = []
    open_ids: list[str] = []
    for msg in messages:
        if msg["role"] != "tool" and open_ids:
            out.extend(
                {"role": "tool", "tool_call_id": i, "content": "Not run: the turn was stopped."} for i in open_ids
            )
            open_ids = []
        out.append(msg)
        if msg.get("tool_calls"):
            open_ids = [c["id"] for c in msg["tool_calls"]]
        elif msg["role"] == "tool" and msg.get("tool_call_id") in open_ids:
            open_ids.remove(msg["tool_call_id"])
    out.extend({"role": "tool", "tool_call_id": i, "content": "Not run: the turn was stopped."} for i in open_ids)
    return out


def _trim(memory: list[dict[str, Any]], budget: int) -> list[dict[str, Any]]:
    """The most recent whole turns of memory within `budget` characters (a turn starts at a user message)."""
    size = 0
    start = len(memory)
    for i in range(len(memory) - 1, -1, -1):
        size += len(str(memory[i].get("content") or "")) + len(json.dumps(memory[i].get("tool_calls") or ""))
        if size > budget:
            break
        if memory[i]["role"] == "user":
            start = i
    return memory[start:]


def _without_result_copy(text: str, last_result: str) -> str:
    """The reply without a copy of the result we sent ("Result:\nExecution status: ..."): an exact
    copy of the last result is cut and what follows it kept; any other reply that starts like a
    result is no answer."""
    body = text.lstrip()
    body = body[len("Result:") :].lstrip() if body.startswith("Result:") else body
    if not body.startswith(RESULT_HEAD):
        return text
    if last_result and body.startswith(last_result.strip()):
        return body[len(last_result.strip()) :].strip()
    return ""
