"""The per-request token cap: once the API's reported usage passes it, the turn pauses with a
plain message and the user can continue."""

from __future__ import annotations

import pytest
from conftest import run_code_call


@pytest.fixture
def gptinterp_config():
    return {"max_turn_tokens": 1000}


async def test_the_turn_pauses_at_the_token_cap_and_can_continue(fake_llm, chat_client, kernel_id):
    first = run_code_call("x = 1")
    first["usage"] = {"prompt_tokens": 900, "completion_tokens": 200}
    fake_llm.script(first, {"text": "Continued: x is 1.", "usage": {"prompt_tokens": 50, "completion_tokens": 5}})
    client = await chat_client()
    chat = await client.open_chat()
    nb = {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []}
    await client.send({"type": "send_message", "chat_id": chat, "text": "set x", "notebook": nb})
    proposal = await client.until("proposal")
    await client.send(
        {
            "type": "approve",
            "chat_id": chat,
            "proposal_id": proposal["proposal_id"],
            "code": proposal["code"],
            "kernel_id": kernel_id,
        }
    )
    ended = await client.until("turn_ended")
    assert ended["reason"] == "token_cap" and "1,100 tokens" in ended["message"] and "continue" in ended["message"]
    assert (ended["llm_calls"], ended["prompt_tokens"], ended["completion_tokens"]) == (1, 900, 200)
    assert len(fake_llm.requests) == 1  # not asked again past the cap

    await client.send({"type": "send_message", "chat_id": chat, "text": "continue", "notebook": nb})
    assert (await client.until("turn_ended"))["reason"] == "answer"
    assert "x = 1" in str(fake_llm.requests[1]["messages"])  # the model knows what ran
