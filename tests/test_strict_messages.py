"""Client messages are validated strictly: no field is coerced from another JSON type.

An audit found `approve` with `run: "true"` (or "yes", 1, 1.0 …) taken as true and run. Here every
field of every client message, nested ones and list items included, is sent with each JSON type
it does not accept, at a live chat with a pending proposal: each frame must get one
`invalid_message` reply, and nothing may run or reach the model.
"""

from __future__ import annotations

import collections

from conftest import run_code_call
from wire_types import wrong_type_frames

from jupyterlab_gptinterp.protocol import client_message_adapter


def _valid_messages(chat: str, proposal_id: str, kernel_id: str) -> list[dict]:
    cell = {"id": "a1", "cell_type": "code", "source": "x = 1", "execution_count": 1, "outputs": ["1"]}
    notebook = {"path": "nb.ipynb", "kernel_id": kernel_id, "active_cell_id": "a1", "cells": [cell]}
    messages = [
        {"type": "open_chat", "request_id": "r", "notebook_path": "nb.ipynb", "chat_id": chat, "after_seq": 0},
        {
            "type": "send_message",
            "request_id": "r",
            "chat_id": chat,
            "text": "go",
            "notebook": notebook,
            "action": "chat",
            "cell_id": "a1",
            "model": "default/fake-model",
            "attachments": ["data.csv"],
        },
        {
            "type": "approve",
            "request_id": "r",
            "chat_id": chat,
            "proposal_id": proposal_id,
            "code": "ran_it = True",
            "after_cell_id": "a1",
            "run": True,
            "kernel_id": kernel_id,
        },
        {"type": "reject", "request_id": "r", "chat_id": chat, "proposal_id": proposal_id, "reason": "no"},
        {"type": "stop", "request_id": "r", "chat_id": chat},
    ]
    for message in messages:  # the starting points are valid: only the one wrong field is refused
        client_message_adapter.validate_python(message)
    return messages


async def test_every_field_with_a_wrong_json_type_is_refused_and_nothing_runs(
    fake_llm, chat_client, kernel_id, kernel_eval
):
    fake_llm.script(run_code_call("ran_it = True"), {"text": "done"})
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "go",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id},
        }
    )
    proposal = await ws.until("proposal")
    model_calls = len(fake_llm.requests)

    sent = 0
    for message in _valid_messages(chat, proposal["proposal_id"], kernel_id):
        frames, expected = [], {}
        for n, (path, value, frame) in enumerate(wrong_type_frames(message)):
            if path != ("request_id",):
                frame["request_id"] = rid = f"{message['type']}-{n}"
                expected[rid] = (path, value)
            frames.append(frame)
        replies = await ws.replies(frames)
        sent += len(frames)
        by_request = collections.defaultdict(list)
        for reply in replies:
            by_request[reply.get("request_id")].append(reply)
        for rid, (path, value) in expected.items():
            got = by_request.pop(rid, [])
            assert [(r["type"], r.get("code")) for r in got] == [("error", "invalid_message")], (
                f"{message['type']} with {'.'.join(map(str, path))} = {value!r} got {got}"
            )
        # The frames whose request_id itself had the wrong type are answered without one.
        unnamed = by_request.pop(None, [])
        assert len(unnamed) == len(frames) - len(expected)
        assert all(r["code"] == "invalid_message" for r in unnamed)
        assert not by_request, by_request

    assert sent > 400
    # Nothing ran, nothing reached the model, and the proposal is still pending and live.
    assert await kernel_eval(kernel_id, "globals().get('ran_it', '<unset>')") == "'<unset>'"
    assert len(fake_llm.requests) == model_calls
    assert not ws.of("proposal_decided") and not ws.of("execution_started")
    await ws.send({"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": "ran_it = True"})
    assert (await ws.until("execution_done"))["status"] == "ok"
    assert await kernel_eval(kernel_id, "ran_it") == "True"
