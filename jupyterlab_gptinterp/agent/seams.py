"""The agent loop's three seams: the model, the executor, and the event sink.

The loop depends only on these shapes, so it is tested against small fakes in milliseconds;
`agent/llm.py`, `kernel.py` and `chat.py` hold the real implementations.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ..approval import Approval

# --- the model ---------------------------------------------------------------------------------


@dataclass
class TextDelta:
    text: str


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


LLMEvent = TextDelta | Completion


class LLM(Protocol):
    model: str

    def stream(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None) -> AsyncIterator[LLMEvent]:
        """Yield text deltas, then exactly one Completion. Raise GPTInterpError on failure."""
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


# --- the sink: where events go (persisted and broadcast by the chat service) -------------------


class Sink(Protocol):
    async def emit(self, event: Any) -> None:
        """Record a chat event (assigns its seq) and send it to subscribers."""
        ...

    async def emit_ephemeral(self, event: Any) -> None:
        """Send without recording (streamed text deltas)."""
        ...
