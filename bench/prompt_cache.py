"""Does llama.cpp reuse a turn's prompt when a check call (another prefix) comes between two of
its calls? The embedded model's server, one slot against two sharing one cache, side by side.
And after a focused call (the conversation's system prompt and one note), what does the next
call cost when the turn goes back to the whole conversation, and when it goes on from the
focused call (what the loop does)?

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


def focused(url: str, go_on: bool, n: int) -> list[tuple[str, tuple[float, int, int]]]:
    """A conversation (its system prompt and a result of `n` rows), a focused call (that system
    prompt and one note), then the next call: the whole conversation with the note, the focused
    call's reply and its result, or (`go_on`) the focused call with its reply and result."""
    rows = "\n".join(f"{i:>4}  c{i % 60:<3} {i * 37 % 1000:>6} {i * 91 % 977:>6}" for i in range(n))
    main = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "What is the mean of c3?"}]
    main += [
        {"role": "assistant", "content": f"```python\nprint(df.head({n}))\n```"},
        {"role": "user", "content": rows},
    ]
    note = {"role": "user", "content": f"The question: what is the mean of c3?\nThe last code: print(df.head({n}))"}
    side = [main[0], note]
    reply = [
        {"role": "assistant", "content": "```python\nprint(df.c3.mean())\n```"},
        {"role": "user", "content": "111"},
    ]
    after = [*side, *reply] if go_on else [*main, note, *reply]
    return [(name, ask(url, m)) for name, m in [("main", main), ("focused", side), ("next", after)]]


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
    for n, go_on in ((160, False), (160, True), (20, False), (20, True)):  # a long turn, then a short one
        server = local_model.start_server(model, "127.0.0.1", local_model.free_port(), "", 8192, os.cpu_count() or 1)
        rows = focused(server.listening_address.rstrip("/") + "/v1", go_on, n)
        shape = "goes on from the focused call" if go_on else "goes back to the whole conversation"
        print(
            f"{n} rows, the turn {shape}: "
            + "; ".join(f"{k} {s:.1f} s {p} tokens, {c} cached" for k, (s, p, c) in rows)
        )
        del server


if __name__ == "__main__":
    main()
