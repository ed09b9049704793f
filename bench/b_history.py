"""5. History: append 100,000 events (HistoryStore on a file, as the server uses it: one
committed transaction per event); then load a 10,000-event chat, from a fresh connection (as
after a restart) and from the warm one."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from harness import Row, check, median, ms, pct

from jupyterlab_gptinterp.history import HistoryStore


def _event(chat_id: str, i: int) -> dict:
    """A realistic mix: mostly outputs and messages of a few hundred bytes."""
    kind = i % 4
    if kind == 0:
        return {
            "type": "assistant_message",
            "chat_id": chat_id,
            "ts": time.time(),
            "message_id": f"m-{i}",
            "text": f"Step {i}: " + "the revenue by month is plotted below. " * 5,
            "model": "fake-model",
        }
    if kind == 1:
        return {
            "type": "execution_output",
            "chat_id": chat_id,
            "ts": time.time(),
            "proposal_id": f"p-{i}",
            "index": 0,
            "output": {"output_type": "stream", "name": "stdout", "text": f"{i}\n" * 40},
        }
    if kind == 2:
        return {
            "type": "proposal",
            "chat_id": chat_id,
            "ts": time.time(),
            "proposal_id": f"p-{i}",
            "kind": "run_code",
            "code": "df.groupby('month').revenue.sum().plot()\n" * 3,
            "reason": "plot",
            "notebook_path": "sales.ipynb",
            "kernel_id": "k-1",
            "cell_id": None,
            "old_source": None,
        }
    return {
        "type": "execution_done",
        "chat_id": chat_id,
        "ts": time.time(),
        "proposal_id": f"p-{i}",
        "status": "ok",
        "execution_count": i,
        "message": "",
    }


async def run(quick: bool) -> list[Row]:
    total, chats = (10_000, 1) if quick else (100_000, 10)
    per_chat = total // chats  # 10,000: the chat that gets loaded
    tmp = Path(tempfile.mkdtemp(prefix="gptinterp-bench-history-"))
    path = tmp / "history.sqlite3"
    try:
        store = HistoryStore(path)
        ids = [store.create_chat(f"nb{i}.ipynb").chat_id for i in range(chats)]
        lat: list[float] = []
        start = time.perf_counter()
        for i in range(per_chat):  # chats interleaved, as concurrent chats write
            for chat_id in ids:
                t = time.perf_counter()
                store.append(chat_id, _event(chat_id, i))
                lat.append(time.perf_counter() - t)
        elapsed = time.perf_counter() - start
        check(store.last_seq(ids[-1]) == per_chat, "history: wrong last seq after appending")
        warm: list[float] = []
        for _ in range(3 if quick else 15):
            t = time.perf_counter()
            events = store.events(ids[-1])
            warm.append(time.perf_counter() - t)
        check(
            len(events) == per_chat and [e["seq"] for e in events] == list(range(1, per_chat + 1)),
            "history: loaded events are not the appended ones",
        )
        replay: list[float] = []  # what reopening a chat does: the stored frames, unparsed
        for _ in range(3 if quick else 15):
            t = time.perf_counter()
            frames = store.raw_events(ids[-1])
            replay.append(time.perf_counter() - t)
        check(len(frames) == per_chat, "history: the replay lost events")
        store.close()
        cold: list[float] = []
        for _ in range(3 if quick else 15):
            t = time.perf_counter()
            fresh = HistoryStore(path)
            events = fresh.events(ids[0])
            cold.append(time.perf_counter() - t)
            fresh.close()
        check(len(events) == per_chat, "history: a fresh store loads a different chat")
        size = path.stat().st_size + sum(p.stat().st_size for p in tmp.glob("*-wal"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return [
        Row(
            "5 history",
            f"append {total:,} events ({chats} chats)",
            f"{total / elapsed:,.0f} events/s; {ms(median(lat))} each (p99 {ms(pct(lat, 99))}); {size / 1e6:.0f} MB",
        ),
        Row(
            "5 history",
            f"reopen a {per_chat:,}-event chat: its replay frames",
            f"{ms(median(replay))} (p99 {ms(pct(replay, 99))})",
            goal="<= 100 ms",
            ok=median(replay) <= 0.100,
        ),
        Row(
            "5 history",
            f"parse a {per_chat:,}-event chat (warm / fresh connection; after a restart)",
            f"{ms(median(warm))} / {ms(median(cold))} (p99 {ms(pct(warm, 99))} / {ms(pct(cold, 99))})",
        ),
    ]
