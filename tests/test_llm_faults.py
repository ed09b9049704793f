"""Every model failure the fake LLM can inject ends in a clear message and a usable chat."""

from __future__ import annotations

import json
import socket

import pytest
from conftest import API_KEY, run_code_call


@pytest.fixture
def gptinterp_config():
    return {"max_retries": 1, "request_timeout": 1.0}


def notebook(kid: str) -> dict:
    return {"path": "nb.ipynb", "kernel_id": kid, "cells": []}


async def ask(ws, chat, kid, text="hi"):
    await ws.send({"type": "send_message", "chat_id": chat, "text": text, "notebook": notebook(kid)})
    return await ws.until("turn_ended")


async def still_usable(fake_llm, ws, chat, kid):
    fake_llm.script({"text": "back to normal"})
    ended = await ask(ws, chat, kid, "again")
    assert ended["reason"] == "answer"
    assert ws.of("assistant_message")[-1]["text"] == "back to normal"


def no_key_anywhere(ws):
    assert API_KEY not in json.dumps(ws.received)


async def test_429_waits_as_told_and_the_user_sees_the_wait(fake_llm, chat_client, kernel_id):
    fake_llm.script({"error": 429, "headers": {"Retry-After": "1"}, "message": "slow down"}, {"text": "made it"})
    ws = await chat_client()
    chat = await ws.open_chat()
    ended = await ask(ws, chat, kernel_id)
    assert ended["reason"] == "answer" and ws.of("assistant_message")[-1]["text"] == "made it"
    status = ws.of("status")
    assert status and "Retrying in 1 s" in status[0]["text"] and "rate limiting" in status[0]["text"]


@pytest.mark.parametrize("status", [500, 503])
async def test_server_errors_are_retried_then_reported(status, fake_llm, chat_client, kernel_id):
    fake_llm.script({"error": status}, {"error": status})
    ws = await chat_client()
    chat = await ws.open_chat()
    ended = await ask(ws, chat, kernel_id)
    assert ended["reason"] == "error" and ended["error_code"] == "llm_unavailable"
    assert f"HTTP {status}" in ended["message"]
    assert len(fake_llm.requests) == 2
    await still_usable(fake_llm, ws, chat, kernel_id)


async def test_401_says_check_the_key_and_never_shows_it(fake_llm, chat_client, kernel_id):
    fake_llm.script({"error": 401, "message": f"Incorrect API key provided: {API_KEY}"})
    ws = await chat_client()
    chat = await ws.open_chat()
    ended = await ask(ws, chat, kernel_id)
    assert ended["error_code"] == "llm_auth" and "Check the key" in ended["message"]
    no_key_anywhere(ws)
    await still_usable(fake_llm, ws, chat, kernel_id)


async def test_a_stalled_model_times_out(fake_llm, chat_client, kernel_id):
    fake_llm.script({"stall": 30, "text": "late"}, {"stall": 30, "text": "late"})
    ws = await chat_client()
    chat = await ws.open_chat()
    ended = await ask(ws, chat, kernel_id)
    assert ended["error_code"] == "llm_unavailable" and "timed out" in ended["message"]
    await still_usable(fake_llm, ws, chat, kernel_id)


async def test_a_stream_cut_midway_is_not_retried_and_says_so(fake_llm, chat_client, kernel_id):
    fake_llm.script({"cut_after_chunks": 3, "text": "This answer will be cut somewhere in the middle."})
    ws = await chat_client()
    chat = await ws.open_chat()
    ended = await ask(ws, chat, kernel_id)
    assert ended["reason"] == "error" and ended["error_code"] == "llm_unavailable"
    assert ws.of("assistant_delta") and len(fake_llm.requests) == 1
    await still_usable(fake_llm, ws, chat, kernel_id)


async def test_an_error_event_inside_the_stream_ends_the_turn_with_its_message(fake_llm, chat_client, kernel_id):
    fake_llm.script(
        {"error_after_chunks": 2, "message": "The server overloaded mid-reply", "text": "Partial answer here"}
    )
    ws = await chat_client()
    chat = await ws.open_chat()
    ended = await ask(ws, chat, kernel_id)
    assert ended["reason"] == "error" and ended["error_code"] == "llm_unavailable"
    assert "The server overloaded mid-reply" in ended["message"]
    assert "".join(d["delta"] for d in ws.of("assistant_delta")) == "Partial "
    assert len(fake_llm.requests) == 1  # text was already shown: not retried
    await still_usable(fake_llm, ws, chat, kernel_id)


async def test_malformed_tool_arguments_are_told_to_the_model_which_retries(fake_llm, chat_client, kernel_id):
    fake_llm.script(
        {"tool_calls": [{"name": "run_code", "arguments": '{"code": "print(1)'}]},
        run_code_call("print('ok')"),
        {"text": "done"},
    )
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
    proposal = await ws.until("proposal")
    assert proposal["code"] == "print('ok')"
    assert "not valid JSON" in fake_llm.requests[1]["messages"][-1]["content"]
    await ws.send({"type": "reject", "chat_id": chat, "proposal_id": proposal["proposal_id"]})
    await ws.until("turn_ended")


async def test_an_empty_reply_is_asked_again_once_then_reported(fake_llm, chat_client, kernel_id):
    fake_llm.script({"empty": True}, {"empty": True})
    ws = await chat_client()
    chat = await ws.open_chat()
    ended = await ask(ws, chat, kernel_id)
    assert "empty reply" in ended["message"]
    assert len(fake_llm.requests) == 2 and "was empty" in fake_llm.requests[1]["messages"][-1]["content"]


class TestUnknownModel:
    @pytest.fixture
    def gptinterp_config(self):
        return {"model": "no-such-model", "max_retries": 1}

    async def test_unknown_model_is_named(self, fake_llm, chat_client, kernel_id):
        ws = await chat_client()
        chat = await ws.open_chat()
        ended = await ask(ws, chat, kernel_id)
        assert ended["error_code"] == "llm_model_not_found" and "no-such-model" in ended["message"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class TestConnectionRefused:
    @pytest.fixture
    def gptinterp_config(self):
        return {"base_url": f"http://127.0.0.1:{_closed_port()}/v1", "max_retries": 0}

    async def test_connection_refused_is_clear(self, chat_client, kernel_id):
        ws = await chat_client()
        chat = await ws.open_chat()
        ended = await ask(ws, chat, kernel_id)
        assert ended["error_code"] == "llm_unavailable" and "could not connect" in ended["message"]
