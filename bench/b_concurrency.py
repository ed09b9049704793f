"""3. Concurrency: 20 chats streaming at once while a 21st executes a cell that prints steadily;
then 1,000 short turns over 20 chats. Measured in the server process by the bench's lag probe
(bench_lagprobe.py: event-loop lateness, RSS). Every chat's seq must be continuous and every
streamed text exact.
"""

from __future__ import annotations

import asyncio
from typing import Any

from b_relay import word
from harness import BenchError, Row, SeqCheck, Stack, check, median, notebook, pct

STREAMERS = 20
PACE = 0.020
EXEC_CODE = "import time\nfor i in range({n}):\n    print(i, flush=True)\n    time.sleep(0.002)"


def _stream_text(tokens: int) -> str:
    return "".join(word(i) for i in range(tokens))


async def _turn(ws, chat: str, seqs: SeqCheck, kid: str, text: str, expect: str | None) -> None:
    """One chat turn: send, read to turn_ended, check seq continuity and the streamed text."""
    await ws.send({"type": "send_message", "chat_id": chat, "text": text, "notebook": notebook(kid)})
    deltas: list[str] = []
    final = None
    while True:
        _, msg = await ws.next(120)
        seqs.see(msg)
        if msg["type"] == "assistant_delta":
            deltas.append(msg["delta"])
        elif msg["type"] == "assistant_message":
            final = msg["text"]
        elif msg["type"] == "turn_ended":
            check(msg["reason"] == "answer", f"concurrency: turn ended with {msg['reason']}: {msg.get('message')}")
            break
    if expect is not None:
        got = "".join(deltas)
        if got != expect:
            at = next((i for i, (a, b) in enumerate(zip(got, expect)) if a != b), min(len(got), len(expect)))
            raise BenchError(
                f"concurrency: chat {chat} streamed {len(got)} chars in {len(deltas)} deltas, expected {len(expect)}; "
                f"first difference at {at}: {got[at - 20 : at + 20]!r} vs {expect[at - 20 : at + 20]!r}; "
                f"final message {'matches' if final == expect else 'differs too'}"
            )


async def _executing(ws, chat: str, seqs: SeqCheck, kid: str, lines: int, started: asyncio.Event) -> None:
    code = EXEC_CODE.format(n=lines)
    await ws.send({"type": "send_message", "chat_id": chat, "text": "bench-exec", "notebook": notebook(kid)})
    outs: list[dict[str, Any]] = []
    while True:
        _, msg = await ws.next(120)
        seqs.see(msg)
        if msg["type"] == "proposal":
            check(msg["code"] == code, "concurrency: the proposal is not the scripted code")
            await ws.send({"type": "approve", "chat_id": chat, "proposal_id": msg["proposal_id"], "code": code})
        elif msg["type"] == "execution_output":
            outs.append(msg)
            started.set()
        elif msg["type"] == "execution_done":
            check(msg["status"] == "ok", f"concurrency: execution {msg['status']}")
        elif msg["type"] == "turn_ended":
            check(msg["reason"] == "answer", f"concurrency: exec turn ended with {msg['reason']}")
            break
    check([m["index"] for m in outs] == list(range(len(outs))), "concurrency: output indexes have gaps")
    text = "".join(m["output"].get("text", "") for m in outs)
    check(text == "".join(f"{i}\n" for i in range(lines)), "concurrency: executed cell's output differs")


async def run(stack: Stack, kid: str, quick: bool) -> list[Row]:
    tokens, lines, turns = (50, 300, 200) if quick else (400, 2_000, 1_000)
    stream = _stream_text(tokens)
    # 20 ms a token: a brisk real model (50 tokens/s each, 1,000 tokens/s over the 20 chats).
    await stack.llm_admin(
        "rule", {"pattern": "bench-stream", "reply": {"text": stream, "chunk_chars": 4, "delay": PACE}}
    )
    await stack.llm_admin(
        "rule",
        {
            "pattern": "bench-exec",
            "reply": {
                "tool_calls": [
                    {"name": "run_code", "arguments": {"code": EXEC_CODE.format(n=lines), "reason": "bench"}}
                ]
            },
        },
    )
    await stack.llm_admin("rule", {"pattern": "Execution status", "reply": {"text": "done"}})
    await stack.llm_admin("rule", {"pattern": "bench-turn", "reply": {"text": "A short answer of a few words. " * 6}})
    sockets = [await stack.connect() for _ in range(STREAMERS + 1)]
    rows: list[Row] = []
    try:
        chats = [await ws.open_chat(f"conc{i}.ipynb") for i, ws in enumerate(sockets)]
        seqs = [SeqCheck(c, last) for c, last in chats]
        ids = [c for c, _ in chats]

        # Phase A: 20 streams while one cell executes.
        await stack.api("/bench/lag", "POST")
        started = asyncio.Event()
        exec_task = asyncio.ensure_future(_executing(sockets[-1], ids[-1], seqs[-1], kid, lines, started))
        await asyncio.wait_for(started.wait(), 60)
        await asyncio.gather(
            *(_turn(sockets[i], ids[i], seqs[i], kid, "bench-stream", stream) for i in range(STREAMERS))
        )
        await exec_task
        probe = await stack.api("/bench/lag")
        await stack.api("/bench/lag", "DELETE")
        lag = probe["lag_ms"]
        check(len(lag) > 10, "concurrency: the lag probe took no samples")
        rows.append(
            Row(
                "3 concurrency",
                f"loop lag, {STREAMERS} chats x {tokens:,} tokens at 50/s + 1 executing",
                f"p99 {pct(lag, 99):.1f} ms (median {median(lag):.2f}, max {max(lag):.1f}, n={len(lag)}){_gc(probe)}",
                goal="p99 <= 10 ms",
                ok=pct(lag, 99) <= 10,
            )
        )
        rows.append(Row("3 concurrency", "  events dropped (every seq and delta checked)", "0", goal="0", ok=True))

        # Phase B: many short turns; RSS sampled every tenth of the way.
        per_chat = turns // STREAMERS
        await stack.api("/bench/lag", "POST")
        rss: list[int] = [(await stack.api("/bench/lag"))["rss"]]
        n = max(1, per_chat // 10)
        for _ in range(10):
            await asyncio.gather(*(_sequence(sockets[i], ids[i], seqs[i], kid, n) for i in range(STREAMERS)))
            rss.append((await stack.api("/bench/lag"))["rss"])
        probe = await stack.api("/bench/lag")
        lag = probe["lag_ms"]
        await stack.api("/bench/lag", "DELETE")
        done = n * 10 * STREAMERS
        # Flat: the second half grows no more than 2 MB (allocator noise), i.e. no per-turn leak.
        half = rss[len(rss) // 2]
        growth = (rss[-1] - half) / 1e6
        per_turn = (rss[-1] - half) / (done / 2) / 1e3
        rows.append(
            Row(
                "3 concurrency",
                f"server RSS over {done:,} turns ({STREAMERS} chats)",
                f"{rss[0] / 1e6:.1f} -> {half / 1e6:.1f} -> {rss[-1] / 1e6:.1f} MB (2nd half {growth:+.1f} MB, {per_turn:+.2f} KB/turn)",
                goal="flat (2nd half <= +2 MB)",
                ok=growth <= 2.0,
            )
        )
        rows.append(
            Row(
                "3 concurrency",
                "  loop lag during those turns (back to back, no pause)",
                f"p99 {pct(lag, 99):.1f} ms (median {median(lag):.2f}, max {max(lag):.1f}){_gc(probe)}",
            )
        )
        for ws in sockets:
            check(not ws.errors, f"concurrency: server errors {ws.errors}")
    finally:
        for ws in sockets:
            ws.close()
    return rows


def _gc(probe: dict[str, Any]) -> str:
    full = [ms for gen, ms in probe["gc_ms"] if gen == 2]
    return f"; {len(full)} full GCs, longest {max(full):.0f} ms" if full else "; no full GC"


async def _sequence(ws, chat: str, seqs: SeqCheck, kid: str, n: int) -> None:
    for _ in range(n):
        await _turn(ws, chat, seqs, kid, "bench-turn", "A short answer of a few words. " * 6)
