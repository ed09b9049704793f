"""Does the embedded model stop writing when the loop closes a reply's stream early?

    python bench/early_close.py        # ~1 minute on a quiet 2-core machine (not in CI)

The loop stops reading a fenced reply at its code's end (agent/calls.py). That saves time only
if llama.cpp cancels the rest: with one slot, a reply it kept writing would hold up the next
request. Side by side: a long reply read to its end; the same reply closed after a few tokens,
then at once a one-token request, whose wait shows whether the server was still busy.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from jupyterlab_gptinterp import local_model
from jupyterlab_gptinterp.agent.llm import OpenAIChat
from jupyterlab_gptinterp.agent.seams import TextDelta

LONG = [{"role": "user", "content": "Write the numbers from 1 to 300 in words, one per line."}]
SHORT = [{"role": "user", "content": "Say yes."}]


async def main() -> None:
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model = local_model.assemble_model(cache)
    server = local_model.start_server(model, "127.0.0.1", local_model.free_port(), "", 8192, os.cpu_count() or 1)
    url = server.listening_address.rstrip("/") + "/v1"
    long = OpenAIChat(base_url=url, api_key="", model="m", temperature=0, max_tokens=300)
    short = OpenAIChat(base_url=url, api_key="", model="m", temperature=0, max_tokens=1)
    [e async for e in short.stream(SHORT, None)]  # warm up

    start = time.perf_counter()
    [e async for e in long.stream(LONG, None)]
    whole = time.perf_counter() - start
    start = time.perf_counter()
    [e async for e in short.stream(SHORT, None)]
    alone = time.perf_counter() - start

    stream = long.stream(LONG, None)
    read = 0
    async for event in stream:
        read += isinstance(event, TextDelta)
        if read == 10:
            break
    await stream.aclose()
    start = time.perf_counter()
    [e async for e in short.stream(SHORT, None)]
    after = time.perf_counter() - start
    print(
        f"long reply read to its end: {whole:.1f} s; a one-token request alone: {alone:.2f} s, "
        f"right after a long reply closed at 10 tokens: {after:.2f} s ({after / alone:.1f}x)"
    )
    del server


if __name__ == "__main__":
    asyncio.run(main())
