"""What a turn runs with: the loop's settings for one model, and a chat's memory."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..protocol import ToolMode
from .aids import Aid


@dataclass
class LoopConfig:
    max_steps: int = 10  # model calls per request; calls whose proposals were all declined do not count
    max_turn_tokens: int = 0  # prompt + completion tokens one request may use (0: no cap)
    turn_timeout: float = 0.0  # seconds of model and run time per request (0: none); waiting for the user is free
    tool_mode: ToolMode = "tools"
    result_budget: int = 4000
    notebook_budget: int = 6000
    memory_budget: int = 24000  # characters of earlier turns a request carries
    turn_budget: int = 0  # characters of this turn's own messages before older ones are cut (0: memory_budget)
    llm_retries: int = 2
    max_retry_wait: float = 60.0
    aids: list[Aid] = field(default_factory=list)  # how the loop helps the model (agent/aids/), in order
    auto_run: bool = False  # approve run_code proposals as proposed (the user chose it; the admin allows it)
    vision: bool = False  # the model reads images: outputs' images may be sent as image parts


@dataclass
class ChatState:
    chat_id: str
    memory: list[dict[str, Any]] = field(default_factory=list)  # earlier turns, OpenAI message format
    last_request: list[dict[str, Any]] = field(default_factory=list)  # the messages of the latest model call
