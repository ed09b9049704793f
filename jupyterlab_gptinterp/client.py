"""A headless client of the extension's own protocol, for scripts, evals and tests.

It talks to a running Jupyter server exactly as the browser does: the token in the
``Authorization`` header, the version handshake at ``/gptinterp/info``, then the authenticated
websocket at ``/gptinterp/ws``; kernels and notebooks through the server's REST API. Messages in
both directions are the pydantic models of `protocol.py`.

    async with GPTInterpClient("http://localhost:8889/", token) as c:
        kernel_id = await c.start_kernel_session("analysis.ipynb")
        chat = await c.open_chat("analysis.ipynb")
        view = await c.notebook_view("analysis.ipynb", kernel_id)
        result = await c.run_turn(chat.chat.chat_id, "What is 6*7?", view)
        print(result.answer)

Every message received is kept in ``received`` in arrival order; ``events()`` iterates over them
from a point on. Nothing is consumed, so waiting for a reply never steals an event from a reader.
The client does not write generated cells into the notebook file (the browser's mirror does);
the kernel state is shared all the same.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import itertools
import json
import os
import posixpath
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, get_args
from urllib.parse import quote, urlsplit, urlunsplit

import nbformat
from pydantic import BaseModel, TypeAdapter, ValidationError
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse
from tornado.websocket import WebSocketClientConnection, websocket_connect

from .agent.context import head_tail
from .agent.outputs import output_text
from .errors import ErrorCode
from .protocol import (
    PROTOCOL_VERSION,
    VIEW_LIMITS,
    Ack,
    Action,
    AnyChatEvent,
    AnyClientMessage,
    AnyServerMessage,
    Approve,
    AssistantDelta,
    AssistantMessage,
    CellView,
    ChatEvent,
    ChatOpened,
    Error,
    ExecutionDone,
    ExecutionOutput,
    ExecutionStarted,
    Info,
    NotebookView,
    OpenChat,
    ProposalDecided,
    ProposalEvent,
    Reject,
    SendMessage,
    SentReply,
    ServerMessage,
    StatusEvent,
    Stop,
    TurnEnded,
    TurnStarted,
    UserMessageEvent,
)

server_message_adapter: TypeAdapter[AnyServerMessage] = TypeAdapter(ServerMessage)
M = TypeVar("M", bound=BaseModel)
_CHAT_EVENTS = get_args(AnyChatEvent)


# --- errors ----------------------------------------------------------------------------------


class ClientError(Exception):
    """Anything this client reports."""


class AuthenticationError(ClientError):
    """The server refused the token (HTTP 401/403)."""


class ServerError(ClientError):
    """A typed `error` reply of the server to one of our requests."""

    def __init__(self, error: Error):
        self.error = error
        self.code: ErrorCode = error.code
        super().__init__(f"{error.code.value}: {error.message}")


class ConnectionClosed(ClientError):
    """The websocket closed while we were waiting on it."""


# --- decisions and results -------------------------------------------------------------------


@dataclass
class Decision:
    """What to do with a proposal: approve (with `code`, or as proposed when None) or reject."""

    approved: bool = True
    code: str | None = None
    reason: str = ""
    run: bool = True  # False accepts a cell replacement without running it
    after_cell_id: str | None = None

    @classmethod
    def approve(cls, code: str | None = None, *, run: bool = True, after_cell_id: str | None = None) -> Decision:
        return cls(True, code, run=run, after_cell_id=after_cell_id)

    @classmethod
    def reject(cls, reason: str = "") -> Decision:
        return cls(False, reason=reason)


Decide = Callable[[ProposalEvent], Decision | bool | Awaitable[Decision | bool]]


@dataclass
class Execution:
    """One approved run: what ran, its nbformat outputs in order, and how it ended."""

    proposal_id: str
    code: str
    kernel_id: str
    outputs: list[dict[str, Any]] = field(default_factory=list)
    status: str | None = None  # ok, error, aborted; None while running
    execution_count: int | None = None
    message: str = ""

    @property
    def text(self) -> str:
        """The outputs as text, each as the model is shown it (`agent/outputs.py`): streams and
        text results as printed, an error as its traceback, images described."""
        return "".join(output_text(out) for out in self.outputs)


@dataclass
class TurnResult:
    chat_id: str
    turn_id: str = ""
    events: list[AnyServerMessage] = field(default_factory=list)  # every message of this chat during the turn
    messages: list[AssistantMessage] = field(default_factory=list)
    proposals: list[ProposalEvent] = field(default_factory=list)
    decisions: list[ProposalDecided] = field(default_factory=list)
    executions: list[Execution] = field(default_factory=list)
    ended: TurnEnded | None = None

    @property
    def answer(self) -> str:
        """The model's last message of the turn ("" if it sent none)."""
        return self.messages[-1].text if self.messages else ""

    @property
    def reason(self) -> str:
        return self.ended.reason if self.ended else ""

    @property
    def steps(self) -> int:
        """Model calls in the turn, as the server counted them (a server that does not report
        them: each proposal, plus the final answer)."""
        calls = getattr(self.ended, "llm_calls", 0)
        return calls or len(self.proposals) + (1 if self.reason == "answer" and self.answer else 0)


class OpenedChat(ChatOpened):
    """`chat_opened`, with the events the server replayed after it (seq > after_seq)."""

    replay: list[ChatEvent] = []


# --- the notebook as the browser describes it -------------------------------------------------


def view_of_notebook(
    nb: Mapping[str, Any], path: str, kernel_id: str | None = None, active_cell_id: str | None = None
) -> NotebookView:
    """The NotebookView of this nbformat notebook (dict or node), bounded as the browser bounds
    its own (the protocol's VIEW_LIMITS): the cells nearest the active one (default: the last),
    each source and output cut to its head and tail, outputs as text as the model reads them."""
    cells = [_cell_view(cell, i) for i, cell in enumerate(nb.get("cells", []))]
    ids = [c.id for c in cells]
    active = ids.index(active_cell_id) if active_cell_id in ids else len(cells) - 1
    nearest = sorted(range(len(cells)), key=lambda i: (abs(i - active), -i))[: VIEW_LIMITS.cells]
    chosen: list[int] = []
    budget = VIEW_LIMITS.total
    for i in nearest:
        budget -= len(cells[i].source) + sum(len(o) for o in cells[i].outputs)
        if budget < 0:
            break
        chosen.append(i)
    return NotebookView(
        path=path,
        kernel_id=kernel_id,
        active_cell_id=ids[active] if cells else None,
        cells=[cells[i] for i in sorted(chosen)],
    )


def _cell_view(cell: Mapping[str, Any], index: int) -> CellView:
    kind = cell.get("cell_type")
    source = cell.get("source", "")
    view = CellView(
        id=str(cell.get("id") or f"cell-{index}")[:128],
        cell_type=kind if kind in ("code", "markdown") else "raw",
        source=head_tail("".join(source) if isinstance(source, list) else str(source or ""), VIEW_LIMITS.source),
    )
    if kind == "code":
        view.execution_count = cell.get("execution_count")
        outputs = cell.get("outputs", [])[-VIEW_LIMITS.outputs_per_cell :]
        view.outputs = [head_tail(output_text(o), VIEW_LIMITS.output) for o in outputs]
    return view


# --- the client ------------------------------------------------------------------------------


class GPTInterpClient:
    """One authenticated websocket to the extension, plus the REST calls a script needs."""

    def __init__(self, base_url: str, token: str, *, timeout: float = 60.0):
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.token = token
        self.timeout = timeout  # for REST calls and for the server's reply to a request
        self.info: Info | None = None
        self.received: list[AnyServerMessage] = []  # every server message, parsed, in arrival order
        self._ws: WebSocketClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._arrived = asyncio.Event()
        self._closed = False
        self._ids = itertools.count(1)
        self._subscribed: set[str] = set()
        self._sessions: dict[str, str] = {}  # kernel id -> session id, for end_kernel_session

    @classmethod
    async def connect(cls, base_url: str, token: str, *, timeout: float = 60.0) -> GPTInterpClient:
        client = cls(base_url, token, timeout=timeout)
        await client.open()
        return client

    async def __aenter__(self) -> GPTInterpClient:
        await self.open()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def open(self) -> None:
        """Handshake (refuses a server speaking another protocol version), then the websocket."""
        self.info = Info.model_validate(await self._rest("GET", "gptinterp/info"))
        if self.info.protocol_version != PROTOCOL_VERSION:
            raise ClientError(
                f"The server speaks protocol {self.info.protocol_version}, this client {PROTOCOL_VERSION}: "
                "upgrade the one that is older."
            )
        scheme, netloc, path, _, _ = urlsplit(self.base_url + "gptinterp/ws")
        url = urlunsplit(("wss" if scheme == "https" else "ws", netloc, path, "", ""))
        request = HTTPRequest(url, headers=self._headers(), connect_timeout=self.timeout)
        try:
            self._ws = await websocket_connect(request, max_message_size=256 * 1024 * 1024)
        except HTTPClientError as exc:
            if exc.code in (401, 403):
                raise AuthenticationError(f"The server refused the token ({exc.code}).") from None
            raise
        self._reader = asyncio.ensure_future(self._read())

    async def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 10)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                self._reader.cancel()
        self._closed = True

    # --- reading -----------------------------------------------------------------------------

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            while True:
                raw = await self._ws.read_message()
                if raw is None:
                    break
                try:
                    msg = server_message_adapter.validate_json(raw)
                except ValidationError:
                    continue  # a message type from a newer server: not ours to interpret
                self.received.append(msg)
                self._wake()
        finally:
            self._closed = True
            self._wake()

    def _wake(self) -> None:
        self._arrived.set()
        self._arrived = asyncio.Event()

    async def _at(self, index: int, deadline: float | None) -> AnyServerMessage:
        """The message at `index` of `received`, waiting for it to arrive."""
        loop = asyncio.get_running_loop()
        while index >= len(self.received):
            if self._closed:
                raise ConnectionClosed("The websocket to the server closed.")
            arrived = self._arrived
            timeout = None if deadline is None else max(deadline - loop.time(), 0)
            if timeout == 0:
                raise asyncio.TimeoutError()
            await asyncio.wait_for(arrived.wait(), timeout)
        return self.received[index]

    def _deadline(self, timeout: float | None) -> float | None:
        return None if timeout is None else asyncio.get_running_loop().time() + timeout

    async def _until(
        self, start: int, match: Callable[[AnyServerMessage], bool], timeout: float | None
    ) -> tuple[int, AnyServerMessage]:
        deadline = self._deadline(timeout)
        index = start
        while True:
            msg = await self._at(index, deadline)
            if match(msg):
                return index, msg
            index += 1

    def events(self, since: int | None = None, timeout: float | None = None) -> _Events:
        """Server messages from now on (or from index `since` of `received`), as they arrive;
        `timeout` bounds the wait for each one. Ends when the connection closes."""
        return _Events(self, len(self.received) if since is None else since, timeout)

    # --- requests ----------------------------------------------------------------------------

    def _rid(self) -> str:
        return f"py-{next(self._ids)}"

    async def _write(self, message: AnyClientMessage) -> None:
        if self._ws is None or self._closed:
            raise ConnectionClosed("Not connected.")
        await self._ws.write_message(message.model_dump_json(exclude_none=True))

    async def _request(self, message: AnyClientMessage, kind: type[M], match: Callable[[M], bool]) -> tuple[int, M]:
        """Send, then wait for the reply: the `kind` of message `match` accepts, or an error for this
        request (or one with no request id: the server could not even parse the frame, e.g. it
        was too large)."""
        start = len(self.received)
        await self._write(message)
        rid = message.request_id

        def answers(m: AnyServerMessage) -> bool:
            if isinstance(m, Error):
                return m.request_id in (rid, None)
            return isinstance(m, kind) and match(m)

        index, msg = await self._until(start, answers, self.timeout)
        if isinstance(msg, Error):
            raise ServerError(msg)
        assert isinstance(msg, kind)  # what answers() accepted
        return index, msg

    async def open_chat(self, notebook_path: str, chat_id: str | None = None, after_seq: int = 0) -> OpenedChat:
        """Subscribe to a chat (a new one when chat_id is None); returns it with the replayed events."""
        rid = self._rid()
        message = OpenChat(
            type="open_chat", request_id=rid, notebook_path=notebook_path, chat_id=chat_id, after_seq=after_seq
        )
        index, opened = await self._request(message, ChatOpened, lambda m: m.request_id == rid)
        cid = opened.chat.chat_id
        self._subscribed.add(cid)
        replay: list[AnyChatEvent] = []
        if opened.last_seq > after_seq:  # the server sends the replay right after chat_opened
            deadline = self._deadline(self.timeout)
            while not replay or replay[-1].seq < opened.last_seq:
                index += 1
                msg = await self._at(index, deadline)
                if isinstance(msg, _CHAT_EVENTS) and msg.chat_id == cid and after_seq < msg.seq <= opened.last_seq:
                    replay.append(msg)
        return OpenedChat.model_validate({**opened.model_dump(), "replay": replay})

    async def send(
        self, chat_id: str, text: str, notebook: NotebookView, action: Action = "chat", cell_id: str | None = None
    ) -> UserMessageEvent:
        """Start a turn; returns once the server has recorded the message (raises ServerError)."""
        if chat_id not in self._subscribed:
            raise ClientError(f"Open chat {chat_id} on this connection first (open_chat), to receive its events.")
        message = SendMessage(
            type="send_message",
            request_id=self._rid(),
            chat_id=chat_id,
            text=text,
            notebook=notebook,
            action=action,
            cell_id=cell_id,
        )
        _, event = await self._request(message, UserMessageEvent, lambda m: m.chat_id == chat_id)
        return event

    async def approve(
        self,
        chat_id: str,
        proposal_id: str,
        code: str,
        run: bool = True,
        kernel_id: str | None = None,
        after_cell_id: str | None = None,
    ) -> ProposalDecided:
        """Approve `proposal_id` with exactly `code`; returns the server's recorded decision."""
        message = Approve(
            type="approve",
            request_id=self._rid(),
            chat_id=chat_id,
            proposal_id=proposal_id,
            code=code,
            run=run,
            kernel_id=kernel_id,
            after_cell_id=after_cell_id,
        )
        return (await self._request(message, ProposalDecided, _decided(chat_id, proposal_id)))[1]

    async def reject(self, chat_id: str, proposal_id: str, reason: str = "") -> ProposalDecided:
        message = Reject(type="reject", request_id=self._rid(), chat_id=chat_id, proposal_id=proposal_id, reason=reason)
        return (await self._request(message, ProposalDecided, _decided(chat_id, proposal_id)))[1]

    async def stop(self, chat_id: str) -> None:
        """Stop the chat's turn; returns when the server has (its `ack`; the turn's `turn_ended`,
        if one ran, came before it)."""
        message = Stop(type="stop", request_id=self._rid(), chat_id=chat_id)
        await self._request(message, Ack, lambda m: m.request_id == message.request_id)

    async def run_turn(
        self,
        chat_id: str,
        text: str,
        notebook: NotebookView,
        decide: Decide | None = None,
        *,
        action: Action = "chat",
        cell_id: str | None = None,
        on_event: Callable[[AnyServerMessage], object] | None = None,
        timeout: float | None = None,
    ) -> TurnResult:
        """Send `text`, decide each proposal with `decide` (default: approve as proposed), and return
        when the turn ends. `on_event` sees every message of the chat as it arrives."""
        start = len(self.received)
        await self.send(chat_id, text, notebook, action, cell_id)
        deadline = self._deadline(timeout)
        result = TurnResult(chat_id)
        runs: dict[str, Execution] = {}
        index = start
        while True:
            msg = await self._at(index, deadline)
            index += 1
            if getattr(msg, "chat_id", None) != chat_id:
                continue
            result.events.append(msg)
            if on_event is not None:
                shown = on_event(msg)
                if inspect.isawaitable(shown):
                    await shown
            if isinstance(msg, TurnStarted) and not result.turn_id:
                result.turn_id = msg.turn_id
            elif isinstance(msg, AssistantMessage):
                result.messages.append(msg)
            elif isinstance(msg, ProposalEvent):
                result.proposals.append(msg)
                await self._decide(chat_id, msg, notebook, decide)
            elif isinstance(msg, ProposalDecided):
                result.decisions.append(msg)
            elif isinstance(msg, ExecutionStarted):
                runs[msg.proposal_id] = Execution(msg.proposal_id, msg.code, msg.kernel_id)
                result.executions.append(runs[msg.proposal_id])
            elif isinstance(msg, ExecutionOutput) and msg.proposal_id in runs:
                runs[msg.proposal_id].outputs.append(msg.output)
            elif isinstance(msg, ExecutionDone) and msg.proposal_id in runs:
                run = runs[msg.proposal_id]
                run.status, run.execution_count, run.message = msg.status, msg.execution_count, msg.message
            elif isinstance(msg, TurnEnded) and msg.turn_id == result.turn_id:
                result.ended = msg
                return result

    async def _decide(
        self, chat_id: str, proposal: ProposalEvent, notebook: NotebookView, decide: Decide | None
    ) -> None:
        chosen = decide(proposal) if decide is not None else Decision()
        if inspect.isawaitable(chosen):
            chosen = await chosen
        choice = chosen if isinstance(chosen, Decision) else Decision(bool(chosen))
        try:
            if choice.approved:
                await self.approve(
                    chat_id,
                    proposal.proposal_id,
                    proposal.code if choice.code is None else choice.code,
                    run=choice.run,
                    kernel_id=notebook.kernel_id,
                    after_cell_id=choice.after_cell_id,
                )
            else:
                await self.reject(chat_id, proposal.proposal_id, choice.reason)
        except ServerError as exc:
            if exc.code != ErrorCode.proposal_decided:  # decided elsewhere (another tab, Stop): go on
                raise

    # --- REST: notebooks and kernels ---------------------------------------------------------

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"token {self.token}"}

    async def _rest(self, method: str, path: str, body: Any = None, ok_missing: bool = False) -> Any:
        request = HTTPRequest(
            self.base_url + path,
            method=method,
            headers={**self._headers(), "Content-Type": "application/json"},
            body=None if body is None else json.dumps(body),
            request_timeout=self.timeout,
            connect_timeout=self.timeout,
        )
        try:
            response: HTTPResponse = await AsyncHTTPClient().fetch(request, raise_error=False)
        except (OSError, HTTPClientError) as exc:  # refused, unreachable, timed out
            raise ClientError(f"{method} {self.base_url}{path}: {exc}") from exc
        if response.code in (401, 403):
            raise AuthenticationError(f"The server refused the token ({response.code}).")
        if ok_missing and response.code == 404:
            return None
        if response.code >= 400 or response.code == 599:
            detail = response.body.decode(errors="replace")[:500] if response.body else str(response.error)
            raise ClientError(f"{method} {path}: HTTP {response.code} {detail}")
        return json.loads(response.body) if response.body else None

    async def sent(self, chat_id: str) -> SentReply:
        """What the model was sent in the chat's latest call (since the server started)."""
        return SentReply.model_validate(await self._rest("GET", f"gptinterp/chats/{quote(chat_id)}/sent"))

    @staticmethod
    def _contents(path: str) -> str:
        return "api/contents/" + quote(path.strip("/"))

    async def read_notebook(self, path: str) -> nbformat.NotebookNode:
        model = await self._rest("GET", self._contents(path) + "?type=notebook&content=1")
        return nbformat.from_dict(model["content"])

    async def start_kernel_session(self, notebook_path: str, kernel_name: str = "python3") -> str:
        """The kernel of the notebook's session, started as opening it in JupyterLab would (the
        notebook is created, empty, when missing). Returns the kernel id."""
        if await self._rest("GET", self._contents(notebook_path) + "?content=0", ok_missing=True) is None:
            parts = notebook_path.strip("/").split("/")[:-1]
            for depth in range(1, len(parts) + 1):  # the folders first, as the file browser would
                folder = "/".join(parts[:depth])
                if await self._rest("GET", self._contents(folder) + "?content=0", ok_missing=True) is None:
                    await self._rest("PUT", self._contents(folder), {"type": "directory"})
            empty = nbformat.v4.new_notebook()
            empty.metadata["kernelspec"] = {"name": kernel_name, "display_name": kernel_name, "language": "python"}
            await self._rest(
                "PUT", self._contents(notebook_path), {"type": "notebook", "format": "json", "content": empty}
            )
        session = await self._rest(
            "POST",
            "api/sessions",
            {
                "path": notebook_path,
                "name": posixpath.basename(notebook_path),
                "type": "notebook",
                "kernel": {"name": kernel_name},
            },
        )
        kernel_id = session["kernel"]["id"]
        self._sessions[kernel_id] = session["id"]
        return kernel_id

    async def end_kernel_session(self, kernel_id: str) -> None:
        """End a session this client started (its kernel shuts down)."""
        session_id = self._sessions.pop(kernel_id, None)
        if session_id is not None:
            await self._rest("DELETE", f"api/sessions/{session_id}", ok_missing=True)

    async def notebook_view(
        self,
        path_or_nb: str | Mapping[str, Any],
        kernel_id: str | None,
        *,
        path: str | None = None,
        active_cell_id: str | None = None,
    ) -> NotebookView:
        """The view a client sends (see view_of_notebook): of the notebook at this path (read
        through the Contents API), or of an nbformat notebook given with its `path`."""
        nb: Mapping[str, Any]
        if isinstance(path_or_nb, str):
            path, nb = path_or_nb, await self.read_notebook(path_or_nb)
        else:
            nb = path_or_nb
            if path is None:
                raise ClientError("notebook_view(nb, ...) needs path=")
        return view_of_notebook(nb, path, kernel_id, active_cell_id)


def _decided(chat_id: str, proposal_id: str) -> Callable[[ProposalDecided], bool]:
    return lambda m: m.chat_id == chat_id and m.proposal_id == proposal_id


class _Events:
    """`async for msg in client.events()`: the cursor is set when events() is called."""

    def __init__(self, client: GPTInterpClient, index: int, timeout: float | None):
        self.client, self.index, self.timeout = client, index, timeout

    def __aiter__(self) -> _Events:
        return self

    async def __anext__(self) -> AnyServerMessage:
        try:
            msg = await self.client._at(self.index, self.client._deadline(self.timeout))
        except ConnectionClosed:
            raise StopAsyncIteration from None
        self.index += 1
        return msg


# --- command line ----------------------------------------------------------------------------


def _print_event(msg: AnyServerMessage) -> None:
    out = sys.stdout
    if isinstance(msg, AssistantDelta):
        out.write(msg.delta)
    elif isinstance(msg, AssistantMessage):
        out.write("\n")
    elif isinstance(msg, StatusEvent):
        out.write(f"[{msg.text}]\n")
    elif isinstance(msg, ProposalEvent):
        what = f"replace cell {msg.cell_id}" if msg.kind == "replace_cell" else "run"
        out.write(f"\n--- proposal {msg.proposal_id} ({what}): {msg.reason}\n{msg.code}\n---\n")
    elif isinstance(msg, ProposalDecided):
        out.write(f"[{msg.decision}{': ' + msg.reason if msg.reason else ''}]\n")
    elif isinstance(msg, ExecutionOutput):
        text = output_text(msg.output)
        out.write(text if text.endswith("\n") else text + "\n")
    elif isinstance(msg, ExecutionDone):
        out.write(f"[run {msg.status}{': ' + msg.message if msg.message else ''}]\n")
    elif isinstance(msg, TurnEnded) and msg.message:
        out.write(f"[{msg.reason}: {msg.message}]\n")
    out.flush()


async def _ask(proposal: ProposalEvent) -> Decision:
    loop = asyncio.get_running_loop()
    while True:
        answer = (await loop.run_in_executor(None, input, "Run this code? [y/n] ")).strip().lower()
        if answer in ("y", "yes"):
            return Decision.approve()
        if answer in ("n", "no"):
            reason = await loop.run_in_executor(None, input, "Reason (optional, the model is told): ")
            return Decision.reject(reason.strip())


async def _main(args: argparse.Namespace) -> int:
    async with GPTInterpClient(args.url, args.token, timeout=args.timeout) as client:
        kernel_id = await client.start_kernel_session(args.notebook, args.kernel)
        opened = await client.open_chat(args.notebook, args.chat)
        chat_id = opened.chat.chat_id
        view = await client.notebook_view(args.notebook, kernel_id)
        decide = (lambda p: Decision.approve()) if args.yes else _ask
        try:
            result = await client.run_turn(chat_id, args.question, view, decide, on_event=_print_event)
        except ServerError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(f"\n[chat {chat_id}: {result.reason}; continue it with --chat {chat_id}]", file=sys.stderr)
        return 0 if result.reason == "answer" else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m jupyterlab_gptinterp.client",
        description="Ask the gptinterp assistant a question about a notebook, from a terminal.",
    )
    parser.add_argument("question")
    parser.add_argument("--url", required=True, help="the Jupyter server's URL, with its base path")
    parser.add_argument("--token", default=os.environ.get("JUPYTER_TOKEN", ""), help="default: $JUPYTER_TOKEN")
    parser.add_argument(
        "--notebook", required=True, help="notebook path relative to the server root (created if missing)"
    )
    parser.add_argument("--chat", default=None, help="continue this chat id instead of starting one")
    parser.add_argument("--kernel", default="python3", help="kernel name for a new session")
    parser.add_argument("--yes", action="store_true", help="approve every proposal without asking")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait on the server per request")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(_main(args))
    except ClientError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
