"""Server configuration for the Galata integration tests.

!! Never use this configuration in production: it opens the server without a token and
exposes JupyterLab's JavaScript objects through the global window variable.

It also starts the project's fake OpenAI-compatible LLM (tests/fake_llm.py) in a thread and
points the extension at it, so the UI tests never need a real model or the network.
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

from jupyterlab.galata import configure_jupyter_server

configure_jupyter_server(c)  # noqa: F821

# Machines here run as root (TOOLCHAIN.md pitfall 5); no package-index look-ups.
c.ServerApp.allow_root = True  # noqa: F821
c.LabApp.extension_manager = "readonly"  # noqa: F821
# Galata fixes port 8888; GPTINTERP_UI_PORT (read by playwright.config.js too) moves it.
UI_PORT = int(os.environ.get("GPTINTERP_UI_PORT", "8888"))
c.ServerApp.port = UI_PORT  # noqa: F821

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

try:
    from fake_llm import FakeLLM
except ImportError as exc:  # tests/fake_llm.py not written yet: still start the server
    print(f"WARNING: fake LLM not started ({exc}); the extension has no model", file=sys.stderr)
else:
    fake = FakeLLM(
        port=int(os.environ.get("GPTINTERP_FAKE_LLM_PORT", "18765")),
        api_key="fake-key",
        models=("fake-model", "fake-small"),
    ).start_in_thread()
    # Two models of one provider, its key in an environment variable, as an admin would.
    os.environ["GPTINTERP_FAKE_KEY"] = "fake-key"
    c.GPTInterp.providers = [  # noqa: F821
        {
            "name": "fake",
            "base_url": fake.url,
            "api_key_env": "GPTINTERP_FAKE_KEY",
            "prompt_progress": True,  # the fake reports reading a prompt as llama.cpp does
            "models": [
                {"name": "fake-model", "context_window": 32000},
                {"name": "fake-small", "tool_mode": "fenced", "context_window": 4096},
            ],
        }
    ]

# A small real MCP server (tests/mcp_server.py over stdio) whose tools the model may propose to
# call: mcp.spec.ts approves one. Started by the extension on the first turn.
c.GPTInterp.mcp_servers = {"calc": {"command": sys.executable, "args": [str(REPO / "tests" / "mcp_server.py")]}}  # noqa: F821
c.GPTInterp.mcp_allowed_servers = ["calc"]  # noqa: F821

# A fresh chat history per server: chats are found again by notebook path, so a history kept
# across runs would bring back an earlier run's cards (even pending ones) into a new notebook
# at the same path, and the tests would not start from an empty transcript.
# One file per port, emptied at each start (one test server per port at a time; the server is
# killed at the end, so clean-up at exit would not run).
_history_dir = Path(tempfile.gettempdir()) / f"gptinterp-ui-tests-{UI_PORT}"
shutil.rmtree(_history_dir, ignore_errors=True)
_history_dir.mkdir(parents=True, exist_ok=True)
c.GPTInterp.db_path = str(_history_dir / "history.sqlite3")  # noqa: F821

# Uncomment to set server log level to debug level
# c.ServerApp.log_level = "DEBUG"

# bench/micro_browser.sh: BENCH_VARIANT swaps one server-side path for its plain version
# (bench/bench_variants.py, loaded only then).
if os.environ.get("BENCH_VARIANT"):
    sys.path.insert(0, str(REPO / "bench"))
    c.ServerApp.jpserver_extensions.update({"bench_variants": True})  # noqa: F821
