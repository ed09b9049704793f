"""Outputs as the model is shown them: each kind converted, the huge cases bounded, images
described (or sent to a vision model), and the files an execution wrote reported."""

import asyncio
import base64
import json
import os
import struct
import zlib

from seam_fakes import ListSink, ScriptedLLM

from jupyterlab_gptinterp.agent import outputs
from jupyterlab_gptinterp.agent.context import result_for_model, written_for_model
from jupyterlab_gptinterp.agent.loop import AgentLoop, ChatState, LoopConfig
from jupyterlab_gptinterp.agent.seams import ExecutionResult
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.protocol import ExecutionDone, NotebookView
from jupyterlab_gptinterp.workspace import DiskWorkspace, written
from jupyterlab_gptinterp.workspace.paths import notebook_dir


def png(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def jpeg(width, height):
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


def b64(data):
    return base64.b64encode(data).decode()


def display(data):
    return {"output_type": "display_data", "data": data, "metadata": {}}


# --- each kind --------------------------------------------------------------------------------


def test_image_sizes_are_read_from_png_jpeg_and_gif_headers():
    assert outputs.image_size(png(640, 480)) == (640, 480)
    assert outputs.image_size(jpeg(1024, 768)) == (1024, 768)
    assert outputs.image_size(b"GIF89a" + struct.pack("<HH", 32, 16) + b"\x00" * 10) == (32, 16)
    assert outputs.image_size(b"not an image") is None
    assert outputs.image_size(b"\xff\xd8\x00garbage") is None


def test_images_are_described_with_their_size():
    text = result_for_model("ok", [display({"image/png": b64(png(640, 480)), "text/plain": "<Figure>"})])
    assert "[image 640x480 PNG shown to the user]" in text
    text = result_for_model("ok", [display({"image/jpeg": b64(jpeg(300, 200))})])
    assert "[image 300x200 JPEG shown to the user]" in text
    svg = '<svg version="1.1" width="120pt" height="80pt"><rect/></svg>'
    assert "[image 120x80 SVG shown to the user]" in result_for_model("ok", [display({"image/svg+xml": svg})])


def test_ansi_is_stripped_from_streams_and_tracebacks_are_kept():
    outs = [
        {"output_type": "stream", "name": "stdout", "text": "\x1b[1;32mgreen\x1b[0m\n"},
        {
            "output_type": "error",
            "ename": "ZeroDivisionError",
            "evalue": "division by zero",
            "traceback": [
                "\x1b[0;31m---------\x1b[0m",
                "\x1b[0;32mCell In[1], line 1\x1b[0m\n----> 1 1/0",
                "\x1b[0;31mZeroDivisionError\x1b[0m: division by zero",
            ],
        },
    ]
    text = result_for_model("error", outs)
    assert "\x1b" not in text and "\ufffd" not in text
    assert "green" in text and "----> 1 1/0" in text and "ZeroDivisionError: division by zero" in text


def test_a_long_traceback_keeps_its_first_frame_and_its_error_line():
    frames = [f'  File "lib.py", line {i}, in f{i}\n    f{i + 1}()' for i in range(5000)]
    tb = ["Traceback (most recent call last):", *frames, "RecursionError: maximum recursion depth exceeded"]
    text = result_for_model(
        "error", [{"output_type": "error", "ename": "RecursionError", "evalue": "m", "traceback": tb}]
    )
    assert len(text) < 4300
    assert "Traceback (most recent call last)" in text and text.rstrip().endswith("maximum recursion depth exceeded")
    assert "characters cut" in text


def test_a_dataframe_is_shown_as_its_text_table_not_html():
    frame = {
        "text/plain": "   a  b\n0  1  x\n1  2  y",
        "text/html": "<table><tr><th>a</th></tr><tr><td>1</td></tr></table><script>alert(1)</script>",
    }
    text = result_for_model(
        "ok", [{"output_type": "execute_result", "data": frame, "execution_count": 1, "metadata": {}}]
    )
    assert "   a  b\n0  1  x" in text and "<table" not in text and "script" not in text


def test_an_html_only_table_becomes_tab_separated_rows():
    html = "<table><thead><tr><th>city</th><th>pop</th></tr></thead><tbody><tr><td>Oslo</td><td>709&nbsp;000</td></tr></tbody></table>"
    text = result_for_model("ok", [display({"text/html": html})])
    assert "city\tpop" in text and "Oslo\t709 000" in text
    assert "[HTML output shown to the user]" in result_for_model("ok", [display({"text/html": "<b>hi</b>"})])


def test_markdown_latex_json_and_unknown_types():
    assert "# Title" in result_for_model("ok", [display({"text/markdown": "# Title"})])
    assert "$x^2$" in result_for_model("ok", [display({"text/latex": "$x^2$"})])
    assert '{"a": [1, 2]}' in result_for_model("ok", [display({"application/json": {"a": [1, 2]}})])
    text = result_for_model("ok", [display({"application/vnd.custom+bin": "AAAA"})])
    assert "application/vnd.custom+bin" in text


# --- the huge cases -----------------------------------------------------------------------------


def test_ten_megabytes_of_stdout_in_one_output_or_many_are_bounded():
    one = [{"output_type": "stream", "name": "stdout", "text": "y" * 10_000_000}]
    many = [{"output_type": "stream", "name": "stdout", "text": f"line {i}\n"} for i in range(1_000_000)]
    for outs in (one, many):
        text = result_for_model("ok", outs, budget=4000)
        assert len(text) < 4300 and "characters cut" in text
    assert "line 0\n" in text and "line 999999" in text


def test_a_thousand_images_cost_a_bounded_number_of_characters():
    image = display({"image/png": b64(png(64, 48)), "text/plain": "<Figure>"})
    text = result_for_model("ok", [image] * 1000)
    assert len(text) < 1000
    assert text.count("[image 64x48 PNG shown to the user]") == outputs.MAX_IMAGES_DESCRIBED
    assert f"and {1000 - outputs.MAX_IMAGES_DESCRIBED} more images" in text


def test_a_binary_blob_in_an_output_is_bounded_and_printable():
    blob = bytes(range(256)).decode("latin-1") * 40_000  # 10 MB of every byte value
    outs = [
        {"output_type": "stream", "name": "stdout", "text": blob},
        display({"text/plain": blob}),
        display({"application/octet-stream": blob}),
        display({"image/png": blob}),  # not base64 at all
    ]
    text = result_for_model("ok", outs, budget=4000)
    assert len(text) < 4300
    assert not any(ord(c) < 32 and c not in "\n\t\r" for c in text)
    assert "\x00" not in text and "\x1b" not in text


def test_malformed_outputs_do_not_crash():
    outs = [
        {"output_type": "display_data", "data": None},
        {"output_type": "stream"},
        {},
        {"output_type": "error"},
        display({"text/plain": ["a", "b"]}),
        display({"image/jpeg": ["/9j/", "AAAA"]}),
    ]
    assert result_for_model("error", outs).startswith("Execution status: error.")


# --- vision models ------------------------------------------------------------------------------


class OutputsExecutor:
    """Returns fixed outputs and may write a file, as a real kernel would."""

    def __init__(self, outs, write=None):
        self.outs, self.write = outs, write

    def has_kernel(self, kernel_id):
        return True

    def busy(self, kernel_id):
        return False

    async def execute(self, approval, kernel_id, on_output):
        approval.spend()
        if self.write:
            self.write()
        for out in self.outs:
            await on_output(out)
        return ExecutionResult("ok", 1, list(self.outs))


def run_code(code):
    return ("", [("run_code", json.dumps({"code": code, "reason": "r"}))])


async def run_one(outs, write=None, root=None, **cfg):
    llm, sink, gate = ScriptedLLM(run_code("plot()"), "Done."), ListSink(), ApprovalGate()
    workspace = DiskWorkspace(root) if root else None
    loop = AgentLoop(llm, OutputsExecutor(outs, write), sink, gate, LoopConfig(**cfg), workspace)
    chat = ChatState("c")
    turn = asyncio.ensure_future(loop.run_turn(chat, "plot it", NotebookView(path="work/nb.ipynb", kernel_id="k1")))
    proposal = await sink.wait_for("proposal")
    gate.approve("c", proposal.proposal_id, proposal.code, "u")
    await turn
    return llm, sink, chat


async def test_a_vision_model_gets_the_images_as_parts_after_the_tool_result():
    outs = [display({"image/png": b64(png(640, 480)), "text/plain": "<Figure>"})] * 6
    llm, _, chat = await run_one(outs, vision=True)
    second = llm.requests[1]
    tool = next(m for m in second if m["role"] == "tool")
    assert "[image 640x480 PNG shown to the user]" in tool["content"] and "base64" not in tool["content"]
    parts = second[-1]["content"]
    assert second[-1]["role"] == "user" and isinstance(parts, list)
    images = [p for p in parts if p["type"] == "image_url"]
    assert len(images) == outputs.MAX_IMAGE_PARTS
    assert images[0]["image_url"]["url"].startswith("data:image/png;base64,iVBOR")
    # Memory keeps the turn, not the images.
    assert "base64" not in json.dumps(chat.memory)


async def test_a_model_without_vision_gets_no_image_parts():
    llm, _, _ = await run_one([display({"image/png": b64(png(10, 10))})], vision=False)
    assert all(isinstance(m.get("content"), (str, type(None))) for m in llm.requests[1])


# --- files the code wrote -----------------------------------------------------------------------


def test_written_files_diff_reports_new_and_changed_files_only(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "old.csv").write_text("a\n1\n")
    (work / "same.txt").write_text("x")
    (work / ".hidden").write_text("x")
    (work / "nb.ipynb").write_text("{}")
    directory = notebook_dir(str(tmp_path), "work/nb.ipynb")
    before = written.snapshot(directory)
    (work / "old.csv").write_text("a\n1\n2\n")
    os.utime(work / "old.csv", ns=(1, 10**18))
    (work / "plot.png").write_bytes(png(4, 4))
    (work / ".secret").write_text("y")
    (work / "nb.ipynb").write_text('{"saved": 1}')
    (work / "sub").mkdir()
    files = written.changes(str(tmp_path), directory, before, written.snapshot(directory))
    assert [(f.path, f.new, f.mime) for f in files] == [
        ("work/old.csv", False, "text/csv"),
        ("work/plot.png", True, "image/png"),
    ]
    assert "plot.png (new" in written_for_model(files)


def test_written_files_are_bounded_and_never_outside_the_root(tmp_path):
    for i in range(3000):
        (tmp_path / f"f{i:04}.txt").write_text("x")
    after = written.snapshot(notebook_dir(str(tmp_path), "nb.ipynb"))
    assert len(after) <= written.MAX_ENTRIES
    assert len(written.changes(str(tmp_path), tmp_path.resolve(), {}, after)) == written.MAX_REPORTED
    assert notebook_dir(str(tmp_path / "root"), "../../etc/nb.ipynb") is None
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "link").symlink_to(outside)
    assert notebook_dir(str(tmp_path / "root"), "link/nb.ipynb") is None


async def test_the_execution_reports_the_files_it_wrote_to_the_user_and_the_model(tmp_path):
    (tmp_path / "work").mkdir()
    write = lambda: (tmp_path / "work" / "out.csv").write_text("a,b\n1,2\n")  # noqa: E731
    llm, sink, _ = await run_one([], write=write, root=str(tmp_path))
    done = next(e for e in sink.events if isinstance(e, ExecutionDone))
    assert [(f.path, f.name, f.size, f.new) for f in done.files] == [("work/out.csv", "out.csv", 8, True)]
    tool = next(m for m in llm.requests[1] if m["role"] == "tool")
    assert "out.csv (new, 8 bytes)" in tool["content"]
