"""The LLM seam on the openai client: the only module that imports openai.

Chat Completions with streaming (and tools when the model supports them), against any
OpenAI-compatible `base_url`. Failures become typed errors whose text never holds the key.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import openai
from openai import AsyncOpenAI

from ..errors import ErrorCode, GPTInterpError
from .outputs import as_dict
from .seams import Completion, LLMEvent, PromptProgress, TextDelta, ToolCall

_SLICE = 0.004  # seconds of stream parsing between two turns of the event loop
# Tokens a schema-held reply may use, where the client caps replies: a check with its parts fits in
# a fraction of it (measured: 10-95 tokens in 261 such replies).
SCHEMA_TOKENS = 512
# The seed of a resampled call where the server takes one (llama.cpp draws a new one per request
# otherwise): the same prompt then gets the same reply, so a turn, and an eval run, can be repeated.
RESAMPLE_SEED = 7
_KEYLIKE = re.compile(r"\b(sk|key|token)[-_][A-Za-z0-9_\-]{6,}", re.IGNORECASE)


class OpenAIChat:
    def __init__(
        self,
        *,
        base_url: str | None,
        api_key: str,
        model: str,
        timeout: float = 120.0,
        temperature: float | None = None,
        max_tokens: int | None = None,
        prompt_progress: bool = False,
        grammars: bool = False,
        prefill: bool = False,
    ):
        self.model = model
        self.prefill = prefill  # the server goes on from a last assistant message (seams.LLM)
        # llama.cpp's server reports how far it has read a long prompt when asked; others may
        # refuse a field they do not know, so it is asked only of servers said to be llama.cpp.
        self.prompt_progress = prompt_progress
        self.grammars = grammars  # the server constrains a reply to a GBNF grammar (llama.cpp)
        self.temperature = temperature
        self.max_tokens = max_tokens  # a cap on one reply (a small model can repeat itself for minutes)
        self._key = api_key
        # An empty key is fine for local servers, but the client insists on a non-empty string.
        # Retries are the loop's (it tells the user about each wait), not the client's.
        self._client = AsyncOpenAI(base_url=base_url or None, api_key=api_key or "none", timeout=timeout, max_retries=0)

    def redact(self, text: str) -> str:
        if self._key:
            text = text.replace(self._key, "[redacted]")
        return _KEYLIKE.sub("[redacted]", text)

    async def stream(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        schema: dict[str, Any] | None = None,
        resample: float | None = None,
        grammar: str | None = None,
    ) -> AsyncIterator[LLMEvent]:
        kwargs: dict[str, Any] = {"stream_options": {"include_usage": True}}
        if grammar and self.grammars and schema is None:
            kwargs["grammar"] = grammar
        if tools:
            kwargs["tools"] = tools
        if schema is not None:  # the server constrains the reply to the schema (llama.cpp: a grammar)
            kwargs["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "reply", "schema": schema, "strict": True},
            }
        # Only a greedy model is resampled: a server's own default, or a model that only takes its
        # default (reasoning models refuse any other), already samples.
        temperature = resample if resample is not None and self.temperature == 0 else self.temperature
        if temperature is not None:
            kwargs["temperature"] = temperature
        if temperature and self.grammars and resample is not None:
            kwargs["seed"] = RESAMPLE_SEED  # llama.cpp: a resampled call writes the same on the same prompt
        if self.max_tokens is not None:
            # A reply held to a schema is a judgement of a few short fields: a capped client caps it
            # lower, so a small model that keeps writing inside the schema stops in seconds.
            kwargs["max_tokens"] = min(self.max_tokens, SCHEMA_TOKENS) if schema is not None else self.max_tokens
        if self.prompt_progress:
            kwargs["return_progress"] = True
        reader = _Reader(self.redact)
        stream: openai.AsyncStream[object] | None = None
        try:
            # The documented raw route (`client.post`, cast to `object`): the client still builds
            # the request, authenticates, decodes the SSE and raises on an error status or an
            # error event, but hands each chunk over as the dict it parsed. Building openai's
            # pydantic chunk objects costs ~75 us a chunk, 25x the JSON parse: more than the rest
            # of the relay together (bench item 1).
            stream = await self._open({"model": self.model, "messages": messages, "stream": True, **kwargs})
            yielded = time.monotonic()
            async for chunk in stream:
                # One network read holds hundreds of chunks, which the client parses without
                # giving the event loop a turn: let other chats and sockets run every few ms.
                if time.monotonic() - yielded > _SLICE:
                    await asyncio.sleep(0)
                    yielded = time.monotonic()
                if progress := _progress(chunk):
                    yield progress
                if content := reader.take(chunk):
                    yield TextDelta(content)
        except GPTInterpError:
            raise
        except Exception as exc:  # every client failure becomes a typed, key-free error
            raise self._typed(exc) from None
        finally:
            if stream is not None:  # also when the reader stops early: the server stops writing
                await stream.close()
        yield reader.completion()

    async def _open(self, body: dict[str, Any]) -> openai.AsyncStream[object]:
        """The stream's request, sent once more at once when the connection closed before any
        response: a server can close a kept-alive connection just as the client reuses it
        (llama.cpp's server: 2 of 14 calls made right after a streamed reply, measured). No reply
        was read, so none is repeated; the loop's retries, with their waits shown to the user, are
        for a server that keeps failing."""
        for attempt in range(2):
            try:
                return await self._client.post(
                    "/chat/completions",
                    cast_to=object,
                    stream=True,
                    stream_cls=openai.AsyncStream[object],
                    body=body,
                )
            except openai.APITimeoutError:
                raise
            except openai.APIConnectionError:
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _typed(self, exc: Exception) -> GPTInterpError:
        detail = self.redact(_describe(exc))
        if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
            return GPTInterpError(ErrorCode.llm_auth, detail)
        if isinstance(exc, openai.NotFoundError):
            return GPTInterpError(ErrorCode.llm_model_not_found, f"Model: {self.model}. {detail}")
        if isinstance(exc, openai.RateLimitError):
            return GPTInterpError(ErrorCode.llm_rate_limited, detail, _retry_after(exc))
        if isinstance(exc, openai.APIStatusError) and exc.status_code < 500:
            return GPTInterpError(ErrorCode.llm_bad_response, detail)
        return GPTInterpError(ErrorCode.llm_unavailable, detail, _retry_after(exc))


class _Reader:
    """A streamed reply assembled from the chunks as parsed (dicts). Anything that is not what
    the API sends is a clear error, never a silent answer: a chunk that is not an object, an
    error body without choices, a stream that ends without a finish reason (cut short)."""

    def __init__(self, redact: Callable[[str], str]) -> None:
        self.redact = redact
        self.text: list[str] = []
        self.calls: dict[Any, dict[str, Any]] = {}  # in the order they appear
        self.last_call: Any = 0
        self.finish: str | None = None
        self.usage = (0, 0, 0)  # prompt, completion, and prompt tokens the server had cached

    def take(self, chunk: Any) -> str:
        """Fold one chunk in; returns its text ("" if none)."""
        if not isinstance(chunk, dict):
            raise GPTInterpError(ErrorCode.llm_bad_response, f"The model's stream sent {self._shown(chunk)}.")
        if "choices" not in chunk and ("error" in chunk or "message" in chunk or chunk.get("object") == "error"):
            error = as_dict(chunk.get("error")) or chunk
            said = error.get("message")
            message = said if isinstance(said, str) else self._shown(chunk)
            raise GPTInterpError(ErrorCode.llm_unavailable, f"(stream error) {self.redact(message)}")
        if isinstance(got := chunk.get("usage"), dict):
            cached = as_dict(got.get("prompt_tokens_details")).get("cached_tokens")
            cached = cached if isinstance(cached, int) else 0
            self.usage = (got.get("prompt_tokens") or 0, got.get("completion_tokens") or 0, cached)
        text = ""
        for choice in _dicts(chunk.get("choices")):
            delta = as_dict(choice.get("delta"))
            if (content := delta.get("content")) and isinstance(content, str):
                self.text.append(content)
                text += content
            for call in _dicts(delta.get("tool_calls")):
                self._call(call)
            if choice.get("finish_reason"):
                self.finish = str(choice["finish_reason"])
        return text

    def _call(self, call: dict[str, Any]) -> None:
        # OpenAI numbers the calls (`index`); a provider that does not is keyed by the call's id,
        # and a fragment with neither continues the call before it.
        index, cid = call.get("index"), call.get("id")
        key = index if isinstance(index, int) else (f"id:{cid}" if cid else self.last_call)
        self.last_call = key
        slot = self.calls.setdefault(key, {"id": "", "name": "", "arguments": []})
        function = as_dict(call.get("function"))
        if cid:
            slot["id"] = str(cid)
        if function.get("name"):
            slot["name"] = str(function["name"])
        arguments = function.get("arguments")
        if arguments:  # some servers send the arguments as an object, not as JSON text
            slot["arguments"].append(arguments if isinstance(arguments, str) else json.dumps(arguments))

    def completion(self) -> Completion:
        if self.finish is None:
            raise GPTInterpError(
                ErrorCode.llm_unavailable, "(the reply ended before the model finished it: no finish reason)"
            )
        calls = [
            ToolCall(id=c["id"] or f"call_{i}", name=c["name"], arguments="".join(c["arguments"]))
            for i, c in enumerate(self.calls.values())
        ]
        return Completion("".join(self.text), calls, self.finish, *self.usage)

    def _shown(self, value: Any) -> str:
        text = self.redact(repr(value))  # before shortening: a cut key would not be found
        return text if len(text) <= 80 else text[:77] + "..."


def _progress(chunk: Any) -> PromptProgress | None:
    """llama.cpp's `prompt_progress` {total, cache, processed, time_ms}, if the chunk has it."""
    got = as_dict(chunk.get("prompt_progress")) if isinstance(chunk, dict) else {}
    total, processed = got.get("total"), got.get("processed")
    if not (isinstance(total, int) and isinstance(processed, int)):
        return None
    cache, time_ms = got.get("cache"), got.get("time_ms")
    return PromptProgress(
        total=total,
        processed=processed,
        cache=cache if isinstance(cache, int) else 0,
        time_ms=float(time_ms) if isinstance(time_ms, int | float) else 0.0,
    )


def _dicts(value: Any) -> list[dict[str, Any]]:
    """The dicts of a list in a chunk; anything else in it (a provider's slip) is skipped."""
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _retry_after(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    value = response.headers.get("retry-after") if response is not None else None
    try:
        return max(float(value), 0.0) if value is not None else None
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


def _describe(exc: Exception) -> str:
    if isinstance(exc, openai.APIStatusError):
        body = exc.body
        message = body.get("message") if isinstance(body, dict) else None
        return f"(HTTP {exc.status_code}) {message or exc.message}"
    if isinstance(exc, openai.APITimeoutError):
        return "(timed out)"
    if isinstance(exc, openai.APIConnectionError):
        return "(could not connect)"
    return f"({type(exc).__name__}: {exc})"
