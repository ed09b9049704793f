"""What a model reply asks for: tool calls parsed and checked, and the tools a turn offers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from ..protocol import NotebookView
from . import prompts
from .seams import Completion


@dataclass
class Proposed:
    code: str
    reason: str
    kind: Literal["run_code", "replace_cell"] = "run_code"
    cell_id: str | None = None


def tools_for(tool_mode: str, action: str) -> list[dict[str, Any]] | None:
    if tool_mode != "tools" or action == "explain":
        return None
    return [prompts.REPLACE_CELL_TOOL, prompts.RUN_CODE_TOOL] if action == "fix" else [prompts.RUN_CODE_TOOL]


def parse_call(name: str, arguments: str, notebook: NotebookView, default_cell: str | None) -> Proposed | str:
    """The proposal a tool call makes, or what the model is told about a call that makes none."""
    field_name = {"run_code": "code", "replace_cell": "source"}.get(name)
    if field_name is None:
        return f"Error: there is no tool named {name!r}."
    try:
        args = json.loads(arguments or "{}")
        code = args[field_name]
        if not isinstance(code, str) or not code.strip():
            raise ValueError(f"{field_name} must be a non-empty string")
    except (ValueError, KeyError, TypeError) as exc:
        return f"Error: the arguments of {name} were not valid JSON ({exc}). Call it again with valid arguments."
    if name == "replace_cell":
        cell_id = str(args.get("cell_id") or default_cell or "")
        if not any(c.id == cell_id for c in notebook.cells):
            return f"Error: there is no cell with id {cell_id!r}."
        return Proposed(code, str(args.get("reason", "")), "replace_cell", cell_id)
    return Proposed(code, str(args.get("reason", "")))


def fenced(text: str, action: str, cell_id: str | None) -> Proposed | None:
    """The proposal of a fenced-mode reply: its first python block (a replacement when fixing)."""
    block = prompts.fenced_code(text)
    if block is None:
        return None
    code, reason = block
    return Proposed(code, reason, "replace_cell", cell_id) if action == "fix" and cell_id else Proposed(code, reason)


def assistant_with_calls(reply: Completion) -> dict[str, Any]:
    calls = [
        {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
        for c in reply.tool_calls
    ]
    return {"role": "assistant", "content": reply.text or None, "tool_calls": calls}
