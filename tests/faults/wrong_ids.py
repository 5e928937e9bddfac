"""A server that answers every `tools/call` under the wrong request id."""
from jsonrpc import send, serve


def call_tool(params):
    send({"jsonrpc": "2.0", "id": 987654, "result": {"content": [{"type": "text", "text": "lost"}]}})
    return None


serve("wrong-ids", lambda: {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]}, call_tool)
