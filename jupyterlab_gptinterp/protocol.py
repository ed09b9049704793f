"""Every message on the wire, as pydantic models: the one source of truth.

`src/protocol.ts` is generated from `json_schema()` (`jlpm gen:protocol`); a test fails when the
two drift. Bump PROTOCOL_VERSION on any incompatible change: the frontend compares it with
`/gptinterp/info` and tells the user to reload when they differ.

Client messages are validated strictly (unknown fields refused, no type coercion); an invalid one
is answered with its request_id when it has a valid one. Server events that belong to a
chat carry `chat_id` and a per-chat `seq`; a client reconnecting with its last `seq` receives
what it missed. `assistant_delta` and `status` are ephemeral (seq 0): the full text follows in
`assistant_message`; `phase` is ephemeral too. A delta carries one token or several (those parsed in one server loop turn):
clients append them in order.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, TypeAdapter, ValidationError
from pydantic.json_schema import GenerateJsonSchema

from .errors import ErrorCode

# 2: approval modes per chat (set_approval_mode, approval_mode events; no auto_run flag).
# 3: MCP tool calls (proposal kind mcp_tool, tool_call_started / tool_call_done events).
PROTOCOL_VERSION = 3

# Bounds on what a browser may send; larger payloads are refused with a typed error.
MAX_MESSAGE_BYTES = 4_000_000
MAX_TEXT = 20_000
MAX_CODE = 200_000
MAX_CELLS = 5_000

Id = Annotated[str, Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9_.:-]+$")]
Action = Literal["chat", "explain", "fix"]  # what a user message asks: chat, or explain / fix a cell
ToolMode = Literal["tools", "fenced"]  # how a model proposes code: a tool call, or a ```python block
ProviderKind = Literal["remote", "local", "none"]  # the default model: an endpoint, the embedded one, none


class _Strict(BaseModel):
    """What a browser sends: unknown fields refused, and no field coerced from another JSON type
    (lax mode took `"run": "true"`, 1 or 1.0 for true)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# --- the notebook as the browser sees it ------------------------------------------------------


class CellView(_Strict):
    """One cell in compact form; outputs already reduced to text by the browser."""

    id: Annotated[str, Field(max_length=128)]
    cell_type: Literal["code", "markdown", "raw"]
    source: Annotated[str, Field(max_length=MAX_CODE)]
    execution_count: int | None = None
    outputs: Annotated[list[Annotated[str, Field(max_length=MAX_CODE)]], Field(max_length=200)] = []


class ViewLimits(BaseModel):
    """The bounds a client puts on the notebook view it sends, so that a huge notebook stays well
    inside the server's own limits (MAX_MESSAGE_BYTES, CellView's bounds). The browser and the
    scripting client (`client.py`) read these same numbers: `jlpm gen:protocol` writes them into
    `src/protocol.ts` as `VIEW_LIMITS`."""

    model_config = ConfigDict(frozen=True, json_schema_serialization_defaults_required=True)

    cells: int = Field(300, description="Cells in the view: those nearest the active cell.")
    output: int = Field(2_000, description="Characters of one output's text (head and tail kept).")
    outputs_per_cell: int = Field(20, description="Outputs of a code cell: its last ones.")
    source: int = Field(20_000, description="Characters of one cell's source (head and tail kept).")
    total: int = Field(1_000_000, description="Characters of all sources and outputs in the view.")


VIEW_LIMITS = ViewLimits()


class NotebookView(_Strict):
    path: Annotated[str, Field(min_length=1, max_length=4096)]
    kernel_id: Annotated[str, Field(max_length=128)] | None = None
    active_cell_id: Annotated[str, Field(max_length=128)] | None = None
    cells: Annotated[list[CellView], Field(max_length=MAX_CELLS)] = []


# --- client → server --------------------------------------------------------------------------


class OpenChat(_Strict):
    """Subscribe to a chat (a new one for the notebook when chat_id is null) and replay events
    with seq > after_seq."""

    type: Literal["open_chat"]
    request_id: Id | None = None
    notebook_path: Annotated[str, Field(min_length=1, max_length=4096)]
    chat_id: Id | None = None
    after_seq: Annotated[int, Field(ge=0)] = 0


class SendMessage(_Strict):
    """A user request. `action` explain/fix is about the cell `cell_id` of `notebook`."""

    type: Literal["send_message"]
    request_id: Id | None = None
    chat_id: Id
    text: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]
    notebook: NotebookView
    action: Action = "chat"
    cell_id: Annotated[str, Field(max_length=128)] | None = None
    model: Annotated[str, Field(max_length=300)] | None = None  # an id from Info.models; null: the default
    # Files the user uploaded for this message, relative to the server root; the server checks
    # each stays inside the root and tells the model their name, size, type and a preview.
    attachments: Annotated[list[Annotated[str, Field(min_length=1, max_length=4096)]], Field(max_length=50)] = []


class Approve(_Strict):
    """Approve this proposal with exactly `code` (the user may have edited it). `run` false is
    "Accept" of a cell replacement: the source is replaced, nothing runs."""

    type: Literal["approve"]
    request_id: Id | None = None
    chat_id: Id
    proposal_id: Id
    code: Annotated[str, Field(max_length=MAX_CODE)]
    after_cell_id: Annotated[str, Field(max_length=128)] | None = None
    run: bool = True
    kernel_id: Annotated[str, Field(max_length=128)] | None = None  # the notebook's kernel now, if known


class Reject(_Strict):
    type: Literal["reject"]
    request_id: Id | None = None
    chat_id: Id
    proposal_id: Id
    reason: Annotated[str, Field(max_length=2_000)] = ""


class Stop(_Strict):
    type: Literal["stop"]
    request_id: Id | None = None
    chat_id: Id


ApprovalMode = Literal["ask", "auto"]


class SetApprovalMode(_Strict):
    """How this chat's proposed code is approved from its next message on: `ask` (every time, the
    default) or `auto` (run as proposed; refused unless the admin allows it, Info.allow_auto_run)."""

    type: Literal["set_approval_mode"]
    request_id: Id | None = None
    chat_id: Id
    mode: ApprovalMode


AnyClientMessage = OpenChat | SendMessage | Approve | Reject | Stop | SetApprovalMode
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
client_message_adapter: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)
_request_id_adapter: TypeAdapter[str] = TypeAdapter(Id)


def request_id_of(frame: str | bytes) -> str | None:
    """The request_id of a frame that failed validation, when it has a valid one (so the error
    reply can name the request it answers); None otherwise."""
    try:
        data = json.loads(frame)
        return _request_id_adapter.validate_python(data["request_id"], strict=True)
    except (ValueError, TypeError, KeyError, ValidationError):
        return None


# --- server → client --------------------------------------------------------------------------


class _Out(BaseModel):
    """Server → client: every field is always present in what the server sends."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class ChatInfo(_Out):
    chat_id: str
    notebook_path: str
    title: str
    created: float
    updated: float


class ChatOpened(_Out):
    type: Literal["chat_opened"] = "chat_opened"
    request_id: str | None = None
    chat: ChatInfo
    last_seq: int


class Ack(_Out):
    """The reply to a request the server took (`of`: its type); open_chat's is `chat_opened`, a
    refused request's an `error`. Every client frame gets exactly one of the three, on its own
    socket; what the request then does arrives as chat events, on every subscribed socket."""

    type: Literal["ack"] = "ack"
    request_id: str | None = None
    of: Literal["send_message", "approve", "reject", "stop", "set_approval_mode"]


class Error(_Out):
    """A typed error reply; the connection stays open."""

    type: Literal["error"] = "error"
    request_id: str | None = None
    chat_id: str | None = None
    code: ErrorCode
    message: str


class _Event(_Out):
    chat_id: str
    seq: int = 0
    ts: float = 0.0


class UserMessageEvent(_Event):
    type: Literal["user_message"] = "user_message"
    text: str


class AssistantDelta(_Event):
    type: Literal["assistant_delta"] = "assistant_delta"
    message_id: str
    delta: str


class StatusEvent(_Event):
    """Ephemeral progress the user should see (loading the local model, waiting on a retry)."""

    type: Literal["status"] = "status"
    text: str


class AssistantMessage(_Event):
    """`ungrounded`: numbers in this final answer that appear in no output the model saw (the
    user should check them); empty when all are grounded or the message is not an answer.
    `stopped`: the text the model had written when the turn was cut off, by Stop or by the turn's
    time limit (kept, marked)."""

    type: Literal["assistant_message"] = "assistant_message"
    message_id: str
    text: str
    model: str = ""
    ungrounded: list[str] = []
    stopped: bool = False


Phase = Literal["reading", "writing", "checking", "waiting", "running", "installing", "retrying"]


class PhaseEvent(_Event):
    """What the turn is doing now, so every wait has a name (ephemeral; a client that opens the
    chat during a turn is sent the current one). `reading`: the model reads its prompt
    (`processed` of `total` tokens when the server reports them, else 0/0); `writing`: it
    writes; `checking`: it checks a result against the question; `waiting`: a proposal waits
    for the user; `running` / `installing`: an approved cell runs (`detail`: which);
    `retrying`: a failed model request waits to be retried. `since`: server time the phase
    began (elapsed-time display). `turn_ended` ends the last phase."""

    type: Literal["phase"] = "phase"
    turn_id: str
    phase: Phase
    detail: str = ""
    processed: int = 0
    total: int = 0
    since: float = 0.0


ProposalKind = Literal["run_code", "replace_cell", "mcp_tool"]


class ProposalEvent(_Event):
    """The model wants to run `code` (kind run_code), or to replace cell `cell_id`, whose source
    was `old_source`, with `code` (kind replace_cell), or to call the tool `tool_name` of the MCP
    server `tool_server` with the JSON object `code` as its arguments (kind mcp_tool; an Approve
    may carry edited arguments). Nothing runs until a matching approval."""

    type: Literal["proposal"] = "proposal"
    proposal_id: str
    kind: ProposalKind = "run_code"
    code: str
    reason: str = ""
    notebook_path: str
    kernel_id: str
    cell_id: str | None = None
    old_source: str | None = None
    tool_server: str | None = None
    tool_name: str | None = None
    tool_description: str = ""


class ProposalDecided(_Event):
    type: Literal["proposal_decided"] = "proposal_decided"
    proposal_id: str
    decision: Literal["approved", "rejected", "cancelled"]
    code: str | None = None
    reason: str = ""
    after_cell_id: str | None = None
    run: bool = True
    auto: bool = False  # approved by the user's auto-run setting, not by a click


class ExecutionStarted(_Event):
    """Mirror this run into the notebook: a new cell below `after_cell_id`, or, for an accepted
    replacement, the cell `cell_id` itself."""

    type: Literal["execution_started"] = "execution_started"
    proposal_id: str
    kernel_id: str
    notebook_path: str
    code: str
    after_cell_id: str | None = None
    cell_id: str | None = None
    kernel_busy: bool = False  # the kernel was running another cell: this one waits its turn


class ExecutionOutput(_Event):
    """One nbformat output (stream, display_data, execute_result, error), in order."""

    type: Literal["execution_output"] = "execution_output"
    proposal_id: str
    index: int
    output: dict[str, Any]


class WrittenFile(_Out):
    """A file the execution created or changed in the notebook's directory."""

    path: str  # relative to the server root (what the Contents API and docmanager:open take)
    name: str
    size: int
    mime: str = ""
    new: bool = True  # false: it existed and was changed


class ExecutionDone(_Event):
    """`files`: what the code wrote at the top of the notebook's directory (bounded)."""

    type: Literal["execution_done"] = "execution_done"
    proposal_id: str
    status: Literal["ok", "error", "aborted"]
    execution_count: int | None = None
    message: str = ""
    files: list[WrittenFile] = []


class ToolCallStarted(_Event):
    """An approved MCP tool call was sent to its server, with exactly `arguments` (JSON text)."""

    type: Literal["tool_call_started"] = "tool_call_started"
    proposal_id: str
    tool_server: str
    tool_name: str
    arguments: str


class ToolCallDone(_Event):
    """What the tool returned: `output` is one nbformat stream output holding its text (bounded
    for display); `status` error when the tool reported an error or the call failed (`message`
    says why: a timeout, a server that stopped)."""

    type: Literal["tool_call_done"] = "tool_call_done"
    proposal_id: str
    status: Literal["ok", "error", "aborted"]
    output: dict[str, Any] | None = None
    message: str = ""


class ApprovalModeEvent(_Event):
    """The chat's approval mode changed (recorded: a replay or another tab shows the current one).
    `auto` runs proposed code without asking only while the admin allows it; otherwise it asks."""

    type: Literal["approval_mode"] = "approval_mode"
    mode: ApprovalMode
    user: str = ""  # who changed it


class TurnStarted(_Event):
    type: Literal["turn_started"] = "turn_started"
    turn_id: str


class TurnEnded(_Event):
    """`reason` says why; `message` is what the user is told (a cap hit, an error)."""

    type: Literal["turn_ended"] = "turn_ended"
    turn_id: str
    reason: Literal["answer", "step_cap", "token_cap", "time_cap", "stopped", "error"]
    message: str = ""
    error_code: ErrorCode | None = None
    llm_calls: int = 0  # model requests in this turn, and the tokens they used (as the API reported)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0  # prompt tokens the model server reused from its cache (not read again)


# The unions as types (what a function takes or returns), and annotated with their discriminator
# (what pydantic validates and the schema names).
AnyChatEvent = (
    UserMessageEvent
    | AssistantDelta
    | StatusEvent
    | PhaseEvent
    | AssistantMessage
    | ProposalEvent
    | ProposalDecided
    | ExecutionStarted
    | ExecutionOutput
    | ExecutionDone
    | ToolCallStarted
    | ToolCallDone
    | TurnStarted
    | TurnEnded
    | ApprovalModeEvent
)
ChatEvent = Annotated[AnyChatEvent, Field(discriminator="type")]

AnyServerMessage = ChatOpened | Ack | Error | AnyChatEvent
ServerMessage = Annotated[AnyServerMessage, Field(discriminator="type")]


# --- REST -------------------------------------------------------------------------------------


class ModelInfo(_Out):
    """A model the server offers (never where its key lives)."""

    id: str  # "<provider>/<model>"
    provider: str
    name: str
    tool_mode: ToolMode
    vision: bool
    context_window: int  # tokens; 0 when unknown
    local: bool  # the embedded model, started on first use


class Info(_Out):
    """`GET /gptinterp/info`: the version handshake and what the browser may know of the setup."""

    server_version: str
    protocol_version: int
    model: str
    tool_mode: ToolMode
    provider: ProviderKind
    configured: bool
    setup_hint: str = ""
    models: list[ModelInfo] = []
    default_model: str = ""  # an id from `models`, "" when none is offered
    allow_auto_run: bool = False  # whether the admin lets users run proposed code without asking
    max_upload_mb: float = 0  # the largest attachment the server accepts (the admin's limit)


class ChatList(_Out):
    chats: list[ChatInfo]


class SentMessage(_Out):
    """One message of a model request, as the user may read it: image parts become "[image]"."""

    role: str
    content: str
    tool_calls: list[dict[str, Any]] | None = None  # as the model's reply gave them


class SentReply(_Out):
    """`GET /gptinterp/chats/<chat_id>/sent`: what the model was sent in the chat's latest call
    since the server started (empty before any). Only messages: no key, no endpoint."""

    chat_id: str
    messages: list[SentMessage]


class ChatPatch(_Strict):
    """`PATCH /gptinterp/chats/<chat_id>`: rename a chat."""

    title: Annotated[str, Field(min_length=1, max_length=200)]


# Named roots, so each union becomes a named TypeScript type.
class ClientMessageSchema(RootModel[ClientMessage]):
    model_config = ConfigDict(title="ClientMessage")


class ServerMessageSchema(RootModel[ServerMessage]):
    model_config = ConfigDict(title="ServerMessage")


class ChatEventSchema(RootModel[ChatEvent]):
    model_config = ConfigDict(title="ChatEvent")


class _Protocol(BaseModel):
    """Root of the generated schema: one property per message family."""

    client: ClientMessageSchema
    server: ServerMessageSchema
    chat_event: ChatEventSchema
    info: Info
    chat_list: ChatList
    chat_patch: ChatPatch
    sent: SentReply
    view_limits: ViewLimits


class _NoFieldTitles(GenerateJsonSchema):
    """Field titles would become one TypeScript alias per field (`ChatId1`, `Type7`…)."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def json_schema() -> dict[str, Any]:
    schema = _Protocol.model_json_schema(mode="serialization", schema_generator=_NoFieldTitles)
    schema["title"] = "Protocol"
    return schema


if __name__ == "__main__":  # python -m jupyterlab_gptinterp.protocol > protocol.schema.json
    json.dump(json_schema(), sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")
