"""Does writing a block's tested load lines for the embedded model make its replies faster?

    python bench/prefill.py         # ~6 minutes on a quiet 2-core machine (not in CI)

Until a cell of the turn works, the loop stops the model's reply where it opens its python block
and has the server go on from the file's tested load lines (`Aid.opening`, `ModelCalls._opened`):
the server reads them several times faster than the model writes them. This asks the loop's own
`ModelCalls` the same calls with and without the opening, on one embedded server, in alternating
order, each after its prompt alone was read into the server's cache: the first calls of real turns
(the development set's previews), fix calls (`bench/speculative.py`'s failing first cells), and
first calls over files whose tested lines are long (`LONG`).
Prints, per kind of call, the seconds and written tokens of each variant, their ratio, and how many
proposed cells hold the tested lines as they are (a small model mangles long ones).
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from speculative import QUESTIONS, first_calls, fix_calls  # noqa: E402

from jupyterlab_gptinterp import local_model  # noqa: E402
from jupyterlab_gptinterp.agent import prompts  # noqa: E402
from jupyterlab_gptinterp.agent.aids.base import TurnState  # noqa: E402
from jupyterlab_gptinterp.agent.aids.loading import Loading  # noqa: E402
from jupyterlab_gptinterp.agent.calls import ModelCalls  # noqa: E402
from jupyterlab_gptinterp.agent.config import LoopConfig  # noqa: E402
from jupyterlab_gptinterp.agent.seams import TextDelta  # noqa: E402
from jupyterlab_gptinterp.protocol import NotebookView  # noqa: E402
from jupyterlab_gptinterp.workspace import DiskWorkspace  # noqa: E402


class Quiet:
    """A sink that keeps nothing: the bench times the calls, not the chat."""

    async def emit(self, event: Any) -> None:
        return None

    async def emit_ephemeral(self, event: Any) -> None:
        return None


# Files whose tested load lines are long (held-out sets already read to write aids: informed):
# a fixed-width report's column specs, an archive of JSON documents, a page-by-page XML export.
LONG = [
    ("heldout39", "46026h2023.txt.gz", "What was the highest wave height WVHT in 46026h2023.txt.gz?"),
    ("heldout39", "takeout-20240302T101533Z-001.zip", "How many placeVisit timelineObjects are in the zip?"),
    ("heldout38", "plays_meeplemarta.zip", "How many players won in plays_meeplemarta.zip?"),
    ("heldout38", "OR_2023.STA", "How many rows does OR_2023.STA have?"),
]


def write_long(root: Path) -> None:
    for name in sorted({s for s, _, _ in LONG}):
        spec = importlib.util.spec_from_file_location(f"{name}_data", HERE.parent / "eval" / name / "data.py")
        assert spec is not None and spec.loader is not None
        module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # its dataclasses look it up
        spec.loader.exec_module(module)
        module.write_files(root)


async def warm(llm: Any, messages: list[dict[str, str]]) -> None:
    """The prompt read into the server's cache, and one token written: each variant reads the prompt
    from the cache and nothing of what the other wrote (the lines it would be given, say)."""
    stream = llm.stream(messages, None)
    async for event in stream:
        if isinstance(event, TextDelta):
            break
    await stream.aclose()


async def openings(root: Path, questions: list[tuple[str, str]]) -> list[str]:
    workspace, notebook = DiskWorkspace(root), NotebookView(path="q.ipynb", cells=[])
    out = []
    for name, question in questions:
        files = await workspace.profiles("q.ipynb", [name])
        out.append(Loading().opening(TurnState(question, "chat", True, notebook, files=files)))
    return out


async def measure(llm: Any, calls: dict[str, list[list[dict[str, str]]]], opened: dict[str, list[str]]) -> None:
    config = LoopConfig(tool_mode="fenced")
    totals = {(kind, v): [0.0, 0, 0] for kind in calls for v in ("own", "opened")}  # seconds, tokens, tested
    for kind, asked in calls.items():
        measured = [(i, m, o) for i, (m, o) in enumerate(zip(asked, opened[kind])) if o]  # else nothing to write
        for n, (i, messages, opening) in enumerate(measured):
            order = ("own", "opened") if n % 2 else ("opened", "own")
            for variant in order:
                await warm(llm, messages)
                model = ModelCalls(llm, Quiet(), "bench", "t", config, until_code=True)
                started = time.monotonic()
                _, reply = await model.ask(messages, None, code=True, opening=opening if variant == "opened" else "")
                took = time.monotonic() - started
                code = (prompts.fenced_code(reply.text) or ("", ""))[0]
                total = totals[kind, variant]
                total[0] += took
                total[1] += model.usage[2]
                total[2] += opening.strip() in code
                print(f"{kind:<5} {i} {variant:<6} {took:5.1f} s {model.usage[2]:4d} tokens written", flush=True)
    for kind in calls:
        own, opened_, n = totals[kind, "own"], totals[kind, "opened"], sum(map(bool, opened[kind]))
        print(
            f"{kind:<5} own: {own[0]:6.1f} s, {own[1]} tokens, {own[2]}/{n} hold the tested lines; "
            f"opened: {opened_[0]:6.1f} s, {opened_[1]} tokens, {opened_[2]}/{n}; "
            f"time opened/own {opened_[0] / max(own[0], 0.01):.2f}",
            flush=True,
        )


def main() -> None:
    sys.path.insert(0, str(HERE.parent / "eval"))
    import data  # the development set's files

    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model = local_model.assemble_model(cache)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        data.write_files(root)
        write_long(root)
        firsts = asyncio.run(first_calls(root))
        long = [(name, question) for _, name, question in LONG]
        calls = {"first": firsts, "fix": fix_calls(root, firsts), "long": asyncio.run(first_calls(root, long))}
        opened = {"first": asyncio.run(openings(root, QUESTIONS)), "long": asyncio.run(openings(root, long))}
    opened["fix"] = opened["first"]
    server = local_model.LocalModelServer(model, cache)
    asyncio.run(measure(local_model.LocalChat(server), calls, opened))
    server.stop()


if __name__ == "__main__":
    main()
