"""Streamed text reaches the browser whole, in order, and without one frame per token: deltas
parsed in one event-loop turn go out as one frame, the first at once, a slow stream unmerged."""

from __future__ import annotations


async def _stream(fake_llm, chat_client, kernel_id, reply):
    fake_llm.script(reply)
    client = await chat_client()
    chat = await client.open_chat()
    await client.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "say it",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )
    await client.until("turn_ended", timeout=60)
    types = [m["type"] for m in client.received]
    deltas = client.of("assistant_delta")
    # Every delta comes before the final message, and they add up to it exactly.
    assert max(i for i, t in enumerate(types) if t == "assistant_delta") < types.index("assistant_message")
    final = client.of("assistant_message")[-1]
    assert "".join(d["delta"] for d in deltas) == final["text"] == reply["text"]
    assert {d["message_id"] for d in deltas} == {final["message_id"]}
    return deltas


async def test_a_fast_stream_is_merged_into_fewer_frames(fake_llm, chat_client, kernel_id):
    text = "".join(f"w{i:04d} " for i in range(4000))  # 24,000 chars, 6,000 chunks flat out
    deltas = await _stream(fake_llm, chat_client, kernel_id, {"text": text, "chunk_chars": 4})
    assert deltas[0]["delta"] == text[:4]  # the first token is not held back
    assert len(deltas) < 6000 / 4


async def test_a_slow_stream_is_sent_token_by_token(fake_llm, chat_client, kernel_id):
    text = "one two three four five six seven eight"
    deltas = await _stream(fake_llm, chat_client, kernel_id, {"text": text, "chunk_chars": 4, "delay": 0.02})
    assert [d["delta"] for d in deltas] == [text[i : i + 4] for i in range(0, len(text), 4)]
