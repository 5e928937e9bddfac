"""Not a fault, a probe: `echo_meta` answers with the `_meta` its request carried (`{}` when it
had none) as its structured content; `fail` answers `isError: true`; the prompt `echo_meta`
and the resource `meta://echo` answer with that `_meta` as JSON text."""
import json

from jsonrpc import serve

TOOLS = [
    {"name": "echo_meta", "inputSchema": {"type": "object"}},
    {"name": "fail", "inputSchema": {"type": "object"}},
]


def meta(params):
    return params.get("_meta") or {}


def call_tool(params):
    if params["name"] == "fail":
        return {"content": [{"type": "text", "text": "failed on purpose"}], "isError": True}
    return {"content": [{"type": "text", "text": "echoed"}], "structuredContent": meta(params)}


def get_prompt(params):
    text = json.dumps(meta(params))
    return {"messages": [{"role": "user", "content": {"type": "text", "text": text}}]}


def read_resource(params):
    return {"contents": [{"uri": params["uri"], "mimeType": "application/json", "text": json.dumps(meta(params))}]}


serve("meta-echo", lambda: {"tools": TOOLS}, call_tool,
      capabilities={"tools": {}, "prompts": {}, "resources": {}},
      methods={"prompts/get": get_prompt, "resources/read": read_resource})
