"""Shared fixtures: a real jupyter_server with the extension, a real ipykernel, and the fake
OpenAI-compatible server on loopback."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fake_llm import FakeLLM  # noqa: E402

pytest_plugins = ("pytest_jupyter.jupyter_server",)

API_KEY = "sk-test-SECRET-0123456789"


@pytest.fixture(scope="session")
def fake_llm_server():
    fake = FakeLLM(api_key=API_KEY).start_in_thread()
    yield fake
    fake.stop_thread()


@pytest.fixture
def fake_llm(fake_llm_server):
    fake_llm_server.reset()
    yield fake_llm_server
    fake_llm_server.reset()


@pytest.fixture
def gptinterp_config() -> dict[str, Any]:
    """Extra c.GPTInterp settings; a test overrides this fixture to change them."""
    return {}


@pytest.fixture
def jp_server_config(fake_llm, tmp_path, gptinterp_config):
    return {
        "ServerApp": {"jpserver_extensions": {"jupyterlab_gptinterp": True}},
        "GPTInterp": {
            "base_url": fake_llm.url,
            "api_key": API_KEY,
            "model": "fake-model",
            "max_retries": 0,
            "request_timeout": 10.0,
            "db_path": str(tmp_path / "history.sqlite3"),
            **gptinterp_config,
        },
    }


@pytest.fixture
def gptinterp_app(jp_serverapp):
    apps = jp_serverapp.extension_manager.extension_apps["jupyterlab_gptinterp"]
    return next(iter(apps))


# pytest-jupyter runs each async test in its own loop (jp_asyncio_loop): fixtures here are
# synchronous and drive that loop, so the server, the kernel and the test share one loop.


@pytest.fixture
def session_kernel(jp_serverapp, jp_asyncio_loop):
    """`await session_kernel(path)`: open a notebook as JupyterLab does, with a session for its
    path in the server's session manager; returns the session's kernel id. Code proposed in a
    notebook runs only in that kernel."""
    km = jp_serverapp.kernel_manager
    started: list[str] = []

    async def start(path: str) -> str:
        model = await jp_serverapp.session_manager.create_session(
            path=path, name=path.rsplit("/", 1)[-1], type="notebook", kernel_name="python3"
        )
        started.append(model["kernel"]["id"])
        return model["kernel"]["id"]

    yield start
    for kid in started:
        if kid in km:  # its session goes with it
            jp_asyncio_loop.run_until_complete(km.shutdown_kernel(kid, now=True))


@pytest.fixture
def kernel_id(session_kernel, jp_asyncio_loop):
    """The kernel of notebook nb.ipynb's session."""
    return jp_asyncio_loop.run_until_complete(session_kernel("nb.ipynb"))


@pytest.fixture
def kernel_eval(jp_serverapp):
    """Evaluate an expression in a kernel through a separate client: the kernel's real state."""
    clients = []

    async def evaluate(kid: str, expr: str) -> str:
        client = jp_serverapp.kernel_manager.get_kernel(kid).client()
        client.start_channels()
        clients.append(client)
        # A kernel that three others started beside may take long to answer on a busy 2-core machine
        # (30 s was once not enough in CI): the wait bounds a hang, it is not what is tested.
        await client.wait_for_ready(timeout=120)
        reply = await client.execute_interactive(f"print(repr({expr}))", timeout=120, output_hook=_collect(out := []))
        assert reply["content"]["status"] == "ok", reply["content"]
        return "".join(out).strip()

    yield evaluate
    for client in clients:
        client.stop_channels()


def _collect(sink: list[str]):
    def hook(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "stream":
            sink.append(msg["content"]["text"])

    return hook


# What the server sends to the one socket a frame came from, in answer to it (the rest are chat
# events, broadcast to every subscriber).
REPLY_TYPES = ("error", "chat_opened", "ack")


class ChatClient:
    """A websocket client of the extension's protocol, keeping every message it receives."""

    def __init__(self, ws: Any):
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self._barriers = 0

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.write_message(message if isinstance(message, str) else json.dumps(message))

    async def next(self, timeout: float = 30) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.read_message(), timeout)
        assert raw is not None, "the websocket closed"
        msg = json.loads(raw)
        self.received.append(msg)
        return msg

    async def until(self, type_: str, timeout: float = 30, **match: Any) -> dict[str, Any]:
        """Read until a message of this type (and these field values) arrives."""
        for seen in self.received:
            if seen["type"] == type_ and all(seen.get(k) == v for k, v in match.items()) and not seen.get("_used"):
                seen["_used"] = True
                return seen
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            msg = await self.next(max(deadline - asyncio.get_running_loop().time(), 0.01))
            if msg["type"] == type_ and all(msg.get(k) == v for k, v in match.items()):
                msg["_used"] = True
                return msg

    async def replies(self, frames: list[dict[str, Any] | str], timeout: float = 120) -> list[dict[str, Any]]:
        """Send `frames`, then a barrier frame (a stop for a chat that does not exist); return the
        replies that came before the barrier's own. The server answers one socket's frames in
        order, so by then every frame has had all the replies it will get."""
        self._barriers += 1
        barrier = f"barrier-{self._barriers}"
        for frame in frames:
            await self.send(frame)
        await self.send({"type": "stop", "chat_id": "c-no-such-chat", "request_id": barrier})
        got: list[dict[str, Any]] = []
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            msg = await self.next(max(deadline - asyncio.get_running_loop().time(), 0.01))
            if msg["type"] in REPLY_TYPES:
                msg["_used"] = True  # taken here: until() does not return it again
                if msg.get("request_id") == barrier:
                    assert msg["type"] == "error" and msg["code"] == "unknown_chat", msg
                    return got
                got.append(msg)

    def of(self, type_: str) -> list[dict[str, Any]]:
        return [m for m in self.received if m["type"] == type_]

    async def open_chat(self, path: str = "nb.ipynb", **extra: Any) -> str:
        await self.send({"type": "open_chat", "notebook_path": path, **extra})
        return (await self.until("chat_opened"))["chat"]["chat_id"]


@pytest.fixture
def chat_client(jp_ws_fetch):
    clients: list[ChatClient] = []

    async def connect() -> ChatClient:
        client = ChatClient(await jp_ws_fetch("gptinterp", "ws"))
        clients.append(client)
        return client

    yield connect
    for client in clients:
        client.ws.close()


def run_code_call(code: str, reason: str = "to compute it") -> dict[str, Any]:
    return {"tool_calls": [{"name": "run_code", "arguments": {"code": code, "reason": reason}}]}
