"""The plain path of a tuned fast path, for `bench/micro.py`: a server extension that only the
benchmark loads (PYTHONPATH=bench/), so the product carries nothing for it.

`BENCH_VARIANT` (in the server's environment) names the one path to swap; the rest of the server
is the product as shipped:

- `reader`: the model's stream read as the openai client's chunk objects
  (`chat.completions.create(stream=True)`), not as the dicts of its raw route.
- `deltas`: every text delta its own websocket frame, at once (no merging of the deltas parsed
  in one event-loop turn).
- `outputs`: every stream output of a cell handed on as the kernel sent it (no joining of the
  stream text already waiting in the socket).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any

from jupyterlab_gptinterp import chat, kernel
from jupyterlab_gptinterp.agent import llm
from jupyterlab_gptinterp.agent.seams import LLMEvent, TextDelta
from jupyterlab_gptinterp.errors import GPTInterpError


def _chunk_dict(chunk: Any) -> dict[str, Any]:
    """What the reader takes, read off a chunk object by attribute (no model_dump)."""
    choices = []
    for c in chunk.choices or []:
        delta: dict[str, Any] = {}
        if c.delta is not None:
            delta["content"] = c.delta.content
            if c.delta.tool_calls:
                delta["tool_calls"] = [
                    {
                        "index": t.index,
                        "id": t.id,
                        "function": {
                            "name": t.function.name if t.function else None,
                            "arguments": t.function.arguments if t.function else None,
                        },
                    }
                    for t in c.delta.tool_calls
                ]
        choices.append({"delta": delta, "finish_reason": c.finish_reason})
    out: dict[str, Any] = {"choices": choices}
    if chunk.usage is not None:
        out["usage"] = {
            "prompt_tokens": chunk.usage.prompt_tokens,
            "completion_tokens": chunk.usage.completion_tokens,
        }
    return out


async def _plain_stream(
    self: llm.OpenAIChat,
    messages: list[dict[str, Any]],
    tools: list[dict[str, Any]] | None,
    schema: dict[str, Any] | None = None,
) -> AsyncIterator[LLMEvent]:
    kwargs: dict[str, Any] = {"stream_options": {"include_usage": True}}
    if tools:
        kwargs["tools"] = tools
    reader = llm._Reader(self.redact)
    try:
        stream = await self._client.chat.completions.create(model=self.model, messages=messages, stream=True, **kwargs)  # type: ignore[call-overload]
        async for chunk in stream:
            if content := reader.take(_chunk_dict(chunk)):
                yield TextDelta(content)
    except GPTInterpError:
        raise
    except Exception as exc:
        raise self._typed(exc) from None
    yield reader.completion()


def _each_delta(self: chat.ChatService, event: Any) -> None:
    self._broadcast(event.chat_id, event.model_dump_json())


VARIANTS = {
    "reader": lambda: setattr(llm.OpenAIChat, "stream", _plain_stream),
    "deltas": lambda: setattr(chat.ChatService, "_queue_text", _each_delta),
    "outputs": lambda: setattr(kernel._Held, "add", lambda self, output: False),
}


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "bench_variants"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    variant = os.environ.get("BENCH_VARIANT", "")
    if variant:
        VARIANTS[variant]()
        serverapp.log.warning("bench_variants: the plain path of %r", variant)
