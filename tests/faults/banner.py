"""A server that prints a banner and a stray line on stdout, between its JSON-RPC messages."""
from jsonrpc import serve


def list_tools():
    print("debug: listing tools", flush=True)
    return {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]}


print("Starting banner-server v1.0 ... ready!", flush=True)
serve("banner", list_tools, lambda params: {"content": [{"type": "text", "text": "ok"}]})
