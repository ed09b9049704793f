"""The agent loop's seams: the model, the executor, the event sink, the workspace's files, and
the tools of MCP servers.

The loop depends only on these shapes, so it is tested against small fakes in milliseconds;
`agent/llm.py`, `kernel.py`, `chat.py`, `workspace/` and `mcp_tools.py` hold the real
implementations.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ..approval import Approval
from ..protocol import AnyChatEvent, WrittenFile

# --- the model ---------------------------------------------------------------------------------


@dataclass
class TextDelta:
    text: str


@dataclass
class PromptProgress:
    """How far the server has read the prompt (llama.cpp reports it per batch when asked):
    `processed` of `total` tokens, `cache` of them reused from its cache."""

    total: int
    processed: int
    cache: int = 0
    time_ms: float = 0.0


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: str  # raw JSON text as the model wrote it; may be malformed


@dataclass
class Completion:
    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str = "stop"
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0  # of the prompt tokens, those the server reused from its cache


LLMEvent = TextDelta | PromptProgress | Completion


class LLM(Protocol):
    model: str
    # The server goes on from a last message of the assistant's, rendered open (llama.cpp with the
    # model's own chat template): the reply's deltas and Completion hold only what it writes after.
    prefill: bool

    def stream(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        schema: dict[str, Any] | None = None,
        resample: float | None = None,
        grammar: str | None = None,
    ) -> AsyncIterator[LLMEvent]:
        """Yield text deltas (before them, the prompt's reading progress where the server reports
        it), then exactly one Completion. Raise GPTInterpError on failure.
        `schema`: a JSON Schema the reply must follow (the server constrains the output);
        `grammar`: a GBNF grammar the reply must follow where the server takes one (llama.cpp);
        a server that does not is sent none, and the reply is read as it comes;
        `resample`: the greedy reply to this prompt was declined: a model that decodes greedily
        samples this call at that temperature; a model that samples anyway keeps its own."""
        ...


# --- the executor ------------------------------------------------------------------------------

OnOutput = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass
class ExecutionResult:
    status: Literal["ok", "error", "aborted"]
    execution_count: int | None = None
    outputs: list[dict[str, Any]] = field(default_factory=list)
    message: str = ""  # what happened besides the outputs (timeout, kernel death)


class Executor(Protocol):
    def has_kernel(self, kernel_id: str) -> bool: ...

    def busy(self, kernel_id: str) -> bool:
        """Whether the kernel is running something now (an execution would wait)."""
        ...

    async def execute(self, approval: Approval, kernel_id: str, on_output: OnOutput) -> ExecutionResult: ...


# --- tools of MCP servers (mcp_tools.py): called only with an approval of their arguments ------


@dataclass
class ToolSpec:
    name: str  # as the model calls it: "<server>__<tool>"
    server: str
    tool: str  # the server's name for it
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=dict)  # JSON Schema of its arguments


@dataclass
class ToolResult:
    status: Literal["ok", "error", "aborted"]
    text: str = ""  # what the tool returned, as text
    message: str = ""  # what happened besides it (a timeout, a server that stopped)


class ToolRunner(Protocol):
    async def specs(self) -> list[ToolSpec]:
        """The tools the model may propose to call (servers that cannot be reached left out)."""
        ...

    async def call(self, approval: Approval) -> ToolResult:
        """Call the approved tool with exactly the approved arguments (`approval.code`), once."""
        ...


# --- the sink: where events go (persisted and broadcast by the chat service) -------------------


class Sink(Protocol):
    async def emit(self, event: AnyChatEvent) -> None:
        """Record a chat event (assigns its seq) and send it to subscribers."""
        ...

    async def emit_ephemeral(self, event: AnyChatEvent) -> None:
        """Send without recording (streamed text deltas)."""
        ...


# --- the workspace: data files beside the notebook, and what a run wrote -----------------------


@dataclass
class ColumnProfile:
    name: str
    dtype: str  # as pandas loads it: int, float, text, datetime, bool, nested, mixed ...
    missing: int = 0
    distinct: int = 0
    samples: list[str] = field(default_factory=list)
    values: list[str] = field(default_factory=list)  # every value, when a text column has only a few
    notes: list[str] = field(default_factory=list)  # what it really holds ("numbers written as text ...")
    # Text that is something else, as the checks read it: numbers, numbers with units, dates,
    # dates in several formats, dates, interval starts (text "start - end"), durations, yes/no, units,
    # numbers and words (a few words such as 'ABS' among numbers, in a column of mixed types)
    # (the unit of a number beside it, row by row), several spellings (one value written in several
    # cases or ways); "" for plain text and for columns that are not text.
    holds: str = ""
    converted: str = ""  # the line of the table's load block that converts it ("" when it loads as it is)
    label: str = ""  # what the file says the column is (a Stata variable label)
    keys: list[str] = field(default_factory=list)  # its values, as text, where tables may join on it
    whole: bool = False  # its `values` were read from every row, in a table read in part

    @property
    def empty(self) -> bool:
        """No value in any row read. A column of lists or records has samples and no count of
        distinct values (they cannot be hashed): not empty."""
        return self.missing > 0 and not self.distinct and not self.samples and not self.values


@dataclass
class TableProfile:
    name: str  # the sheet or table; "" for a file that is one table
    rows: int | None
    load: str  # Python that loads it into `df` (it ran when the profile was made)
    columns: list[ColumnProfile] = field(default_factory=list)
    width: int = 0  # columns in all (only the first ones are profiled)
    notes: list[str] = field(default_factory=list)
    whole: bool = False  # every row was read: a column's `values` are all it holds
    unprofiled: list[str] = field(default_factory=list)  # names of the columns past those profiled
    title: str = ""  # a sheet's title line above its header ("Table 2: Girls' baby names, ..."): what it holds
    # Keys alike whose records load the same way ('NetIncomeLoss' beside 'CostOfRevenue' in XBRL
    # company facts), as subscripts from the key on (`['NetIncomeLoss']['units']['USD']`), and the
    # one `load` takes: a preview loads the one a question names.
    choices: list[str] = field(default_factory=list)
    chosen: str = ""
    periods: list[str] = field(default_factory=list)  # the periods across a wide table that `load` melts into rows

    def all_values(self, column: ColumnProfile) -> bool:
        """Whether `column` lists every value it holds: the table or the column was read whole."""
        return bool(column.values) and (self.whole or column.whole)


@dataclass
class FileProfile:
    name: str  # as the code should open it (relative to the notebook's directory)
    kind: str  # table | records | workbook | database | lines | text | unreadable
    size: int = 0
    tables: list[TableProfile] = field(default_factory=list)
    lines: str = ""  # a text file's first lines, or a log's record format with its load lines
    load: str = ""  # a log's load lines
    note: str = ""  # sheets or tables it has, why it cannot be read ...


Snapshot = dict[str, tuple[int, int]]  # file name -> (mtime_ns, size)


def printable(name: str) -> str:
    """A file name that cannot add lines to a prompt."""
    return "".join("?" if ord(c) < 32 or ord(c) == 127 else c for c in name)


class Workspace(Protocol):
    def data_files(self, notebook_path: str, named: Iterable[str] = ()) -> list[str]:
        """Names of the data files beside the notebook, newest first (bounded); then those of
        `named` (names a request typed) that are files beside it whatever their suffix says."""
        ...

    async def profiles(self, notebook_path: str, names: list[str], largest: int = 0) -> list[FileProfile]:
        """Profiles of these files (names relative to the notebook); unreadable ones say why.
        `largest`: files of more bytes are not read (a scan of the folder stays quick)."""
        ...

    def pandas_version(self) -> str: ...

    async def snapshot(self, notebook_path: str) -> Snapshot: ...

    async def written(self, notebook_path: str, before: Snapshot) -> list[WrittenFile]:
        """Files at the top of the notebook's directory that are new or changed since `before`."""
        ...
