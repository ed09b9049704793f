"""The kernel is busy with the user's own long cell: the run says it waits, then runs after it."""

from __future__ import annotations

import asyncio

from conftest import run_code_call


async def test_a_run_behind_the_users_long_cell_says_it_waits(jp_serverapp, fake_llm, chat_client, kernel_id):
    # The user's own cell, from another client (the notebook page): it keeps the kernel busy.
    user = jp_serverapp.kernel_manager.get_kernel(kernel_id).client()
    user.start_channels()
    try:
        await user.wait_for_ready(timeout=30)
        user.execute("import time\ntime.sleep(4)\nusers_cell_done = True")
        kernel = jp_serverapp.kernel_manager.get_kernel(kernel_id)
        for _ in range(100):
            if kernel.execution_state == "busy":
                break
            await asyncio.sleep(0.05)
        assert kernel.execution_state == "busy"

        fake_llm.script(run_code_call("print(users_cell_done)"), {"text": "It ran after your cell."})
        client = await chat_client()
        chat = await client.open_chat()
        await client.send(
            {
                "type": "send_message",
                "chat_id": chat,
                "text": "go",
                "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
            }
        )
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
        started = await client.until("execution_started")
        assert started["kernel_busy"] is True
        done = await client.until("execution_done", timeout=60)
        assert done["status"] == "ok"
        assert client.of("execution_output")[-1]["output"]["text"] == "True\n"
    finally:
        user.stop_channels()
