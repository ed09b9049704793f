"""The user switches notebooks while a turn runs: each turn stays bound to its own notebook and
kernel, and the two chats do not mix."""

from __future__ import annotations

from conftest import run_code_call


async def test_each_turn_runs_in_its_own_notebooks_kernel(fake_llm, chat_client, session_kernel, kernel_eval):
    kernel_id = await session_kernel("first.ipynb")
    other_kernel = await session_kernel("second.ipynb")
    fake_llm.script(
        run_code_call("where = 'first'"),
        run_code_call("where = 'second'"),
        {"text": "Done in the first."},
        {"text": "Done in the second."},
    )
    client = await chat_client()
    first = await client.open_chat("first.ipynb")
    second = await client.open_chat("second.ipynb")
    await client.send(
        {
            "type": "send_message",
            "chat_id": first,
            "text": "mark it",
            "notebook": {"path": "first.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )
    p1 = await client.until("proposal", chat_id=first)
    # The user moves to the other notebook and asks there while the first card waits.
    await client.send(
        {
            "type": "send_message",
            "chat_id": second,
            "text": "mark it",
            "notebook": {"path": "second.ipynb", "kernel_id": other_kernel, "cells": []},
        }
    )
    p2 = await client.until("proposal", chat_id=second)
    for chat, proposal in ((second, p2), (first, p1)):
        await client.send(
            {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
        )
        done = await client.until("execution_done", chat_id=chat)
        assert done["status"] == "ok"
    started = {m["chat_id"]: m for m in client.of("execution_started")}
    assert (started[first]["kernel_id"], started[first]["notebook_path"]) == (kernel_id, "first.ipynb")
    assert (started[second]["kernel_id"], started[second]["notebook_path"]) == (other_kernel, "second.ipynb")
    assert await kernel_eval(kernel_id, "where") == "'first'"
    assert await kernel_eval(other_kernel, "where") == "'second'"
