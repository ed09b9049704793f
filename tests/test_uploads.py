"""Attached files: hostile names refused with a reason, accepted ones described to the model."""

import asyncio
import json

import pytest
from seam_fakes import ExecExecutor, ListSink, ScriptedLLM

from jupyterlab_gptinterp import uploads
from jupyterlab_gptinterp.agent import aids
from jupyterlab_gptinterp.agent.loop import AgentLoop, ChatState, LoopConfig
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.chat import _check_attachments
from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError
from jupyterlab_gptinterp.protocol import NotebookView, SendMessage
from jupyterlab_gptinterp.workspace import DiskWorkspace


@pytest.fixture
def root(tmp_path):
    base = tmp_path / "root"
    (base / "work").mkdir(parents=True)
    (base / "work" / "sales.csv").write_text("month,revenue\n2024-01,100\n2024-02,250\n")
    (base / "work" / "notes.txt").write_text("first line\nsecond line\n")
    (base / "work" / "data.json").write_text(json.dumps([{"a": 1, "b": "x"}, {"a": 2, "b": "y"}]))
    (base / "work" / "blob.bin").write_bytes(bytes(range(256)))
    outside = tmp_path / "secret"
    outside.mkdir()
    (outside / "passwd.csv").write_text("user,hash\nroot,x\n")
    (base / "work" / "escape.csv").symlink_to(outside / "passwd.csv")
    (base / "work" / "outdir").symlink_to(outside)
    (base / "work" / "inner.csv").symlink_to(base / "work" / "sales.csv")
    return base


@pytest.mark.parametrize(
    "path, why",
    [
        ("../secret/passwd.csv", "'..' would leave the server root"),
        ("work/../../secret/passwd.csv", "'..' would leave the server root"),
        ("/etc/passwd", "absolute paths are not allowed"),
        ("\\\\server\\share\\x.csv", "absolute paths are not allowed"),
        ("C:\\Windows\\win.ini", "absolute paths are not allowed"),
        ("work/sales.csv\x00.png", "NUL character"),
        ("work/escape.csv", "symlink pointing outside the server root"),
        ("work/outdir/passwd.csv", "symlink pointing outside the server root"),
        ("work/inner.csv", "may not be symlinks"),
        ("work/missing.csv", "no such file"),
        ("work/" + "x" * 252 + ".csv", "longer than 255 bytes"),
        ("work/" + "é" * 128 + ".csv", "longer than 255 bytes"),  # 260 bytes in UTF-8
        ("work/invoice\u202ecsv.exe", "bidirectional control character"),
        ("work/\u2066sales\u2069.csv", "bidirectional control character"),
        ("work", "no such file"),
        ("", "empty path"),
    ],
)
def test_hostile_or_wrong_paths_are_refused_with_a_reason(root, path, why):
    with pytest.raises(uploads.UploadRefused, match=why.replace("(", r"\(").replace(".", r"\.")):
        uploads.check_path(root, path)
    with pytest.raises(GPTInterpError) as err:
        _check_attachments(str(root), [path])
    assert err.value.code == ErrorCode.bad_attachment and why.split("'")[-1].strip() in err.value.text


def test_a_plain_file_in_the_root_is_accepted(root):
    assert uploads.check_path(root, "work/sales.csv") == (root / "work" / "sales.csv").resolve()
    _check_attachments(str(root), ["work/sales.csv", "work/notes.txt"])


@pytest.mark.parametrize(
    "name, safe",
    [
        ("sales.csv", "sales.csv"),
        ("../../etc/passwd", "passwd"),
        ("C:\\Users\\me\\report.xlsx", "report.xlsx"),
        (".bashrc", "bashrc"),
        ("..", ""),
        ("a\x00b\x1f.csv", "a_b_.csv"),
        ('we<ird>:"na|me?*.txt', "we_ird_na_me_.txt"),
        ("  spaced.csv ", "spaced.csv"),
        ("x" * 300 + ".csv", "x" * 196 + ".csv"),
        ("report\u202efdp.exe", "reportfdp.exe"),
        ("\u2067\u200fdata\u2069\u061c.csv", "data.csv"),
    ],
)
def test_names_are_sanitized(name, safe):
    assert uploads.sanitize_name(name) == safe


def test_the_description_has_name_size_and_type(root):
    text = uploads.describe(
        root, "work/nb.ipynb", ["work/sales.csv", "work/data.json", "work/notes.txt", "work/blob.bin"]
    )
    assert "- sales.csv (38 bytes, text/csv)" in text and "- data.json (" in text and "- notes.txt (" in text
    assert "- blob.bin (256 bytes" in text and "\x00" not in text  # named, never dumped


def test_the_description_is_bounded(root):
    big = root / "work" / "wide.csv"
    big.write_text(",".join(f"column_{i}" for i in range(5000)) + "\n" + ",".join("1" * 5000) + "\n")
    text = uploads.describe(root, "work/nb.ipynb", ["work/wide.csv"] * 20, budget=3000)
    assert len(text) < 3000 + 200


def test_send_message_limits_the_number_of_attachments():
    base = {"type": "send_message", "chat_id": "c", "text": "hi", "notebook": {"path": "nb.ipynb"}}
    assert SendMessage.model_validate({**base, "attachments": ["a.csv"]}).attachments == ["a.csv"]
    with pytest.raises(ValueError):
        SendMessage.model_validate({**base, "attachments": ["a.csv"] * 51})


async def test_the_model_is_told_about_the_attached_files(root):
    llm = ScriptedLLM("It has two months.")
    workspace = DiskWorkspace(root)
    config = LoopConfig(aids=aids.build(["preview"], workspace))
    loop = AgentLoop(llm, ExecExecutor(), ListSink(), ApprovalGate(), config, workspace)
    nb = NotebookView(path="work/nb.ipynb", kernel_id="k1")
    ended = await loop.run_turn(ChatState("c"), "what is in it?", nb, attachments=["work/sales.csv"])
    assert ended.reason == "answer"
    user = llm.requests[0][-1]
    assert user["role"] == "user" and user["content"].startswith("what is in it?")
    assert "The user attached these files" in user["content"] and "sales.csv (38 bytes, text/csv)" in user["content"]
    # The attached data file is described to the model as pandas loads it.
    system = llm.requests[0][0]["content"]
    assert "df = pd.read_csv('sales.csv')" in system and "'revenue': int" in system


async def test_a_file_replaced_by_a_symlink_after_sending_ends_the_turn_with_a_reason(root):
    (root / "work" / "sales.csv").unlink()
    (root / "work" / "sales.csv").symlink_to(root.parent / "secret" / "passwd.csv")
    llm = ScriptedLLM("never asked")
    loop = AgentLoop(llm, ExecExecutor(), ListSink(), ApprovalGate(), LoopConfig(), DiskWorkspace(root))
    ended = await asyncio.wait_for(
        loop.run_turn(
            ChatState("c"),
            "read it",
            NotebookView(path="work/nb.ipynb", kernel_id="k1"),
            attachments=["work/sales.csv"],
        ),
        5,
    )
    assert ended.reason == "error" and ended.error_code == ErrorCode.bad_attachment
    assert "outside the server root" in ended.message and not llm.requests


@pytest.mark.parametrize("name", ["x" * 256 + ".csv", "invoice\u202ecsv.exe"])
async def test_an_unusable_attachment_name_is_a_bad_attachment_over_the_wire(name, fake_llm, chat_client, kernel_id):
    ws = await chat_client()
    chat = await ws.open_chat()
    await ws.send(
        {
            "type": "send_message",
            "request_id": "r1",
            "chat_id": chat,
            "text": "read it",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id},
            "attachments": [name],
        }
    )
    error = await ws.until("error", request_id="r1")
    assert error["code"] == "bad_attachment", error
    assert not fake_llm.requests
