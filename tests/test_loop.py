"""The agent loop against fakes of its seams: approval, rejection, edits, errors, caps, Stop."""

import asyncio
import json
import logging

import pytest
from seam_fakes import ExecExecutor, ListSink, ScriptedLLM

from jupyterlab_gptinterp.agent import calls, prompts
from jupyterlab_gptinterp.agent.loop import AgentLoop, ChatState, LoopConfig
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError
from jupyterlab_gptinterp.protocol import NotebookView

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
        "user_message",
        "turn_started",
        "proposal",
        "proposal_decided",
        "execution_started",
        "execution_output",
        "execution_done",
        "assistant_message",
        "turn_ended",
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


async def test_a_long_turn_cuts_its_older_results_to_fit_and_keeps_the_request_and_the_last_ones_whole():
    cells = [f"print('{i}' * 900)" for i in range(5)]
    loop, llm, ex, sink, gate = make(*[run_code(c) for c in cells], "done", memory_budget=3000)
    chat = ChatState("c")
    turn = asyncio.ensure_future(loop.run_turn(chat, "print a lot", NB))
    for n in range(1, 6):
        await decide(sink, gate, n)
    assert (await turn).reason == "answer"
    last = llm.requests[-1]
    results = [m["content"] for m in last if m["role"] == "tool"]
    assert "characters cut" in results[0] and len(results[0]) < 700  # the oldest, cut
    assert "4" * 900 in results[-1] and "3" * 900 in results[-2]  # the last ones, whole
    assert last[1] == {"role": "user", "content": "print a lot"}
    assert sum(len(m["content"] or "") for m in last[1:]) < sum(len(m["content"] or "") for m in chat.memory)
    # Short turns are sent as they are; the chat's memory keeps every result whole.
    assert not any("characters cut" in (m["content"] or "") for m in llm.requests[1])
    assert all(str(i) * 900 in m["content"] for i, m in enumerate(x for x in chat.memory if x["role"] == "tool"))


async def test_a_turn_budget_of_its_own_gives_the_turn_more_room_than_earlier_turns():
    cells = [f"print('{i}' * 900)" for i in range(5)]
    loop, llm, ex, sink, gate = make(*[run_code(c) for c in cells], "done", "ok", memory_budget=3000, turn_budget=9000)
    chat = ChatState("c")
    turn = asyncio.ensure_future(loop.run_turn(chat, "print a lot", NB))
    for n in range(1, 6):
        await decide(sink, gate, n)
    assert (await turn).reason == "answer"
    assert not any("characters cut" in (m["content"] or "") for m in llm.requests[-1])  # within the turn's own
    assert (await loop.run_turn(chat, "thanks", NB)).reason == "answer"
    assert "print a lot" not in str(llm.requests[-1])  # the earlier turn, over memory_budget, is left out


async def test_a_request_too_long_for_the_model_is_sent_again_cut_to_half_once():
    from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError

    def too_long():
        return GPTInterpError(ErrorCode.llm_bad_response, "the request exceeds the available context size")

    cells = [f"print('{i}' * 900)" for i in range(3)]
    loop, llm, ex, sink, gate = make(*[run_code(c) for c in cells], too_long(), "done", memory_budget=4000)
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "print a lot", NB))
    for n in range(1, 4):
        await decide(sink, gate, n)
    assert (await turn).reason == "answer" and sink.of("assistant_message")[-1].text == "done"
    refused, again = (sum(len(m["content"] or "") for m in r) for r in llm.requests[-2:])
    assert again < refused and "characters cut" in str(llm.requests[-1])
    # Once only: a second refusal ends the turn with the server's error, as any other would.
    loop, llm, ex, sink, gate = make(*[run_code(c) for c in cells], too_long(), too_long(), memory_budget=4000)
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "print a lot", NB))
    for n in range(1, 4):
        await decide(sink, gate, n)
    assert (await turn).reason == "error" and len(llm.requests) == 5


async def test_a_long_turn_cuts_seldom_so_most_requests_extend_the_one_before():
    # A server's prompt cache reads back the prefix a request shares with the one before it.
    cells = [f"print('{i}' * 3000)" for i in range(12)]
    loop, llm, ex, sink, gate = make(*[run_code(c) for c in cells], "done", memory_budget=20000, max_steps=20)
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "print a lot", NB))
    for n in range(1, 13):
        await decide(sink, gate, n)
    assert (await turn).reason == "answer"
    sent = [r[1:] for r in llm.requests]
    changed = [k for k in range(1, len(sent)) if sent[k][: len(sent[k - 1])] != sent[k - 1]]
    assert 1 <= len(changed) <= 3, changed
    assert all(sum(len(m["content"] or "") for m in r) <= 20000 for r in sent)


def test_an_image_counts_as_what_a_model_reads_of_it_not_as_its_base64():
    from jupyterlab_gptinterp.agent.memory import Compactor

    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64," + "A" * 200_000}}
    said = [{"role": "user", "content": "plot it"}, {"role": "assistant", "content": "x" * 1500}]
    said += [{"role": "user", "content": [{"type": "text", "text": "The images:"}, image]}]
    said += [{"role": "assistant", "content": "y" * 100}, {"role": "user", "content": "z" * 100}] * 2
    assert Compactor(6000)(said) == said  # nothing to cut: some 4,000 characters, the image as 2,000
    assert Compactor(2500)(said)[1]["content"] != said[1]["content"]  # over the budget, the old reply is cut


async def test_when_cut_results_are_not_enough_older_code_is_cut_too():
    cells = [f"x{i} = 1\n" + "\n".join(f"y{j} = {j}" for j in range(120)) + f"\nprint({i})" for i in range(6)]
    replies = [f"Next.\n```python\n{c}\n```" for c in cells]
    loop, llm, ex, sink, gate = make(*replies, "done", tool_mode="fenced", memory_budget=3000)
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "write a lot of code", NB))
    for n in range(1, 7):
        await decide(sink, gate, n)
    assert (await turn).reason == "answer"
    said = [m["content"] for m in llm.requests[-1] if m["role"] == "assistant"]
    assert "characters cut" in said[0] and "y119 = 119" in said[-1] and "y60 = 60" in said[-1]
    assert llm.requests[-1][1]["content"] == "write a lot of code"


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
    loop, llm, ex, sink, gate = make(
        "Let me compute it.\n```python\nprint(sum(range(4)))\n```", "It is 6.", tool_mode="fenced"
    )
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "sum", NB))
    proposal = await decide(sink, gate)
    await turn
    assert proposal.code == "print(sum(range(4)))" and proposal.reason == "Let me compute it."
    assert llm.requests[1][-1]["role"] == "user" and "6" in llm.requests[1][-1]["content"]
    assert sink.of("assistant_message")[0].text == "Let me compute it."


async def test_fenced_replies_are_asked_in_their_shape_and_tool_calls_and_explanations_are_not():
    loop, llm, ex, sink, gate = make("```python\nprint(6)\n```", "It is 6.", tool_mode="fenced")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "sum", NB))
    await decide(sink, gate)
    await turn
    assert llm.grammars == [prompts.FENCED_GRAMMAR] * 2
    loop, llm, ex, sink, gate = make("It explains.", tool_mode="fenced")
    await loop.run_turn(ChatState("c"), "Explain", NB, action="explain")
    loop, tools_llm, ex, sink, gate = make(run_code("print(6)"), "It is 6.")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "sum", NB))
    await decide(sink, gate)
    await turn
    assert llm.grammars == [None] and tools_llm.grammars == [None, None]


async def test_llm_failure_ends_the_turn_with_a_typed_message():
    loop, llm, ex, sink, gate = make(GPTInterpError(ErrorCode.llm_unavailable, "(HTTP 500)"), llm_retries=0)
    ended = await loop.run_turn(ChatState("c"), "hi", NB)
    assert ended.reason == "error" and ended.error_code == ErrorCode.llm_unavailable and "500" in ended.message


async def test_a_rate_limit_is_retried_after_the_wait_the_provider_asked_and_the_user_sees_it():
    limited = GPTInterpError(ErrorCode.llm_rate_limited, "(HTTP 429)", retry_after=0.2)
    loop, llm, ex, sink, gate = make(limited, limited, "finally", llm_retries=2)
    started = asyncio.get_running_loop().time()
    ended = await loop.run_turn(ChatState("c"), "hi", NB)
    assert ended.reason == "answer" and sink.of("assistant_message")[0].text == "finally"
    assert asyncio.get_running_loop().time() - started >= 0.4
    statuses = sink.statuses
    assert len(statuses) == 2 and "Retrying in 0.2 s" in statuses[0] and "retry 2 of 2" in statuses[1]


async def test_no_retry_when_the_wait_is_too_long_or_the_error_is_not_transient():
    loop, llm, ex, sink, gate = make(GPTInterpError(ErrorCode.llm_rate_limited, "", retry_after=3600), "never")
    assert (await loop.run_turn(ChatState("c"), "hi", NB)).error_code == ErrorCode.llm_rate_limited
    loop, llm, ex, sink, gate = make(GPTInterpError(ErrorCode.llm_auth, "(HTTP 401)"), "never")
    assert (await loop.run_turn(ChatState("c"), "hi", NB)).error_code == ErrorCode.llm_auth
    assert len(llm.requests) == 1


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


FIX_NB = NotebookView(
    path="nb.ipynb",
    kernel_id="k1",
    cells=[
        {"id": "c1", "cell_type": "code", "source": "import math\ndef area(r):\n    return math.pi * r ** 2"},
        {"id": "c2", "cell_type": "code", "source": "unused = 1"},
        {
            "id": "c3",
            "cell_type": "code",
            "source": "print(area(2) + radius)",
            "outputs": ["NameError: name 'radius' is not defined"],
        },
    ],
)


def replace_cell(source, cell_id="c3"):
    return ("", [("replace_cell", json.dumps({"cell_id": cell_id, "source": source, "reason": "define radius"}))])


async def test_explain_sends_the_cell_its_error_and_what_it_uses_without_tools():
    loop, llm, ex, sink, gate = make("It computes an area; `radius` is undefined.")
    ended = await loop.run_turn(ChatState("c"), "Explain cell 3", FIX_NB, "explain", "c3")
    assert ended.reason == "answer" and not sink.of("proposal")
    system = llm.requests[0][0]["content"]
    assert "print(area(2) + radius)" in system and "NameError" in system
    assert "def area(r)" in system and "import math" in system
    assert "unused = 1" not in system.split("The cell (")[1].split("Notebook nb.ipynb")[0]


async def test_fix_accept_replaces_without_running_and_ends_the_turn():
    loop, llm, ex, sink, gate = make(replace_cell("radius = 1\nprint(area(2) + radius)"))
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "Fix cell 3", FIX_NB, "fix", "c3"))
    proposal = await sink.wait_for("proposal")
    assert proposal.kind == "replace_cell" and proposal.cell_id == "c3"
    assert proposal.old_source == "print(area(2) + radius)"
    gate.approve("c", proposal.proposal_id, proposal.code, "u", run=False)
    ended = await turn
    assert ended.reason == "answer" and ex.ran == [] and not sink.of("execution_started")
    assert sink.of("proposal_decided")[0].run is False
    assert len(llm.requests) == 1


async def test_fix_accept_and_run_executes_in_place_and_the_model_sees_the_result():
    loop, llm, ex, sink, gate = make(replace_cell("print(3 * 4)"), "Fixed: it prints 12.")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "Fix cell 3", FIX_NB, "fix", "c3"))
    proposal = await sink.wait_for("proposal")
    gate.approve("c", proposal.proposal_id, proposal.code, "u", run=True)
    await turn
    assert ex.ran == ["print(3 * 4)"]
    assert sink.of("execution_started")[0].cell_id == "c3"
    assert "12" in llm.requests[1][-1]["content"]


async def test_a_code_proposal_cannot_be_accepted_without_running():
    gate = ApprovalGate()
    p = gate.propose("c", "print(1)")
    with pytest.raises(GPTInterpError):
        gate.approve("c", p.proposal_id, "print(1)", "u", run=False)
    assert gate.pending("c") == [p]


async def test_fix_in_fenced_mode_turns_the_block_into_a_replacement():
    loop, llm, ex, sink, gate = make(
        "radius was undefined.\n```python\nradius = 1\nprint(area(2) + radius)\n```", tool_mode="fenced"
    )
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "Fix", FIX_NB, "fix", "c3"))
    proposal = await sink.wait_for("proposal")
    assert proposal.kind == "replace_cell" and proposal.cell_id == "c3" and proposal.code.startswith("radius = 1")
    gate.reject("c", proposal.proposal_id, "keep it")
    await turn
    assert "keep it" in llm.requests[1][-1]["content"]


async def test_replace_cell_for_a_cell_that_does_not_exist_is_told_to_the_model():
    loop, llm, ex, sink, gate = make(replace_cell("x = 1", cell_id="zzz"), "sorry")
    await loop.run_turn(ChatState("c"), "Fix", FIX_NB, "fix", "c3")
    assert not sink.of("proposal") and "no cell with id 'zzz'" in llm.requests[1][-1]["content"]


async def test_a_bug_in_a_seam_still_ends_the_turn_and_the_chat_goes_on():
    loop, llm, ex, sink, gate = make(ZeroDivisionError("a bug of ours"), "Fine now.")
    chat = ChatState("c")
    ended = await asyncio.wait_for(loop.run_turn(chat, "first", NB), 10)
    assert ended.reason == "error" and ended.error_code == ErrorCode.internal
    assert "a bug of ours" not in ended.message  # the user gets plain words, the log the trace
    again = await asyncio.wait_for(loop.run_turn(chat, "second", NB), 10)
    assert again.reason == "answer"


async def test_tools_mode_proposes_code_the_model_showed_with_an_output_it_made_up():
    """A small model in tools mode may write the code and its 'output' instead of calling run_code."""
    made_up = "I will compute it:\n```python\nprint(6 * 7)\n```\n```output\n41\n```\nThe answer is 41."
    loop, llm, ex, sink, gate = make(made_up, "The answer is 42.")
    chat = ChatState("c")
    turn = asyncio.ensure_future(loop.run_turn(chat, "6 times 7?", NB))
    proposal = await decide(sink, gate)
    ended = await turn
    assert ended.reason == "answer" and proposal.code == "print(6 * 7)" and ex.ran == ["print(6 * 7)"]
    assert [m.text for m in sink.of("assistant_message")] == ["I will compute it:", "The answer is 42."]
    # The made-up output is in no message: not shown, not in memory.
    assert "41" not in json.dumps(llm.requests[1]) and "41" not in json.dumps(chat.memory)
    assert llm.requests[1][-1]["role"] == "user" and "42" in llm.requests[1][-1]["content"]


async def test_tools_mode_code_in_an_answer_without_an_output_stays_an_answer():
    loop, llm, ex, sink, gate = make("Use this:\n```python\ndf = pd.read_csv('f.csv')\n```")
    ended = await loop.run_turn(ChatState("c"), "how do I read a csv?", NB)
    assert ended.reason == "answer" and not sink.of("proposal") and ex.ran == []
    assert "read_csv" in sink.of("assistant_message")[0].text


@pytest.mark.parametrize(
    "wrapped",
    [
        "Let me run it. ```json\n{}\n```",
        "Let me run it.\n<tool_call>\n{}\n</tool_call>",
    ],
)
async def test_tools_mode_takes_a_tool_call_written_as_json_text_as_the_call(wrapped):
    call = json.dumps({"name": "run_code", "arguments": {"code": "print(6 * 7)", "reason": "multiply"}})
    loop, llm, ex, sink, gate = make(wrapped.replace("{}", call), "The answer is 42.")
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "6 times 7?", NB))
    proposal = await decide(sink, gate)
    ended = await turn
    assert ended.reason == "answer" and proposal.code == "print(6 * 7)" and proposal.reason == "multiply"
    assert [m.text for m in sink.of("assistant_message")] == ["Let me run it.", "The answer is 42."]
    assert llm.requests[1][-1]["role"] == "tool" and "42" in llm.requests[1][-1]["content"]


async def test_json_text_naming_no_offered_tool_stays_an_answer():
    text = 'The config is:\n```json\n{"name": "pandas", "arguments": {"x": 1}}\n```'
    loop, llm, ex, sink, gate = make(text)
    ended = await loop.run_turn(ChatState("c"), "show the config", NB)
    assert ended.reason == "answer" and not sink.of("proposal") and sink.of("assistant_message")[0].text == text


async def test_a_fenced_reply_is_read_up_to_its_code_and_no_further_where_the_server_counts_the_prompt():
    """What a small model writes after its code (often the output it expects) costs time and is
    never used: the stream is closed at the block's end, with the prompt's tokens still counted."""
    tail = "".join(f"\n\nThis prints 42, remark {i}." for i in range(30))  # long, and no runaway
    for progress in (True, False):
        reply = "Compute it.\n```python\nprint(6*7)\n```" + tail
        llm, ex, sink, gate = (
            ScriptedLLM(reply, "It is 42.", progress=progress),
            ExecExecutor(),
            ListSink(),
            ApprovalGate(),
        )
        loop = AgentLoop(llm, ex, sink, gate, LoopConfig(tool_mode="fenced"))
        turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "What is 6*7?", NB))
        await decide(sink, gate)
        ended = await turn
        assert ended.reason == "answer" and ex.ran == ["print(6*7)"]
        written = "".join(d.delta for d in sink.deltas)
        if progress:  # closed at the block's end: the tail was never read, nor shown, nor sent back
            assert llm.unfinished == 1 and "This prints" not in written
            assert "This prints" not in json.dumps(llm.requests[1])
            assert ended.prompt_tokens == 200 and ended.cached_tokens == 80 and ended.llm_calls == 2
        else:  # a server that reports usage only at the end is read to the end
            assert llm.unfinished == 0 and "This prints" in written


async def test_a_bare_block_and_an_explanation_are_read_to_the_end():
    quoted = "The result:\n```\n42\n```\nSo it is 42, as printed."
    llm, ex, sink, gate = ScriptedLLM(quoted, "It is 42.", progress=True), ExecExecutor(), ListSink(), ApprovalGate()
    loop = AgentLoop(llm, ex, sink, gate, LoopConfig(tool_mode="fenced"))
    turn = asyncio.ensure_future(loop.run_turn(ChatState("c"), "What is 6*7?", NB))
    await decide(sink, gate, reject="")  # a bare block is a proposal too, but may be a quote with words after it
    await asyncio.wait_for(turn, 10)
    assert llm.unfinished == 0 and "as printed" in "".join(d.delta for d in sink.deltas)
    explained = "It prints:\n```python\nprint(6*7)\n```\nwhich shows 42."
    llm, ex, sink, gate = ScriptedLLM(explained, progress=True), ExecExecutor(), ListSink(), ApprovalGate()
    loop = AgentLoop(llm, ex, sink, gate, LoopConfig(tool_mode="fenced"))
    await asyncio.wait_for(loop.run_turn(ChatState("c"), "Explain", NB, action="explain"), 10)
    assert llm.unfinished == 0 and sink.of("assistant_message")[-1].text.endswith("which shows 42.")


async def test_a_reply_that_runs_away_is_cut_and_asked_once_more_sampled():
    runaway = "I will compute it.\n```python\nx = df[df['id'] == 1" + "0" * 900
    for progress in (True, False):
        llm, ex, sink, gate = (
            ScriptedLLM(runaway, "It is 42.", progress=progress),
            ExecExecutor(),
            ListSink(),
            ApprovalGate(),
        )
        loop = AgentLoop(llm, ex, sink, gate, LoopConfig(tool_mode="fenced"))
        ended = await asyncio.wait_for(loop.run_turn(ChatState("c"), "What is 6*7?", NB), 10)
        assert ended.reason == "answer" and sink.of("assistant_message")[-1].text == "It is 42."
        assert llm.unfinished == 1 and llm.resampled == [None, calls.RUNAWAY_RESAMPLE]
        written = "".join(d.delta for d in sink.deltas)
        assert "0" * calls.RUNAWAY_CHARS in written and "0" * (calls.RUNAWAY_CHARS + 80) not in written  # cut early
    # Twice in a row: the second is returned cut, and the turn goes on from it (no third call).
    llm = ScriptedLLM(runaway, runaway, "It is 42.", progress=True)
    loop = AgentLoop(llm, ExecExecutor(), ListSink(), ApprovalGate(), LoopConfig(tool_mode="fenced"))
    await asyncio.wait_for(loop.run_turn(ChatState("c"), "What is 6*7?", NB), 10)
    assert llm.resampled[:2] == [None, calls.RUNAWAY_RESAMPLE] and "0" * 200 not in json.dumps(llm.requests)


async def test_a_reply_that_counts_or_ends_at_the_token_cap_in_its_code_is_asked_once_more():
    counting = "```python\ndf = pd.read_csv('storms.txt')\n" + "".join(
        f"df['{i / 10:.1f}'] = df['{i / 10:.1f}'].astype(float)\n" for i in range(1, 40)
    )
    capped = ("```python\nrows = [\n    ('a', 1, 'x'),\n", [], "length")  # the cap cut its code
    for first in (counting, capped):
        llm, ex, sink, gate = ScriptedLLM(first, "It is 42.", progress=True), ExecExecutor(), ListSink(), ApprovalGate()
        loop = AgentLoop(llm, ex, sink, gate, LoopConfig(tool_mode="fenced"))
        with Debug("jupyterlab_gptinterp.agent.calls") as lines:
            ended = await asyncio.wait_for(loop.run_turn(ChatState("c"), "What is 6*7?", NB), 10)
        ending = "('a', 1, 'x')" if first is capped else "read_csv('storms.txt')"  # a runaway: up to its cut
        assert any(line.startswith("gptinterp: call reply cut (") and ending in line for line in lines)  # what it held
        assert ended.reason == "answer" and sink.of("assistant_message")[-1].text == "It is 42."
        assert llm.resampled == [None, calls.RUNAWAY_RESAMPLE]
        assert "df['2.5']" not in "".join(d.delta for d in sink.deltas)  # cut early
    # Words the cap cut are words: no second call for them.
    llm = ScriptedLLM(("It is 42, as the output shows, and", [], "length"), progress=True)
    loop = AgentLoop(llm, ExecExecutor(), ListSink(), ApprovalGate(), LoopConfig(tool_mode="fenced"))
    await asyncio.wait_for(loop.run_turn(ChatState("c"), "What is 6*7?", NB), 10)
    assert llm.resampled == [None]


def _first_cut(text: str) -> int:
    """Where `calls.runaway` first cuts `text`, judged at each line as it is streamed; -1: never."""
    ends = (i + 1 for i, c in enumerate(text) if c == "\n")
    return next((cut for end in ends if (cut := calls.runaway(text[:end])) >= 0), -1)


def test_what_is_a_runaway():
    assert calls.runaway("ab" + "0" * 200) == 2
    assert calls.runaway("x\n" + "print(1)\n" * 30) == 2
    assert calls.runaway("0" * 100) == -1  # not long enough yet
    assert calls.runaway("".join(f"w{i:04d} " for i in range(400))) == -1
    assert calls.runaway("| a |" + "---|" * 12 + "\n| 1 |") == -1  # a table's rule ends no reply
    line = "the revenue by month, of each month of each year as asked, " * 6  # a unit over 40 characters
    assert calls.runaway(line) == -1
    # Lines that count in a python block: cut where the counting starts, once there are more than
    # code written by hand has. Judged as the stream does, at each line written.
    head = "Load it.\n```python\nimport pandas as pd\n"
    lines = [f"df['{i / 10:.1f}'] = df['{i / 10:.1f}'].astype(float)\n" for i in range(1, 40)]
    assert _first_cut(head + "".join(lines)) == len(head)
    assert _first_cut(head + "".join(lines[: calls.ALIKE_LINES - 1])) == -1
    assert _first_cut("Here they are:\n" + "".join(lines)) == -1  # words and tables may list steps
    assert _first_cut("".join(f"| {y} | 0 |\n" for y in range(1990, 2024))) == -1
    months = "".join(f"    '{y}-{m:02d}': {100 + m * m},\n" for y in (2023, 2024) for m in range(1, 13))
    assert _first_cut(head + "sales = {\n" + months) == -1  # data: its values do not step
    twelve = "".join(f"    '2024-{m:02d}': 'month {m}',\n" for m in range(1, 13))
    assert _first_cut(head + "names = {\n" + twelve) == -1  # twelve months stepping: written by hand
    zeros = "    [" + ", ".join(["0"] * 14) + "],\n"
    assert _first_cut(head + "grid = [\n" + zeros * 30) == -1  # alike, but nothing steps
    # Statements that cycle (one line, or two in turn) are cut after their first turn; prose is not.
    pair = "obj['ts'] = obj['ts'].dt.tz_localize(None)\nobj['ts'] = obj['ts'].dt.tz_convert('UTC')\n"
    start = head + "obj = df.copy()\n"
    assert _first_cut(start + pair * 8) == len(start) + len(pair)
    assert calls.runaway(start + pair * calls.CYCLES + "ob") == len(start) + len(pair)  # as streamed: a line begun
    same = "total = df['ms_played'].sum() / 3600000  # hours\n"
    assert _first_cut(start + same * 8) == len(start) + len(same)
    assert _first_cut(start + same * (calls.CYCLES - 1)) == -1
    imports = "import gzip\nimport pandas as pd\nimport numpy as np\n\n"  # a block of imports, again and again
    assert _first_cut(head + imports * 8) == len(head) + len(imports)
    assert _first_cut("Notes:\n" + ("obj['ts'] = obj['ts'].dt.tz_localize(None)\n" * 8)) == -1  # not in code
    picked = [243, 17, 980, 511, 62, 734, 305, 889, 120, 456, 778, 33, 690, 214, 957] * 2  # no step, no cycle of 3
    ids = "".join(f"keep.add('12345678901234567890{n:03d}')  # order\n" for n in picked)
    assert _first_cut(head + ids) == -1  # numbers too long for a float are compared exactly
    # One target set again and again, each line the last with another literal: cut where it starts.
    digits = "".join(f"df['YM'] = df['YM'].str.replace(r'{i % 10}', '', regex=True)\n" for i in range(3, 40))
    assert _first_cut(head + digits) == len(head)
    words = ["german", "polish", "english", "spanish", "korean", "russian", "french", "czech"] * 5
    renamed = "".join(f"df['language'] = df['language'].replace('{w}', '{w}')\n" for w in words)
    start = head + "df = pd.read_json('r.jsonl', lines=True)\n"
    assert _first_cut(start + renamed) == len(start)
    cleaned = "".join(f"df['amount'] = df['amount'].str.replace('{c}', '')\n" for c in "$,£€ ")
    assert _first_cut(head + cleaned + "print(df['amount'].sum())\n") == -1  # a few, by hand
    columns = "".join(f"df['{c}'] = pd.to_numeric(df['{c}'])\n" for c in "abcdefghijklmnopqrstuvwxyz")
    assert _first_cut(head + columns) == -1  # each line its own column: written by hand


class Debug(logging.Handler):
    """The debug lines of one logger, as a list (whatever the process's logging was set to)."""

    def __init__(self, name):
        super().__init__(logging.DEBUG)
        self.logger, self.lines = logging.getLogger(name), []

    def emit(self, record):
        self.lines.append(record.getMessage())

    def __enter__(self):
        self.was = self.logger.level
        self.logger.setLevel(logging.DEBUG)
        self.logger.addHandler(self)
        return self.lines

    def __exit__(self, *exc):
        self.logger.removeHandler(self)
        self.logger.setLevel(self.was)
