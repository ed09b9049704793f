"""What every benchmark shares: statistics, a result row, and the processes benchmarks drive.

`Stack` starts, on free loopback ports, the fake LLM (tests/fake_llm.py, its own process) and a
real `jupyter server` with the extension and a token, talking to that fake LLM; it owns both
processes (and the server's kernels) and always takes them down. `ChatSocket` is a minimal
client of the extension's websocket protocol that timestamps every message as it arrives.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
API_KEY = "sk-bench-0123456789"
MODEL = "fake-model"


class BenchError(Exception):
    """A benchmark broke: wrong output, a dropped event, a missing reply. Quick mode exits non-zero."""


def check(cond: bool, what: str) -> None:
    if not cond:
        raise BenchError(what)


# --- statistics ------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100). With fewer than 100 samples p99 is the maximum."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(q / 100 * len(s) + 0.5)) - 1))
    return s[k]


def median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    if not n:
        return float("nan")
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


@dataclass
class Row:
    """One line of the table. `ok` is None when the line has no goal."""

    bench: str
    measure: str
    ours: str
    base: str = ""
    compare: str = ""
    goal: str = ""
    ok: bool | None = None


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


# --- processes -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen[Any] | None, grace: float = 10) -> None:
    """Terminate one process we started, then its process group (kernels) if it lingers."""
    if proc is None or proc.poll() is not None:
        _kill_group(proc)
        return
    try:
        proc.send_signal(signal.SIGTERM)
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
    _kill_group(proc)


def _kill_group(proc: subprocess.Popen[Any] | None) -> None:
    if proc is None:
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the group we created for it (start_new_session)
    except (ProcessLookupError, PermissionError):
        pass


class Stack:
    """Fake LLM + jupyter server with the extension (+ the bench's lag probe), on free ports."""

    def __init__(
        self,
        args: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
        config: dict[str, dict[str, Any]] | None = None,
        extensions: tuple[str, ...] = (),
        **gptinterp: Any,
    ) -> None:
        self.gptinterp = gptinterp  # extra c.GPTInterp settings
        self.args = args  # extra command-line arguments of the server (--gateway-url=...)
        self.config = config or {}  # more sections of the server's config (GatewayClient)
        self.extensions = extensions  # more server extensions from bench/ (bench_variants)
        self.tmp = Path(tempfile.mkdtemp(prefix="gptinterp-bench-"))
        self.token = secrets.token_hex(16)
        self.llm_proc: subprocess.Popen[Any] | None = None
        self.server_proc: subprocess.Popen[Any] | None = None
        self.llm_url = ""
        self.port = 0
        self.env = {
            **os.environ,
            "JUPYTER_DATA_DIR": str(self.tmp / "data"),
            "JUPYTER_RUNTIME_DIR": str(self.tmp / "runtime"),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(BENCH), os.environ.get("PYTHONPATH", "")])),
            **(env or {}),
        }
        self.http = AsyncHTTPClient()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> Stack:
        await self._start_llm()
        for attempt in range(3):  # a free port can be taken between our probe and the bind
            try:
                await self._start_server()
                return self
            except BenchError:
                _stop(self.server_proc)
                if attempt == 2:
                    raise
        return self

    async def _start_llm(self) -> None:
        for _ in range(3):
            port = free_port()
            self.llm_proc = subprocess.Popen(
                [sys.executable, str(ROOT / "tests" / "fake_llm.py"), "--port", str(port), "--api-key", API_KEY],
                stdout=subprocess.PIPE,
                stderr=open(self.tmp / "fake_llm.log", "w"),
                text=True,
                start_new_session=True,
                env=self.env,
            )
            line = await asyncio.get_running_loop().run_in_executor(None, self.llm_proc.stdout.readline)  # type: ignore[union-attr]
            if line.startswith("http"):
                self.llm_url = line.strip()
                return
            _stop(self.llm_proc)
        raise BenchError("the fake LLM did not start: " + (self.tmp / "fake_llm.log").read_text()[-2000:])

    async def _start_server(self) -> None:
        self.port = free_port()
        root = self.tmp / "root"
        root.mkdir(exist_ok=True)
        config = self.tmp / "bench_server_config.py"
        settings = {
            "ServerApp": {
                "ip": "127.0.0.1",
                "port": self.port,
                "port_retries": 0,
                "open_browser": False,
                "allow_root": True,
                "root_dir": str(root),
                "jpserver_extensions": {
                    "jupyterlab_gptinterp": True,
                    "bench_lagprobe": True,
                    **dict.fromkeys(self.extensions, True),
                    "jupyterlab": False,
                    "jupyter_lsp": False,
                },
            },
            "IdentityProvider": {"token": self.token},
            "GPTInterp": {
                "base_url": self.llm_url,
                "api_key": API_KEY,
                "model": MODEL,
                "max_retries": 0,
                "request_timeout": 60.0,
                "db_path": str(self.tmp / "history.sqlite3"),
                **self.gptinterp,
            },
            **self.config,
        }
        config.write_text(
            "".join(
                f"c.{section}.{key} = {value!r}\n"
                for section, values in settings.items()
                for key, value in values.items()
            )
        )
        log = open(self.tmp / "server.log", "w")
        # BENCH_PROFILE=file: the server runs under cProfile, its stats written there on exit.
        profile = os.environ.get("BENCH_PROFILE")
        prefix = ["-m", "cProfile", "-o", profile] if profile else []
        self.server_proc = subprocess.Popen(
            [sys.executable, *prefix, "-m", "jupyter_server", f"--config={config}", *self.args],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env=self.env,
            cwd=str(root),
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.server_proc.poll() is not None:
                raise BenchError("jupyter server exited:\n" + self.server_log()[-3000:])
            try:
                resp = await self.fetch("/api/status", raise_error=False)
                if resp.code == 200:
                    return
            except (ConnectionError, OSError):
                pass
            await asyncio.sleep(0.2)
        raise BenchError("jupyter server did not come up in 60 s:\n" + self.server_log()[-3000:])

    def server_log(self) -> str:
        try:
            return (self.tmp / "server.log").read_text()
        except OSError:
            return ""

    async def fetch(self, path: str, method: str = "GET", body: Any = None, raise_error: bool = True) -> Any:
        req = HTTPRequest(
            self.base + path,
            method=method,
            headers={"Authorization": f"token {self.token}"},
            body=None if body is None else json.dumps(body),
            request_timeout=60,
        )
        return await self.http.fetch(req, raise_error=raise_error)

    async def api(self, path: str, method: str = "GET", body: Any = None) -> Any:
        resp = await self.fetch(path, method, {} if body is None and method == "POST" else body)
        return json.loads(resp.body) if resp.body else None

    async def llm_admin(self, action: str, data: Any = None) -> None:
        url = self.llm_url.rsplit("/v1", 1)[0] + f"/_admin/{action}"
        resp = await self.http.fetch(url, method="POST", body=json.dumps(data), request_timeout=30)
        check(json.loads(resp.body).get("ok") is True, f"fake LLM admin {action}: {resp.body!r}")

    async def llm_get(self, action: str) -> Any:
        url = self.llm_url.rsplit("/v1", 1)[0] + f"/_admin/{action}"
        return json.loads((await self.http.fetch(url, request_timeout=30)).body)

    async def start_kernel(self, path: str = "bench.ipynb") -> str:
        """The kernel of a session for notebook `path`, as JupyterLab opens one: code proposed
        in a notebook runs only in its session's kernel."""
        body = {"path": path, "name": path, "type": "notebook", "kernel": {"name": "python3"}}
        return (await self.api("/api/sessions", "POST", body))["kernel"]["id"]

    def connection_file(self, kernel_id: str) -> Path:
        return self.tmp / "runtime" / f"kernel-{kernel_id}.json"

    async def connect(self) -> ChatSocket:
        req = HTTPRequest(f"ws://127.0.0.1:{self.port}/gptinterp/ws", headers={"Authorization": f"token {self.token}"})
        ws = await websocket_connect(req, max_message_size=64 * 1024 * 1024)
        ws.protocol.set_nodelay(True)  # as browsers do (Chromium sets TCP_NODELAY on every socket)
        return ChatSocket(ws)

    def close(self) -> None:
        _stop(self.server_proc)
        _stop(self.llm_proc)
        self.server_proc = self.llm_proc = None
        if not os.environ.get("BENCH_KEEP"):  # BENCH_KEEP=1 keeps the logs and the history db
            shutil.rmtree(self.tmp, ignore_errors=True)


# --- the websocket protocol, minimally ---------------------------------------------------------


def notebook(kernel_id: str, path: str = "bench.ipynb") -> dict[str, Any]:
    return {
        "path": path,
        "kernel_id": kernel_id,
        "cells": [{"id": "c1", "cell_type": "code", "source": "x = 1", "execution_count": 1}],
    }


class ChatSocket:
    """One websocket; every message kept with its arrival time (perf_counter)."""

    def __init__(self, ws: Any):
        self.ws = ws
        self.inbox: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self.errors: list[dict[str, Any]] = []
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            raw = await self.ws.read_message()
            t = time.perf_counter()
            if raw is None:
                await self.inbox.put((t, {"type": "_closed"}))
                return
            msg = json.loads(raw)
            if msg.get("type") == "error":
                self.errors.append(msg)
            await self.inbox.put((t, msg))

    async def send(self, msg: dict[str, Any]) -> float:
        t = time.perf_counter()
        await self.ws.write_message(json.dumps(msg))
        return t

    async def next(self, timeout: float = 60) -> tuple[float, dict[str, Any]]:
        try:
            t, msg = await asyncio.wait_for(self.inbox.get(), timeout)
        except asyncio.TimeoutError:
            raise BenchError(f"no message from the server in {timeout:g} s") from None
        if msg["type"] == "_closed":
            raise BenchError("the websocket closed")
        if msg["type"] == "error":
            raise BenchError(f"server error: {msg.get('code')}: {msg.get('message')}")
        return t, msg

    async def until(
        self, type_: str, timeout: float = 60, seen: list[tuple[float, dict[str, Any]]] | None = None
    ) -> tuple[float, dict[str, Any]]:
        """Read until a message of `type_`; everything read on the way is appended to `seen`."""
        deadline = time.monotonic() + timeout
        while True:
            t, msg = await self.next(max(deadline - time.monotonic(), 0.01))
            if seen is not None:
                seen.append((t, msg))
            if msg["type"] == type_:
                return t, msg

    async def open_chat(self, path: str = "bench.ipynb") -> tuple[str, int]:
        await self.send({"type": "open_chat", "notebook_path": path})
        _, opened = await self.until("chat_opened")
        return opened["chat"]["chat_id"], opened["last_seq"]

    def close(self) -> None:
        self._reader.cancel()
        self.ws.close()


class SeqCheck:
    """Per-chat seq continuity: every stored event must arrive, once, in order."""

    def __init__(self, chat_id: str, last_seq: int):
        self.chat_id = chat_id
        self.last = last_seq

    def see(self, msg: dict[str, Any]) -> None:
        if msg.get("type") == "ack":  # a request's receipt, on the socket that sent it: no chat event
            return
        if msg.get("chat_id") != self.chat_id:
            raise BenchError(f"event of chat {msg.get('chat_id')} on the socket of {self.chat_id}")
        seq = msg.get("seq", 0)
        if seq:  # 0: ephemeral (deltas, status)
            check(seq == self.last + 1, f"chat {self.chat_id}: seq {seq} after {self.last} (event dropped or repeated)")
            self.last = seq
