"""KernelExecutor against a real ipykernel through jupyter_server's kernel manager."""

from __future__ import annotations

import asyncio
import time

import pytest

from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.errors import GPTInterpError
from jupyterlab_gptinterp.kernel import KernelExecutor


def approve(code: str):
    gate = ApprovalGate()
    proposal = gate.propose("c", code)
    return gate.approve("c", proposal.proposal_id, code, "u")


async def test_streams_outputs_in_order_and_reports_the_count(jp_serverapp, kernel_id):
    executor = KernelExecutor(jp_serverapp.kernel_manager)
    seen = []

    async def on_output(out):
        seen.append(out)

    code = "import sys\nprint('out')\nprint('err', file=sys.stderr)\n40 + 2"
    result = await executor.execute(approve(code), kernel_id, on_output)
    executor.close()
    assert result.status == "ok" and result.execution_count >= 1
    kinds = [(o["output_type"], o.get("name")) for o in seen]
    assert ("stream", "stdout") in kinds and ("stream", "stderr") in kinds
    assert seen[-1]["output_type"] == "execute_result" and seen[-1]["data"]["text/plain"] == "42"
    assert result.outputs == seen


async def test_refuses_anything_but_an_unspent_approval(jp_serverapp, kernel_id):
    executor = KernelExecutor(jp_serverapp.kernel_manager)

    async def on_output(out):
        raise AssertionError("nothing may run")

    with pytest.raises(TypeError):
        await executor.execute("print('sneaky')", kernel_id, on_output)  # type: ignore[arg-type]
    approval = approve("x = 1")
    await executor.execute(approval, kernel_id, lambda out: asyncio.sleep(0))
    with pytest.raises(GPTInterpError):
        await executor.execute(approval, kernel_id, on_output)
    with pytest.raises(GPTInterpError):
        await executor.execute(approve("y = 1"), "no-such-kernel", on_output)
    executor.close()


async def test_a_cell_over_the_time_limit_is_interrupted(jp_serverapp, kernel_id):
    executor = KernelExecutor(jp_serverapp.kernel_manager, timeout=1.0, poll=0.2)
    result = await executor.execute(approve("import time\ntime.sleep(600)"), kernel_id, lambda out: asyncio.sleep(0))
    assert result.status == "error" and "longer than 1 s" in result.message
    assert any(o.get("ename") == "KeyboardInterrupt" for o in result.outputs)
    # The kernel is usable right after.
    again = await executor.execute(approve("1 + 1"), kernel_id, lambda out: asyncio.sleep(0))
    assert again.status == "ok"
    executor.close()


async def test_cancelling_an_execution_interrupts_the_kernel(jp_serverapp, kernel_id):
    executor = KernelExecutor(jp_serverapp.kernel_manager)
    task = asyncio.ensure_future(
        executor.execute(approve("import time\ntime.sleep(600)"), kernel_id, lambda out: asyncio.sleep(0))
    )
    await asyncio.sleep(1.0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    started = asyncio.get_running_loop().time()
    result = await executor.execute(approve("'alive'"), kernel_id, lambda out: asyncio.sleep(0))
    assert result.status == "ok" and asyncio.get_running_loop().time() - started < 10
    executor.close()


async def test_kernel_death_ends_the_execution_with_a_message(jp_serverapp, kernel_id):
    executor = KernelExecutor(jp_serverapp.kernel_manager, poll=0.2)
    result = await asyncio.wait_for(
        executor.execute(approve("import os\nos._exit(1)"), kernel_id, lambda out: asyncio.sleep(0)), 30
    )
    assert result.status == "error" and "died" in result.message
    executor.close()


async def test_a_stop_while_connecting_leaves_the_kernel_usable(jp_serverapp, kernel_id, kernel_eval):
    executor = KernelExecutor(jp_serverapp.kernel_manager)
    # Cancelled at once: before the new client is ready, so nothing runs.
    task = asyncio.ensure_future(
        executor.execute(approve("stopped_early = 1"), kernel_id, lambda out: asyncio.sleep(0))
    )
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    result = await executor.execute(approve("'alive'"), kernel_id, lambda out: asyncio.sleep(0))
    assert result.status == "ok"
    assert await kernel_eval(kernel_id, "'stopped_early' in dir()") == "False"
    executor.close()


async def test_the_first_output_goes_on_alone_even_when_more_is_waiting(jp_serverapp, kernel_id):
    executor = KernelExecutor(jp_serverapp.kernel_manager)
    seen = []

    async def on_output(out):
        seen.append(out)

    await executor.execute(approve("1"), kernel_id, on_output)  # connected: the next request goes at once
    seen.clear()
    # The server's loop is blocked while the cell prints: all 300 lines wait in the socket.
    # (The request goes out within milliseconds; the kernel prints at ~1 s, the loop is back at 3 s.)
    asyncio.get_running_loop().call_later(0.3, time.sleep, 2.7)
    code = "import time\ntime.sleep(1.0)\nfor i in range(300):\n    print(i, flush=True)"
    result = await executor.execute(approve(code), kernel_id, on_output)
    executor.close()
    assert result.status == "ok" and result.outputs == seen
    assert seen[0]["text"] == "0\n"  # not held to be joined with what waits behind it
    assert 2 <= len(seen) < 20  # the rest still joined
    assert "".join(o["text"] for o in seen) == "".join(f"{i}\n" for i in range(300))


async def test_stream_text_already_waiting_goes_on_as_one_output_in_order(jp_serverapp, kernel_id):
    executor = KernelExecutor(jp_serverapp.kernel_manager)
    seen = []

    async def on_output(out):
        if not seen:
            time.sleep(1.0)  # the server is busy: the cell's next 300 prints wait in the socket
        seen.append(out)

    code = (
        "import sys, time\nprint('first', flush=True)\ntime.sleep(0.2)\n"
        "for i in range(300):\n    print(i, flush=True)\n"
        "print('err', file=sys.stderr, flush=True)\nprint('tail', flush=True)"
    )
    result = await executor.execute(approve(code), kernel_id, on_output)
    executor.close()
    assert result.status == "ok" and result.outputs == seen
    assert all(o["output_type"] == "stream" for o in seen)
    assert seen[0]["text"] == "first\n"  # the first output is not held back
    assert len(seen) < 20  # not 303
    names = [o["name"] for o in seen]
    assert names.count("stderr") == 1
    at = names.index("stderr")
    assert "".join(o["text"] for o in seen[:at]) == "first\n" + "".join(f"{i}\n" for i in range(300))
    assert seen[at]["text"] == "err\n" and "".join(o["text"] for o in seen[at + 1 :]) == "tail\n"


def test_a_stream_output_is_built_as_nbformat_builds_it_and_a_malformed_one_is_refused():
    from nbformat import ValidationError
    from nbformat.v4 import output_from_msg

    from jupyterlab_gptinterp.kernel import _output

    def msg(kind, **content):
        return {"msg_type": kind, "header": {"msg_type": kind}, "content": content}

    for name in ("stdout", "stderr"):
        stream = msg("stream", name=name, text="".join(f"{i}\n" for i in range(1000)))
        assert _output(stream) == output_from_msg(stream)
    result = msg("execute_result", data={"text/plain": "2"}, metadata={}, execution_count=3)
    assert _output(result) == output_from_msg(result)
    for bad in (
        msg("stream", name=None, text="x"),
        msg("stream", name="stdout", text=3),
        msg("display_data", data={"text/plain": 3}, metadata={}),
    ):
        with pytest.raises(ValidationError):
            _output(bad)


async def test_a_restart_through_the_server_ends_the_run_and_the_next_run_is_told(
    jp_serverapp, gptinterp_app, kernel_id
):
    """The extension hears the server's kernel actions: a restart (here a local kernel's, as
    JupyterLab's Restart Kernel does it) ends a run waiting on the kernel, and the next result says
    the kernel's state is gone (tests/integration/test_gateway.py does the same on a gateway)."""
    executor = gptinterp_app.executor
    first = asyncio.Event()

    async def on_output(out):
        first.set()

    assert (await executor.execute(approve("before = 1"), kernel_id, on_output)).status == "ok"
    code = "import time\nprint('sleeping', flush=True)\ntime.sleep(600)"
    task = asyncio.ensure_future(executor.execute(approve(code), kernel_id, on_output))
    await asyncio.wait_for(first.wait(), 60)
    await jp_serverapp.kernel_manager.restart_kernel(kernel_id)
    result = await asyncio.wait_for(task, 60)
    assert result.status == "error"
    seen = []

    async def collect(out):
        seen.append(out)

    again = await executor.execute(approve("print('before' in dir())"), kernel_id, collect)
    assert again.status == "ok" and seen[-1]["text"] == "False\n"
    assert "restarted" in again.message
    assert "restarted" not in (await executor.execute(approve("1"), kernel_id, collect)).message


def test_a_notebook_named_through_the_collaboration_drive_is_the_same_notebook():
    """With jupyter-collaboration a tab names its notebook `RTC:<path>` while the session may carry
    the plain path (or the other way round): one notebook, one kernel check."""
    from jupyterlab_gptinterp.kernel import _same_path

    assert _same_path("RTC:work/nb.ipynb", "work/nb.ipynb")
    assert _same_path("/work/nb.ipynb", "RTC:work/nb.ipynb")
    assert not _same_path("RTC:work/nb.ipynb", "work/other.ipynb")
    assert _same_path("work/a:b.ipynb", "work/a:b.ipynb") and not _same_path("work/a:b.ipynb", "work/b.ipynb")
