"""src/protocol.ts is generated from protocol.py: fail when the committed file drifts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    not (ROOT / "node_modules" / ".bin" / "json2ts").exists(),
    reason="node_modules is not installed (jlpm install); CI installs it before pytest",
)
def test_generated_typescript_matches_the_pydantic_protocol():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_protocol.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_client_message_is_strict():
    from jupyterlab_gptinterp.protocol import json_schema

    defs = json_schema()["$defs"]
    for name in ("OpenChat", "SendMessage", "Approve", "Reject", "Stop", "NotebookView", "CellView"):
        assert defs[name].get("additionalProperties") is False, name
