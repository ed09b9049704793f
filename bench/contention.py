"""How fast does the embedded model read and write when something else wants the CPU too?

    python bench/contention.py         # ~15 minutes on a 2-core machine (not in CI)

llama.cpp splits each token's work over its threads and waits for the slowest: with as many
threads as cores, one other runnable process (a test run, a helper, a niced script) can hold a
thread back at every step. This starts two embedded servers, one writing with as many threads as
cores (the default) and one writing with one fewer, and asks each the same first call of a real
turn (the loop's system prompt with a development-set preview), greedily, in alternation: on a
quiet machine, beside a niced busy loop, and beside a busy loop at normal priority. Prints the
server's own reading and writing speeds per variant and condition, and their ratios.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "eval"))

import data  # noqa: E402  the development set's files
from speculative import ask, first_calls  # noqa: E402

from jupyterlab_gptinterp import local_model  # noqa: E402

ROUNDS = 2
BUSY = [sys.executable, "-c", "while True: pass"]
CONDITIONS = {"quiet": None, "beside a niced loop": ["nice", "-n", "19", *BUSY], "beside a busy loop": BUSY}


def main() -> None:
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model = local_model.assemble_model(cache)
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        data.write_files(root)
        calls = asyncio.run(first_calls(root))[:2]
    variants = {f"write {cores}": cores, f"write {max(cores - 1, 1)}": max(cores - 1, 1)}
    servers = {
        name: local_model.start_server(model, "127.0.0.1", local_model.free_port(), "", 8192, cores, write_threads=w)
        for name, w in variants.items()
    }
    urls = {name: s.listening_address.rstrip("/") + "/v1" for name, s in servers.items()}
    for url in urls.values():
        ask(url, calls[0])  # warm up: the first call after a start is slow for reasons of its own
    speeds: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(ROUNDS):
        for condition, command in CONDITIONS.items():
            other = subprocess.Popen(command) if command else None
            time.sleep(1 if other else 0)
            try:
                for messages in calls:
                    for name, url in urls.items():
                        _, t = ask(url, messages)
                        read = float(t.get("prompt_n") or 0) / max(float(t.get("prompt_ms") or 0), 1) * 1000
                        write = float(t.get("predicted_n") or 0) / max(float(t.get("predicted_ms") or 0), 1) * 1000
                        speeds.setdefault((name, condition), []).append((read, write))
            finally:
                if other:
                    other.kill()
                    other.wait()
    base = list(variants)[0]
    for condition in CONDITIONS:
        for name in variants:
            got = speeds[(name, condition)]
            read, write = statistics.median(r for r, _ in got), statistics.median(w for _, w in got)
            ref = statistics.median(w for _, w in speeds[(base, condition)])
            quiet = statistics.median(w for _, w in speeds[(name, "quiet")])
            print(
                f"{condition:<20} {name:<8} reading {read:6.1f} tokens/s, writing {write:5.1f} tokens/s "
                f"({write / ref:4.2f}x {base}, {write / quiet:4.2f}x its quiet; {len(got)} calls)",
                flush=True,
            )


if __name__ == "__main__":
    main()
