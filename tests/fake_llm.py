"""A fake OpenAI-compatible Chat Completions server for tests, UI tests, benchmarks and evals.

It is a real HTTP server (tornado) on loopback, so the official ``openai`` client, a
``jupyter lab`` started by Playwright in another process, or curl all talk to it unchanged.
Replies are scripted as plain JSON dicts (so they can also be posted to ``/_admin/script``):

    {"text": "hi", "chunk_chars": 4, "delay": 0.0}          streamed / plain assistant text
    {"tool_calls": [{"name": "run_code", "arguments": {...} or "raw"}], "text": "..."}
    {"error": 429, "headers": {"Retry-After": "1"}, "message": "...", "type": .., "code": ..}
    {"stall": 30}  /  {"stall_after_chunks": 3, "stall": 30, "text": "..."}
    {"cut_after_chunks": 3, "text": "..."}                   abrupt close, no [DONE]
    {"drop": true}    the connection closed before any response (a keep-alive connection the
                      server closed as the client reused it)
    {"error_after_chunks": 3, "message": "...", "text": ".."} an error event mid-stream, as
                                                             providers send one after a 200
    {"empty": true}   any reply: "usage": {...}, "headers": {...}, "finish_reason": "length"
    {"raw_events": [{...}, "[DONE]"]}  streamed: each item as one `data:` event, nothing else
    {"tool_calls": [...], "from_last": {"cell_id": "regex"}}  each named argument of the calls set
                                                             to group 1 of the regex in the last
                                                             message (an id a tool just returned);
                                                             in "text", {{cell_id}} is replaced
    {"text": "..", "delay": 0.02, "record_times": true}  when each delta was sent (perf_counter)
                                                             is kept in /_admin/streams' "times"
    {"text": "..", "first_token_delay": 10, "prompt_tokens": 5200}  the model reads its prompt
        first; a request with `return_progress` (llama.cpp) gets `prompt_progress` chunks
        {total, cache, processed, time_ms} about once a second meanwhile

Stdlib + tornado only, and no package-relative imports: other code loads this file by path.
Run standalone with ``python tests/fake_llm.py --port 18765``.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import itertools
import json
import re
import threading
import time

import tornado.httpserver
import tornado.netutil
import tornado.web
from tornado.iostream import StreamClosedError

DEFAULT_TEXT = "(fake LLM: no scripted reply)"
REPLY_KEYS = {
    "text",
    "chunk_chars",
    "delay",
    "tool_calls",
    "error",
    "headers",
    "message",
    "type",
    "code",
    "stall",
    "stall_after_chunks",
    "cut_after_chunks",
    "drop",
    "error_after_chunks",
    "empty",
    "usage",
    "raw_events",
    "finish_reason",
    "from_last",
    "first_token_delay",
    "prompt_tokens",
    "record_times",
}
# OpenAI's own (type, code) per status, so error-mapping code sees realistic bodies.
ERROR_KINDS = {
    400: ("invalid_request_error", None),
    401: ("invalid_request_error", "invalid_api_key"),
    403: ("permission_error", None),
    404: ("invalid_request_error", "not_found"),
    429: ("requests", "rate_limit_exceeded"),
}


def check_reply(reply: dict) -> dict:
    """Reject typos early: a misspelt key would otherwise silently become a plain text reply."""
    if not isinstance(reply, dict):
        raise ValueError(f"reply must be a dict, got {type(reply).__name__}")
    unknown = set(reply) - REPLY_KEYS
    if unknown:
        raise ValueError(f"unknown reply keys: {sorted(unknown)}")
    if int(reply.get("chunk_chars", 4)) < 1:
        raise ValueError("chunk_chars must be >= 1")
    return dict(reply)


def message_text(message) -> str:
    """The text of one request message: string content, or the joined text parts of a list."""
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def estimate_tokens(chars: int) -> int:
    return (chars + 3) // 4


def error_body(status: int, message: str, type_=None, code=None) -> dict:
    kind, kind_code = ERROR_KINDS.get(status, ("server_error", None))
    return {
        "error": {
            "message": message,
            "type": type_ or kind,
            "param": None,
            "code": code if code is not None else kind_code,
        }
    }


class FakeLLM:
    """Scriptable fake. Replies: queue (FIFO) first, then rules (first match), then a default."""

    def __init__(self, host="127.0.0.1", port=0, api_key=None, models=("fake-model",)):
        self.host, self.port, self.api_key = host, port, api_key
        self.models = list(models)
        self.requests: list[dict] = []
        self.request_headers: list[dict] = []
        self.arrivals: list[float] = []  # wall-clock time each request arrived (time.time())
        # Per streamed reply, the rate the model wrote at: deltas sent, first and last send time.
        self.streams: collections.deque = collections.deque(maxlen=1000)
        # script()/add_rule()/reset() may come from a test thread while the loop thread serves.
        self._lock = threading.Lock()
        self._queue: collections.deque = collections.deque()
        self._rules: list = []
        self._ids = itertools.count(1)  # never reset: tool-call ids stay unique in a conversation
        self._server = None
        self._handlers: set = set()  # live chat handlers, woken up on stop()
        self._thread = self._loop = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/v1"

    # -- scripting (any thread) --------------------------------------------------------------
    def script(self, *replies: dict) -> None:
        checked = [check_reply(r) for r in replies]
        with self._lock:
            self._queue.extend(checked)

    def add_rule(self, pattern: str, reply: dict) -> None:
        rule = (re.compile(pattern, re.DOTALL), check_reply(reply))
        with self._lock:
            self._rules.append(rule)

    def reset(self) -> None:
        with self._lock:  # clear in place: callers may hold a reference to the lists
            self._queue.clear()
            self._rules.clear()
            self.requests.clear()
            self.request_headers.clear()
            self.arrivals.clear()
            self.streams.clear()

    def _record(self, body: dict, headers: dict) -> None:
        with self._lock:
            self.requests.append(body)
            self.request_headers.append(headers)
            self.arrivals.append(time.time())

    def _next_reply(self, messages: list) -> dict:
        text = message_text(messages[-1])
        with self._lock:
            if self._queue:
                return self._queue.popleft()
            for pattern, reply in self._rules:
                if pattern.search(text):
                    return reply
        return {"text": DEFAULT_TEXT}

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> FakeLLM:
        args = {"fake": self}
        app = tornado.web.Application(
            [
                (r"/v1/models", ModelsHandler, args),
                (r"/v1/chat/completions", ChatHandler, args),
                (r"/v1/.*", NotFoundHandler, args),
                (r"/_admin/(\w+)", AdminHandler, args),
            ]
        )
        sockets = tornado.netutil.bind_sockets(self.port, address=self.host)
        self._server = tornado.httpserver.HTTPServer(app)
        self._server.add_sockets(sockets)
        self.port = sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self._server is None:
            return
        self._server.stop()
        for handler in list(self._handlers):
            handler.gone.set()  # end stalls and delays now instead of after their timeout
        await self._server.close_all_connections()
        for _ in range(100):  # let woken handlers return, so no task is left pending
            if not self._handlers:
                break
            await asyncio.sleep(0.01)
        self._server = None

    def start_in_thread(self) -> FakeLLM:
        ready, failure = threading.Event(), []

        def run():
            loop = self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self.start())
            except BaseException as exc:  # e.g. port in use: re-raised in the caller's thread
                failure.append(exc)
            ready.set()
            if not failure:
                loop.run_forever()
            loop.close()

        self._thread = threading.Thread(target=run, name="fake-llm", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            self._thread = None
            raise failure[0]
        return self

    def stop_thread(self) -> None:
        if self._thread is None:
            return
        asyncio.run_coroutine_threadsafe(self.stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._thread = self._loop = None


class BaseHandler(tornado.web.RequestHandler):
    def initialize(self, fake: FakeLLM):
        self.fake = fake

    def send_json(self, obj, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(obj))

    def send_api_error(self, status: int, message: str, type_=None, code=None) -> None:
        self.send_json(error_body(status, message, type_, code), status)

    def authorized(self) -> bool:
        key = self.fake.api_key
        if not key or self.request.headers.get("Authorization") == f"Bearer {key}":
            return True
        # Like OpenAI, but without echoing any part of the key.
        self.send_api_error(401, "Incorrect API key provided.")
        return False


class NotFoundHandler(BaseHandler):
    def prepare(self):
        self.send_api_error(404, f"Unknown path {self.request.path} (fake LLM)")


class ModelsHandler(BaseHandler):
    def get(self):
        if self.authorized():
            self.send_json(
                {
                    "object": "list",
                    "data": [{"id": m, "object": "model", "created": 0, "owned_by": "fake"} for m in self.fake.models],
                }
            )


class AdminHandler(BaseHandler):
    """Scripting for tests in another process (e.g. Playwright driving `jupyter lab`)."""

    def get(self, action):
        if action == "requests":
            self.send_json(list(self.fake.requests))
        elif action == "arrivals":
            self.send_json(list(self.fake.arrivals))
        elif action == "request_headers":
            self.send_json(list(self.fake.request_headers))
        elif action == "streams":
            self.send_json(list(self.fake.streams))
        else:
            self.send_json({"error": f"unknown admin GET {action}"}, 404)

    def post(self, action):
        try:
            data = json.loads(self.request.body or b"null")
            if action == "script":
                replies = data if isinstance(data, list) else [data]
                self.fake.script(*replies)
            elif action == "rule":
                self.fake.add_rule(data["pattern"], data["reply"])
            elif action == "reset":
                self.fake.reset()
            else:
                return self.send_json({"error": f"unknown admin POST {action}"}, 404)
        except (ValueError, KeyError, TypeError, re.error) as exc:
            return self.send_json({"error": str(exc)}, 400)
        self.send_json({"ok": True})


class ChatHandler(BaseHandler):
    def initialize(self, fake: FakeLLM):
        super().initialize(fake)
        self.gone = asyncio.Event()  # set when the client disconnects or the server stops

    def on_connection_close(self):
        self.gone.set()

    async def pause(self, seconds: float) -> bool:
        """Sleep, but wake up early if the client goes away. True if the client is still there."""
        try:
            await asyncio.wait_for(self.gone.wait(), seconds)
        except asyncio.TimeoutError:
            pass
        return not self.gone.is_set()

    async def post(self):
        try:
            body = json.loads(self.request.body)
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return self.send_api_error(400, "Request body is not a JSON object.")
        # Recorded before auth so tests can check the headers of rejected requests too.
        self.fake._record(body, dict(self.request.headers.items()))
        if not self.authorized():
            return
        if body.get("model") not in self.fake.models:
            return self.send_api_error(
                404,
                f"The model `{body.get('model')}` does not exist or you do not have access to it.",
                code="model_not_found",
            )
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            return self.send_api_error(400, "'messages' must be a non-empty array.")
        self.fake._handlers.add(self)
        try:
            await self.respond(body, self.fake._next_reply(messages))
        except StreamClosedError:
            pass  # the client went away mid-reply: nothing left to do
        finally:
            self.fake._handlers.discard(self)

    async def respond(self, body: dict, reply: dict) -> None:
        if reply.get("drop"):
            self.request.connection.close()  # nothing written, not even a status line
            return
        if "stall" in reply and "stall_after_chunks" not in reply:
            if not await self.pause(reply["stall"]):  # nothing sent, not even headers
                return
        for name, value in reply.get("headers", {}).items():
            self.set_header(name, value)
        if "error" in reply:
            status = int(reply["error"])
            return self.send_api_error(
                status, reply.get("message", f"fake error {status}"), reply.get("type"), reply.get("code")
            )
        text = "" if reply.get("empty") else reply.get("text", "")
        calls = []
        found = {}
        for name, pattern in (reply.get("from_last") or {}).items():
            match = re.search(pattern, message_text(body["messages"][-1]))
            found[name] = match.group(1) if match else None
        for name, value in found.items():
            text = text.replace("{{" + name + "}}", value or "")
        for call in reply.get("tool_calls", []):
            args = call.get("arguments", {})
            if found and isinstance(args, dict):
                args = {**args, **found}
            args = args if isinstance(args, str) else json.dumps(args)  # str: sent as-is
            calls.append((call.get("id") or f"call_{next(self.fake._ids)}", call["name"], args))
        finish = reply.get("finish_reason") or ("tool_calls" if calls else "stop")
        usage = self.usage(reply, body["messages"], text, calls)
        self.envelope = {
            "id": f"chatcmpl-fake{next(self.fake._ids)}",
            "created": int(time.time()),
            "model": body["model"],
        }
        if body.get("stream") and "raw_events" in reply:  # a provider's odd chunks, exactly as given
            self.set_header("Content-Type", "text/event-stream; charset=utf-8")
            for event in reply["raw_events"]:
                await self.send_event(event)
            return
        if body.get("stream"):
            return await self.stream(body, reply, text, calls, finish, usage)
        if "cut_after_chunks" in reply:  # no chunks without streaming: just drop the connection
            return self.request.connection.stream.close()
        if "stall_after_chunks" in reply and not await self.pause(reply.get("stall", 30)):
            return
        message = {"role": "assistant", "content": text if text or not calls else None}
        if calls:
            message["tool_calls"] = [
                {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
                for cid, name, args in calls
            ]
        self.send_json(
            {
                **self.envelope,
                "object": "chat.completion",
                "usage": usage,
                "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
            }
        )

    @staticmethod
    def usage(reply, messages, text, calls) -> dict:
        given = reply.get("usage") or {}
        out_chars = len(text) + sum(len(name) + len(args) for _, name, args in calls)
        usage = {
            "prompt_tokens": int(
                reply.get("prompt_tokens") or estimate_tokens(sum(len(message_text(m)) for m in messages))
            ),
            "completion_tokens": estimate_tokens(out_chars),
            **given,
        }
        usage.setdefault("total_tokens", usage["prompt_tokens"] + usage["completion_tokens"])
        return usage

    async def send_event(self, payload) -> None:
        data = payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":"))
        self.write(f"data: {data}\n\n".encode())
        await self.flush()  # one flush per chunk: the client sees each chunk as it is produced

    def chunk(self, delta: dict, finish=None) -> dict:
        return {
            **self.envelope,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
        }

    async def read_prompt(self, body, reply, usage) -> bool:
        """Wait `first_token_delay` seconds before the first token, as a model reading a long
        prompt does; report the reading as llama.cpp does when the request asked for it.
        False when the client went away meanwhile."""
        delay = float(reply.get("first_token_delay", 0))
        if delay <= 0:
            return True
        total = int(reply.get("prompt_tokens", usage["prompt_tokens"]))
        steps = max(2, round(delay))
        started = time.perf_counter()
        for step in range(1, steps + 1):
            if not await self.pause(delay / steps):
                return False
            if body.get("return_progress"):
                progress = {
                    "total": total,
                    "cache": 0,
                    "processed": total * step // steps,
                    "time_ms": round((time.perf_counter() - started) * 1000),
                }
                await self.send_event({**self.chunk({"content": None}), "prompt_progress": progress})
        return True

    async def stream(self, body, reply, text, calls, finish, usage) -> None:
        self.set_header("Content-Type", "text/event-stream; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        n = int(reply.get("chunk_chars", 4))
        # OpenAI's shape: text pieces, then per call a header delta (index, id, type, name,
        # empty arguments) followed by argument fragments that carry only index + arguments.
        deltas = [{"content": text[i : i + n]} for i in range(0, len(text), n)]
        for index, (cid, name, args) in enumerate(calls):
            deltas.append(
                {
                    "tool_calls": [
                        {"index": index, "id": cid, "type": "function", "function": {"name": name, "arguments": ""}}
                    ]
                }
            )
            deltas += [
                {"tool_calls": [{"index": index, "function": {"arguments": args[i : i + n]}}]}
                for i in range(0, len(args), n)
            ]
        # Counted in content deltas (the role chunk is not counted); past the end means
        # "after the last delta, before finish_reason".
        stall_at = min(int(reply.get("stall_after_chunks", -1)), len(deltas))
        cut_at = min(int(reply.get("cut_after_chunks", -1)), len(deltas))
        error_at = min(int(reply.get("error_after_chunks", -1)), len(deltas))
        delay = float(reply.get("delay", 0))
        sent = {"deltas": 0, "first": 0.0, "last": 0.0}  # the rate the model wrote at (benchmarks)
        times: list[float] | None = [] if reply.get("record_times") else None
        if times is not None:
            sent["times"] = times  # type: ignore[assignment]
        with self.fake._lock:
            self.fake.streams.append(sent)
        await self.send_event(self.chunk({"role": "assistant", "content": ""}))
        if not await self.read_prompt(body, reply, usage):
            return
        for i in range(len(deltas) + 1):
            if i == stall_at and not await self.pause(reply.get("stall", 30)):
                return
            if i == cut_at:  # abrupt close: unterminated chunked body, no finish, no [DONE]
                return self.request.connection.stream.close()
            if i == error_at:  # the body of an error, as one more event; the stream ends there
                return await self.send_event(
                    {
                        "error": {
                            "message": reply.get("message", "fake stream error"),
                            "type": reply.get("type", "server_error"),
                            "code": reply.get("code"),
                        }
                    }
                )
            if i == len(deltas):
                break
            if delay and not await self.pause(delay):
                return
            if times is not None:
                times.append(time.perf_counter())  # before the write: the client may read it first
            await self.send_event(self.chunk(deltas[i]))
            sent["last"] = time.perf_counter()
            sent["first"] = sent["first"] or sent["last"]
            sent["deltas"] += 1
        await self.send_event(self.chunk({}, finish))
        if (body.get("stream_options") or {}).get("include_usage"):
            await self.send_event({**self.chunk({}), "choices": [], "usage": usage})
        await self.send_event("[DONE]")


def main() -> None:
    parser = argparse.ArgumentParser(description="Fake OpenAI-compatible LLM server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=18765)
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--model", action="append", help="model id (repeatable)")
    opts = parser.parse_args()

    async def serve():
        fake = await FakeLLM(opts.host, opts.port, opts.api_key, tuple(opts.model or ["fake-model"])).start()
        print(fake.url, flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
