"""The LLM seam reads the stream's chunks as the dicts the client parsed: what providers really
send (null content, usage-only chunks, calls without an index, arguments as an object) is read
right, and what no provider should send ends in a clear error, never a silent answer."""

from __future__ import annotations

import asyncio

import pytest
from conftest import API_KEY
from fake_llm import FakeLLM

from jupyterlab_gptinterp.agent.llm import OpenAIChat
from jupyterlab_gptinterp.agent.seams import Completion, TextDelta
from jupyterlab_gptinterp.errors import GPTInterpError


def chunk(delta=None, finish=None, **extra):
    choices = [] if delta is None and finish is None else [{"index": 0, "delta": delta or {}, "finish_reason": finish}]
    return {"id": "c", "object": "chat.completion.chunk", "choices": choices, **extra}


async def read(fake_llm, *events, key=API_KEY):
    fake_llm.script({"raw_events": list(events)})
    llm = OpenAIChat(base_url=fake_llm.url, api_key=key, model="fake-model", timeout=5)
    got = [e async for e in llm.stream([{"role": "user", "content": "hi"}], None)]
    return "".join(e.text for e in got if isinstance(e, TextDelta)), got[-1]


async def test_null_content_and_a_usage_only_chunk_are_read_as_providers_mean_them(fake_llm):
    text, done = await read(
        fake_llm,
        chunk({"role": "assistant", "content": None}),
        chunk({"content": "Hello"}),
        chunk({"content": None}),
        chunk({"content": " there"}, finish="stop"),
        {
            "id": "c",
            "choices": [],
            "usage": {"prompt_tokens": 12, "completion_tokens": 3, "prompt_tokens_details": {"cached_tokens": 8}},
        },
        "[DONE]",
    )
    assert text == "Hello there"
    assert isinstance(done, Completion) and done.text == "Hello there" and done.finish_reason == "stop"
    assert (done.prompt_tokens, done.completion_tokens, done.cached_tokens) == (12, 3, 8)


async def test_calls_without_an_index_and_arguments_as_an_object(fake_llm):
    _, done = await read(
        fake_llm,
        chunk({"tool_calls": [{"id": "a", "function": {"name": "run_code", "arguments": '{"code": '}}]}),
        chunk({"tool_calls": [{"function": {"arguments": '"1+1"}'}}]}),  # continues call a
        chunk({"tool_calls": [{"id": "b", "function": {"name": "run_code", "arguments": {"code": "2"}}}]}),
        chunk(finish="tool_calls"),
        "[DONE]",
    )
    assert [(c.id, c.name, c.arguments) for c in done.tool_calls] == [
        ("a", "run_code", '{"code": "1+1"}'),
        ("b", "run_code", '{"code": "2"}'),
    ]


@pytest.mark.parametrize(
    "events, code, words",
    [
        ([chunk({"content": "The answer is"}), "[DONE]"], "llm_unavailable", "ended before the model finished"),
        (["42", "[DONE]"], "llm_bad_response", "stream sent 42"),
        ([{"object": "error", "message": "overloaded"}], "llm_unavailable", "overloaded"),
    ],
    ids=["no finish reason", "not an object", "an error body without choices"],
)
async def test_what_no_provider_should_send_is_a_clear_error(fake_llm, events, code, words):
    with pytest.raises(GPTInterpError) as info:
        await read(fake_llm, *events)
    assert info.value.code.value == code and words in info.value.text


async def test_the_key_is_redacted_before_a_chunk_is_shortened():
    key = "AIzaSyD1234567890abcdefghijklmnopqrstu"  # not shaped like sk-…: only the exact match finds it
    fake = await FakeLLM().start()  # no key of its own: it accepts this one
    try:
        with pytest.raises(GPTInterpError) as info:
            await read(fake, f'["an unexpected payload from a proxy in between, with", "{key}"]', "[DONE]", key=key)
    finally:
        await fake.stop()
    assert key[:12] not in info.value.text and "[redacted]" in info.value.text


async def test_a_greedy_model_is_resampled_when_asked_and_a_sampling_one_keeps_its_temperature(fake_llm):
    fake_llm.script(*[{"text": "a"}] * 4)
    hi = [{"role": "user", "content": "hi"}]
    for configured in (0.0, None):
        llm = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5, temperature=configured)
        for resample in (None, 0.7):
            [e async for e in llm.stream(hi, None, resample=resample)]
    sent = [body.get("temperature", "default") for body in fake_llm.requests]
    assert sent == [0.0, 0.7, "default", "default"]
    assert all("seed" not in body for body in fake_llm.requests)  # a hosted model's resample is its own


async def test_a_resampled_call_to_llama_cpp_carries_a_fixed_seed_and_a_greedy_one_none(fake_llm):
    from jupyterlab_gptinterp.agent.llm import RESAMPLE_SEED

    fake_llm.script(*[{"text": "a"}] * 3)
    hi = [{"role": "user", "content": "hi"}]
    llama = OpenAIChat(
        base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5, temperature=0, grammars=True
    )
    for resample in (None, 0.7, 1.0):
        [e async for e in llama.stream(hi, None, resample=resample)]
    assert [body.get("seed") for body in fake_llm.requests] == [None, RESAMPLE_SEED, RESAMPLE_SEED]


async def test_a_grammar_is_sent_only_to_a_server_said_to_take_one_and_never_beside_a_schema(fake_llm):
    fake_llm.script(*[{"text": "a"}] * 4)
    hi = [{"role": "user", "content": "hi"}]
    llama = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5, grammars=True)
    other = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5)
    schema = {"type": "object"}
    for llm, kwargs in ((llama, {}), (llama, {"schema": schema}), (other, {})):
        [e async for e in llm.stream(hi, None, grammar='root ::= "a"', **kwargs)]
    [e async for e in llama.stream(hi, None)]
    sent = [body.get("grammar") for body in fake_llm.requests]
    assert sent == ['root ::= "a"', None, None, None]
    assert "response_format" in fake_llm.requests[1]


async def test_a_capped_client_caps_a_schema_held_reply_lower_and_an_uncapped_one_caps_nothing(fake_llm):
    from jupyterlab_gptinterp.agent.llm import SCHEMA_TOKENS

    fake_llm.script(*[{"text": "{}"}] * 3)
    hi, schema = [{"role": "user", "content": "hi"}], {"type": "object"}
    capped = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5, max_tokens=1024)
    other = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5)
    for llm, kwargs in ((capped, {}), (capped, {"schema": schema}), (other, {"schema": schema})):
        [e async for e in llm.stream(hi, None, **kwargs)]
    assert [body.get("max_tokens") for body in fake_llm.requests] == [1024, SCHEMA_TOKENS, None]
    assert SCHEMA_TOKENS < 1024


async def test_a_request_over_the_models_context_is_told_apart_from_other_refusals(fake_llm):
    from jupyterlab_gptinterp.agent.memory import too_long

    over = "request (9009 tokens) exceeds the available context size (8192 tokens), try increasing it"  # llama.cpp
    fake_llm.script(
        {"error": 400, "message": over, "type": "exceed_context_size_error"},
        {"error": 400, "message": "'messages' must not be empty", "type": "invalid_request_error"},
    )
    llm = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5)
    seen = []
    for _ in range(2):
        with pytest.raises(GPTInterpError) as info:
            [e async for e in llm.stream([{"role": "user", "content": "hi"}], None)]
        seen.append(too_long(info.value))
    assert seen == [True, False]


async def test_a_reader_that_stops_early_closes_the_connection_and_the_server_stops_writing(fake_llm):
    """The loop stops reading a fenced reply at its code's end; the model server must see the
    connection close, or it would go on writing the rest for nobody."""
    fake_llm.script({"text": "x" * 400, "chunk_chars": 4, "delay": 0.02})
    llm = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5)
    stream = llm.stream([{"role": "user", "content": "hi"}], None)
    read = 0
    async for event in stream:
        read += isinstance(event, TextDelta)
        if read == 5:
            break
    await stream.aclose()
    sent = fake_llm.streams[-1]
    for _ in range(100):  # the server notices at its next write
        before = sent["deltas"]
        await asyncio.sleep(0.1)
        if sent["deltas"] == before:
            break
    assert 5 <= sent["deltas"] < 50  # of 100


async def collect(events):
    return [e async for e in events]


async def test_a_connection_closed_before_any_response_is_asked_again_once(fake_llm):
    """A kept-alive connection the server closed as it was reused (llama.cpp) is not a failed
    model: the request goes again on a new connection, once; twice is a clear error."""
    llm = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", timeout=5)
    hi = [{"role": "user", "content": "hi"}]
    fake_llm.script({"text": "first"}, {"drop": True}, {"text": "second"})
    got = [(await collect(llm.stream(hi, None)))[-1] for _ in range(2)]
    assert [c.text for c in got if isinstance(c, Completion)] == ["first", "second"]
    assert len(fake_llm.requests) == 3
    fake_llm.script({"drop": True}, {"drop": True}, {"text": "never asked"})
    with pytest.raises(GPTInterpError) as failed:
        [e async for e in llm.stream(hi, None)]
    assert failed.value.code == "llm_unavailable" and "could not connect" in str(failed.value)
    assert len(fake_llm.requests) == 5
