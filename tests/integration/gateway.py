"""How Jupyter Enterprise Gateway is started here, for the gateway tests and the gateway bench.

Stdlib only, and no package-relative imports: bench/b_gateway.py loads this file by path.
The gateway lives in its own venv (`bash scripts/integration-envs gateway`; it pins
jupyter_server<2 and jupyter_client<7), or wherever GPTINTERP_GATEWAY_BIN points.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("GPTINTERP_GATEWAY_BIN") or ROOT / ".venv-gateway" / "bin" / "jupyter-enterprisegateway")
PREFIX = BIN.parent.parent  # the venv its kernels run in (sys.prefix inside them)
MISSING = f"no Enterprise Gateway at {BIN} (bash scripts/integration-envs gateway)"
KERNEL_USERNAME = "alice"  # the gateway refuses kernels to root (its unauthorized_users); a hub sets each user's


def command(port: int, token: str) -> list[str]:
    return [
        str(BIN),
        "--ip=127.0.0.1",
        f"--port={port}",
        "--port_retries=0",
        f"--EnterpriseGatewayApp.auth_token={token}",
        # JupyterLab lists kernels (GET /api/kernels), which the gateway refuses unless allowed.
        "--EnterpriseGatewayApp.list_kernels=True",
    ]


def environment(tmp: Path) -> dict[str, str]:
    """Its own data and runtime dirs; its venv first on PATH (its kernelspec says `python`)."""
    return {
        "PATH": str(BIN.parent) + os.pathsep + os.environ.get("PATH", ""),
        "VIRTUAL_ENV": str(PREFIX),
        "JUPYTER_DATA_DIR": str(tmp / "gateway-data"),
        "JUPYTER_RUNTIME_DIR": str(tmp / "gateway-runtime"),
    }


def server_settings(url: str, token: str) -> tuple[tuple[str, ...], dict[str, str], dict[str, object]]:
    """What a jupyter server needs to use that gateway: its arguments, environment, and
    c.GatewayClient settings."""
    return (
        (f"--gateway-url={url}",),
        {"KERNEL_USERNAME": KERNEL_USERNAME},
        {"auth_token": token, "request_timeout": 120.0},
    )
