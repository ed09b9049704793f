"""Running approved code in a notebook's own kernel, through jupyter_server's kernel manager.

One channel per kernel, kept open (connecting costs ~200 ms): jupyter_client for a local kernel,
the gateway's websocket for a remote one (kernel_channels.py). Executions on one kernel are
serialized; outputs are picked from iopub by the parent msg_id and handed on as they come. An
execution ends early, with a message, when the kernel dies, restarts or is shut down. Only an
unspent `Approval` gets in: `execute` takes no code string. Outputs holding a provider key are
redacted here, where they enter the server, before anyone stores, shows or sends them.
"""

from __future__ import annotations

import asyncio
import os
import queue
import time
from typing import Any

from jupyter_core.utils import ensure_async
from nbformat.v4 import output_from_msg

from .agent.seams import ExecutionResult, OnOutput
from .approval import Approval
from .errors import ErrorCode, GPTInterpError
from .kernel_channels import GatewayChannel, LocalChannel, open_channel
from .keys import ProviderKeys

Channel = LocalChannel | GatewayChannel
RESTARTED_DURING = "The kernel restarted while running this code: its variables and imports are gone."
RESTARTED_BEFORE = "The kernel restarted before this code ran: variables and imports from earlier runs are gone."

_OUTPUT_TYPES = {"stream", "display_data", "execute_result", "error"}


class NotebookKernels:
    """Which kernel a notebook runs now: the kernel of its session in jupyter_server's session
    manager (JupyterLab opens one per notebook, by path; a kernel switch updates it)."""

    def __init__(self, session_manager: Any):
        self.session_manager = session_manager

    async def of(self, notebook_path: str) -> set[str]:
        """The kernel ids of the sessions of `notebook_path` (empty when it has none); sessions
        whose kernel died are dropped by the session manager as it lists them."""
        sessions = await self.session_manager.list_sessions()
        return {
            s["kernel"]["id"]
            for s in sessions
            if _same_path(s.get("path"), notebook_path) and (s.get("kernel") or {}).get("id")
        }


def _same_path(a: Any, b: str) -> bool:
    return isinstance(a, str) and _file_path(a) == _file_path(b)


def _file_path(path: str) -> str:
    """A notebook's path without a JupyterLab drive prefix: with real-time collaboration a tab
    names a notebook `RTC:<path>`, and its session may carry either form."""
    drive, sep, rest = path.partition(":")
    if sep and drive and "/" not in drive:
        path = rest
    return path.strip("/")


class KernelExecutor:
    """The Executor seam, on jupyter_server's kernel manager (local or gateway kernels)."""

    def __init__(
        self, kernel_manager: Any, timeout: float = 600.0, poll: float = 0.5, keys: ProviderKeys | None = None
    ):
        self.kernel_manager = kernel_manager
        self.timeout = timeout
        self.poll = poll
        self.keys = keys or ProviderKeys()
        self._channels: dict[str, Channel] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._restarts: dict[str, int] = {}  # restarts noticed, per kernel
        self._seen: dict[str, int] = {}  # the count the last execution knew of (it reported up to it)

    def has_kernel(self, kernel_id: str) -> bool:
        return bool(kernel_id) and kernel_id in self.kernel_manager

    def busy(self, kernel_id: str) -> bool:
        """Whether the kernel is running something (the user's cells too), as last seen."""
        if not self.has_kernel(kernel_id):
            return False
        channel = self._channels.get(kernel_id)
        if channel is not None and channel.execution_state:
            return channel.execution_state == "busy"
        return getattr(self.kernel_manager.get_kernel(kernel_id), "execution_state", "") == "busy"

    def kernel_restarted(self, kernel_id: str) -> None:
        """The kernel restarted (through the server, or on its own): an execution waiting on it
        ends, the next one connects afresh, and the next result says the kernel's state is gone."""
        self._restarts[kernel_id] = self._restarts.get(kernel_id, 0) + 1

    def forget(self, kernel_id: str) -> None:
        """The kernel was shut down: close its channel (unless an execution is still ending on it)."""
        lock = self._locks.get(kernel_id)
        if self.has_kernel(kernel_id) or (lock is not None and lock.locked()):
            return
        channel = self._channels.pop(kernel_id, None)
        if channel is not None:
            channel.close()
        for known in (self._locks, self._restarts, self._seen):
            known.pop(kernel_id, None)

    def _channel(self, kernel_id: str) -> Channel:
        kernel = self.kernel_manager.get_kernel(kernel_id)
        channel = self._channels.get(kernel_id)
        restarts = self._restarts.get(kernel_id, 0)
        if channel is None or channel.kernel is not kernel or channel.closed or channel.opened_at != restarts:
            if channel is not None:
                channel.close()
            channel = self._channels[kernel_id] = open_channel(kernel, lambda: self.kernel_restarted(kernel_id))
            channel.opened_at = restarts
        return channel

    async def execute(self, approval: Approval, kernel_id: str, on_output: OnOutput) -> ExecutionResult:
        if not isinstance(approval, Approval):
            raise TypeError("execute() needs an Approval")
        code = approval.spend()
        if not self.has_kernel(kernel_id):
            raise GPTInterpError(ErrorCode.kernel_not_found)
        async with self._locks.setdefault(kernel_id, asyncio.Lock()):
            channel = self._channel(kernel_id)
            await channel.connect()
            restarts = self._restarts.get(kernel_id, 0)
            # A restart since the last execution here (a user's, or the kernel died and came back).
            since_last = self._seen.get(kernel_id, restarts) != restarts
            msg_id = channel.execute(code)
            # A restart that comes during this run and that the run does not report (the kernel
            # may end the cell with an error of its own first) is told with the next run.
            self._seen[kernel_id] = restarts
            try:
                result = await self._collect(channel, kernel_id, msg_id, restarts, on_output)
            except asyncio.CancelledError:
                # Stop: the code must not keep running after the user asked to stop. Wait for the
                # kernel to go idle, or the next execution would be aborted with this one.
                await self._interrupt(kernel_id)
                try:
                    await asyncio.wait_for(self._drain(channel, msg_id, restarts), 10)
                except Exception:  # a kernel that will not settle is reported on the next run
                    pass
                raise
            if result.message == RESTARTED_DURING:
                self._seen[kernel_id] = self._restarts.get(kernel_id, 0)
            if since_last:
                result.message = " ".join(filter(None, [RESTARTED_BEFORE, result.message]))
            return result

    async def _collect(
        self, channel: Channel, kernel_id: str, msg_id: str, restarts: int, on_output: OnOutput
    ) -> ExecutionResult:
        result = ExecutionResult(status="ok")
        deadline = time.monotonic() + self.timeout
        interrupted = False
        held = _Held()  # stream text already waiting in the socket goes on as one output

        async def hand_on(output: dict[str, Any]) -> None:
            output = self.keys.redact_output(output)
            result.outputs.append(output)
            await on_output(output)

        while True:
            try:
                msg = await channel.get_iopub(timeout=0 if held else self.poll)
            except queue.Empty:
                if held:
                    await hand_on(held.take())
                    continue
                gone = await self._gone(channel, kernel_id, restarts)
                if gone:
                    result.status = "error"
                    result.message = gone
                    return result
                if not interrupted and time.monotonic() > deadline:
                    interrupted = True
                    result.message = f"Interrupted: the code ran longer than {self.timeout:g} s."
                    await self._interrupt(kernel_id)
                continue
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            content = msg["content"]
            if kind in _OUTPUT_TYPES:
                output = _output(msg)
                # The first output goes on at once: holding it would delay what the user sees
                # first by up to 20 ms whenever a print loop keeps the socket full.
                if result.outputs and held.add(output):
                    if held.full():
                        await hand_on(held.take())
                    continue
                if held:
                    await hand_on(held.take())
                if kind == "error":
                    result.status = "error"
                if not (result.outputs and held.add(output)):
                    await hand_on(output)
                continue
            if held:
                await hand_on(held.take())
            if kind == "execute_input":
                result.execution_count = content.get("execution_count")
            elif kind == "status" and content.get("execution_state") == "idle":
                break
        reply = await self._reply(channel, msg_id)
        if reply is not None:
            status = reply["content"].get("status", "ok")
            result.status = "aborted" if status == "aborted" else ("error" if status == "error" else result.status)
            result.execution_count = reply["content"].get("execution_count", result.execution_count)
        if interrupted:
            result.status = "error"
        return result

    async def _gone(self, channel: Channel, kernel_id: str, restarts: int) -> str:
        """Why an execution can never finish ('' while it still may)."""
        if not self.has_kernel(kernel_id):
            return "The kernel was shut down while running this code."
        if self._restarts.get(kernel_id, 0) != restarts:
            return RESTARTED_DURING
        if not await channel.alive():
            if channel.closed:
                return "The connection to the kernel was lost while running this code."
            return "The kernel died or restarted while running this code: its variables and imports are gone."
        return ""

    async def _drain(self, channel: Channel, msg_id: str, restarts: int) -> None:
        while True:
            try:
                msg = await channel.get_iopub(timeout=self.poll)
            except queue.Empty:
                if self._restarts.get(channel.kernel_id, 0) != restarts or not await channel.alive():
                    return
                continue
            if msg.get("parent_header", {}).get("msg_id") == msg_id and msg["msg_type"] == "status":
                if msg["content"].get("execution_state") == "idle":
                    await self._reply(channel, msg_id)
                    return

    async def _reply(self, channel: Channel, msg_id: str) -> dict[str, Any] | None:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                msg = await channel.get_shell(timeout=1)
            except queue.Empty:
                continue
            if msg.get("parent_header", {}).get("msg_id") == msg_id:
                return msg
        return None

    async def _interrupt(self, kernel_id: str) -> None:
        if self.has_kernel(kernel_id):
            await ensure_async(self.kernel_manager.interrupt_kernel(kernel_id))

    def close(self) -> None:
        for channel in self._channels.values():
            channel.close()
        self._channels.clear()


class _Held:
    """Consecutive stream outputs of one name, held while more are already waiting: a print loop
    that runs ahead of the server goes on as one output (one stored event, one frame) instead of
    hundreds. Handed on as soon as nothing more is waiting, or at 64 KB or 20 ms. An execution's
    first output is never held."""

    def __init__(self) -> None:
        self.name: str | None = None
        self.parts: list[str] = []
        self.size = 0
        self.since = 0.0

    def __bool__(self) -> bool:
        return self.name is not None

    def add(self, output: dict[str, Any]) -> bool:
        """Hold `output` if it is a stream that continues what is held; false if not taken."""
        if output.get("output_type") != "stream" or not isinstance(output.get("text"), str):
            return False
        if self.name is None:
            self.name, self.since = output["name"], time.monotonic()
        elif output["name"] != self.name:
            return False
        self.parts.append(output["text"])
        self.size += len(output["text"])
        return True

    def full(self) -> bool:
        return self.size >= 1 << 16 or time.monotonic() - self.since > 0.02

    def take(self) -> dict[str, Any]:
        output = {"output_type": "stream", "name": self.name, "text": "".join(self.parts)}
        self.name, self.parts, self.size = None, [], 0
        return output


def _output(msg: dict[str, Any]) -> dict[str, Any]:
    """The nbformat output of an iopub message. A stream (a print loop sends many) is built
    here: its two fields are all nbformat's schema would check, at 0.1-0.4 ms an output. Any
    other kind, or a stream that is not plainly valid, goes through nbformat."""
    content = msg["content"]
    if msg["msg_type"] == "stream" and isinstance(content.get("name"), str) and isinstance(content.get("text"), str):
        return {"output_type": "stream", "name": content["name"], "text": content["text"]}
    return output_from_msg(msg)


def launch_kernels_without_keys(kernel_manager: Any, keys: ProviderKeys) -> None:
    """Every kernel the server's kernel manager starts from now on (a notebook's session, a bare
    POST /api/kernels, and their restarts, which reuse the launch arguments) gets an environment
    without the provider keys.

    jupyter_client builds a kernel's environment from the `env` launch argument, or the server's
    own os.environ when none is given, and `MultiKernelManager.pre_start_kernel(kernel_name,
    kwargs)` is where every start passes its (mutable) launch arguments; jupyter_server's session
    manager passes a copy of os.environ there. Wrapping that one method of the server's kernel
    manager leaves the manager class, its kernel specs and provisioners the admin's own. A
    Gateway kernel manager starts kernels remotely, with only KERNEL_* variables and its
    allowed_envs, and never calls it.
    """
    start = getattr(kernel_manager, "pre_start_kernel", None)
    if start is None or getattr(start, "keeps_out_keys", False):
        return

    def pre_start_kernel(kernel_name: str | None, kwargs: dict[str, Any]) -> Any:
        kwargs["env"] = keys.kernel_env(kwargs["env"] if kwargs.get("env") is not None else os.environ)
        return start(kernel_name, kwargs)

    pre_start_kernel.keeps_out_keys = True  # type: ignore[attr-defined]
    kernel_manager.pre_start_kernel = pre_start_kernel


def warm_up() -> None:
    """nbformat compiles its output schema on first use (~50 ms): pay it at start-up."""
    output_from_msg({"msg_type": "stream", "header": {"msg_type": "stream"}, "content": {"name": "stdout", "text": ""}})
