"""Providers and models: the admin's list (traitlets), what the browser is told (never a key),
picking a model per message and switching mid-chat. (The auto-run lock: test_approval_mode.py.)"""

from __future__ import annotations

import json

import pytest
from conftest import API_KEY

from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError
from jupyterlab_gptinterp.providers import Catalog, ModelSpec, ProviderSpec

KEY_ENV = "GPTINTERP_TEST_PROVIDER_KEY"


def spec(name: str, *models: str, **extra) -> ProviderSpec:
    return ProviderSpec(name=name, models=[ModelSpec(name=m) for m in models], **extra)


def test_the_catalog_names_models_by_provider_and_refuses_others():
    catalog = Catalog([spec("openai", "gpt-a", "gpt-b"), spec("ollama", "qwen")], default="ollama/qwen")
    assert [c.id for c in catalog.choices] == ["openai/gpt-a", "openai/gpt-b", "ollama/qwen"]
    assert catalog.get(None).id == "ollama/qwen" and catalog.get("openai/gpt-b").model.name == "gpt-b"
    with pytest.raises(GPTInterpError) as err:
        catalog.get("openai/gpt-z")
    assert err.value.code == ErrorCode.unknown_model and "ollama/qwen" in err.value.text
    assert Catalog([spec("x", "m")]).default == "x/m"
    with pytest.raises(GPTInterpError) as err:
        Catalog([]).get(None)
    assert err.value.code == ErrorCode.not_configured


@pytest.mark.parametrize(
    ("providers", "default", "complaint"),
    [
        ([spec("a", "m"), spec("a", "n")], "", "duplicate provider names"),
        ([spec("a", "m")], "a/nope", "not among the offered models"),
    ],
)
def test_a_bad_catalog_is_a_clear_startup_error(providers, default, complaint):
    with pytest.raises(ValueError, match=complaint):
        Catalog(providers, default)


def test_a_provider_needs_models_and_a_plain_name():
    with pytest.raises(ValueError):
        ProviderSpec(name="a", models=[])
    with pytest.raises(ValueError):
        ProviderSpec(name="a/b", models=[ModelSpec(name="m")])
    with pytest.raises(ValueError):
        ModelSpec(name="m", temperature=-1)
    assert "SECRET" not in repr(ProviderSpec(name="a", api_key="SECRET", models=[ModelSpec(name="m")]))


@pytest.fixture
def two_models(fake_llm, monkeypatch):
    monkeypatch.setenv(KEY_ENV, API_KEY)
    saved = list(fake_llm.models)
    fake_llm.models[:] = ["fake-a", "fake-b"]
    yield fake_llm
    fake_llm.models[:] = saved


@pytest.fixture
def gptinterp_config(fake_llm):
    return {
        "base_url": "",
        "api_key": "",
        "providers": [
            {
                "name": "team",
                "base_url": fake_llm.url,
                "api_key_env": KEY_ENV,
                "models": [{"name": "fake-a", "vision": True, "context_window": 128000}],
            },
            {
                "name": "small",
                "base_url": fake_llm.url,
                "api_key_env": KEY_ENV,
                "models": [{"name": "fake-b", "tool_mode": "fenced", "context_window": 4096, "temperature": 0}],
            },
        ],
        "default_model": "small/fake-b",
    }


async def test_info_lists_the_models_and_never_a_key(jp_fetch, two_models):
    body = (await jp_fetch("gptinterp", "info")).body.decode()
    info = json.loads(body)
    ids = [m["id"] for m in info["models"]]
    assert ids[:2] == ["team/fake-a", "small/fake-b"]
    assert all(m["local"] and m["provider"] == "local" for m in info["models"][2:])  # the [local] extra, if installed
    offered = {m["id"]: m for m in info["models"]}
    assert offered["team/fake-a"]["vision"] is True and offered["small/fake-b"]["tool_mode"] == "fenced"
    assert info["default_model"] == "small/fake-b" and info["model"] == "fake-b" and info["allow_auto_run"] is False
    assert API_KEY not in body and KEY_ENV not in body


async def _ask(client, chat, kernel_id, text, **extra):
    await client.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": text,
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
            **extra,
        }
    )


async def test_each_message_uses_the_picked_model_and_the_chat_can_switch(two_models, chat_client, kernel_id):
    two_models.script({"text": "From B."}, {"text": "From A."}, {"text": "Default again."})
    client = await chat_client()
    chat = await client.open_chat()
    await _ask(client, chat, kernel_id, "first")  # no model: the admin's default
    first = await client.until("assistant_message")
    await client.until("turn_ended")
    await _ask(client, chat, kernel_id, "second", model="team/fake-a")
    second = await client.until("assistant_message")
    await client.until("turn_ended")
    assert (first["model"], second["model"]) == ("fake-b", "fake-a")
    assert [r["model"] for r in two_models.requests] == ["fake-b", "fake-a"]
    # A model's temperature is sent with its requests; a model without one leaves the server's default.
    assert two_models.requests[0]["temperature"] == 0 and "temperature" not in two_models.requests[1]
    # The key came from the provider's environment variable.
    assert all(h.get("Authorization") == f"Bearer {API_KEY}" for h in two_models.request_headers)
    # The model from the first turn still knows the conversation after the switch.
    assert "first" in json.dumps(two_models.requests[1]["messages"])

    await _ask(client, chat, kernel_id, "third", model="team/gpt-not-offered")
    refused = await client.until("error")
    assert refused["code"] == "unknown_model" and "small/fake-b" in refused["message"]
    assert len(two_models.requests) == 2


def test_the_preview_budget_setting_reaches_the_preview_of_every_model(gptinterp_app, two_models):
    from jupyterlab_gptinterp.agent.aids.preview import PREVIEW_BUDGET, Preview

    def budgets():
        for model in ("team/fake-a", "small/fake-b"):
            _, config = gptinterp_app._provider(model)
            yield next(a.budget for a in config.aids if isinstance(a, Preview))

    assert set(budgets()) == {PREVIEW_BUDGET}
    gptinterp_app.preview_budget = 900
    assert set(budgets()) == {900}
