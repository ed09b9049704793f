"""Remote kernels: a real Jupyter Enterprise Gateway (3.3.0, its own venv: it pins
jupyter_server<2 and jupyter_client<7) started here, and a real `jupyter server` with the
extension started with `--gateway-url` pointing at it. Every kernel the notebook gets is the
gateway's; the extension runs approved code there, streams its outputs, interrupts it on Stop and
on the execution timeout, and notices when it restarts.

The gateway's venv: `bash scripts/integration-envs gateway` (CI does it), or
GPTINTERP_GATEWAY_BIN=/path/to/jupyter-enterprisegateway.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from pathlib import Path

import gateway
import pytest
from conftest import API_KEY, run_code_call
from procs import JupyterServer, Proc, require, start_on_free_port
from tornado.httpclient import AsyncHTTPClient, HTTPRequest


class Gateway:
    def __init__(self, tmp: Path):
        require(gateway.BIN.exists(), gateway.MISSING)
        self.tmp = tmp
        self.token = secrets.token_hex(16)
        self.port = 0
        self.proc: Proc | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> Gateway:
        self.proc, self.port = await start_on_free_port(
            "gateway",
            lambda port: gateway.command(port, self.token),
            self.tmp,
            lambda port: f"http://127.0.0.1:{port}/api",
            gateway.environment(self.tmp),
            self.tmp,
        )
        return self

    async def kernel_ids(self) -> set[str]:
        import json

        request = HTTPRequest(self.url + "/api/kernels", headers={"Authorization": f"token {self.token}"})
        return {k["id"] for k in json.loads((await AsyncHTTPClient().fetch(request)).body)}

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stop()


# pytest-jupyter runs each async test in its own loop (jp_asyncio_loop): fixtures are synchronous
# and drive that loop, as in tests/conftest.py.


@pytest.fixture
def remote(tmp_path, jp_asyncio_loop):
    gw = Gateway(tmp_path)
    try:
        yield jp_asyncio_loop.run_until_complete(gw.start())
    finally:
        gw.stop()


async def _server(tmp_path, fake_llm, remote: Gateway, name: str, **gptinterp) -> JupyterServer:
    settings = {
        "GPTInterp": {
            "base_url": fake_llm.url,
            "api_key": API_KEY,
            "model": "fake-model",
            "max_retries": 0,
            "request_timeout": 30.0,
            "db_path": str(tmp_path / f"{name}-history.sqlite3"),
            **gptinterp,
        },
    }
    args, env, settings["GatewayClient"] = gateway.server_settings(remote.url, remote.token)
    return await JupyterServer(tmp_path, settings, args, name=name, env=env).start()


@pytest.fixture
def server(tmp_path, fake_llm, remote, jp_asyncio_loop):
    srv = jp_asyncio_loop.run_until_complete(_server(tmp_path, fake_llm, remote, "server"))
    yield srv
    srv.stop()
    print(f"--- server log (tail) ---\n{srv.proc.log()}\n--- gateway log (tail) ---\n{remote.proc.log()}")


def notebook(kid: str, path: str = "remote.ipynb") -> dict:
    return {"path": path, "kernel_id": kid, "cells": [{"id": "a1", "cell_type": "code", "source": ""}]}


async def _propose_and_approve(ws, chat: str, kid: str, path: str = "remote.ipynb") -> dict:
    await ws.send({"type": "send_message", "chat_id": chat, "text": "run it", "notebook": notebook(kid, path)})
    proposal = await ws.until("proposal", timeout=60)
    await ws.send(
        {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
    )
    return proposal


async def _run(ws, chat: str, kid: str, fake_llm, code: str) -> dict:
    """One turn that runs `code` (approved as proposed) and ends; its execution_done."""
    fake_llm.script(run_code_call(code), {"text": "done"})
    await _propose_and_approve(ws, chat, kid)
    done = await ws.until("execution_done", timeout=120)
    await ws.until("turn_ended", timeout=60)
    return done


async def test_the_loop_runs_on_the_gateways_kernel_and_streams(server, remote, fake_llm):
    kid = await server.start_session("remote.ipynb")
    assert kid in await remote.kernel_ids(), "the notebook's kernel is the gateway's"
    ws = await server.chat_socket()
    chat = await ws.open_chat("remote.ipynb")

    # Runs in the gateway's venv (not this server's), and its two prints arrive one by one.
    code = "import sys, time\nprint(sys.prefix, flush=True)\ntime.sleep(1.5)\nprint('second', flush=True)"
    fake_llm.script(run_code_call(code), {"text": "It ran on the gateway."})
    await _propose_and_approve(ws, chat, kid)
    first = await ws.until("execution_output", timeout=120)
    arrived = time.monotonic()
    assert first["output"]["text"].strip() == str(gateway.PREFIX)
    second = await ws.until("execution_output", timeout=60)
    assert second["output"]["text"] == "second\n"
    assert time.monotonic() - arrived > 1.0, "the first output came before the cell finished"
    done = await ws.until("execution_done", timeout=60)
    assert done["status"] == "ok" and isinstance(done["execution_count"], int)
    assert (await ws.until("assistant_message"))["text"] == "It ran on the gateway."
    assert (await ws.until("turn_ended"))["reason"] == "answer"
    assert str(gateway.PREFIX) in fake_llm.requests[1]["messages"][-1]["content"]  # the model saw it

    # The state stays in the remote kernel between executions.
    fake_llm.script(run_code_call("x = 41"), {"text": "ok"}, run_code_call("print(x + 1)"), {"text": "42"})
    await _propose_and_approve(ws, chat, kid)
    await ws.until("turn_ended", timeout=120)
    await _propose_and_approve(ws, chat, kid)
    assert (await ws.until("execution_output", timeout=120))["output"]["text"] == "42\n"
    await ws.until("turn_ended", timeout=60)
    ws.ws.close()


async def test_stop_interrupts_the_remote_kernel(server, fake_llm):
    kid = await server.start_session("remote.ipynb")
    ws = await server.chat_socket()
    chat = await ws.open_chat("remote.ipynb")
    fake_llm.script(run_code_call("import time\nprint('sleeping', flush=True)\ntime.sleep(600)"))
    await _propose_and_approve(ws, chat, kid)
    assert (await ws.until("execution_output", timeout=120))["output"]["text"] == "sleeping\n"
    await ws.send({"type": "stop", "chat_id": chat})
    done = await ws.until("execution_done", timeout=60)
    assert done["status"] == "aborted"
    await ws.until("turn_ended", timeout=60)
    # Interrupted, not left sleeping: the next cell runs at once, and the sleep was what stopped.
    started = time.monotonic()
    done = await _run(ws, chat, kid, fake_llm, "import sys\nprint(type(sys.last_value).__name__)")
    assert done["status"] == "ok" and time.monotonic() - started < 60
    outputs = [m["output"] for m in ws.of("execution_output")]
    assert outputs[-1]["text"] == "KeyboardInterrupt\n"
    ws.ws.close()


async def test_the_execution_timeout_interrupts_the_remote_kernel(tmp_path, fake_llm, remote):
    server = await _server(tmp_path, fake_llm, remote, "timeout-server", execution_timeout=3.0)
    try:
        kid = await server.start_session("remote.ipynb")
        ws = await server.chat_socket()
        chat = await ws.open_chat("remote.ipynb")
        done = await _run(ws, chat, kid, fake_llm, "import time\ntime.sleep(600)")
        assert done["status"] == "error" and "longer than 3 s" in done["message"]
        assert any(m["output"].get("ename") == "KeyboardInterrupt" for m in ws.of("execution_output"))
        assert (await _run(ws, chat, kid, fake_llm, "1 + 1"))["status"] == "ok"
        ws.ws.close()
    finally:
        server.stop()


async def test_a_restarted_remote_kernel_is_noticed(server, fake_llm):
    kid = await server.start_session("remote.ipynb")
    ws = await server.chat_socket()
    chat = await ws.open_chat("remote.ipynb")
    assert (await _run(ws, chat, kid, fake_llm, "before = 1"))["status"] == "ok"

    # Restarted through the server (as JupyterLab's Restart Kernel does) while a cell runs.
    fake_llm.script(run_code_call("import time\nprint('sleeping', flush=True)\ntime.sleep(600)"), {"text": "ok"})
    await _propose_and_approve(ws, chat, kid)
    await ws.until("execution_output", timeout=120)
    await server.fetch(f"/api/kernels/{kid}/restart", "POST")
    # The restart ends the run (the gateway interrupts the cell before it restarts the kernel, or
    # the restart is seen first), and the next run says the kernel's state is gone.
    done = await ws.until("execution_done", timeout=60)
    assert done["status"] == "error"
    await ws.until("turn_ended", timeout=60)
    done = await _run(ws, chat, kid, fake_llm, "print('before' in dir())")
    assert done["status"] == "ok" and ws.of("execution_output")[-1]["output"]["text"] == "False\n"
    assert "restarted" in done["message"]
    assert "restarted" in fake_llm.requests[-1]["messages"][-1]["content"]  # the model is told
    assert "restarted" not in (await _run(ws, chat, kid, fake_llm, "1"))["message"]  # once

    # The kernel process dies on the gateway, which restarts it: noticed at once, not at the timeout.
    started = time.monotonic()
    done = await _run(ws, chat, kid, fake_llm, "import os\nos._exit(1)")
    assert done["status"] == "error" and "restarted" in done["message"]
    assert time.monotonic() - started < 60
    assert (await _run(ws, chat, kid, fake_llm, "'alive'"))["status"] == "ok"
    ws.ws.close()


async def test_gateway_kernels_are_reported_busy_while_they_run(server, fake_llm):
    """The loop's `kernel_busy` (a proposal says it will wait) comes from the gateway's iopub."""
    kid = await server.start_session("remote.ipynb")
    ws = await server.chat_socket()
    chat = await ws.open_chat("remote.ipynb")
    fake_llm.script(run_code_call("import time\nprint('a', flush=True)\ntime.sleep(600)"))
    await _propose_and_approve(ws, chat, kid)
    await ws.until("execution_output", timeout=120)
    # A second notebook on the same kernel (JupyterLab's "use the kernel of another session").
    session = {"path": "other.ipynb", "name": "other.ipynb", "type": "notebook", "kernel": {"id": kid}}
    await server.fetch("/api/sessions", "POST", session)
    other = await server.chat_socket()
    chat2 = await other.open_chat("other.ipynb")
    fake_llm.script(run_code_call("1"), {"text": "done"})
    await other.send({"type": "send_message", "chat_id": chat2, "text": "go", "notebook": notebook(kid, "other.ipynb")})
    proposal = await other.until("proposal", timeout=60)
    await other.send({"type": "approve", "chat_id": chat2, "proposal_id": proposal["proposal_id"], "code": "1"})
    started = await other.until("execution_started", timeout=60)
    assert started.get("kernel_busy") is True
    await ws.send({"type": "stop", "chat_id": chat})
    await other.until("turn_ended", timeout=120)
    await asyncio.gather(ws.until("turn_ended", timeout=60))
    ws.ws.close()
    other.ws.close()
