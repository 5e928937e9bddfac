"""A server whose `measure` tool declares a number `value` and returns a string there."""
from jsonrpc import serve

TOOL = {
    "name": "measure",
    "inputSchema": {"type": "object"},
    "outputSchema": {"type": "object", "properties": {"value": {"type": "number"}}, "required": ["value"]},
}


def call_tool(params):
    return {"content": [{"type": "text", "text": '{"value": "tall"}'}], "structuredContent": {"value": "tall"}}


serve("bad-output", lambda: {"tools": [TOOL]}, call_tool)
