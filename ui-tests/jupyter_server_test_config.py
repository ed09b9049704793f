"""Server configuration for the Galata integration tests.

!! Never use this configuration in production: it opens the server without a token and
exposes JupyterLab's JavaScript objects through the global window variable.

It also starts the project's fake OpenAI-compatible LLM (tests/fake_llm.py) in a thread and
points the extension at it, so the UI tests never need a real model or the network.
"""

import os
import sys
from pathlib import Path

from jupyterlab.galata import configure_jupyter_server

configure_jupyter_server(c)  # noqa: F821

# Machines here run as root (TOOLCHAIN.md pitfall 5); no package-index look-ups.
c.ServerApp.allow_root = True  # noqa: F821
c.LabApp.extension_manager = "readonly"  # noqa: F821

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
    ).start_in_thread()
    c.GPTInterp.base_url = fake.url  # noqa: F821
    c.GPTInterp.api_key = "fake-key"  # noqa: F821
    c.GPTInterp.model = "fake-model"  # noqa: F821

# Uncomment to set server log level to debug level
# c.ServerApp.log_level = "DEBUG"
