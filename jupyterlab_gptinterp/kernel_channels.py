"""How the executor talks to one kernel: the two kinds of kernel jupyter_server manages.

- A local kernel (`ServerKernelManager`): jupyter_client's `AsyncKernelClient` over ZMQ, made by
  `kernel_manager.get_kernel(id).client()`.
- A remote kernel behind a Jupyter Kernel or Enterprise Gateway (`--gateway-url`,
  `GatewayKernelManager`): the gateway's websocket, `<gateway>/api/kernels/<id>/channels`, with
  the server's own gateway settings (URL, token, certificates). jupyter_server's
  `GatewayKernelClient` speaks that websocket too, but connects with a blocking call on the event
  loop and waits for messages by spinning the loop (`asyncio.sleep(0)` until one comes), a core
  busy for as long as a cell runs; so this module reads the socket itself with tornado.

Both offer the same few calls to `kernel.py`: connect, execute, the next iopub / shell message
(`queue.Empty` after `timeout`), whether the kernel is alive, the execution state last seen, and
a call back to the executor when the channel sees the kernel restart on its own (its state is
gone, and an execution waiting on it will never finish).
"""

from __future__ import annotations

import asyncio
import json
import queue
from collections.abc import Callable
from typing import Any

from jupyter_client.jsonutil import json_default
from jupyter_client.session import Session
from jupyter_core.utils import ensure_async
from jupyter_server.gateway.gateway_client import GatewayClient
from jupyter_server.gateway.managers import GatewayKernelManager
from jupyter_server.utils import url_escape, url_path_join
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

READY_TIMEOUT = 60.0  # seconds a kernel may take to answer its first kernel_info request
MAX_MESSAGE = 256 * 1024 * 1024  # one websocket frame (a large image output), as jupyter_server allows


def open_channel(kernel: Any, on_restart: Callable[[], None]) -> LocalChannel | GatewayChannel:
    """The channel that suits `kernel`, a kernel manager from `serverapp.kernel_manager`.
    `on_restart` is called when the channel sees the kernel restart on its own."""
    if isinstance(kernel, GatewayKernelManager):
        return GatewayChannel(kernel, on_restart)
    return LocalChannel(kernel)


class LocalChannel:
    """A kernel on this machine: jupyter_client over ZMQ."""

    def __init__(self, kernel: Any):
        self.kernel = kernel
        self.kernel_id = str(kernel.kernel_id)
        self.client = kernel.client()
        self.opened_at = 0  # the executor's restart count when it opened this channel
        self.closed = False
        self._started = False
        self._ready = False

    @property
    def execution_state(self) -> str:
        """As jupyter_server tracks it from the kernel's status messages (the user's cells too)."""
        return getattr(self.kernel, "execution_state", "")

    async def connect(self) -> None:
        # Channels start once per client (their threads cannot restart); a Stop that cancels
        # the wait for readiness must leave a client that the next run can still wait on.
        if not self._started:
            self.client.allow_stdin = False
            await ensure_async(self.client.start_channels())
            self._started = True
        if not self._ready:
            await self.client.wait_for_ready(timeout=READY_TIMEOUT)
            self._ready = True

    def execute(self, code: str) -> str:
        return self.client.execute(code, silent=False, store_history=True, allow_stdin=False)

    async def get_iopub(self, timeout: float) -> dict[str, Any]:
        return await self.client.get_iopub_msg(timeout=timeout)

    async def get_shell(self, timeout: float) -> dict[str, Any]:
        return await self.client.get_shell_msg(timeout=timeout)

    async def alive(self) -> bool:
        return bool(await ensure_async(self.kernel.is_alive()))

    def close(self) -> None:
        self.closed = True
        if self._started:
            self.client.stop_channels()


class GatewayChannel:
    """A kernel behind a gateway: its websocket, read by a task that sorts messages by channel.

    The gateway sends every client the kernel's iopub (so the execution state is tracked here,
    the user's cells included), and a `status` message of `restarting` or `dead` when it restarts
    the kernel on its own (the kernel process died) or gives up on it."""

    def __init__(self, kernel: GatewayKernelManager, on_restart: Callable[[], None]):
        self.kernel = kernel
        self.kernel_id = str(kernel.kernel_id)
        self.on_restart = on_restart
        self.opened_at = 0  # the executor's restart count when it opened this channel
        self.closed = False
        self.dead = False
        self.execution_state = ""
        self.session = Session(username="gptinterp")  # builds messages; the gateway signs them
        self._ws: WebSocketClientConnection | None = None
        self._queues: dict[str, asyncio.Queue[dict[str, Any]]] = {"iopub": asyncio.Queue(), "shell": asyncio.Queue()}
        self._reader: asyncio.Task[None] | None = None
        self._ready = False

    async def connect(self) -> None:
        if self._ws is None:
            gateway = GatewayClient.instance()
            url = url_path_join(gateway.ws_url or "", gateway.kernels_endpoint, url_escape(self.kernel_id), "channels")
            request = HTTPRequest(url, **gateway.load_connection_args())
            self._ws = await websocket_connect(request, max_message_size=MAX_MESSAGE)
            # Requests are small frames: without TCP_NODELAY, Nagle's algorithm holds one behind
            # the gateway's delayed ACK, ~40 ms on Linux.
            if self._ws.protocol is not None:
                self._ws.protocol.set_nodelay(True)
            self._reader = asyncio.ensure_future(self._read(self._ws))
        if not self._ready:
            await asyncio.wait_for(self._kernel_info(), READY_TIMEOUT)
            self._ready = True

    async def _kernel_info(self) -> None:
        """Ask until the kernel answers (a kernel still starting drops requests)."""
        while True:
            msg_id = self._send("kernel_info_request", {})
            try:
                while (await self.get_shell(timeout=1.0))["parent_header"].get("msg_id") != msg_id:
                    pass
                return
            except queue.Empty:
                if self.closed:
                    raise ConnectionError("the gateway closed the kernel's websocket") from None

    async def _read(self, ws: WebSocketClientConnection) -> None:
        try:
            while (raw := await ws.read_message()) is not None:
                msg = json.loads(raw)
                channel = msg.get("channel")
                if channel == "iopub" and msg.get("msg_type") == "status":
                    state = msg.get("content", {}).get("execution_state", "")
                    if state in ("restarting", "autorestarting"):
                        self.on_restart()
                    elif state == "dead":
                        self.dead = True
                    self.execution_state = state
                if channel in self._queues:
                    self._queues[channel].put_nowait(msg)
        finally:
            self.closed = True

    def _send(self, msg_type: str, content: dict[str, Any]) -> str:
        if self._ws is None or self.closed:
            raise ConnectionError("the kernel's websocket is closed")
        msg = self.session.msg(msg_type, content)
        msg["channel"] = "shell"
        self._ws.write_message(json.dumps(msg, default=json_default))
        return str(msg["header"]["msg_id"])

    def execute(self, code: str) -> str:
        content = {
            "code": code,
            "silent": False,
            "store_history": True,
            "user_expressions": {},
            "allow_stdin": False,
            "stop_on_error": True,
        }
        return self._send("execute_request", content)

    async def get_iopub(self, timeout: float) -> dict[str, Any]:
        return await self._get("iopub", timeout)

    async def get_shell(self, timeout: float) -> dict[str, Any]:
        return await self._get("shell", timeout)

    async def _get(self, channel: str, timeout: float) -> dict[str, Any]:
        q = self._queues[channel]
        try:
            return q.get_nowait()  # the common case while a cell prints: no timer, no task
        except asyncio.QueueEmpty:
            if timeout <= 0:
                raise queue.Empty from None
        try:
            return await asyncio.wait_for(q.get(), timeout)
        except asyncio.TimeoutError:
            raise queue.Empty from None

    async def alive(self) -> bool:
        """The websocket is open and the gateway has not given the kernel up. (The gateway
        kernel manager's own is_alive asks the gateway over HTTP and is true even for a kernel
        it no longer knows.)"""
        return not self.closed and not self.dead

    def close(self) -> None:
        self.closed = True
        if self._reader is not None:
            self._reader.cancel()
        if self._ws is not None:
            self._ws.close()
