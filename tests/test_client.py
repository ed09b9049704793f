"""The headless client against a real jupyter_server (pytest-jupyter), the fake LLM over HTTP and a
real ipykernel: it goes through the same token-authenticated websocket and REST API as the browser."""

from __future__ import annotations

import asyncio
import json
import os
import sys

import nbformat
import pytest
import tornado.httpclient
import tornado.websocket
from conftest import run_code_call

from jupyterlab_gptinterp.client import (
    AuthenticationError,
    Decision,
    GPTInterpClient,
    ServerError,
    view_of_notebook,
)
from jupyterlab_gptinterp.errors import ErrorCode
from jupyterlab_gptinterp.protocol import VIEW_LIMITS, CellView, NotebookView


@pytest.fixture
def server_url(http_server, jp_http_port, jp_base_url) -> str:
    """The test server's URL; requesting `http_server` makes it listen."""
    return f"http://127.0.0.1:{jp_http_port}{jp_base_url}"


@pytest.fixture
def token(jp_serverapp) -> str:
    return jp_serverapp.identity_provider.token


@pytest.fixture
def connect(server_url, token, jp_asyncio_loop):
    """An async factory of connected clients; all closed at teardown."""
    clients: list[GPTInterpClient] = []

    async def make() -> GPTInterpClient:
        client = await GPTInterpClient.connect(server_url, token, timeout=60)
        clients.append(client)
        return client

    yield make
    for client in clients:
        jp_asyncio_loop.run_until_complete(client.close())


async def _ready(client: GPTInterpClient, path: str = "work/nb.ipynb"):
    kernel_id = await client.start_kernel_session(path)
    chat_id = (await client.open_chat(path)).chat.chat_id
    return kernel_id, chat_id, await client.notebook_view(path, kernel_id)


async def test_an_approved_proposal_runs_in_the_notebook_kernel_and_the_answer_arrives(
    fake_llm, connect, kernel_eval, jp_root_dir
):
    fake_llm.script(run_code_call("x = 6 * 7\nprint('x is', x)"), {"text": "It is **42**."})
    client = await connect()
    kernel_id, chat_id, view = await _ready(client)
    assert (jp_root_dir / "work" / "nb.ipynb").is_file()  # created through the Contents API
    assert view.kernel_id == kernel_id and view.path == "work/nb.ipynb" and view.cells == []
    assert await kernel_eval(kernel_id, "'x' in globals()") == "False"

    seen: list[str] = []
    result = await client.run_turn(chat_id, "What is 6*7?", view, on_event=lambda m: seen.append(m.type), timeout=120)

    assert result.reason == "answer" and result.answer == "It is **42**."
    assert [p.code for p in result.proposals] == ["x = 6 * 7\nprint('x is', x)"]
    assert [d.decision for d in result.decisions] == ["approved"]
    (run,) = result.executions
    assert run.status == "ok" and run.kernel_id == kernel_id and run.text == "x is 42\n"
    assert isinstance(run.execution_count, int) and result.steps == 2
    assert seen[:2] == ["user_message", "turn_started"] and seen[-1] == "turn_ended"
    assert "assistant_delta" in seen  # streamed, as in the browser
    assert await kernel_eval(kernel_id, "x") == "42"  # the notebook's own kernel holds the state
    assert "x is 42" in fake_llm.requests[1]["messages"][-1]["content"]  # the model saw the output
    sent = await client.sent(chat_id)  # what the model was sent, as the sidebar shows it
    assert [m.content for m in sent.messages] == [m["content"] or "" for m in fake_llm.requests[1]["messages"]]
    assert [m.role for m in sent.messages if m.tool_calls] == ["assistant"]

    # The session is the notebook's: the REST API lists it with this kernel.
    sessions = await client._rest("GET", "api/sessions")
    assert any(s["path"] == "work/nb.ipynb" and s["kernel"]["id"] == kernel_id for s in sessions)
    await client.end_kernel_session(kernel_id)
    assert not [s for s in await client._rest("GET", "api/sessions") if s["kernel"]["id"] == kernel_id]


async def test_a_rejected_proposal_runs_nothing_and_the_model_is_told_why(fake_llm, connect, kernel_eval):
    fake_llm.script(run_code_call("touched = True"), {"text": "Understood, I will not."})
    client = await connect()
    kernel_id, chat_id, view = await _ready(client)
    asked = []

    async def decide(proposal):
        asked.append(proposal.code)
        return Decision.reject("not on this data")

    result = await client.run_turn(chat_id, "go", view, decide, timeout=120)
    assert asked == ["touched = True"]
    assert [(d.decision, d.reason) for d in result.decisions] == [("rejected", "not on this data")]
    assert result.executions == [] and result.answer == "Understood, I will not."
    assert "not on this data" in fake_llm.requests[1]["messages"][-1]["content"]
    assert await kernel_eval(kernel_id, "'touched' in globals()") == "False"


async def test_edited_code_is_what_runs(fake_llm, connect, kernel_eval):
    fake_llm.script(run_code_call("value = 1"), {"text": "ok"})
    client = await connect()
    kernel_id, chat_id, view = await _ready(client)
    result = await client.run_turn(chat_id, "go", view, lambda p: Decision.approve("value = 2"), timeout=120)
    assert [e.code for e in result.executions] == ["value = 2"]
    assert await kernel_eval(kernel_id, "value") == "2"


async def test_an_invalid_token_is_refused(fake_llm, server_url, jp_http_port, jp_base_url, token):
    with pytest.raises(AuthenticationError):
        await GPTInterpClient.connect(server_url, token + "-wrong")
    # The websocket itself refuses it, not only the handshake: no back door.
    ws_url = f"ws://127.0.0.1:{jp_http_port}{jp_base_url}gptinterp/ws"
    for headers in ({"Authorization": f"token {token}-wrong"}, {}):
        with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
            await tornado.websocket.websocket_connect(tornado.httpclient.HTTPRequest(ws_url, headers=headers))
        assert refused.value.code in (401, 403)
    assert fake_llm.requests == []


async def test_bad_input_gets_a_typed_error_and_the_connection_stays_usable(fake_llm, connect):
    client = await connect()
    kernel_id, chat_id, view = await _ready(client)

    with pytest.raises(ServerError) as unknown:
        await client.open_chat("work/nb.ipynb", chat_id="c-doesnotexist")
    assert unknown.value.code == ErrorCode.unknown_chat and "no such chat" in str(unknown.value)

    gone = NotebookView(path="work/nb.ipynb", kernel_id="no-such-kernel")
    with pytest.raises(ServerError) as no_kernel:
        await client.send(chat_id, "hello", gone)
    assert no_kernel.value.code == ErrorCode.kernel_not_found

    with pytest.raises(ServerError) as no_proposal:
        await client.approve(chat_id, "p-0000", "print(1)", kernel_id=kernel_id)
    assert no_proposal.value.code == ErrorCode.unknown_proposal

    with pytest.raises(ServerError) as no_cell:
        await client.send(chat_id, "Explain", view, action="explain", cell_id="nope")
    assert no_cell.value.code == ErrorCode.unknown_cell

    cells = [CellView(id=f"c{i}", cell_type="code", source="x" * 200_000) for i in range(25)]  # 5 MB
    with pytest.raises(ServerError) as too_large:
        await client.send(chat_id, "hello", view.model_copy(update={"cells": cells}))
    assert too_large.value.code == ErrorCode.message_too_large
    assert fake_llm.requests == []

    # A frame the client library would never build still gets a typed reply, on the same socket.
    events = client.events(timeout=60)
    await client._ws.write_message(json.dumps({"type": "approve", "chat_id": chat_id}))
    error = await events.__anext__()
    assert error.type == "error" and error.code == ErrorCode.invalid_message

    fake_llm.script({"text": "Still here."})
    result = await client.run_turn(chat_id, "hello", view, timeout=120)
    assert result.answer == "Still here."


async def test_reopening_a_chat_replays_its_events_with_their_seq(fake_llm, connect):
    fake_llm.script(run_code_call("print('hi')"), {"text": "Done."})
    first = await connect()
    _, chat_id, view = await _ready(first)
    result = await first.run_turn(chat_id, "go", view, timeout=120)
    stored = [e for e in result.events if e.seq]

    second = await connect()
    replay = (await second.open_chat("work/nb.ipynb", chat_id, after_seq=0)).replay
    assert [e.model_dump() for e in replay] == [e.model_dump() for e in stored]
    assert [e.seq for e in replay] == list(range(1, len(stored) + 1))
    later = await second.open_chat("work/nb.ipynb", chat_id, after_seq=3)
    assert [e.seq for e in later.replay] == [e.seq for e in stored[3:]] and later.last_seq == stored[-1].seq


def test_the_view_of_a_notebook_has_its_cells_and_outputs_as_text_the_model_reads():
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("# Title", id="md"),
            nbformat.v4.new_code_cell(
                "1/0",
                id="bad",
                execution_count=3,
                outputs=[
                    nbformat.v4.new_output(
                        "error",
                        ename="ZeroDivisionError",
                        evalue="division by zero",
                        traceback=["\x1b[31mZeroDivisionError\x1b[0m: division by zero"],
                    ),
                ],
            ),
            nbformat.v4.new_code_cell(
                "plot()",
                id="img",
                outputs=[
                    nbformat.v4.new_output("display_data", data={"image/png": "iVBOR", "text/plain": "<Figure>"}),
                    nbformat.v4.new_output("stream", name="stdout", text=["a\n", "b\n"]),
                ],
            ),
        ]
    )
    view = view_of_notebook(nb, "x.ipynb", "k1", active_cell_id="bad")
    assert view.active_cell_id == "bad" and view.kernel_id == "k1"
    assert [(c.id, c.cell_type) for c in view.cells] == [("md", "markdown"), ("bad", "code"), ("img", "code")]
    assert view.cells[1].outputs == ["ZeroDivisionError: division by zero"] and view.cells[1].execution_count == 3
    assert view.cells[2].outputs == ["[PNG image shown to the user]", "a\nb\n"]
    old_format = {"cells": [{"cell_type": "code", "source": "x" * 50_000, "outputs": []}]}  # nbformat 4.4: no ids
    (cell,) = view_of_notebook(old_format, "b.ipynb").cells
    assert len(cell.source) <= VIEW_LIMITS.source and "characters cut" in cell.source and cell.id == "cell-0"


def test_the_view_of_a_large_notebook_keeps_the_protocol_limits_around_the_active_cell():
    def output(i: int) -> nbformat.NotebookNode:
        return nbformat.v4.new_output("stream", name="stdout", text=f"out {i}\n" + "y" * VIEW_LIMITS.output * (i % 2))

    many = VIEW_LIMITS.outputs_per_cell + 5
    cells = [nbformat.v4.new_code_cell(f"x = {i}", id=f"c{i}") for i in range(VIEW_LIMITS.cells + 50)]
    cells[10].outputs = [output(k) for k in range(many)]
    view = view_of_notebook(nbformat.v4.new_notebook(cells=cells), "big.ipynb", active_cell_id="c10")
    # Nearest the active cell first: all ten before it, then the ones after it up to the limit.
    assert [c.id for c in view.cells] == [f"c{i}" for i in range(VIEW_LIMITS.cells)]
    outputs = view.cells[10].outputs
    assert len(outputs) == VIEW_LIMITS.outputs_per_cell and outputs[-1].startswith(f"out {many - 1}")
    assert all(len(o) <= VIEW_LIMITS.output for o in outputs) and "characters cut" in outputs[-2]

    long = [nbformat.v4.new_code_cell("z" * VIEW_LIMITS.source, id=f"l{i}") for i in range(100)]
    view = view_of_notebook(nbformat.v4.new_notebook(cells=long), "long.ipynb", active_cell_id="l50")
    kept = [int(c.id[1:]) for c in view.cells]
    assert sum(len(c.source) for c in view.cells) <= VIEW_LIMITS.total < sum(len(c.source) for c in view.cells) * 1.1
    assert 50 in kept and kept == list(range(min(kept), max(kept) + 1))


async def test_the_command_line_asks_before_running_and_prints_the_answer(fake_llm, server_url, token, jp_root_dir):
    fake_llm.script(run_code_call("print('from the cli')"), {"text": "All done."})
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "jupyterlab_gptinterp.client",
        "--url",
        server_url,
        "--notebook",
        "cli.ipynb",
        "Print something",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "JUPYTER_TOKEN": token},
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(b"maybe\ny\n"), 120)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    out_text, err_text = out.decode(), err.decode()
    assert proc.returncode == 0, err_text
    assert "print('from the cli')" in out_text and "from the cli\n" in out_text
    assert out_text.count("Run this code? [y/n]") == 2  # "maybe" was asked again
    assert "All done." in out_text and "--chat c-" in err_text
    assert (jp_root_dir / "cli.ipynb").is_file()
