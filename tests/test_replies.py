"""Every client frame gets exactly one reply, on the socket it came from.

`chat_opened` answers open_chat, `ack` every other request the server took, a typed `error`
anything it refused. An audit raced Stop and approve on two sockets: the approve got no reply
at all in 14 of 20 cycles (the proposal had been cancelled under it, silently). Now it is either
taken (`ack`) or refused as decided (`proposal_decided`), and never runs once refused.
"""

from __future__ import annotations

import ast

from conftest import run_code_call

WITNESS = "globals().get('raced', [])"


def notebook(kernel_id: str) -> dict:
    return {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []}


async def test_each_request_gets_one_reply_even_on_a_socket_that_did_not_open_the_chat(
    fake_llm, chat_client, kernel_id
):
    fake_llm.script(run_code_call("x = 1"), {"text": "done"}, run_code_call("y = 2"), {"text": "done"})
    tab = await chat_client()
    other = await chat_client()  # another tab: it never opened the chat
    chat = await tab.open_chat()
    for n, frame in enumerate(
        [{"type": "open_chat", "notebook_path": "nb.ipynb", "chat_id": chat}, {"type": "stop", "chat_id": chat}]
    ):
        replies = await other.replies([{**frame, "request_id": f"a{n}"}])
        assert [(r["type"], r["request_id"]) for r in replies] == [
            ("chat_opened" if frame["type"] == "open_chat" else "ack", f"a{n}")
        ]

    lonely = await chat_client()
    for decide in ("approve", "reject"):
        await tab.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
        proposal = await tab.until("proposal")
        frame = {"type": decide, "request_id": decide, "chat_id": chat, "proposal_id": proposal["proposal_id"]}
        if decide == "approve":
            frame["code"] = proposal["code"]
        replies = await lonely.replies([frame])
        assert [(r["type"], r["request_id"], r["of"]) for r in replies] == [("ack", decide, decide)]
        await tab.until("turn_ended")

    replies = await lonely.replies(
        [{"type": "send_message", "request_id": "s", "chat_id": chat, "text": "hi", "notebook": notebook(kernel_id)}]
    )
    assert [(r["type"], r["request_id"]) for r in replies] == [("ack", "s")]
    await tab.until("turn_ended")


async def test_stop_and_approve_racing_on_two_sockets_each_get_one_reply(fake_llm, chat_client, kernel_id, kernel_eval):
    tab = await chat_client()
    other = await chat_client()
    chat = await tab.open_chat()
    await other.send({"type": "open_chat", "notebook_path": "nb.ipynb", "chat_id": chat})
    await other.until("chat_opened")
    outcomes = []
    for cycle in range(20):
        code = f"raced = globals().get('raced', []) + [{cycle}]"
        fake_llm.reset()  # a stopped turn leaves its "done" unused
        fake_llm.script(run_code_call(code), {"text": "done"})
        await tab.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
        proposal = await tab.until("proposal")
        pid = proposal["proposal_id"]
        # Both frames leave before either is answered, in turns one first then the other.
        stop = (tab, {"type": "stop", "request_id": f"stop{cycle}", "chat_id": chat})
        approve = (
            other,
            {"type": "approve", "request_id": f"ok{cycle}", "chat_id": chat, "proposal_id": pid, "code": code},
        )
        for ws, frame in (stop, approve) if cycle % 2 else (approve, stop):
            await ws.send(frame)
        stop_reply = await tab.replies([])
        approve_reply = await other.replies([])
        assert [(r["type"], r["request_id"]) for r in stop_reply] == [("ack", f"stop{cycle}")]
        assert len(approve_reply) == 1, approve_reply
        reply = approve_reply[0]
        assert reply["request_id"] == f"ok{cycle}"
        assert (reply["type"], reply.get("code")) in (("ack", None), ("error", "proposal_decided")), reply
        await tab.until("turn_ended")
        decided = [m for m in tab.of("proposal_decided") if m["proposal_id"] == pid]
        assert len(decided) == 1, decided  # the chat says what became of it, once
        started = [m for m in tab.of("execution_started") if m["proposal_id"] == pid]
        ran = cycle in ast.literal_eval(await kernel_eval(kernel_id, WITNESS))
        if reply["type"] == "error":
            assert decided[0]["decision"] == "cancelled" and not started and not ran
        assert not ran or started  # nothing runs without an approval the chat shows
        outcomes.append(reply["type"] + (" (ran)" if ran else ""))
    print("approve replies:", {k: outcomes.count(k) for k in set(outcomes)})
