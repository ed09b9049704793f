"""ChatService: one session per chat, its running turn, its subscribers; the loop's Sink.

The websocket handler calls these methods and nothing else. Each event is stored (getting its
seq) before it is broadcast, so what a client saw is always in the history.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import uploads
from .agent.config import ChatState, LoopConfig
from .agent.context import outcome_for_model
from .agent.loop import AgentLoop
from .agent.seams import LLM, Executor, ToolRunner, Workspace
from .agent.settle import settle_proposal
from .approval import MCP_TOOL, ApprovalGate, Proposal
from .errors import ErrorCode, GPTInterpError
from .history import HistoryStore
from .kernel import NotebookKernels
from .keys import ProviderKeys
from .mcp_tools import tool_name
from .names import without_bidi_controls
from .protocol import (
    Action,
    AnyChatEvent,
    ApprovalMode,
    ApprovalModeEvent,
    AssistantDelta,
    ChatInfo,
    NotebookView,
    PhaseEvent,
    ProposalDecided,
    ProposalEvent,
    SentMessage,
    StatusEvent,
    TurnEnded,
)

Send = Callable[[str], Any]
log = logging.getLogger(__name__)


@dataclass
class _Session:
    state: ChatState
    subscribers: set[Send] = field(default_factory=set)
    task: asyncio.Task[Any] | None = None
    restored: list[asyncio.Future[None]] = field(default_factory=list)  # proposals back from history
    # Streamed text not yet sent: (message_id, parts). Deltas parsed in one event-loop turn go
    # out as one frame; the first of a message goes at once (first-token latency).
    pending: tuple[str, list[str]] | None = None
    streaming: str | None = None  # the message whose first delta has been sent
    approval_mode: ApprovalMode = "ask"  # "auto": run proposals as proposed, while the admin allows it
    # Undecided proposals: the notebook each was made in, and the kernel the request named.
    proposals: dict[str, tuple[str, str]] = field(default_factory=dict)
    phase: str | None = None  # the running turn's phase, as sent (a client opening the chat gets it)

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()


class ChatService:
    def __init__(
        self,
        store: HistoryStore,
        gate: ApprovalGate,
        executor: Executor,
        provider: Callable[[str | None], tuple[LLM, LoopConfig]],
        allow_auto_run: bool = False,
        workspace: Workspace | None = None,
        max_upload_mb: float = 0,
        keys: ProviderKeys | None = None,
        kernels: NotebookKernels | None = None,
        tools: ToolRunner | None = None,
    ):
        self.store = store
        self.workspace = workspace  # the notebooks' files, where they are on this server's disk
        self.gate = gate
        self.executor = executor
        self.provider = provider  # a model id (None: the default) → its client and the loop settings that suit it
        self.allow_auto_run = allow_auto_run  # the admin's lock on approval_mode "auto"
        self.max_upload_mb = max_upload_mb  # the admin's limit on an attached file (0: none)
        self.keys = keys or ProviderKeys()  # redacted from the notebook the browser reports
        # `await kernels.of(path)`: the kernel ids of the notebook's session. Without it no kernel
        # can be shown to be the notebook's, and every request is refused.
        self.kernels = kernels
        self.tools = tools  # the MCP servers' tools the admin allows (None: MCP is off)
        self._sessions: dict[str, _Session] = {}

    # --- chats and subscriptions ---------------------------------------------------------------

    def open_chat(self, notebook_path: str, chat_id: str | None = None) -> ChatInfo:
        if chat_id is None:
            return self.store.create_chat(notebook_path)
        return self._chat(chat_id)

    def _chat(self, chat_id: str) -> ChatInfo:
        info = self.store.get_chat(chat_id)
        if info is None:
            raise GPTInterpError(ErrorCode.unknown_chat)
        return info

    def list_chats(self, notebook_path: str | None = None) -> list[ChatInfo]:
        return self.store.list_chats(notebook_path)

    def rename_chat(self, chat_id: str, title: str) -> ChatInfo:
        self._chat(chat_id)
        title = without_bidi_controls(title).strip()
        if not title:
            raise GPTInterpError(ErrorCode.invalid_message, "A chat title needs a visible character.")
        self.store.set_title(chat_id, title)
        return self._chat(chat_id)

    async def delete_chat(self, chat_id: str) -> None:
        """Stop its turn, drop its pending proposals (they can never run), then forget it."""
        self._chat(chat_id)
        session = self._sessions.pop(chat_id, None)
        self.gate.cancel_chat(chat_id, reason="The chat was deleted.")  # first, as Stop does
        task = session.task if session is not None else None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait([task], timeout=30)
        if session is not None and session.restored:
            # Proposals restored after a restart record their cancellation before the chat goes.
            await asyncio.wait(session.restored, timeout=30)
        self.store.delete_chat(chat_id)

    def notebook_moved(self, old_path: str, new_path: str) -> int:
        return self.store.move_notebook(old_path, new_path)

    def last_request(self, chat_id: str) -> list[SentMessage]:
        """What the model was sent in this chat's latest call (since the server started), images
        as placeholders. Only messages: no key, no endpoint."""
        self._chat(chat_id)
        session = self._sessions.get(chat_id)
        return [_shown(m) for m in session.state.last_request] if session else []

    def replay(self, chat_id: str, after_seq: int = 0) -> list[str]:
        """The chat's events after `after_seq`, as the JSON frames a client receives."""
        return self.store.raw_events(chat_id, after_seq)

    def last_seq(self, chat_id: str) -> int:
        return self.store.last_seq(chat_id)

    def subscribe(self, chat_id: str, send: Send) -> None:
        self._session(chat_id).subscribers.add(send)

    def unsubscribe_all(self, send: Send) -> None:
        for session in self._sessions.values():
            session.subscribers.discard(send)

    def _session(self, chat_id: str) -> _Session:
        session = self._sessions.get(chat_id)
        if session is None:
            self._chat(chat_id)
            events = self.store.events(chat_id)
            session = self._sessions[chat_id] = _Session(ChatState(chat_id, memory_from_events(events)))
            modes = [ev["mode"] for ev in events if ev["type"] == "approval_mode"]
            session.approval_mode = modes[-1] if modes else "ask"
            self._recover(session, events)
        return session

    def _recover(self, session: _Session, events: list[dict[str, Any]]) -> None:
        """A chat loaded from history after a restart: close the turn the restart cut short, and
        bring its undecided proposals back as pending (never run without a new approval)."""
        chat_id = session.state.chat_id
        open_turn = None
        for ev in events:
            if ev["type"] == "turn_started":
                open_turn = ev["turn_id"]
            elif ev["type"] == "turn_ended":
                open_turn = None
        if open_turn:
            self._record(
                TurnEnded(
                    chat_id=chat_id,
                    ts=time.time(),
                    turn_id=open_turn,
                    reason="error",
                    error_code=ErrorCode.internal,
                    message="The server restarted during this request. Code still waiting for you can be run or "
                    "rejected; send a message to continue.",
                )
            )
        decided = {ev["proposal_id"] for ev in events if ev["type"] == "proposal_decided"}
        for ev in events:
            if ev["type"] == "proposal" and ev["proposal_id"] not in decided:
                event = ProposalEvent.model_validate(ev)
                session.proposals[event.proposal_id] = (event.notebook_path, event.kernel_id)
                tool = tool_name(event.tool_server or "", event.tool_name or "") if event.kind == MCP_TOOL else ""
                proposal = self.gate.restore(chat_id, event.proposal_id, event.code, event.reason, event.kind, tool)
                session.restored.append(asyncio.ensure_future(self._settle_restored(session, event, proposal)))

    async def _settle_restored(self, session: _Session, event: ProposalEvent, proposal: Proposal) -> None:
        outcome = await settle_proposal(self, self.executor, event, proposal, self.workspace, tools=self.tools)
        text = outcome_for_model(outcome, LoopConfig().result_budget)
        session.state.memory.append({"role": "user", "content": f"(About code you proposed before a restart) {text}"})

    # --- the Sink seam ---------------------------------------------------------------------------

    async def emit(self, event: AnyChatEvent) -> None:
        self._record(event)

    def _record(self, event: AnyChatEvent) -> None:
        self._flush_text(event.chat_id)
        session = self._sessions.get(event.chat_id)
        if session is not None and isinstance(event, ProposalEvent):
            session.proposals[event.proposal_id] = (event.notebook_path, event.kernel_id)
        elif session is not None and isinstance(event, ProposalDecided):
            session.proposals.pop(event.proposal_id, None)
        elif session is not None and isinstance(event, TurnEnded):
            session.phase = None
        event.seq, frame = self.store.append_frame(event.chat_id, event.model_dump(mode="json"))
        self._broadcast(event.chat_id, frame)  # what a replay would send: the stored text

    async def emit_ephemeral(self, event: AnyChatEvent) -> None:
        if isinstance(event, AssistantDelta):
            self._queue_text(event)
            return
        self._flush_text(event.chat_id)
        frame = event.model_dump_json()
        session = self._sessions.get(event.chat_id)
        if session is not None and isinstance(event, PhaseEvent):
            session.phase = frame
        self._broadcast(event.chat_id, frame)

    def phase(self, chat_id: str) -> str | None:
        """The frame of the phase the chat's running turn is in, if any."""
        session = self._sessions.get(chat_id)
        return session.phase if session is not None else None

    def _queue_text(self, event: AssistantDelta) -> None:
        """A model's stream arrives in network reads of hundreds of chunks, parsed without a
        break: one frame per loop turn instead of one per token halves the relay's CPU."""
        session = self._sessions.get(event.chat_id)
        if session is None:
            return
        if session.pending is not None and session.pending[0] == event.message_id:
            session.pending[1].append(event.delta)
            return
        self._flush_text(event.chat_id)
        if session.streaming != event.message_id:
            session.streaming = event.message_id
            self._broadcast(event.chat_id, event.model_dump_json())
            return
        session.pending = (event.message_id, [event.delta])
        asyncio.get_running_loop().call_soon(self._flush_text, event.chat_id)

    def _flush_text(self, chat_id: str) -> None:
        session = self._sessions.get(chat_id)
        if session is None or session.pending is None:
            return
        (message_id, parts), session.pending = session.pending, None
        delta = AssistantDelta(chat_id=chat_id, message_id=message_id, delta="".join(parts))
        self._broadcast(chat_id, delta.model_dump_json())

    def _broadcast(self, chat_id: str, payload: str) -> None:
        session = self._sessions.get(chat_id)
        if session is None:
            return
        for send in list(session.subscribers):
            try:
                send(payload)
            except Exception:  # a closed socket must not stop the turn or the other tabs
                session.subscribers.discard(send)

    # --- actions ---------------------------------------------------------------------------------

    async def send_message(
        self,
        chat_id: str,
        text: str,
        notebook: NotebookView,
        action: Action = "chat",
        cell_id: str | None = None,
        model: str | None = None,
        attachments: list[str] | None = None,
    ) -> None:
        session = self._session(chat_id)
        if session.busy:
            raise GPTInterpError(ErrorCode.chat_busy)
        if action != "chat" and not any(c.id == cell_id for c in notebook.cells):
            raise GPTInterpError(ErrorCode.unknown_cell)
        if not notebook.kernel_id:
            raise GPTInterpError(ErrorCode.no_kernel)
        if not self.executor.has_kernel(notebook.kernel_id):
            raise GPTInterpError(ErrorCode.kernel_not_found)
        await self._check_kernel(notebook.path, notebook.kernel_id)
        if session.busy:  # another request may have started a turn while the sessions were read
            raise GPTInterpError(ErrorCode.chat_busy)
        llm, config = self.provider(model)
        # The chat's mode, while the admin allows it: a lock set after the user chose "auto" wins.
        if session.approval_mode == "auto" and self.allow_auto_run:
            config = dataclasses.replace(config, auto_run=True)
        _check_attachments(str(getattr(self.workspace, "root", "")), attachments or [], self.max_upload_mb)
        if not self._chat(chat_id).title:
            self.store.set_title(chat_id, _title_from(text))
        notebook = self.keys.redact_view(notebook)  # a cell of the user's own may have printed a key
        loop = AgentLoop(llm, self.executor, self, self.gate, config, self.workspace, self.tools)
        session.task = asyncio.ensure_future(
            self._run(loop, session.state, text, notebook, action, cell_id, attachments)
        )

    async def _run(
        self,
        loop: AgentLoop,
        state: ChatState,
        text: str,
        notebook: NotebookView,
        action: Action,
        cell_id: str | None,
        attachments: list[str] | None = None,
    ) -> None:
        if not getattr(loop.llm, "ready", True):
            await self.emit_ephemeral(StatusEvent(chat_id=state.chat_id, text="Loading the local model…"))
        try:
            await loop.run_turn(state, text, notebook, action, cell_id, attachments=attachments)
        except asyncio.CancelledError:
            pass
        except Exception:  # the loop reports its own errors; this is the last line of defence
            log.exception("gptinterp: turn failed")

    async def approve(
        self,
        chat_id: str,
        proposal_id: str,
        code: str,
        user: str,
        after_cell_id: str | None = None,
        run: bool = True,
        kernel_id: str | None = None,
    ) -> None:
        """Approve a pending proposal. The code runs in `kernel_id` (default: the kernel the
        request named), which must be the kernel the proposal's notebook runs now."""
        session = self._session(chat_id)
        pending = self.gate.check(chat_id, proposal_id)  # unknown, another chat's, decided: said first
        if run and pending.kind != MCP_TOOL:  # a tool call runs in no kernel
            if proposal_id not in session.proposals:  # the chat has recorded its decision already
                raise GPTInterpError(ErrorCode.proposal_decided)
            notebook_path, proposed = session.proposals[proposal_id]
            kernel_id = kernel_id or proposed
            if not kernel_id:
                raise GPTInterpError(ErrorCode.no_kernel)
            if not self.executor.has_kernel(kernel_id):
                raise GPTInterpError(ErrorCode.kernel_not_found)
            await self._check_kernel(notebook_path, kernel_id)
        # Decided meanwhile (Stop, another tab)? The gate refuses it with a typed error.
        self.gate.approve(chat_id, proposal_id, code, user, after_cell_id=after_cell_id, run=run, kernel_id=kernel_id)

    def set_approval_mode(self, chat_id: str, mode: ApprovalMode, user: str) -> None:
        """Ask every time, or run proposals as proposed (only where the admin allows it), from the
        chat's next message on. Recorded, so every tab and a reload show it."""
        session = self._session(chat_id)
        if mode == "auto" and not self.allow_auto_run:
            raise GPTInterpError(ErrorCode.auto_run_not_allowed)
        if mode != session.approval_mode:
            session.approval_mode = mode
            self._record(ApprovalModeEvent(chat_id=chat_id, ts=time.time(), mode=mode, user=user))

    async def _check_kernel(self, notebook_path: str, kernel_id: str) -> None:
        """Refuse a kernel that is not the one the notebook's session runs now (another
        notebook's, or one no notebook runs)."""
        held = set() if self.kernels is None else await self.kernels.of(notebook_path)
        if kernel_id not in held:
            # What each side held, for a refusal no one expected (a rename racing a kernel's start).
            log.info("gptinterp: kernel %r refused for %r; its sessions run %s", kernel_id, notebook_path, sorted(held))
            raise GPTInterpError(ErrorCode.wrong_kernel)

    def reject(self, chat_id: str, proposal_id: str, reason: str) -> None:
        self._session(chat_id)
        self.gate.reject(chat_id, proposal_id, reason)

    async def stop(self, chat_id: str) -> None:
        session = self._session(chat_id)
        # The gate first, in the same step as the cancellation: an approval arriving while the
        # turn winds down is refused as decided (it was taken, silently, and never ran).
        self.gate.cancel_chat(chat_id)
        if session.task is not None and not session.task.done():
            session.task.cancel()
            await asyncio.wait([session.task], timeout=30)

    async def shutdown(self) -> None:
        for chat_id, session in list(self._sessions.items()):
            if session.busy:
                await self.stop(chat_id)


def _check_attachments(root_dir: str, paths: list[str], max_mb: float = 0) -> None:
    """Refuse, before the turn starts, any attached path that is not a plain file in the root, or
    that is larger than the admin's limit (the browser checks it too, but is not trusted)."""
    for path in paths:
        if not root_dir:
            raise GPTInterpError(ErrorCode.bad_attachment, "This server's files are not on a local disk.")
        try:
            size = uploads.check_path(root_dir, path).stat().st_size
        except uploads.UploadRefused as exc:
            raise GPTInterpError(ErrorCode.bad_attachment, str(exc)) from None
        if max_mb and size > max_mb * 1024 * 1024:
            raise GPTInterpError(
                ErrorCode.bad_attachment,
                f"{path!r} is {size / 1024 / 1024:.1f} MB; this server accepts attachments up to {max_mb:g} MB.",
            )


def _shown(message: dict[str, Any]) -> SentMessage:
    """A message as the user may read it: image parts become a placeholder."""
    content = message.get("content")
    if isinstance(content, list):
        content = "\n".join(
            p.get("text", "") if p.get("type") == "text" else "[image]" for p in content if isinstance(p, dict)
        )
    return SentMessage(
        role=message.get("role", ""), content=content or "", tool_calls=message.get("tool_calls") or None
    )


def _title_from(text: str, limit: int = 60) -> str:
    """A chat's default title: the first line of its first message, shortened, without
    bidirectional controls."""
    text = without_bidi_controls(text).strip()
    line = text.splitlines()[0].strip() if text else ""
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def memory_from_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rebuild a chat's model memory from its history (after a server restart).

    What ran and what the user rejected are notes in the user's turn, not words of the model's:
    written as the assistant's prose ("I ran: ..."), a small model copied them into its next
    reply, above code that had not run yet."""
    memory: list[dict[str, Any]] = []
    for ev in events:
        kind = ev["type"]
        if kind == "user_message":
            memory.append({"role": "user", "content": ev["text"]})
        elif kind == "assistant_message":
            memory.append({"role": "assistant", "content": ev["text"]})
        elif kind == "execution_started":
            memory.append(
                {"role": "user", "content": f"(This code ran in the notebook:)\n```python\n{ev['code']}\n```"}
            )
        elif kind == "proposal_decided" and ev["decision"] == "rejected":
            reason = ev.get("reason") or ""
            note = f"(I rejected the proposed code. {reason})" if reason else "(I rejected the proposed code.)"
            memory.append({"role": "user", "content": note})
    return memory
