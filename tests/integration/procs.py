"""Real processes for the integration tests: each started on a free loopback port, in a process
group of its own (so its kernels and children go with it), its output in a log file that a
failure shows, and always stopped.

`require` is how a test says what it needs from the machine (a venv, a program): without it the
test is skipped with the reason, or fails with it when GPTINTERP_REQUIRE_INTEGRATION=1 (CI sets
it: there, a part that cannot run is a failure, not a skip).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 120.0  # a busy 2-core machine starts a jupyter server in 5-30 s


def require(ok: bool, reason: str) -> None:
    if ok:
        return
    if os.environ.get("GPTINTERP_REQUIRE_INTEGRATION") == "1":
        pytest.fail(f"required for this integration test, and missing: {reason}", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Proc:
    """One process a test started, with its log."""

    def __init__(
        self, name: str, args: list[str], log_dir: Path, env: dict[str, str] | None = None, cwd: Path | None = None
    ):
        self.name = name
        self.log_path = log_dir / f"{name}.log"
        with self.log_path.open("wb") as log:
            self.popen = subprocess.Popen(
                args,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, **(env or {})},
                cwd=str(cwd) if cwd else None,
                start_new_session=True,
            )

    def log(self, tail: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-tail:]
        except OSError:
            return ""

    def running(self) -> bool:
        return self.popen.poll() is None

    def stop(self, grace: float = 15) -> None:
        if self.running():
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)  # the group created for it: kernels too
        except (ProcessLookupError, PermissionError):
            pass
        self.popen.wait(10)


async def wait_http(
    proc: Proc, url: str, headers: dict[str, str] | None = None, timeout: float = START_TIMEOUT, status: int = 0
) -> None:
    """Until `url` answers (with `status`; 0: any but a connection error), or fail with the log."""
    client = AsyncHTTPClient()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proc.running():
            raise RuntimeError(f"{proc.name} exited with {proc.popen.returncode}:\n{proc.log()}")
        try:
            response = await client.fetch(
                HTTPRequest(url, headers=headers or {}, request_timeout=10), raise_error=False
            )
            if not status or response.code == status:
                return
        except (OSError, HTTPClientError):
            pass
        await asyncio.sleep(0.25)
    raise RuntimeError(f"{proc.name} did not answer at {url} in {timeout:g} s:\n{proc.log()}")


async def start_on_free_port(
    name: str,
    args: Callable[[int], list[str]],
    tmp: Path,
    ready: Callable[[int], str],
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    headers: dict[str, str] | None = None,
    status: int = 0,
) -> tuple[Proc, int]:
    """Start `args(port)` on a free port until `ready(port)` answers; a port can be taken between
    the probe and the bind, so up to three ports are tried."""
    for attempt in range(3):
        port = free_port()
        proc = Proc(name, args(port), tmp, env, cwd)
        try:
            await wait_http(proc, ready(port), headers, status=status)
            return proc, port
        except RuntimeError:
            proc.stop()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def config_file(path: Path, settings: dict[str, dict[str, Any]]) -> Path:
    path.write_text(
        "".join(
            f"c.{section}.{key} = {value!r}\n" for section, values in settings.items() for key, value in values.items()
        )
    )
    return path


class JupyterServer:
    """`python -m jupyter_server` with the extension (no JupyterLab frontend), a token, a free port."""

    def __init__(
        self,
        tmp: Path,
        settings: dict[str, dict[str, Any]],
        args: tuple[str, ...] = (),
        name: str = "server",
        env: dict[str, str] | None = None,
    ):
        self.tmp = tmp
        self.env = env or {}
        self.name = name
        self.token = secrets.token_hex(16)
        self.port = 0
        self.settings = settings
        self.args = args
        self.proc: Proc | None = None
        self.http = AsyncHTTPClient()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> JupyterServer:
        root = self.tmp / f"{self.name}-root"
        root.mkdir(exist_ok=True)
        env = {
            "JUPYTER_DATA_DIR": str(self.tmp / f"{self.name}-data"),
            "JUPYTER_RUNTIME_DIR": str(self.tmp / f"{self.name}-runtime"),
            **self.env,
        }

        def args(port: int) -> list[str]:
            base = {
                "ServerApp": {
                    "ip": "127.0.0.1",
                    "port": port,
                    "port_retries": 0,
                    "open_browser": False,
                    "allow_root": True,
                    "root_dir": str(root),
                    "jpserver_extensions": {"jupyterlab_gptinterp": True, "jupyterlab": False, "jupyter_lsp": False},
                },
                "IdentityProvider": {"token": self.token},
            }
            sections = {*base, *self.settings}
            merged = {k: {**base.get(k, {}), **self.settings.get(k, {})} for k in sections}
            config = config_file(self.tmp / f"{self.name}_config.py", merged)
            return [sys.executable, "-m", "jupyter_server", f"--config={config}", *self.args]

        self.proc, self.port = await start_on_free_port(
            self.name,
            args,
            self.tmp,
            lambda port: f"http://127.0.0.1:{port}/api/status",
            env,
            root,
            {"Authorization": f"token {self.token}"},
        )
        return self

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stop()

    async def fetch(self, path: str, method: str = "GET", body: Any = None, token: str | None = None) -> Any:
        """The decoded JSON reply (None for an empty body); HTTPClientError on an error status."""
        request = HTTPRequest(
            self.url + path,
            method=method,
            headers={"Authorization": f"token {token or self.token}"},
            body=None if body is None and method not in ("POST", "PUT", "PATCH") else json.dumps(body or {}),
            request_timeout=120,
        )
        response = await self.http.fetch(request)
        return json.loads(response.body) if response.body else None

    async def start_session(self, path: str, kernel_name: str = "python3") -> str:
        """Open a notebook's kernel session as JupyterLab does; its kernel id."""
        body = {"path": path, "name": path, "type": "notebook", "kernel": {"name": kernel_name}}
        return (await self.fetch("/api/sessions", "POST", body))["kernel"]["id"]

    async def chat_socket(self, token: str | None = None) -> Any:
        from conftest import ChatClient

        request = HTTPRequest(
            f"ws://127.0.0.1:{self.port}/gptinterp/ws", headers={"Authorization": f"token {token or self.token}"}
        )
        return ChatClient(await websocket_connect(request, max_message_size=64 * 1024 * 1024))
