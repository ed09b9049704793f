"""A small real MCP server (the official SDK) for tests and UI tests: tools that answer, fail,
hang and kill their own server.

`python tests/mcp_server.py` speaks MCP over stdio; `--http PORT` serves streamable HTTP on
loopback instead. Every call is appended, as one JSON line, to the file named by the
MCP_TEST_CALLS environment variable (when set), so a test sees what really reached the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

server = MCPServer("gptinterp-test")


def _record(tool: str, **arguments: object) -> None:
    path = os.environ.get("MCP_TEST_CALLS")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"tool": tool, "arguments": arguments}) + "\n")


@server.tool()
def add(a: int, b: int) -> str:
    """Add two integers."""
    _record("add", a=a, b=b)
    return f"{a} + {b} = {a + b}"


@server.tool()
def lines(count: int) -> str:
    """Return `count` numbered lines of text."""
    _record("lines", count=count)
    return "\n".join(f"line {i:05d} of the tool's long result" for i in range(count))


@server.tool()
def fail(message: str) -> str:
    """Always fails, with `message`."""
    _record("fail", message=message)
    raise ToolError(message)


@server.tool()
async def hang(seconds: float) -> str:
    """Answers after `seconds`."""
    _record("hang", seconds=seconds)
    await asyncio.sleep(seconds)
    return "woke up"


@server.tool()
def die() -> str:
    """Ends this server's process during the call."""
    _record("die")
    os._exit(3)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", type=int, default=0, help="serve streamable HTTP on this loopback port")
    opts = parser.parse_args()
    if opts.http:
        server.run("streamable-http", host="127.0.0.1", port=opts.http)
    else:
        server.run("stdio")
