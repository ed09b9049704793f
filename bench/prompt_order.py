"""A chat's next question over the same file: how much of its first call does llama.cpp read again?

    python bench/prompt_order.py        # ~4 minutes on a quiet 2-core machine (not in CI)

The system prompt holds the notebook and the data previews. The notebook gains the cells a turn
ran, so a prompt that shows it before the previews (the order until 2026-12-04) differs from the
earlier turn's from there on, and the server reads the previews again; one that shows it after
them (the order now) differs only from the notebook on. Per development-set file, a turn's first
call, a check call (another prefix, as the loop makes), then the next question's first call with
the first turn in the conversation and its cell in the notebook, asked of a fresh embedded server
per order. Prints the next question's prompt tokens, those read from the cache, and its seconds,
and the ratio of the two orders' seconds (a reply of 8 tokens: the time is mostly reading).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "eval"))
sys.path.insert(0, str(HERE))

import data  # noqa: E402  the development set's files
from prompt_cache import ask  # noqa: E402
from speculative import FAILING, QUESTIONS  # noqa: E402

from jupyterlab_gptinterp import local_model  # noqa: E402
from jupyterlab_gptinterp.agent import prompts  # noqa: E402
from jupyterlab_gptinterp.agent.aids.preview import PREVIEW_BUDGET, render  # noqa: E402
from jupyterlab_gptinterp.workspace import DiskWorkspace  # noqa: E402

NEXT = "And how many rows does it have?"
CHECK = [
    {"role": "system", "content": prompts.CHECK_SYSTEM},
    {"role": "user", "content": "Question: How many rows?\nOutput:\n150"},
]


def system(order: str, notebook: str, context: str) -> str:
    if order == "now":
        return prompts.system_prompt("fenced", notebook, context=context)
    rules = prompts.FENCED_RULES  # the order before: the notebook, then the previews
    return f"{prompts.SYSTEM}\n\n{rules}\n\n{notebook}\n\n{context}"


async def chats(root: Path, order: str) -> list[tuple[list[dict[str, str]], list[dict[str, str]]]]:
    """Per file, the first question's first call and the next question's first call."""
    workspace, pairs = DiskWorkspace(root), []
    for (name, question), cell in zip(QUESTIONS, FAILING):
        files = await workspace.profiles("q.ipynb", [name])
        first_context = render(files, PREVIEW_BUDGET, workspace.pandas_version(), question)
        first = [
            {"role": "system", "content": system(order, "Notebook q.ipynb: empty.", first_context)},
            {"role": "user", "content": question},
        ]
        notebook = f"Notebook q.ipynb (1 cells):\n\n# cell 1 id=a1 In [1] (active)\n{cell}\n# output:\n42"
        follow = f"{NEXT} ({name})"
        next_context = render(files, PREVIEW_BUDGET, workspace.pandas_version(), follow)
        turn = [
            {"role": "user", "content": question},
            {"role": "assistant", "content": f"I compute it.\n```python\n{cell}\n```"},
            {"role": "user", "content": prompts.result_message("Execution status: ok\nOutput:\n42")},
            {"role": "assistant", "content": "It is 42."},
        ]
        later = [{"role": "system", "content": system(order, notebook, next_context)}, *turn]
        pairs.append((first, [*later, {"role": "user", "content": follow}]))
    return pairs


def run(model: Path, pairs: list[Any]) -> list[tuple[float, int, int]]:
    server = local_model.start_server(model, "127.0.0.1", local_model.free_port(), "", 8192, os.cpu_count() or 1)
    url = server.listening_address.rstrip("/") + "/v1"
    try:
        ask(url, CHECK)  # warm: the server's first call pays for more than reading
        seen = []
        for first, later in pairs:
            ask(url, first)
            ask(url, CHECK)
            seen.append(ask(url, later))
        return seen
    finally:
        del server


def main() -> None:
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model = local_model.assemble_model(cache)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        data.write_files(root)
        orders = {order: asyncio.run(chats(root, order)) for order in ("before", "now")}
    seconds = {}
    for order, pairs in orders.items():
        seen = run(model, pairs)
        seconds[order] = sum(s for s, _, _ in seen)
        for (name, _), (s, prompt, cached) in zip(QUESTIONS, seen):
            print(f"{order:<6} {name:<14} next question: {prompt} tokens, {cached} cached, {s:5.1f} s", flush=True)
    print(
        f"next question's first call, notebook after the previews over before: {seconds['now'] / seconds['before']:.2f}"
    )


if __name__ == "__main__":
    main()
