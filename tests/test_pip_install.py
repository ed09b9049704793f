"""ModuleNotFoundError end to end: the model is told about `%pip install`, proposes it, the user
approves it like any cell, the real kernel installs the package, and the code that failed runs
again and succeeds.

No network: the package is a wheel this test writes, installed with `--no-index --find-links`.
It goes into the environment the kernel runs in (sys.executable's), and is removed afterwards.
"""

from __future__ import annotations

import base64
import hashlib
import shlex
import subprocess
import sys
import zipfile

import pytest
from conftest import run_code_call

DIST, MODULE, VERSION = "gptinterp-pip-probe", "gptinterp_pip_probe", "1.0"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(folder) -> None:
    """A minimal pure-Python wheel (PEP 427), so the install needs no build tools."""
    info = f"{MODULE}-{VERSION}.dist-info"
    files = {
        f"{MODULE}/__init__.py": b"ANSWER = 'installed by %pip'\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {DIST}\nVersion: {VERSION}\n".encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [_record_line(name, data) for name, data in files.items()] + [f"{info}/RECORD,,"]
    with zipfile.ZipFile(folder / f"{MODULE}-{VERSION}-py3-none-any.whl", "w") as whl:
        for name, data in files.items():
            whl.writestr(name, data)
        whl.writestr(f"{info}/RECORD", "\n".join(record) + "\n")


def _uninstall() -> None:
    subprocess.run([sys.executable, "-m", "pip", "uninstall", "-y", "-q", DIST], capture_output=True, check=False)


@pytest.fixture
def wheel_dir(tmp_path):
    folder = tmp_path / "wheels"
    folder.mkdir()
    write_wheel(folder)
    _uninstall()
    yield folder
    _uninstall()


async def test_pip_install_then_the_failed_code_runs_again(fake_llm, chat_client, kernel_id, wheel_dir):
    uses_it = f"import {MODULE}\nprint({MODULE}.ANSWER)"
    install = f"%pip install --no-index --find-links {shlex.quote(str(wheel_dir))} {DIST}"
    fake_llm.script(
        run_code_call(uses_it),
        run_code_call(install, "to install the missing package"),
        run_code_call(uses_it, "to run it again now it is installed"),
        {"text": "It is installed."},
    )
    client = await chat_client()
    chat = await client.open_chat()
    await client.send(
        {
            "type": "send_message",
            "chat_id": chat,
            "text": "use the probe package",
            "notebook": {"path": "nb.ipynb", "kernel_id": kernel_id, "cells": []},
        }
    )

    outputs = []
    for _ in range(3):
        proposal = await client.until("proposal", timeout=60)
        await client.send(
            {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
        )
        done = await client.until("execution_done", timeout=120)
        outputs.append((proposal["code"], done))
    await client.until("turn_ended", timeout=60)

    (first_code, first), (second_code, second), (third_code, third) = outputs
    assert first["status"] == "error" and first_code == uses_it
    # The model was told of the %pip route, in the tool result for the failed import.
    told = fake_llm.requests[1]["messages"][-1]["content"]
    assert f"No module named '{MODULE}'" in told and "%pip install" in told
    assert second_code == install and second["status"] == "ok"
    # The very code that failed ran again (not refused as a repeat) and found the package.
    assert third_code == uses_it and third["status"] == "ok"
    assert "installed by %pip" in fake_llm.requests[3]["messages"][-1]["content"]
    assert client.of("turn_ended")[-1]["reason"] == "answer"
