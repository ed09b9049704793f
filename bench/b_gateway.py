"""7. Gateway: approval -> first output and -> completion on a kernel of a real Jupyter Enterprise
Gateway (its own process; `bash scripts/integration-envs gateway` makes its venv), through a
`jupyter server --gateway-url` with the extension, against the browser's own execute on the same
kernel: a websocket client of the server's /api/kernels/<id>/channels (what JupyterLab opens,
which the server proxies to the gateway; with a gateway the server speaks the JSON protocol),
sending execute_request and reading iopub until idle and the execute_reply. Interleaved.

The extension does not go through that proxy: its server reads the gateway's websocket directly
(kernel_channels.py). Each side waits the same quiet time before its request (b_execution.py).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import secrets
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from b_execution import CELLS, SETTLE, _extension
from harness import ROOT, BenchError, Row, SeqCheck, Stack, _stop, check, free_port, median, ms, pct
from jupyter_client.jsonutil import json_default
from jupyter_client.session import Session
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

_spec = importlib.util.spec_from_file_location("gateway_launch", ROOT / "tests" / "integration" / "gateway.py")
gateway = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
_spec.loader.exec_module(gateway)  # type: ignore[union-attr]


class _Gateway:
    """The gateway process, on a free port, in its own process group."""

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="gptinterp-bench-gateway-"))
        self.token = secrets.token_hex(16)
        self.port = 0
        self.proc: subprocess.Popen[Any] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> _Gateway:
        for _ in range(3):
            self.port = free_port()
            self.proc = subprocess.Popen(
                gateway.command(self.port, self.token),
                stdout=open(self.tmp / "gateway.log", "w"),
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env={**os.environ, **gateway.environment(self.tmp)},
                cwd=str(self.tmp),
            )
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    await AsyncHTTPClient().fetch(self.url + "/api", raise_error=False)
                    return self
                except OSError:
                    await asyncio.sleep(0.2)
            _stop(self.proc)
        raise BenchError("the gateway did not start: " + (self.tmp / "gateway.log").read_text()[-2000:])

    def close(self) -> None:
        _stop(self.proc)
        if not os.environ.get("BENCH_KEEP"):
            shutil.rmtree(self.tmp, ignore_errors=True)


class _BrowserKernel:
    """What JupyterLab does to run a cell: the server's kernel websocket, JSON messages."""

    def __init__(self, stack: Stack, kid: str):
        self.stack, self.kid = stack, kid
        self.session = Session(username="bench")
        self.ws: Any = None

    async def connect(self) -> None:
        url = f"ws://127.0.0.1:{self.stack.port}/api/kernels/{self.kid}/channels?session_id={self.session.session}"
        request = HTTPRequest(url, headers={"Authorization": f"token {self.stack.token}"})
        self.ws = await websocket_connect(request, max_message_size=256 * 1024 * 1024)
        self.ws.protocol.set_nodelay(True)
        await self._request("kernel_info_request", {})  # ready

    async def _request(self, msg_type: str, content: dict[str, Any]) -> str:
        msg = self.session.msg(msg_type, content)
        msg["channel"] = "shell"
        await self.ws.write_message(json.dumps(msg, default=json_default))
        msg_id = msg["header"]["msg_id"]
        if msg_type == "kernel_info_request":
            while True:
                reply = json.loads(await asyncio.wait_for(self.ws.read_message(), 60))
                if reply.get("parent_header", {}).get("msg_id") == msg_id and reply["channel"] == "shell":
                    break
        return msg_id

    async def run(self, code: str, good) -> tuple[float, float]:
        await asyncio.sleep(SETTLE)
        t0 = time.perf_counter()
        content = {"code": code, "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False}
        msg_id = await self._request("execute_request", content)
        first, idle, replied = 0.0, False, False
        outs: list[dict[str, Any]] = []
        while not (idle and replied):
            raw = await asyncio.wait_for(self.ws.read_message(), 60)
            check(raw is not None, "browser side: the kernel websocket closed")
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            if kind in ("stream", "execute_result", "display_data", "error"):
                if not outs:
                    first = time.perf_counter()
                outs.append(msg["content"])
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
            elif kind == "execute_reply":
                replied = True
                check(msg["content"]["status"] == "ok", f"browser side: status {msg['content']['status']}")
        t_done = time.perf_counter()
        check(good(outs), f"browser side: wrong output for {code!r}")
        return first - t0, t_done - t0

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()


async def run(quick: bool) -> list[Row]:
    if not gateway.BIN.exists():
        if os.environ.get("GPTINTERP_REQUIRE_INTEGRATION") == "1":
            raise BenchError(gateway.MISSING)
        return [Row("7 gateway", "not run", gateway.MISSING)]
    reps = {"1+1": 5, "10,000 lines": 4} if quick else {"1+1": 40, "10,000 lines": 40}
    stack: Stack | None = None
    remote = browser = ws = None
    rows: list[Row] = []
    try:
        remote = await _Gateway().start()
        args, env, client = gateway.server_settings(remote.url, remote.token)
        stack = await Stack(args=args, env=env, config={"GatewayClient": client}).start()
        kid = await stack.start_kernel()
        ws = await stack.connect()
        browser = _BrowserKernel(stack, kid)
        await browser.connect()
        chat, last_seq = await ws.open_chat("gateway.ipynb")
        seqs = SeqCheck(chat, last_seq)
        for name, (code, good) in CELLS.items():
            for _ in range(2):  # warm-up: the server's channel to the gateway opens on first use
                await _extension(ws, chat, seqs, kid, stack, code, good)
                await browser.run(code, good)
            first: dict[str, list[float]] = {"x": [], "b": []}
            done: dict[str, list[float]] = {"x": [], "b": []}
            for i in range(reps[name]):
                for side in ("x", "b") if i % 2 == 0 else ("b", "x"):
                    if side == "x":
                        f, d = await _extension(ws, chat, seqs, kid, stack, code, good)
                    else:
                        f, d = await browser.run(code, good)
                    first[side].append(f)
                    done[side].append(d)
            for label, series in (("first output", first), ("completion", done)):
                added = [x - b for x, b in zip(series["x"], series["b"])]
                rows.append(
                    Row(
                        "7 gateway",
                        f"{name}: approval -> {label} (n={reps[name]})",
                        f"{ms(median(series['x']))} (p99 {ms(pct(series['x'], 99))})",
                        f"{ms(median(series['b']))} (p99 {ms(pct(series['b'], 99))})",
                        f"ratio {median(series['x']) / median(series['b']):.2f}; added "
                        f"{ms(median(series['x']) - median(series['b']))} (paired median {ms(median(added))})",
                        "ours <= the browser's execute",
                        median(series["x"]) <= median(series["b"]),
                    )
                )
        check(not ws.errors, f"gateway: server errors {ws.errors}")
    finally:
        for part in (ws, browser):
            if part is not None:
                part.close()
        if stack is not None:
            stack.close()
        if remote is not None:
            remote.close()
    return rows
