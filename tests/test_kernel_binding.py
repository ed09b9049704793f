"""Code proposed in a notebook runs only in the kernel that notebook's session runs now.

An audit found an approve's `kernel_id` sent the code to any kernel on the server: a proposal
made in notebook A ran in notebook B's kernel. A request and an approval may name only the
current kernel of the notebook's session (jupyter_server's session manager, by path); any other
kernel is refused with a typed error, the proposal stays pending, and nothing runs anywhere.
"""

from __future__ import annotations

import json

from conftest import run_code_call

WITNESS = "globals().get('where', '<unset>')"


def view(path: str, kernel_id: str) -> dict:
    return {"path": path, "kernel_id": kernel_id, "cells": []}


async def test_a_proposal_runs_only_in_its_notebooks_current_kernel(
    jp_fetch, fake_llm, chat_client, session_kernel, kernel_eval
):
    kernel_a = await session_kernel("a.ipynb")
    kernel_b = await session_kernel("b.ipynb")
    loose = json.loads((await jp_fetch("api", "kernels", method="POST", body=json.dumps({"name": "python3"}))).body)[
        "id"
    ]  # a kernel no notebook's session runs
    fake_llm.script(run_code_call("where = 'ran'"), {"text": "done"})
    ws = await chat_client()
    chat = await ws.open_chat("a.ipynb")
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": view("a.ipynb", kernel_a)})
    proposal = await ws.until("proposal")
    approve = {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": "where = 'ran'"}

    for n, (other, code) in enumerate(
        [(kernel_b, "wrong_kernel"), (loose, "wrong_kernel"), ("no-such-kernel", "kernel_not_found")]
    ):
        await ws.send({**approve, "kernel_id": other, "request_id": f"r{n}"})
        error = await ws.until("error", request_id=f"r{n}")
        assert error["code"] == code, (other, error)
        assert error["message"]
    for kid in (kernel_a, kernel_b, loose):  # nothing ran anywhere
        assert await kernel_eval(kid, WITNESS) == "'<unset>'"
    assert not ws.of("proposal_decided")

    # The proposal is still pending; named with its notebook's kernel it runs there.
    await ws.send({**approve, "kernel_id": kernel_a})
    done = await ws.until("execution_done")
    assert done["status"] == "ok"
    started = ws.of("execution_started")[-1]
    assert (started["kernel_id"], started["notebook_path"]) == (kernel_a, "a.ipynb")
    assert await kernel_eval(kernel_a, WITNESS) == "'ran'"
    assert await kernel_eval(kernel_b, WITNESS) == "'<unset>'"
    await ws.until("turn_ended")


async def test_a_request_naming_another_notebooks_kernel_is_refused(
    jp_fetch, fake_llm, chat_client, session_kernel, caplog
):
    kernel_a = await session_kernel("a.ipynb")
    kernel_b = await session_kernel("b.ipynb")
    ws = await chat_client()
    chat = await ws.open_chat("a.ipynb")
    await ws.send(
        {
            "type": "send_message",
            "request_id": "r1",
            "chat_id": chat,
            "text": "go",
            "notebook": view("a.ipynb", kernel_b),
        }
    )
    assert (await ws.until("error", request_id="r1"))["code"] == "wrong_kernel"
    assert not fake_llm.requests
    # The log says what each side held, so that an unforeseen refusal can be read afterwards.
    said = [r.getMessage() for r in caplog.records if "refused for" in r.getMessage()]
    assert said and kernel_b in said[-1] and kernel_a in said[-1] and "a.ipynb" in said[-1]


async def test_after_the_notebook_changes_kernel_the_old_one_is_refused(
    jp_fetch, fake_llm, chat_client, session_kernel, kernel_eval
):
    """The proposal was made against the notebook's first kernel; the user then switches the
    notebook to another one. Approving without naming a kernel would use the old one: refused;
    naming the notebook's kernel now runs it there."""
    first = await session_kernel("a.ipynb")
    fake_llm.script(run_code_call("where = 'ran'"), {"text": "done"})
    ws = await chat_client()
    chat = await ws.open_chat("a.ipynb")
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": view("a.ipynb", first)})
    proposal = await ws.until("proposal")

    second = json.loads((await jp_fetch("api", "kernels", method="POST", body=json.dumps({"name": "python3"}))).body)[
        "id"
    ]
    sessions = json.loads((await jp_fetch("api", "sessions")).body)
    session_id = next(s["id"] for s in sessions if s["path"] == "a.ipynb")
    await jp_fetch("api", "sessions", session_id, method="PATCH", body=json.dumps({"kernel": {"id": second}}))

    approve = {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": "where = 'ran'"}
    await ws.send({**approve, "request_id": "old"})
    assert (await ws.until("error", request_id="old"))["code"] in ("wrong_kernel", "kernel_not_found")
    await ws.send({**approve, "kernel_id": second})
    assert (await ws.until("execution_done"))["status"] == "ok"
    assert await kernel_eval(second, WITNESS) == "'ran'"
