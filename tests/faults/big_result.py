"""A server whose `big` tool returns a text result of `megabytes` MB (one JSON-RPC line)."""
from jsonrpc import serve

SCHEMA = {"type": "object", "properties": {"megabytes": {"type": "number"}}}


def big(params):
    size = int(params["arguments"]["megabytes"] * 1_000_000)
    return {"content": [{"type": "text", "text": "x" * size}]}


serve("big-result", lambda: {"tools": [{"name": "big", "inputSchema": SCHEMA}]}, big)
