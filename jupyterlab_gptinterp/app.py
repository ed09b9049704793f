"""The server extension: configuration (traitlets, `c.GPTInterp.*`) and the wiring of services.

This is the one place that builds objects and hands them to each other.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_data_dir
from jupyter_server.extension.application import ExtensionApp
from jupyter_server.services.contents.manager import ContentsManager
from traitlets import Enum, Float, Int, List, Unicode, default

from . import __version__
from . import local_model
from .agent.llm import OpenAIChat
from .agent.loop import AIDS, LoopConfig
from .agent.seams import LLM
from .approval import ApprovalGate
from .chat import ChatService
from .errors import MESSAGES, ErrorCode, GPTInterpError
from .handlers import make_handlers
from .history import HistoryStore
from .kernel import KernelExecutor
from .local_model import LocalChat, LocalModelServer
from .protocol import PROTOCOL_VERSION, Info

CONTENTS_EVENTS = ContentsManager.event_schema_id


class GPTInterp(ExtensionApp):
    """A code interpreter in the chat sidebar that runs approved cells in the notebook's kernel."""

    name = "jupyterlab_gptinterp"
    load_other_extensions = True

    base_url = Unicode(
        "", config=True, help="Base URL of an OpenAI-compatible API (empty: the openai client's default)."
    )
    api_key = Unicode(
        config=True, help="API key for base_url. Default: the OPENAI_API_KEY environment variable. May be empty."
    )
    model = Unicode("gpt-4o-mini", config=True, help="Model name sent to the API.")
    tool_mode = Enum(
        ["tools", "fenced"], "tools", config=True,
        help="'tools': the model calls run_code; 'fenced': its ```python block is the proposal (small models).",
    )
    max_steps = Int(10, config=True, help="Model calls per user request before the turn pauses.")
    execution_timeout = Float(600.0, config=True, help="Seconds a cell may run before it is interrupted.")
    request_timeout = Float(120.0, config=True, help="Seconds to wait on the model API.")
    max_retries = Int(2, config=True, help="Retries of a failed model request (429, 5xx, timeouts), honouring Retry-After; each wait is shown.")
    result_budget = Int(4000, config=True, help="Characters of one execution result the model is shown.")
    notebook_budget = Int(6000, config=True, help="Characters of the notebook the model is shown.")
    db_path = Unicode(config=True, help="SQLite file holding chat history.")
    local_model_path = Unicode(
        "", config=True,
        help="A GGUF file for the embedded local model (default: the one the [local] extra ships). "
        "Used when no base_url and no api_key are configured.",
    )
    local_context = Int(8192, config=True, help="Context window of the embedded local model, in tokens.")
    loop_aids = List(
        Enum(list(AIDS)), list(AIDS), config=True,
        help="How the loop helps the model: 'preview' (show the data files the request names or that sit "
        "beside the notebook), 'hints' (a specific hint after an error), 'duplicates' (never propose code "
        "already run in the request), 'grounding' (mark answer numbers found in no output), 'echo' (drop a "
        "recital of the rules from a reply). eval/README.md measures each.",
    )

    @default("api_key")
    def _default_api_key(self) -> str:
        return os.environ.get("OPENAI_API_KEY", "")

    @default("db_path")
    def _default_db_path(self) -> str:
        return str(Path(jupyter_data_dir()) / "gptinterp" / "history.sqlite3")

    def initialize_settings(self) -> None:
        self.store = HistoryStore(self.db_path)
        self.gate = ApprovalGate()
        self.executor = KernelExecutor(self.serverapp.kernel_manager, timeout=self.execution_timeout)
        self.local_server = None
        self._remote: tuple[tuple[object, ...], OpenAIChat] | None = None
        if self.provider_kind == "local":
            cache = Path(jupyter_data_dir()) / "gptinterp" / "models"
            self.local_server = LocalModelServer(self.local_model_path or None, cache, n_ctx=self.local_context)
        self.service = ChatService(self.store, self.gate, self.executor, self._provider)
        self.serverapp.event_logger.add_listener(schema_id=CONTENTS_EVENTS, listener=self._on_contents_event)
        self.log.info("gptinterp: %s model %s, history in %s", self.provider_kind, self._model_name, self.db_path)

    @property
    def provider_kind(self) -> str:
        """A configured endpoint wins; else the embedded model if installed; else none."""
        if self.base_url or self.api_key:
            return "remote"
        if self.local_model_path or local_model.extra_installed():
            return "local"
        return "none"

    @property
    def _model_name(self) -> str:
        return local_model.MODEL_NAME if self.provider_kind == "local" else self.model

    def _provider(self) -> tuple[LLM, LoopConfig]:
        kind = self.provider_kind
        if kind == "remote":
            # One client while the settings stay: building one costs ~25 ms (its TLS context), and
            # a new client cannot reuse the open connections to the API (bench/README.md).
            settings = (self.base_url, self.api_key, self.model, self.request_timeout)
            if self._remote is None or self._remote[0] != settings:
                self._remote = (settings, OpenAIChat(
                    base_url=self.base_url or None, api_key=self.api_key, model=self.model,
                    timeout=self.request_timeout,
                ))
            llm = self._remote[1]
            return llm, LoopConfig(
                max_steps=self.max_steps, tool_mode=self.tool_mode, llm_retries=self.max_retries,
                result_budget=self.result_budget, notebook_budget=self.notebook_budget, **self._aids(),
            )
        if kind == "local" and self.local_server is not None:
            # Small model on a CPU: fenced code, and a much shorter prompt (prompt eval is the slow part).
            return LocalChat(self.local_server), LoopConfig(
                max_steps=self.max_steps, tool_mode="fenced", result_budget=min(self.result_budget, 1500),
                notebook_budget=min(self.notebook_budget, 1500), memory_budget=6000, **self._aids(),
            )
        raise GPTInterpError(ErrorCode.not_configured)

    def _aids(self) -> dict[str, Any]:
        """The loop's aids; file previews only where the contents live on this server's disk."""
        root = getattr(self.serverapp.contents_manager, "root_dir", "")
        return {"aids": frozenset(self.loop_aids), "root_dir": root if root and os.path.isdir(root) else ""}

    def info(self) -> Info:
        kind = self.provider_kind
        return Info(
            server_version=__version__, protocol_version=PROTOCOL_VERSION, model=self._model_name,
            tool_mode="fenced" if kind == "local" else self.tool_mode, provider=kind,
            configured=kind != "none", setup_hint=MESSAGES[ErrorCode.not_configured] if kind == "none" else "",
        )

    async def _on_contents_event(self, logger: Any, schema_id: str, data: dict[str, Any]) -> None:
        """A notebook (or its directory) renamed by anyone, in any client: its chats follow."""
        if data.get("action") == "rename" and data.get("source_path") and data.get("path"):
            moved = self.service.notebook_moved(data["source_path"], data["path"])
            if moved:
                self.log.info("gptinterp: %d chat(s) follow %s to %s", moved, data["source_path"], data["path"])

    def initialize_handlers(self) -> None:
        self.handlers.extend(make_handlers(self.service, self.info))

    async def stop_extension(self) -> None:
        await self.service.shutdown()
        if self.local_server is not None:
            self.local_server.stop()
        self.executor.close()
        self.store.close()
