"""A chat's memory: the messages of earlier turns, kept valid and within budget."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import ErrorCode, GPTInterpError
from . import outputs as _outputs
from .context import head_tail

KEEP = 4  # a turn's last messages, always whole (the last proposals and what came of them)
SHORT = 600  # characters an older result is cut to when the turn outgrows its budget
IMAGE = 2000  # characters an image counts as in the budget (some 600 tokens, as providers bill one)
LOW = 0.6  # share of the budget a turn's messages are cut down to, once they outgrow it (Compactor)
# How servers refuse a request longer than the model's context: llama.cpp ("exceeds the available
# context size"), OpenAI ("maximum context length"), and most others name the context in a 400.
_TOO_LONG = re.compile(r"context (?:size|length|window)|maximum context|too many tokens", re.IGNORECASE)


def too_long(exc: GPTInterpError) -> bool:
    """The server refused the request as longer than the model's context."""
    return exc.code == ErrorCode.llm_bad_response and bool(_TOO_LONG.search(exc.text))


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


class Compactor:
    """A turn's own messages within about `budget` characters, step after step. Once they outgrow
    it, the results of its older runs (and the aids' notes on them) are cut to their head and tail,
    oldest first, and then, if that is not enough, the text of its older replies (the code of runs
    and of declined proposals). The request and the last `KEEP` messages stay whole. A long turn
    of a small model would otherwise outgrow the model's context, and the request fail.

    The prompt's prefix is kept: a message cut once stays cut, and a cut goes down to `low` of the
    budget. The next steps then add to a prefix that did not change, which the server reads from
    its prompt cache (llama.cpp); cutting just enough at every step would change one more message
    each time, and the model would read all that follows it again (on a CPU, seconds per message)."""

    def __init__(self, budget: int, low: float = LOW) -> None:
        self.budget, self.low = budget, low
        self.cut: dict[int, dict[str, Any]] = {}  # the messages cut so far, by index, as they were cut

    def __call__(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = [self.cut.get(i, m) for i, m in enumerate(messages)]
        size = sum(_size(m) for m in out)
        if size <= self.budget:
            return out
        target = int(self.budget * self.low)
        for roles in (("user", "tool"), ("assistant",)):
            for i in range(1, len(out) - KEEP):
                if size <= target:
                    return out
                if i in self.cut or out[i]["role"] not in roles or (cut := _cut(out[i])) is out[i]:
                    continue
                size += _size(cut) - _size(out[i])
                out[i] = self.cut[i] = cut
        return out


def _cut(message: dict[str, Any]) -> dict[str, Any]:
    """The message with its text cut to head and tail; the same message when it is short already."""
    content = message.get("content")
    if not isinstance(content, str) or len(content) <= SHORT:
        return message
    return {**message, "content": head_tail(content, SHORT)}


def _size(message: dict[str, Any]) -> int:
    content, calls = message.get("content") or "", len(json.dumps(message.get("tool_calls") or ""))
    if isinstance(content, list):  # an image counts as what a model reads of it, not as its base64
        images = sum(isinstance(p, dict) and p.get("type") != "text" for p in content)
        return len(_outputs.text_of(content)) + IMAGE * images + calls
    return len(str(content)) + calls
