"""A server whose first `work` call never gets an answer (nor any with `"hang": true`); later
ones do. `cancelled` lists the request ids the client cancelled (`notifications/cancelled`)."""
from jsonrpc import serve

state = {"calls": 0, "cancelled": []}
EMPTY = {"type": "object"}


def call_tool(params):
    if params["name"] == "cancelled":
        return {"content": [{"type": "text", "text": repr(state["cancelled"])}]}
    state["calls"] += 1
    if state["calls"] == 1 or (params.get("arguments") or {}).get("hang"):
        return None
    return {"content": [{"type": "text", "text": f"done {state['calls']}"}]}


def on_notification(message):
    if message.get("method") == "notifications/cancelled":
        state["cancelled"].append(message["params"].get("requestId"))


serve("hang-once", lambda: {"tools": [{"name": "work", "inputSchema": EMPTY},
                                      {"name": "cancelled", "inputSchema": EMPTY}]},
      call_tool, on_notification)
