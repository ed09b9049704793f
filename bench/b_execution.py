"""2. Execution: from approval to first output and to completion, through the extension
(approve on the websocket; execution_output / execution_done arrive) against a raw
jupyter_client on the same kernel (execute; first output / idle + execute_reply). Interleaved.

Both clients stay connected to the one kernel, so each also receives (and skips) the other's
iopub traffic, as the extension does next to a notebook the user runs cells in.

Each side waits SETTLE before its request, as a person reading a proposal does. Without it the
raw client's request would come right after the extension's turn ended, the extension's a model
round trip after the raw run, and the kernel (still sending the last cell's 10,000 messages to
two clients) would start the two at unequal delays.
"""

from __future__ import annotations

import asyncio
import queue
import time
from typing import Any

from harness import BenchError, Row, SeqCheck, Stack, check, median, ms, notebook, pct
from jupyter_client.asynchronous.client import AsyncKernelClient

CELLS = {
    "1+1": ("1+1", lambda outs: [o.get("data", {}).get("text/plain") for o in outs] == ["2"]),
    "10,000 lines": (
        "for i in range(10000):\n    print(i)",
        lambda outs: "".join(o.get("text", "") for o in outs) == "".join(f"{i}\n" for i in range(10000)),
    ),
}


SETTLE = 0.15  # seconds of quiet before each measured request, on both sides


def _run_code(code: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": "run_code", "arguments": {"code": code, "reason": "bench"}}]}


async def _extension(ws, chat: str, seqs: SeqCheck, kid: str, stack: Stack, code: str, good) -> tuple[float, float]:
    await stack.llm_admin("script", [_run_code(code), {"text": "done"}])
    await ws.send({"type": "send_message", "chat_id": chat, "text": "run it", "notebook": notebook(kid)})
    seen: list[tuple[float, dict[str, Any]]] = []
    _, proposal = await ws.until("proposal", seen=seen)
    await asyncio.sleep(SETTLE)
    t0 = await ws.send({"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": code})
    _, done = await ws.until("execution_done", seen=seen)
    await ws.until("turn_ended", seen=seen)
    for _, msg in seen:
        seqs.see(msg)
    outs = [(t, m) for t, m in seen if m["type"] == "execution_output"]
    check(done["status"] == "ok", f"execution: status {done['status']} {done.get('message')}")
    check(bool(outs) and good([m["output"] for _, m in outs]), f"execution via extension: wrong output for {code!r}")
    check([m["index"] for _, m in outs] == list(range(len(outs))), "execution: output indexes not contiguous")
    t_done = next(t for t, m in seen if m["type"] == "execution_done")
    return outs[0][0] - t0, t_done - t0


async def _raw(client: AsyncKernelClient, code: str, good) -> tuple[float, float]:
    """What a direct jupyter_client user does, and what kernel.py does: iopub by parent id until
    idle, then the execute_reply."""
    await asyncio.sleep(SETTLE)
    t0 = time.perf_counter()
    msg_id = client.execute(code, store_history=True, allow_stdin=False)
    first = 0.0
    outs: list[dict[str, Any]] = []
    while True:
        msg = await client.get_iopub_msg(timeout=30)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind in ("stream", "execute_result", "display_data", "error"):
            if not outs:
                first = time.perf_counter()
            outs.append(msg["content"])
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            break
    while True:
        try:
            reply = await client.get_shell_msg(timeout=30)
        except queue.Empty:
            raise BenchError("raw: no execute_reply") from None
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    t_done = time.perf_counter()
    check(reply["content"]["status"] == "ok", f"raw: status {reply['content']['status']}")
    check(good(outs), f"raw jupyter_client: wrong output for {code!r}")
    return first - t0, t_done - t0


async def run(stack: Stack, kid: str, quick: bool) -> list[Row]:
    # The 10,000-line cell's first output comes 4-60 ms after the request from the kernel alone
    # (when ipykernel flushes its first stream chunk), so it gets as many runs as 1+1 for a
    # stable median.
    reps = {"1+1": 5, "10,000 lines": 4} if quick else {"1+1": 60, "10,000 lines": 60}
    client = AsyncKernelClient()
    client.load_connection_file(str(stack.connection_file(kid)))
    client.allow_stdin = False
    client.start_channels()
    ws = await stack.connect()
    rows: list[Row] = []
    try:
        await client.wait_for_ready(timeout=60)
        chat, last_seq = await ws.open_chat("execution.ipynb")
        seqs = SeqCheck(chat, last_seq)
        for name, (code, good) in CELLS.items():
            for _ in range(2):  # warm-up: the server's kernel client connects on first use
                await _extension(ws, chat, seqs, kid, stack, code, good)
                await _raw(client, code, good)
            first: dict[str, list[float]] = {"x": [], "r": []}
            done: dict[str, list[float]] = {"x": [], "r": []}
            for i in range(reps[name]):
                for side in ("x", "r") if i % 2 == 0 else ("r", "x"):
                    if side == "x":
                        f, d = await _extension(ws, chat, seqs, kid, stack, code, good)
                    else:
                        f, d = await _raw(client, code, good)
                    first[side].append(f)
                    done[side].append(d)
            for label, series in (("first output", first), ("completion", done)):
                added = [x - r for x, r in zip(series["x"], series["r"])]
                add50 = median(series["x"]) - median(series["r"])
                add99 = pct(series["x"], 99) - pct(series["r"], 99)
                rows.append(
                    Row(
                        "2 execution",
                        f"{name}: approval -> {label} (n={reps[name]})",
                        f"{ms(median(series['x']))} (p99 {ms(pct(series['x'], 99))})",
                        f"{ms(median(series['r']))} (p99 {ms(pct(series['r'], 99))})",
                        f"added {ms(add50)} (p99 {ms(add99)}; paired median {ms(median(added))})",
                        "added <= 5 ms median, <= 20 ms p99",
                        add50 <= 0.005 and add99 <= 0.020,
                    )
                )
        check(not ws.errors, f"execution: server errors {ws.errors}")
    finally:
        ws.close()
        client.stop_channels()
    return rows
