"""A server that writes `megabytes` MB (first argument) of log lines to stderr before it starts
and again during each `flood` call."""
import sys

from jsonrpc import serve

LINE = "warning: " + "noise " * 20 + "\n"


def flood():
    for _ in range(int(float(sys.argv[1]) * 1_000_000 / len(LINE))):
        sys.stderr.write(LINE)
    sys.stderr.flush()


def call_tool(params):
    flood()
    return {"content": [{"type": "text", "text": "flooded"}]}


flood()
serve("stderr-flood", lambda: {"tools": [{"name": "flood", "inputSchema": {"type": "object"}}]}, call_tool)
