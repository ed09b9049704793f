"""Tools of MCP servers, called only with an approval: the ToolRunner seam on the official `mcp` SDK.

The admin lists servers in `c.GPTInterp.mcp_servers` (a command spoken to over stdio, or a
streamable HTTP url) and names the ones that may be used in `c.GPTInterp.mcp_allowed_servers`;
nothing else is started or called. Each server has one connection, opened on first use by a task
that owns it (the SDK's transports must close in the task that opened them); a connection that
breaks is opened again on the next use. `call` takes nothing but an unspent `Approval` of kind
mcp_tool, whose code is the JSON object of arguments the user approved; the call is bounded by
`timeout`, and its result is reduced to text with provider keys redacted.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .agent.seams import ToolResult, ToolSpec
from .approval import MCP_TOOL, Approval, check_arguments
from .keys import ProviderKeys

log = logging.getLogger(__name__)

RETRY_AFTER = 30.0  # seconds before a server that could not be reached is tried again


class McpServerSpec(BaseModel):
    """One entry of `c.GPTInterp.mcp_servers`: `command` (+ args, env, cwd) or `url` (+ headers)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,30}$")
    command: str = ""
    args: list[str] = []
    env: dict[str, str] = {}  # added to the SDK's minimal environment (no keys of ours are passed)
    cwd: str | None = None
    url: str = ""
    headers: dict[str, str] = {}

    @model_validator(mode="after")
    def _one_transport(self) -> McpServerSpec:
        if bool(self.command) == bool(self.url):
            raise ValueError(f"MCP server {self.name!r}: give either 'command' (stdio) or 'url' (streamable HTTP)")
        return self


def server_specs(servers: dict[str, Any], allowed: list[str]) -> tuple[list[McpServerSpec], list[str]]:
    """The configured servers the admin allows, and the names of those left out."""
    specs = [McpServerSpec.model_validate({**dict(value), "name": name}) for name, value in servers.items()]
    return [s for s in specs if s.name in allowed], [s.name for s in specs if s.name not in allowed]


def tool_name(server: str, tool: str) -> str:
    """The name the model calls: `<server>__<tool>`, in the characters function names allow."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{server}__{tool}")[:64]


class _Connection:
    """One server's client, owned by one task from open to close."""

    def __init__(self, spec: McpServerSpec, connect_timeout: float):
        self.spec = spec
        self.connect_timeout = connect_timeout
        self.client: Any = None
        self.task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()
        self.closing = asyncio.Event()
        self.error = ""
        self.failed_at = 0.0

    async def get(self) -> Any:
        """The connected client, opening the connection if it is not open."""
        if self.task is not None and not self.task.done() and self.closing.is_set():
            await self.close()  # a broken connection winds down before a new one opens
        if self.task is None or self.task.done():
            self.ready, self.closing, self.error, self.client = asyncio.Event(), asyncio.Event(), "", None
            self.task = asyncio.ensure_future(self._own())
        try:
            await asyncio.wait_for(asyncio.shield(self.ready.wait()), self.connect_timeout)
        except asyncio.TimeoutError:
            await self.close()
            self.error = f"it did not answer within {self.connect_timeout:g} s"
        if self.client is None:
            self.failed_at = time.monotonic()
            raise ConnectionError(self.error or "it closed the connection")
        return self.client

    async def _own(self) -> None:
        try:
            async with _client(self.spec) as client:
                self.client = client
                self.ready.set()
                await self.closing.wait()
        except Exception as exc:  # the server could not be started, or it went away
            self.error = _describe(exc)
            log.warning("gptinterp: MCP server %s: %s", self.spec.name, self.error)
        finally:
            self.client = None
            self.ready.set()

    def broken(self) -> None:
        """The connection failed a call: close it, so the next use opens a new one."""
        self.closing.set()

    async def close(self) -> None:
        self.closing.set()
        if self.task is not None and not self.task.done():
            try:
                await asyncio.wait_for(asyncio.shield(self.task), 5)
            except (asyncio.TimeoutError, Exception):
                self.task.cancel()
                await asyncio.gather(self.task, return_exceptions=True)


def _client(spec: McpServerSpec) -> Any:
    """The SDK's client for one server (imported here: the `mcp` extra may not be installed)."""
    import mcp

    if not spec.url:
        params = mcp.StdioServerParameters(command=spec.command, args=spec.args, env=spec.env or None, cwd=spec.cwd)
        return mcp.Client(params, cache=None)
    if not spec.headers:
        return mcp.Client(spec.url, cache=None)
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    http = create_mcp_http_client(headers=spec.headers)
    return mcp.Client(_ClosingTransport(streamable_http_client(spec.url, http_client=http), http), cache=None)


class _ClosingTransport:
    """A streamable HTTP transport on our own HTTP client (for its headers), closed with it."""

    def __init__(self, streams: Any, http: Any):
        self.streams, self.http = streams, http

    async def __aenter__(self) -> Any:
        return await self.streams.__aenter__()

    async def __aexit__(self, *exc: Any) -> Any:
        try:
            return await self.streams.__aexit__(*exc)
        finally:
            await self.http.aclose()


class McpTools:
    """The ToolRunner seam: the allowed servers' tools, and approved calls to them."""

    def __init__(
        self,
        servers: list[McpServerSpec],
        timeout: float = 60.0,
        connect_timeout: float = 30.0,
        keys: ProviderKeys | None = None,
    ):
        self.timeout = timeout
        self.keys = keys or ProviderKeys()
        self._connections = {s.name: _Connection(s, connect_timeout) for s in servers}
        self._tools: dict[str, ToolSpec] = {}  # by the name the model calls

    async def specs(self) -> list[ToolSpec]:
        listed = await asyncio.gather(*(self._list(c) for c in self._connections.values()))
        self._tools = {t.name: t for tools in listed for t in tools}
        return list(self._tools.values())

    async def _list(self, connection: _Connection) -> list[ToolSpec]:
        if connection.failed_at and time.monotonic() - connection.failed_at < RETRY_AFTER:
            return []  # not every turn waits on a server that is down
        try:
            client = await connection.get()
            result = await asyncio.wait_for(client.list_tools(), connection.connect_timeout)
        except Exception as exc:
            log.warning("gptinterp: MCP server %s offers no tools now: %s", connection.spec.name, _describe(exc))
            connection.broken()
            connection.failed_at = time.monotonic()
            return []
        connection.failed_at = 0.0
        server = connection.spec.name
        return [
            ToolSpec(
                name=tool_name(server, t.name),
                server=server,
                tool=t.name,
                description=(t.description or t.title or "")[:1000],
                parameters=dict(t.input_schema or {"type": "object"}),
            )
            for t in result.tools
        ]

    async def call(self, approval: Approval) -> ToolResult:
        if not isinstance(approval, Approval) or approval.kind != MCP_TOOL:
            raise TypeError("call() needs an Approval of a tool call")
        arguments = check_arguments(approval.spend())
        spec = self._tools.get(approval.tool)
        if spec is None:  # a proposal restored after a restart: the tools are not listed yet
            await self.specs()
            spec = self._tools.get(approval.tool)
        if spec is None or spec.server not in self._connections:
            return ToolResult("error", message=f"The tool {approval.tool} is not offered on this server now.")
        connection = self._connections[spec.server]
        try:
            client = await connection.get()
        except ConnectionError as exc:
            return ToolResult("error", message=f"The MCP server {spec.server} could not be reached: {exc}.")
        try:
            result = await asyncio.wait_for(
                client.call_tool(spec.tool, arguments, read_timeout_seconds=self.timeout), self.timeout + 5
            )
        except asyncio.TimeoutError:
            return self._timed_out(spec)
        except Exception as exc:
            if _is_timeout(exc):
                return self._timed_out(spec)
            connection.broken()
            return ToolResult(
                "error",
                message=f"The MCP server {spec.server} stopped or failed during the call ({_describe(exc)}); "
                "it is started again on the next call.",
            )
        text = self.keys.redact(result_text(result))
        return ToolResult("error" if result.is_error else "ok", text)

    def _timed_out(self, spec: ToolSpec) -> ToolResult:
        return ToolResult(
            "aborted",
            message=f"The tool {spec.tool} of {spec.server} did not answer within {self.timeout:g} s; the call was "
            "abandoned.",
        )

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self._connections.values()), return_exceptions=True)


def result_text(result: Any) -> str:
    """A tool's result as text: its text parts, other parts described, structured content as JSON
    when there is no text."""
    parts: list[str] = []
    for item in result.content or []:
        kind = getattr(item, "type", "")
        if kind == "text":
            parts.append(item.text)
        elif kind in ("image", "audio"):
            parts.append(f"[{kind} {getattr(item, 'mime_type', '')}, {len(getattr(item, 'data', '')) * 3 // 4} bytes]")
        elif kind == "resource":
            resource = item.resource
            parts.append(getattr(resource, "text", None) or f"[resource {resource.uri}]")
        elif kind == "resource_link":
            parts.append(f"[link {item.uri}]")
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False, indent=1))
    return "\n".join(parts)


def _is_timeout(exc: BaseException) -> bool:
    from mcp.types import REQUEST_TIMEOUT

    return getattr(getattr(exc, "error", None), "code", None) == REQUEST_TIMEOUT or "timed out" in str(exc).lower()


def _describe(exc: BaseException) -> str:
    """An exception in one line; an exception group by its first leaf."""
    while getattr(exc, "exceptions", None):  # an exception group (anyio's task groups raise them)
        exc = exc.exceptions[0]  # type: ignore[attr-defined]
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:300]
