"""The server extension: configuration (traitlets, `c.GPTInterp.*`) and the wiring of services.

This is the one place that builds objects and hands them to each other.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, cast

from jupyter_core.paths import jupyter_data_dir
from jupyter_server.extension.application import ExtensionApp
from jupyter_server.services.contents.manager import ContentsManager
from traitlets import Bool, Dict, Enum, Float, Int, List, Unicode, default

from . import __version__, kernel, local_model
from .agent import aids
from .agent.config import LoopConfig
from .agent.llm import OpenAIChat
from .agent.seams import LLM
from .approval import ApprovalGate
from .chat import ChatService
from .errors import MESSAGES, ErrorCode, GPTInterpError
from .handlers import make_handlers
from .history import HistoryStore
from .kernel import KernelExecutor, NotebookKernels
from .keys import ProviderKeys, RedactingHandler
from .local_model import LocalChat, LocalModelServer
from .mcp_tools import McpTools, server_specs
from .protocol import PROTOCOL_VERSION, Info, ProviderKind, ToolMode
from .providers import LOCAL_PROVIDER, Catalog, ModelSpec, ProviderSpec
from .workspace import DiskWorkspace


class _ListOfDicts(List):
    """A list of dicts that the command line can give as JSON: `--GPTInterp.providers='[{...}]'`,
    or one dict per `--GPTInterp.providers='{...}'`, as a hub admin does in c.Spawner.args
    (traitlets' own parsing takes Python literals, and jupyter_server hands an extension's
    command-line values over as strings)."""

    def from_string(self, s: str) -> Any:
        return self.from_string_list([s])

    def from_string_list(self, s_list: list[str]) -> Any:
        items = [json.loads(s) if isinstance(s, str) else s for s in s_list]
        if len(items) == 1 and isinstance(items[0], list):
            items = items[0]
        return list(items)  # validated when it is set on the app

    def item_from_string(self, s: str, index: int | None = None) -> Any:
        return json.loads(s)


CONTENTS_EVENTS = ContentsManager.event_schema_id
KERNEL_ACTIONS = "https://events.jupyter.org/jupyter_server/kernel_actions/v1"


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
        ["tools", "fenced"],
        "tools",
        config=True,
        help="'tools': the model calls run_code; 'fenced': its ```python block is the proposal (small models).",
    )
    max_steps = Int(10, config=True, help="Model calls per user request before the turn pauses.")
    max_turn_tokens = Int(
        200_000,
        config=True,
        help="Tokens (prompt + completion, as the API reports them) one request may use before the turn "
        "pauses; the user can send 'continue'. 0: no cap.",
    )
    execution_timeout = Float(600.0, config=True, help="Seconds a cell may run before it is interrupted.")
    temperature = Float(
        None,
        allow_none=True,
        config=True,
        help="Sampling temperature of the model from base_url/model (providers: per model). None: the server's "
        "default; 0: repeatable answers, what a small self-hosted model needs.",
    )
    request_timeout = Float(120.0, config=True, help="Seconds to wait on the model API.")
    max_retries = Int(
        2,
        config=True,
        help="Retries of a failed model request (429, 5xx, timeouts), honouring Retry-After; each wait is shown.",
    )
    result_budget = Int(4000, config=True, help="Characters of one execution result the model is shown.")
    notebook_budget = Int(6000, config=True, help="Characters of the notebook the model is shown.")
    preview_budget = Int(
        aids.PREVIEW_BUDGET, config=True, help="Characters of the data-file previews the model is shown."
    )
    db_path = Unicode(config=True, help="SQLite file holding chat history.")
    local_model_path = Unicode(
        "",
        config=True,
        help="A GGUF file for the embedded local model (default: the one the [local] extra ships). "
        "Used when no base_url and no api_key are configured.",
    )
    local_context = Int(8192, config=True, help="Context window of the embedded local model, in tokens.")
    providers = _ListOfDicts(
        Dict(),
        config=True,
        help="OpenAI-compatible providers and their models: a list of {name, base_url, api_key_env, models: "
        "[{name, tool_mode ('tools'|'fenced'), vision, context_window, temperature}]}. Users pick among these models in the "
        "sidebar; nothing else may be used. Empty: one provider from base_url/api_key/model. The embedded model "
        "is offered too when the [local] extra is installed (see providers.py).",
    )
    default_model = Unicode(
        "", config=True, help="The model offered by default, as '<provider>/<model>' (default: the first)."
    )
    allow_auto_run = Bool(
        False,
        config=True,
        help="Let users turn on running proposed code without asking, chat by chat (each run is still a "
        "server-held approval of exactly that code, recorded as automatic). Off by default; turning it off "
        "later makes every chat ask again.",
    )
    max_upload_mb = Float(
        50.0,
        config=True,
        help="The largest file (MB) a user may attach to a message; the sidebar's own setting can only lower it. "
        "0: no limit.",
    )
    loop_aids = List(
        Enum(list(aids.AIDS)),
        list(aids.DEFAULT_AIDS),
        config=True,
        help="How the loop helps the model, each a plug-in in agent/aids/: 'preview' (the data files the request "
        "names, as pandas sees them), 'parts' (a short call lists what the question asks its code to do), 'values' (off by default; "
        "a short call, held to the values the preview lists, names those the question selects rows by), 'hints' "
        "(what to do about an error), 'checks' (a note on a result that cannot be the answer), 'answer' (a short "
        "check call: does this output answer exactly the question?), 'syntax' (a cell that is not Python is declined, "
        "cut as it is written), 'repeats' (decline code that would repeat a "
        "run or a failure), 'loading' (once, a cell that reads a described file its own way is sent back with the "
        "file's tested load line), 'echo' (a reply that repeats what the model was sent is no answer), 'revise' "
        "(after a rejection with a reason, revised code), 'grounding' (answers rest on outputs). eval/README.md "
        "measures them.",
    )
    turn_timeout = Float(
        300.0,
        config=True,
        help="Seconds of model and execution time one request may take (waiting for the user does not count); "
        "then the turn ends with the last result it got, and the reply it was writing, marked as cut. 0: no limit.",
    )

    mcp_servers = Dict(
        {},
        config=True,
        help="MCP servers whose tools the model may propose to call, by name: {name: {command, args, env, cwd}} for "
        "a server spoken to over stdio, or {name: {url, headers}} for streamable HTTP. Each call is shown to the "
        "user as a card (tool, arguments) and runs only on their approval, like code. Only the servers named in "
        "mcp_allowed_servers are used. Empty (the default): no MCP. Needs the [mcp] extra.",
    )
    mcp_allowed_servers = List(
        Unicode(),
        [],
        config=True,
        help="The admin's allowlist: names of mcp_servers that may be started and called. A configured server "
        "not named here is ignored (and logged).",
    )
    mcp_timeout = Float(60.0, config=True, help="Seconds an approved MCP tool call may take before it is abandoned.")

    @default("api_key")
    def _default_api_key(self) -> str:
        return os.environ.get("OPENAI_API_KEY", "")

    @default("db_path")
    def _default_db_path(self) -> str:
        return str(Path(jupyter_data_dir()) / "gptinterp" / "history.sqlite3")

    def initialize_settings(self) -> None:
        server = self.serverapp
        assert server is not None and server.event_logger is not None  # jupyter_server sets both before this
        specs = self._provider_specs()
        self.catalog = Catalog(specs, self.default_model)
        self.store = HistoryStore(self.db_path)
        self.gate = ApprovalGate()
        self.local_server = None
        if any(c.local for c in self.catalog.choices):
            cache = Path(jupyter_data_dir()) / "gptinterp" / "models"
            self.local_server = LocalModelServer(self.local_model_path or None, cache, n_ctx=self.local_context)
        # Kernels are launched without the keys, and outputs that hold one anyway are redacted.
        self.keys = ProviderKeys.configured(
            names=[p.api_key_env for p in specs],
            values=[
                self.api_key,
                *(p.key() for p in specs),
                *([self.local_server.api_key] if self.local_server else []),
            ],
            environ=os.environ,
        )
        kernel.launch_kernels_without_keys(server.kernel_manager, self.keys)
        self._route_package_logs()
        self.executor = KernelExecutor(server.kernel_manager, timeout=self.execution_timeout, keys=self.keys)
        # One client per model while its settings stay: building one costs ~25 ms (its TLS
        # context), and a new client cannot reuse the open connections to the API (bench/README.md).
        self._clients: dict[str, tuple[tuple[object, ...], OpenAIChat]] = {}
        root = getattr(server.contents_manager, "root_dir", "")
        # File previews and written-file links only where the contents live on this server's disk.
        self.workspace = DiskWorkspace(root) if root and os.path.isdir(root) else None
        self.tools = self._mcp_tools()
        self.service = ChatService(
            self.store,
            self.gate,
            self.executor,
            self._provider,
            self.allow_auto_run,
            workspace=self.workspace,
            max_upload_mb=self.max_upload_mb,
            keys=self.keys,
            kernels=NotebookKernels(server.session_manager),
            tools=self.tools,
        )
        self._warm_up()
        server.event_logger.add_listener(schema_id=CONTENTS_EVENTS, listener=self._on_contents_event)
        server.event_logger.add_listener(schema_id=KERNEL_ACTIONS, listener=self._on_kernel_action)
        self.log.info(
            "gptinterp: models %s (default %s), history in %s",
            ", ".join(c.id for c in self.catalog.choices) or "none",
            self.catalog.default or "none",
            self.db_path,
        )

    def _route_package_logs(self) -> None:
        """The package's modules log through their own loggers (the agent imports no server code);
        without this their info lines (the local model starting, which aid acted) went nowhere.
        Keys are redacted on the way, as in outputs. A level and handlers that the server's
        `logging_config` gave the package stay (its debug lines into a file of their own)."""
        source: logging.Logger | None = cast(logging.Logger, self.log)
        while source is not None and not source.handlers and source.propagate:
            source = source.parent
        package = logging.getLogger(__package__)
        own = [h for h in package.handlers if not isinstance(h, RedactingHandler)]
        targets = list(dict.fromkeys([*(source.handlers if source is not None else []), *own]))  # each once
        package.handlers = [RedactingHandler(targets, self.keys)] if targets else []
        package.propagate = not targets
        configured = (getattr(self.serverapp, "logging_config", None) or {}).get("loggers", {}).get(__package__, {})
        if "level" not in configured:
            package.setLevel(cast(logging.Logger, self.log).getEffectiveLevel())

    def _mcp_tools(self) -> McpTools | None:
        """The allowed MCP servers' tools (None when none is configured and allowed)."""
        try:
            allowed, ignored = server_specs(self.mcp_servers, self.mcp_allowed_servers)
        except ValueError as exc:
            raise ValueError(f"c.GPTInterp.mcp_servers is not valid: {exc}") from exc
        if ignored:
            self.log.warning("gptinterp: MCP servers not in mcp_allowed_servers, not used: %s", ", ".join(ignored))
        if not allowed:
            return None
        self.log.info(
            "gptinterp: MCP servers %s (each call needs the user's approval)", ", ".join(s.name for s in allowed)
        )
        return McpTools(allowed, timeout=self.mcp_timeout, keys=self.keys)

    def _warm_up(self) -> None:
        """One-time costs paid at start-up rather than as event-loop pauses in the first turn
        (50-300 ms, bench/README.md): the default model's client (its TLS context) and
        nbformat's output schema."""
        try:
            if self.catalog.choices and not self.catalog.get(None).local:
                self._provider(None)
            kernel.warm_up()
        except Exception:  # never a reason not to start
            self.log.warning("gptinterp: warm-up failed", exc_info=True)

    def _provider_specs(self) -> list[ProviderSpec]:
        """The admin's providers; else one from base_url/api_key/model; then the embedded model."""
        try:
            specs = [ProviderSpec.model_validate(p) for p in self.providers]
        except ValueError as exc:
            raise ValueError(f"c.GPTInterp.providers is not valid: {exc}") from exc
        if not specs and (self.base_url or self.api_key):
            # tool_mode is an Enum trait: traitlets lets only ToolMode's values in.
            specs.append(
                ProviderSpec(
                    name="default",
                    base_url=self.base_url,
                    api_key=self.api_key,
                    models=[
                        ModelSpec(
                            name=self.model, tool_mode=cast(ToolMode, self.tool_mode), temperature=self.temperature
                        )
                    ],
                )
            )
        if self.local_model_path or local_model.extra_installed():
            specs.append(
                ProviderSpec(
                    name=LOCAL_PROVIDER,
                    models=[
                        ModelSpec(name=local_model.MODEL_NAME, tool_mode="fenced", context_window=self.local_context)
                    ],
                )
            )
        return specs

    @property
    def provider_kind(self) -> ProviderKind:
        """What the default model is: a remote endpoint, the embedded model, or none at all."""
        if not self.catalog.choices:
            return "none"
        return "local" if self.catalog.get(None).local else "remote"

    def _provider(self, model_id: str | None = None) -> tuple[LLM, LoopConfig]:
        """The client of the model `model_id` (None: the default), and loop settings that suit it."""
        choice = self.catalog.get(model_id)
        common: dict[str, Any] = dict(
            max_steps=self.max_steps,
            max_turn_tokens=self.max_turn_tokens,
            llm_retries=self.max_retries,
            turn_timeout=self.turn_timeout,
            aids=aids.build(self.loop_aids, self.workspace, self.preview_budget),
        )
        if choice.local:
            if self.local_server is None:
                raise GPTInterpError(ErrorCode.not_configured)
            # Small model on a CPU: fenced code, and a much shorter prompt (prompt eval is the slow part).
            # The turn's own messages get more room than earlier turns: every cut of them changes the
            # prompt's prefix, and the model reads all that follows it again. Both together take some
            # 2 characters per token of the server's context (text runs ~3 a token), leaving room for
            # the system prompt and a reply's cap.
            return LocalChat(self.local_server), LoopConfig(
                tool_mode="fenced",
                result_budget=min(self.result_budget, 1500),
                notebook_budget=min(self.notebook_budget, 1500),
                memory_budget=min(6000, self.local_context * 3 // 4),
                turn_budget=self.local_context * 5 // 4,
                **common,
            )
        provider, spec = choice.provider, choice.model
        settings = (
            provider.base_url,
            provider.key(),
            spec.name,
            self.request_timeout,
            provider.prompt_progress,
            provider.grammars,
            provider.prefill,
            spec.temperature,
        )
        cached = self._clients.get(choice.id)
        if cached is None or cached[0] != settings:
            cached = self._clients[choice.id] = (
                settings,
                OpenAIChat(
                    base_url=provider.base_url or None,
                    api_key=provider.key(),
                    model=spec.name,
                    timeout=self.request_timeout,
                    temperature=spec.temperature,
                    prompt_progress=provider.prompt_progress,
                    grammars=provider.grammars,
                    prefill=provider.prefill,
                ),
            )
        # A model with a small context gets proportionally smaller views (~3 characters a token).
        room = spec.context_window * 3 // 4 if spec.context_window else 0
        result_budget, notebook_budget = self.result_budget, self.notebook_budget
        memory_budget = LoopConfig.memory_budget
        if room:
            result_budget, notebook_budget = min(result_budget, room // 3), min(notebook_budget, room // 3)
            memory_budget = min(memory_budget, room)
        return cached[1], LoopConfig(
            tool_mode=spec.tool_mode,
            vision=spec.vision,
            result_budget=result_budget,
            notebook_budget=notebook_budget,
            memory_budget=memory_budget,
            **common,
        )

    def info(self) -> Info:
        kind = self.provider_kind
        default = self.catalog.get(None) if self.catalog.choices else None
        return Info(
            server_version=__version__,
            protocol_version=PROTOCOL_VERSION,
            model=default.model.name if default else "",
            tool_mode=default.model.tool_mode if default else "tools",
            provider=kind,
            configured=default is not None,
            setup_hint=MESSAGES[ErrorCode.not_configured] if default is None else "",
            models=self.catalog.infos(),
            default_model=self.catalog.default,
            allow_auto_run=self.allow_auto_run,
            max_upload_mb=self.max_upload_mb,
        )

    async def _on_contents_event(self, logger: Any, schema_id: str, data: dict[str, Any]) -> None:
        """A notebook (or its directory) renamed by anyone, in any client: its chats follow."""
        if data.get("action") == "rename" and data.get("source_path") and data.get("path"):
            moved = self.service.notebook_moved(data["source_path"], data["path"])
            if moved:
                self.log.info("gptinterp: %d chat(s) follow %s to %s", moved, data["source_path"], data["path"])

    async def _on_kernel_action(self, logger: Any, schema_id: str, data: dict[str, Any]) -> None:
        """A kernel restarted through the server (by a user, or by the server after it died), local
        or on a gateway: an execution waiting on it ends with a message instead of at the timeout,
        and the next one says the kernel's state is gone. A kernel shut down: its channel closes."""
        kernel_id = data.get("kernel_id")
        if kernel_id and data.get("action") == "restart":
            self.executor.kernel_restarted(kernel_id)
        elif kernel_id and data.get("action") == "shutdown":
            self.executor.forget(kernel_id)

    def initialize_handlers(self) -> None:
        self.handlers.extend(make_handlers(self.service, self.info))

    async def stop_extension(self) -> None:
        await self.service.shutdown()
        if self.tools is not None:
            await self.tools.close()
        if self.local_server is not None:
            self.local_server.stop()
        self.executor.close()
        self.store.close()
