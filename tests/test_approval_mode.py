"""Approval modes per chat, under the admin's lock: "ask every time" (the default) or "run
without asking in this chat", which the server refuses unless c.GPTInterp.allow_auto_run; the
mode is recorded in the chat's history (every tab and a reload see it) and turning the admin's
switch off later makes every chat ask again. Also the admin's other limits a user cannot loosen:
the upload limit, and the providers given on the command line as JSON (as a hub does)."""

from __future__ import annotations

import asyncio
import json

import pytest
from conftest import run_code_call
from jupyter_server.serverapp import ServerApp
from seam_fakes import ExecExecutor, OneNotebookKernel, ScriptedLLM

from jupyterlab_gptinterp.agent.loop import LoopConfig
from jupyterlab_gptinterp.app import GPTInterp
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.chat import ChatService, _check_attachments
from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError
from jupyterlab_gptinterp.history import HistoryStore
from jupyterlab_gptinterp.protocol import NotebookView


def notebook(kid: str, path: str = "nb.ipynb") -> dict:
    return {"path": path, "kernel_id": kid, "cells": []}


async def _send(client, chat, kid, text="go", path="nb.ipynb"):
    await client.send({"type": "send_message", "chat_id": chat, "text": text, "notebook": notebook(kid, path)})


async def test_the_admin_lock_refuses_running_without_asking(fake_llm, chat_client, kernel_id, kernel_eval):
    client = await chat_client()
    chat = await client.open_chat()
    await client.send({"type": "set_approval_mode", "chat_id": chat, "mode": "auto", "request_id": "r1"})
    refused = await client.until("error")
    assert refused["code"] == "auto_run_not_allowed" and refused["request_id"] == "r1"
    assert not client.of("approval_mode")
    # Still asks; the old per-message flag is no longer part of the protocol.
    fake_llm.script(run_code_call("auto_ran = 1"))
    await client.send(
        {"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id), "auto_run": True}
    )
    assert (await client.until("error"))["code"] == "invalid_message"
    await _send(client, chat, kernel_id)
    await client.until("proposal")
    assert not client.of("proposal_decided")
    await client.send({"type": "stop", "chat_id": chat})
    await client.until("turn_ended")
    assert await kernel_eval(kernel_id, "'auto_ran' in dir()") == "False"


class TestWhereTheAdminAllowsIt:
    @pytest.fixture
    def gptinterp_config(self):
        return {"allow_auto_run": True}

    async def test_a_chat_runs_without_asking_once_set_and_every_tab_sees_it(
        self, fake_llm, chat_client, kernel_id, kernel_eval, session_kernel
    ):
        tab1, tab2 = await chat_client(), await chat_client()
        chat = await tab1.open_chat()
        await tab2.open_chat(chat_id=chat)
        other = await tab1.open_chat("other.ipynb")

        await tab1.send({"type": "set_approval_mode", "chat_id": chat, "mode": "auto"})
        for tab in (tab1, tab2):
            changed = await tab.until("approval_mode")
            assert changed["mode"] == "auto" and changed["seq"] > 0 and changed["chat_id"] == chat

        fake_llm.script(run_code_call("auto_ran = 6 * 7"), {"text": "Done: 42."})
        await _send(tab1, chat, kernel_id)
        decided = await tab2.until("proposal_decided")
        assert decided["decision"] == "approved" and decided["auto"] is True
        await tab1.until("turn_ended")
        assert await kernel_eval(kernel_id, "auto_ran") == "42"

        # Another chat keeps asking.
        fake_llm.script(run_code_call("elsewhere = 1"))
        await _send(tab1, other, await session_kernel("other.ipynb"), path="other.ipynb")
        await tab1.until("proposal", chat_id=other)
        await tab1.send({"type": "stop", "chat_id": other})
        await tab1.until("turn_ended", chat_id=other)
        assert not [m for m in tab1.of("proposal_decided") if m["chat_id"] == other and m["auto"]]

        # A reload replays the mode; back to asking from the next message on.
        tab3 = await chat_client()
        await tab3.open_chat(chat_id=chat)
        assert (await tab3.until("approval_mode"))["mode"] == "auto"
        await tab3.send({"type": "set_approval_mode", "chat_id": chat, "mode": "ask"})
        assert (await tab1.until("approval_mode", mode="ask"))["chat_id"] == chat
        fake_llm.script(run_code_call("asked = 1"))
        await _send(tab3, chat, kernel_id, "again")
        await tab3.until("proposal")
        await tab3.send({"type": "stop", "chat_id": chat})
        await tab3.until("turn_ended")
        assert await kernel_eval(kernel_id, "'asked' in dir()") == "False"


async def test_a_chat_set_to_run_without_asking_asks_again_once_the_admin_turns_it_off(tmp_path):
    """The mode is in the chat's history; the lock is the server's config when the turn starts."""
    db = tmp_path / "h.sqlite3"
    nb = NotebookView(path="nb.ipynb", kernel_id="k1")
    code = json.dumps({"code": "x = 1", "reason": "r"})

    def server(allow: bool):
        executor = ExecExecutor()
        llm = ScriptedLLM(("", [("run_code", code)]), ("done", []))
        service = ChatService(
            HistoryStore(db),
            ApprovalGate(),
            executor,
            lambda m=None: (llm, LoopConfig()),
            allow,
            kernels=OneNotebookKernel(),
        )
        return service, executor

    allowed, _ = server(True)
    chat = allowed.open_chat("nb.ipynb").chat_id
    allowed.set_approval_mode(chat, "auto", "alice")
    allowed.store.close()

    locked, executor = server(False)
    seen: list[dict] = []
    locked.subscribe(chat, lambda frame: seen.append(json.loads(frame)))
    assert locked._session(chat).approval_mode == "auto"  # as recorded
    await locked.send_message(chat, "go", nb)
    for _ in range(200):
        if any(m["type"] == "proposal" for m in seen):
            break
        await asyncio.sleep(0.01)
    assert any(m["type"] == "proposal" for m in seen) and executor.ran == []  # it waits for a click
    with pytest.raises(GPTInterpError) as refused:
        locked.set_approval_mode(chat, "auto", "alice")
    assert refused.value.code == ErrorCode.auto_run_not_allowed
    await locked.stop(chat)
    locked.store.close()


def test_the_server_refuses_an_attachment_over_the_admins_limit(tmp_path):
    (tmp_path / "small.csv").write_text("a\n1\n")
    (tmp_path / "big.csv").write_bytes(b"x" * (2 * 1024 * 1024))
    _check_attachments(str(tmp_path), ["small.csv", "big.csv"])  # no limit
    _check_attachments(str(tmp_path), ["small.csv"], max_mb=1)
    with pytest.raises(GPTInterpError) as refused:
        _check_attachments(str(tmp_path), ["small.csv", "big.csv"], max_mb=1)
    assert refused.value.code == ErrorCode.bad_attachment and "up to 1 MB" in refused.value.text


async def test_the_browser_is_told_the_admins_policy(jp_fetch):
    info = json.loads((await jp_fetch("gptinterp", "info")).body)
    assert info["allow_auto_run"] is False and info["max_upload_mb"] == 50


def test_providers_can_be_given_on_the_command_line_as_json():
    """jupyter_server hands an extension's command-line values over as strings: a hub admin's
    c.Spawner.args must still set a list of providers."""
    providers = [{"name": "team", "base_url": "http://127.0.0.1:8000/v1", "models": [{"name": "m", "vision": False}]}]
    for argv in (
        [f"--GPTInterp.providers={json.dumps(providers)}"],
        [f"--GPTInterp.providers={json.dumps(providers[0])}"],
    ):
        for app in (ServerApp(), GPTInterp()):  # as jupyter_server parses it, and as the extension's own app
            app.parse_command_line(argv)
            assert GPTInterp(config=app.config).providers == providers
    trait = GPTInterp.class_traits()["providers"]
    assert trait.from_string(json.dumps(providers)) == providers
    assert trait.from_string_list([json.dumps(providers)]) == providers
    assert trait.from_string_list([json.dumps(p) for p in providers * 2]) == providers * 2


def test_the_loop_aids_default_to_all_but_the_values_call_and_can_name_it():
    """'values' scored no better on held-out questions than without it: off unless configured."""
    assert "values" not in GPTInterp().loop_aids and "preview" in GPTInterp().loop_aids
    app = ServerApp()
    app.parse_command_line(["--GPTInterp.loop_aids=preview", "--GPTInterp.loop_aids=values"])
    assert GPTInterp(config=app.config).loop_aids == ["preview", "values"]
