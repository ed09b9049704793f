"""A real `jupyter server` process killed with SIGKILL mid-turn (issue 6).

Nothing shuts down cleanly: a second server opened on the same history must replay every event
the first had sent, close the turn the kill cut short, bring the proposal back pending, and run
nothing until it is approved again; then it runs exactly once. Driven through the headless client
over the real websocket; the model is the fake OpenAI-compatible server on loopback.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import API_KEY, run_code_call
from tornado.httpclient import AsyncHTTPClient

from jupyterlab_gptinterp.client import GPTInterpClient, ServerError
from jupyterlab_gptinterp.errors import ErrorCode
from jupyterlab_gptinterp.protocol import (
    AssistantDelta,
    AssistantMessage,
    ExecutionDone,
    ExecutionStarted,
    ProposalDecided,
    ProposalEvent,
    TurnEnded,
    TurnStarted,
    UserMessageEvent,
)

START_TIMEOUT = 180  # a cold jupyter_server start on a busy 2-core machine


@dataclass
class ServerProcess:
    proc: subprocess.Popen
    url: str
    token: str
    log: Path
    children: set[int] = field(default_factory=set)  # kernels, remembered before a kill orphans them

    @property
    def pid(self) -> int:
        return self.proc.pid

    def remember_children(self) -> None:
        self.children |= _descendants(self.pid)

    def kill(self) -> None:
        self.remember_children()
        if self.proc.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
        self.proc.wait(60)


def _descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert port not in (8888, 18765)
    return port


@pytest.fixture
def jupyter_servers(tmp_path, fake_llm, jp_asyncio_loop):
    """Start real `jupyter server` processes sharing one root and one history database, and
    clients of them; after the test every client is closed, and every server and every kernel
    they started is gone."""
    root, db = tmp_path / "root", tmp_path / "history.sqlite3"  # one root, one history for all
    root.mkdir()
    env = {
        **os.environ,
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_PLATFORM_DIRS": "0",
    }
    started: list[ServerProcess] = []
    clients: list[GPTInterpClient] = []

    async def connect(server: ServerProcess) -> GPTInterpClient:
        await _ready(server)
        client = GPTInterpClient(server.url, server.token, timeout=60)
        clients.append(client)
        await client.open()
        return client

    def start(**gptinterp: object) -> ServerProcess:
        port, token = _free_port(), secrets.token_hex(16)
        config = {
            "base_url": fake_llm.url,
            "api_key": API_KEY,
            "model": "fake-model",
            "max_retries": 0,
            "request_timeout": 30.0,
            "db_path": str(db),
            **gptinterp,
        }
        log = tmp_path / f"server-{len(started)}.log"
        cmd = [
            sys.executable,
            "-m",
            "jupyter_server",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--allow-root",
            "--ServerApp.port_retries=0",
            f"--ServerApp.root_dir={root}",
            f"--IdentityProvider.token={token}",
            "--ServerApp.jpserver_extensions={'jupyterlab_gptinterp': True}",
            *(f"--GPTInterp.{k}={v}" for k, v in config.items()),
        ]
        with open(log, "wb") as out:
            proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT)
        server = ServerProcess(proc, f"http://127.0.0.1:{port}/", token, log)
        started.append(server)
        return server

    yield start, connect
    for client in clients:
        jp_asyncio_loop.run_until_complete(client.close())
    for server in started:
        try:
            server.kill()
        except Exception:
            pass
    for pid in set().union(*(s.children for s in started)):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue  # already gone (ipykernel exits when its server dies)
        if b"ipykernel" in cmdline or b"jupyter" in cmdline:
            os.kill(pid, signal.SIGKILL)


async def _ready(server: ServerProcess) -> None:
    """Wait until the server answers its status API with our token."""
    deadline = time.monotonic() + START_TIMEOUT
    http = AsyncHTTPClient()
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise AssertionError(f"jupyter server exited ({server.proc.returncode}):\n{server.log.read_text()[-3000:]}")
        try:
            response = await http.fetch(
                server.url + "api/status",
                headers={"Authorization": f"token {server.token}"},
                raise_error=False,
                request_timeout=10,
            )
            if response.code == 200:
                return
        except OSError:
            pass  # not listening yet
        await asyncio.sleep(0.3)
    raise AssertionError(f"jupyter server did not start:\n{server.log.read_text()[-3000:]}")


async def _wait_for(client: GPTInterpClient, start: int, kind: type, timeout: float = 120, **match: object):
    """The first message of this kind at or after index `start` of what the client received."""
    events = client.events(since=start, timeout=timeout)
    async for msg in events:
        if isinstance(msg, kind) and all(getattr(msg, k) == v for k, v in match.items()):
            return msg
    raise AssertionError(f"the connection closed before a {kind.__name__}")


def _stored(client: GPTInterpClient, chat_id: str) -> list[dict]:
    """The persisted events this client received (ephemeral ones have seq 0)."""
    return [m.model_dump() for m in client.received if getattr(m, "chat_id", None) == chat_id and getattr(m, "seq", 0)]


async def test_sigkill_with_a_pending_proposal_loses_nothing_and_runs_nothing(jupyter_servers, fake_llm, tmp_path):
    start, connect = jupyter_servers
    marker = tmp_path / "marker.txt"
    code = f"with open({str(marker)!r}, 'a') as f:\n    f.write('ran\\n')\nprint('marker written')"
    fake_llm.script(run_code_call(code, "to write the marker"))

    first = start()
    client = await connect(first)
    kernel_1 = await client.start_kernel_session("nb.ipynb")
    chat_id = (await client.open_chat("nb.ipynb")).chat.chat_id
    view = await client.notebook_view("nb.ipynb", kernel_1)
    begin = len(client.received)
    await client.send(chat_id, "Write the marker file", view)
    proposal = await _wait_for(client, begin, ProposalEvent)
    seen = _stored(client, chat_id)
    assert [e["type"] for e in seen] == ["user_message", "turn_started", "proposal"]
    turn_id = next(e["turn_id"] for e in seen if e["type"] == "turn_started")

    first.kill()  # SIGKILL: no shutdown hook, no final commit
    assert first.proc.returncode == -signal.SIGKILL
    async for _ in client.events(since=len(client.received), timeout=60):
        pass  # the websocket notices the dead server and closes
    await client.close()
    assert not marker.exists()

    second = start()
    client = await connect(second)
    opened = await client.open_chat("nb.ipynb", chat_id, after_seq=0)
    replay = [e.model_dump() for e in opened.replay]
    assert replay[: len(seen)] == seen  # every event sent before the kill, same seq, same content
    closing = opened.replay[len(seen) :]
    assert [type(e) for e in closing] == [TurnEnded]
    assert closing[0].turn_id == turn_id and closing[0].reason == "error" and "restarted" in closing[0].message
    assert not [e for e in opened.replay if isinstance(e, (ProposalDecided, ExecutionStarted))]  # still pending
    await asyncio.sleep(1.0)  # give anything that wrongly ran a chance to show
    assert not marker.exists()
    assert not [m for m in client.received if isinstance(m, (ProposalDecided, ExecutionStarted))]

    # Approving the restored proposal, in the notebook's new kernel, runs it exactly once.
    kernel_2 = await client.start_kernel_session("nb.ipynb")
    assert kernel_2 != kernel_1
    begin = len(client.received)
    decided = await client.approve(chat_id, proposal.proposal_id, proposal.code, kernel_id=kernel_2)
    assert decided.decision == "approved" and decided.code == code
    done = await _wait_for(client, begin, ExecutionDone, proposal_id=proposal.proposal_id)
    assert done.status == "ok", done
    assert marker.read_text() == "ran\n"
    with pytest.raises(ServerError) as again:
        await client.approve(chat_id, proposal.proposal_id, proposal.code, kernel_id=kernel_2)
    assert again.value.code == ErrorCode.proposal_decided
    started = [m for m in client.received if isinstance(m, ExecutionStarted)]
    assert [(s.proposal_id, s.kernel_id) for s in started] == [(proposal.proposal_id, kernel_2)]

    # The chat goes on, and the model is told what became of its code.
    fake_llm.script({"text": "Good, the marker is there."})
    view = await client.notebook_view("nb.ipynb", kernel_2)
    result = await client.run_turn(chat_id, "Did it work?", view, timeout=120)
    assert result.reason == "answer" and result.answer == "Good, the marker is there."
    told = " ".join(str(m.get("content")) for m in fake_llm.requests[-1]["messages"])
    assert "before a restart" in told and "marker written" in told
    assert marker.read_text() == "ran\n"


async def test_sigkill_during_a_stalled_model_stream_closes_the_turn_and_the_chat_goes_on(jupyter_servers, fake_llm):
    start, connect = jupyter_servers
    fake_llm.script(
        {"text": "Let me think about this for a long while.", "chunk_chars": 4, "stall_after_chunks": 2, "stall": 120}
    )

    first = start()
    client = await connect(first)
    kernel_1 = await client.start_kernel_session("nb.ipynb")
    chat_id = (await client.open_chat("nb.ipynb")).chat.chat_id
    view = await client.notebook_view("nb.ipynb", kernel_1)
    begin = len(client.received)
    await client.send(chat_id, "Think hard", view)
    for _ in range(2):  # both chunks streamed: the server is inside the model call
        delta = await _wait_for(client, begin, AssistantDelta)
        begin = client.received.index(delta) + 1
    seen = _stored(client, chat_id)
    assert [e["type"] for e in seen] == ["user_message", "turn_started"]

    first.kill()
    await client.close()

    second = start()
    client = await connect(second)
    opened = await client.open_chat("nb.ipynb", chat_id, after_seq=0)
    assert [e.model_dump() for e in opened.replay[: len(seen)]] == seen
    assert [type(e) for e in opened.replay[len(seen) :]] == [TurnEnded]
    assert opened.replay[-1].reason == "error"
    assert not [e for e in opened.replay if isinstance(e, AssistantMessage)]

    fake_llm.script({"text": "I am back."})
    kernel_2 = await client.start_kernel_session("nb.ipynb")
    result = await client.run_turn(
        chat_id, "Are you there?", await client.notebook_view("nb.ipynb", kernel_2), timeout=120
    )
    assert result.answer == "I am back."
    assert [type(e) for e in result.events[:2]] == [UserMessageEvent, TurnStarted]
