"""A chat's memory: the messages of earlier turns, kept valid and within budget."""

from __future__ import annotations

import json
from typing import Any

from . import outputs as _outputs
from .context import head_tail

KEEP = 4  # a turn's last messages, always whole (the last proposals and what came of them)
SHORT = 600  # characters an older result is cut to when the turn outgrows its budget


def without_images(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Memory keeps the text of image messages, not the images (they would fill the budget)."""
    return [
        {**m, "content": _outputs.text_of(m["content"])} if isinstance(m.get("content"), list) else m for m in messages
    ]


def repair(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Answer tool calls left open by Stop or an error, so the next request is valid."""
    out: list[dict[str, Any]] = []
    open_ids: list[str] = []
    for msg in messages:
        if msg["role"] != "tool" and open_ids:
            out.extend(
                {"role": "tool", "tool_call_id": i, "content": "Not run: the turn was stopped."} for i in open_ids
            )
            open_ids = []
        out.append(msg)
        if msg.get("tool_calls"):
            open_ids = [c["id"] for c in msg["tool_calls"]]
        elif msg["role"] == "tool" and msg.get("tool_call_id") in open_ids:
            open_ids.remove(msg["tool_call_id"])
    out.extend({"role": "tool", "tool_call_id": i, "content": "Not run: the turn was stopped."} for i in open_ids)
    return out


def trim(memory: list[dict[str, Any]], budget: int) -> list[dict[str, Any]]:
    """The most recent whole turns of memory within `budget` characters (a turn starts at a user message)."""
    size = 0
    start = len(memory)
    for i in range(len(memory) - 1, -1, -1):
        size += _size(memory[i])
        if size > budget:
            break
        if memory[i]["role"] == "user":
            start = i
    return memory[start:]


def compact(messages: list[dict[str, Any]], budget: int) -> list[dict[str, Any]]:
    """A turn's own messages within about `budget` characters: once they outgrow it, the results of
    its older runs (and the aids' notes on them) are cut to their head and tail, oldest first, and
    then, if that is not enough, the text of its older replies (the code of runs and of declined
    proposals). The request and the last `KEEP` messages stay whole. A long turn of a small model
    would otherwise outgrow the model's context, and the request fail at its last step."""
    size = sum(_size(m) for m in messages)
    out = list(messages)
    for roles in (("user", "tool"), ("assistant",)):
        for i in range(1, len(out) - KEEP):
            if size <= budget:
                return out
            content = out[i].get("content")
            if out[i]["role"] in roles and isinstance(content, str) and len(content) > SHORT:
                out[i] = {**out[i], "content": head_tail(content, SHORT)}
                size -= len(content) - len(out[i]["content"])
    return out


def _size(message: dict[str, Any]) -> int:
    return len(str(message.get("content") or "")) + len(json.dumps(message.get("tool_calls") or ""))
