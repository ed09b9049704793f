"""jupyterlab-gptinterp: a chat sidebar that proposes cells, runs them in the notebook's kernel
once the user approves, and shows the model their outputs."""

from __future__ import annotations

from typing import Any

try:
    from ._version import __version__
except ImportError:  # a source tree that was never built
    __version__ = "dev"


def _jupyter_labextension_paths() -> list[dict[str, str]]:
    return [{"src": "labextension", "dest": "jupyterlab-gptinterp"}]


def _jupyter_server_extension_points() -> list[dict[str, Any]]:
    from .app import GPTInterp

    return [{"module": "jupyterlab_gptinterp", "app": GPTInterp}]


__all__ = ["__version__"]
