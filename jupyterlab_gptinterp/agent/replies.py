"""What a model reply asks for: tool calls parsed and checked, and the tools a turn offers; a
reply as memory keeps it (up to its code's end, or cut off while it streamed)."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..protocol import NotebookView, ProposalKind
from . import prompts
from .seams import Completion, ToolCall, ToolRunner, ToolSpec


@dataclass
class Proposed:
    code: str  # mcp_tool: the arguments, as an indented JSON object
    reason: str
    kind: ProposalKind = "run_code"
    cell_id: str | None = None
    tool: ToolSpec | None = None  # mcp_tool: the tool to call


def tools_for(tool_mode: str, action: str) -> list[dict[str, Any]] | None:
    if tool_mode != "tools" or action == "explain":
        return None
    return [prompts.REPLACE_CELL_TOOL, prompts.RUN_CODE_TOOL] if action == "fix" else [prompts.RUN_CODE_TOOL]


async def offered(
    tool_mode: str, action: str, runner: ToolRunner | None
) -> tuple[list[dict[str, Any]] | None, dict[str, ToolSpec]]:
    """The tools a turn offers: ours for its mode and action, then the MCP servers' (also returned by
    the name the model calls them)."""
    tools = tools_for(tool_mode, action)
    if tools is None or runner is None:
        return tools, {}
    mcp = {s.name: s for s in await runner.specs()}
    return [*tools, *mcp_schemas(list(mcp.values()))], mcp


def mcp_schemas(specs: list[ToolSpec]) -> list[dict[str, Any]]:
    """The MCP servers' tools as the model is offered them (each call is a proposal like code)."""
    return [
        {
            "type": "function",
            "function": {
                "name": s.name,
                "description": f"(MCP server {s.server}; the user approves each call) {s.description}".strip(),
                "parameters": s.parameters or {"type": "object", "properties": {}},
            },
        }
        for s in specs
    ]


def parse_call(
    name: str,
    arguments: str,
    notebook: NotebookView,
    default_cell: str | None,
    mcp: Mapping[str, ToolSpec] | None = None,
) -> Proposed | str:
    """The proposal a tool call makes, or what the model is told about a call that makes none.
    `mcp`: the MCP tools offered this turn, by the name the model calls."""
    spec = (mcp or {}).get(name)
    if spec is not None:
        try:
            args = json.loads(arguments or "{}")
            if not isinstance(args, dict):
                raise ValueError("the arguments must be a JSON object")
        except ValueError as exc:
            return f"Error: the arguments of {name} were not valid JSON ({exc}). Call it again with valid arguments."
        return Proposed(json.dumps(args, indent=2, ensure_ascii=False), "", "mcp_tool", tool=spec)
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


def read(
    reply: Completion, tools: list[dict[str, Any]] | None, fenced_mode: bool, action: str, cell_id: str | None
) -> tuple[Completion, Proposed | None]:
    """A reply as the loop acts on it: its tool calls (those written as JSON text too), and the
    code it proposes as a python block (fenced mode, or code shown with an output it made up)."""
    reply = calls_in_text(reply, tools) if tools else reply
    guessed = tools is not None and not reply.tool_calls and simulated(reply.text)
    return reply, fenced(reply.text, action, cell_id) if fenced_mode or guessed else None


# A python block, then an output block or "Output:" the model wrote itself.
_SIMULATED = re.compile(
    r"```(?:python|py)[ \t]*\n.*?```\s*(?:```(?:output|text|console|stdout)?[ \t]*\n|\**output\**:)",
    re.DOTALL | re.IGNORECASE,
)


def simulated(text: str) -> bool:
    """A reply that shows code with an output nothing ran: a model that should have called the
    tool wrote what it expects instead (small models do). Its code is proposed like a fenced one."""
    return bool(_SIMULATED.search(text))


_JSON_BLOCK = re.compile(r"```(?:json)?[ \t]*\n(\{.*?\})\s*```|<tool_call>\s*(\{.*?\})\s*</tool_call>", re.DOTALL)


def calls_in_text(reply: Completion, tools: list[dict[str, Any]]) -> Completion:
    """A reply that wrote a call to an offered tool as JSON text instead of calling it (small
    models do, in a ```json block or Qwen's <tool_call> tags) becomes that call; else unchanged."""
    if reply.tool_calls:
        return reply
    names = {t["function"]["name"] for t in tools}
    calls: list[ToolCall] = []
    start = -1
    for match in _JSON_BLOCK.finditer(reply.text):
        try:
            obj = json.loads(match.group(1) or match.group(2))
        except ValueError:
            continue
        if not isinstance(obj, dict) or obj.get("name") not in names:
            continue
        args = obj.get("arguments", obj.get("parameters", {}))
        arguments = args if isinstance(args, str) else json.dumps(args)
        calls.append(ToolCall(f"call_{secrets.token_hex(6)}", str(obj["name"]), arguments))
        start = match.start() if start < 0 else start
    if not calls:
        return reply
    return Completion(
        reply.text[:start].rstrip(),
        calls,
        reply.finish_reason,
        reply.prompt_tokens,
        reply.completion_tokens,
        reply.cached_tokens,
    )


CUT_OFF = "(This reply was cut off here, by Stop or the time limit: none of its code ran.)"


def cut_off(partial: str) -> str:
    """A reply cut off while it streamed, as memory keeps it: marked as cut, an open code block
    closed so the mark is not code."""
    cut = partial.rstrip()
    cut += "\n```" if cut.count("```") % 2 else ""
    return f"{cut}\n\n{CUT_OFF}"


def until_code_end(text: str) -> str:
    """A fenced reply as memory keeps it: up to its block's end, without what it wrote after
    (an invented output would be the model's own word for a result it never got)."""
    start = text.find("```")
    end = text.find("```", start + 3) if start >= 0 else -1
    return text[: end + 3] if end >= 0 else text


def assistant_with_calls(reply: Completion) -> dict[str, Any]:
    calls = [
        {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
        for c in reply.tool_calls
    ]
    return {"role": "assistant", "content": reply.text or None, "tool_calls": calls}
