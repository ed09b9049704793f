"""The agent loop against fakes of its seams: approval, rejection, edits, errors, caps, Stop."""

import asyncio
import json

import pytest

from jupyterlab_gptinterp.agent.loop import AgentLoop, ChatState, LoopConfig
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError
from jupyterlab_gptinterp.protocol import NotebookView

from seam_fakes import ExecExecutor, ListSink, ScriptedLLM

NB = NotebookView(path="nb.ipynb", kernel_id="k1")


def run_code(code, reason="because"):
    return ("", [("run_code", json.dumps({"code": code, "reason": reason}))])


def make(*replies, **cfg):
    llm, ex, sink, gate = ScriptedLLM(*replies), ExecExecutor(), ListSink(), ApprovalGate()
    loop = AgentLoop(llm, ex, sink, gate, LoopConfig(**cfg))
    return loop, llm, ex, sink, gate


async def decide(sink, gate, n=1, code=None, reject=None):
    proposal = await sink.wait_for("proposal", n)
    if reject is not None:
        gate.reject("c", proposal.proposal_id, reject)
    else:
        gate.approve("c", proposal.proposal_id, proposal.code if code is None else code, "u")
    return proposal


async def test_approved_code_runs_and_the_model_sees_its_output():
    loop, llm, ex, sink, gate = make(run_code("x = 6 * 7\nprint(x)"), "The answer is 42.")
    chat = ChatState("c")
    turn = asyncio.ensure_future(loop.run_turn(chat, "compute", NB))
    await decide(sink, gate)
    ended = await turn
    assert ended.reason == "answer"
    assert ex.ran == ["x = 6 * 7\nprint(x)"]
    tool_msg = llm.requests[1][-1]
    assert tool_msg["role"] == "tool" and "42" in tool_msg["content"]
    assert [e.type for e in sink.events] == [
        "user_message", "turn_started", "proposal", "proposal_decided", "execution_started",
        "execution_output", "execution_done", "assistant_message", "turn_ended",
    ]
    assert sink.deltas and "".join(d.delta for d in sink.deltas).endswith("42.")
    # Memory carries the whole turn into the next one.
    assert [m["role"] for m in chat.memory] == ["user", "assistant", "tool", "assistant"]


async def test_nothing_runs_before_approval():
    loop, llm, ex, sink, gate = make(run_code("print('x')"), "ok")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "go", NB))
    await sink.wait_for("proposal")
    await asyncio.sleep(0.05)
    assert ex.ran == []
    turn.cancel()


async def test_rejection_reason_reaches_the_model_and_nothing_runs():
    loop, llm, ex, sink, gate = make(run_code("import shutil; shutil.rmtree('/')"), "Understood.")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "clean up", NB))
    await decide(sink, gate, reject="never delete files")
    await turn
    assert ex.ran == []
    assert "never delete files" in llm.requests[1][-1]["content"]
    assert sink.of("proposal_decided")[0].decision == "rejected"


async def test_edited_code_is_what_runs_and_the_model_is_told():
    loop, llm, ex, sink, gate = make(run_code("print(1)"), "ok")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "go", NB))
    await decide(sink, gate, code="print(2)")
    await turn
    assert ex.ran == ["print(2)"]
    content = llm.requests[1][-1]["content"]
    assert "edited" in content and "print(2)" in content and "2" in content
    assert sink.of("execution_started")[0].code == "print(2)"


async def test_an_error_shows_the_model_the_traceback_and_it_can_fix_it():
    loop, llm, ex, sink, gate = make(run_code("1/0"), run_code("print(1/1)"), "fixed")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "divide", NB))
    await decide(sink, gate, 1)
    await decide(sink, gate, 2)
    await turn
    assert "ZeroDivisionError" in llm.requests[1][-1]["content"]
    assert sink.of("execution_done")[0].status == "error"
    assert sink.of("execution_done")[1].status == "ok"


async def test_step_cap_ends_the_turn_and_says_so():
    loop, llm, ex, sink, gate = make(*[run_code(f"print({i})") for i in range(5)], max_steps=2)
    chat = ChatState("c")
    turn = asyncio.ensure_future(loop.run_turn(chat, "loop forever", NB))
    await decide(sink, gate, 1)
    await decide(sink, gate, 2)
    ended = await turn
    assert ended.reason == "step_cap" and "2 steps" in ended.message and "continue" in ended.message
    assert len(llm.requests) == 2 and len(ex.ran) == 2


async def test_malformed_tool_arguments_are_reported_to_the_model():
    loop, llm, ex, sink, gate = make(("", [("run_code", '{"code": "print(1)')]), "sorry")
    await loop.run_turn(ChatState("c"), "go", NB)
    assert ex.ran == [] and not sink.of("proposal")
    assert "not valid" in llm.requests[1][-1]["content"]


async def test_fenced_mode_takes_the_python_block_as_the_proposal():
    loop, llm, ex, sink, gate = make("Let me compute it.\n```python\nprint(sum(range(4)))\n```", "It is 6.", tool_mode="fenced")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "sum", NB))
    proposal = await decide(sink, gate)
    await turn
    assert proposal.code == "print(sum(range(4)))" and proposal.reason == "Let me compute it."
    assert llm.requests[1][-1]["role"] == "user" and "6" in llm.requests[1][-1]["content"]
    assert sink.of("assistant_message")[0].text == "Let me compute it."


async def test_llm_failure_ends_the_turn_with_a_typed_message():
    loop, llm, ex, sink, gate = make(GPTInterpError(ErrorCode.llm_unavailable, "(HTTP 500)"))
    ended = await loop.run_turn(ChatState("c"), "hi", NB)
    assert ended.reason == "error" and ended.error_code == ErrorCode.llm_unavailable and "500" in ended.message


async def test_stop_while_waiting_cancels_the_proposal_and_keeps_memory_valid():
    loop, llm, ex, sink, gate = make(run_code("print(1)"))
    chat = ChatState("c")
    turn = asyncio.ensure_future(loop.run_turn(chat, "go", NB))
    await sink.wait_for("proposal")
    turn.cancel()
    with pytest.raises(asyncio.CancelledError):
        await turn
    assert sink.of("proposal_decided")[0].decision == "cancelled"
    assert sink.of("turn_ended")[0].reason == "stopped"
    assert ex.ran == []
    # Every tool call in memory has its answer, so the next request is valid.
    calls = [c["id"] for m in chat.memory for c in m.get("tool_calls") or []]
    answered = [m["tool_call_id"] for m in chat.memory if m["role"] == "tool"]
    assert calls and calls == answered


async def test_stop_during_execution_reports_aborted():
    loop, llm, ex, sink, gate = make(run_code("print(1)"))
    ex.block.clear()
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "go", NB))
    await decide(sink, gate)
    await sink.wait_for("execution_started")
    turn.cancel()
    with pytest.raises(asyncio.CancelledError):
        await turn
    assert sink.of("execution_done")[0].status == "aborted"
