"""History survives a server restart: the cut-short turn is closed, pending proposals come back
pending (never run on their own) and still work; nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import json

from jupyterlab_gptinterp.agent.loop import LoopConfig
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.chat import ChatService
from jupyterlab_gptinterp.history import HistoryStore
from jupyterlab_gptinterp.protocol import NotebookView

from seam_fakes import ExecExecutor, ScriptedLLM

NB = NotebookView(path="nb.ipynb", kernel_id="k1")


def run_code(code):
    return ("", [("run_code", json.dumps({"code": code, "reason": "r"}))])


def server(db, *replies):
    executor = ExecExecutor()
    service = ChatService(HistoryStore(db), ApprovalGate(), executor, lambda model=None: (ScriptedLLM(*replies), LoopConfig()))
    received: list[dict] = []
    return service, executor, received


async def wait_for(received, type_, n=1):
    for _ in range(200):
        if len([m for m in received if m["type"] == type_]) >= n:
            return [m for m in received if m["type"] == type_][n - 1]
        await asyncio.sleep(0.01)
    raise AssertionError(f"no {type_}")


async def test_a_restart_mid_turn_keeps_the_proposal_pending_and_never_runs_it(tmp_path):
    db = tmp_path / "h.sqlite3"
    first, first_exec, seen = server(db, run_code("marker = 'ran'"))
    chat = first.open_chat("nb.ipynb").chat_id
    first.subscribe(chat, lambda p: seen.append(json.loads(p)))
    first.send_message(chat, "go", NB)
    proposal = await wait_for(seen, "proposal")
    acknowledged = [m["seq"] for m in seen if m["seq"]]
    # The first server dies here (nothing shut down cleanly); a second one opens the same file.
    second, second_exec, seen2 = server(db)
    events = second.events(chat)
    assert [e["seq"] for e in events][: len(acknowledged)] == acknowledged  # nothing acknowledged lost
    second.subscribe(chat, lambda p: seen2.append(json.loads(p)))
    closed = second.events(chat)[-1]
    assert closed["type"] == "turn_ended" and "restarted" in closed["message"]
    await asyncio.sleep(0.05)
    assert second_exec.ran == [] and first_exec.ran == []
    # Still pending, still approvable, and it runs exactly what was approved.
    second.approve(chat, proposal["proposal_id"], "marker = 'approved after restart'", "u")
    done = await wait_for(seen2, "execution_done")
    assert done["status"] == "ok" and second_exec.ran == ["marker = 'approved after restart'"]
    memory = second._session(chat).state.memory
    assert any("before a restart" in str(m["content"]) for m in memory)
    first.store.close()
    second.store.close()


async def test_a_restored_proposal_can_be_rejected_and_reopening_does_not_close_twice(tmp_path):
    db = tmp_path / "h.sqlite3"
    first, _, seen = server(db, run_code("x = 1"))
    chat = first.open_chat("nb.ipynb").chat_id
    first.subscribe(chat, lambda p: seen.append(json.loads(p)))
    first.send_message(chat, "go", NB)
    proposal = await wait_for(seen, "proposal")
    second, second_exec, seen2 = server(db)
    second.subscribe(chat, lambda p: seen2.append(json.loads(p)))
    second.reject(chat, proposal["proposal_id"], "no")
    decided = await wait_for(seen2, "proposal_decided")
    assert decided["decision"] == "rejected" and second_exec.ran == []
    third, _, _ = server(db)
    third._session(chat)
    assert [e["type"] for e in third.events(chat)].count("turn_ended") == 1
    for s in (first, second, third):
        s.store.close()
