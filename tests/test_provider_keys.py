"""Provider keys stay out of kernels, and out of anything an output carries.

Kernels inherit the server's environment: with the key in OPENAI_API_KEY (or a provider's
api_key_env), approved code printing os.environ showed it, and from there it went into the
history, the browser and the next model request. Kernels this server starts get an environment
without the key variables; an output that holds a configured key anyway (read from a file, say)
is redacted before it is stored, sent to the browser or sent to a model.
"""

from __future__ import annotations

import ast
import json

import pytest
from conftest import API_KEY, run_code_call

OPENAI_KEY = "sk-openai-SECRET-aaaaaaaaaaaaaaaaaaaa"
PROVIDER_KEY = API_KEY  # the fake model server accepts only this one
KEY_NAMES = ("OPENAI_API_KEY", "GPTINTERP_TEST_PROVIDER_KEY", "GPTINTERP_TEST_KEY_COPY")


@pytest.fixture
def keys_in_env(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    monkeypatch.setenv("GPTINTERP_TEST_PROVIDER_KEY", PROVIDER_KEY)
    monkeypatch.setenv("GPTINTERP_TEST_KEY_COPY", PROVIDER_KEY)  # the same key under a name we do not know
    monkeypatch.setenv("GPTINTERP_TEST_HARMLESS", "kept")


@pytest.fixture
def gptinterp_config(keys_in_env, fake_llm_server):
    return {
        "providers": [
            {
                "name": "main",
                "base_url": fake_llm_server.url,
                "api_key_env": "GPTINTERP_TEST_PROVIDER_KEY",
                "models": [{"name": "fake-model"}],
            }
        ]
    }


async def _environ(kernel_eval, kid: str) -> dict:
    return json.loads(
        ast.literal_eval(await kernel_eval(kid, "__import__('json').dumps(dict(__import__('os').environ))"))
    )


async def test_kernels_started_by_the_server_get_no_provider_key(jp_fetch, jp_serverapp, gptinterp_app, kernel_eval):
    session = json.loads(
        (
            await jp_fetch(
                "api",
                "sessions",
                method="POST",
                body=json.dumps({"path": "keys.ipynb", "type": "notebook", "kernel": {"name": "python3"}}),
            )
        ).body
    )
    plain = json.loads((await jp_fetch("api", "kernels", method="POST", body=json.dumps({"name": "python3"}))).body)
    kernels = {"session": session["kernel"]["id"], "plain": plain["id"]}
    try:
        await jp_fetch("api", "kernels", kernels["plain"], "restart", method="POST", body="")
        for how, kid in kernels.items():
            env = await _environ(kernel_eval, kid)
            assert env.get("GPTINTERP_TEST_HARMLESS") == "kept", how  # the rest of the environment is there
            assert not set(KEY_NAMES) & set(env), (how, set(KEY_NAMES) & set(env))
            assert OPENAI_KEY not in json.dumps(env) and PROVIDER_KEY not in json.dumps(env), how
    finally:
        await jp_fetch("api", "sessions", session["id"], method="DELETE")
        await jp_fetch("api", "kernels", kernels["plain"], method="DELETE")


async def test_an_output_holding_a_key_is_redacted_everywhere(
    tmp_path, fake_llm, chat_client, kernel_id, jp_fetch, gptinterp_app
):
    (tmp_path / "leak.txt").write_text(PROVIDER_KEY)  # a file the approved code can read, as any file
    code = (
        f"k = open({str(tmp_path / 'leak.txt')!r}).read()\n"
        "print('stdout', k)\n"
        "display({'text/plain': 'shown ' + k, 'text/html': '<b>' + k + '</b>'}, raw=True)\n"
        "raise ValueError('in the error ' + k)"
    )
    fake_llm.script(run_code_call(code), {"text": "done"})
    ws = await chat_client()
    chat = await ws.open_chat()
    cells = [{"id": "a", "cell_type": "code", "source": "print(k)", "outputs": [f"user output {OPENAI_KEY}"]}]
    await ws.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "go",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": cells},
        }
    )
    proposal = await ws.until("proposal")
    await ws.send({"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": code})
    done = await ws.until("execution_done")
    await ws.until("turn_ended")
    assert done["status"] == "error"

    outputs = [m["output"] for m in ws.of("execution_output")]
    assert {o["output_type"] for o in outputs} == {"stream", "display_data", "error"}
    shown = json.dumps(outputs)
    assert "stdout [redacted]" in shown and "shown [redacted]" in shown and "in the error [redacted]" in shown
    sent = json.dumps(fake_llm.requests)
    assert "[redacted]" in sent and "user output [redacted]" in sent  # the notebook the browser sent, too
    history = "\n".join(gptinterp_app.service.replay(chat))
    for key in (PROVIDER_KEY, OPENAI_KEY):
        assert key not in json.dumps(ws.received), "sent to the browser"
        assert key not in history, "stored"
        assert key not in sent, "sent to the model"


def test_the_package_logs_where_the_server_logs_and_never_a_key(gptinterp_app):
    """Module loggers (the agent's aids, the local model) write through the server's own handler,
    with configured keys redacted from the message and the traceback."""
    import io
    import logging

    server = [*gptinterp_app.log.handlers, *logging.getLogger("ServerApp").handlers]
    handler = next(h for h in server if isinstance(h, logging.StreamHandler))
    stream = handler.setStream(io.StringIO())
    try:
        log = logging.getLogger("jupyterlab_gptinterp.agent.aids")
        log.info("gptinterp: aid probe noted")
        try:
            raise RuntimeError(f"the provider refused {PROVIDER_KEY}")
        except RuntimeError:
            log.exception("gptinterp: a turn failed with key %s", PROVIDER_KEY)
        written = handler.stream.getvalue()
    finally:
        handler.setStream(stream)
    assert "gptinterp: aid probe noted" in written
    assert "a turn failed with key [redacted]" in written and "the provider refused [redacted]" in written
    assert PROVIDER_KEY not in written


def test_a_logging_config_gives_the_package_debug_lines_a_file_of_their_own_and_the_console_keeps_its_level(
    gptinterp_app, tmp_path
):
    """`c.ServerApp.logging_config` may set the package's level and add a handler (the eval keeps
    declined code there); the server's console stays at its level, and keys are redacted in both."""
    import io
    import logging

    path, package = tmp_path / "debug.log", logging.getLogger("jupyterlab_gptinterp")
    aids = logging.getLogger("jupyterlab_gptinterp.agent.aids")
    try:
        gptinterp_app.serverapp.logging_config = {
            "handlers": {"debug": {"class": "logging.FileHandler", "filename": str(path), "level": "DEBUG"}},
            "loggers": {"jupyterlab_gptinterp": {"level": "DEBUG", "handlers": ["debug"]}},
        }
        gptinterp_app._route_package_logs()
        server = [*gptinterp_app.log.handlers, *logging.getLogger("ServerApp").handlers]
        console = next(h for h in server if type(h) is logging.StreamHandler)
        console.setStream(io.StringIO())
        aids.debug("gptinterp: syntax declined %r", f"key = {PROVIDER_KEY!r}")
        aids.info("gptinterp: aid probe noted")
        shown = console.stream.getvalue()
    finally:
        gptinterp_app.serverapp.logging_config = {}  # the server's own logging again; the package routed to it
        package.setLevel(logging.NOTSET)
        package.handlers = []
        gptinterp_app._route_package_logs()
    kept = path.read_text()
    assert "gptinterp: syntax declined \"key = '[redacted]'\"" in kept and "aid probe noted" in kept
    assert "aid probe noted" in shown and "declined" not in shown  # the console at the server's level
    assert PROVIDER_KEY not in kept + shown


def test_a_record_handed_on_has_no_key_in_its_message_traceback_or_stack_and_the_original_keeps_its_own():
    """The server's formatter prints no stack; a plain one does, so the stack is redacted too."""
    import io
    import logging

    from jupyterlab_gptinterp.keys import ProviderKeys, RedactingHandler

    out = logging.StreamHandler(io.StringIO())
    redacting = RedactingHandler([out], ProviderKeys(values=[PROVIDER_KEY]))
    try:
        raise RuntimeError(f"refused {PROVIDER_KEY}")
    except RuntimeError as exc:
        record = logging.makeLogRecord(
            {
                "levelno": logging.ERROR,
                "msg": "key %s",
                "args": (PROVIDER_KEY,),
                "exc_info": (RuntimeError, exc, exc.__traceback__),
            }
        )
    record.stack_info = f"Stack (most recent call last):\n  a frame holding {PROVIDER_KEY}"
    redacting.handle(record)
    written = out.stream.getvalue()
    assert "key [redacted]" in written and "refused [redacted]" in written and "holding [redacted]" in written
    assert PROVIDER_KEY not in written and PROVIDER_KEY in record.getMessage()
