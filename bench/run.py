"""Run every benchmark and print one table: `python bench/run.py [--quick] [--only N ...]`.

Benchmarks, not timed tests: a missed goal is reported, never fatal. A benchmark that breaks
(an exception, a dropped event, wrong output) makes the run exit non-zero, so `--quick` (about a
second of measuring each, for CI) guards the measuring code and the paths it drives.
See bench/README.md for the latest full table and how to read it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import signal
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import b_concurrency  # noqa: E402
import b_context  # noqa: E402
import b_execution  # noqa: E402
import b_gateway  # noqa: E402
import b_history  # noqa: E402
import b_labext  # noqa: E402
import b_relay  # noqa: E402
from harness import Row, Stack  # noqa: E402

# (number, name, needs the server stack?, run)
BENCHES = [
    ("1", "relay", True, b_relay.run),
    ("2", "execution", True, b_execution.run),
    ("3", "concurrency", True, b_concurrency.run),
    ("4", "context", False, b_context.run),
    ("5", "history", False, b_history.run),
    ("6", "labextension", False, b_labext.run),
    ("7", "gateway", False, b_gateway.run),
]


def machine() -> str:
    cpu = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores {cpu}; Python {platform.python_version()}; load avg {load}"


def table(rows: list[Row]) -> str:
    head = ["#", "measure", "ours", "baseline", "ours vs baseline", "goal", "met"]
    body = [
        [r.bench, r.measure, r.ours, r.base, r.compare, r.goal, "" if r.ok is None else ("yes" if r.ok else "**no**")]
        for r in rows
    ]
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return "\n".join([line(head), line(["-" * w for w in widths]), *map(line, body)])


async def main(quick: bool, only: set[str]) -> int:
    rows: list[Row] = []
    broken: list[str] = []
    selected = [b for b in BENCHES if not only or b[0] in only or b[1] in only]
    stack: Stack | None = None
    kernel = ""
    try:
        for number, name, needs_stack, bench in selected:
            start = time.monotonic()
            print(f"-- {number} {name} ...", file=sys.stderr, flush=True)
            try:
                if needs_stack:
                    if stack is None:
                        stack = await Stack().start()
                        kernel = await stack.start_kernel()
                    await stack.llm_admin("reset")
                    rows += await bench(stack, kernel, quick)
                else:
                    rows += await bench(quick)
            except Exception as exc:  # a broken benchmark: say what, go on with the others
                broken.append(f"{number} {name}: {type(exc).__name__}: {exc}")
                traceback.print_exc()
                if stack is not None and stack.server_proc is not None and stack.server_proc.poll() is not None:
                    print(stack.server_log()[-3000:], file=sys.stderr)
                rows.append(Row(number + " " + name, "BROKEN", f"{type(exc).__name__}: {str(exc)[:120]}"))
            print(f"   {time.monotonic() - start:.1f} s", file=sys.stderr, flush=True)
    finally:
        if stack is not None:
            stack.close()
    print(f"\nMachine: {machine()}  mode: {'quick' if quick else 'full'}\n")
    print(table(rows))
    missed = [r for r in rows if r.ok is False]
    print(
        f"\n{len(rows)} measures, {sum(r.ok is True for r in rows)} goals met, {len(missed)} missed, {len(broken)} broken"
    )
    for b in broken:
        print("BROKEN:", b)
    return 1 if broken else 0


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # unwinds through `finally`, which stops the processes


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about a second each (CI): checks they still work")
    parser.add_argument("--only", nargs="*", default=[], help="benchmark numbers or names")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, _terminate)
    started = time.monotonic()
    code = asyncio.run(main(args.quick, set(args.only)))
    print(f"run time: {time.monotonic() - started:.1f} s", file=sys.stderr)
    sys.exit(code)
