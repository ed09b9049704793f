"""1. Relay: tokens streamed by the model, as a websocket client of the extension sees them,
against the openai client reading the same fake LLM directly. Interleaved, repeated.

Tokens/s is (tokens - 1) / (last token - first token), tokens being 4-character words (the
server sends the deltas parsed in one event-loop turn as one frame); first-token latency is from the request
(send_message on the websocket / chat.completions.create) to the first text delta.
"""

from __future__ import annotations

import functools
import time

from harness import API_KEY, MODEL, Row, SeqCheck, Stack, check, median, ms, notebook, pct
from openai import AsyncOpenAI, AsyncStream


def word(i: int) -> str:
    """A 4-char token, distinct for 17,576 in a row. Letters: digits in an answer would make the
    loop's grounding aid ask the model again."""
    return "".join(chr(97 + (i // 26**k) % 26) for k in range(3)) + " "


def _text(tokens: int) -> str:
    return "".join(word(i) for i in range(tokens))


async def _sent_rate(stack: Stack) -> float:
    """Tokens/s as the fake LLM wrote the last stream: paced by its own timer, which runs late
    when the CPU is busy, so a side that takes more CPU can slow the model itself."""
    sent = (await stack.llm_get("streams"))[-1]
    return (sent["deltas"] - 1) / (sent["last"] - sent["first"])


async def _direct(
    client: AsyncOpenAI, stack: Stack, text: str, delay: float = 0.0, raw: bool = False
) -> tuple[float, float, float]:
    """The openai client reading the fake LLM. `raw`: on the route the server uses (chunks as the
    dicts it parsed, no chunk objects), the baseline that leaves only the relay's own cost."""
    await stack.llm_admin("script", {"text": text, "chunk_chars": 4, "delay": delay})
    got: list[str] = []
    first = last = 0.0
    messages = [{"role": "user", "content": "relay"}]
    t0 = time.perf_counter()
    if raw:
        stream = await client.post(
            "/chat/completions",
            cast_to=object,
            stream=True,
            stream_cls=AsyncStream[object],
            body={"model": MODEL, "messages": messages, "stream": True, "stream_options": {"include_usage": True}},
        )
    else:
        stream = await client.chat.completions.create(
            model=MODEL,
            messages=messages,
            stream=True,
            stream_options={"include_usage": True},
        )
    async for chunk in stream:
        if raw:
            contents = [(c.get("delta") or {}).get("content") for c in chunk.get("choices") or []]
        else:
            contents = [c.delta.content for c in chunk.choices if c.delta is not None]
        for content in contents:
            if content:
                last = time.perf_counter()
                if not got:
                    first = last
                got.append(content)
    check("".join(got) == text, f"direct{' (raw route)' if raw else ''}: streamed text differs from the scripted one")
    return first - t0, (len(got) - 1) / (last - first), await _sent_rate(stack)


async def _relayed(
    ws, chat: str, seqs: SeqCheck, kid: str, stack: Stack, text: str, delay: float = 0.0
) -> tuple[float, float, float]:
    await stack.llm_admin("script", {"text": text, "chunk_chars": 4, "delay": delay})
    got: list[str] = []
    first = last = 0.0
    t0 = await ws.send({"type": "send_message", "chat_id": chat, "text": "relay", "notebook": notebook(kid)})
    while True:
        t, msg = await ws.next()
        seqs.see(msg)
        if msg["type"] == "assistant_delta":
            last = t
            if not got:
                first = t
            got.append(msg["delta"])
        elif msg["type"] == "assistant_message":
            check(msg["text"] == text, "relay: assistant_message text differs from the scripted one")
        elif msg["type"] == "turn_ended":
            check(msg["reason"] == "answer", f"relay: turn ended with {msg['reason']}: {msg.get('message')}")
            break
    # The server merges the deltas parsed in one loop turn into one frame: count tokens, not frames.
    check("".join(got) == text, "relay: streamed text differs from the scripted one (dropped?)")
    return first - t0, (len(text) // 4 - 1) / (last - first), await _sent_rate(stack)


async def _side_by_side(ws, chat, seqs, kid, client, stack, text, reps, delay=0.0, direct=None):
    """(relayed, direct) lists of (first-token latency, tokens/s, tokens/s as sent), interleaved,
    alternating who goes first."""
    r: list[tuple[float, float, float]] = []
    d: list[tuple[float, float, float]] = []
    for i in range(reps):
        for side in ("d", "r") if i % 2 == 0 else ("r", "d"):
            if side == "r":
                r.append(await _relayed(ws, chat, seqs, kid, stack, text, delay))
            else:
                d.append(await (direct or _direct)(client, stack, text, delay))
    return r, d


async def run(stack: Stack, kid: str, quick: bool) -> list[Row]:
    tokens, reps = (2_000, 3) if quick else (20_000, 9)
    paced_tokens, paced_reps = (200, 1) if quick else (1_000, 5)
    client = AsyncOpenAI(base_url=stack.llm_url, api_key=API_KEY, max_retries=0, timeout=60)
    ws = await stack.connect()
    try:
        chat, last_seq = await ws.open_chat("relay.ipynb")
        seqs = SeqCheck(chat, last_seq)
        small = _text(200)
        await _direct(client, stack, small)  # warm-up: connections, imports, first-request costs
        await _relayed(ws, chat, seqs, kid, stack, small)
        r, d = await _side_by_side(ws, chat, seqs, kid, client, stack, _text(tokens), reps)
        r2, d2 = await _side_by_side(
            ws, chat, seqs, kid, client, stack, _text(tokens), reps, direct=functools.partial(_direct, raw=True)
        )
        pr, pd = await _side_by_side(ws, chat, seqs, kid, client, stack, _text(paced_tokens), paced_reps, 0.002)
        check(not ws.errors, f"relay: server errors {ws.errors}")
    finally:
        ws.close()
        await client.close()
    ratios = [x[1] / y[1] for x, y in zip(r, d)]
    added = [x[0] - y[0] for x, y in zip(r, d)]
    r_ft, d_ft = [x[0] for x in r], [x[0] for x in d]
    r_rate, d_rate = [x[1] for x in r], [x[1] for x in d]
    paced = [x[1] / y[1] for x, y in zip(pr, pd)]
    kept_r, kept_d = [x[1] / x[2] for x in pr], [y[1] / y[2] for y in pd]
    ratio, add = median(ratios), median(added)
    raw_ratios = [x[1] / y[1] for x, y in zip(r2, d2)]
    return [
        Row(
            "1 relay",
            f"tokens/s, flat out ({tokens:,} tokens x {reps})",
            f"{median(r_rate):,.0f} (p1 {pct(r_rate, 1):,.0f})",
            f"{median(d_rate):,.0f} (p1 {pct(d_rate, 1):,.0f})",
            f"ratio {ratio:.3f} (worst {min(ratios):.3f})",
            "ratio >= 0.95",
            ratio >= 0.95,
        ),
        Row(
            "1 relay",
            "  flat out, against the client on the server's raw route (dicts, no chunk objects)",
            f"{median([x[1] for x in r2]):,.0f}",
            f"{median([y[1] for y in d2]):,.0f}",
            f"ratio {median(raw_ratios):.3f} (worst {min(raw_ratios):.3f})",
        ),
        Row(
            "1 relay",
            f"tokens/s, paced 2 ms/token ({paced_tokens:,} tokens x {paced_reps})",
            f"{median([x[1] for x in pr]):,.0f}",
            f"{median([x[1] for x in pd]):,.0f}",
            f"ratio {median(paced):.3f} (worst {min(paced):.3f})",
            "ratio >= 0.95",
            median(paced) >= 0.95,
        ),
        # Whether the relay keeps up with what the model sent. Against the direct client the
        # paced ratio also counts the fake LLM's own timer running late on two cores shared by
        # three processes: the "sent" rates differ. (A side that costs more CPU could slow the
        # fake's timer, so this row explains the ratio above; it does not replace its goal.)
        Row(
            "1 relay",
            "  paced: tokens/s received / as the model sent them",
            f"{median(kept_r):.3f} (worst {min(kept_r):.3f}; sent {median([x[2] for x in pr]):,.0f}/s)",
            f"{median(kept_d):.3f} (worst {min(kept_d):.3f}; sent {median([y[2] for y in pd]):,.0f}/s)",
        ),
        Row(
            "1 relay",
            "first-token latency (flat-out runs)",
            f"{ms(median(r_ft))} (p99 {ms(pct(r_ft, 99))})",
            f"{ms(median(d_ft))} (p99 {ms(pct(d_ft, 99))})",
            f"added {ms(add)} (p99 {ms(pct(added, 99))})",
            "added <= 5 ms",
            add <= 0.005,
        ),
    ]
