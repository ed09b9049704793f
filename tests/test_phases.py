"""Every wait of a turn is named (issue 22): a `phase` event from the start of the turn, the
prompt's reading progress when the server reports it (llama.cpp's `prompt_progress`, asked for
with `return_progress`), and the text written before a Stop kept under its streamed message."""

from __future__ import annotations

import asyncio
import time

from conftest import API_KEY, run_code_call
from seam_fakes import ExecExecutor, ListSink, ScriptedLLM

from jupyterlab_gptinterp.agent.llm import OpenAIChat
from jupyterlab_gptinterp.agent.loop import AgentLoop, ChatState, LoopConfig
from jupyterlab_gptinterp.agent.seams import Completion, PromptProgress, TextDelta
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.protocol import NotebookView

NB = NotebookView(path="nb.ipynb", kernel_id="k1")


class Reading(ScriptedLLM):
    """A model that reports reading its prompt in three batches before it writes."""

    async def stream(self, messages, tools, schema=None, resample=None, grammar=None):
        self.requests.append(messages)
        for processed in (0, 2048, 5200):
            yield PromptProgress(total=5200, cache=0, processed=processed, time_ms=processed // 10)
            await asyncio.sleep(0.01)
        yield TextDelta("Done.")
        yield Completion("Done.")


async def test_the_turn_names_its_phase_at_once_and_reports_the_prompt_read():
    sink = ListSink()
    loop = AgentLoop(Reading(), ExecExecutor(), sink, ApprovalGate(), LoopConfig())
    ended = await asyncio.wait_for(loop.run_turn(ChatState("c"), "hi", NB), 5)
    assert ended.reason == "answer"
    phases = [e for e in sink.ephemeral if e.type == "phase"]
    assert phases[0].phase == "reading"  # before any model call, so the wait is named at once
    reads = [(e.processed, e.total) for e in phases if e.phase == "reading" and e.total]
    assert reads == [(0, 5200), (2048, 5200), (5200, 5200)]
    # One reading phase: it began once, its progress does not restart the clock.
    assert len({e.since for e in phases if e.phase == "reading"}) == 1
    assert phases[-1].phase == "writing"
    assert all(e.turn_id == ended.turn_id for e in phases)


async def test_stop_keeps_the_text_under_the_message_it_streamed_as():
    class Hanging(ScriptedLLM):
        async def stream(self, messages, tools, schema=None, resample=None, grammar=None):
            yield TextDelta("The first half of")
            await asyncio.sleep(30)

    sink = ListSink()
    loop = AgentLoop(Hanging(), ExecExecutor(), sink, ApprovalGate(), LoopConfig())
    task = asyncio.ensure_future(loop.run_turn(ChatState("c"), "hi", NB))
    while not sink.deltas:
        await asyncio.sleep(0.01)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    kept = sink.of("assistant_message")[-1]
    assert kept.stopped and kept.text == "The first half of"
    assert kept.message_id == sink.deltas[0].message_id  # it replaces the streamed text, not beside it


async def test_progress_is_asked_for_only_where_the_server_reports_it(fake_llm):
    fake_llm.script(
        {"text": "Hi.", "first_token_delay": 0.3, "prompt_tokens": 3000},
        {"text": "Hi.", "first_token_delay": 0.3, "prompt_tokens": 3000},
    )
    messages = [{"role": "user", "content": "hi"}]

    llama = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5, prompt_progress=True)
    started = time.monotonic()
    got = [e async for e in llama.stream(messages, None)]
    progress = [e for e in got if isinstance(e, PromptProgress)]
    first_text = next(i for i, e in enumerate(got) if isinstance(e, TextDelta))
    assert time.monotonic() - started >= 0.3
    assert len(progress) >= 2 and progress[-1].processed == progress[-1].total == 3000
    assert all(got.index(p) < first_text for p in progress)  # all of it before the first token
    assert [p.processed for p in progress] == sorted(p.processed for p in progress)
    assert isinstance(got[-1], Completion) and got[-1].text == "Hi."

    other = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5)
    got = [e async for e in other.stream(messages, None)]
    assert not any(isinstance(e, PromptProgress) for e in got)
    first, second = fake_llm.requests
    assert first.get("return_progress") is True and "return_progress" not in second


async def test_a_client_that_opens_the_chat_during_a_turn_is_told_its_phase(fake_llm, chat_client, kernel_id):
    fake_llm.script(run_code_call("print(1)"), {"text": "It printed 1."})
    first = await chat_client()
    chat = await first.open_chat()
    await first.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "go",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )
    proposal = await first.until("proposal")
    assert (await first.until("phase", phase="waiting"))["turn_id"]

    # A second tab (or a reload) opens the chat while the card waits: it is told so at once.
    second = await chat_client()
    await second.open_chat(chat_id=chat)
    phase = await second.until("phase", timeout=5)
    assert phase["phase"] == "waiting"
    assert [m["type"] for m in second.received].index("phase") > max(
        i for i, m in enumerate(second.received) if m["type"] == "proposal"
    )  # after the history it belongs to

    await first.send({"type": "reject", "chat_id": chat, "proposal_id": proposal["proposal_id"], "reason": "no"})
    await first.until("turn_ended")
    # Once the turn has ended there is no phase to tell.
    third = await chat_client()
    await third.open_chat(chat_id=chat)
    await third.replies([])
    assert third.of("phase") == []
