"""Does llama.cpp reuse a turn's prompt when a check call (another prefix) comes between two of
its calls? The embedded model's server, one slot against two sharing one cache, side by side.
And when a focused call comes between them, which shares the conversation's system prompt,
as it is sent (the system prompt as it is) against the same under a first line of its own?

    python bench/prompt_cache.py        # ~4 minutes on a quiet 2-core machine (not in CI)

Prints, per call, the seconds, the prompt tokens and those the server read from its cache. The
calls are a turn's shape: main, check, main + a result, check, main + a follow-up; then a long
conversation, a focused call, the conversation with one more message.
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
ASIDE = "(A call of its own: the steps before it are left out.)"  # a first line the conversation lacks
CHECK = "You judge outputs. " + " ".join(
    f"Example {i}: the output 'total {i * 7}' answers 'what is the total' with {i * 7}." for i in range(25)
)


def ask(url: str, messages: list[dict[str, str]]) -> tuple[float, int, int]:
    body = json.dumps({"model": "m", "messages": messages, "max_tokens": 8, "temperature": 0}).encode()
    request = urllib.request.Request(url + "/chat/completions", body, {"Content-Type": "application/json"})
    start = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        usage = json.load(response)["usage"]
    cached = (usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
    return time.perf_counter() - start, usage["prompt_tokens"], cached


def turn(url: str) -> list[tuple[str, tuple[float, int, int]]]:
    main = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "What is the mean of c3?"}]
    main2 = [*main, {"role": "assistant", "content": "```python\nprint(df.c3.mean())\n```"}]
    main2.append({"role": "user", "content": "Output: 111"})
    main3 = [*main2, {"role": "assistant", "content": "It is 111."}, {"role": "user", "content": "And c4?"}]
    check = [{"role": "system", "content": CHECK}, {"role": "user", "content": "Output: 5"}]
    check2 = [check[0], {"role": "user", "content": "Output: 111"}]
    return [
        (name, ask(url, m))
        for name, m in [("main", main), ("check", check), ("main+1", main2), ("check", check2), ("main+2", main3)]
    ]


def focused(url: str, own_line: bool, n: int) -> list[tuple[str, tuple[float, int, int]]]:
    """A conversation (its system prompt and a result of `n` rows), a focused call (that system
    prompt and one note), the conversation again: does the server give the conversation back?"""
    rows = "\n".join(f"{i:>4}  c{i % 60:<3} {i * 37 % 1000:>6} {i * 91 % 977:>6}" for i in range(n))
    main = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "What is the mean of c3?"}]
    main += [{"role": "assistant", "content": "```python\nprint(df.head(160))\n```"}, {"role": "user", "content": rows}]
    note = "The question: what is the mean of c3?\nThe last code that ran for it: print(df.head(160))"
    if own_line:
        side = [{"role": "system", "content": f"{ASIDE}\n\n{SYSTEM}"}, {"role": "user", "content": note}]
    else:
        side = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": note}]
    more = [*main, {"role": "assistant", "content": "```python\nprint(df.c3.mean())\n```"}]
    more.append({"role": "user", "content": "Output: 111"})
    return [(name, ask(url, m)) for name, m in [("main", main), ("focused", side), ("main+1", more)]]


def main() -> None:
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model = local_model.assemble_model(cache)
    for slots in (1, 2):
        server = local_model.start_server(
            model, "127.0.0.1", local_model.free_port(), "", 8192, os.cpu_count() or 1, slots=slots
        )
        url = server.listening_address.rstrip("/") + "/v1"
        rows = turn(url)
        print(f"{slots} slot(s): " + "; ".join(f"{n} {s:.1f} s {p} tokens, {c} cached" for n, (s, p, c) in rows))
        del server
    for n, own_line in ((160, False), (160, True), (20, False), (20, True)):  # a long turn, then a short one
        server = local_model.start_server(model, "127.0.0.1", local_model.free_port(), "", 8192, os.cpu_count() or 1)
        rows = focused(server.listening_address.rstrip("/") + "/v1", own_line, n)
        shape = "a first line of its own" if own_line else "the same system prompt"
        print(
            f"{n} rows, focused call with {shape}: "
            + "; ".join(f"{k} {s:.1f} s {p} tokens, {c} cached" for k, (s, p, c) in rows)
        )
        del server


if __name__ == "__main__":
    main()
