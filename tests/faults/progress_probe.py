"""Not a fault, a probe: `probe` answers with the `progressToken` its request carried (or
`none`), after sending two progress notifications for it when there was one."""
from jsonrpc import send, serve


def call_tool(params):
    token = (params.get("_meta") or {}).get("progressToken")
    if token is not None:
        for step in (1, 2):
            notification = {"progressToken": token, "progress": step, "total": 2, "message": f"step {step}"}
            send({"jsonrpc": "2.0", "method": "notifications/progress", "params": notification})
    return {"content": [{"type": "text", "text": "none" if token is None else f"token {token}"}]}


serve("progress-probe", lambda: {"tools": [{"name": "probe", "inputSchema": {"type": "object"}}]}, call_tool)
