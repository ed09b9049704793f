"""History survives a server restart: the cut-short turn is closed, pending proposals come back
pending (never run on their own) and still work; nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import json

from seam_fakes import ExecExecutor, OneNotebookKernel, ScriptedLLM

from jupyterlab_gptinterp.agent.loop import LoopConfig
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.chat import ChatService
from jupyterlab_gptinterp.history import HistoryStore
from jupyterlab_gptinterp.protocol import NotebookView

NB = NotebookView(path="nb.ipynb", kernel_id="k1")


def run_code(code):
    return ("", [("run_code", json.dumps({"code": code, "reason": "r"}))])


def server(db, *replies):
    executor = ExecExecutor()
    service = ChatService(
        HistoryStore(db),
        ApprovalGate(),
        executor,
        lambda model=None: (ScriptedLLM(*replies), LoopConfig()),
        kernels=OneNotebookKernel(),
    )
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
    await first.send_message(chat, "go", NB)
    proposal = await wait_for(seen, "proposal")
    acknowledged = [m["seq"] for m in seen if m["seq"]]
    # The first server dies here (nothing shut down cleanly); a second one opens the same file.
    second, second_exec, seen2 = server(db)
    events = second.store.events(chat)
    assert [e["seq"] for e in events][: len(acknowledged)] == acknowledged  # nothing acknowledged lost
    second.subscribe(chat, lambda p: seen2.append(json.loads(p)))
    closed = second.store.events(chat)[-1]
    assert closed["type"] == "turn_ended" and "restarted" in closed["message"]
    await asyncio.sleep(0.05)
    assert second_exec.ran == [] and first_exec.ran == []
    # Still pending, still approvable, and it runs exactly what was approved.
    await second.approve(chat, proposal["proposal_id"], "marker = 'approved after restart'", "u")
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
    await first.send_message(chat, "go", NB)
    proposal = await wait_for(seen, "proposal")
    second, second_exec, seen2 = server(db)
    second.subscribe(chat, lambda p: seen2.append(json.loads(p)))
    second.reject(chat, proposal["proposal_id"], "no")
    decided = await wait_for(seen2, "proposal_decided")
    assert decided["decision"] == "rejected" and second_exec.ran == []
    third, _, _ = server(db)
    third._session(chat)
    assert [e["type"] for e in third.store.events(chat)].count("turn_ended") == 1
    for s in (first, second, third):
        s.store.close()


async def test_every_stored_event_is_sent_as_the_frame_a_replay_sends(tmp_path):
    """One serialization per event: what a tab saw live is what a reconnecting tab is sent."""
    service, _, _ = server(tmp_path / "h.sqlite3", run_code("print('hi')"), "done")
    chat = service.open_chat("nb.ipynb").chat_id
    frames: list[str] = []
    seen: list[dict] = []
    service.subscribe(chat, frames.append)
    service.subscribe(chat, lambda p: seen.append(json.loads(p)))
    await service.send_message(chat, "go — plot the café's sales", NB)
    proposal = await wait_for(seen, "proposal")
    await service.approve(chat, proposal["proposal_id"], "print('hi')", "u")
    await wait_for(seen, "turn_ended")
    stored = [f for f, m in zip(frames, seen) if m["seq"]]
    assert [json.loads(f)["type"] for f in stored][-3:] == ["execution_done", "assistant_message", "turn_ended"]
    assert stored == service.replay(chat)
    assert [json.loads(f)["seq"] for f in stored] == list(range(1, len(stored) + 1))
    service.store.close()


async def test_commits_leave_the_wal_checkpoint_to_a_thread_of_their_own(tmp_path):
    """A checkpoint fsyncs the WAL and the database (5-15 ms): inside a commit on the event loop it
    would pause every chat. The store's own connection never checkpoints, and the database file
    still receives the events."""
    db = tmp_path / "h.sqlite3"
    store = HistoryStore(db)
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    chat = store.create_chat("nb.ipynb").chat_id
    for i in range(1500):
        store.append(chat, {"type": "status", "ts": 1.0, "text": f"event {i} " + "x" * 200})
    copied = 0
    for _ in range(100):  # the database file alone (no WAL): what the checkpoints copied back
        await asyncio.sleep(0.05)
        (tmp_path / "copy.sqlite3").write_bytes(db.read_bytes())
        try:
            copy = HistoryStore(tmp_path / "copy.sqlite3")
            copied = copy.last_seq(chat)
            copy.close()
        except Exception:  # caught mid-checkpoint: try again
            continue
        if copied > 500:
            break
    assert copied > 500
    assert len(store.events(chat)) == 1500
    store.close()


async def test_after_a_restart_what_ran_is_a_note_to_the_model_never_its_own_words(tmp_path):
    db = tmp_path / "h.sqlite3"
    first, _, seen = server(db, run_code("total = 6 * 7"), ("It is 42.", []), run_code("bad = 1"))
    chat = first.open_chat("nb.ipynb").chat_id
    first.subscribe(chat, lambda p: seen.append(json.loads(p)))
    await first.send_message(chat, "go", NB)
    await first.approve(chat, (await wait_for(seen, "proposal"))["proposal_id"], "total = 6 * 7", "u")
    await wait_for(seen, "turn_ended")
    await first.send_message(chat, "again", NB)
    first.reject(chat, (await wait_for(seen, "proposal", 2))["proposal_id"], "not that")
    await wait_for(seen, "turn_ended", 2)
    second, _, _ = server(db)
    memory = second._session(chat).state.memory
    # A small model copied its 'own' "I ran: ..." into the next reply, above code not yet run.
    spoken = " ".join(str(m["content"]) for m in memory if m["role"] == "assistant")
    assert "total = 6 * 7" not in spoken and "I ran" not in spoken and "rejected" not in spoken
    noted = [str(m["content"]) for m in memory if m["role"] == "user"]
    assert any("total = 6 * 7" in n for n in noted) and any("not that" in n for n in noted)
    first.store.close()
    second.store.close()
