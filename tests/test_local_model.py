"""The embedded local model: assembling its file safely, and one real turn through the real loop.

The end-to-end test needs the `[local]` extra (xllamacpp and the model chunks); CI installs it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import re
import urllib.request
from pathlib import Path

import pytest

from jupyterlab_gptinterp import local_model
from jupyterlab_gptinterp.errors import GPTInterpError


def _chunks(tmp_path: Path, parts: list[bytes]) -> list[Path]:
    paths = []
    for i, data in enumerate(parts):
        path = tmp_path / f"part{i:02d}.bin"
        path.write_bytes(data)
        paths.append(path)
    return paths


def test_assembles_once_and_verifies_the_checksum(tmp_path):
    parts = [b"GGUF" + bytes(range(256)) * 10, b"tail" * 100]
    whole = b"".join(parts)
    (tmp_path / "src").mkdir()
    sources = _chunks(tmp_path / "src", parts)
    cache = tmp_path / "cache"
    path = local_model.assemble_model(cache, sources, hashlib.sha256(whole).hexdigest(), len(whole))
    assert path.read_bytes() == whole
    for source in sources:
        source.unlink()
    # Cached: the chunks are not read again.
    assert local_model.assemble_model(cache, sources, hashlib.sha256(whole).hexdigest(), len(whole)) == path


def test_a_checksum_mismatch_is_a_clear_error_and_leaves_no_file(tmp_path):
    (tmp_path / "src").mkdir()
    sources = _chunks(tmp_path / "src", [b"not the model"])
    cache = tmp_path / "cache"
    with pytest.raises(GPTInterpError) as exc:
        local_model.assemble_model(cache, sources, "0" * 64, 13)
    assert "checksum" in exc.value.text
    assert not any(cache.iterdir())


needs_extra = pytest.mark.skipif(
    not local_model.extra_installed(),
    reason="the [local] extra (xllamacpp + model chunks) is not installed; CI installs it",
)


@pytest.fixture(scope="session")
def packaged_model_path():
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    return str(local_model.assemble_model(cache))


@needs_extra
async def test_a_local_model_that_stopped_answering_is_started_again_for_the_same_request(
    packaged_model_path, tmp_path, caplog
):
    from jupyterlab_gptinterp.agent import prompts
    from jupyterlab_gptinterp.agent.seams import Completion

    server = local_model.LocalModelServer(packaged_model_path, tmp_path)
    chat = local_model.LocalChat(server)
    ask = prompts.data_messages("How many rows are there?", ["a.csv"])

    async def verdict() -> bool:
        replies = [e async for e in chat.stream(ask, None, schema=prompts.DATA_SCHEMA) if isinstance(e, Completion)]
        return json.loads(replies[-1].text)["needs_data"]

    try:
        assert isinstance(await verdict(), bool)
        server.stop()  # the server goes away while the chat still speaks to its address
        with caplog.at_level(logging.WARNING, logger="jupyterlab_gptinterp.local_model"):
            assert isinstance(await verdict(), bool)  # answered all the same, by a server started again
        assert server.started and "stopped answering" in caplog.text
    finally:
        server.stop()


@needs_extra
async def test_the_real_model_names_a_questions_values_held_to_those_listed(packaged_model_path, tmp_path):
    """llama.cpp turns the values schema (an item per condition: a pair of a const name and an enum of
    its values, or null) into a grammar, and the reply is one item per condition, each listed or null."""
    from jupyterlab_gptinterp.agent import prompts
    from jupyterlab_gptinterp.agent.seams import Completion

    server = local_model.LocalModelServer(packaged_model_path, tmp_path)
    chat = local_model.LocalChat(server)
    columns = {"geo": ["AT", "DE", "EL", "ES", "FR", "IT"], "unit": ["NR", "PCH_SM"]}
    phrases = ["only Spain", "only 2023"]
    ask = prompts.values_messages("How many nights were spent in Spain in 2023 (t.tsv)?", phrases, columns)
    try:
        stream = chat.stream(ask, None, schema=prompts.values_schema(columns, len(phrases)))
        replies = [e async for e in stream if isinstance(e, Completion)]
        items = json.loads(replies[-1].text)["values"]
        assert len(items) == 2 and all(p is None or p["value"] in columns[p["column"]] for p in items), items
    finally:
        server.stop()


@needs_extra
async def test_the_real_model_goes_on_from_a_block_written_for_it(packaged_model_path, tmp_path):
    """The embedded server renders a last assistant message open (the model's own template): the
    model writes the rest of the block, held to a block's rest, and nothing of what it was given."""
    from jupyterlab_gptinterp.agent import prompts
    from jupyterlab_gptinterp.agent.seams import Completion

    server = local_model.LocalModelServer(packaged_model_path, tmp_path)
    chat = local_model.LocalChat(server)
    begun = "I count them.\n```python\nimport pandas as pd\ndf = pd.DataFrame({'x': range(7)})\n"
    ask = [
        {"role": "system", "content": prompts.system_prompt("fenced", "Notebook q.ipynb: empty.")},
        {"role": "user", "content": "How many rows does df have?"},
        {"role": "assistant", "content": begun},
    ]
    try:
        url, key = await server.ensure()
        request = urllib.request.Request(  # the prompt as the server renders it: the message left open
            url.removesuffix("/v1") + "/apply-template",
            json.dumps({"messages": ask}).encode(),
            {"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
        )
        rendered = await asyncio.to_thread(lambda: json.load(urllib.request.urlopen(request, timeout=60))["prompt"])
        assert rendered.endswith(begun), rendered[-200:]
        replies = [
            e async for e in chat.stream(ask, None, grammar=prompts.BLOCK_REST_GRAMMAR) if isinstance(e, Completion)
        ]
        rest = replies[-1].text
        assert rest.endswith("```") and "DataFrame" not in rest and "df" in rest, rest
        assert prompts.fenced_code(begun + rest) is not None
    finally:
        server.stop()


class TestRealLocalModel:
    @pytest.fixture
    def gptinterp_config(self, packaged_model_path):
        # No cap on the turn's time: CI's cores may be shared, and a slow machine is not this test's subject.
        return {
            "base_url": "",
            "api_key": "",
            "local_model_path": packaged_model_path,
            "max_steps": 4,
            "turn_timeout": 0.0,
        }

    @needs_extra
    async def test_sum_of_squares_through_the_real_loop(self, chat_client, kernel_id, jp_fetch):
        info = json.loads((await jp_fetch("gptinterp", "info")).body)
        assert info["provider"] == "local" and info["tool_mode"] == "fenced"
        ws = await chat_client()
        chat = await ws.open_chat()
        await ws.send(
            {
                "type": "send_message",
                "chat_id": chat,
                "text": "What is the sum of the squares of 1 to 100? Compute it with Python.",
                "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
            }
        )
        outputs: list[str] = []
        while True:
            msg = await ws.next(timeout=240)
            if msg["type"] == "proposal":
                await ws.send(
                    {"type": "approve", "chat_id": chat, "proposal_id": msg["proposal_id"], "code": msg["code"]}
                )
            elif msg["type"] == "execution_output":
                outputs.append(json.dumps(msg["output"]))
            elif msg["type"] == "turn_ended":
                ended = msg
                break
        assert ws.of("status"), "the user was told the local model was loading"
        assert any("338350" in o for o in outputs), (ended, outputs)
        answers = " ".join(m["text"] for m in ws.of("assistant_message"))
        assert re.search(r"338,?350", answers), answers
