"""A notebook's chats over REST against a real server: listed, titled from their first message,
renamed, deleted (with their pending proposals, which then can never run), and following their
notebook through a rename made with the Contents API."""

from __future__ import annotations

import json

import pytest
from conftest import run_code_call
from tornado.httpclient import HTTPClientError

from jupyterlab_gptinterp.protocol import SentReply


async def chats_of(jp_fetch, path: str) -> list[dict]:
    response = await jp_fetch("gptinterp", "chats", params={"notebook_path": path})
    return json.loads(response.body)["chats"]


async def new_notebook(jp_fetch, path: str) -> None:
    body = {"type": "notebook", "content": {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}}
    await jp_fetch("api", "contents", path, method="PUT", body=json.dumps(body))


async def test_chats_are_listed_titled_renamed_and_deleted(jp_fetch, chat_client, fake_llm, kernel_id):
    fake_llm.script({"text": "Hello."})
    client = await chat_client()
    first = await client.open_chat("nb.ipynb")
    second = await client.open_chat("nb.ipynb")
    await client.send(
        {
            "type": "send_message",
            "chat_id": first,
            "text": "What is in df?\nSecond line is not a title.",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )
    await client.until("turn_ended", chat_id=first)

    listed = {c["chat_id"]: c for c in await chats_of(jp_fetch, "nb.ipynb")}
    assert set(listed) == {first, second}
    assert listed[first]["title"] == "What is in df?"
    assert listed[second]["title"] == ""

    response = await jp_fetch("gptinterp", "chats", second, method="PATCH", body=json.dumps({"title": " Plots "}))
    assert json.loads(response.body)["title"] == "Plots"
    assert {c["title"] for c in await chats_of(jp_fetch, "nb.ipynb")} == {"What is in df?", "Plots"}

    response = await jp_fetch("gptinterp", "chats", first, method="DELETE")
    assert response.code == 204
    assert [c["chat_id"] for c in await chats_of(jp_fetch, "nb.ipynb")] == [second]
    # A deleted chat is gone for websocket clients too, with a typed error.
    await client.send({"type": "open_chat", "notebook_path": "nb.ipynb", "chat_id": first})
    assert (await client.until("error"))["code"] == "unknown_chat"


@pytest.mark.parametrize(
    ("method", "chat", "body", "status"),
    [
        ("PATCH", "c-doesnotexist", {"title": "x"}, 404),
        ("DELETE", "c-doesnotexist", None, 404),
        ("PATCH", None, {"title": ""}, 400),
        ("PATCH", None, {"title": "x", "extra": 1}, 400),
        ("PATCH", None, {"title": " \u202e\u2066 "}, 400),  # nothing visible left
        ("PATCH", None, "not json", 400),
    ],
)
async def test_bad_chat_updates_get_clear_errors_and_change_nothing(jp_fetch, chat_client, method, chat, body, status):
    client = await chat_client()
    real = await client.open_chat("nb.ipynb")
    await jp_fetch("gptinterp", "chats", real, method="PATCH", body=json.dumps({"title": "Kept"}))
    kwargs = {} if body is None else {"body": body if isinstance(body, str) else json.dumps(body)}
    with pytest.raises(HTTPClientError) as err:
        await jp_fetch("gptinterp", "chats", chat or real, method=method, **kwargs)
    assert err.value.code == status
    if status == 404:
        assert "no such chat" in json.loads(err.value.response.body)["message"]
    assert [c["title"] for c in await chats_of(jp_fetch, "nb.ipynb")] == ["Kept"]


async def test_titles_lose_bidirectional_controls(jp_fetch, chat_client, fake_llm, kernel_id):
    """A title cannot be made to read as something else (U+202E turns 'exe.pdf' around)."""
    fake_llm.script({"text": "Hello."})
    client = await chat_client()
    chat = await client.open_chat("nb.ipynb")
    await client.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "open \u202ereport\u2066.pdf\u2069 now",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )
    await client.until("turn_ended", chat_id=chat)
    assert [c["title"] for c in await chats_of(jp_fetch, "nb.ipynb")] == ["open report.pdf now"]
    response = await jp_fetch(
        "gptinterp", "chats", chat, method="PATCH", body=json.dumps({"title": "\u2067fdp.exe\u202c\u200f"})
    )
    assert json.loads(response.body)["title"] == "fdp.exe"
    assert [c["title"] for c in await chats_of(jp_fetch, "nb.ipynb")] == ["fdp.exe"]


async def test_deleting_a_chat_cancels_its_pending_proposal_which_never_runs(
    jp_fetch, chat_client, fake_llm, kernel_id, kernel_eval
):
    fake_llm.script(run_code_call("deleted_ran = True"))
    client = await chat_client()
    chat = await client.open_chat("nb.ipynb")
    await client.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "set a flag",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )
    proposal = await client.until("proposal")
    await jp_fetch("gptinterp", "chats", chat, method="DELETE")

    await client.send(
        {
            "type": "approve",
            "chat_id": chat,
            "proposal_id": proposal["proposal_id"],
            "code": "deleted_ran = True",
            "kernel_id": kernel_id,
        }
    )
    assert (await client.until("error"))["code"] == "unknown_chat"
    assert await kernel_eval(kernel_id, "'deleted_ran' in dir()") == "False"


async def test_chats_follow_their_notebook_and_its_directory_through_renames(jp_fetch, chat_client):
    await jp_fetch("api", "contents", "work", method="PUT", body=json.dumps({"type": "directory"}))
    await new_notebook(jp_fetch, "work/a.ipynb")
    client = await chat_client()
    chat = await client.open_chat("work/a.ipynb")
    other = await client.open_chat("work/ab.ipynb")  # its name starts like a.ipynb's: not moved

    await jp_fetch("api", "contents", "work/a.ipynb", method="PATCH", body=json.dumps({"path": "work/b.ipynb"}))
    assert [c["chat_id"] for c in await chats_of(jp_fetch, "work/b.ipynb")] == [chat]
    assert await chats_of(jp_fetch, "work/a.ipynb") == []
    assert [c["chat_id"] for c in await chats_of(jp_fetch, "work/ab.ipynb")] == [other]

    await jp_fetch("api", "contents", "work", method="PATCH", body=json.dumps({"path": "done"}))
    assert [c["chat_id"] for c in await chats_of(jp_fetch, "done/b.ipynb")] == [chat]
    assert [c["chat_id"] for c in await chats_of(jp_fetch, "done/ab.ipynb")] == [other]
    # The chat still opens, under its new path.
    await client.send({"type": "open_chat", "notebook_path": "done/b.ipynb", "chat_id": chat})
    assert (await client.until("chat_opened"))["chat"]["notebook_path"] == "done/b.ipynb"


async def test_what_the_model_was_sent_can_be_read_back_without_secrets(jp_fetch, chat_client, fake_llm, kernel_id):
    fake_llm.script({"text": "Hello."})
    client = await chat_client()
    chat = await client.open_chat("nb.ipynb")
    assert json.loads((await jp_fetch("gptinterp", "chats", chat, "sent")).body)["messages"] == []
    await client.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "What is in df?",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )
    await client.until("turn_ended")
    body = (await jp_fetch("gptinterp", "chats", chat, "sent")).body.decode()
    sent = SentReply.model_validate_json(body)
    assert sent.chat_id == chat
    assert [(m.role, m.content) for m in sent.messages] == [
        (m["role"], m["content"]) for m in fake_llm.requests[-1]["messages"]
    ]
    assert sent.messages[0].role == "system" and sent.messages[-1].content == "What is in df?"
    assert all(m.tool_calls is None for m in sent.messages)
    assert "SECRET" not in body
    with pytest.raises(HTTPClientError) as err:
        await jp_fetch("gptinterp", "chats", "c-unknown", "sent")
    assert err.value.code == 404
