"""The approve-then-run loop end to end: real server, websocket, fake LLM over HTTP, real kernel."""

from __future__ import annotations

import json

import pytest
from conftest import run_code_call


async def approve_runs(ws, chat: str, times: int) -> None:
    """Approve the next `times` proposals as proposed, each run to its end."""
    for _ in range(times):
        proposal = await ws.until("proposal")
        await ws.send(
            {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
        )
        await ws.until("execution_done")


def notebook(kid: str, path: str = "nb.ipynb") -> dict:
    return {"path": path, "kernel_id": kid, "cells": [{"id": "a1", "cell_type": "code", "source": "import math"}]}


async def test_approve_runs_in_the_kernel_and_the_model_sees_the_output(fake_llm, chat_client, kernel_id, kernel_eval):
    fake_llm.script(run_code_call("answer = 6 * 7\nprint('answer is', answer)"), {"text": "The answer is **42**."})
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "What is 6*7?", "notebook": notebook(kernel_id)})
    proposal = await ws.until("proposal")
    assert proposal["code"].startswith("answer = 6 * 7") and proposal["kernel_id"] == kernel_id
    assert await kernel_eval(kernel_id, "'answer' in globals()") == "False"  # nothing ran before Run

    await ws.send(
        {
            "type": "approve",
            "chat_id": chat,
            "proposal_id": proposal["proposal_id"],
            "code": proposal["code"],
            "after_cell_id": "a1",
        }
    )
    started = await ws.until("execution_started")
    assert started["after_cell_id"] == "a1" and started["notebook_path"] == "nb.ipynb"
    output = await ws.until("execution_output")
    assert output["output"] == {"output_type": "stream", "name": "stdout", "text": "answer is 42\n"}
    done = await ws.until("execution_done")
    assert done["status"] == "ok" and isinstance(done["execution_count"], int)
    answer = await ws.until("assistant_message")
    assert answer["text"] == "The answer is **42**."
    assert (await ws.until("turn_ended"))["reason"] == "answer"
    assert ws.of("assistant_delta"), "the answer was streamed"

    # The model's second request carries the output; the kernel really holds the variable.
    tool_msg = fake_llm.requests[1]["messages"][-1]
    assert tool_msg["role"] == "tool" and "answer is 42" in tool_msg["content"]
    assert await kernel_eval(kernel_id, "answer") == "42"

    # Memory: a follow-up request includes the earlier turn.
    fake_llm.script({"text": "Yes, 42."})
    await ws.send({"type": "send_message", "chat_id": chat, "text": "Are you sure?", "notebook": notebook(kernel_id)})
    await ws.until("turn_ended")
    contents = [m.get("content") or "" for m in fake_llm.requests[2]["messages"]]
    assert "What is 6*7?" in contents and "The answer is **42**." in contents


async def test_reject_runs_nothing_and_tells_the_model_why(fake_llm, chat_client, kernel_id, kernel_eval):
    fake_llm.script(run_code_call("touched = True"), {"text": "Fine, I will not."})
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
    proposal = await ws.until("proposal")
    await ws.send({"type": "reject", "chat_id": chat, "proposal_id": proposal["proposal_id"], "reason": "not now"})
    decided = await ws.until("proposal_decided")
    assert decided["decision"] == "rejected" and decided["reason"] == "not now"
    await ws.until("turn_ended")
    assert not ws.of("execution_started")
    assert "not now" in fake_llm.requests[1]["messages"][-1]["content"]
    assert await kernel_eval(kernel_id, "'touched' in globals()") == "False"


async def test_edited_code_is_what_runs(fake_llm, chat_client, kernel_id, kernel_eval):
    fake_llm.script(run_code_call("value = 1"), {"text": "ok"})
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
    proposal = await ws.until("proposal")
    await ws.send({"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": "value = 2"})
    await ws.until("turn_ended")
    assert await kernel_eval(kernel_id, "value") == "2"
    assert "value = 2" in fake_llm.requests[1]["messages"][-1]["content"]


async def test_an_error_reaches_the_model_with_its_traceback(fake_llm, chat_client, kernel_id):
    fake_llm.script(run_code_call("undefined_name + 1"), run_code_call("print('fixed')"), {"text": "Fixed it."})
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
    await approve_runs(ws, chat, 2)
    await ws.until("turn_ended")
    first, second = ws.of("execution_done")
    assert first["status"] == "error" and second["status"] == "ok"
    error_out = [m for m in ws.of("execution_output") if m["output"]["output_type"] == "error"]
    assert error_out and error_out[0]["output"]["ename"] == "NameError"
    tool_msg = fake_llm.requests[1]["messages"][-1]["content"]
    assert "NameError" in tool_msg and "undefined_name" in tool_msg and "\x1b" not in tool_msg


class TestFencedModel:
    @pytest.fixture
    def gptinterp_config(self):
        return {"tool_mode": "fenced"}

    async def test_a_repeat_of_a_failed_cell_is_cut_at_the_line_that_raised_and_never_shown(
        self, fake_llm, chat_client, kernel_id
    ):
        bad = "x = 6\nprint(x * seven)\nprint('done')"
        again = "x = 6\nprint(x * seven)\n" + "".join(f"y{i} = {i}\n" for i in range(60)) + "print('done')"
        fixed = "x = 6\nprint(x * 7)\nprint('done')"
        fake_llm.script(
            {"text": f"```python\n{bad}\n```"},
            {"text": f"```python\n{again}\n```", "chunk_chars": 4, "delay": 0.01},
            {"text": f"```python\n{fixed}\n```"},  # the model's next try, told why the repeat was declined
            {"text": json.dumps({"answers": True, "answer": "It is 42.", "missing": ""})},  # the check call
        )
        ws = await chat_client()
        chat = await ws.open_chat()
        ask = {"type": "send_message", "chat_id": chat, "text": "What is 6*7?", "notebook": notebook(kernel_id)}
        await ws.send(ask)
        await approve_runs(ws, chat, 2)
        ended = await ws.until("turn_ended")
        assert ended["reason"] == "answer" and ws.of("assistant_message")[-1]["text"] == "It is 42."
        assert [p["code"] for p in ws.of("proposal")] == [bad, fixed]
        written = "".join(d["delta"] for d in ws.of("assistant_delta"))
        assert "print(x * seven)" in written and "y2 =" not in written  # the reader stopped at that line
        assert any("fails where it failed before" in e["text"] for e in ws.of("status"))
        told = fake_llm.requests[2]["messages"][-1]["content"]
        assert "would fail there again" in told and "`print(x * seven)`" in told


class TestStepCap:
    @pytest.fixture
    def gptinterp_config(self):
        return {"max_steps": 2}

    async def test_step_cap_ends_the_turn_and_the_user_is_told(self, fake_llm, chat_client, kernel_id):
        fake_llm.script(*[run_code_call(f"print({i})") for i in range(3)])
        ws = await chat_client()
        chat = await ws.open_chat()
        await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
        await approve_runs(ws, chat, 2)
        ended = await ws.until("turn_ended")
        assert ended["reason"] == "step_cap" and "2 steps" in ended["message"]
        assert len(fake_llm.requests) == 2


async def test_fix_accept_and_run_replaces_the_cell_in_the_kernel(fake_llm, chat_client, kernel_id, kernel_eval):
    nb = {
        "path": "nb.ipynb",
        "kernel_id": kernel_id,
        "cells": [
            {
                "id": "bad",
                "cell_type": "code",
                "source": "total = sum(valuez)",
                "outputs": ["NameError: name 'valuez' is not defined"],
            },
        ],
    }
    fake_llm.script(
        {
            "tool_calls": [
                {
                    "name": "replace_cell",
                    "arguments": {"cell_id": "bad", "source": "total = sum([1, 2, 3])", "reason": "typo"},
                }
            ]
        },
        {"text": "Fixed."},
    )
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "Fix this cell",
            "notebook": nb,
            "action": "fix",
            "cell_id": "bad",
        }
    )
    proposal = await ws.until("proposal")
    assert proposal["kind"] == "replace_cell" and proposal["old_source"] == "total = sum(valuez)"
    tools = [t["function"]["name"] for t in fake_llm.requests[0]["tools"]]
    assert "replace_cell" in tools
    await ws.send(
        {
            "type": "approve",
            "chat_id": chat,
            "proposal_id": proposal["proposal_id"],
            "code": proposal["code"],
            "run": True,
        }
    )
    started = await ws.until("execution_started")
    assert started["cell_id"] == "bad"
    await ws.until("turn_ended")
    assert await kernel_eval(kernel_id, "total") == "6"


async def test_explain_or_fix_of_an_unknown_cell_is_a_typed_error(fake_llm, chat_client, kernel_id):
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "Explain",
            "notebook": notebook(kernel_id),
            "action": "explain",
            "cell_id": "gone",
            "request_id": "q",
        }
    )
    assert (await ws.until("error", request_id="q"))["code"] == "unknown_cell"
    assert fake_llm.requests == []
