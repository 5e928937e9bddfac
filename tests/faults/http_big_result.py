"""A streamable HTTP server (stdlib only) whose `big` tool returns `megabytes` MB of text, as a
JSON body or, with `"sse": true`, as one server-sent event. Prints its port on stdout."""
from http_fault import serve

SCHEMA = {"type": "object", "properties": {"megabytes": {"type": "number"}, "sse": {"type": "boolean"}}}


def answer(request):
    method = request.get("method")
    if method == "initialize":
        return {"result": {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "http-big-result", "version": "1.0.0"},
        }}
    if method == "tools/list":
        return {"result": {"tools": [{"name": "big", "inputSchema": SCHEMA}]}}
    arguments = request["params"]["arguments"]
    text = "x" * int(arguments["megabytes"] * 1_000_000)
    return {"result": {"content": [{"type": "text", "text": text}]}}


serve(answer, lambda request: request.get("params", {}).get("arguments", {}).get("sse"))
