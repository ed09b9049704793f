"""Fakes of the agent loop's three seams (model, executor, sink), for fast loop tests.

Only the seams are faked; the loop, the approval gate and the context code under test are real.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import traceback
from typing import Any

from jupyterlab_gptinterp.agent.seams import Completion, ExecutionResult, PromptProgress, TextDelta, ToolCall


class ScriptedLLM:
    """Replies from a list; each reply is text, or (text, [(name, arguments_json)][, finish_reason])."""

    model = "scripted"

    def __init__(self, *replies: Any, progress: bool = False, prefill: bool = False):
        self.replies = list(replies)
        self.progress = progress  # report reading the prompt first, as llama.cpp does when asked
        # A last assistant message is the reply's beginning (llama.cpp's prefill): the next reply in
        # the list is what the model writes after it.
        self.prefill = prefill
        self.unfinished = 0  # streams the reader closed before their end
        self.requests: list[list[dict[str, Any]]] = []
        self.schemas: list[Any] = []  # the JSON schema each request asked the reply to follow (None: free text)
        self.resampled: list[float | None] = []  # each request's resample temperature (None: decoded as configured)
        self.grammars: list[str | None] = []  # the GBNF grammar each request asked the reply to follow

    async def stream(self, messages, tools, schema=None, resample=None, grammar=None):
        self.requests.append([dict(m) for m in messages])
        self.schemas.append(schema)
        self.grammars.append(grammar)
        self.resampled.append(resample)
        reply = self.replies.pop(0) if self.replies else "done"
        if isinstance(reply, Exception):
            raise reply
        text, calls, finish = (reply, [], "stop") if isinstance(reply, str) else (*reply, "stop")[:3]
        finished = False
        try:
            if self.progress:
                yield PromptProgress(total=100, processed=100, cache=40)
            for i in range(0, len(text), 5):
                yield TextDelta(text[i : i + 5])
            finished = True
            usage = (100, len(text) // 5, 40) if self.progress else ()
            yield Completion(text, [ToolCall(f"call_{i}", n, a) for i, (n, a) in enumerate(calls)], finish, *usage)
        finally:
            self.unfinished += not finished


class OneNotebookKernel:
    """jupyter_server's sessions, as the chat service asks them: every notebook runs kernel k1."""

    async def of(self, notebook_path: str) -> set[str]:
        return {"k1"}


class ExecExecutor:
    """Runs approved code with exec() in one namespace, like a tiny kernel."""

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {}
        self.ran: list[str] = []
        self.count = 0
        self.block = asyncio.Event()
        self.block.set()
        self.numbered = False  # tracebacks as IPython writes them (`Cell In[n], line N`), else Python's own

    def _traceback(self, exc: Exception, code: str) -> list[str]:
        if not self.numbered:
            return traceback.format_exception(exc)
        lines, out = code.splitlines(), []
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename == "<cell>" and frame.lineno:
                where = "" if frame.name == "<module>" else f", in {frame.name}()"
                out += [
                    f"Cell In[{self.count}], line {frame.lineno}{where}",
                    f"----> {frame.lineno} {lines[frame.lineno - 1]}",
                ]
        return [*out, f"{type(exc).__name__}: {exc}"]

    def has_kernel(self, kernel_id: str) -> bool:
        return kernel_id == "k1"

    def busy(self, kernel_id: str) -> bool:
        return not self.block.is_set()

    async def execute(self, approval, kernel_id, on_output):
        code = approval.spend()
        self.ran.append(code)
        self.count += 1
        await self.block.wait()
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf):
                exec(compile(code, "<cell>", "exec"), self.namespace)
        except Exception as exc:
            err = {
                "output_type": "error",
                "ename": type(exc).__name__,
                "evalue": str(exc),
                "traceback": self._traceback(exc, code),
            }
            if buf.getvalue():
                await on_output({"output_type": "stream", "name": "stdout", "text": buf.getvalue()})
            await on_output(err)
            return ExecutionResult("error", self.count, [err])
        outs = [{"output_type": "stream", "name": "stdout", "text": buf.getvalue()}] if buf.getvalue() else []
        for out in outs:
            await on_output(out)
        return ExecutionResult("ok", self.count, outs)


class ListSink:
    def __init__(self) -> None:
        self.events: list[Any] = []
        self.ephemeral: list[Any] = []  # deltas, statuses and phases, in order
        self.new_event = asyncio.Event()

    async def emit(self, event):
        event.seq = len(self.events) + 1
        self.events.append(event)
        self.new_event.set()

    async def emit_ephemeral(self, event):
        self.ephemeral.append(event)

    @property
    def deltas(self) -> list[Any]:
        return [e for e in self.ephemeral if e.type == "assistant_delta"]

    @property
    def statuses(self) -> list[str]:
        return [e.text for e in self.ephemeral if e.type == "status"]

    @property
    def phases(self) -> list[str]:
        return [e.phase for e in self.ephemeral if e.type == "phase"]

    def of(self, kind: str) -> list[Any]:
        return [e for e in self.events if e.type == kind]

    async def wait_for(self, kind: str, count: int = 1, timeout: float = 5) -> Any:
        async def _wait():
            while len(self.of(kind)) < count:
                self.new_event.clear()
                await self.new_event.wait()
            return self.of(kind)[count - 1]

        return await asyncio.wait_for(_wait(), timeout)
