"""A server that dies in the middle of a call: `crash` writes to stderr and exits with `code`;
`kill` sends itself SIGKILL; `echo` answers."""
import os
import signal
import sys

from jsonrpc import serve

TOOLS = [
    {"name": "crash", "inputSchema": {"type": "object", "properties": {"code": {"type": "integer"}}}},
    {"name": "kill", "inputSchema": {"type": "object"}},
    {"name": "echo", "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}}}},
]


def call_tool(params):
    arguments = params.get("arguments") or {}
    if params["name"] == "crash":
        print("fatal: out of cheese", file=sys.stderr, flush=True)
        sys.exit(arguments.get("code", 3))
    if params["name"] == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    return {"content": [{"type": "text", "text": arguments.get("message", "")}]}


serve("crash", lambda: {"tools": TOOLS}, call_tool)
