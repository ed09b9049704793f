"""The invariants: approval fails closed over the wire, every route is authenticated, bad input
gets a typed error and the socket stays usable, and the handshake tells versions."""

from __future__ import annotations

import json
import re

import pytest
import tornado.httpclient
import tornado.websocket
from conftest import run_code_call
from jupyter_server.auth import Authorizer

from jupyterlab_gptinterp.handlers.auth import AUTH_RESOURCE
from jupyterlab_gptinterp.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION


def notebook(kid: str) -> dict:
    return {"path": "nb.ipynb", "kernel_id": kid, "cells": []}


async def _pending_proposal(fake_llm, ws, kernel_id, code="ran_it = True"):
    fake_llm.script(run_code_call(code), {"text": "done"})
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
    return chat, await ws.until("proposal")


@pytest.mark.parametrize("case", ["unknown", "other_chat", "decided", "rejected", "stopped"])
async def test_bad_approvals_get_a_typed_error_and_nothing_runs(case, fake_llm, chat_client, kernel_id, kernel_eval):
    ws = await chat_client()
    chat, proposal = await _pending_proposal(fake_llm, ws, kernel_id)
    pid, target_chat, expected = proposal["proposal_id"], chat, None
    if case == "unknown":
        pid, expected = "p-0000000000000000", "unknown_proposal"
    elif case == "other_chat":
        target_chat, expected = await ws.open_chat("other.ipynb"), "wrong_chat"
    elif case == "decided":
        await ws.send({"type": "approve", "chat_id": chat, "proposal_id": pid, "code": "ran_it = 'first'"})
        await ws.until("execution_done")
        await ws.until("turn_ended")
        expected = "proposal_decided"
    elif case == "rejected":
        await ws.send({"type": "reject", "chat_id": chat, "proposal_id": pid})
        await ws.until("turn_ended")
        expected = "proposal_decided"
    elif case == "stopped":
        await ws.send({"type": "stop", "chat_id": chat})
        ended = await ws.until("turn_ended")
        assert ended["reason"] == "stopped"
        expected = "proposal_decided"

    await ws.send(
        {"type": "approve", "chat_id": target_chat, "proposal_id": pid, "code": "ran_it = 'second'", "request_id": "r1"}
    )
    error = await ws.until("error", request_id="r1")
    assert error["code"] == expected and error["message"]
    # The kernel is the witness: the refused approval ran nothing.
    expected_state = "'first'" if case == "decided" else "'<unset>'"
    assert await kernel_eval(kernel_id, "globals().get('ran_it', '<unset>')") == expected_state
    if case in ("unknown", "other_chat"):
        # The real proposal is still pending and still works.
        await ws.send(
            {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
        )
        await ws.until("execution_done")
        assert await kernel_eval(kernel_id, "ran_it") == "True"


@pytest.mark.parametrize(
    "raw, code",
    [
        ("not json at all", "invalid_message"),
        (json.dumps({"type": "launch_missiles"}), "invalid_message"),
        (json.dumps({"type": "approve", "chat_id": "c-1"}), "invalid_message"),
        (
            json.dumps({"type": "send_message", "chat_id": "c-1", "text": "hi", "notebook": {"path": "x"}, "extra": 1}),
            "invalid_message",
        ),
        (json.dumps({"type": "open_chat", "notebook_path": "x", "chat_id": "../../etc/passwd"}), "invalid_message"),
        (json.dumps({"type": "open_chat", "notebook_path": "x", "chat_id": "c-doesnotexist"}), "unknown_chat"),
        (json.dumps([1, 2, 3]), "invalid_message"),
        ("x" * (MAX_MESSAGE_BYTES + 1), "message_too_large"),
    ],
)
async def test_bad_messages_get_typed_errors_and_the_socket_keeps_working(raw, code, fake_llm, chat_client, kernel_id):
    ws = await chat_client()
    await ws.send(raw)
    error = await ws.until("error")
    assert error["code"] == code and error["message"]
    # Same socket, still fully usable.
    fake_llm.script({"text": "still here"})
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "hello", "notebook": notebook(kernel_id)})
    assert (await ws.until("assistant_message"))["text"] == "still here"


async def test_send_message_without_a_live_kernel_is_refused(fake_llm, chat_client):
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "hi",
            "notebook": {"path": "nb.ipynb", "kernel_id": "nope"},
            "request_id": "a",
        }
    )
    assert (await ws.until("error", request_id="a"))["code"] == "kernel_not_found"
    await ws.send(
        {"type": "send_message", "chat_id": chat, "text": "hi", "notebook": {"path": "nb.ipynb"}, "request_id": "b"}
    )
    assert (await ws.until("error", request_id="b"))["code"] == "no_kernel"
    assert fake_llm.requests == []


def _extension_routes(app) -> list[str]:
    return [h[0] for h in app.handlers]


async def test_every_route_refuses_requests_without_credentials(gptinterp_app, jp_http_port, jp_base_url, jp_fetch):
    routes = _extension_routes(gptinterp_app)
    assert {"/gptinterp/info", "/gptinterp/chats", "/gptinterp/ws"} <= set(routes)
    client = tornado.httpclient.AsyncHTTPClient()
    for route in routes:
        # A route with a parameter (a chat id) is tried with a well-formed one.
        path = re.sub(r"\(\?P<\w+>[^)]*\)", "c-0123", route)
        url = f"http://localhost:{jp_http_port}{jp_base_url.rstrip('/')}{path}"
        for method, body in (("GET", None), ("POST", "{}"), ("PATCH", '{"title": "x"}'), ("DELETE", None)):
            response = await client.fetch(url, method=method, body=body, raise_error=False, follow_redirects=False)
            assert response.code in (401, 403, 405), f"{method} {path} answered {response.code} without a token"
        # With the token the HTTP routes answer.
        if not route.endswith("/ws") and path == route:
            assert (await jp_fetch(*route.strip("/").split("/"))).code == 200
    ws_url = f"ws://localhost:{jp_http_port}{jp_base_url.rstrip('/')}/gptinterp/ws"
    with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
        await tornado.websocket.websocket_connect(ws_url)
    assert refused.value.code == 403


async def test_every_route_is_authorized_as_the_one_gptinterp_resource(
    gptinterp_app, jp_serverapp, jp_fetch, jp_ws_fetch, monkeypatch
):
    """An Authorizer that refuses the extension's resource refuses every route of it, with a
    valid token: no handler is authorized under another name."""
    asked: list[str] = []

    class RefuseGptinterp(Authorizer):
        def is_authorized(self, handler, user, action, resource):
            asked.append(resource)
            return resource != AUTH_RESOURCE

    refuse = RefuseGptinterp(identity_provider=jp_serverapp.identity_provider)
    monkeypatch.setitem(jp_serverapp.web_app.settings, "authorizer", refuse)
    for route in _extension_routes(gptinterp_app):
        path = re.sub(r"\(\?P<\w+>[^)]*\)", "c-0123", route).strip("/").split("/")
        if route.endswith("/ws"):
            calls = [jp_ws_fetch(*path)]
        else:
            calls = [
                jp_fetch(*path, method=m, **kw) for m, kw in (("GET", {}), ("PATCH", {"body": "{}"}), ("DELETE", {}))
            ]
        codes = []
        for call in calls:
            with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
                await call
            codes.append(refused.value.code)
        assert 403 in codes and set(codes) <= {403, 405}, (route, codes)  # 405: a verb the route does not have
    assert asked and set(asked) == {AUTH_RESOURCE}


async def test_info_handshake_and_no_secret_in_it(jp_fetch):
    info = json.loads((await jp_fetch("gptinterp", "info")).body)
    assert info["protocol_version"] == PROTOCOL_VERSION and info["server_version"]
    assert info["model"] == "fake-model" and info["configured"] is True
    assert "SECRET" not in json.dumps(info)


async def test_reload_replays_history_and_a_pending_proposal(fake_llm, chat_client, kernel_id):
    ws = await chat_client()
    chat, proposal = await _pending_proposal(fake_llm, ws, kernel_id)
    ws.ws.close()
    # A new tab / a reloaded page: the pending card comes back and can still be approved.
    ws2 = await chat_client()
    await ws2.send({"type": "open_chat", "notebook_path": "nb.ipynb", "chat_id": chat, "after_seq": 0})
    opened = await ws2.until("chat_opened")
    assert opened["last_seq"] >= proposal["seq"]
    replayed = await ws2.until("proposal")
    assert replayed["proposal_id"] == proposal["proposal_id"] and replayed["seq"] == proposal["seq"]
    await ws2.send(
        {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
    )
    assert (await ws2.until("execution_done"))["status"] == "ok"
    # Replaying after a seq sends only what came later.
    ws3 = await chat_client()
    await ws3.send({"type": "open_chat", "notebook_path": "nb.ipynb", "chat_id": chat, "after_seq": proposal["seq"]})
    await ws3.until("chat_opened")
    first = await ws3.next()
    assert first["seq"] == proposal["seq"] + 1


async def test_the_api_key_never_reaches_the_browser_or_the_logs(fake_llm, chat_client, kernel_id, jp_fetch, caplog):
    import logging

    from conftest import API_KEY

    caplog.set_level(logging.DEBUG)
    fake_llm.script(run_code_call("print('k')"), {"error": 401, "message": f"bad key {API_KEY}"})
    payloads = [
        (await jp_fetch("gptinterp", "info")).body.decode(),
        (await jp_fetch("gptinterp", "chats")).body.decode(),
    ]
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": notebook(kernel_id)})
    proposal = await ws.until("proposal")
    await ws.send(
        {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
    )
    ended = await ws.until("turn_ended")
    assert ended["error_code"] == "llm_auth"
    # The key did reach the model provider (so the check below is meaningful)…
    assert fake_llm.request_headers[0].get("Authorization") == f"Bearer {API_KEY}"
    # …and nothing the browser received or the server logged contains it.
    everything = "\n".join(payloads) + json.dumps(ws.received) + caplog.text
    assert API_KEY not in everything
