"""Tests of the fake LLM server itself, driven over real HTTP by the real `openai` client."""

import asyncio
import importlib.util
import json
import sys
import time
import urllib.request
from pathlib import Path

import openai
import pytest
import pytest_asyncio


def _load_fake_llm():
    # By path, as other users (UI tests, bench, evals) load it; works whether or not tests/
    # is a package and whatever pytest's import mode is.
    if "fake_llm" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fake_llm", Path(__file__).with_name("fake_llm.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules["fake_llm"] = module
        spec.loader.exec_module(module)
    return sys.modules["fake_llm"]


fake_llm = _load_fake_llm()
FakeLLM = fake_llm.FakeLLM
USER = [{"role": "user", "content": "hi"}]


@pytest_asyncio.fixture
async def fake():
    server = await FakeLLM().start()
    yield server
    await server.stop()


@pytest_asyncio.fixture
async def client(fake):
    # max_retries=0: the client would otherwise retry 429/5xx, consuming further scripted replies.
    async with openai.AsyncOpenAI(base_url=fake.url, api_key="test", max_retries=0, timeout=5) as c:
        yield c


async def collect(client, **kwargs):
    """Stream a completion and return all chunks."""
    stream = await client.chat.completions.create(
        model="fake-model", messages=kwargs.pop("messages", USER), stream=True, **kwargs
    )
    return [chunk async for chunk in stream]


def text_of(chunks):
    return "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)


@pytest.mark.asyncio
async def test_streamed_text_reassembles(fake, client):
    fake.script({"text": "hello **world**, how are you?", "chunk_chars": 3})
    chunks = await collect(client)
    assert text_of(chunks) == "hello **world**, how are you?"
    assert chunks[0].choices[0].delta.role == "assistant"
    content_chunks = [c for c in chunks if c.choices and c.choices[0].delta.content]
    assert [len(c.choices[0].delta.content) for c in content_chunks][:2] == [3, 3]
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert fake.requests[0]["messages"] == USER and fake.requests[0]["stream"] is True


@pytest.mark.asyncio
async def test_non_stream_text_and_usage(fake, client):
    fake.script({"text": "plain answer"})
    resp = await client.chat.completions.create(model="fake-model", messages=USER)
    assert resp.choices[0].message.content == "plain answer"
    assert resp.choices[0].finish_reason == "stop"
    assert resp.usage.completion_tokens == 3 and resp.usage.prompt_tokens == 1  # chars / 4


@pytest.mark.asyncio
async def test_tool_call_streams_like_openai_and_reassembles(fake, client):
    args = {"code": "import math\nprint(math.pi)", "reason": "show pi"}
    fake.script(
        {
            "text": "Let me run it.",
            "tool_calls": [{"name": "run_code", "arguments": args}, {"name": "run_code", "arguments": {"code": "2"}}],
        }
    )
    chunks = await collect(
        client,
        tools=[
            {"type": "function", "function": {"name": "run_code", "parameters": {"type": "object", "properties": {}}}}
        ],
    )
    calls = {}
    for chunk in chunks:
        for tc in (chunk.choices[0].delta.tool_calls or []) if chunk.choices else []:
            if tc.index not in calls:  # the first delta of a call names it and carries its id
                assert tc.id.startswith("call_") and tc.type == "function"
                assert tc.function.name == "run_code" and tc.function.arguments == ""
                calls[tc.index] = {"id": tc.id, "arguments": ""}
            else:
                assert tc.id is None and tc.function.name is None
            calls[tc.index]["arguments"] += tc.function.arguments or ""
    assert text_of(chunks) == "Let me run it."
    assert json.loads(calls[0]["arguments"]) == args
    assert json.loads(calls[1]["arguments"]) == {"code": "2"}
    assert calls[0]["id"] != calls[1]["id"]
    assert chunks[-1].choices[0].finish_reason == "tool_calls"


@pytest.mark.asyncio
async def test_raw_malformed_arguments_arrive_as_is(fake, client):
    raw = '{"code": "print(1)", "reason": '
    fake.script(
        {"tool_calls": [{"name": "run_code", "arguments": raw}]},
        {"tool_calls": [{"name": "run_code", "arguments": raw}]},
    )
    chunks = await collect(client)
    streamed = "".join(
        tc.function.arguments or "" for c in chunks if c.choices for tc in c.choices[0].delta.tool_calls or []
    )
    assert streamed == raw
    resp = await client.chat.completions.create(model="fake-model", messages=USER)
    assert resp.choices[0].message.tool_calls[0].function.arguments == raw
    assert resp.choices[0].message.content is None
    assert resp.choices[0].finish_reason == "tool_calls"


@pytest.mark.asyncio
async def test_429_is_rate_limit_error_with_retry_after(fake, client):
    fake.script({"error": 429, "headers": {"Retry-After": "1"}, "message": "rate limited"})
    with pytest.raises(openai.RateLimitError) as info:
        await collect(client)
    assert info.value.response.headers["retry-after"] == "1"
    assert info.value.code == "rate_limit_exceeded"
    assert "rate limited" in info.value.message


@pytest.mark.asyncio
async def test_500_is_internal_server_error(fake, client):
    fake.script({"error": 500, "message": "boom"})
    with pytest.raises(openai.InternalServerError) as info:
        await client.chat.completions.create(model="fake-model", messages=USER)
    assert info.value.status_code == 500 and info.value.type == "server_error"


@pytest.mark.asyncio
async def test_wrong_key_is_401_and_right_key_works():
    fake = await FakeLLM(api_key="sekrit").start()
    try:
        fake.script({"text": "ok"})
        async with openai.AsyncOpenAI(base_url=fake.url, api_key="wrong", max_retries=0) as bad:
            with pytest.raises(openai.AuthenticationError) as info:
                await bad.chat.completions.create(model="fake-model", messages=USER)
            assert info.value.code == "invalid_api_key" and "sekrit" not in str(info.value)
            with pytest.raises(openai.AuthenticationError):
                await bad.models.list()
        async with openai.AsyncOpenAI(base_url=fake.url, api_key="sekrit", max_retries=0) as good:
            resp = await good.chat.completions.create(model="fake-model", messages=USER)
        assert resp.choices[0].message.content == "ok"  # the 401 did not consume the reply
        assert [h["Authorization"] for h in fake.request_headers] == ["Bearer wrong", "Bearer sekrit"]
    finally:
        await fake.stop()


@pytest.mark.asyncio
async def test_models_list_and_unknown_model(fake, client):
    assert [m.id for m in (await client.models.list()).data] == ["fake-model"]
    with pytest.raises(openai.NotFoundError) as info:
        await client.chat.completions.create(model="gpt-nope", messages=USER)
    assert info.value.code == "model_not_found"


@pytest.mark.asyncio
async def test_stall_times_out_the_client(fake):
    fake.script({"stall": 30})
    async with openai.AsyncOpenAI(base_url=fake.url, api_key="t", max_retries=0, timeout=0.3) as c:
        start = time.monotonic()
        with pytest.raises(openai.APITimeoutError):
            await collect(c)
        assert time.monotonic() - start < 3
    await asyncio.sleep(0.05)
    assert not fake._handlers  # the server noticed the client leave and ended its stall


@pytest.mark.asyncio
async def test_stall_after_chunks_times_out_mid_stream(fake):
    fake.script({"stall_after_chunks": 2, "stall": 30, "text": "abcdefghijklmnop"})
    async with openai.AsyncOpenAI(base_url=fake.url, api_key="t", max_retries=0, timeout=0.3) as c:
        stream = await c.chat.completions.create(model="fake-model", messages=USER, stream=True)
        got = []
        with pytest.raises(openai.APITimeoutError):  # a read timeout between chunks
            async for chunk in stream:
                got.append(chunk)
    assert text_of(got) == "abcdefgh"


@pytest.mark.asyncio
async def test_cut_stream_raises_connection_error(fake, client):
    # What the openai client does: an abrupt close inside the chunked body is an
    # httpx2 RemoteProtocolError, which AsyncStream re-raises as APIConnectionError
    # ("Connection error.") after yielding the chunks that did arrive. It does NOT end quietly.
    fake.script({"cut_after_chunks": 3, "text": "abcdefghijklmnopqrstuvwxyz"})
    stream = await client.chat.completions.create(model="fake-model", messages=USER, stream=True)
    got = []
    with pytest.raises(openai.APIConnectionError) as info:
        async for chunk in stream:
            got.append(chunk)
    assert not isinstance(info.value, openai.APITimeoutError)
    assert text_of(got) == "abcdefghijkl"
    assert all(c.choices[0].finish_reason is None for c in got)
    fake.script({"text": "after"})  # the server (and the client's pool) still work
    assert text_of(await collect(client)) == "after"


@pytest.mark.asyncio
async def test_error_event_mid_stream_raises_api_error(fake, client):
    fake.script({"error_after_chunks": 2, "message": "overloaded", "text": "abcdefghijkl"})
    stream = await client.chat.completions.create(model="fake-model", messages=USER, stream=True)
    got = []
    with pytest.raises(openai.APIError) as info:
        async for chunk in stream:
            got.append(chunk)
    assert info.value.message == "overloaded" and not isinstance(info.value, openai.APIStatusError)
    assert text_of(got) == "abcdefgh"


@pytest.mark.asyncio
async def test_usage_chunk_with_include_usage(fake, client):
    fake.script(
        {"text": "12345678", "usage": {"prompt_tokens": 11, "completion_tokens": 7}},
        {"text": "12345678"},
        {"text": "12345678"},
    )
    chunks = await collect(client, stream_options={"include_usage": True})
    assert chunks[-1].choices == [] and chunks[-1].usage.total_tokens == 18
    assert chunks[-1].usage.prompt_tokens == 11 and chunks[-1].usage.completion_tokens == 7
    assert text_of(chunks) == "12345678"
    estimated = await collect(client, stream_options={"include_usage": True})
    assert estimated[-1].usage.completion_tokens == 2 and estimated[-1].usage.prompt_tokens == 1
    plain = await collect(client)
    assert all(c.usage is None for c in plain) and plain[-1].choices


@pytest.mark.asyncio
async def test_empty_and_default_replies(fake, client):
    fake.script({"empty": True})
    chunks = await collect(client)
    assert text_of(chunks) == "" and chunks[-1].choices[0].finish_reason == "stop"
    assert text_of(await collect(client)) == fake_llm.DEFAULT_TEXT


@pytest.mark.asyncio
async def test_rules_match_last_message_and_queue_wins(fake, client):
    fake.add_rule(r"plot.*revenue", {"text": "plotting"})
    fake.add_rule(r"Traceback", {"text": "fixing"})
    fake.add_rule(r"from the image", {"text": "seen"})
    assert (
        text_of(await collect(client, messages=[{"role": "user", "content": "please plot\nthe revenue"}])) == "plotting"
    )
    # Only the LAST message counts: here a tool result.
    assert (
        text_of(
            await collect(
                client,
                messages=[
                    {"role": "user", "content": "plot revenue"},
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {"id": "call_1", "type": "function", "function": {"name": "run_code", "arguments": "{}"}}
                        ],
                    },
                    {"role": "tool", "tool_call_id": "call_1", "content": "Traceback (most recent call last)"},
                ],
            )
        )
        == "fixing"
    )
    assert (
        text_of(
            await collect(
                client,
                messages=[
                    {
                        "role": "user",
                        "content": [{"type": "text", "text": "what is"}, {"type": "text", "text": "from the image"}],
                    }
                ],
            )
        )
        == "seen"
    )
    fake.script({"text": "scripted"})
    assert text_of(await collect(client, messages=[{"role": "user", "content": "plot revenue"}])) == "scripted"
    assert (
        text_of(await collect(client, messages=[{"role": "user", "content": "plot revenue"}])) == "plotting"
    )  # rules persist
    fake.reset()
    assert (
        fake.requests == []
        and text_of(await collect(client, messages=[{"role": "user", "content": "plot revenue"}]))
        == fake_llm.DEFAULT_TEXT
    )


@pytest.mark.asyncio
async def test_delay_between_chunks(fake, client):
    fake.script({"text": "abcdefgh", "chunk_chars": 2, "delay": 0.05})
    start = time.monotonic()
    assert text_of(await collect(client)) == "abcdefgh"
    assert time.monotonic() - start >= 0.2


@pytest.mark.asyncio
async def test_record_times_keeps_when_each_delta_was_sent(fake, client):
    fake.script({"text": "abcdefgh", "chunk_chars": 2, "delay": 0.02, "record_times": True})
    await collect(client)
    sent = fake.streams[-1]
    assert len(sent["times"]) == sent["deltas"] == 4
    assert sent["times"] == sorted(sent["times"]) and sent["times"][-1] - sent["times"][0] >= 0.05
    fake.script({"text": "abcd"})
    await collect(client)
    assert "times" not in fake.streams[-1]  # only when asked: a benchmark's 20,000 deltas


def test_bad_reply_keys_are_rejected():
    fake = FakeLLM()
    with pytest.raises(ValueError, match="txt"):
        fake.script({"txt": "typo"})


def _http(url, body=None):
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(
        urllib.request.Request(url, data=data, method="POST" if data else "GET"), timeout=5
    ) as resp:
        return json.loads(resp.read())


def test_start_in_thread_and_admin_endpoints_from_sync_code():
    fake = FakeLLM().start_in_thread()
    try:
        admin = fake.url.replace("/v1", "/_admin")
        _http(admin + "/script", [{"text": "one"}, {"tool_calls": [{"name": "f", "arguments": {}}]}])
        _http(admin + "/rule", {"pattern": "^ping$", "reply": {"text": "pong"}})
        with pytest.raises(urllib.error.HTTPError) as info:
            _http(admin + "/script", [{"bogus": 1}])
        assert info.value.code == 400
        client = openai.OpenAI(base_url=fake.url, api_key="test", max_retries=0, timeout=5)
        stream = client.chat.completions.create(model="fake-model", messages=USER, stream=True)
        assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices) == "one"
        resp = client.chat.completions.create(model="fake-model", messages=USER)
        assert resp.choices[0].message.tool_calls[0].function.name == "f"
        ping = [{"role": "user", "content": "ping"}]
        assert client.chat.completions.create(model="fake-model", messages=ping).choices[0].message.content == "pong"
        recorded = _http(admin + "/requests")
        assert [r["messages"] for r in recorded] == [USER, USER, ping]
        assert len(_http(admin + "/request_headers")) == 3
        # An argument taken from the last message (an id a tool just returned).
        fake.script(
            {"tool_calls": [{"name": "run", "arguments": {"id": "?"}}], "from_last": {"id": r'"cellId":"([^"]+)"'}}
        )
        said = [{"role": "user", "content": 'done: {"cellId":"c-42"}'}]
        resp = client.chat.completions.create(model="fake-model", messages=said)
        assert json.loads(resp.choices[0].message.tool_calls[0].function.arguments) == {"id": "c-42"}
        arrivals = _http(admin + "/arrivals")  # when each arrived, for benchmarks that time them
        assert len(arrivals) == 4 and arrivals == sorted(arrivals) and abs(arrivals[-1] - time.time()) < 60
        # ... or put into a text reply (a JSON answer that names the cell), where {{id}} stands
        fake.script({"text": '{"after": "{{id}}"}', "from_last": {"id": r'"cellId":"([^"]+)"'}})
        resp = client.chat.completions.create(model="fake-model", messages=said)
        assert resp.choices[0].message.content == '{"after": "c-42"}'
        fake.script({"text": "from the main thread"})  # scripting from another thread
        assert (
            client.chat.completions.create(model="fake-model", messages=USER).choices[0].message.content
            == "from the main thread"
        )
        _http(admin + "/reset", {})
        assert _http(admin + "/requests") == []
        assert (
            client.chat.completions.create(model="fake-model", messages=ping).choices[0].message.content
            == fake_llm.DEFAULT_TEXT
        )
        client.close()
    finally:
        fake.stop_thread()
    with pytest.raises(OSError):  # really stopped: nothing listens any more
        urllib.request.urlopen(fake.url + "/models", timeout=2)


@pytest.mark.asyncio
async def test_stop_ends_a_stall_promptly(fake):
    fake.script({"stall": 30})
    async with openai.AsyncOpenAI(base_url=fake.url, api_key="t", max_retries=0, timeout=10) as c:
        task = asyncio.create_task(c.chat.completions.create(model="fake-model", messages=USER))
        await asyncio.sleep(0.2)
        start = time.monotonic()
        await fake.stop()
        assert time.monotonic() - start < 2
        with pytest.raises(openai.APIConnectionError):
            await task
