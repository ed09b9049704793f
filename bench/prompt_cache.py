"""Does llama.cpp reuse a turn's prompt when a short call comes between two of its calls? The
embedded model's server, one slot against two sharing one cache, side by side.

    python bench/prompt_cache.py        # ~4 minutes on a quiet 2-core machine (not in CI)

Prints, per call, the seconds, the prompt tokens and those the server read from its cache. The
calls are a turn's shape: main, short call, main + a result, short call, main + a follow-up. The
short call is a check (a prefix of its own) or a line fix (the conversation's system prompt, then
a note of its own). With two slots, the conversation is kept in one (`id_slot` 0) and the short
calls in the other, as the embedded model's client sends them.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path

from jupyterlab_gptinterp import local_model

SYSTEM = "You are a code interpreter. " + " ".join(
    f"Column c{i} holds values like {i * 37}, {i * 91} and {i * 13}." for i in range(60)
)
CHECK = "You judge outputs. " + " ".join(
    f"Example {i}: the output 'total {i * 7}' answers 'what is the total' with {i * 7}." for i in range(25)
)


def ask(url: str, messages: list[dict[str, str]], slot: int | None = None) -> tuple[float, int, int]:
    fields = {"model": "m", "messages": messages, "max_tokens": 8, "temperature": 0}
    body = json.dumps({**fields, **({"id_slot": slot} if slot is not None else {})}).encode()
    request = urllib.request.Request(url + "/chat/completions", body, {"Content-Type": "application/json"})
    start = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        usage = json.load(response)["usage"]
    cached = (usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
    return time.perf_counter() - start, usage["prompt_tokens"], cached


def turn(url: str, pinned: bool, shared: bool) -> list[tuple[str, tuple[float, int, int]]]:
    main = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "What is the mean of c3?"}]
    main2 = [*main, {"role": "assistant", "content": "```python\nprint(df.c3.mean())\n```"}]
    main2.append({"role": "user", "content": "Output: 111"})
    main3 = [*main2, {"role": "assistant", "content": "It is 111."}, {"role": "user", "content": "And c4?"}]
    first = SYSTEM if shared else CHECK  # a line fix opens with the conversation's system prompt
    short = [{"role": "system", "content": first}, {"role": "user", "content": "Output: 5. " + CHECK}]
    short2 = [short[0], {"role": "user", "content": "Output: 111. " + CHECK}]
    name = "line" if shared else "check"
    calls = [("main", main, 0), (name, short, 1), ("main+1", main2, 0), (name, short2, 1), ("main+2", main3, 0)]
    return [(n, ask(url, m, slot if pinned else None)) for n, m, slot in calls]


def main() -> None:
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model = local_model.assemble_model(cache)
    for slots in (1, 2):
        server = local_model.start_server(
            model, "127.0.0.1", local_model.free_port(), "", 8192, os.cpu_count() or 1, slots=slots
        )
        url = server.listening_address.rstrip("/") + "/v1"
        for shared in (False, True):
            rows = turn(url, slots > 1, shared)
            print(f"{slots} slot(s): " + "; ".join(f"{n} {s:.1f} s {p} tokens, {c} cached" for n, (s, p, c) in rows))
        del server


if __name__ == "__main__":
    main()
