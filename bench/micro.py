"""Do the tuned fast paths earn their keep at a real model's speed? `python bench/micro.py`

One server as shipped and, beside it, one server per path with that path swapped for its plain
version (`bench_variants.py`); the same streams and cells on each, interleaved (the order rotates
every round), so every comparison is between runs seconds apart on the same loaded machine.

- Tokens at 20, 50 and 200 tokens/s (4-character tokens, one chunk each, as a model sends them),
  and flat out (the speed the fast paths were tuned at): time to the first token, how late each
  token reaches the websocket client after the model sent it (lag: median and p99 of one stream),
  the server's CPU per token while it streams (first frame to final message), frames per stream.
- Cells printing 1, 10 and 100 KB in 64-byte lines (a print loop, plain and with flush=True per
  line): approval to first output and to completion, the server's CPU per execution, output
  frames.

Ratios and differences are per round (plain vs shipped, same round), then their median. Absolute
numbers are printed for reference only: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from b_relay import _text  # noqa: E402
from harness import SeqCheck, Stack, check, median, notebook, pct  # noqa: E402
from run import machine  # noqa: E402

TOKEN_PATHS = ("reader", "deltas")
OUTPUT_PATHS = ("outputs",)


def cpu_ns(pid: int) -> int:
    """CPU time of every thread of `pid` so far, in ns (schedstat: finer than /proc/pid/stat)."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            total += int(open(path).read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended meanwhile
    return total


@dataclass
class Side:
    name: str
    stack: Stack
    kid: str = ""
    ws: Any = None
    chat: str = ""
    seqs: Any = None
    runs: dict[str, list[dict[str, float]]] = field(default_factory=dict)

    async def open(self) -> None:
        self.kid = await self.stack.start_kernel()
        self.ws = await self.stack.connect()
        self.chat, last = await self.ws.open_chat()
        self.seqs = SeqCheck(self.chat, last)

    @property
    def pid(self) -> int:
        assert self.stack.server_proc is not None
        return self.stack.server_proc.pid


async def stream(side: Side, text: str, delay: float) -> dict[str, float]:
    await side.stack.llm_admin("script", {"text": text, "chunk_chars": 4, "delay": delay, "record_times": True})
    arrivals: list[tuple[float, int]] = []  # (arrival, characters received so far)
    got = 0
    cpu0 = cpu1 = 0
    t0 = await side.ws.send(
        {"type": "send_message", "chat_id": side.chat, "text": "go", "notebook": notebook(side.kid)}
    )
    while True:
        t, msg = await side.ws.next()
        side.seqs.see(msg)
        if msg["type"] == "assistant_delta":
            got += len(msg["delta"])
            arrivals.append((t, got))
            if len(arrivals) == 1:
                cpu0 = cpu_ns(side.pid)
        elif msg["type"] == "assistant_message":
            cpu1 = cpu_ns(side.pid)
            check(msg["text"] == text, f"{side.name}: the answer differs from the scripted text")
        elif msg["type"] == "turn_ended":
            check(msg["reason"] == "answer", f"{side.name}: turn ended with {msg['reason']}: {msg.get('message')}")
            break
    check(got == len(text), f"{side.name}: {got} characters streamed of {len(text)}")
    sent = (await side.stack.llm_get("streams"))[-1]["times"]
    tokens = len(text) // 4
    lags: list[float] = []
    i = 0
    for t, upto in arrivals:  # every token complete in this frame arrived at t
        while i < tokens and 4 * (i + 1) <= upto:
            lags.append(t - sent[i])
            i += 1
    check(i == tokens, f"{side.name}: {i} tokens matched of {tokens}")
    return {
        "first": arrivals[0][0] - t0,
        "lag50": median(lags),
        "lag99": pct(lags, 99),
        # from the first frame to the final message: the tokens after the first one
        "cpu_us": (cpu1 - cpu0) / 1000 / max(1, (len(text) - arrivals[0][1]) // 4),
        "frames": len(arrivals),
        "rate": (tokens - 1) / (arrivals[-1][0] - arrivals[0][0]),
    }


def _code(kb: int, flush: bool) -> str:
    """A print loop of `kb` KB in 64-byte lines; `flush`: one message a line (a progress log),
    else ipykernel batches the lines itself."""
    return f"for i in range({kb * 16}):\n    print(f'{{i:06d}}' + 'x' * 57{', flush=True' if flush else ''})"


async def execute(side: Side, kb: int, flush: bool = False) -> dict[str, float]:
    code = _code(kb, flush)
    run_code = {"tool_calls": [{"name": "run_code", "arguments": {"code": code, "reason": "bench"}}]}
    await side.stack.llm_admin("script", [run_code, {"text": "done"}])
    ws = side.ws
    await ws.send({"type": "send_message", "chat_id": side.chat, "text": "run it", "notebook": notebook(side.kid)})
    seen: list[tuple[float, dict[str, Any]]] = []
    _, proposal = await ws.until("proposal", seen=seen)
    await asyncio.sleep(0.15)  # as a person reading the proposal; the kernel quiet on both sides
    cpu0 = cpu_ns(side.pid)
    t0 = await ws.send({"type": "approve", "chat_id": side.chat, "proposal_id": proposal["proposal_id"], "code": code})
    t_done, done = await ws.until("execution_done", seen=seen)
    cpu = cpu_ns(side.pid) - cpu0
    await ws.until("turn_ended", seen=seen)
    for _, msg in seen:
        side.seqs.see(msg)
    outs = [(t, m) for t, m in seen if m["type"] == "execution_output"]
    text = "".join(m["output"].get("text", "") for _, m in outs)
    check(done["status"] == "ok", f"{side.name}: execution {done['status']}")
    expected = "".join(f"{i:06d}" + "x" * 57 + "\n" for i in range(kb * 16))
    if text != expected:
        at = next((k for k in range(min(len(text), len(expected))) if text[k] != expected[k]), None)
        print(
            f"{side.name}: {len(text)} of {len(expected)} chars, first difference at {at}",
            [m["output"].get("output_type") for _, m in outs][-3:],
            file=sys.stderr,
        )
    check(text == expected, f"{side.name}: output differs")
    return {"first": outs[0][0] - t0, "done": t_done - t0, "cpu_ms": cpu / 1e6, "frames": len(outs)}


def rounds(sides: list[Side], n: int):
    """Each round, every side once; the order rotates so no side is always first."""
    for r in range(n):
        k = r % len(sides)
        yield r, sides[k:] + sides[:k]


def paired(base: list[dict[str, float]], other: list[dict[str, float]], key: str, how: str) -> float:
    values = [(o[key] / b[key]) if how == "ratio" else (o[key] - b[key]) for b, o in zip(base, other)]
    return median(values)


def fmt_ms(s: float) -> str:
    return f"{s * 1000:.1f} ms"


def table(head: list[str], body: list[list[str]]) -> str:
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return "\n".join([line(head), line(["-" * w for w in widths]), *map(line, body)])


async def main(quick: bool, only: set[str]) -> None:
    paths = [p for p in (*TOKEN_PATHS, *OUTPUT_PATHS) if not only or p in only]
    names = ["shipped", *paths]
    stacks: dict[str, Stack] = {}
    sides: dict[str, Side] = {}
    try:
        for name in names:
            env = {"BENCH_VARIANT": name} if name != "shipped" else {}
            stacks[name] = await Stack(env=env, extensions=("bench_variants",)).start()
        sides = {name: Side(name, stacks[name]) for name in names}
        for side in sides.values():
            await side.open()
        token_sides = [sides[n] for n in names if n == "shipped" or n in TOKEN_PATHS]
        output_sides = [sides[n] for n in names if n == "shipped" or n in OUTPUT_PATHS]
        # (label, tokens, seconds between tokens, rounds)
        if quick:
            cases = [("50/s, 0.25 KB", 64, 1 / 50, 1), ("flat out, 10 KB", 2560, 0.0, 1)]
            cells, cell_rounds = [(1, False), (10, True)], 1
        else:
            cases = [
                ("20/s, 1 KB", 256, 1 / 20, 3),
                ("50/s, 1 KB", 256, 1 / 50, 3),
                ("200/s, 1 KB", 256, 1 / 200, 3),
                ("200/s, 10 KB", 2560, 1 / 200, 3),
                ("flat out, 100 KB", 25600, 0.0, 6),
            ]
            cells, cell_rounds = [(kb, flush) for flush in (False, True) for kb in (1, 10, 100)], 10
        for side in token_sides:  # warm-up: connections, imports, first-request costs
            await stream(side, _text(50), 0.0)
        if len(token_sides) > 1:
            for label, tokens, delay, n in cases:
                print(f"-- tokens {label} x {n}", file=sys.stderr, flush=True)
                text = _text(tokens)
                for _, order in rounds(token_sides, n):
                    for side in order:
                        side.runs.setdefault(label, []).append(await stream(side, text, delay))
        if len(output_sides) > 1:
            for side in output_sides:
                await execute(side, 1)
            for kb, flush in cells:
                label = f"{kb} KB printed{', flush per line' if flush else ''}"
                print(f"-- cell {label} x {cell_rounds}", file=sys.stderr, flush=True)
                for _, order in rounds(output_sides, cell_rounds):
                    for side in order:
                        side.runs.setdefault(label, []).append(await execute(side, kb, flush))
    finally:
        for side in sides.values():
            if side.ws is not None:
                side.ws.close()
        for stack in stacks.values():
            stack.close()
    shipped = sides["shipped"]
    print(f"\nMachine: {machine()}  mode: {'quick' if quick else 'full'}\n")
    head = ["plain path", "case", "first token: added", "lag median / p99 (shipped)", "lag median / p99 (plain)"]
    head += ["server CPU per token: plain / shipped", "frames per stream (shipped / plain)"]
    body = []
    for name in (n for n in names if n in TOKEN_PATHS):
        for label, runs in sides[name].runs.items():
            base = shipped.runs[label]
            lag = lambda rs: f"{fmt_ms(median([r['lag50'] for r in rs]))} / {fmt_ms(median([r['lag99'] for r in rs]))}"  # noqa: E731
            us = f"{median([r['cpu_us'] for r in base]):.0f} -> {median([r['cpu_us'] for r in runs]):.0f} us"
            body.append(
                [
                    name,
                    label,
                    f"{paired(base, runs, 'first', 'diff') * 1000:+.2f} ms",
                    lag(base),
                    lag(runs),
                    f"x{paired(base, runs, 'cpu_us', 'ratio'):.2f} ({us})",
                    f"{median([r['frames'] for r in base]):.0f} / {median([r['frames'] for r in runs]):.0f}",
                ]
            )
    if body:
        print(table(head, body) + "\n")
    head = ["plain path", "case", "first output: added", "completion: added", "server CPU: plain / shipped"]
    head += ["output frames (shipped / plain)"]
    body = []
    for name in (n for n in names if n in OUTPUT_PATHS):
        for label, runs in sides[name].runs.items():
            base = shipped.runs[label]
            ms_ = f"{median([r['cpu_ms'] for r in base]):.1f} -> {median([r['cpu_ms'] for r in runs]):.1f} ms"
            body.append(
                [
                    name,
                    label,
                    f"{paired(base, runs, 'first', 'diff') * 1000:+.2f} ms",
                    f"{paired(base, runs, 'done', 'diff') * 1000:+.2f} ms",
                    f"x{paired(base, runs, 'cpu_ms', 'ratio'):.2f} ({ms_})",
                    f"{median([r['frames'] for r in base]):.0f} / {median([r['frames'] for r in runs]):.0f}",
                ]
            )
    if body:
        print(table(head, body))


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # unwinds through `finally`, which stops the processes


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds of each: checks it still works")
    parser.add_argument("--only", nargs="*", default=[], help=f"some of the paths: {TOKEN_PATHS + OUTPUT_PATHS}")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, _terminate)
    started = time.monotonic()
    asyncio.run(main(args.quick, set(args.only)))
    print(f"run time: {time.monotonic() - started:.1f} s", file=sys.stderr)
