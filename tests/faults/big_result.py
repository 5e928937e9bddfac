"""A server whose `big` tool returns a text result of `megabytes` MB (one JSON-RPC line)."""
import json
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    request = json.loads(line)
    if "id" not in request:
        continue
    method = request.get("method")
    if method == "initialize":
        result = {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "big-result", "version": "1.0.0"},
        }
    elif method == "tools/list":
        schema = {"type": "object", "properties": {"megabytes": {"type": "number"}}}
        result = {"tools": [{"name": "big", "inputSchema": schema}]}
    elif method == "tools/call":
        size = int(request["params"]["arguments"]["megabytes"] * 1_000_000)
        result = {"content": [{"type": "text", "text": "x" * size}]}
    else:
        send({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "no"}})
        continue
    send({"jsonrpc": "2.0", "id": request["id"], "result": result})
