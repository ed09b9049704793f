"""MCP tools through the approval gate, end to end: a real MCP server (tests/mcp_server.py over
stdio, started by the extension), the real jupyter_server and websocket, the fake LLM calling the
server's tools. Nothing reaches the MCP server without the user's approval of exactly those
arguments; what the tool returns (or why it did not) goes back to the model, bounded."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.kernel import KernelExecutor
from jupyterlab_gptinterp.mcp_tools import McpServerSpec, McpTools, server_specs

SERVER = str(Path(__file__).parent / "mcp_server.py")


@pytest.fixture
def mcp_timeout() -> float:
    return 120.0  # generous on a loaded machine; the hang test sets its own


@pytest.fixture
def calls_file(tmp_path) -> Path:
    return tmp_path / "mcp-calls.jsonl"


@pytest.fixture
def gptinterp_config(calls_file, mcp_timeout):
    return {
        "mcp_servers": {
            "calc": {"command": sys.executable, "args": [SERVER], "env": {"MCP_TEST_CALLS": str(calls_file)}},
            "other": {"command": sys.executable, "args": [SERVER], "env": {"MCP_TEST_CALLS": str(calls_file)}},
        },
        "mcp_allowed_servers": ["calc"],  # "other" is configured but not allowed
        "mcp_timeout": mcp_timeout,
        "loop_aids": [],
    }


def calls(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def tool_call(name: str, **arguments) -> dict:
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def notebook(kid: str) -> dict:
    return {"path": "nb.ipynb", "kernel_id": kid, "cells": []}


async def start(ws, kernel_id: str, text: str = "use the tool") -> tuple[str, dict]:
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": text, "notebook": notebook(kernel_id)})
    return chat, await ws.until("proposal", timeout=120)


async def approve(ws, chat: str, proposal: dict, code: str | None = None) -> None:
    frame = {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"]}
    replies = await ws.replies([{**frame, "code": proposal["code"] if code is None else code, "request_id": "a1"}])
    assert [r["type"] for r in replies] == ["ack"], replies


def tool_message(fake_llm, index: int) -> str:
    message = fake_llm.requests[index]["messages"][-1]
    assert message["role"] == "tool", message
    return message["content"]


async def test_approved_call_with_edited_arguments_reaches_the_server_and_the_model(
    fake_llm, chat_client, kernel_id, calls_file
):
    fake_llm.script(tool_call("calc__add", a=2, b=3), {"text": "Done: the tool added them."})
    ws = await chat_client()
    chat, proposal = await start(ws, kernel_id, "add 2 and 40 with the tool")
    assert proposal["kind"] == "mcp_tool"
    assert (proposal["tool_server"], proposal["tool_name"]) == ("calc", "add")
    assert json.loads(proposal["code"]) == {"a": 2, "b": 3}
    assert "Add two integers" in proposal["tool_description"]
    offered = [t["function"]["name"] for t in fake_llm.requests[0]["tools"]]
    assert "calc__add" in offered and "calc__die" in offered and "run_code" in offered
    assert not any(name.startswith("other__") for name in offered), "a server not allowed offers nothing"
    assert calls(calls_file) == [], "nothing is called before the approval"

    await approve(ws, chat, proposal, json.dumps({"a": 2, "b": 40}))
    started = await ws.until("tool_call_started", timeout=120)
    assert json.loads(started["arguments"]) == {"a": 2, "b": 40}
    done = await ws.until("tool_call_done", timeout=120)
    assert done["status"] == "ok" and done["output"]["text"] == "2 + 40 = 42"
    assert (await ws.until("turn_ended", timeout=120))["reason"] == "answer"

    assert calls(calls_file) == [{"tool": "add", "arguments": {"a": 2, "b": 40}}], "exactly what was approved"
    told = tool_message(fake_llm, 1)
    assert "Tool call status: ok." in told and "2 + 40 = 42" in told
    assert "edited the arguments" in told
    assert not ws.of("execution_started"), "a tool call puts no cell in the notebook"


async def test_rejected_call_is_never_made_and_the_model_gets_the_reason(fake_llm, chat_client, kernel_id, calls_file):
    fake_llm.script(tool_call("calc__add", a=1, b=1), {"text": "Understood."})
    ws = await chat_client()
    chat, proposal = await start(ws, kernel_id)
    await ws.replies(
        [{"type": "reject", "chat_id": chat, "proposal_id": proposal["proposal_id"], "reason": "no tools today"}]
    )
    decided = await ws.until("proposal_decided")
    assert decided["decision"] == "rejected"
    await ws.until("turn_ended", timeout=120)
    told = tool_message(fake_llm, 1)
    assert "rejected this tool call" in told and "no tools today" in told
    assert calls(calls_file) == []
    assert not ws.of("tool_call_started")


async def test_arguments_that_are_not_an_object_are_refused_and_the_proposal_stays(
    fake_llm, chat_client, kernel_id, calls_file
):
    fake_llm.script(tool_call("calc__add", a=1, b=2), {"text": "ok"})
    ws = await chat_client()
    chat, proposal = await start(ws, kernel_id)
    frame = {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"]}
    replies = await ws.replies(
        [{**frame, "code": "[1, 2]", "request_id": "x1"}, {**frame, "code": "{", "request_id": "x2"}]
    )
    assert [(r["type"], r.get("code")) for r in replies] == [("error", "invalid_message")] * 2
    await approve(ws, chat, proposal)  # still pending: the unedited arguments are approved
    assert (await ws.until("tool_call_done", timeout=120))["status"] == "ok"
    await ws.until("turn_ended", timeout=120)
    assert calls(calls_file) == [{"tool": "add", "arguments": {"a": 1, "b": 2}}]


async def test_a_failing_tool_is_reported_to_the_model(fake_llm, chat_client, kernel_id):
    fake_llm.script(tool_call("calc__fail", message="the database is locked"), {"text": "It failed."})
    ws = await chat_client()
    chat, proposal = await start(ws, kernel_id)
    await approve(ws, chat, proposal)
    done = await ws.until("tool_call_done", timeout=120)
    assert done["status"] == "error" and "the database is locked" in done["output"]["text"]
    await ws.until("turn_ended", timeout=120)
    told = tool_message(fake_llm, 1)
    assert "Tool call status: failed." in told and "the database is locked" in told


@pytest.mark.parametrize("mcp_timeout", [8.0])
async def test_a_tool_that_hangs_is_abandoned_after_the_timeout(fake_llm, chat_client, kernel_id, calls_file):
    fake_llm.script(tool_call("calc__add", a=1, b=1), tool_call("calc__hang", seconds=3600), {"text": "It hung."})
    ws = await chat_client()
    chat, proposal = await start(ws, kernel_id)
    await approve(ws, chat, proposal)  # a first call starts the server (slow on a loaded machine)
    await ws.until("tool_call_done", timeout=120)
    hang = await ws.until("proposal", timeout=120)
    await approve(ws, chat, hang)
    began = time.monotonic()
    done = await ws.until("tool_call_done", timeout=120)
    waited = time.monotonic() - began
    assert done["status"] == "aborted" and "did not answer within 8 s" in done["message"]
    assert 7 < waited < 60
    assert (await ws.until("turn_ended", timeout=120))["reason"] == "answer"
    assert "did not answer within 8 s" in tool_message(fake_llm, 2)


async def test_a_server_that_dies_is_reported_and_started_again(fake_llm, chat_client, kernel_id, calls_file):
    fake_llm.script(tool_call("calc__die"), tool_call("calc__add", a=20, b=22), {"text": "It came back."})
    ws = await chat_client()
    chat, proposal = await start(ws, kernel_id)
    await approve(ws, chat, proposal)
    died = await ws.until("tool_call_done", timeout=120)
    assert died["status"] == "error" and "stopped or failed during the call" in died["message"]

    again = await ws.until("proposal", timeout=120)  # the model's next request: it was told
    assert "stopped or failed" in tool_message(fake_llm, 1)
    await approve(ws, chat, again)
    done = await ws.until("tool_call_done", timeout=120)
    assert done["status"] == "ok" and done["output"]["text"] == "20 + 22 = 42"
    await ws.until("turn_ended", timeout=120)
    assert [c["tool"] for c in calls(calls_file)] == ["die", "add"]


async def test_a_long_result_is_bounded_for_the_model(fake_llm, chat_client, kernel_id):
    fake_llm.script(tool_call("calc__lines", count=5000), {"text": "Many lines."})
    ws = await chat_client()
    chat, proposal = await start(ws, kernel_id)
    await approve(ws, chat, proposal)
    done = await ws.until("tool_call_done", timeout=120)
    assert done["output"]["text"].startswith("line 00000") and "line 04999" in done["output"]["text"]
    await ws.until("turn_ended", timeout=120)
    told = tool_message(fake_llm, 1)
    assert len(told) < 4000 + 200 and "characters cut" in told
    assert "line 00000" in told and "line 04999" in told  # head and tail kept


# --- the seam on its own ---------------------------------------------------------------------


def test_only_allowed_servers_are_used_and_specs_are_checked():
    allowed, ignored = server_specs({"a": {"command": "x"}, "b": {"url": "http://127.0.0.1:1/mcp"}}, ["b"])
    assert [s.name for s in allowed] == ["b"] and ignored == ["a"]
    with pytest.raises(ValueError):
        server_specs({"a": {"command": "x", "url": "http://127.0.0.1:1/mcp"}}, ["a"])
    with pytest.raises(ValueError):
        server_specs({"a": {}}, ["a"])


async def test_each_approval_opens_only_its_own_door():
    """A tool call's approval cannot run code in a kernel, nor code's approval call a tool."""
    gate = ApprovalGate()
    tool = gate.propose("c", '{"a": 1, "b": 2}', "", "mcp_tool", "calc__add")
    code = gate.propose("c", "print(1)")
    tool_ok = gate.approve("c", tool.proposal_id, '{"a": 1, "b": 2}', "u")
    code_ok = gate.approve("c", code.proposal_id, "print(1)", "u")
    runner = McpTools([McpServerSpec(name="calc", command=sys.executable, args=[SERVER])])
    with pytest.raises(TypeError):
        await runner.call(code_ok)
    with pytest.raises(TypeError):
        await KernelExecutor(kernel_manager=None).execute(tool_ok, "k", None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        await runner.call('{"a": 1, "b": 2}')  # type: ignore[arg-type]
