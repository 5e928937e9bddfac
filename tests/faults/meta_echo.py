"""Not a fault, a probe: `echo_meta` answers with the `_meta` its request carried (`{}` when it
had none) as its structured content; `fail` answers `isError: true`."""
from jsonrpc import serve

TOOLS = [
    {"name": "echo_meta", "inputSchema": {"type": "object"}},
    {"name": "fail", "inputSchema": {"type": "object"}},
]


def call_tool(params):
    if params["name"] == "fail":
        return {"content": [{"type": "text", "text": "failed on purpose"}], "isError": True}
    meta = params.get("_meta") or {}
    return {"content": [{"type": "text", "text": "echoed"}], "structuredContent": meta}


serve("meta-echo", lambda: {"tools": TOOLS}, call_tool)
